//! Media assets: generated images, videos and audio, on a scene or unassigned.

use crate::BeginWrite;
use chrono::{DateTime, Utc};
use domain::{FileMetadata, MediaKind};
use uuid::Uuid;

use crate::events::notify_badge_changed;
use crate::reference_images::{UploadQuota, UploadUsage, STORAGE_USAGE_SQL};
use crate::{on_db, Result, Store};

#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct MediaAsset {
    pub id: Uuid,
    pub user_id: Uuid,
    pub project_id: Option<Uuid>,
    pub scene_id: Option<Uuid>,
    #[sqlx(try_from = "String")]
    pub file_type: MediaKind,
    pub mime_type: String,
    pub filename: String,
    pub original_filename: Option<String>,
    pub file_size: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub duration_seconds: Option<f64>,
    #[sqlx(try_from = "serde_json::Value")]
    pub file_metadata: FileMetadata,
    pub credit_cost: i64,
    pub is_public: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, user_id, project_id, scene_id, file_type, mime_type, filename, original_filename, \
     file_size, width, height, duration_seconds, file_metadata, credit_cost, is_public, created_at, updated_at";

impl Store {
    /// Every media asset of one of the user's projects, oldest first.
    pub async fn project_media(&self, user_id: Uuid, project_id: Uuid) -> Result<Vec<MediaAsset>> {
        let sql = format!("SELECT {COLUMNS} FROM media_assets WHERE project_id = $1 AND user_id = $2 ORDER BY created_at, id");
        let assets = on_db!(self, p => sqlx::query_as(&sql).bind(project_id).bind(user_id).fetch_all(p).await)?;
        Ok(assets)
    }
}

/// Where a servable file's bytes are, whichever table it comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct StoredFile {
    pub id: Uuid,
    pub storage_key: String,
    pub mime_type: String,
    pub thumbnail_key: Option<String>,
    pub thumbnail_mime_type: Option<String>,
    /// A video's full-size first frame (JPEG).
    pub poster_key: Option<String>,
    /// The generated picture with the free plan's mark, same format as the original.
    pub watermarked_key: Option<String>,
    pub filename: String,
    pub original_filename: Option<String>,
    pub width: Option<i64>,
    pub height: Option<i64>,
}

impl Store {
    /// The user's media asset or reference image with this id.
    pub async fn stored_file(&self, user_id: Uuid, id: Uuid) -> Result<StoredFile> {
        type Row = (
            String,
            String,
            Option<String>,
            Option<String>,
            Option<String>,
            Option<String>,
            String,
            Option<String>,
            Option<i64>,
            Option<i64>,
        );
        let row: Option<Row> = on_db!(self, p => sqlx::query_as(
            "SELECT storage_key, mime_type, thumbnail_key, thumbnail_mime_type, NULL, NULL, filename, original_filename, width, height \
             FROM reference_images WHERE id = $1 AND user_id = $2 \
             UNION ALL \
             SELECT storage_key, mime_type, thumbnail_key, NULL, poster_key, watermarked_key, filename, original_filename, width, height \
             FROM media_assets WHERE id = $1 AND user_id = $2",
        )
        .bind(id)
        .bind(user_id)
        .fetch_optional(p)
        .await)?;
        let (
            storage_key,
            mime_type,
            thumbnail_key,
            thumbnail_mime_type,
            poster_key,
            watermarked_key,
            filename,
            original_filename,
            width,
            height,
        ) = row.ok_or(crate::StoreError::NotFound)?;
        Ok(StoredFile {
            id,
            storage_key,
            mime_type,
            thumbnail_key,
            thumbnail_mime_type,
            poster_key,
            watermarked_key,
            filename,
            original_filename,
            width,
            height,
        })
    }
}

/// Where a generated file sits, for its download name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaPlace {
    pub project_name: Option<String>,
    /// None for media outside any campaign.
    pub scene_name: Option<String>,
    /// Its place among the same campaign's media (or the project's unassigned media),
    /// oldest first, from 1 — as the storyboard lists them.
    pub position: i64,
}

