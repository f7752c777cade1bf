//! Attempt counters in fixed windows, kept in the database so that a limit holds across API
//! nodes: every node counts into the same row of a window.

use store::Store;

use crate::error::{ApiError, ApiResult};

/// A fixed window's length in seconds; windows start at multiples of it.
#[derive(Clone, Copy)]
pub(crate) struct Window(i64);

impl Window {
    pub(crate) const MINUTE: Window = Window(60);

    pub(crate) fn seconds(seconds: u32) -> Self {
        Window(i64::from(seconds.max(1)))
    }

    /// The start of the window `now` falls in.
    pub(crate) fn start(self, now: i64) -> i64 {
        now - now.rem_euclid(self.0)
    }

    pub(crate) fn end(self, now: i64) -> i64 {
        self.start(now) + self.0
    }

    /// Where counters of windows before this one's predecessor may be forgotten.
    pub(crate) fn forget_before(self, now: i64) -> i64 {
        self.start(now) - self.0
    }
}

/// 429 with the seconds left until `until`.
pub(crate) fn rate_limited(until: i64, now: i64) -> ApiError {
    ApiError::RateLimited {
        retry_after_seconds: u64::try_from(until - now).unwrap_or(1).max(1),
    }
}

/// Counts an attempt for `key` in this window; past `limit`, 429 until the next.
pub(crate) async fn count_in_window(
    store: &Store,
    window: Window,
    key: &str,
    limit: u32,
) -> ApiResult<()> {
    let now = store::now().timestamp();
    let attempts = store
        .count_attempt(key, window.start(now), window.forget_before(now))
        .await?;
    if attempts > i64::from(limit) {
        return Err(rate_limited(window.end(now), now));
    }
    Ok(())
}
