//! Fixed-window attempt counters and sign-in failures per account and address, kept in the
//! database so limits hold across API nodes.

use crate::{on_db, Result, Store};

/// Sign-in failures of one address on one account.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SignInPair {
    /// Failures since the last success.
    pub failures: i64,
    /// No attempt from this address on this account until then (unix seconds).
    pub blocked_until: i64,
    /// Whether this address ever signed in to this account.
    pub succeeded: bool,
}

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

    /// Attempts for `key` in the window starting at `window_start`, without counting one.
    pub async fn attempts_in_window(&self, key: &str, window_start: i64) -> Result<i64> {
        let row: Option<(i64,)> = on_db!(self, p => sqlx::query_as(
            "SELECT count FROM rate_limits WHERE key = $1 AND window_start = $2",
        )
        .bind(key)
        .bind(window_start)
        .fetch_optional(p)
        .await)?;
        Ok(row.map_or(0, |(count,)| count))
    }

    /// What is known of sign-ins from `address` to the account `email`.
    pub async fn sign_in_pair(&self, email: &str, address: &str) -> Result<SignInPair> {
        let row: Option<(i64, i64, bool)> = on_db!(self, p => sqlx::query_as(
            "SELECT failures, blocked_until, succeeded FROM sign_in_pairs WHERE email = $1 AND address = $2",
        )
        .bind(email)
        .bind(address)
        .fetch_optional(p)
        .await)?;
        Ok(row.map_or_else(
            SignInPair::default,
            |(failures, blocked_until, succeeded)| SignInPair {
                failures,
                blocked_until,
                succeeded,
            },
        ))
    }

    /// Counts a failed sign-in of the pair and returns its failures since the last success.
    pub async fn count_sign_in_failure(&self, email: &str, address: &str, at: i64) -> Result<i64> {
        let (failures,): (i64,) = on_db!(self, p => sqlx::query_as(
            "INSERT INTO sign_in_pairs (email, address, failures, blocked_until, succeeded, updated_at) \
             VALUES ($1, $2, 1, 0, FALSE, $3) ON CONFLICT (email, address) DO UPDATE SET \
             failures = sign_in_pairs.failures + 1, updated_at = excluded.updated_at RETURNING failures",
        )
        .bind(email)
        .bind(address)
        .bind(at)
        .fetch_one(p)
        .await)?;
        Ok(failures)
    }

    /// Refuses the pair's attempts until `until` (unix seconds).
    pub async fn block_sign_in_pair(&self, email: &str, address: &str, until: i64) -> Result<()> {
        on_db!(self, p => sqlx::query(
            "UPDATE sign_in_pairs SET blocked_until = $1 WHERE email = $2 AND address = $3",
        )
        .bind(until)
        .bind(email)
        .bind(address)
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// A successful sign-in: the pair's failures are forgotten and the address is known.
    pub async fn sign_in_succeeded(&self, email: &str, address: &str, at: i64) -> Result<()> {
        on_db!(self, p => sqlx::query(
            "INSERT INTO sign_in_pairs (email, address, failures, blocked_until, succeeded, updated_at) \
             VALUES ($1, $2, 0, 0, TRUE, $3) ON CONFLICT (email, address) DO UPDATE SET \
             failures = 0, blocked_until = 0, succeeded = TRUE, updated_at = excluded.updated_at",
        )
        .bind(email)
        .bind(address)
        .bind(at)
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Forgets failures of pairs that never signed in and are no longer blocked, last
    /// touched before `before` (unix seconds).
    pub async fn prune_sign_in_pairs(&self, before: i64) -> Result<u64> {
        let done = on_db!(self, p => sqlx::query(
            "DELETE FROM sign_in_pairs WHERE NOT succeeded AND updated_at < $1 AND blocked_until < $1",
        )
        .bind(before)
        .execute(p)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done)
    }
}
