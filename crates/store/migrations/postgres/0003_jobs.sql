-- Generation jobs (the queue), stored events for live updates, the template catalogue (PostgreSQL).
-- Kept column-for-column equal to migrations/sqlite. Lease and schedule times are epoch
-- milliseconds so both dialects compare them as plain integers.

CREATE TABLE jobs (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id UUID NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    scene_id UUID REFERENCES scenes (id) ON DELETE SET NULL,
    message_id TEXT,
    kind TEXT NOT NULL,
    payload JSONB NOT NULL,
    status TEXT NOT NULL,
    attempts BIGINT NOT NULL,
    max_attempts BIGINT NOT NULL,
    credit_cost BIGINT NOT NULL,
    run_after BIGINT NOT NULL,
    locked_by TEXT,
    locked_until BIGINT,
    progress BIGINT NOT NULL,
    stage TEXT,
    error TEXT,
    asset_id UUID,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ
);
CREATE INDEX jobs_ready ON jobs (status, run_after);
CREATE INDEX jobs_user_id ON jobs (user_id, created_at);

-- A job is debited once and refunded at most once.
CREATE UNIQUE INDEX credit_ledger_job_reason ON credit_ledger (job_id, reason) WHERE job_id IS NOT NULL;

-- Events for the live stream, kept 24 h so a reconnecting client can replay what it missed.
CREATE TABLE events (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    data JSONB NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX events_user_id ON events (user_id, id);
CREATE INDEX events_created_at ON events (created_at);

CREATE TABLE templates (
    id TEXT PRIMARY KEY NOT NULL,
    name TEXT NOT NULL,
    template_type TEXT NOT NULL,
    is_popular BOOLEAN NOT NULL,
    position BIGINT NOT NULL,
    prompt TEXT NOT NULL,
    parameters JSONB NOT NULL,
    thumbnail_key TEXT,
    thumbnail_mime_type TEXT,
    updated_at TIMESTAMPTZ NOT NULL
);

-- Videos get a full-size poster image beside the small thumbnail.
ALTER TABLE media_assets ADD COLUMN poster_key TEXT;
