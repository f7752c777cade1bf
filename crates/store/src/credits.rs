//! The credit ledger: every grant, debit and refund is a row; the balance is their sum.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{now, on_db, Result, Store};

/// The balance: the sum of the user's ledger (`$1` is the user id).
pub(crate) const BALANCE_SQL: &str =
    "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM credit_ledger WHERE user_id = $1";

/// Why credits moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LedgerReason {
    SignupGrant,
    AdminGrant,
    /// A generation job's price, debited when it is enqueued.
    Generation,
    /// A failed job's price, returned.
    Refund,
    Purchase,
    /// A subscription's first month, granted when its checkout completes.
    SubscriptionGrant,
    /// A subscription's monthly renewal.
    SubscriptionRenewal,
}

impl LedgerReason {
    pub fn as_str(self) -> &'static str {
        match self {
            LedgerReason::SignupGrant => "signup_grant",
            LedgerReason::AdminGrant => "admin_grant",
            LedgerReason::Generation => "generation",
            LedgerReason::Refund => "refund",
            LedgerReason::Purchase => "purchase",
            LedgerReason::SubscriptionGrant => "subscription_grant",
            LedgerReason::SubscriptionRenewal => "subscription_renewal",
        }
    }
}

/// A user's balance with the counts the credit badge shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balance {
    pub balance: i64,
    pub images: i64,
    pub videos: i64,
}

impl Store {
    pub async fn balance(&self, user_id: Uuid) -> Result<Balance> {
        on_db!(self, p => {
            let (balance,): (i64,) =
                sqlx::query_as(BALANCE_SQL)
                    .bind(user_id)
                    .fetch_one(p)
                    .await?;
            let (images, videos): (i64, i64) = sqlx::query_as(
                "SELECT CAST(COALESCE(SUM(CASE WHEN file_type = 'image' THEN 1 ELSE 0 END), 0) AS BIGINT), \
                        CAST(COALESCE(SUM(CASE WHEN file_type = 'video' THEN 1 ELSE 0 END), 0) AS BIGINT) \
                 FROM media_assets WHERE user_id = $1",
            )
            .bind(user_id)
            .fetch_one(p)
            .await?;
            Ok(Balance { balance, images, videos })
        })
    }

    /// Adds a ledger entry (positive: grant). Used by operators and the signup grant.
    pub async fn grant_credits(
        &self,
        user_id: Uuid,
        amount: i64,
        reason: LedgerReason,
    ) -> Result<()> {
        on_db!(self, p => sqlx::query(
            "INSERT INTO credit_ledger (id, user_id, delta, reason, job_id, created_at) VALUES ($1, $2, $3, $4, NULL, $5)",
        )
        .bind(Uuid::new_v4())
        .bind(user_id)
        .bind(amount)
        .bind(reason.as_str())
        .bind(now())
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(())
    }
}

/// One row of the ledger, with the kind of job it paid for or refunded.
#[derive(Debug, Clone, PartialEq)]
pub struct LedgerEntry {
    pub id: Uuid,
    pub delta: i64,
    pub reason: String,
    pub job_id: Option<Uuid>,
    pub job_kind: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl Store {
    /// A page of the user's ledger, newest first, and the number of entries.
    pub async fn ledger(
        &self,
        user_id: Uuid,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<LedgerEntry>, i64)> {
        type Row = (
            Uuid,
            i64,
            String,
            Option<Uuid>,
            Option<String>,
            DateTime<Utc>,
        );
        let offset = (page - 1).max(0) * per_page;
        let (rows, total): (Vec<Row>, i64) = on_db!(self, p => {
            let rows: Vec<Row> = sqlx::query_as(
                "SELECT l.id, l.delta, l.reason, l.job_id, j.kind, l.created_at FROM credit_ledger l \
                 LEFT JOIN jobs j ON j.id = l.job_id \
                 WHERE l.user_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT $2 OFFSET $3",
            )
            .bind(user_id)
            .bind(per_page)
            .bind(offset)
            .fetch_all(p)
            .await?;
            let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM credit_ledger WHERE user_id = $1")
                .bind(user_id)
                .fetch_one(p)
                .await?;
            Ok::<_, sqlx::Error>((rows, total))
        })?;
        let entries = rows
            .into_iter()
            .map(
                |(id, delta, reason, job_id, job_kind, created_at)| LedgerEntry {
                    id,
                    delta,
                    reason,
                    job_id,
                    job_kind,
                    created_at,
                },
            )
            .collect();
        Ok((entries, total))
    }
}
