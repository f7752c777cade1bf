//! The jobs table is the queue. Enqueueing debits the ledger in the same transaction;
//! workers claim with a lease (`locked_by`, `locked_until`) renewed by heartbeats; every
//! change after the claim is guarded by the lock owner, so a worker that lost its lease can
//! neither complete nor fail a job another worker has taken over.

use crate::BeginWrite;
use chrono::{DateTime, Utc};
use domain::events::CreditsChanged;
use domain::{JobKind, JobStatus, LiveEvent, StructuredResponse};
use sqlx::types::Json;
use uuid::Uuid;

use crate::credits::{insert_ledger_entry, LedgerWrite, BALANCE_SQL};
use crate::events::{insert_event, NewEvent};
use crate::media::NewMediaAsset;
use crate::messages::{update_linked_message, MessageParts};
use crate::reference_images::{UploadQuota, UploadUsage, STORAGE_USAGE_SQL};
use crate::{now, on_db, Dialect, LedgerReason, Result, Signal, Store, StoreError};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Job {
    pub id: Uuid,
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Option<Uuid>,
    /// The chat message the job was started from.
    pub message_id: Option<Uuid>,
    #[sqlx(try_from = "String")]
    pub kind: JobKind,
    /// The kind's parameters (ids and settings), as the job enum serialises them.
    #[sqlx(json)]
    pub payload: serde_json::Value,
    #[sqlx(try_from = "String")]
    pub status: JobStatus,
    pub attempts: i64,
    pub max_attempts: i64,
    pub credit_cost: i64,
    pub progress: i64,
    pub stage: Option<String>,
    pub error: Option<String>,
    pub asset_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

const COLUMNS: &str = "id, user_id, project_id, scene_id, message_id, kind, payload, status, attempts, max_attempts, \
     credit_cost, progress, stage, error, asset_id, created_at, updated_at, finished_at";

/// One completed generation's time from request to result.
#[derive(Debug, Clone, PartialEq)]
pub struct RecentDuration {
    pub kind: JobKind,
    /// A hosted model made it (else the studio's own engine).
    pub hosted: bool,
    pub seconds: f64,
}

/// A job to enqueue, priced by the caller.
#[derive(Debug, Clone)]
pub struct NewJob {
    pub id: Uuid,
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Option<Uuid>,
    pub message_id: Option<Uuid>,
    pub kind: JobKind,
    pub payload: serde_json::Value,
    pub credit_cost: i64,
    pub max_attempts: i64,
    /// How long the job waits before a worker may take it (zero: at once).
    pub delay: std::time::Duration,
    /// What was asked, for a job an identical request may reuse (an export's source,
    /// targets and music); `None` for a job that is never reused.
    pub request_key: Option<String>,
}

/// How many free exports one account may have queued or running at once.
pub const EXPORTS_IN_FLIGHT: i64 = 3;

/// What became of an export request.
#[derive(Debug, Clone, PartialEq)]
pub enum ExportAdmission {
    /// An identical export (queued, running or completed) answers it.
    Reused(Job),
    /// A new export job was queued.
    Queued(Job),
}

/// Why an export was not queued.
#[derive(Debug, thiserror::Error)]
pub enum ExportRefused {
    #[error("the account has {EXPORTS_IN_FLIGHT} exports in flight")]
    InFlight,
    #[error("the account's storage quota is used up")]
    QuotaReached,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for ExportRefused {
    fn from(e: sqlx::Error) -> Self {
        ExportRefused::Store(e.into())
    }
}

/// Who may fail a job: its lock owner, anyone once the lease has run out, or the user who
/// started it.
#[derive(Debug, Clone, Copy)]
pub enum Guard<'a> {
    Owner(&'a str),
    Expired,
    /// The user who started the job, cancelling it.
    User(Uuid),
}

fn millis(t: DateTime<Utc>) -> i64 {
    t.timestamp_millis()
}

fn insert_sql() -> String {
    format!(
        "INSERT INTO jobs ({COLUMNS}, run_after, locked_by, locked_until, request_key) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'queued', 0, $8, $9, 0, NULL, NULL, NULL, $10, $10, NULL, $11, NULL, NULL, $12) \
         RETURNING {COLUMNS}"
    )
}

/// Inserts `new` queued (by [`insert_sql`]) inside an open transaction; evaluates to the job.
macro_rules! insert_job {
    ($executor:expr, $sql:expr, $new:expr, $at:expr) => {{
        let new: &NewJob = $new;
        let job: Job = sqlx::query_as($sql)
            .bind(new.id)
            .bind(new.user_id)
            .bind(new.project_id)
            .bind(new.scene_id)
            .bind(new.message_id)
            .bind(new.kind.as_str())
            .bind(Json(&new.payload))
            .bind(new.max_attempts)
            .bind(new.credit_cost)
            .bind($at)
            .bind(millis($at) + i64::try_from(new.delay.as_millis()).unwrap_or(0))
            .bind(new.request_key.as_deref())
            .fetch_one($executor)
            .await?;
        job
    }};
}

impl Store {
    /// Debits the job's price and inserts it, in one transaction; a balance that would go
    /// below zero is [`StoreError::InsufficientCredits`] with nothing written.
    pub async fn enqueue_job(&self, new: &NewJob) -> Result<(Job, i64)> {
        let (mut jobs, balance) = self.enqueue_jobs(std::slice::from_ref(new)).await?;
        let job = jobs.pop().ok_or(StoreError::NotFound)?;
        Ok((job, balance))
    }

    /// Debits a set of one user's jobs and inserts them, in one transaction: all of them or,
    /// when the balance does not cover their total, [`StoreError::InsufficientCredits`] with
    /// nothing written. Each job has its own ledger entry, so each is refunded on its own.
    pub async fn enqueue_jobs(&self, news: &[NewJob]) -> Result<(Vec<Job>, i64)> {
        let Some(first) = news.first() else {
            return Err(StoreError::Invalid("No job to enqueue".into()));
        };
        let user_id = first.user_id;
        if news.iter().any(|n| n.user_id != user_id) {
            return Err(StoreError::Invalid(
                "A set of jobs belongs to one user".into(),
            ));
        }
        let total: i64 = news.iter().map(|n| n.credit_cost).sum();
        let at = now();
        let insert = insert_sql();
        let dialect = self.dialect();
        let (jobs, balance) = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            // Writing the user row first takes SQLite's write lock (or PostgreSQL's row lock)
            // before the balance is read, so concurrent debits are counted one after another.
            let locked = sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
            if locked.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
            let (mut balance,): (i64,) = sqlx::query_as(BALANCE_SQL)
            .bind(user_id)
            .fetch_one(&mut *tx)
            .await?;
            if balance < total {
                return Err(StoreError::InsufficientCredits);
            }
            let mut jobs = Vec::with_capacity(news.len());
            for new in news {
                let job = insert_job!(&mut *tx, &insert, new, at);
                // Free jobs (assistant replies) leave the ledger alone.
                if new.credit_cost > 0 {
                    balance = insert_ledger_entry(&mut *tx, LedgerWrite {
                        id: Uuid::new_v4(),
                        user_id,
                        delta: -new.credit_cost,
                        reason: LedgerReason::Generation,
                        job_id: Some(new.id),
                        at,
                    })
                    .await?;
                }
                jobs.push(job);
            }
            if total > 0 {
                insert_event!(&mut *tx, dialect, credits_changed(user_id, balance));
            }
            if dialect == Dialect::Postgres {
                sqlx::query("SELECT pg_notify('studio_jobs', '')").execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok::<_, StoreError>((jobs, balance))
        })?;
        self.signal(Signal::Events(user_id));
        self.signal(Signal::Jobs);
        Ok((jobs, balance))
    }

    /// Queues a free export unless an identical one (the same `request_key`) is queued,
    /// running or completed — that one then answers — or the account already has
    /// [`EXPORTS_IN_FLIGHT`] exports queued or running, or its product photos and export
    /// files fill `quota`. The user's row is locked first, so concurrent requests are counted
    /// one after another on both databases.
    pub async fn enqueue_export(
        &self,
        new: &NewJob,
        quota: &UploadQuota,
    ) -> std::result::Result<ExportAdmission, ExportRefused> {
        let insert = insert_sql();
        let identical = format!(
            "SELECT {COLUMNS} FROM jobs WHERE user_id = $1 AND request_key = $2 AND status <> 'failed' \
             ORDER BY created_at DESC LIMIT 1"
        );
        let at = now();
        let dialect = self.dialect();
        let admission = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let locked = sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
                .bind(new.user_id)
                .execute(&mut *tx)
                .await?;
            if locked.rows_affected() == 0 {
                return Err(ExportRefused::Store(StoreError::NotFound));
            }
            if let Some(key) = &new.request_key {
                let same: Option<Job> = sqlx::query_as(&identical)
                    .bind(new.user_id)
                    .bind(key)
                    .fetch_optional(&mut *tx)
                    .await?;
                if let Some(job) = same {
                    return Ok(ExportAdmission::Reused(job));
                }
            }
            let (in_flight,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM jobs WHERE user_id = $1 AND kind = $2 \
                 AND status IN ('queued', 'running', 'processing')",
            )
            .bind(new.user_id)
            .bind(new.kind.as_str())
            .fetch_one(&mut *tx)
            .await?;
            if in_flight >= EXPORTS_IN_FLIGHT {
                return Err(ExportRefused::InFlight);
            }
            let (files, bytes): (i64, i64) = sqlx::query_as(STORAGE_USAGE_SQL)
                .bind(new.user_id)
                .fetch_one(&mut *tx)
                .await?;
            if !(UploadUsage { files, bytes }).allows(quota, 0) {
                return Err(ExportRefused::QuotaReached);
            }
            let job = insert_job!(&mut *tx, &insert, new, at);
            if dialect == Dialect::Postgres {
                sqlx::query("SELECT pg_notify('studio_jobs', '')").execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok::<_, ExportRefused>(ExportAdmission::Queued(job))
        })?;
        if matches!(admission, ExportAdmission::Queued(_)) {
            self.signal(Signal::Jobs);
        }
        Ok(admission)
    }

    /// Stops a job from answering identical requests (an export one of whose files was
    /// deleted is made again in full).
    pub async fn forget_request(&self, user_id: Uuid, job_id: Uuid) -> Result<()> {
        on_db!(self, p => sqlx::query("UPDATE jobs SET request_key = NULL WHERE id = $1 AND user_id = $2")
            .bind(job_id)
            .bind(user_id)
            .execute(p)
            .await
            .map(|_| ()))?;
        Ok(())
    }

    /// The user's job; another user's is `NotFound`.
    pub async fn job(&self, user_id: Uuid, id: Uuid) -> Result<Job> {
        let sql = format!("SELECT {COLUMNS} FROM jobs WHERE id = $1 AND user_id = $2");
        let job =
            on_db!(self, p => sqlx::query_as(&sql).bind(id).bind(user_id).fetch_one(p).await)?;
        Ok(job)
    }

    /// Claims the oldest job that is ready: queued and due, or claimed by a worker whose
    /// lease ran out (with attempts left). Exports are free work: they are taken only when
    /// no other job is ready, so a generation someone paid for never waits behind them, and
    /// not at all unless `exports` (a worker slot kept for other work). The claim counts as
    /// an attempt.
    pub async fn claim_job(
        &self,
        worker: &str,
        lease: std::time::Duration,
        exports: bool,
    ) -> Result<Option<Job>> {
        let at = now();
        let now_ms = millis(at);
        let until = now_ms + i64::try_from(lease.as_millis()).unwrap_or(i64::MAX / 2);
        let kinds = if exports { "" } else { "AND kind <> 'export'" };
        let candidates = format!(
            "SELECT id FROM jobs \
             WHERE ((status = 'queued' AND run_after <= $1) \
                OR (status IN ('running', 'processing') AND locked_until < $1 AND attempts < max_attempts)) {kinds} \
             ORDER BY CASE WHEN kind = 'export' THEN 1 ELSE 0 END, run_after, created_at LIMIT 1"
        );
        let sql = match self.dialect() {
            Dialect::Postgres => format!(
                "UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $2, locked_until = $3, \
                 progress = 0, stage = NULL, updated_at = $4 \
                 WHERE id = ({candidates} FOR UPDATE SKIP LOCKED) RETURNING {COLUMNS}"
            ),
            // One statement: SQLite takes the write lock before it reads, so two workers can
            // never pick the same row.
            Dialect::Sqlite => format!(
                "UPDATE jobs SET status = 'running', attempts = attempts + 1, locked_by = $2, locked_until = $3, \
                 progress = 0, stage = NULL, updated_at = $4 \
                 WHERE id = ({candidates}) RETURNING {COLUMNS}"
            ),
        };
        let job = on_db!(self, p => {
            sqlx::query_as(&sql)
                .bind(now_ms)
                .bind(worker)
                .bind(until)
                .bind(at)
                .fetch_optional(p)
                .await
        })?;
        Ok(job)
    }

    /// Renews the lease and records progress; `false` when the worker no longer owns the job.
    /// A changed progress or stage is also published as a `job-progress` event.
    pub async fn heartbeat_job(
        &self,
        id: Uuid,
        worker: &str,
        lease: std::time::Duration,
        progress: Option<(i64, &str, LiveEvent)>,
    ) -> Result<bool> {
        let at = now();
        let until = millis(at) + i64::try_from(lease.as_millis()).unwrap_or(i64::MAX / 2);
        let dialect = self.dialect();
        let user = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let user: Option<(Uuid,)> = match &progress {
                Some((value, stage, _)) => sqlx::query_as(
                    "UPDATE jobs SET locked_until = $1, progress = $2, stage = $3, status = 'processing', updated_at = $4 \
                     WHERE id = $5 AND locked_by = $6 AND status IN ('running', 'processing') RETURNING user_id",
                )
                .bind(until)
                .bind(value)
                .bind(*stage)
                .bind(at)
                .bind(id)
                .bind(worker)
                .fetch_optional(&mut *tx)
                .await?,
                None => sqlx::query_as(
                    "UPDATE jobs SET locked_until = $1 \
                     WHERE id = $2 AND locked_by = $3 AND status IN ('running', 'processing') RETURNING user_id",
                )
                .bind(until)
                .bind(id)
                .bind(worker)
                .fetch_optional(&mut *tx)
                .await?,
            };
            if let (Some((user_id,)), Some((_, _, data))) = (user, &progress) {
                insert_event!(&mut *tx, dialect, NewEvent { user_id, event: data.clone() });
            }
            tx.commit().await?;
            Ok::<_, StoreError>(user)
        })?;
        match user {
            Some((user_id,)) => {
                if progress.is_some() {
                    self.signal(Signal::Events(user_id));
                }
                Ok(true)
            }
            None => Ok(false),
        }
    }

    /// Completes the job with its media assets (whose bytes are stored), in one transaction
    /// with its events and the change to the chat message it answers; the job's asset is the
    /// first. `None` when the worker lost the job: nothing is written.
    pub async fn complete_job(
        &self,
        id: Uuid,
        worker: &str,
        assets: &[NewMediaAsset],
        events: impl Fn(&Job) -> Vec<NewEvent>,
        message: impl Fn(&Job, &mut MessageParts),
    ) -> Result<Option<Job>> {
        let at = now();
        let dialect = self.dialect();
        let sql = format!(
            "UPDATE jobs SET status = 'completed', progress = 100, stage = 'completed', error = NULL, asset_id = $1, \
             locked_by = NULL, locked_until = NULL, updated_at = $2, finished_at = $2 \
             WHERE id = $3 AND locked_by = $4 AND status IN ('running', 'processing') RETURNING {COLUMNS}"
        );
        let job = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let job: Option<Job> = sqlx::query_as(&sql)
                .bind(assets.first().map(|a| a.id))
                .bind(at)
                .bind(id)
                .bind(worker)
                .fetch_optional(&mut *tx)
                .await?;
            let Some(job) = job else { return Ok(None) };
            for asset in assets {
                crate::media::insert_media_asset!(&mut *tx, asset, at);
            }
            crate::events::notify_badge_changed!(&mut *tx, dialect, job.user_id);
            update_linked_message!(tx, &job, &message);
            for event in events(&job) {
                insert_event!(&mut *tx, dialect, event);
            }
            tx.commit().await?;
            Ok::<_, StoreError>(Some(job))
        })?;
        if let Some(job) = &job {
            self.signal(Signal::Events(job.user_id));
        }
        Ok(job)
    }

    /// Completes an export job with its files: [`Store::complete_job`] for a job that
    /// answers no chat message.
    pub async fn complete_export_job(
        &self,
        id: Uuid,
        worker: &str,
        assets: &[NewMediaAsset],
        events: impl Fn(&Job) -> Vec<NewEvent>,
    ) -> Result<Option<Job>> {
        self.complete_job(id, worker, assets, events, |_, _| {})
            .await
    }

    /// Completes an assistant-reply job and the pending chat message it answers, in one
    /// transaction. A message already answered (by the request that started the job) is left
    /// as it is. `None` when the worker lost the job.
    pub async fn complete_reply_job(
        &self,
        id: Uuid,
        worker: &str,
        message_id: Uuid,
        reply: Option<(&str, &StructuredResponse)>,
    ) -> Result<Option<Job>> {
        let at = now();
        let sql = format!(
            "UPDATE jobs SET status = 'completed', progress = 100, stage = 'completed', error = NULL, \
             locked_by = NULL, locked_until = NULL, updated_at = $1, finished_at = $1 \
             WHERE id = $2 AND locked_by = $3 AND status IN ('running', 'processing') RETURNING {COLUMNS}"
        );
        let job = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let job: Option<Job> = sqlx::query_as(&sql).bind(at).bind(id).bind(worker).fetch_optional(&mut *tx).await?;
            let Some(job) = job else { return Ok(None) };
            if let Some((content, structured)) = reply {
                sqlx::query(
                    "UPDATE messages SET content = $1, structured_response = $2, processing_status = 'completed', \
                     error = NULL, updated_at = $3 WHERE id = $4 AND user_id = $5 AND processing_status = 'pending'",
                )
                .bind(content)
                .bind(sqlx::types::Json(structured))
                .bind(at)
                .bind(message_id)
                .bind(job.user_id)
                .execute(&mut *tx)
                .await?;
            }
            tx.commit().await?;
            Ok::<_, StoreError>(Some(job))
        })?;
        Ok(job)
    }

    /// Puts the job back in the queue to retry after `delay` (a transient failure).
    pub async fn retry_job(
        &self,
        id: Uuid,
        worker: &str,
        error: &str,
        delay: std::time::Duration,
    ) -> Result<bool> {
        let at = now();
        let run_after = millis(at) + i64::try_from(delay.as_millis()).unwrap_or(i64::MAX / 2);
        let done = on_db!(self, p => sqlx::query(
            "UPDATE jobs SET status = 'queued', run_after = $1, error = $2, locked_by = NULL, locked_until = NULL, \
             progress = 0, stage = NULL, updated_at = $3 \
             WHERE id = $4 AND locked_by = $5 AND status IN ('running', 'processing')",
        )
        .bind(run_after)
        .bind(error)
        .bind(at)
        .bind(id)
        .bind(worker)
        .execute(p)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Returns a claimed job to the queue untouched (graceful shutdown): the attempt is not
    /// counted.
    pub async fn release_job(&self, id: Uuid, worker: &str) -> Result<bool> {
        let at = now();
        let done = on_db!(self, p => sqlx::query(
            "UPDATE jobs SET status = 'queued', attempts = attempts - 1, run_after = $1, locked_by = NULL, \
             locked_until = NULL, progress = 0, stage = NULL, updated_at = $2 \
             WHERE id = $3 AND locked_by = $4 AND status IN ('running', 'processing')",
        )
        .bind(millis(at))
        .bind(at)
        .bind(id)
        .bind(worker)
        .execute(p)
        .await
        .map(|r| r.rows_affected()))?;
        if done == 1 {
            self.signal(Signal::Jobs);
        }
        Ok(done == 1)
    }

    /// Marks the job failed and refunds its debit in the same transaction. `None` when the
    /// guard does not hold (another worker owns it, or it already finished).
    pub async fn fail_job(
        &self,
        id: Uuid,
        guard: Guard<'_>,
        error: &str,
        events: impl Fn(&Job, i64) -> Vec<NewEvent>,
        message: impl Fn(&Job, &mut MessageParts),
    ) -> Result<Option<Job>> {
        let at = now();
        let dialect = self.dialect();
        let (condition, owner) = match guard {
            Guard::Owner(worker) => ("locked_by = $4", worker),
            Guard::Expired => ("locked_until < $4", ""),
            Guard::User(_) => ("user_id = $4", ""),
        };
        let sql = format!(
            "UPDATE jobs SET status = 'failed', error = $1, locked_by = NULL, locked_until = NULL, updated_at = $2, \
             finished_at = $2 WHERE id = $3 AND {condition} AND status IN ('queued', 'running', 'processing') \
             RETURNING {COLUMNS}"
        );
        let job = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let query = sqlx::query_as(&sql).bind(error).bind(at).bind(id);
            let query = match guard {
                Guard::Owner(_) => query.bind(owner),
                Guard::Expired => query.bind(millis(at)),
                Guard::User(user_id) => query.bind(user_id),
            };
            let job: Option<Job> = query.fetch_optional(&mut *tx).await?;
            let Some(job) = job else { return Ok(None) };
            let balance = if job.credit_cost > 0 {
                insert_ledger_entry(&mut *tx, LedgerWrite {
                    id: Uuid::new_v4(),
                    user_id: job.user_id,
                    delta: job.credit_cost,
                    reason: LedgerReason::Refund,
                    job_id: Some(job.id),
                    at,
                })
                .await?
            } else {
                let (balance,): (i64,) = sqlx::query_as(BALANCE_SQL)
                    .bind(job.user_id)
                    .fetch_one(&mut *tx)
                    .await?;
                balance
            };
            update_linked_message!(tx, &job, &message);
            for event in events(&job, balance) {
                insert_event!(&mut *tx, dialect, event);
            }
            insert_event!(&mut *tx, dialect, credits_changed(job.user_id, balance));
            tx.commit().await?;
            Ok::<_, StoreError>(Some(job))
        })?;
        if let Some(job) = &job {
            self.signal(Signal::Events(job.user_id));
        }
        Ok(job)
    }

    /// Jobs whose worker died on their last attempt: they will not be claimed again and
    /// are failed (and refunded) by whoever finds them.
    pub async fn abandoned_jobs(&self) -> Result<Vec<Uuid>> {
        let rows: Vec<(Uuid,)> = on_db!(self, p => sqlx::query_as(
            "SELECT id FROM jobs WHERE status IN ('running', 'processing') AND locked_until < $1 \
             AND attempts >= max_attempts LIMIT 100",
        )
        .bind(millis(now()))
        .fetch_all(p)
        .await)?;
        Ok(rows.into_iter().map(|(id,)| id).collect())
    }

    /// How long the latest completed generations took from request to result, at most
    /// `per_group` of each kind and engine (hosted when a hosted model answered, else the
    /// studio's own), newest first. Chat replies are not generations. Each group is read
    /// newest-first from its own index, so the cost stays the same however many jobs ran.
    pub async fn recent_durations(&self, per_group: i64) -> Result<Vec<RecentDuration>> {
        let groups: Vec<String> = JobKind::ALL
            .iter()
            .filter(|kind| **kind != JobKind::AssistantReply)
            .flat_map(|kind| {
                [
                    (kind.as_str(), "studio", ""),
                    (kind.as_str(), "hosted", "NOT "),
                ]
            })
            .enumerate()
            .map(|(i, (kind, engine, not))| {
                format!(
                    "SELECT * FROM (SELECT kind, '{engine}' AS engine, created_at, finished_at \
                     FROM jobs WHERE status = 'completed' AND provider IS {not}NULL \
                     AND kind = '{kind}' AND finished_at IS NOT NULL \
                     ORDER BY finished_at DESC LIMIT $1) AS g{i}"
                )
            })
            .collect();
        let sql = groups.join(" UNION ALL ");
        let rows: Vec<(String, String, DateTime<Utc>, DateTime<Utc>)> = on_db!(self, p => sqlx::query_as(&sql)
            .bind(per_group)
            .fetch_all(p)
            .await)?;
        Ok(rows
            .into_iter()
            .filter_map(|(kind, engine, created, finished)| {
                Some(RecentDuration {
                    kind: JobKind::parse(&kind).ok()?,
                    hosted: engine == "hosted",
                    seconds: (finished - created).num_milliseconds().max(0) as f64 / 1000.0,
                })
            })
            .collect())
    }

    /// How many jobs are waiting or running (for tests, benchmarks and shutdown logs).
    pub async fn unfinished_jobs(&self) -> Result<i64> {
        let (count,): (i64,) = on_db!(self, p => sqlx::query_as(
            "SELECT COUNT(*) FROM jobs WHERE status IN ('queued', 'running', 'processing')",
        )
        .fetch_one(p)
        .await)?;
        Ok(count)
    }
}

