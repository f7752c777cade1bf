//! Projects' brand kits: one row per project that has one set, the logo's bytes in object
//! storage. Replacing the logo queues the previous one's bytes for deletion in the same
//! transaction.

use chrono::{DateTime, Utc};
use domain::{BrandColour, BrandStyle};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{on_db, BeginWrite, Result, Store, StoreError};

/// A project's stored logo.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logo {
    pub key: String,
    pub mime_type: String,
    pub width: i64,
    pub height: i64,
}

/// A project's brand kit as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct BrandKit {
    pub project_id: Uuid,
    pub style: BrandStyle,
    pub logo: Option<Logo>,
    pub updated_at: Option<DateTime<Utc>>,
}

impl BrandKit {
    /// The kit of a project that has none stored.
    pub fn default_for(project_id: Uuid) -> Self {
        Self {
            project_id,
            style: BrandStyle::default_kit(),
            logo: None,
            updated_at: None,
        }
    }
}

type Row = (
    Uuid,
    Json<Vec<BrandColour>>,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<i64>,
    Option<i64>,
    DateTime<Utc>,
);

impl From<Row> for BrandKit {
    fn from(row: Row) -> Self {
        let (project_id, colours, heading_font, body_font, tagline, key, mime, w, h, at) = row;
        let logo = match (key, mime, w, h) {
            (Some(key), Some(mime_type), Some(width), Some(height)) => Some(Logo {
                key,
                mime_type,
                width,
                height,
            }),
            _ => None,
        };
        Self {
            project_id,
            style: BrandStyle {
                colours: colours.0,
                heading_font,
                body_font,
                tagline,
            },
            logo,
            updated_at: Some(at),
        }
    }
}

const COLUMNS: &str = "project_id, colours, heading_font, body_font, tagline, logo_key, \
     logo_mime_type, logo_width, logo_height, updated_at";

/// Opens the write transaction of a kit change in `$tx`: locks the project's row (and proves
/// it is the user's, else returns `NotFound`) so concurrent saves replace one another in turn,
/// then makes sure the project has a kit row to update (the default kit when none is stored).
macro_rules! begin_kit_write {
    ($pool:expr, $tx:ident, $project_id:expr, $user_id:expr, $at:expr) => {
        let mut $tx = $pool.begin_write().await?;
        let locked = sqlx::query("UPDATE projects SET name = name WHERE id = $1 AND user_id = $2")
            .bind($project_id)
            .bind($user_id)
            .execute(&mut *$tx)
            .await?;
        if locked.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        let defaults = BrandStyle::default_kit();
        sqlx::query(
            "INSERT INTO brand_kits (project_id, user_id, colours, heading_font, body_font, tagline, \
             logo_key, logo_mime_type, logo_width, logo_height, updated_at) \
             VALUES ($1, $2, $3, $4, $5, NULL, NULL, NULL, NULL, NULL, $6) \
             ON CONFLICT (project_id) DO NOTHING",
        )
        .bind($project_id)
        .bind($user_id)
        .bind(Json(&defaults.colours))
        .bind(&defaults.heading_font)
        .bind(&defaults.body_font)
        .bind($at)
        .execute(&mut *$tx)
        .await?;
    };
}

impl Store {
    /// The brand kit of one of the user's projects (the default kit when none is stored);
    /// another user's project is `NotFound`.
    pub async fn brand_kit(&self, user_id: Uuid, project_id: Uuid) -> Result<BrandKit> {
        self.project(user_id, project_id).await?;
        let sql =
            format!("SELECT {COLUMNS} FROM brand_kits WHERE project_id = $1 AND user_id = $2");
        let row: Option<Row> = on_db!(self, p => sqlx::query_as(&sql)
            .bind(project_id)
            .bind(user_id)
            .fetch_optional(p)
            .await)?;
        Ok(row
            .map(BrandKit::from)
            .unwrap_or_else(|| BrandKit::default_for(project_id)))
    }

    /// Stores the kit's colours, fonts and tagline, keeping its logo.
    pub async fn save_brand_style(
        &self,
        user_id: Uuid,
        project_id: Uuid,
        style: &BrandStyle,
    ) -> Result<BrandKit> {
        let at = crate::now();
        on_db!(self, p => {
            begin_kit_write!(p, tx, project_id, user_id, at);
            sqlx::query("UPDATE brand_kits SET colours = $2, heading_font = $3, body_font = $4, tagline = $5, updated_at = $6 WHERE project_id = $1")
                .bind(project_id)
                .bind(Json(&style.colours))
                .bind(&style.heading_font)
                .bind(&style.body_font)
                .bind(style.tagline.as_deref())
                .bind(at)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            Ok::<_, StoreError>(())
        })?;
        self.brand_kit(user_id, project_id).await
    }

    /// Stores `logo` as the project's logo with the colours read from it, replacing any logo
    /// before, whose bytes are queued for deletion in the same transaction; returns the kit
    /// and those keys to delete now. `NotFound` when the project is not the user's.
    pub async fn save_brand_logo(
        &self,
        user_id: Uuid,
        project_id: Uuid,
        logo: &Logo,
        colours: &[BrandColour],
    ) -> Result<(BrandKit, Vec<String>)> {
        let at = crate::now();
        let old = on_db!(self, p => {
            begin_kit_write!(p, tx, project_id, user_id, at);
            let (previous,): (Option<String>,) = sqlx::query_as("SELECT logo_key FROM brand_kits WHERE project_id = $1")
                .bind(project_id)
                .fetch_one(&mut *tx)
                .await?;
            sqlx::query("UPDATE brand_kits SET logo_key = $2, logo_mime_type = $3, logo_width = $4, logo_height = $5, colours = $6, updated_at = $7 WHERE project_id = $1")
                .bind(project_id)
                .bind(&logo.key)
                .bind(&logo.mime_type)
                .bind(logo.width)
                .bind(logo.height)
                .bind(Json(colours))
                .bind(at)
                .execute(&mut *tx)
                .await?;
            let old: Vec<String> = previous.into_iter().collect();
            for key in &old {
                sqlx::query("INSERT INTO storage_deletions (storage_key, created_at) VALUES ($1, $2) ON CONFLICT (storage_key) DO NOTHING")
                    .bind(key)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok::<_, StoreError>(old)
        })?;
        Ok((self.brand_kit(user_id, project_id).await?, old))
    }
}
