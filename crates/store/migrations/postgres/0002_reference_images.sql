-- Reference images (sellers' product photos), pending object deletions and server secrets (PostgreSQL).
-- Kept column-for-column equal to migrations/sqlite.

CREATE TABLE reference_images (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id UUID NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    scene_id UUID REFERENCES scenes (id) ON DELETE CASCADE,
    message_id TEXT,
    upload_id TEXT,
    storage_key TEXT NOT NULL,
    thumbnail_key TEXT NOT NULL,
    filename TEXT NOT NULL,
    original_filename TEXT,
    mime_type TEXT NOT NULL,
    thumbnail_mime_type TEXT NOT NULL,
    width BIGINT NOT NULL,
    height BIGINT NOT NULL,
    file_size BIGINT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX reference_images_project_id ON reference_images (project_id, created_at);
CREATE INDEX reference_images_scene_id ON reference_images (scene_id, created_at);

-- Object keys whose rows are gone; bytes are deleted after the row, retried until done.
CREATE TABLE storage_deletions (
    storage_key TEXT PRIMARY KEY NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);

-- Secrets shared by every API node (signing keys for media tokens and share links).
CREATE TABLE server_secrets (
    name TEXT PRIMARY KEY NOT NULL,
    secret BYTEA NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