impl Store {
    /// The place of the user's media asset `id`; `NotFound` for anything else (a reference
    /// image, another user's asset).
    pub async fn media_place(&self, user_id: Uuid, id: Uuid) -> Result<MediaPlace> {
        let row: Option<(Option<String>, Option<String>, i64)> = on_db!(self, p => sqlx::query_as(
            "SELECT p.name, s.name, \
               (SELECT COUNT(*) FROM media_assets o WHERE o.user_id = m.user_id \
                  AND o.project_id = m.project_id \
                  AND ((o.scene_id IS NULL AND m.scene_id IS NULL) OR o.scene_id = m.scene_id) \
                  AND (o.created_at < m.created_at OR (o.created_at = m.created_at AND o.id <= m.id))) \
             FROM media_assets m \
             LEFT JOIN projects p ON p.id = m.project_id \
             LEFT JOIN scenes s ON s.id = m.scene_id \
             WHERE m.id = $1 AND m.user_id = $2",
        )
        .bind(id)
        .bind(user_id)
        .fetch_optional(p)
        .await)?;
        let (project_name, scene_name, position) = row.ok_or(crate::StoreError::NotFound)?;
        Ok(MediaPlace {
            project_name,
            scene_name,
            position,
        })
    }
}

/// A media asset whose bytes (and thumbnail) are already stored under these keys.
#[derive(Debug, Clone)]
pub struct NewMediaAsset {
    pub id: Uuid,
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Option<Uuid>,
    pub file_type: MediaKind,
    pub mime_type: String,
    pub storage_key: String,
    pub thumbnail_key: Option<String>,
    /// A video's full-size first frame.
    pub poster_key: Option<String>,
    /// The picture with the free plan's mark, when the worker makes one.
    pub watermarked_key: Option<String>,
    pub filename: String,
    pub file_size: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub duration_seconds: Option<f64>,
    pub file_metadata: FileMetadata,
    pub credit_cost: i64,
}

/// Inserts a [`NewMediaAsset`] with any executor (a pool or an open transaction).
macro_rules! insert_media_asset {
    ($executor:expr, $new:expr, $at:expr) => {{
        let new: &$crate::media::NewMediaAsset = $new;
        sqlx::query(
            "INSERT INTO media_assets (id, user_id, project_id, scene_id, file_type, mime_type, storage_key, thumbnail_key, \
             poster_key, filename, original_filename, file_size, width, height, duration_seconds, file_metadata, credit_cost, \
             is_public, created_at, updated_at, watermarked_key) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11, $12, $13, $14, $15, $16, FALSE, $17, $17, $18)",
        )
        .bind(new.id)
        .bind(new.user_id)
        .bind(new.project_id)
        .bind(new.scene_id)
        .bind(new.file_type.as_str())
        .bind(&new.mime_type)
        .bind(&new.storage_key)
        .bind(new.thumbnail_key.as_deref())
        .bind(new.poster_key.as_deref())
        .bind(&new.filename)
        .bind(new.file_size)
        .bind(new.width)
        .bind(new.height)
        .bind(new.duration_seconds)
        .bind(sqlx::types::Json(&new.file_metadata))
        .bind(new.credit_cost)
        .bind($at)
        .bind(new.watermarked_key.as_deref())
        .execute($executor)
        .await?;
    }};
}
pub(crate) use insert_media_asset;

