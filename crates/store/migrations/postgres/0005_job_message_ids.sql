-- A job's chat message is named by its id, a UUID like every other id (PostgreSQL).
-- Kept equal to migrations/sqlite. Text that is no UUID names no message and becomes NULL.

ALTER TABLE jobs ALTER COLUMN message_id TYPE UUID USING (
    CASE WHEN trim(message_id) ~* '^[0-9a-f]{8}-?([0-9a-f]{4}-?){3}[0-9a-f]{12}$'
        THEN trim(message_id)::uuid
    END
);
