//! Reference images: product photos a seller uploads for a scene (the Generate panel's
//! product images) or attaches to a chat message. Rows are written only after their bytes
//! are stored; deleting a row queues its bytes for deletion in the same transaction.

use crate::BeginWrite;
use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::cutouts::{self, bind_cutout, Cutout};
use crate::{now, on_db, Result, Store, StoreError};

/// The most reference images a scene (or one chat message) can hold.
pub const MAX_REFERENCE_IMAGES: i64 = 3;
/// The most unsent chat attachments ("drafts": uploaded for a message not yet sent) a
/// campaign holds, whatever message keys the client chose: one message's worth.
pub const MAX_DRAFT_IMAGES: i64 = MAX_REFERENCE_IMAGES;

/// Where export files are stored: the export job's keys start with it (and
/// `STORAGE_USAGE_SQL` counts the files under it).
pub const EXPORT_KEY_PREFIX: &str = "exports/";
/// Where ad designs are stored (free to make, so counted like export files).
pub const DESIGN_KEY_PREFIX: &str = "designs/";

/// What a user keeps against the storage quota, counted and in bytes: product photos and
/// attachments, export files and ad designs (free to make, so bounded by what they keep).
pub(crate) const STORAGE_USAGE_SQL: &str = "SELECT CAST(COUNT(*) AS BIGINT), CAST(COALESCE(SUM(file_size), 0) AS BIGINT) \
     FROM (SELECT file_size FROM reference_images WHERE user_id = $1 \
     UNION ALL SELECT file_size FROM media_assets WHERE user_id = $1 AND (storage_key LIKE 'exports/%' OR storage_key LIKE 'designs/%')) AS kept";

/// How much a user may keep: product photos, attachments and export files, counted and in
/// bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct UploadQuota {
    pub files: i64,
    pub bytes: i64,
}

/// What a user keeps: product photos, attachments and export files.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct UploadUsage {
    pub files: i64,
    pub bytes: i64,
}

impl UploadUsage {
    /// Whether one more file of `size` bytes stays within `quota`.
    pub fn allows(&self, quota: &UploadQuota, size: i64) -> bool {
        self.files < quota.files && self.bytes.saturating_add(size) <= quota.bytes
    }
}

/// A reference image. A new one is written with the id and keys its caller chose after
/// storing the bytes under them.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct ReferenceImage {
    pub id: Uuid,
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Option<Uuid>,
    /// The key a client groups a chat message's attachments under while the message is
    /// being written: any text the client chooses, not the stored message's id.
    pub message_id: Option<String>,
    pub upload_id: Option<String>,
    pub storage_key: String,
    pub thumbnail_key: String,
    pub filename: String,
    pub original_filename: Option<String>,
    pub mime_type: String,
    pub thumbnail_mime_type: String,
    pub width: i64,
    pub height: i64,
    pub file_size: i64,
    pub created_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, user_id, project_id, scene_id, message_id, upload_id, storage_key, thumbnail_key, \
     filename, original_filename, mime_type, thumbnail_mime_type, width, height, file_size, created_at";

/// Unsent attachments of one campaign (`$3` none: of the project outside any campaign).
const DRAFTS_IN_CAMPAIGN: &str = "SELECT COUNT(*) FROM reference_images \
     WHERE user_id = $1 AND project_id = $2 \
     AND ((scene_id IS NULL AND $3 IS NULL) OR scene_id = $3) \
     AND message_id IS NOT NULL AND sent_at IS NULL";

