-- Each project's brand kit: its logo (a stored picture, transparency kept), up to five brand
-- colours ("#rrggbb", JSON array), a heading and a body font family of the bundled set and an
-- optional tagline (SQLite). Kept column-for-column equal to migrations/postgres. A project
-- without a row has the default kit.
CREATE TABLE brand_kits (
    project_id BLOB PRIMARY KEY NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    colours TEXT NOT NULL,
    heading_font TEXT NOT NULL,
    body_font TEXT NOT NULL,
    tagline TEXT,
    logo_key TEXT,
    logo_mime_type TEXT,
    logo_width BIGINT,
    logo_height BIGINT,
    updated_at TEXT NOT NULL
);
