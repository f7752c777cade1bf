-- The chat: messages of a scene's conversation, style presets and feedback (SQLite).
-- Kept column-for-column equal to migrations/postgres.

CREATE TABLE messages (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id BLOB NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    scene_id BLOB NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
    role TEXT NOT NULL,
    content TEXT NOT NULL,
    structured_response TEXT,
    parent_message_id BLOB,
    processing_status TEXT NOT NULL,
    error TEXT,
    generation TEXT,
    media TEXT NOT NULL,
    context TEXT NOT NULL,
    reference_image_ids TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX messages_scene_id ON messages (scene_id, created_at);
CREATE INDEX messages_user_id ON messages (user_id, created_at);

CREATE TABLE style_presets (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    style TEXT NOT NULL,
    source_scene_id BLOB,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CONSTRAINT style_presets_user_name_key UNIQUE (user_id, name)
);

CREATE TABLE feedback (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    message_id BLOB NOT NULL REFERENCES messages (id) ON DELETE CASCADE,
    scene_id BLOB NOT NULL REFERENCES scenes (id) ON DELETE CASCADE,
    reaction TEXT NOT NULL,
    reason TEXT,
    comment TEXT,
    feedback_type TEXT,
    asset_url TEXT,
    client_timestamp TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    CONSTRAINT feedback_user_message_key UNIQUE (user_id, message_id)
);
CREATE INDEX feedback_scene_id ON feedback (scene_id, updated_at);