/// Why a reference image could not be added.
#[derive(Debug, thiserror::Error)]
pub enum AddReferenceImageError {
    #[error("the scene or message already holds the most reference images allowed")]
    LimitReached,
    #[error("the user's upload quota is used up")]
    QuotaReached,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl From<sqlx::Error> for AddReferenceImageError {
    fn from(e: sqlx::Error) -> Self {
        AddReferenceImageError::Store(e.into())
    }
}

impl Store {
    /// How many reference images the target of an upload holds: the message's attachments
    /// when `message_id` is given, else the scene's own product images.
    pub async fn count_reference_images(
        &self,
        user_id: Uuid,
        scene_id: Option<Uuid>,
        message_id: Option<&str>,
    ) -> Result<i64> {
        let (count,): (i64,) = match message_id {
            Some(message_id) => on_db!(self, p => sqlx::query_as(
                "SELECT COUNT(*) FROM reference_images WHERE user_id = $1 AND message_id = $2"
            )
            .bind(user_id)
            .bind(message_id)
            .fetch_one(p)
            .await)?,
            None => on_db!(self, p => sqlx::query_as(
                "SELECT COUNT(*) FROM reference_images WHERE user_id = $1 AND scene_id = $2 AND message_id IS NULL"
            )
            .bind(user_id)
            .bind(scene_id)
            .fetch_one(p)
            .await)?,
        };
        Ok(count)
    }

    /// What the user keeps against the storage quota.
    pub async fn upload_usage(&self, user_id: Uuid) -> Result<UploadUsage> {
        let (files, bytes): (i64, i64) = on_db!(self, p => sqlx::query_as(STORAGE_USAGE_SQL)
        .bind(user_id)
        .fetch_one(p)
        .await)?;
        Ok(UploadUsage { files, bytes })
    }

    /// How many unsent chat attachments (drafts) a campaign holds; `scene_id` none: the
    /// project's attachments outside any campaign.
    pub async fn count_draft_images(
        &self,
        user_id: Uuid,
        project_id: Uuid,
        scene_id: Option<Uuid>,
    ) -> Result<i64> {
        let (count,): (i64,) = on_db!(self, p => sqlx::query_as(DRAFTS_IN_CAMPAIGN)
            .bind(user_id)
            .bind(project_id)
            .bind(scene_id)
            .fetch_one(p)
            .await)?;
        Ok(count)
    }

    /// Marks chat attachments as carried by a sent message: they are no longer drafts.
    pub async fn mark_reference_images_sent(&self, user_id: Uuid, ids: &[Uuid]) -> Result<()> {
        let at = now();
        on_db!(self, p => {
            for id in ids {
                sqlx::query("UPDATE reference_images SET sent_at = $1 WHERE id = $2 AND user_id = $3 AND sent_at IS NULL")
                    .bind(at)
                    .bind(id)
                    .bind(user_id)
                    .execute(p)
                    .await?;
            }
            Ok::<_, StoreError>(())
        })
    }

    /// Removes up to `limit` drafts uploaded before `cutoff`, queueing their bytes for
    /// deletion in the same transaction; returns the keys to delete now.
    pub async fn remove_stale_drafts(
        &self,
        cutoff: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<String>> {
        let at = now();
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let stale: Vec<(Uuid, String, String)> = sqlx::query_as(
                "SELECT id, storage_key, thumbnail_key FROM reference_images \
                 WHERE message_id IS NOT NULL AND sent_at IS NULL AND created_at < $1 \
                 ORDER BY created_at LIMIT $2",
            )
            .bind(cutoff)
            .bind(limit)
            .fetch_all(&mut *tx)
            .await?;
            let mut keys = Vec::with_capacity(stale.len() * 4);
            for (id, storage_key, thumbnail_key) in stale {
                let cutout: Option<(String, String)> = sqlx::query_as(cutouts::KEYS_OF)
                    .bind(id)
                    .fetch_optional(&mut *tx)
                    .await?;
                // A draft sent meanwhile stays.
                let deleted = sqlx::query("DELETE FROM reference_images WHERE id = $1 AND sent_at IS NULL")
                    .bind(id)
                    .execute(&mut *tx)
                    .await?;
                if deleted.rows_affected() == 0 {
                    continue;
                }
                let cutout = cutout.into_iter().flat_map(|(mask, product)| [mask, product]);
                for key in [storage_key, thumbnail_key].into_iter().chain(cutout) {
                    sqlx::query("INSERT INTO storage_deletions (storage_key, created_at) VALUES ($1, $2) ON CONFLICT (storage_key) DO NOTHING")
                        .bind(&key)
                        .bind(at)
                        .execute(&mut *tx)
                        .await?;
                    keys.push(key);
                }
            }
            tx.commit().await?;
            Ok::<_, StoreError>(keys)
        })
    }