impl Store {
    pub async fn create_media_asset(&self, new: &NewMediaAsset) -> Result<MediaAsset> {
        let at = crate::now();
        let dialect = self.dialect();
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            insert_media_asset!(&mut *tx, new, at);
            notify_badge_changed!(&mut *tx, dialect, new.user_id);
            tx.commit().await?;
            Ok::<_, crate::StoreError>(())
        })?;
        self.badge_changed(new.user_id);
        self.media_asset(new.user_id, new.id).await
    }

    /// Inserts a file the studio made for the user to keep (an ad design) unless their kept
    /// files (product photos, exports, designs) would pass `quota`: `Ok(None)` then, nothing
    /// written. Counted under the lock on the user's row that exports take, so concurrent
    /// requests are counted one after another.
    pub async fn create_kept_asset(
        &self,
        new: &NewMediaAsset,
        quota: &UploadQuota,
    ) -> Result<Option<MediaAsset>> {
        let at = crate::now();
        let dialect = self.dialect();
        let inserted = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let locked = sqlx::query("UPDATE users SET updated_at = updated_at WHERE id = $1")
                .bind(new.user_id)
                .execute(&mut *tx)
                .await?;
            if locked.rows_affected() == 0 {
                return Err(crate::StoreError::NotFound);
            }
            let (files, bytes): (i64, i64) = sqlx::query_as(STORAGE_USAGE_SQL)
                .bind(new.user_id)
                .fetch_one(&mut *tx)
                .await?;
            let fits = (UploadUsage { files, bytes }).allows(quota, new.file_size);
            if fits {
                insert_media_asset!(&mut *tx, new, at);
                notify_badge_changed!(&mut *tx, dialect, new.user_id);
                tx.commit().await?;
            }
            Ok::<_, crate::StoreError>(fits)
        })?;
        if !inserted {
            return Ok(None);
        }
        self.badge_changed(new.user_id);
        self.media_asset(new.user_id, new.id).await.map(Some)
    }

    /// The user's media asset; another user's is `NotFound`.
    pub async fn media_asset(&self, user_id: Uuid, id: Uuid) -> Result<MediaAsset> {
        let sql = format!("SELECT {COLUMNS} FROM media_assets WHERE id = $1 AND user_id = $2");
        let asset =
            on_db!(self, p => sqlx::query_as(&sql).bind(id).bind(user_id).fetch_one(p).await)?;
        Ok(asset)
    }
}

/// What deleting a media asset touched: where it was, and the objects queued for deletion.
/// Where the free plan's marked copy of a video's poster is kept: made on its first view
/// (older videos have none stored) and deleted with the asset.
pub fn marked_poster_key(poster_key: &str) -> String {
    match poster_key.rsplit_once('.') {
        Some((stem, extension)) => format!("{stem}-watermarked.{extension}"),
        None => format!("{poster_key}-watermarked"),
    }
}

/// Where a picture's product mask is kept (a grey PNG of the picture's size: where its maker
/// placed the product), read by its ad designs and deleted with the asset. Pictures made
/// before masks were kept, uploads and edits have none stored.
pub fn product_mask_key(storage_key: &str) -> String {
    format!("{storage_key}.mask.png")
}

/// The formats a music track is converted to on download.
pub const MUSIC_CONVERSIONS: [&str; 3] = ["ogg", "wav", "m4a"];

/// Where a music track's conversion to the format with `extension` is kept: made on its
/// first download and deleted with the asset.
pub fn converted_music_key(storage_key: &str, extension: &str) -> String {
    format!("{storage_key}.{extension}")
}

#[derive(Debug, Clone, PartialEq)]
pub struct DeletedMedia {
    pub project_id: Option<Uuid>,
    pub scene_id: Option<Uuid>,
    pub storage_keys: Vec<String>,
}

