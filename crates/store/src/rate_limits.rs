//! Fixed-window attempt counters kept in the database, so limits hold across API nodes.

use crate::{on_db, Result, Store};

impl Store {
    /// Counts one attempt for `key` in the window starting at `window_start` (unix seconds)
    /// and returns the attempts in that window so far, this one included. Windows that
    /// started before `forget_before` are deleted on the way.
    pub async fn count_attempt(
        &self,
        key: &str,
        window_start: i64,
        forget_before: i64,
    ) -> Result<i64> {
        on_db!(self, p => {
            sqlx::query("DELETE FROM rate_limits WHERE window_start < $1").bind(forget_before).execute(p).await?;
            let (count,): (i64,) = sqlx::query_as(
                "INSERT INTO rate_limits (key, window_start, count) VALUES ($1, $2, 1) \
                 ON CONFLICT (key, window_start) DO UPDATE SET count = rate_limits.count + 1 RETURNING count",
            )
            .bind(key)
            .bind(window_start)
            .fetch_one(p)
            .await?;
            Ok(count)
        })
    }
}