    /// Inserts the row, with its automatic `cutout` when one was made, unless its scene (or
    /// message) is full, the campaign holds the most drafts (when `draft`: an attachment of a
    /// message not yet sent), or the user's quota is used up. The project row is locked
    /// first, so concurrent uploads to one project are counted one after another on both
    /// databases.
    pub async fn add_reference_image(
        &self,
        new: &ReferenceImage,
        cutout: Option<&Cutout>,
        draft: bool,
        quota: &UploadQuota,
    ) -> std::result::Result<ReferenceImage, AddReferenceImageError> {
        let insert = format!(
            "INSERT INTO reference_images ({COLUMNS}, sent_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)"
        );
        let sent_at = (new.message_id.is_some() && !draft).then_some(new.created_at);
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let locked = sqlx::query("UPDATE projects SET updated_at = updated_at WHERE id = $1 AND user_id = $2")
                .bind(new.project_id)
                .bind(new.user_id)
                .execute(&mut *tx)
                .await?;
            if locked.rows_affected() == 0 {
                return Err(AddReferenceImageError::Store(StoreError::NotFound));
            }
            let (count,): (i64,) = match &new.message_id {
                Some(message_id) => sqlx::query_as(
                    "SELECT COUNT(*) FROM reference_images WHERE user_id = $1 AND message_id = $2",
                )
                .bind(new.user_id)
                .bind(message_id)
                .fetch_one(&mut *tx)
                .await?,
                None => sqlx::query_as(
                    "SELECT COUNT(*) FROM reference_images WHERE user_id = $1 AND scene_id = $2 AND message_id IS NULL",
                )
                .bind(new.user_id)
                .bind(new.scene_id)
                .fetch_one(&mut *tx)
                .await?,
            };
            if count >= MAX_REFERENCE_IMAGES {
                return Err(AddReferenceImageError::LimitReached);
            }
            if draft {
                let (drafts,): (i64,) = sqlx::query_as(DRAFTS_IN_CAMPAIGN)
                    .bind(new.user_id)
                    .bind(new.project_id)
                    .bind(new.scene_id)
                    .fetch_one(&mut *tx)
                    .await?;
                if drafts >= MAX_DRAFT_IMAGES {
                    return Err(AddReferenceImageError::LimitReached);
                }
            }
            let (files, bytes): (i64, i64) = sqlx::query_as(STORAGE_USAGE_SQL)
            .bind(new.user_id)
            .fetch_one(&mut *tx)
            .await?;
            if !(UploadUsage { files, bytes }).allows(quota, new.file_size) {
                return Err(AddReferenceImageError::QuotaReached);
            }
            sqlx::query(&insert)
                .bind(new.id)
                .bind(new.user_id)
                .bind(new.project_id)
                .bind(new.scene_id)
                .bind(new.message_id.as_deref())
                .bind(new.upload_id.as_deref())
                .bind(&new.storage_key)
                .bind(&new.thumbnail_key)
                .bind(&new.filename)
                .bind(new.original_filename.as_deref())
                .bind(&new.mime_type)
                .bind(&new.thumbnail_mime_type)
                .bind(new.width)
                .bind(new.height)
                .bind(new.file_size)
                .bind(new.created_at)
                .bind(sent_at)
                .execute(&mut *tx)
                .await?;
            if let Some(cutout) = cutout {
                bind_cutout!(sqlx::query(cutouts::UPSERT), cutout).execute(&mut *tx).await?;
            }
            tx.commit().await?;
            Ok::<_, AddReferenceImageError>(())
        })?;
        Ok(self.reference_image(new.user_id, new.id).await?)
    }

    pub async fn reference_image(&self, user_id: Uuid, id: Uuid) -> Result<ReferenceImage> {
        let sql = format!("SELECT {COLUMNS} FROM reference_images WHERE id = $1 AND user_id = $2");
        let image =
            on_db!(self, p => sqlx::query_as(&sql).bind(id).bind(user_id).fetch_one(p).await)?;
        Ok(image)
    }

    /// A scene's own product images (not chat attachments), oldest first.
    pub async fn scene_reference_images(
        &self,
        user_id: Uuid,
        scene_id: Uuid,
    ) -> Result<Vec<ReferenceImage>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM reference_images WHERE scene_id = $1 AND user_id = $2 AND message_id IS NULL \
             ORDER BY created_at, id"
        );
        let images = on_db!(self, p => sqlx::query_as(&sql).bind(scene_id).bind(user_id).fetch_all(p).await)?;
        Ok(images)
    }

    /// Every reference image of a project, attachments included, oldest first.
    pub async fn project_reference_images(
        &self,
        user_id: Uuid,
        project_id: Uuid,
    ) -> Result<Vec<ReferenceImage>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM reference_images WHERE project_id = $1 AND user_id = $2 ORDER BY created_at, id"
        );
        let images = on_db!(self, p => sqlx::query_as(&sql).bind(project_id).bind(user_id).fetch_all(p).await)?;
        Ok(images)
    }

    /// Deletes the row and queues its bytes for deletion, in one transaction; returns the
    /// keys to delete now.
    pub async fn delete_reference_image(&self, user_id: Uuid, id: Uuid) -> Result<Vec<String>> {
        let image = self.reference_image(user_id, id).await?;
        let mut keys = vec![image.storage_key, image.thumbnail_key];
        let at = now();
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            // The cutout row goes with the photo's (cascade); its objects go with it.
            let cutout: Option<(String, String)> = sqlx::query_as(cutouts::KEYS_OF)
                .bind(id)
                .fetch_optional(&mut *tx)
                .await?;
            keys.extend(cutout.into_iter().flat_map(|(mask, product)| [mask, product]));
            let deleted = sqlx::query("DELETE FROM reference_images WHERE id = $1 AND user_id = $2")
                .bind(id)
                .bind(user_id)
                .execute(&mut *tx)
                .await?;
            if deleted.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
            for key in &keys {
                sqlx::query("INSERT INTO storage_deletions (storage_key, created_at) VALUES ($1, $2) ON CONFLICT (storage_key) DO NOTHING")
                    .bind(key)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok::<_, StoreError>(())
        })?;
        Ok(keys)
    }

    /// Queues objects no row refers to any more for deletion.
    pub async fn queue_storage_deletions(&self, keys: &[String]) -> Result<()> {
        let at = now();
        on_db!(self, p => {
            for key in keys {
                sqlx::query("INSERT INTO storage_deletions (storage_key, created_at) VALUES ($1, $2) ON CONFLICT (storage_key) DO NOTHING")
                    .bind(key)
                    .bind(at)
                    .execute(p)
                    .await?;
            }
            Ok::<_, StoreError>(())
        })
    }

    /// Deletes queued objects' bytes and records each one deleted; any that fail stay queued
    /// for the maintenance sweep.
    pub async fn delete_queued_objects(&self, storage: &crate::MediaStorage, keys: &[String]) {
        for key in keys {
            match storage.delete(key).await {
                Ok(()) => {
                    if let Err(e) = self.storage_deleted(key).await {
                        tracing::warn!(key, error = %e, "could not record a deleted object");
                    }
                }
                Err(e) => {
                    tracing::warn!(key, error = %e, "object deletion failed; it stays queued")
                }
            }
        }
    }

    /// Object keys still waiting to be deleted (oldest first).
    pub async fn pending_storage_deletions(&self, limit: i64) -> Result<Vec<String>> {
        let rows: Vec<(String,)> = on_db!(self, p => sqlx::query_as(
            "SELECT storage_key FROM storage_deletions ORDER BY created_at LIMIT $1"
        )
        .bind(limit)
        .fetch_all(p)
        .await)?;
        Ok(rows.into_iter().map(|(k,)| k).collect())
    }

    /// Records that an object's bytes are gone.
    pub async fn storage_deleted(&self, key: &str) -> Result<()> {
        on_db!(self, p => sqlx::query("DELETE FROM storage_deletions WHERE storage_key = $1")
            .bind(key)
            .execute(p)
            .await
            .map(|_| ()))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use domain::{ProjectName, SceneName, Settings};

    use super::*;
    use crate::migrate::tests::{fresh_stores, user};

    const QUOTA: UploadQuota = UploadQuota {
        files: 100,
        bytes: 1 << 30,
    };

    fn image(
        user_id: Uuid,
        project_id: Uuid,
        scene_id: Uuid,
        message_id: Option<&str>,
        created_at: DateTime<Utc>,
    ) -> ReferenceImage {
        let id = Uuid::new_v4();
        ReferenceImage {
            id,
            user_id,
            project_id,
            scene_id: Some(scene_id),
            message_id: message_id.map(str::to_owned),
            upload_id: None,
            storage_key: format!("{id}.png"),
            thumbnail_key: format!("{id}-thumb.jpg"),
            filename: format!("{id}.png"),
            original_filename: None,
            mime_type: "image/png".into(),
            thumbnail_mime_type: "image/jpeg".into(),
            width: 10,
            height: 10,
            file_size: 1000,
            created_at,
        }
    }

    /// A migrated store's user with one project and a campaign per name in `scenes`.
    async fn owner_with_campaigns(
        store: &Store,
        email: &str,
        scenes: &[&str],
    ) -> (Uuid, Uuid, Vec<Uuid>) {
        store.migrate().await.unwrap();
        let owner = user(store, email, 0).await;
        let project = store
            .create_project(
                owner.id,
                &ProjectName::parse("P").unwrap(),
                Settings::default(),
            )
            .await
            .unwrap();
        let mut ids = Vec::new();
        for name in scenes {
            let scene = store
                .create_scene(owner.id, project.id, &SceneName::parse(name).unwrap(), None)
                .await
                .unwrap();
            ids.push(scene.id);
        }
        (owner.id, project.id, ids)
    }

    #[tokio::test]
    async fn drafts_are_capped_per_campaign_and_removed_when_stale_unless_sent() {
        for store in fresh_stores().await {
            let (owner, project, scenes) =
                owner_with_campaigns(&store, "drafts@example.com", &["S"]).await;
            let scene = scenes[0];
            let old = now() - chrono::Duration::days(2);
            // Three drafts under three fresh message keys fill the campaign.
            let mut drafts = Vec::new();
            for _ in 0..MAX_DRAFT_IMAGES {
                let key = Uuid::new_v4().to_string();
                let new = image(owner, project, scene, Some(&key), old);
                drafts.push(
                    store
                        .add_reference_image(&new, None, true, &QUOTA)
                        .await
                        .unwrap(),
                );
            }
            let key = Uuid::new_v4().to_string();
            let fourth = image(owner, project, scene, Some(&key), old);
            assert!(matches!(
                store.add_reference_image(&fourth, None, true, &QUOTA).await,
                Err(AddReferenceImageError::LimitReached)
            ));
            assert_eq!(
                store
                    .count_draft_images(owner, project, Some(scene))
                    .await
                    .unwrap(),
                MAX_DRAFT_IMAGES
            );

            // One is sent; a fresh one is too young; the other two old ones go.
            store
                .mark_reference_images_sent(owner, &[drafts[0].id])
                .await
                .unwrap();
            let young_key = Uuid::new_v4().to_string();
            let young = image(owner, project, scene, Some(&young_key), now());
            store
                .add_reference_image(&young, None, true, &QUOTA)
                .await
                .unwrap();
            let keys = store
                .remove_stale_drafts(now() - chrono::Duration::days(1), 500)
                .await
                .unwrap();
            let mut expected: Vec<String> = drafts[1..]
                .iter()
                .flat_map(|d| [d.storage_key.clone(), d.thumbnail_key.clone()])
                .collect();
            let mut removed = keys.clone();
            expected.sort();
            removed.sort();
            assert_eq!(removed, expected);
            let mut queued = store.pending_storage_deletions(100).await.unwrap();
            queued.sort();
            assert_eq!(queued, expected, "their bytes are queued for deletion");
            let left: Vec<Uuid> = store
                .project_reference_images(owner, project)
                .await
                .unwrap()
                .into_iter()
                .map(|i| i.id)
                .collect();
            assert_eq!(left.len(), 2);
            assert!(left.contains(&drafts[0].id) && left.contains(&young.id));
            store.close().await;
        }
    }

    #[tokio::test]
    async fn the_upload_quota_counts_files_and_bytes() {
        for store in fresh_stores().await {
            let (owner, project, scenes) =
                owner_with_campaigns(&store, "quota@example.com", &["A", "B"]).await;
            let quota = UploadQuota {
                files: 5,
                bytes: 2500,
            };
            // 1,000 bytes each: the third would make 3,000.
            for scene in &scenes {
                let new = image(owner, project, *scene, None, now());
                store
                    .add_reference_image(&new, None, false, &quota)
                    .await
                    .unwrap();
            }
            let third = image(owner, project, scenes[0], None, now());
            assert!(matches!(
                store.add_reference_image(&third, None, false, &quota).await,
                Err(AddReferenceImageError::QuotaReached)
            ));
            assert_eq!(
                store.upload_usage(owner).await.unwrap(),
                UploadUsage {
                    files: 2,
                    bytes: 2000
                }
            );
            store.close().await;
        }
    }

    #[tokio::test]
    async fn a_cutout_is_replaced_whole_and_leaves_no_objects_behind() {
        for store in fresh_stores().await {
            let (owner, project, scenes) =
                owner_with_campaigns(&store, "cutout@example.com", &["S"]).await;
            let new = image(owner, project, scenes[0], None, now());
            let auto = Cutout::new(new.id, owner, 0.4, domain::CutoutSource::Auto, None);
            store
                .add_reference_image(&new, Some(&auto), false, &QUOTA)
                .await
                .unwrap();
            assert_eq!(
                store.cutout(owner, new.id).await.unwrap(),
                Some(auto.clone())
            );

            // The seller's cutout replaces it; the automatic one's objects are queued.
            let hints = domain::CutoutHints {
                bounds: Some([1.0, 1.0, 9.0, 9.0]),
                ..Default::default()
            };
            let seller = Cutout::new(
                new.id,
                owner,
                0.9,
                domain::CutoutSource::Seller,
                Some(hints),
            );
            let old = store.save_cutout(&seller).await.unwrap();
            assert_eq!(old, auto.keys().to_vec());
            assert_eq!(
                store.cutout(owner, new.id).await.unwrap(),
                Some(seller.clone())
            );
            assert_eq!(
                store
                    .cutouts(owner, &[new.id, Uuid::new_v4()])
                    .await
                    .unwrap(),
                vec![seller.clone()]
            );

            // Another user's save names nothing.
            let other = user(&store, "other-cutout@example.com", 0).await;
            let theirs = Cutout::new(new.id, other.id, 1.0, domain::CutoutSource::Seller, None);
            assert!(matches!(
                store.save_cutout(&theirs).await,
                Err(StoreError::NotFound)
            ));
            assert_eq!(store.cutout(other.id, new.id).await.unwrap(), None);

            // Deleting the photo deletes its cutout's objects too.
            let keys = store.delete_reference_image(owner, new.id).await.unwrap();
            for key in seller.keys() {
                assert!(keys.contains(&key), "{keys:?}");
            }
            let mut queued = store.pending_storage_deletions(100).await.unwrap();
            queued.sort();
            let mut expected: Vec<String> = auto.keys().into_iter().chain(keys).collect();
            expected.sort();
            assert_eq!(queued, expected);
            assert_eq!(store.cutout(owner, new.id).await.unwrap(), None);
            store.close().await;
        }
    }
}
