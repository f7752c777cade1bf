//! Migrations for both dialects, embedded in the binary.

use std::borrow::Cow;

use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

use crate::{on_db, Dialect, Result, Store};

/// `(version, description, sqlite sql, postgres sql)`; both columns describe one schema.
const MIGRATIONS: &[(i64, &str, &str, &str)] = &[
    (
        1,
        "foundation",
        include_str!("../migrations/sqlite/0001_foundation.sql"),
        include_str!("../migrations/postgres/0001_foundation.sql"),
    ),
    (
        2,
        "reference images",
        include_str!("../migrations/sqlite/0002_reference_images.sql"),
        include_str!("../migrations/postgres/0002_reference_images.sql"),
    ),
    (
        3,
        "jobs",
        include_str!("../migrations/sqlite/0003_jobs.sql"),
        include_str!("../migrations/postgres/0003_jobs.sql"),
    ),
    (
        4,
        "chat",
        include_str!("../migrations/sqlite/0004_chat.sql"),
        include_str!("../migrations/postgres/0004_chat.sql"),
    ),
];

#[derive(Debug)]
struct Embedded(Dialect);

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> futures_core::future::BoxFuture<'static, Result<Vec<Migration>, sqlx::error::BoxDynError>>
    {
        Box::pin(async move {
            Ok(MIGRATIONS
                .iter()
                .map(|&(version, description, sqlite, postgres)| {
                    let sql = match self.0 {
                        Dialect::Sqlite => sqlite,
                        Dialect::Postgres => postgres,
                    };
                    Migration::new(
                        version,
                        Cow::Borrowed(description),
                        MigrationType::Simple,
                        Cow::Borrowed(sql),
                        false,
                    )
                })
                .collect())
        })
    }
}

pub(crate) async fn run(store: &Store) -> Result<()> {
    let migrator = Migrator::new(Embedded(store.dialect())).await?;
    on_db!(store, p => migrator.run(p).await)?;
    Ok(())
}
