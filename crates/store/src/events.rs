//! Stored events for the live stream (`GET /api/events`) and the signals that wake the
//! streams and the workers: in-process at once, across processes through PostgreSQL
//! `LISTEN/NOTIFY` or, on SQLite, by watching the newest event id.

use crate::BeginWrite;
use std::time::Duration;

use chrono::{DateTime, Utc};
use domain::LiveEvent;
use sqlx::types::Json;
use tokio::sync::broadcast;
use uuid::Uuid;

use crate::{now, on_db, Pool, Result, Store};

/// How long events stay replayable.
pub const EVENT_RETENTION: chrono::Duration = chrono::Duration::hours(24);

/// An event to store for one user: kept as its name and JSON data.
#[derive(Debug, Clone, PartialEq)]
pub struct NewEvent {
    pub user_id: Uuid,
    pub event: LiveEvent,
}

#[derive(Debug, Clone, PartialEq)]
pub struct StoredEvent {
    pub id: i64,
    pub kind: String,
    pub data: serde_json::Value,
    pub created_at: DateTime<Utc>,
}

/// What woke up: new events for a user (or for anyone, when the source cannot tell), new
/// work in the queue, or a revoked session (or possibly any, when revocations were missed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Signal {
    Events(Uuid),
    AnyEvents,
    Jobs,
    SessionRevoked(Uuid),
    AnySessions,
}

/// Inserts an event inside an open transaction; on PostgreSQL also notifies the other
/// processes, which PostgreSQL delivers when the transaction commits.
macro_rules! insert_event {
    ($executor:expr, $dialect:expr, $event:expr) => {{
        let event: $crate::events::NewEvent = $event;
        let data = event
            .event
            .data()
            .map_err(|e| sqlx::Error::Encode(Box::new(e)))?;
        sqlx::query("INSERT INTO events (user_id, kind, data, created_at) VALUES ($1, $2, $3, $4)")
            .bind(event.user_id)
            .bind(event.event.name())
            .bind(sqlx::types::Json(&data))
            .bind($crate::now())
            .execute($executor)
            .await?;
        if $dialect == $crate::Dialect::Postgres {
            sqlx::query("SELECT pg_notify('studio_events', $1)")
                .bind(event.user_id.to_string())
                .execute($executor)
                .await?;
        }
    }};
}
pub(crate) use insert_event;

/// Inside an open transaction that changes a user's credits, media or subscription without
/// storing an event: on PostgreSQL tells the other processes to drop the user's credit badge
/// when the transaction commits. (The caller drops this process's with
/// [`Store::badge_changed`] after the commit; any stored event does both already.)
macro_rules! notify_badge_changed {
    ($executor:expr, $dialect:expr, $user_id:expr) => {{
        if $dialect == $crate::Dialect::Postgres {
            let user_id: uuid::Uuid = $user_id;
            sqlx::query("SELECT pg_notify('studio_badges', $1)")
                .bind(user_id.to_string())
                .execute($executor)
                .await?;
        }
    }};
}
pub(crate) use notify_badge_changed;

pub(crate) fn channel() -> broadcast::Sender<Signal> {
    broadcast::channel(1024).0
}

impl Store {
    /// Wakes this process's listeners. New events of a user may come from a change to their
    /// credits or media, so their credit badge is dropped first (every badge, when the source
    /// cannot tell whose).
    pub(crate) fn signal(&self, signal: Signal) {
        match signal {
            Signal::Events(user_id) => self.badges.forget(user_id),
            Signal::AnyEvents => self.badges.clear(),
            Signal::Jobs | Signal::SessionRevoked(_) | Signal::AnySessions => {}
        }
        let _ = self.signals.send(signal);
    }

    /// Drops the user's credit badge in this process after a change stored no event.
    pub(crate) fn badge_changed(&self, user_id: Uuid) {
        self.badges.forget(user_id);
    }

    /// Signals from this process and, once [`Store::relay_signals`] runs, from the others.
    pub fn subscribe(&self) -> broadcast::Receiver<Signal> {
        self.signals.subscribe()
    }

    /// Relays other processes' signals into this one until the store closes: PostgreSQL
    /// notifications, or on SQLite a change of the newest event id and new session
    /// revocations (checked every 250 ms).
    pub async fn relay_signals(&self) {
        match &self.pool {
            Pool::Postgres(pool) => loop {
                if let Err(e) = self.listen(pool).await {
                    tracing::warn!(error = %e, "lost the database notification channel; reconnecting");
                }
                if pool.is_closed() {
                    return;
                }
                // Events raised while disconnected are still stored; wake everyone to look.
                self.signal(Signal::AnyEvents);
                self.signal(Signal::Jobs);
                self.signal(Signal::AnySessions);
                tokio::time::sleep(Duration::from_secs(1)).await;
            },
            Pool::Sqlite(_) => {
                let mut newest = self.newest_event_id().await.unwrap_or(0);
                let mut revoked_after = self.newest_revocation_id().await.unwrap_or(0);
                let mut every = tokio::time::interval(Duration::from_millis(250));
                loop {
                    every.tick().await;
                    if self.is_closed() {
                        return;
                    }
                    match self.newest_event_id().await {
                        Ok(id) if id != newest => {
                            newest = id;
                            self.signal(Signal::AnyEvents);
                        }
                        _ => {}
                    }
                    match self.revocations_after(revoked_after).await {
                        Ok(revoked) => {
                            for (id, session_id) in revoked {
                                revoked_after = id;
                                self.signal(Signal::SessionRevoked(session_id));
                            }
                        }
                        Err(e) => {
                            tracing::warn!(error = %e, "could not read session revocations");
                            self.signal(Signal::AnySessions);
                        }
                    }
                }
            }
        }
    }

