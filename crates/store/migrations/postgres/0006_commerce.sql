-- Commerce (PostgreSQL): Stripe subscriptions, the Stripe customer of each user, the Stripe
-- events already handled (each exactly once) and first-party analytics events.
-- Kept column-for-column equal to migrations/sqlite.

CREATE TABLE subscriptions (
    id UUID PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    plan_id TEXT NOT NULL,
    stripe_subscription_id TEXT NOT NULL UNIQUE,
    stripe_customer_id TEXT NOT NULL,
    status TEXT NOT NULL,
    current_period_end TIMESTAMPTZ,
    cancel_at_period_end BOOLEAN NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX subscriptions_user_id ON subscriptions (user_id, created_at);

CREATE TABLE stripe_customers (
    user_id UUID PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    customer_id TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL
);

-- The primary key is the guard: an event id is inserted in the transaction that applies
-- the event, so a second delivery finds it and changes nothing.
CREATE TABLE stripe_events (
    id TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    user_id UUID REFERENCES users (id) ON DELETE SET NULL,
    plan_id TEXT,
    ledger_entry_id UUID,
    processed_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX stripe_events_ledger_entry_id ON stripe_events (ledger_entry_id);

CREATE TABLE analytics_events (
    id UUID PRIMARY KEY,
    user_id UUID REFERENCES users (id) ON DELETE SET NULL,
    name TEXT NOT NULL,
    properties JSONB NOT NULL,
    occurred_at TIMESTAMPTZ NOT NULL,
    received_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX analytics_events_occurred_at ON analytics_events (occurred_at, name);
