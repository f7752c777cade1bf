-- Free work has bounds: an export's request (its source, targets and music) is kept as its
-- key, so an identical request finds the export already made; an account's exports in
-- flight are counted from their own index. A refunded or disputed payment holds its
-- subscription past due until a new invoice is paid (SQLite). Kept index-for-index equal to
-- migrations/postgres.

ALTER TABLE jobs ADD COLUMN request_key TEXT;
CREATE INDEX jobs_request_key ON jobs (user_id, request_key) WHERE request_key IS NOT NULL;
CREATE INDEX jobs_in_flight ON jobs (user_id, kind) WHERE status IN ('queued', 'running', 'processing');
ALTER TABLE subscriptions ADD COLUMN payment_reversed BOOLEAN NOT NULL DEFAULT FALSE;
