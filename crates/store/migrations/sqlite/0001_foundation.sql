-- Foundation schema (SQLite). Kept column-for-column equal to migrations/postgres.
-- UUIDs are 16-byte BLOBs, timestamps RFC 3339 TEXT, JSON as TEXT: sqlx's SQLite encodings.

CREATE TABLE users (
    id BLOB PRIMARY KEY NOT NULL,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    given_name TEXT,
    family_name TEXT,
    picture TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CONSTRAINT users_email_key UNIQUE (email)
);

CREATE TABLE sessions (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash BLOB NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_seen_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
);
CREATE INDEX sessions_user_id ON sessions (user_id);

CREATE TABLE rate_limits (
    key TEXT NOT NULL,
    window_start BIGINT NOT NULL,
    count BIGINT NOT NULL,
    PRIMARY KEY (key, window_start)
);
CREATE INDEX rate_limits_window_start ON rate_limits (window_start);

CREATE TABLE projects (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    settings TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX projects_user_id_created_at ON projects (user_id, created_at);

CREATE TABLE scenes (
    id BLOB PRIMARY KEY NOT NULL,
    project_id BLOB NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position BIGINT NOT NULL,
    active_asset_id BLOB,
    settings TEXT NOT NULL,
    preset_id BLOB,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX scenes_project_id_position ON scenes (project_id, position);

CREATE TABLE media_assets (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id BLOB REFERENCES projects (id) ON DELETE CASCADE,
    scene_id BLOB REFERENCES scenes (id) ON DELETE SET NULL,
    file_type TEXT NOT NULL,
    mime_type TEXT NOT NULL,
    storage_key TEXT NOT NULL,
    thumbnail_key TEXT,
    filename TEXT NOT NULL,
    original_filename TEXT,
    file_size BIGINT NOT NULL,
    width BIGINT,
    height BIGINT,
    duration_seconds DOUBLE PRECISION,
    file_metadata TEXT NOT NULL,
    credit_cost BIGINT NOT NULL,
    is_public BOOLEAN NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX media_assets_project_id ON media_assets (project_id, created_at);
CREATE INDEX media_assets_scene_id ON media_assets (scene_id, created_at);

CREATE TABLE credit_ledger (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delta BIGINT NOT NULL,
    reason TEXT NOT NULL,
    job_id BLOB,
    created_at TEXT NOT NULL
);
CREATE INDEX credit_ledger_user_id ON credit_ledger (user_id, created_at);

CREATE TABLE feature_flags (
    name TEXT PRIMARY KEY NOT NULL,
    enabled BOOLEAN NOT NULL,
    updated_at TEXT NOT NULL
);
