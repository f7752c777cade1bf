//! Server secrets kept in the database so every API node signs and verifies alike.

use crate::{now, on_db, Result, Store};

impl Store {
    /// The secret called `name`, created from `fresh` by the first node that asks.
    pub async fn server_secret(&self, name: &str, fresh: &[u8]) -> Result<Vec<u8>> {
        on_db!(self, p => {
            sqlx::query("INSERT INTO server_secrets (name, secret, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
                .bind(name)
                .bind(fresh)
                .bind(now())
                .execute(p)
                .await?;
            let (secret,): (Vec<u8>,) = sqlx::query_as("SELECT secret FROM server_secrets WHERE name = $1")
                .bind(name)
                .fetch_one(p)
                .await?;
            Ok(secret)
        })
    }
}
