-- The credit balance kept beside the ledger (PostgreSQL). Kept equal to migrations/sqlite.
-- Every ledger entry adds its delta here in the entry's own transaction, so a balance is
-- read from one row rather than summed; existing accounts start from their ledger's sum.
ALTER TABLE users ADD COLUMN credit_balance BIGINT NOT NULL DEFAULT 0;
UPDATE users SET credit_balance = (
    SELECT COALESCE(SUM(delta), 0) FROM credit_ledger WHERE credit_ledger.user_id = users.id
);

-- The credit badge counts a user's images and videos.
CREATE INDEX media_assets_user_id_file_type ON media_assets (user_id, file_type);
