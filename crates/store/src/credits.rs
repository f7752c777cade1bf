//! The credit ledger: every grant, debit and refund is a row; the balance is their sum,
//! kept in `users.credit_balance` by [`insert_ledger_entry`], the only writer of the ledger.

use crate::BeginWrite;
use std::future::Future;

use chrono::{DateTime, Utc};
use uuid::Uuid;

use domain::events::CreditsChanged;
use domain::{JobKind, LedgerReason, LiveEvent};

use crate::events::{insert_event, NewEvent};
use crate::{now, on_db, Result, Signal, Store, StoreError};

/// The balance (`$1` is the user id).
pub(crate) const BALANCE_SQL: &str = "SELECT credit_balance FROM users WHERE id = $1";

/// One ledger entry to write.
#[derive(Debug, Clone, Copy)]
pub(crate) struct LedgerWrite {
    /// The entry's id (a Stripe event refers to the entry it granted).
    pub id: Uuid,
    pub user_id: Uuid,
    /// Positive: credits added; negative: credits spent.
    pub delta: i64,
    pub reason: LedgerReason,
    pub job_id: Option<Uuid>,
    pub at: DateTime<Utc>,
}

/// A connection or open transaction of either dialect.
pub(crate) trait LedgerConnection: Send {
    fn write_ledger_entry(
        &mut self,
        entry: LedgerWrite,
    ) -> impl Future<Output = Result<i64>> + Send;
}

macro_rules! ledger_connection {
    ($connection:ty) => {
        impl LedgerConnection for $connection {
            async fn write_ledger_entry(&mut self, entry: LedgerWrite) -> Result<i64> {
                sqlx::query(
                    "INSERT INTO credit_ledger (id, user_id, delta, reason, job_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)",
                )
                .bind(entry.id)
                .bind(entry.user_id)
                .bind(entry.delta)
                .bind(entry.reason.as_str())
                .bind(entry.job_id)
                .bind(entry.at)
                .execute(&mut *self)
                .await?;
                let (balance,): (i64,) = sqlx::query_as(
                    "UPDATE users SET credit_balance = credit_balance + $1 WHERE id = $2 RETURNING credit_balance",
                )
                .bind(entry.delta)
                .bind(entry.user_id)
                .fetch_one(&mut *self)
                .await?;
                Ok(balance)
            }
        }
    };
}
ledger_connection!(sqlx::SqliteConnection);
ledger_connection!(sqlx::PgConnection);

/// Writes a ledger entry and adds it to the user's balance, inside the caller's transaction
/// (pass `&mut *tx`) so the two never disagree; returns the new balance. Every ledger write
/// goes through here.
pub(crate) async fn insert_ledger_entry(
    connection: &mut impl LedgerConnection,
    entry: LedgerWrite,
) -> Result<i64> {
    connection.write_ledger_entry(entry).await
}

/// A user's balance with the counts the credit badge shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Balance {
    pub balance: i64,
    pub images: i64,
    pub videos: i64,
}

impl Store {
    /// The balance and media counts in one round trip (the counts read an index).
    pub async fn balance(&self, user_id: Uuid) -> Result<Balance> {
        let row: Option<(i64, i64, i64)> = on_db!(self, p => sqlx::query_as(
            "SELECT u.credit_balance, \
                    (SELECT COUNT(*) FROM media_assets m WHERE m.user_id = u.id AND m.file_type = 'image'), \
                    (SELECT COUNT(*) FROM media_assets m WHERE m.user_id = u.id AND m.file_type = 'video') \
             FROM users u WHERE u.id = $1",
        )
        .bind(user_id)
        .fetch_optional(p)
        .await)?;
        let (balance, images, videos) = row.ok_or(crate::StoreError::NotFound)?;
        Ok(Balance {
            balance,
            images,
            videos,
        })
    }

    /// The sum of the user's ledger, which the kept balance always equals (for checks).
    pub async fn ledger_sum(&self, user_id: Uuid) -> Result<i64> {
        let (sum,): (i64,) = on_db!(self, p => sqlx::query_as(
            "SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM credit_ledger WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_one(p)
        .await)?;
        Ok(sum)
    }

    /// Adds a ledger entry (positive: grant), with the `credits-changed` event that tells the
    /// user's pages and every process. Used by operators.
    pub async fn grant_credits(
        &self,
        user_id: Uuid,
        amount: i64,
        reason: LedgerReason,
    ) -> Result<()> {
        let entry = LedgerWrite {
            id: Uuid::new_v4(),
            user_id,
            delta: amount,
            reason,
            job_id: None,
            at: now(),
        };
        let dialect = self.dialect();
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let balance = insert_ledger_entry(&mut *tx, entry).await?;
            insert_event!(&mut *tx, dialect, NewEvent {
                user_id,
                event: LiveEvent::CreditsChanged(CreditsChanged { balance }),
            });
            tx.commit().await?;
            Ok::<_, crate::StoreError>(())
        })?;
        self.signal(Signal::Events(user_id));
        Ok(())
    }
}