fn credits_changed(user_id: Uuid, balance: i64) -> NewEvent {
    NewEvent {
        user_id,
        event: LiveEvent::CreditsChanged(CreditsChanged { balance }),
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use domain::ProjectName;
    use serde_json::json;

    use super::*;
    use crate::migrate::tests::{fresh_stores, user};

    async fn queued(store: &Store, email: &str, kind: JobKind, credit_cost: i64) -> Vec<Job> {
        let owner = user(store, email, 10).await;
        let project = store
            .create_project(
                owner.id,
                &ProjectName::parse("Queue").unwrap(),
                Default::default(),
            )
            .await
            .unwrap();
        let mut jobs = Vec::new();
        for _ in 0..3 {
            let new = NewJob {
                id: Uuid::new_v4(),
                user_id: owner.id,
                project_id: project.id,
                scene_id: None,
                message_id: None,
                kind,
                payload: json!({}),
                credit_cost,
                max_attempts: 1,
                delay: Duration::ZERO,
                request_key: None,
            };
            jobs.push(store.enqueue_job(&new).await.unwrap().0);
        }
        jobs
    }

    #[tokio::test]
    async fn paid_work_is_claimed_before_exports_and_a_kept_slot_takes_none() {
        for store in fresh_stores().await {
            store.migrate().await.unwrap();
            let lease = Duration::from_secs(30);
            // Exports queued first, then another account's paid images.
            let exports = queued(&store, "exporter@example.com", JobKind::Export, 0).await;
            let images = queued(&store, "payer@example.com", JobKind::Image, 1).await;
            let claim = |worker: &'static str, take_exports: bool| {
                let store = store.clone();
                async move {
                    store
                        .claim_job(worker, lease, take_exports)
                        .await
                        .unwrap()
                        .map(|job| job.id)
                }
            };
            assert_eq!(claim("worker", true).await, Some(images[0].id));
            assert_eq!(claim("kept", false).await, Some(images[1].id));
            assert_eq!(claim("kept", false).await, Some(images[2].id));
            assert_eq!(
                claim("kept", false).await,
                None,
                "a kept slot takes no export"
            );
            for export in &exports {
                assert_eq!(claim("worker", true).await, Some(export.id), "oldest first");
            }
            store.close().await;
        }
    }
}
