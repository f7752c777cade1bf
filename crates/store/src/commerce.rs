//! Commerce: Stripe subscriptions, each user's Stripe customer, the Stripe events already
//! applied, first-party analytics events, and the profile fields the web app initialises.

use std::future::Future;

use crate::BeginWrite;
use chrono::{DateTime, Utc};
use domain::events::CreditsChanged;
use domain::LiveEvent;
use sqlx::types::Json;
use uuid::Uuid;

use crate::credits::{insert_ledger_entry, LedgerWrite};
use crate::events::{insert_event, notify_badge_changed, NewEvent, Signal};
use crate::LedgerReason;
use crate::{now, on_db, Dialect, Result, Store, User};

/// A subscription as Stripe last described it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub id: Uuid,
    pub user_id: Uuid,
    pub plan_id: String,
    pub stripe_subscription_id: String,
    pub stripe_customer_id: String,
    /// `active`, `past_due` or `canceled`.
    pub status: String,
    pub current_period_end: Option<DateTime<Utc>>,
    pub cancel_at_period_end: bool,
    pub created_at: DateTime<Utc>,
}

type SubscriptionRow = (
    Uuid,
    Uuid,
    String,
    String,
    String,
    String,
    Option<DateTime<Utc>>,
    bool,
    DateTime<Utc>,
);

impl From<SubscriptionRow> for Subscription {
    fn from(
        (
            id,
            user_id,
            plan_id,
            stripe_subscription_id,
            stripe_customer_id,
            status,
            current_period_end,
            cancel_at_period_end,
            created_at,
        ): SubscriptionRow,
    ) -> Self {
        Self {
            id,
            user_id,
            plan_id,
            stripe_subscription_id,
            stripe_customer_id,
            status,
            current_period_end,
            cancel_at_period_end,
            created_at,
        }
    }
}

const SUBSCRIPTION_COLUMNS: &str =
    "id, user_id, plan_id, stripe_subscription_id, stripe_customer_id, status, \
     current_period_end, cancel_at_period_end, created_at";

/// What a Stripe event says about a subscription; `None` fields keep their stored value
/// (or the default on the first sighting: active, not cancelling).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionChange {
    pub stripe_subscription_id: String,
    pub customer_id: String,
    pub plan_id: String,
    pub status: Option<String>,
    pub current_period_end: Option<DateTime<Utc>>,
    pub cancel_at_period_end: Option<bool>,
    /// The invoice an `invoice.paid` event says was paid: the only news that lifts a plan
    /// a refund or dispute put past due (unless it is the reversed invoice itself).
    pub paid_invoice: Option<String>,
}

/// Credits an event grants, once per `key` whatever events announce the same payment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Grant {
    pub amount: i64,
    pub reason: LedgerReason,
    /// `checkout:<session id>` or `invoice:<invoice id>`.
    pub key: String,
    /// The invoice that paid for it, for a refund or dispute to find it.
    pub invoice_id: Option<String>,
    pub stripe_subscription_id: Option<String>,
}

/// How a payment was made: the invoice, and the charge and payment intent that paid it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PaymentRefs {
    pub invoice_id: Option<String>,
    pub charge_id: Option<String>,
    pub payment_intent_id: Option<String>,
}

/// Everything one Stripe event changes, applied at most once per event id.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StripeEventWork {
    pub event_id: String,
    pub kind: String,
    /// The user the event is about; `None` for events that concern nobody here.
    pub user_id: Option<Uuid>,
    pub plan_id: Option<String>,
    pub customer_id: Option<String>,
    pub subscription: Option<SubscriptionChange>,
    pub grant: Option<Grant>,
    /// An invoice paid: remembers which charge and payment intent paid it.
    pub payment: Option<PaymentRefs>,
    /// A payment refunded or disputed: the unspent credits of its grant are taken back
    /// (never below a zero balance), once, and its subscription loses its plan.
    pub reversal: Option<PaymentRefs>,
}

