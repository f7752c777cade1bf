//! Media assets: generated images, videos and audio, on a scene or unassigned.

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{on_db, Result, Store};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaType {
    Image,
    Video,
    Audio,
}

impl MediaType {
    pub fn as_str(self) -> &'static str {
        match self {
            MediaType::Image => "image",
            MediaType::Video => "video",
            MediaType::Audio => "audio",
        }
    }

    fn parse(text: &str) -> MediaType {
        match text {
            "video" => MediaType::Video,
            "audio" => MediaType::Audio,
            _ => MediaType::Image,
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct MediaAsset {
    pub id: Uuid,
    pub user_id: Uuid,
    pub project_id: Option<Uuid>,
    pub scene_id: Option<Uuid>,
    pub file_type: MediaType,
    pub mime_type: String,
    pub filename: String,
    pub original_filename: Option<String>,
    pub file_size: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub duration_seconds: Option<f64>,
    pub file_metadata: serde_json::Value,
    pub credit_cost: i64,
    pub is_public: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, user_id, project_id, scene_id, file_type, mime_type, filename, original_filename, \
     file_size, width, height, duration_seconds, file_metadata, credit_cost, is_public, created_at, updated_at";

/// Decodes a media row by column name; a macro because each driver has its own row type.
macro_rules! media_from_row {
    ($row:expr) => {{
        use sqlx::Row as _;
        let row = $row;
        let file_type: String = row.try_get("file_type")?;
        let file_metadata: Json<serde_json::Value> = row.try_get("file_metadata")?;
        Ok::<_, sqlx::Error>(MediaAsset {
            id: row.try_get("id")?,
            user_id: row.try_get("user_id")?,
            project_id: row.try_get("project_id")?,
            scene_id: row.try_get("scene_id")?,
            file_type: MediaType::parse(&file_type),
            mime_type: row.try_get("mime_type")?,
            filename: row.try_get("filename")?,
            original_filename: row.try_get("original_filename")?,
            file_size: row.try_get("file_size")?,
            width: row.try_get("width")?,
            height: row.try_get("height")?,
            duration_seconds: row.try_get("duration_seconds")?,
            file_metadata: file_metadata.0,
            credit_cost: row.try_get("credit_cost")?,
            is_public: row.try_get("is_public")?,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }};
}

impl Store {
    /// Every media asset of one of the user's projects, oldest first.
    pub async fn project_media(&self, user_id: Uuid, project_id: Uuid) -> Result<Vec<MediaAsset>> {
        let sql = format!("SELECT {COLUMNS} FROM media_assets WHERE project_id = $1 AND user_id = $2 ORDER BY created_at, id");
        let assets = on_db!(self, p => {
            let rows = sqlx::query(&sql).bind(project_id).bind(user_id).fetch_all(p).await?;
            rows.iter().map(|row| media_from_row!(row)).collect::<Result<Vec<_>, sqlx::Error>>()
        })?;
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
            String,
            Option<String>,
            Option<i64>,
            Option<i64>,
        );
        let row: Option<Row> = on_db!(self, p => sqlx::query_as(
            "SELECT storage_key, mime_type, thumbnail_key, thumbnail_mime_type, NULL, filename, original_filename, width, height \
             FROM reference_images WHERE id = $1 AND user_id = $2 \
             UNION ALL \
             SELECT storage_key, mime_type, thumbnail_key, NULL, poster_key, filename, original_filename, width, height \
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
            filename,
            original_filename,
            width,
            height,
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
    pub file_type: MediaType,
    pub mime_type: String,
    pub storage_key: String,
    pub thumbnail_key: Option<String>,
    /// A video's full-size first frame.
    pub poster_key: Option<String>,
    pub filename: String,
    pub file_size: i64,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub duration_seconds: Option<f64>,
    pub file_metadata: serde_json::Value,
    pub credit_cost: i64,
}

/// Inserts a [`NewMediaAsset`] with any executor (a pool or an open transaction).
macro_rules! insert_media_asset {
    ($executor:expr, $new:expr, $at:expr) => {{
        let new: &$crate::media::NewMediaAsset = $new;
        sqlx::query(
            "INSERT INTO media_assets (id, user_id, project_id, scene_id, file_type, mime_type, storage_key, thumbnail_key, \
             poster_key, filename, original_filename, file_size, width, height, duration_seconds, file_metadata, credit_cost, \
             is_public, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, NULL, $11, $12, $13, $14, $15, $16, FALSE, $17, $17)",
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
        .execute($executor)
        .await?;
    }};
}
pub(crate) use insert_media_asset;

impl Store {
    pub async fn create_media_asset(&self, new: &NewMediaAsset) -> Result<MediaAsset> {
        let at = crate::now();
        on_db!(self, p => {
            insert_media_asset!(p, new, at);
            Ok::<_, crate::StoreError>(())
        })?;
        self.media_asset(new.user_id, new.id).await
    }

    /// The user's media asset; another user's is `NotFound`.
    pub async fn media_asset(&self, user_id: Uuid, id: Uuid) -> Result<MediaAsset> {
        let sql = format!("SELECT {COLUMNS} FROM media_assets WHERE id = $1 AND user_id = $2");
        let asset = on_db!(self, p => {
            let row = sqlx::query(&sql).bind(id).bind(user_id).fetch_one(p).await?;
            media_from_row!(&row)
        })?;
        Ok(asset)
    }
}

/// What deleting a media asset touched: where it was, and the objects queued for deletion.
#[derive(Debug, Clone, PartialEq)]
pub struct DeletedMedia {
    pub project_id: Option<Uuid>,
    pub scene_id: Option<Uuid>,
    pub storage_keys: Vec<String>,
}

impl Store {
    /// Deletes one of the user's media assets. A scene showing it as its active asset falls back
    /// to its other media, and the bytes (original, thumbnail, poster) are queued for deletion
    /// in the same transaction, so no object outlives its row unnoticed.
    pub async fn delete_media_asset(&self, user_id: Uuid, id: Uuid) -> Result<DeletedMedia> {
        type Row = (
            Option<Uuid>,
            Option<Uuid>,
            String,
            Option<String>,
            Option<String>,
        );
        let at = crate::now();
        on_db!(self, p => {
            let mut tx = p.begin().await?;
            let row: Option<Row> = sqlx::query_as(
                "DELETE FROM media_assets WHERE id = $1 AND user_id = $2 \
                 RETURNING project_id, scene_id, storage_key, thumbnail_key, poster_key",
            )
            .bind(id)
            .bind(user_id)
            .fetch_optional(&mut *tx)
            .await?;
            let (project_id, scene_id, storage_key, thumbnail_key, poster_key) =
                row.ok_or(crate::StoreError::NotFound)?;
            sqlx::query("UPDATE scenes SET active_asset_id = NULL, updated_at = $3 WHERE active_asset_id = $1 AND user_id = $2")
                .bind(id)
                .bind(user_id)
                .bind(at)
                .execute(&mut *tx)
                .await?;
            let storage_keys: Vec<String> = std::iter::once(storage_key)
                .chain(thumbnail_key)
                .chain(poster_key)
                .collect();
            for key in &storage_keys {
                sqlx::query("INSERT INTO storage_deletions (storage_key, created_at) VALUES ($1, $2) ON CONFLICT (storage_key) DO NOTHING")
                    .bind(key)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok(DeletedMedia { project_id, scene_id, storage_keys })
        })
    }
}
