-- The chat: messages of a scene's conversation, style presets and feedback (PostgreSQL).
-- Kept column-for-column equal to migrations/sqlite.

CREATE TABLE messages (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id UUID NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    scene_id UUID NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    structured_response JSONB,
    parent_message_id UUID,
    processing_status TEXT NOT NULL,
    error TEXT,
    generation JSONB,
    media JSONB NOT NULL,
    context JSONB NOT NULL,
    reference_image_ids JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX messages_scene_id ON messages (scene_id, created_at);
CREATE INDEX messages_user_id ON messages (user_id, created_at);

CREATE TABLE style_presets (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    style JSONB NOT NULL,
    source_scene_id UUID,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    CONSTRAINT style_presets_user_name_key UNIQUE (user_id, name)
);

CREATE TABLE feedback (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    message_id UUID NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    scene_id UUID NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
    reaction TEXT NOT NULL,
    reason TEXT,
    comment TEXT,
    feedback_type TEXT,
    asset_url TEXT,
    client_timestamp TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    CONSTRAINT feedback_user_message_key UNIQUE (user_id, message_id)
);
CREATE INDEX feedback_scene_id ON feedback (scene_id, updated_at);
