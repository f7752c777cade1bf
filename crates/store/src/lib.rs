//! Campaign Studio's database layer. One [`Store`] runs the same SQL on SQLite (the
//! zero-configuration default) and PostgreSQL (scale-out); each query is written once and
//! compiled against both drivers by [`on_db!`], so the dialects cannot drift apart.

mod accounts;
mod badges;
mod brand_kits;
mod commerce;
mod credits;
mod cutouts;
mod events;
mod flags;
mod jobs;
mod media;
mod messages;
mod migrate;
mod presets;
mod projects;
mod rate_limits;
mod reference_images;
mod scenes;
mod secrets;
mod share_links;
mod signing;
mod storage;
mod templates;
mod usage;

use std::str::FromStr;
use std::time::Duration;

use chrono::{DateTime, Utc};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::sqlite::{
    SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous,
};

pub use accounts::{EndSessions, NewUser, SessionDevice, SessionInfo, SessionUser, User};
pub use badges::Badge;
pub use brand_kits::{BrandKit, Logo};
pub use commerce::{
    AnalyticsCount, Grant, NewAnalyticsEvent, PaymentRefs, StripeEventWork, Subscription,
    SubscriptionChange,
};
pub use credits::{Balance, LedgerEntry};
pub use cutouts::Cutout;
pub use domain::LedgerReason;
pub use events::{NewEvent, Signal, StoredEvent, EVENT_RETENTION};
pub use jobs::{
    ExportAdmission, ExportRefused, Guard, Job, NewJob, RecentDuration, EXPORTS_IN_FLIGHT,
};
pub use media::{
    converted_music_key, marked_poster_key, product_mask_key, DeletedMedia, FileReplacement,
    MediaAsset, MediaPlace, NewMediaAsset, StoredFile,
};
pub use messages::{Message, MessageParts, Stored};
pub use presets::{Feedback, NewFeedback, StylePreset};
pub use projects::Project;
pub use rate_limits::SignInPair;
pub use reference_images::{
    AddReferenceImageError, ReferenceImage, UploadQuota, UploadUsage, DESIGN_KEY_PREFIX,
    EXPORT_KEY_PREFIX, MAX_DRAFT_IMAGES, MAX_REFERENCE_IMAGES,
};
pub use scenes::{Scene, ScenePatch};
pub use share_links::ShareLink;
pub use signing::Signer;
pub use storage::{MediaStorage, StorageConfig, StorageError, StoredObject};
pub use templates::StoredTemplate;
pub use usage::{ProviderCall, ProviderUsage};

/// Why a store operation failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The row does not exist or belongs to another user.
    #[error("not found")]
    NotFound,
    /// A unique constraint rejected the write.
    #[error("conflict")]
    Conflict,
    /// The balance cannot pay for the job; nothing was written.
    #[error("insufficient credits")]
    InsufficientCredits,
    /// The request does not fit the stored data (e.g. a reorder that misses a scene).
    #[error("{0}")]
    Invalid(String),
    /// The database cannot be reached right now (down, restarting, or every connection
    /// busy past the acquire timeout); the request may be retried.
    #[error("database unavailable: {0}")]
    Unavailable(sqlx::Error),
    #[error(transparent)]
    Database(sqlx::Error),
    #[error("migration failed: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

/// The rows skipped before a page (pages count from 1); a page beyond what the offset
/// can express is refused rather than wrapped.
pub(crate) fn page_offset(page: i64, per_page: i64) -> Result<i64> {
    page.max(1)
        .checked_sub(1)
        .and_then(|before| before.checked_mul(per_page.max(0)))
        .ok_or_else(|| StoreError::Invalid("This page is out of range".into()))
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        match &e {
            sqlx::Error::RowNotFound => StoreError::NotFound,
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict,
            sqlx::Error::PoolTimedOut
            | sqlx::Error::PoolClosed
            | sqlx::Error::Io(_)
            | sqlx::Error::Tls(_) => StoreError::Unavailable(e),
            // Class 08 (connection exception) and the server shutting down or starting up.
            sqlx::Error::Database(db)
                if db
                    .code()
                    .is_some_and(|c| c.starts_with("08") || c.starts_with("57P")) =>
            {
                StoreError::Unavailable(e)
            }
            _ => StoreError::Database(e),
        }
    }
}

pub type Result<T, E = StoreError> = std::result::Result<T, E>;

