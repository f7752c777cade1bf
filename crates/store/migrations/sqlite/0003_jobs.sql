-- Generation jobs (the queue), stored events for live updates, the template catalogue (SQLite).
-- Kept column-for-column equal to migrations/postgres. Lease and schedule times are epoch
-- milliseconds so both dialects compare them as plain integers.

CREATE TABLE jobs (
    id BLOB PRIMARY KEY NOT NULL,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    project_id BLOB NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
    scene_id BLOB REFERENCES scenes (id) ON DELETE SET NULL,
    message_id TEXT,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
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
    asset_id BLOB,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    finished_at TEXT
);
CREATE INDEX jobs_ready ON jobs (status, run_after);
CREATE INDEX jobs_user_id ON jobs (user_id, created_at);

-- A job is debited once and refunded at most once.
CREATE UNIQUE INDEX credit_ledger_job_reason ON credit_ledger (job_id, reason) WHERE job_id IS NOT NULL;

-- Events for the live stream, kept 24 h so a reconnecting client can replay what it missed.
CREATE TABLE events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id BLOB NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    data TEXT NOT NULL,
    created_at TEXT NOT NULL
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
    parameters TEXT NOT NULL,
    thumbnail_key TEXT,
    thumbnail_mime_type TEXT,
    updated_at TEXT NOT NULL
);

-- Videos get a full-size poster image beside the small thumbnail.
ALTER TABLE media_assets ADD COLUMN poster_key TEXT;
