//! The credit badge (balance, media counts, plan) of recently seen users, kept in memory so
//! the badge most pages poll is answered without a database round trip. A user's badge is
//! dropped the moment this process signals a change to their credits, media or subscription
//! (the store raises the signal after each such write and relays the other processes'
//! ones), and lives at most a few seconds (configurable), which bounds what a missed signal
//! could let through.

use std::collections::HashMap;
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use uuid::Uuid;

use crate::{Balance, Result, Store, Subscription, DEFAULT_MEMORY_CACHE};

/// Past this many users the stale badges are swept out (and, if that is not enough, all).
const MAX_BADGES: usize = 100_000;

/// What the credit badge shows: the balance and media counts, and the subscription that
/// gives the user a plan, if any.
#[derive(Debug, Clone, PartialEq)]
pub struct Badge {
    pub balance: Balance,
    pub subscription: Option<Subscription>,
}

#[derive(Debug)]
pub(crate) struct BadgeCache {
    inner: Mutex<Inner>,
    /// How long a badge read from the database is trusted without reading it again.
    fresh_for: Duration,
}

impl Default for BadgeCache {
    fn default() -> Self {
        Self::new(DEFAULT_MEMORY_CACHE)
    }
}

#[derive(Debug, Default)]
struct Inner {
    badges: HashMap<Uuid, (Badge, Instant)>,
    /// When each user's badge was last dropped (kept as long as a badge is): a read that began
    /// before the drop may have seen the old values and must not be kept.
    dropped: HashMap<Uuid, Instant>,
    /// When every badge was last dropped.
    cleared: Option<Instant>,
}

impl BadgeCache {
    pub(crate) fn new(fresh_for: Duration) -> Self {
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

    fn get(&self, user_id: Uuid) -> Option<Badge> {
        let inner = self.lock();
        let (badge, until) = inner.badges.get(&user_id)?;
        (Instant::now() < *until).then(|| badge.clone())
    }

    /// Keeps a badge read from the database since `read_at`, unless it was dropped since.
    fn put(&self, user_id: Uuid, badge: Badge, read_at: Instant) {
        let mut inner = self.lock();
        if inner.cleared.is_some_and(|at| at >= read_at)
            || inner.dropped.get(&user_id).is_some_and(|at| *at >= read_at)
        {
            return;
        }
        // A plan cancelled at the end of its period ends by itself then, without a signal.
        let mut until = read_at + self.fresh_for;
        if let Some(end) = badge
            .subscription
            .as_ref()
            .filter(|s| s.cancel_at_period_end)
            .and_then(|s| s.current_period_end)
        {
            let left = (end - crate::now()).to_std().unwrap_or_default();
            until = until.min(Instant::now() + left);
        }
        if inner.badges.len() >= MAX_BADGES {
            let now = Instant::now();
            inner.badges.retain(|_, (_, until)| *until > now);
            if inner.badges.len() >= MAX_BADGES {
                inner.badges.clear();
            }
        }
        inner.badges.insert(user_id, (badge, until));
    }

    pub(crate) fn forget(&self, user_id: Uuid) {
        let mut inner = self.lock();
        inner.badges.remove(&user_id);
        let now = Instant::now();
        inner
            .dropped
            .retain(|_, at| now.duration_since(*at) < self.fresh_for);
        inner.dropped.insert(user_id, now);
    }

    pub(crate) fn clear(&self) {
        let mut inner = self.lock();
        inner.badges.clear();
        inner.dropped.clear();
        inner.cleared = Some(Instant::now());
    }
}

impl Store {
    /// Trusts a badge read from the database this long (instead of [`DEFAULT_MEMORY_CACHE`])
    /// unless a signal drops it first.
    pub fn trust_badges_for(mut self, fresh_for: Duration) -> Self {
        self.badges = std::sync::Arc::new(BadgeCache::new(fresh_for));
        self
    }

    /// The user's credit badge, from memory when read in the last few seconds (see
    /// [`Store::trust_badges_for`]) and unchanged since.
    pub async fn badge(&self, user_id: Uuid) -> Result<Badge> {
        if let Some(badge) = self.badges.get(user_id) {
            return Ok(badge);
        }
        let read_at = Instant::now();
        let badge = Badge {
            balance: self.balance(user_id).await?,
            subscription: self.active_subscription(user_id).await?,
        };
        self.badges.put(user_id, badge.clone(), read_at);
        Ok(badge)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn badge(balance: i64) -> Badge {
        Badge {
            balance: Balance {
                balance,
                images: 0,
                videos: 0,
            },
            subscription: None,
        }
    }

    #[test]
    fn a_dropped_badge_is_gone_and_a_read_from_before_cannot_bring_it_back() {
        let cache = BadgeCache::default();
        let user = Uuid::new_v4();
        cache.put(user, badge(10), Instant::now());
        assert_eq!(cache.get(user), Some(badge(10)));

        let read_before = Instant::now();
        cache.forget(user);
        assert_eq!(cache.get(user), None);
        cache.put(user, badge(10), read_before);
        assert_eq!(cache.get(user), None);
        cache.put(user, badge(9), Instant::now());
        assert_eq!(cache.get(user), Some(badge(9)));

        let read_before = Instant::now();
        cache.clear();
        cache.put(user, badge(9), read_before);
        assert_eq!(cache.get(user), None);
    }

    #[test]
    fn a_plan_ending_soon_is_not_kept_past_its_end() {
        let cache = BadgeCache::default();
        let user = Uuid::new_v4();
        let mut ending = badge(5);
        ending.subscription = Some(Subscription {
            id: Uuid::new_v4(),
            user_id: user,
            plan_id: "creator_monthly".into(),
            stripe_subscription_id: "sub_1".into(),
            stripe_customer_id: "cus_1".into(),
            status: "active".into(),
            current_period_end: Some(crate::now()),
            cancel_at_period_end: true,
            created_at: crate::now(),
        });
        cache.put(user, ending, Instant::now());
        assert_eq!(cache.get(user), None);
    }
}
