-- Revoked sessions, newest last (PostgreSQL). Kept equal to migrations/sqlite. Every process
-- forgets a revoked session at once: PostgreSQL also notifies, SQLite processes watch here.
CREATE TABLE session_revocations (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    session_id UUID NOT NULL,
    revoked_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX session_revocations_revoked_at ON session_revocations (revoked_at);
