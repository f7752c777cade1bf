-- Account security and payment reversals (PostgreSQL). Kept equal to migrations/sqlite.
-- Each session remembers the browser and address that opened it, for the account's list
-- of active sessions.
ALTER TABLE sessions ADD COLUMN user_agent TEXT;
ALTER TABLE sessions ADD COLUMN address TEXT;

-- Sign-in failures per account and address: growing delays for that pair only, and
-- whether the address ever signed in to the account (the per-account limit spares those).
CREATE TABLE sign_in_pairs (
    email TEXT NOT NULL,
    address TEXT NOT NULL,
    failures BIGINT NOT NULL,
    blocked_until BIGINT NOT NULL,
    succeeded BOOLEAN NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (email, address)
);
CREATE INDEX sign_in_pairs_updated_at ON sign_in_pairs (updated_at);

-- Credits granted for Stripe payments: one row per Checkout Session or invoice, whatever
-- events announce it, so a second announcement grants nothing; a refund or dispute takes
-- back the grant of its invoice once.
CREATE TABLE stripe_grants (
    grant_key TEXT PRIMARY KEY NOT NULL,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    amount BIGINT NOT NULL,
    invoice_id TEXT,
    stripe_subscription_id TEXT,
    taken_back BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX stripe_grants_invoice_id ON stripe_grants (invoice_id);

-- The charge and payment intent that paid each invoice, to find an invoice from a refund
-- or dispute that names only those.
CREATE TABLE stripe_invoice_payments (
    invoice_id TEXT PRIMARY KEY NOT NULL,
    charge_id TEXT,
    payment_intent_id TEXT
);
CREATE INDEX stripe_invoice_payments_charge_id ON stripe_invoice_payments (charge_id);
CREATE INDEX stripe_invoice_payments_payment_intent_id ON stripe_invoice_payments (payment_intent_id);

-- Each user's analytics events of the day are counted against a daily cap.
CREATE INDEX analytics_events_user_received ON analytics_events (user_id, received_at);
