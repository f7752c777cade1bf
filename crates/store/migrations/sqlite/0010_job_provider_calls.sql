-- What a hosted model was asked and answered for a job (SQLite). Kept equal to
-- migrations/postgres. Written when the provider answers, so failed and cancelled jobs that
-- the provider may bill are counted too; empty for the offline engine.
ALTER TABLE jobs ADD COLUMN provider TEXT;
ALTER TABLE jobs ADD COLUMN model TEXT;
ALTER TABLE jobs ADD COLUMN remote_id TEXT;
ALTER TABLE jobs ADD COLUMN provider_usage TEXT;
