//! Reference images: product photos a seller uploads for a scene (the Generate panel's
//! product images) or attaches to a chat message. Rows are written only after their bytes
//! are stored; deleting a row queues its bytes for deletion in the same transaction.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use crate::{now, on_db, Result, Store, StoreError};

/// The most reference images a scene (or one chat message) can hold.
pub const MAX_REFERENCE_IMAGES: i64 = 3;

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

/// Why a reference image could not be added.
#[derive(Debug, thiserror::Error)]
pub enum AddReferenceImageError {
    #[error("the scene or message already holds the most reference images allowed")]
    LimitReached,
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

    /// Inserts the row unless its scene (or message) is full. The project row is locked
    /// first, so concurrent uploads to one project are counted one after another on both
    /// databases.
    pub async fn add_reference_image(
        &self,
        new: &ReferenceImage,
    ) -> std::result::Result<ReferenceImage, AddReferenceImageError> {
        let insert = format!(
            "INSERT INTO reference_images ({COLUMNS}) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)"
        );
        on_db!(self, p => {
            let mut tx = p.begin().await?;
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
                .execute(&mut *tx)
                .await?;
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
        let keys = vec![image.storage_key, image.thumbnail_key];
        let at = now();
        on_db!(self, p => {
            let mut tx = p.begin().await?;
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
