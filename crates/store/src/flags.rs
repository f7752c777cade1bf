//! Feature flags switched by operators (`studio admin flag set`).

use crate::{now, on_db, Result, Store};

impl Store {
    /// The stored value of a flag, if an operator ever set it.
    pub async fn flag(&self, name: &str) -> Result<Option<bool>> {
        let row: Option<(bool,)> = on_db!(self, p => sqlx::query_as("SELECT enabled FROM feature_flags WHERE name = $1")
            .bind(name)
            .fetch_optional(p)
            .await)?;
        Ok(row.map(|(enabled,)| enabled))
    }

    pub async fn set_flag(&self, name: &str, enabled: bool) -> Result<()> {
        on_db!(self, p => sqlx::query(
            "INSERT INTO feature_flags (name, enabled, updated_at) VALUES ($1, $2, $3) \
             ON CONFLICT (name) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at",
        )
        .bind(name)
        .bind(enabled)
        .bind(now())
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(())
    }
}