    async fn listen(&self, pool: &sqlx::PgPool) -> Result<()> {
        let mut listener = sqlx::postgres::PgListener::connect_with(pool).await?;
        listener
            .listen_all([
                "studio_events",
                "studio_jobs",
                "studio_sessions",
                "studio_badges",
            ])
            .await?;
        loop {
            let notification = listener.recv().await?;
            let signal = match notification.channel() {
                "studio_badges" => {
                    match Uuid::parse_str(notification.payload()) {
                        Ok(user_id) => self.badges.forget(user_id),
                        Err(_) => self.badges.clear(),
                    }
                    continue;
                }
                "studio_jobs" => Signal::Jobs,
                "studio_sessions" => match Uuid::parse_str(notification.payload()) {
                    Ok(session_id) => Signal::SessionRevoked(session_id),
                    Err(_) => Signal::AnySessions,
                },
                _ => match Uuid::parse_str(notification.payload()) {
                    Ok(user_id) => Signal::Events(user_id),
                    Err(_) => Signal::AnyEvents,
                },
            };
            self.signal(signal);
        }
    }

    fn is_closed(&self) -> bool {
        on_db!(self, p => p.is_closed())
    }

    async fn newest_event_id(&self) -> Result<i64> {
        let (id,): (i64,) = on_db!(self, p => sqlx::query_as("SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) FROM events")
            .fetch_one(p)
            .await)?;
        Ok(id)
    }

    async fn newest_revocation_id(&self) -> Result<i64> {
        let (id,): (i64,) = on_db!(self, p => sqlx::query_as(
            "SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) FROM session_revocations",
        )
        .fetch_one(p)
        .await)?;
        Ok(id)
    }

    /// Sessions revoked after the revocation `after`: `(revocation id, session id)`, oldest first.
    async fn revocations_after(&self, after: i64) -> Result<Vec<(i64, Uuid)>> {
        let rows = on_db!(self, p => sqlx::query_as(
            "SELECT id, session_id FROM session_revocations WHERE id > $1 ORDER BY id",
        )
        .bind(after)
        .fetch_all(p)
        .await)?;
        Ok(rows)
    }

    /// The user's events after `after` (oldest first), at most `limit`.
    pub async fn events_after(
        &self,
        user_id: Uuid,
        after: i64,
        limit: i64,
    ) -> Result<Vec<StoredEvent>> {
        type Row = (i64, String, Json<serde_json::Value>, DateTime<Utc>);
        let rows: Vec<Row> = on_db!(self, p => sqlx::query_as(
            "SELECT id, kind, data, created_at FROM events WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3",
        )
        .bind(user_id)
        .bind(after)
        .bind(limit)
        .fetch_all(p)
        .await)?;
        Ok(rows
            .into_iter()
            .map(|(id, kind, data, created_at)| StoredEvent {
                id,
                kind,
                data: data.0,
                created_at,
            })
            .collect())
    }

    /// The id of the user's newest event (0 when none): where a fresh stream starts.
    pub async fn latest_event_id(&self, user_id: Uuid) -> Result<i64> {
        let (id,): (i64,) = on_db!(self, p => sqlx::query_as(
            "SELECT CAST(COALESCE(MAX(id), 0) AS BIGINT) FROM events WHERE user_id = $1",
        )
        .bind(user_id)
        .fetch_one(p)
        .await)?;
        Ok(id)
    }

    /// Stores one event outside any other change (e.g. a storyboard edit).
    pub async fn publish_event(&self, event: NewEvent) -> Result<()> {
        let dialect = self.dialect();
        let user_id = event.user_id;
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            insert_event!(&mut *tx, dialect, event);
            tx.commit().await?;
            Ok::<_, crate::StoreError>(())
        })?;
        self.signal(Signal::Events(user_id));
        Ok(())
    }

    /// Deletes events older than the retention; returns how many.
    pub async fn prune_events(&self) -> Result<u64> {
        let cutoff = now() - EVENT_RETENTION;
        let done = on_db!(self, p => sqlx::query("DELETE FROM events WHERE created_at < $1")
            .bind(cutoff)
            .execute(p)
            .await
            .map(|r| r.rows_affected()))?;
        Ok(done)
    }
}