impl Store {
    /// Deletes one of the user's media assets. A scene showing it as its active asset falls back
    /// to its other media, and the bytes (original, thumbnail, poster, marked copies, music conversions, a picture's product mask) are queued for deletion
    /// in the same transaction, so no object outlives its row unnoticed.
    pub async fn delete_media_asset(&self, user_id: Uuid, id: Uuid) -> Result<DeletedMedia> {
        type Row = (
            Option<Uuid>,
            Option<Uuid>,
            String,
            Option<String>,
            Option<String>,
            Option<String>,
            String,
        );
        let at = crate::now();
        let dialect = self.dialect();
        let deleted = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let row: Option<Row> = sqlx::query_as(
                "DELETE FROM media_assets WHERE id = $1 AND user_id = $2 \
                 RETURNING project_id, scene_id, storage_key, thumbnail_key, poster_key, watermarked_key, file_type",
            )
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
            let (project_id, scene_id, storage_key, thumbnail_key, poster_key, watermarked_key, file_type) =
                row.ok_or(crate::StoreError::NotFound)?;
            sqlx::query("UPDATE scenes SET active_asset_id = NULL, updated_at = $3 WHERE active_asset_id = $1 AND user_id = $2")
                .bind(id)
                .bind(user_id)
                .bind(at)
                .execute(&mut *tx)
                .await?;
            let marked_poster = poster_key.as_deref().map(marked_poster_key);
            let derived: Vec<String> = if file_type == MediaKind::Audio.as_str() {
                MUSIC_CONVERSIONS
                    .iter()
                    .map(|extension| converted_music_key(&storage_key, extension))
                    .collect()
            } else if file_type == MediaKind::Image.as_str() {
                vec![product_mask_key(&storage_key)]
            } else {
                Vec::new()
            };
            let storage_keys: Vec<String> = std::iter::once(storage_key)
                .chain(thumbnail_key)
                .chain(poster_key)
                .chain(watermarked_key)
                .chain(marked_poster)
                .chain(derived)
                .collect();
            for key in &storage_keys {
                sqlx::query("INSERT INTO storage_deletions (storage_key, created_at) VALUES ($1, $2) ON CONFLICT (storage_key) DO NOTHING")
                    .bind(key)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
            }
            notify_badge_changed!(&mut *tx, dialect, user_id);
            tx.commit().await?;
            Ok::<_, crate::StoreError>(DeletedMedia { project_id, scene_id, storage_keys })
        })?;
        self.badge_changed(user_id);
        Ok(deleted)
    }
}

/// A media asset's file made again (an ad design set anew after its copy changed): new
/// objects under new keys, and the record that describes them.
#[derive(Debug, Clone, PartialEq)]
pub struct FileReplacement {
    pub storage_key: String,
    pub thumbnail_key: Option<String>,
    pub watermarked_key: Option<String>,
    pub file_size: i64,
    pub file_metadata: FileMetadata,
}

impl Store {
    /// Points one of the user's media assets at its new file, queueing the previous objects
    /// for deletion in the same transaction; returns those keys to delete now. `NotFound`
    /// when the asset is not the user's (or was deleted meanwhile).
    pub async fn replace_media_file(
        &self,
        user_id: Uuid,
        id: Uuid,
        new: &FileReplacement,
    ) -> Result<Vec<String>> {
        type Row = (String, Option<String>, Option<String>);
        let at = crate::now();
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let row: Option<Row> = sqlx::query_as(
                "SELECT storage_key, thumbnail_key, watermarked_key FROM media_assets WHERE id = $1 AND user_id = $2",
            )
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
            let (storage_key, thumbnail_key, watermarked_key) = row.ok_or(crate::StoreError::NotFound)?;
            sqlx::query(
                "UPDATE media_assets SET storage_key = $3, thumbnail_key = $4, watermarked_key = $5, \
                 file_size = $6, file_metadata = $7, updated_at = $8 WHERE id = $1 AND user_id = $2",
            )
            .bind(id)
            .bind(user_id)
            .bind(&new.storage_key)
            .bind(new.thumbnail_key.as_deref())
            .bind(new.watermarked_key.as_deref())
            .bind(new.file_size)
            .bind(sqlx::types::Json(&new.file_metadata))
            .bind(at)
            .execute(&mut *tx)
            .await?;
            let old: Vec<String> = std::iter::once(storage_key)
                .chain(thumbnail_key)
                .chain(watermarked_key)
                .collect();
            for key in &old {
                sqlx::query("INSERT INTO storage_deletions (storage_key, created_at) VALUES ($1, $2) ON CONFLICT (storage_key) DO NOTHING")
                    .bind(key)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok::<_, crate::StoreError>(old)
        })
    }
}
