-- Share links the owner can list and revoke, and the watermarked copy of a generated
-- picture served to free-plan owners (PostgreSQL). Kept equal to migrations/sqlite.
CREATE TABLE share_links (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    -- A media asset or a product photo; a deleted file leaves its links dead, not removed.
    file_id UUID NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX share_links_user_id ON share_links (user_id, created_at);
ALTER TABLE media_assets ADD COLUMN watermarked_key TEXT;
