-- Foundation schema (PostgreSQL). Kept column-for-column equal to migrations/sqlite.

CREATE TABLE users (
    id UUID PRIMARY KEY,
    email TEXT NOT NULL,
    password_hash TEXT NOT NULL,
    given_name TEXT,
    family_name TEXT,
    picture TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    CONSTRAINT users_email_key UNIQUE (email)
);

CREATE TABLE sessions (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_hash BYTEA NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL,
    last_seen_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
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
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    settings JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX projects_user_id_created_at ON projects (user_id, created_at);

CREATE TABLE scenes (
    id UUID PRIMARY KEY,
    project_id UUID NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position BIGINT NOT NULL,
    active_asset_id UUID,
    settings JSONB NOT NULL,
    preset_id UUID,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX scenes_project_id_position ON scenes (project_id, position);

CREATE TABLE media_assets (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id UUID REFERENCES projects (id) ON DELETE CASCADE,
    scene_id UUID REFERENCES scenes (id) ON DELETE SET NULL,
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
    file_metadata JSONB NOT NULL,
    credit_cost BIGINT NOT NULL,
    is_public BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX media_assets_project_id ON media_assets (project_id, created_at);
CREATE INDEX media_assets_scene_id ON media_assets (scene_id, created_at);

CREATE TABLE credit_ledger (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    delta BIGINT NOT NULL,
    reason TEXT NOT NULL,
    job_id UUID,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX credit_ledger_user_id ON credit_ledger (user_id, created_at);

CREATE TABLE feature_flags (
    name TEXT PRIMARY KEY,
    enabled BOOLEAN NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