/// What taking back a reversed payment's credits changed.
struct TakenBack {
    /// Whose credits went down.
    credits_taken_from: Option<Uuid>,
    /// Whose subscription lost its plan.
    plan_taken_from: Option<Uuid>,
}

/// The writes of one Stripe event, each inside the event's transaction (call them on
/// `&mut *tx`); the same statements on either database.
trait StripeWrites: Send {
    /// Inserts the event id; false when it was applied before.
    fn record_event(
        &mut self,
        work: &StripeEventWork,
        ledger_entry_id: Option<Uuid>,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<bool>> + Send;

    fn record_customer(
        &mut self,
        user_id: Uuid,
        customer_id: &str,
        at: DateTime<Utc>,
    ) -> impl Future<Output = Result<()>> + Send;

    /// A canceled subscription stays canceled, one whose payment was reversed stays past
    /// due until a new invoice is paid (Stripe may still call it active), and the period end
    /// only moves forward, so events delivered out of order cannot undo newer ones.
    fn record_subscription(
        &mut self,
        user_id: Uuid,
        change: &SubscriptionChange,
        at: DateTime<Utc>,
        dialect: Dialect,
    ) -> impl Future<Output = Result<()>> + Send;

    fn record_invoice_payment(
        &mut self,
        payment: &PaymentRefs,
    ) -> impl Future<Output = Result<()>> + Send;

    /// Grants the credits once per grant key, with the ledger entry the event row names;
    /// false when this payment's credits were granted already (the event then names none).
    fn grant_credits(
        &mut self,
        event_id: &str,
        user_id: Uuid,
        grant: &Grant,
        entry_id: Uuid,
        at: DateTime<Utc>,
        dialect: Dialect,
    ) -> impl Future<Output = Result<bool>> + Send;

    /// Takes back the unspent credits of the reversed payment's grant (never below a zero
    /// balance), once, and puts its subscription past due.
    fn take_back(
        &mut self,
        reversal: &PaymentRefs,
        at: DateTime<Utc>,
        dialect: Dialect,
    ) -> impl Future<Output = Result<TakenBack>> + Send;
}

macro_rules! stripe_writes {
    ($connection:ty) => {
        impl StripeWrites for $connection {
            async fn record_event(
                &mut self,
                work: &StripeEventWork,
                ledger_entry_id: Option<Uuid>,
                at: DateTime<Utc>,
            ) -> Result<bool> {
                let inserted: Option<(String,)> = sqlx::query_as(
                    "INSERT INTO stripe_events (id, kind, user_id, plan_id, ledger_entry_id, processed_at) \
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING RETURNING id",
                )
                .bind(&work.event_id)
                .bind(&work.kind)
                .bind(work.user_id)
                .bind(&work.plan_id)
                .bind(ledger_entry_id)
                .bind(at)
                .fetch_optional(&mut *self)
                .await?;
                Ok(inserted.is_some())
            }

            async fn record_customer(
                &mut self,
                user_id: Uuid,
                customer_id: &str,
                at: DateTime<Utc>,
            ) -> Result<()> {
                sqlx::query(
                    "INSERT INTO stripe_customers (user_id, customer_id, created_at) VALUES ($1, $2, $3) \
                     ON CONFLICT DO NOTHING",
                )
                .bind(user_id)
                .bind(customer_id)
                .bind(at)
                .execute(&mut *self)
                .await?;
                Ok(())
            }

            async fn record_subscription(
                &mut self,
                user_id: Uuid,
                change: &SubscriptionChange,
                at: DateTime<Utc>,
                dialect: Dialect,
            ) -> Result<()> {
                sqlx::query(
                    "INSERT INTO subscriptions (id, user_id, plan_id, stripe_subscription_id, stripe_customer_id, \
                     status, current_period_end, cancel_at_period_end, created_at, updated_at) \
                     VALUES ($1, $2, $3, $4, $5, COALESCE($6, 'active'), $7, COALESCE($8, FALSE), $9, $9) \
                     ON CONFLICT (stripe_subscription_id) DO UPDATE SET \
                     plan_id = excluded.plan_id, \
                     status = CASE WHEN subscriptions.status = 'canceled' THEN subscriptions.status \
                                   WHEN subscriptions.payment_reversed AND COALESCE($6, '') <> 'canceled' \
                                        AND NOT ($10 IS NOT NULL AND NOT EXISTS (SELECT 1 FROM stripe_grants \
                                            WHERE invoice_id = $10 AND taken_back)) THEN subscriptions.status \
                                   ELSE COALESCE($6, subscriptions.status) END, \
                     payment_reversed = subscriptions.payment_reversed AND NOT ($10 IS NOT NULL AND NOT EXISTS \
                         (SELECT 1 FROM stripe_grants WHERE invoice_id = $10 AND taken_back)), \
                     current_period_end = CASE WHEN subscriptions.current_period_end IS NULL \
                                                OR excluded.current_period_end > subscriptions.current_period_end \
                                               THEN COALESCE(excluded.current_period_end, subscriptions.current_period_end) \
                                               ELSE subscriptions.current_period_end END, \
                     cancel_at_period_end = COALESCE($8, subscriptions.cancel_at_period_end), \
                     updated_at = excluded.updated_at",
                )
                .bind(Uuid::new_v4())
                .bind(user_id)
                .bind(&change.plan_id)
                .bind(&change.stripe_subscription_id)
                .bind(&change.customer_id)
                .bind(&change.status)
                .bind(change.current_period_end)
                .bind(change.cancel_at_period_end)
                .bind(at)
                .bind(&change.paid_invoice)
                .execute(&mut *self)
                .await?;
                notify_badge_changed!(&mut *self, dialect, user_id);
                Ok(())
            }

            async fn record_invoice_payment(&mut self, payment: &PaymentRefs) -> Result<()> {
                sqlx::query(
                    "INSERT INTO stripe_invoice_payments (invoice_id, charge_id, payment_intent_id) VALUES ($1, $2, $3) \
                     ON CONFLICT (invoice_id) DO UPDATE SET \
                     charge_id = COALESCE(excluded.charge_id, stripe_invoice_payments.charge_id), \
                     payment_intent_id = COALESCE(excluded.payment_intent_id, stripe_invoice_payments.payment_intent_id)",
                )
                .bind(&payment.invoice_id)
                .bind(&payment.charge_id)
                .bind(&payment.payment_intent_id)
                .execute(&mut *self)
                .await?;
                Ok(())
            }

            async fn grant_credits(
                &mut self,
                event_id: &str,
                user_id: Uuid,
                grant: &Grant,
                entry_id: Uuid,
                at: DateTime<Utc>,
                dialect: Dialect,
            ) -> Result<bool> {
                let first: Option<(String,)> = sqlx::query_as(
                    "INSERT INTO stripe_grants (grant_key, user_id, amount, invoice_id, stripe_subscription_id, taken_back, created_at) \
                     VALUES ($1, $2, $3, $4, $5, FALSE, $6) ON CONFLICT (grant_key) DO NOTHING RETURNING grant_key",
                )
                .bind(&grant.key)
                .bind(user_id)
                .bind(grant.amount)
                .bind(&grant.invoice_id)
                .bind(&grant.stripe_subscription_id)
                .bind(at)
                .fetch_optional(&mut *self)
                .await?;
                if first.is_none() {
                    tracing::info!(grant = %grant.key, "credits for this payment were granted already");
                    sqlx::query("UPDATE stripe_events SET ledger_entry_id = NULL WHERE id = $1")
                        .bind(event_id)
                        .execute(&mut *self)
                        .await?;
                    return Ok(false);
                }
                let balance = insert_ledger_entry(&mut *self, LedgerWrite {
                    id: entry_id,
                    user_id,
                    delta: grant.amount,
                    reason: grant.reason,
                    job_id: None,
                    at,
                })
                .await?;
                insert_event!(&mut *self, dialect, NewEvent {
                    user_id,
                    event: LiveEvent::CreditsChanged(CreditsChanged { balance }),
                });
                Ok(true)
            }

            async fn take_back(
                &mut self,
                reversal: &PaymentRefs,
                at: DateTime<Utc>,
                dialect: Dialect,
            ) -> Result<TakenBack> {
                let mut taken_back = TakenBack {
                    credits_taken_from: None,
                    plan_taken_from: None,
                };
                let invoice: Option<(String,)> = match &reversal.invoice_id {
                    Some(invoice_id) => Some((invoice_id.clone(),)),
                    None => sqlx::query_as(
                        "SELECT invoice_id FROM stripe_invoice_payments WHERE charge_id = $1 OR payment_intent_id = $2",
                    )
                    .bind(&reversal.charge_id)
                    .bind(&reversal.payment_intent_id)
                    .fetch_optional(&mut *self)
                    .await?,
                };
                let grant: Option<(String, Uuid, i64, Option<String>)> = match invoice {
                    Some((invoice_id,)) => sqlx::query_as(
                        "UPDATE stripe_grants SET taken_back = TRUE WHERE grant_key = \
                         (SELECT grant_key FROM stripe_grants WHERE invoice_id = $1 AND NOT taken_back LIMIT 1) \
                         RETURNING grant_key, user_id, amount, stripe_subscription_id",
                    )
                    .bind(invoice_id)
                    .fetch_optional(&mut *self)
                    .await?,
                    None => None,
                };
                let Some((key, user_id, amount, subscription)) = grant else {
                    return Ok(taken_back);
                };
                let (balance,): (i64,) = sqlx::query_as(crate::credits::BALANCE_SQL)
                    .bind(user_id)
                    .fetch_one(&mut *self)
                    .await?;
                let taken = amount.min(balance.max(0));
                tracing::info!(grant = %key, taken, "took back the credits of a reversed payment");
                if taken > 0 {
                    let balance = insert_ledger_entry(&mut *self, LedgerWrite {
                        id: Uuid::new_v4(),
                        user_id,
                        delta: -taken,
                        reason: LedgerReason::PaymentReversal,
                        job_id: None,
                        at,
                    })
                    .await?;
                    insert_event!(&mut *self, dialect, NewEvent {
                        user_id,
                        event: LiveEvent::CreditsChanged(CreditsChanged { balance }),
                    });
                    taken_back.credits_taken_from = Some(user_id);
                }
                if let Some(subscription) = subscription {
                    sqlx::query(
                        "UPDATE subscriptions SET status = 'past_due', payment_reversed = TRUE, updated_at = $1 \
                         WHERE stripe_subscription_id = $2 AND status <> 'canceled'",
                    )
                    .bind(at)
                    .bind(subscription)
                    .execute(&mut *self)
                    .await?;
                    notify_badge_changed!(&mut *self, dialect, user_id);
                    taken_back.plan_taken_from = Some(user_id);
                }
                Ok(taken_back)
            }
        }
    };
}
stripe_writes!(sqlx::SqliteConnection);
stripe_writes!(sqlx::PgConnection);

impl Store {
    /// Applies a Stripe event in one transaction whose first write inserts the event id:
    /// a second delivery, also one racing this one, meets the primary key and changes
    /// nothing. False for such a duplicate. A grant is keyed by its payment, so another
    /// event about the same payment grants nothing; credit changes store their
    /// `credits-changed` event in the same transaction.
    pub async fn apply_stripe_event(&self, work: &StripeEventWork) -> Result<bool> {
        let dialect = self.dialect();
        let at = now();
        let ledger_entry_id = work.grant.as_ref().map(|_| Uuid::new_v4());
        // After a commit: whose credits changed, and whose plan a reversal took away.
        let (credits_changed_for, plan_taken_from): (Option<Uuid>, Option<Uuid>) = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            if !tx.record_event(work, ledger_entry_id, at).await? {
                tx.rollback().await?;
                return Ok(false);
            }
            let mut credits_changed_for = None;
            let mut plan_taken_from = None;
            if let (Some(user_id), Some(customer_id)) = (work.user_id, &work.customer_id) {
                tx.record_customer(user_id, customer_id, at).await?;
            }
            if let (Some(user_id), Some(change)) = (work.user_id, &work.subscription) {
                tx.record_subscription(user_id, change, at, dialect).await?;
            }
            if let Some(payment) = &work.payment {
                tx.record_invoice_payment(payment).await?;
            }
            if let (Some(user_id), Some(grant), Some(entry_id)) = (work.user_id, &work.grant, ledger_entry_id) {
                let granted = tx
                    .grant_credits(&work.event_id, user_id, grant, entry_id, at, dialect)
                    .await?;
                if granted {
                    credits_changed_for = Some(user_id);
                }
            }
            if let Some(reversal) = &work.reversal {
                let taken = tx.take_back(reversal, at, dialect).await?;
                credits_changed_for = taken.credits_taken_from.or(credits_changed_for);
                plan_taken_from = taken.plan_taken_from;
            }
            tx.commit().await?;
            Ok::<_, crate::StoreError>((credits_changed_for, plan_taken_from))
        })?;
        if let Some(user_id) = credits_changed_for {
            self.signal(Signal::Events(user_id));
        }
        if let Some(user_id) = plan_taken_from {
            self.badge_changed(user_id);
        }
        if let Some(user_id) = work.user_id.filter(|_| work.subscription.is_some()) {
            self.badge_changed(user_id);
        }
        Ok(true)
    }

    /// The plan a subscription ledger entry was granted for.
    pub async fn plan_of_ledger_entry(&self, ledger_entry_id: Uuid) -> Result<Option<String>> {
        let row: Option<(Option<String>,)> = on_db!(self, p => sqlx::query_as(
            "SELECT plan_id FROM stripe_events WHERE ledger_entry_id = $1",
        )
        .bind(ledger_entry_id)
        .fetch_optional(p)
        .await)?;
        Ok(row.and_then(|(plan,)| plan))
    }

    /// The subscription that currently gives the user a plan: active, and not past the end
    /// of a period it was cancelled at.
    pub async fn active_subscription(&self, user_id: Uuid) -> Result<Option<Subscription>> {
        let sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = $1 AND status = 'active' \
             AND NOT (cancel_at_period_end AND current_period_end IS NOT NULL AND current_period_end <= $2) \
             ORDER BY created_at DESC LIMIT 1"
        );
        let row: Option<SubscriptionRow> = on_db!(self, p => sqlx::query_as(&sql)
            .bind(user_id)
            .bind(now())
            .fetch_optional(p)
            .await)?;
        Ok(row.map(Into::into))
    }

    /// The user's newest subscription, whatever its status.
    pub async fn latest_subscription(&self, user_id: Uuid) -> Result<Option<Subscription>> {
        let sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1"
        );
        let row: Option<SubscriptionRow> =
            on_db!(self, p => sqlx::query_as(&sql).bind(user_id).fetch_optional(p).await)?;
        Ok(row.map(Into::into))
    }

    pub async fn subscription_by_stripe_id(
        &self,
        stripe_subscription_id: &str,
    ) -> Result<Option<Subscription>> {
        let sql = format!(
            "SELECT {SUBSCRIPTION_COLUMNS} FROM subscriptions WHERE stripe_subscription_id = $1"
        );
        let row: Option<SubscriptionRow> = on_db!(self, p => sqlx::query_as(&sql)
            .bind(stripe_subscription_id)
            .fetch_optional(p)
            .await)?;
        Ok(row.map(Into::into))
    }

    /// Stores what Stripe answered to a cancellation at the period's end.
    pub async fn set_cancel_at_period_end(
        &self,
        stripe_subscription_id: &str,
        cancel_at_period_end: bool,
        current_period_end: Option<DateTime<Utc>>,
    ) -> Result<()> {
        let dialect = self.dialect();
        let user: Option<(Uuid,)> = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let user: Option<(Uuid,)> = sqlx::query_as(
                "UPDATE subscriptions SET cancel_at_period_end = $1, \
                 current_period_end = COALESCE($2, current_period_end), updated_at = $3 \
                 WHERE stripe_subscription_id = $4 RETURNING user_id",
            )
            .bind(cancel_at_period_end)
            .bind(current_period_end)
            .bind(now())
            .bind(stripe_subscription_id)
            .fetch_optional(&mut *tx)
            .await?;
            if let Some((user_id,)) = user {
                notify_badge_changed!(&mut *tx, dialect, user_id);
            }
            tx.commit().await?;
            Ok::<_, crate::StoreError>(user)
        })?;
        if let Some((user_id,)) = user {
            self.badge_changed(user_id);
        }
        Ok(())
    }

    /// The user's Stripe customer id, when one was made.
    pub async fn stripe_customer(&self, user_id: Uuid) -> Result<Option<String>> {
        let row: Option<(String,)> = on_db!(self, p => sqlx::query_as(
            "SELECT customer_id FROM stripe_customers WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_optional(p)
        .await)?;
        Ok(row.map(|(id,)| id))
    }

    /// Keeps `customer_id` as the user's Stripe customer unless one is kept already;
    /// returns the one kept, so concurrent checkouts settle on a single customer.
    pub async fn save_stripe_customer(&self, user_id: Uuid, customer_id: &str) -> Result<String> {
        on_db!(self, p => sqlx::query(
            "INSERT INTO stripe_customers (user_id, customer_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
        )
        .bind(user_id)
        .bind(customer_id)
        .bind(now())
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(self
            .stripe_customer(user_id)
            .await?
            .unwrap_or_else(|| customer_id.to_owned()))
    }

    /// The user behind a Stripe customer id.
    pub async fn user_of_stripe_customer(&self, customer_id: &str) -> Result<Option<Uuid>> {
        let row: Option<(Uuid,)> = on_db!(self, p => sqlx::query_as(
            "SELECT user_id FROM stripe_customers WHERE customer_id = $1",
        )
        .bind(customer_id)
        .fetch_optional(p)
        .await)?;
        Ok(row.map(|(id,)| id))
    }

    /// Whether the user ever had a subscription (the first-month offer is for newcomers).
    pub async fn ever_subscribed(&self, user_id: Uuid) -> Result<bool> {
        let (count,): (i64,) = on_db!(self, p => sqlx::query_as(
            "SELECT COUNT(*) FROM subscriptions WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_one(p)
        .await)?;
        Ok(count > 0)
    }

    /// Whether the user exists (Stripe names users by the id we gave it).
    pub async fn user_exists(&self, user_id: Uuid) -> Result<bool> {
        let (count,): (i64,) = on_db!(self, p => sqlx::query_as(
            "SELECT COUNT(*) FROM users WHERE id = $1",
        )
        .bind(user_id)
        .fetch_one(p)
        .await)?;
        Ok(count > 0)
    }

    /// Sets the given profile fields (others keep their value) and returns the user.
    pub async fn update_profile(
        &self,
        user_id: Uuid,
        given_name: Option<&str>,
        family_name: Option<&str>,
        picture: Option<&str>,
    ) -> Result<User> {
        let row: (
            Uuid,
            String,
            Option<String>,
            Option<String>,
            Option<String>,
            DateTime<Utc>,
        ) = on_db!(self, p => sqlx::query_as(
            "UPDATE users SET given_name = COALESCE($1, given_name), family_name = COALESCE($2, family_name), \
             picture = COALESCE($3, picture), updated_at = $4 WHERE id = $5 \
             RETURNING id, email, given_name, family_name, picture, created_at",
        )
        .bind(given_name)
        .bind(family_name)
        .bind(picture)
        .bind(now())
        .bind(user_id)
        .fetch_one(p)
        .await)?;
        let (id, email, given_name, family_name, picture, created_at) = row;
        Ok(User {
            id,
            email,
            given_name,
            family_name,
            picture,
            created_at,
        })
    }
}

/// One analytics event as the web app sends it.
#[derive(Debug, Clone, PartialEq)]
pub struct NewAnalyticsEvent {
    pub name: String,
    pub properties: serde_json::Value,
    pub occurred_at: DateTime<Utc>,
}

/// How often an event was recorded since a date, and by how many users.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AnalyticsCount {
    pub name: String,
    pub events: i64,
    pub users: i64,
}

impl Store {
    /// Stores a batch of the user's analytics events in one transaction, as many as fit in
    /// `per_day` events received from the user since midnight (UTC); returns how many.
    pub async fn record_analytics(
        &self,
        user_id: Uuid,
        events: &[NewAnalyticsEvent],
        per_day: u32,
    ) -> Result<usize> {
        let at = now();
        let midnight = at.date_naive().and_time(chrono::NaiveTime::MIN).and_utc();
        let stored = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            // Batches of one user are counted one at a time, so two at once cannot both fit
            // under the cap: this write locks the user's row until the commit (PostgreSQL;
            // SQLite's write transaction is exclusive already).
            sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
            let (today,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM analytics_events WHERE user_id = $1 AND received_at >= $2",
            )
            .bind(user_id)
            .bind(midnight)
            .fetch_one(&mut *tx)
            .await?;
            let room = usize::try_from(i64::from(per_day) - today).unwrap_or(0);
            let kept = &events[..events.len().min(room)];
            for event in kept {
                sqlx::query(
                    "INSERT INTO analytics_events (id, user_id, name, properties, occurred_at, received_at) \
                     VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(Uuid::new_v4())
                .bind(user_id)
                .bind(&event.name)
                .bind(Json(&event.properties))
                .bind(event.occurred_at)
                .bind(at)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok::<_, sqlx::Error>(kept.len())
        })?;
        Ok(stored)
    }

    /// Users whose subscription checkout was paid since `since`, by Stripe's word.
    pub async fn paid_checkouts_since(&self, since: DateTime<Utc>) -> Result<i64> {
        let (users,): (i64,) = on_db!(self, p => sqlx::query_as(
            "SELECT COUNT(DISTINCT user_id) FROM stripe_grants WHERE grant_key LIKE 'checkout:%' AND created_at >= $1",
        )
        .bind(since)
        .fetch_one(p)
        .await)?;
        Ok(users)
    }

    /// Events per name since `since`, most frequent first.
    pub async fn analytics_counts(&self, since: DateTime<Utc>) -> Result<Vec<AnalyticsCount>> {
        let rows: Vec<(String, i64, i64)> = on_db!(self, p => sqlx::query_as(
            "SELECT name, COUNT(*), COUNT(DISTINCT user_id) FROM analytics_events WHERE occurred_at >= $1 \
             GROUP BY name ORDER BY COUNT(*) DESC, name",
        )
        .bind(since)
        .fetch_all(p)
        .await)?;
        Ok(rows
            .into_iter()
            .map(|(name, events, users)| AnalyticsCount {
                name,
                events,
                users,
            })
            .collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::migrate::tests::{fresh_stores, user};

    /// Many batches at once, as several tabs send them: every batch is stored (SQLite's
    /// count-then-insert used to fail with "database is locked" when another write landed
    /// between the two), and the daily cap holds across them.
    #[tokio::test]
    async fn concurrent_analytics_batches_are_all_stored_within_the_daily_cap() {
        for store in fresh_stores().await {
            store.migrate().await.unwrap();
            let users = [
                user(&store, "tabs-a@example.com", 0).await,
                user(&store, "tabs-b@example.com", 0).await,
            ];
            let batch: Vec<NewAnalyticsEvent> = (0..5)
                .map(|i| NewAnalyticsEvent {
                    name: format!("page_view_{i}"),
                    properties: serde_json::json!({ "path": "/create" }),
                    occurred_at: now(),
                })
                .collect();
            let sends = (0..48).map(|i| {
                let store = store.clone();
                let user_id = users[i % 2].id;
                let batch = &batch;
                async move { store.record_analytics(user_id, batch, 100).await }
            });
            let stored: Vec<usize> = futures::future::join_all(sends)
                .await
                .into_iter()
                .collect::<Result<_>>()
                .unwrap();
            // 24 batches of 5 per user against a cap of 100: exactly 100 kept for each.
            assert_eq!(stored.iter().sum::<usize>(), 200);
            store.close().await;
        }
    }
}
