-- Revoked sessions, newest last (SQLite). Kept equal to migrations/postgres. Every process
-- forgets a revoked session at once: PostgreSQL also notifies, SQLite processes watch here.
CREATE TABLE session_revocations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    session_id BLOB NOT NULL,
    revoked_at TEXT NOT NULL
);
CREATE INDEX session_revocations_revoked_at ON session_revocations (revoked_at);