/// One row of the ledger, with the kind of job it paid for or refunded.
#[derive(Debug, Clone, PartialEq)]
pub struct LedgerEntry {
    pub id: Uuid,
    pub delta: i64,
    pub reason: LedgerReason,
    pub job_id: Option<Uuid>,
    pub job_kind: Option<JobKind>,
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
        let offset = crate::page_offset(page, per_page)?;
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
            .map(|(id, delta, reason, job_id, job_kind, created_at)| {
                Ok(LedgerEntry {
                    id,
                    delta,
                    reason: LedgerReason::parse(&reason)?,
                    job_id,
                    job_kind: job_kind.as_deref().map(JobKind::parse).transpose()?,
                    created_at,
                })
            })
            .collect::<std::result::Result<_, domain::Invalid>>()
            .map_err(|e| StoreError::Database(sqlx::Error::Decode(Box::new(e))))?;
        Ok((entries, total))
    }
}

#[cfg(test)]
mod tests {
    use domain::{JobKind, ProjectName};
    use serde_json::json;

    use super::*;
    use crate::migrate::tests::{fresh_stores, user};
    use crate::{Guard, NewJob, StoreError};

    #[tokio::test]
    async fn the_kept_balance_equals_the_ledger_sum() {
        for store in fresh_stores().await {
            grants_debits_refunds_and_a_race(&store).await;
            store.close().await;
        }
    }

    fn job(user_id: Uuid, project_id: Uuid, credit_cost: i64) -> NewJob {
        NewJob {
            id: Uuid::new_v4(),
            user_id,
            project_id,
            scene_id: None,
            message_id: None,
            kind: JobKind::Image,
            payload: json!({}),
            credit_cost,
            max_attempts: 1,
            delay: std::time::Duration::ZERO,
            request_key: None,
        }
    }

    async fn grants_debits_refunds_and_a_race(store: &Store) {
        store.migrate().await.unwrap();
        let user = user(store, "ledger@example.com", 10).await;
        let project = store
            .create_project(
                user.id,
                &ProjectName::parse("Ledger").unwrap(),
                Default::default(),
            )
            .await
            .unwrap();
        let check = |expected: i64| async move {
            let kept = store.balance(user.id).await.unwrap().balance;
            assert_eq!(kept, expected);
            assert_eq!(store.ledger_sum(user.id).await.unwrap(), expected);
        };
        check(10).await;

        store
            .grant_credits(user.id, 5, LedgerReason::AdminGrant)
            .await
            .unwrap();
        let (debited, balance) = store
            .enqueue_job(&job(user.id, project.id, 4))
            .await
            .unwrap();
        assert_eq!(balance, 11);
        check(11).await;
        store
            .fail_job(
                debited.id,
                Guard::User(user.id),
                "cancelled",
                |_, _| Vec::new(),
                |_, _| {},
            )
            .await
            .unwrap()
            .expect("the job fails");
        check(15).await;
        assert!(matches!(
            store.enqueue_job(&job(user.id, project.id, 16)).await,
            Err(StoreError::InsufficientCredits)
        ));
        check(15).await;

        // Concurrent debits, grants and refunds: 40 one-credit jobs against 15 credits (plus
        // 10 granted meanwhile), half of the accepted ones refunded at once.
        let tasks: Vec<_> = (0..40)
            .map(|i| {
                let store = store.clone();
                let new = job(user.id, project.id, 1);
                tokio::spawn(async move {
                    if i % 4 == 0 {
                        store
                            .grant_credits(user.id, 1, LedgerReason::AdminGrant)
                            .await
                            .unwrap();
                    }
                    match store.enqueue_job(&new).await {
                        Ok((job, _)) if i % 2 == 0 => {
                            store
                                .fail_job(
                                    job.id,
                                    Guard::User(user.id),
                                    "cancelled",
                                    |_, _| Vec::new(),
                                    |_, _| {},
                                )
                                .await
                                .unwrap();
                        }
                        Ok(_) | Err(StoreError::InsufficientCredits) => {}
                        Err(e) => panic!("{e}"),
                    }
                })
            })
            .collect();
        for task in tasks {
            task.await.unwrap();
        }
        let kept = store.balance(user.id).await.unwrap().balance;
        assert!(kept >= 0);
        assert_eq!(kept, store.ledger_sum(user.id).await.unwrap());
    }
}
