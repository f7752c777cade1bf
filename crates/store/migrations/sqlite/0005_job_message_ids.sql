-- A job's chat message is named by its id, a UUID like every other id (SQLite).
-- Kept equal to migrations/postgres. Text that is no UUID names no message and becomes NULL.

ALTER TABLE jobs ADD COLUMN message_uuid BLOB;
UPDATE jobs SET message_uuid = unhex(replace(trim(message_id), '-', ''))
    WHERE length(unhex(replace(trim(message_id), '-', ''))) = 16;
ALTER TABLE jobs DROP COLUMN message_id;
ALTER TABLE jobs RENAME COLUMN message_uuid TO message_id;