#[derive(Clone, Debug)]
pub(crate) enum Pool {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// Runs `$body` with `$pool` bound to the concrete pool of either dialect. The body is
/// type-checked once per driver, so every query must be valid portable SQL (`$1` binds,
/// `RETURNING`, `ON CONFLICT`) and decode into types both drivers support.
macro_rules! on_db {
    ($store:expr, $pool:ident => $body:expr) => {
        match &$store.pool {
            $crate::Pool::Sqlite($pool) => $body,
            $crate::Pool::Postgres($pool) => $body,
        }
    };
}
pub(crate) use on_db;

/// Opens a transaction that writes. On SQLite it takes the write lock up front (`BEGIN
/// IMMEDIATE`): a deferred transaction that reads before it writes fails at once with
/// "database is locked" when another connection wrote in between, which the busy timeout
/// cannot wait out; taking the lock first makes it wait its turn instead.
pub(crate) trait BeginWrite {
    type Db: sqlx::Database;
    async fn begin_write(&self) -> sqlx::Result<sqlx::Transaction<'static, Self::Db>>;
}

impl BeginWrite for SqlitePool {
    type Db = sqlx::Sqlite;
    async fn begin_write(&self) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Sqlite>> {
        self.begin_with("BEGIN IMMEDIATE").await
    }
}

impl BeginWrite for PgPool {
    type Db = sqlx::Postgres;
    async fn begin_write(&self) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Postgres>> {
        self.begin().await
    }
}

/// How long a node trusts a session or credit badge it read from the database before reading
/// it again, unless configured. The store's signals drop changed ones at once; this bounds
/// what a missed signal could let through.
pub const DEFAULT_MEMORY_CACHE: Duration = Duration::from_secs(5);

/// The database, SQLite or PostgreSQL, chosen by URL.
#[derive(Clone, Debug)]
pub struct Store {
    pub(crate) pool: Pool,
    signals: tokio::sync::broadcast::Sender<Signal>,
    badges: std::sync::Arc<badges::BadgeCache>,
}

/// Which database engine a [`Store`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

impl Store {
    /// Connects to `sqlite://path` (created if missing, WAL) or `postgres://…`.
    pub async fn connect(url: &str) -> Result<Self> {
        let pool = if url.starts_with("sqlite:") {
            let options = SqliteConnectOptions::from_str(url)?
                .create_if_missing(true)
                .journal_mode(SqliteJournalMode::Wal)
                .synchronous(SqliteSynchronous::Normal)
                .busy_timeout(Duration::from_secs(10))
                .foreign_keys(true);
            Pool::Sqlite(
                SqlitePoolOptions::new()
                    .max_connections(8)
                    .connect_with(options)
                    .await?,
            )
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Pool::Postgres(
                // A request waits at most this long for a connection: while the database is
                // down it answers 503 quickly instead of hanging.
                PgPoolOptions::new()
                    .max_connections(16)
                    .acquire_timeout(Duration::from_secs(3))
                    .connect(url)
                    .await?,
            )
        } else {
            return Err(StoreError::Invalid(format!(
                "unsupported database URL '{url}': use sqlite://PATH or postgres://…"
            )));
        };
        Ok(Self {
            pool,
            signals: events::channel(),
            badges: Default::default(),
        })
    }

    pub fn dialect(&self) -> Dialect {
        match self.pool {
            Pool::Sqlite(_) => Dialect::Sqlite,
            Pool::Postgres(_) => Dialect::Postgres,
        }
    }

    /// Applies the migrations of this store's dialect that are not yet applied.
    pub async fn migrate(&self) -> Result<()> {
        migrate::run(self).await
    }

    /// Checks that the database answers.
    pub async fn ping(&self) -> Result<()> {
        on_db!(self, p => sqlx::query("SELECT 1").execute(p).await.map(|_| ())).map_err(Into::into)
    }

    pub async fn close(&self) {
        on_db!(self, p => p.close().await)
    }
}

/// The current time at the precision both databases keep (microseconds), so a value read
/// back equals the value written.
#[allow(clippy::disallowed_methods)] // The one place the clock is read.
pub fn now() -> DateTime<Utc> {
    use chrono::Timelike;
    let t = Utc::now();
    t.with_nanosecond(t.nanosecond() / 1_000 * 1_000)
        .unwrap_or(t)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn page_offsets_never_wrap() {
        assert_eq!(page_offset(1, 20).unwrap(), 0);
        assert_eq!(page_offset(3, 20).unwrap(), 40);
        assert!(matches!(
            page_offset(i64::MAX, 100),
            Err(StoreError::Invalid(_))
        ));
    }
}
