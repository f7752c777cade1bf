//! Signed-in sessions kept in memory for a few seconds (configurable), so most requests
//! authenticate without reading the database. A revoked session is dropped at once on the
//! node that revoked it and, through the store's signals, on every other node; the short
//! life bounds what a missed signal could let through.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

use store::{SessionUser, Signal};
use tokio::sync::broadcast::{self, error::RecvError};
use uuid::Uuid;

/// Past this many sessions the stale ones are swept out (and, if that is not enough, all).
const MAX_SESSIONS: usize = 100_000;

pub struct SessionCache {
    inner: Mutex<Inner>,
    /// How long a session read from the database is trusted without reading it again.
    fresh_for: Duration,
}

#[derive(Default)]
struct Inner {
    sessions: HashMap<[u8; 32], (SessionUser, Instant)>,
    /// Sessions revoked within the cache's life: a lookup that read one just before its
    /// revocation must not put it back.
    revoked: HashMap<Uuid, Instant>,
}

impl SessionCache {
    pub fn new(fresh_for: Duration) -> Self {
        Self {
            inner: Mutex::default(),
            fresh_for,
        }
    }

    fn lock(&self) -> MutexGuard<'_, Inner> {
        // Every change leaves the maps consistent, so a panic elsewhere poisons nothing real.
        self.inner
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The session behind this token hash if it was read recently and has not expired.
    pub fn get(&self, token_hash: &[u8; 32]) -> Option<SessionUser> {
        let inner = self.lock();
        let (session, read_at) = inner.sessions.get(token_hash)?;
        (read_at.elapsed() < self.fresh_for && session.expires_at > store::now())
            .then(|| session.clone())
    }

    /// Keeps a session just read from the database.
    pub fn put(&self, token_hash: [u8; 32], session: SessionUser) {
        let mut inner = self.lock();
        if inner
            .revoked
            .get(&session.session_id)
            .is_some_and(|at| at.elapsed() < self.fresh_for)
        {
            return;
        }
        if inner.sessions.len() >= MAX_SESSIONS {
            inner
                .sessions
                .retain(|_, (_, read_at)| read_at.elapsed() < self.fresh_for);
            if inner.sessions.len() >= MAX_SESSIONS {
                inner.sessions.clear();
            }
        }
        inner.sessions.insert(token_hash, (session, Instant::now()));
    }

    /// Drops a revoked session.
    pub fn revoke(&self, session_id: Uuid) {
        let mut inner = self.lock();
        inner
            .sessions
            .retain(|_, (s, _)| s.session_id != session_id);
        inner.revoked.retain(|_, at| at.elapsed() < self.fresh_for);
        inner.revoked.insert(session_id, Instant::now());
    }

    /// Drops the user's cached sessions after their profile changed, so the next request
    /// reads it afresh (other nodes catch up when their copy goes stale).
    pub fn forget_user(&self, user_id: Uuid) {
        self.lock()
            .sessions
            .retain(|_, (s, _)| s.user.id != user_id);
    }

    fn clear(&self) {
        self.lock().sessions.clear();
    }

    /// Applies revocations from the store's signals (this process's and the relayed ones)
    /// until the store closes.
    pub async fn follow(self: Arc<Self>, mut signals: broadcast::Receiver<Signal>) {
        loop {
            match signals.recv().await {
                Ok(Signal::SessionRevoked(session_id)) => self.revoke(session_id),
                Ok(Signal::AnySessions) | Err(RecvError::Lagged(_)) => self.clear(),
                Ok(_) => {}
                Err(RecvError::Closed) => return,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(expires_in: chrono::Duration) -> SessionUser {
        SessionUser {
            user: store::User {
                id: Uuid::new_v4(),
                email: "a@example.com".into(),
                given_name: None,
                family_name: None,
                picture: None,
                created_at: store::now(),
            },
            session_id: Uuid::new_v4(),
            last_seen_at: store::now(),
            expires_at: store::now() + expires_in,
        }
    }

    #[test]
    fn a_revoked_session_is_gone_and_stays_gone() {
        let cache = SessionCache::new(store::DEFAULT_MEMORY_CACHE);
        let open = session(chrono::Duration::days(1));
        cache.put([1; 32], open.clone());
        assert_eq!(
            cache.get(&[1; 32]).map(|s| s.session_id),
            Some(open.session_id)
        );
        cache.revoke(open.session_id);
        assert!(cache.get(&[1; 32]).is_none());
        // A lookup that read the session before it was revoked cannot put it back.
        cache.put([1; 32], open);
        assert!(cache.get(&[1; 32]).is_none());
    }

    #[test]
    fn an_expired_session_is_not_served() {
        let cache = SessionCache::new(store::DEFAULT_MEMORY_CACHE);
        cache.put([2; 32], session(chrono::Duration::seconds(-1)));
        assert!(cache.get(&[2; 32]).is_none());
    }
}
