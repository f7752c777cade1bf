-- Job-time estimates read the latest completed jobs of each kind and engine newest-first:
-- one index per engine keeps that a short range read however many jobs have run (PostgreSQL).
-- Kept index-for-index equal to migrations/sqlite.

CREATE INDEX jobs_completed_studio ON jobs (kind, finished_at) WHERE status = 'completed' AND provider IS NULL;
CREATE INDEX jobs_completed_hosted ON jobs (kind, finished_at) WHERE status = 'completed' AND provider IS NOT NULL;
