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
    (
        5,
        "job message ids",
        include_str!("../migrations/sqlite/0005_job_message_ids.sql"),
        include_str!("../migrations/postgres/0005_job_message_ids.sql"),
    ),
    (
        6,
        "commerce",
        include_str!("../migrations/sqlite/0006_commerce.sql"),
        include_str!("../migrations/postgres/0006_commerce.sql"),
    ),
    (
        7,
        "balance",
        include_str!("../migrations/sqlite/0007_balance.sql"),
        include_str!("../migrations/postgres/0007_balance.sql"),
    ),
    (
        8,
        "session revocations",
        include_str!("../migrations/sqlite/0008_session_revocations.sql"),
        include_str!("../migrations/postgres/0008_session_revocations.sql"),
    ),
    (
        9,
        "conversation order",
        include_str!("../migrations/sqlite/0009_conversation_order.sql"),
        include_str!("../migrations/postgres/0009_conversation_order.sql"),
    ),
    (
        10,
        "job provider calls",
        include_str!("../migrations/sqlite/0010_job_provider_calls.sql"),
        include_str!("../migrations/postgres/0010_job_provider_calls.sql"),
    ),
    (
        11,
        "reference image drafts",
        include_str!("../migrations/sqlite/0011_reference_image_drafts.sql"),
        include_str!("../migrations/postgres/0011_reference_image_drafts.sql"),
    ),
    (
        12,
        "account security and payment reversals",
        include_str!("../migrations/sqlite/0012_account_security.sql"),
        include_str!("../migrations/postgres/0012_account_security.sql"),
    ),
    (
        13,
        "share links and watermarks",
        include_str!("../migrations/sqlite/0013_share_links_and_watermarks.sql"),
        include_str!("../migrations/postgres/0013_share_links_and_watermarks.sql"),
    ),
    (
        14,
        "job estimates index",
        include_str!("../migrations/sqlite/0014_job_estimates_index.sql"),
        include_str!("../migrations/postgres/0014_job_estimates_index.sql"),
    ),
    (
        15,
        "free work bounds",
        include_str!("../migrations/sqlite/0015_free_work_bounds.sql"),
        include_str!("../migrations/postgres/0015_free_work_bounds.sql"),
    ),
    (
        16,
        "reference image cutouts",
        include_str!("../migrations/sqlite/0016_reference_image_cutouts.sql"),
        include_str!("../migrations/postgres/0016_reference_image_cutouts.sql"),
    ),
    (
        17,
        "brand kits",
        include_str!("../migrations/sqlite/0017_brand_kits.sql"),
        include_str!("../migrations/postgres/0017_brand_kits.sql"),
    ),
];

