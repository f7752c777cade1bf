//! The credit ledger: every grant, debit and refund is a row; the balance is their sum.

use uuid::Uuid;

use crate::{now, on_db, Result, Store};

/// Why credits moved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LedgerReason {
    SignupGrant,
    AdminGrant,
}

impl LedgerReason {
    pub fn as_str(self) -> &'static str {
        match self {
            LedgerReason::SignupGrant => "signup_grant",
            LedgerReason::AdminGrant => "admin_grant",
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
                sqlx::query_as("SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM credit_ledger WHERE user_id = $1")
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
