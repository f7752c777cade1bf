-- Share links the owner can list and revoke, and the watermarked copy of a generated
-- picture served to free-plan owners (SQLite). Kept equal to migrations/postgres.
CREATE TABLE share_links (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- A media asset or a product photo; a deleted file leaves its links dead, not removed.
    file_id BLOB NOT NULL,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE INDEX share_links_user_id ON share_links (user_id, created_at);
ALTER TABLE media_assets ADD COLUMN watermarked_key TEXT;