/// The migrations of one dialect up to and including `until`.
#[derive(Debug)]
struct Embedded(Dialect, i64);

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> futures_core::future::BoxFuture<'static, Result<Vec<Migration>, sqlx::error::BoxDynError>>
    {
        Box::pin(async move {
            Ok(MIGRATIONS
                .iter()
                .filter(|(version, ..)| *version <= self.1)
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
    run_until(store, i64::MAX).await
}

async fn run_until(store: &Store, until: i64) -> Result<()> {
    let migrator = Migrator::new(Embedded(store.dialect(), until)).await?;
    on_db!(store, p => migrator.run(p).await)?;
    Ok(())
}

#[cfg(test)]
pub(crate) mod tests {
    use domain::{GenerationState, MediaKind, ProjectName, SceneName, Settings};
    use serde_json::json;
    use sqlx::types::Json;
    use uuid::Uuid;

    use super::*;
    use crate::{now, NewUser, StoreError};

    /// A fresh database of each dialect the environment offers: SQLite always, PostgreSQL
    /// when `STUDIO_TEST_PG_URL` names a cluster.
    pub(crate) async fn fresh_stores() -> Vec<Store> {
        let path = std::env::temp_dir().join(format!("store-upgrade-{}.db", Uuid::new_v4()));
        let mut stores = vec![Store::connect(&format!("sqlite://{}", path.display()))
            .await
            .unwrap()];
        if let Ok(admin) = std::env::var("STUDIO_TEST_PG_URL") {
            let name = format!("store_test_{}", Uuid::new_v4().simple());
            let admin_store = Store::connect(&admin).await.unwrap();
            on_db!(admin_store, p => sqlx::query(&format!("CREATE DATABASE {name}")).execute(p).await.map(|_| ()))
                .unwrap();
            admin_store.close().await;
            let (base, _) = admin.rsplit_once('/').unwrap();
            stores.push(Store::connect(&format!("{base}/{name}")).await.unwrap());
        }
        stores
    }

    /// A user for store tests, granted `signup_grant` credits at sign-up.
    pub(crate) async fn user(store: &Store, email: &str, signup_grant: i64) -> crate::User {
        let email = domain::Email::parse(email).unwrap();
        store
            .create_user(NewUser {
                email: &email,
                password_hash: "x",
                given_name: None,
                family_name: None,
                signup_grant,
            })
            .await
            .unwrap()
    }

    #[tokio::test]
    async fn an_upgrade_keeps_what_the_previous_version_wrote() {
        for store in fresh_stores().await {
            upgrade_from_chat_schema(&store).await;
            store.close().await;
        }
    }

    async fn upgrade_from_chat_schema(store: &Store) {
        run_until(store, 4).await.unwrap();
        // Credits are written below as the previous version wrote them.
        let user = user(store, "upgrade@example.com", 0).await;
        for (delta, reason) in [
            (10, "signup_grant"),
            (-3, "generation"),
            (25, "admin_grant"),
        ] {
            on_db!(store, p => sqlx::query(
                "INSERT INTO credit_ledger (id, user_id, delta, reason, job_id, created_at) VALUES ($1, $2, $3, $4, NULL, $5)",
            )
            .bind(Uuid::new_v4())
            .bind(user.id)
            .bind(delta)
            .bind(reason)
            .bind(now())
            .execute(p)
            .await
            .map(|_| ()))
            .unwrap();
        }
        let name = ProjectName::parse("Upgrade").unwrap();
        let project = store
            .create_project(user.id, &name, Settings::default())
            .await
            .unwrap();
        let scene_name = SceneName::parse("Scene").unwrap();
        let scene = store
            .create_scene(user.id, project.id, &scene_name, None)
            .await
            .unwrap();

        // A message as the previous version wrote it: media items and the structured
        // response's media carry URLs, and a rolled-back generation is JSON null.
        let message_id = Uuid::new_v4();
        let asset = Uuid::new_v4();
        let media = json!([{
            "type": "image", "url": format!("/api/media/file/{asset}"), "id": asset,
            "asset_id": asset, "creditCost": 1, "alt": "a mug", "width": 1024, "height": 1536,
            "thumbnailUrl": format!("/api/media/file/{asset}?variant=thumbnail"),
        }]);
        let structured = json!({
            "refined_image_prompt": "a mug", "refined_video_prompt": null, "ready_for_image": true,
            "ready_for_video": false, "clarification_needed": false, "suggestions": [],
            "additional_comments": null,
            "media": {"image": {"url": format!("/api/media/file/{asset}"), "asset_id": asset, "credit_cost": 1}},
        });
        let context = json!({
            "scene_id": scene.id,
            "pre_production_settings": {"quality": "high", "resolution": "1024x1024", "duration": "10s"},
        });
        let at = now();
        on_db!(store, p => sqlx::query(
            "INSERT INTO messages (id, user_id, project_id, scene_id, role, content, structured_response, \
             parent_message_id, processing_status, error, generation, media, context, reference_image_ids, \
             created_at, updated_at) \
             VALUES ($1, $2, $3, $4, 'assistant', 'Here it is', $5, NULL, 'completed', NULL, $6, $7, $8, $9, $10, $10)",
        )
        .bind(message_id)
        .bind(user.id)
        .bind(project.id)
        .bind(scene.id)
        .bind(Json(&structured))
        .bind(Json(serde_json::Value::Null))
        .bind(Json(&media))
        .bind(Json(&context))
        .bind(Json(json!([])))
        .bind(at)
        .execute(p)
        .await
        .map(|_| ()))
        .unwrap();

        // Jobs linked to the message by its id as text, and one by text that is no id.
        let linked = Uuid::new_v4();
        let unlinked = Uuid::new_v4();
        let message_text = message_id.to_string();
        for (id, message) in [(linked, message_text.as_str()), (unlinked, "draft-1")] {
            on_db!(store, p => sqlx::query(
                "INSERT INTO jobs (id, user_id, project_id, scene_id, message_id, kind, payload, status, attempts, \
                 max_attempts, credit_cost, run_after, locked_by, locked_until, progress, stage, error, asset_id, \
                 created_at, updated_at, finished_at) \
                 VALUES ($1, $2, $3, $4, $5, 'image', $6, 'completed', 1, 3, 1, 0, NULL, NULL, 100, NULL, NULL, NULL, $7, $7, $7)",
            )
            .bind(id)
            .bind(user.id)
            .bind(project.id)
            .bind(scene.id)
            .bind(message)
            .bind(Json(json!({})))
            .bind(at)
            .execute(p)
            .await
            .map(|_| ()))
            .unwrap();
        }

        store.migrate().await.unwrap();

        // The kept balance starts from the ledger's sum.
        assert_eq!(store.balance(user.id).await.unwrap().balance, 32);
        assert_eq!(store.ledger_sum(user.id).await.unwrap(), 32);

        assert_eq!(
            store.job(user.id, linked).await.unwrap().message_id,
            Some(message_id)
        );
        assert_eq!(store.job(user.id, unlinked).await.unwrap().message_id, None);
        let message = store.message(user.id, message_id).await.unwrap();
        assert_eq!(message.generation, None);
        assert_eq!(message.media.len(), 1);
        assert_eq!(message.media[0].kind, MediaKind::Image);
        assert_eq!(message.media[0].asset_id, asset);
        assert_eq!(message.media[0].alt.as_deref(), Some("a mug"));
        let answer = message.structured_response.unwrap();
        assert_eq!(answer.refined_image_prompt.as_deref(), Some("a mug"));
        assert_eq!(
            message.context.pre_production_settings.duration,
            domain::Duration::Ten
        );

        // The upgraded message takes a typed generation.
        let generation = domain::Generation {
            action: MediaKind::Image,
            state: GenerationState::Completed,
            flag: None,
            job_id: linked,
            error: None,
        };
        store
            .set_message_generation(user.id, message_id, Some(&generation))
            .await
            .unwrap();
        let generation = store.message(user.id, message_id).await.unwrap().generation;
        assert_eq!(generation.map(|g| g.job_id), Some(linked));

        // A value no enum knows is an error when read, never a default.
        on_db!(store, p => sqlx::query("UPDATE jobs SET kind = 'nonsense' WHERE id = $1")
            .bind(unlinked)
            .execute(p)
            .await
            .map(|_| ()))
        .unwrap();
        assert!(matches!(
            store.job(user.id, unlinked).await,
            Err(StoreError::Database(_))
        ));
        on_db!(store, p => sqlx::query("UPDATE messages SET role = 'system' WHERE id = $1")
            .bind(message_id)
            .execute(p)
            .await
            .map(|_| ()))
        .unwrap();
        assert!(matches!(
            store.message(user.id, message_id).await,
            Err(StoreError::Database(_))
        ));
    }
}
