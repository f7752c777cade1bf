//! Product photos' stored cutouts: one per reference image, replaced whole on every save.
//! A save writes its objects under new keys first and then swaps the row, queueing the
//! previous objects for deletion in the same transaction; deleting the photo deletes them too.

use chrono::{DateTime, Utc};
use domain::{CutoutHints, CutoutSource};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{on_db, BeginWrite, Result, Store, StoreError};

/// A reference image's cutout as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct Cutout {
    pub reference_image_id: Uuid,
    pub user_id: Uuid,
    /// Changes with every save: it names the objects, so they are never overwritten.
    pub version: Uuid,
    /// The mask: an 8-bit grey PNG of the photo's size (255 product, 0 background).
    pub mask_key: String,
    /// The photo with the mask as its alpha (RGBA PNG): what the engines stage.
    pub product_key: String,
    /// How far the mask can be trusted, 0..=1.
    pub confidence: f64,
    pub source: CutoutSource,
    /// The seller's corrections it was solved with (none for the automatic cutout).
    pub hints: Option<CutoutHints>,
    pub updated_at: DateTime<Utc>,
}

impl Cutout {
    /// A cutout of `reference_image_id` to store, its object keys named by a fresh version.
    pub fn new(
        reference_image_id: Uuid,
        user_id: Uuid,
        confidence: f64,
        source: CutoutSource,
        hints: Option<CutoutHints>,
    ) -> Self {
        let version = Uuid::new_v4();
        let stem = format!("reference-images/{reference_image_id}.cutout-{version}");
        Self {
            reference_image_id,
            user_id,
            version,
            mask_key: format!("{stem}.mask.png"),
            product_key: format!("{stem}.png"),
            confidence,
            source,
            hints,
            updated_at: crate::now(),
        }
    }

    /// The objects the cutout refers to.
    pub fn keys(&self) -> [String; 2] {
        [self.mask_key.clone(), self.product_key.clone()]
    }
}

#[derive(sqlx::FromRow)]
struct Row {
    reference_image_id: Uuid,
    user_id: Uuid,
    version: Uuid,
    mask_key: String,
    product_key: String,
    confidence: f64,
    source: String,
    hints: Option<Json<serde_json::Value>>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<Row> for Cutout {
    type Error = StoreError;

    fn try_from(row: Row) -> Result<Self> {
        let corrupt = |what: String| StoreError::Database(sqlx::Error::Decode(what.into()));
        Ok(Cutout {
            reference_image_id: row.reference_image_id,
            user_id: row.user_id,
            version: row.version,
            mask_key: row.mask_key,
            product_key: row.product_key,
            confidence: row.confidence,
            source: CutoutSource::parse(&row.source).map_err(|e| corrupt(e.message))?,
            hints: row
                .hints
                .map(|Json(value)| CutoutHints::from_stored(value))
                .transpose()
                .map_err(|e| corrupt(format!("cutout hints: {e}")))?,
            updated_at: row.updated_at,
        })
    }
}

const COLUMNS: &str = "reference_image_id, user_id, version, mask_key, product_key, confidence, \
     source, hints, updated_at";

/// Inserts a cutout row.
const INSERT: &str = "INSERT INTO reference_image_cutouts \
     (reference_image_id, user_id, version, mask_key, product_key, confidence, source, hints, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";

/// Inserts or replaces a cutout row inside a transaction.
pub(crate) const UPSERT: &str = "INSERT INTO reference_image_cutouts \
     (reference_image_id, user_id, version, mask_key, product_key, confidence, source, hints, updated_at) \
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
     ON CONFLICT (reference_image_id) DO UPDATE SET version = excluded.version, \
     mask_key = excluded.mask_key, product_key = excluded.product_key, \
     confidence = excluded.confidence, source = excluded.source, hints = excluded.hints, \
     updated_at = excluded.updated_at";

/// Binds a cutout's values to [`UPSERT`], in its order.
macro_rules! bind_cutout {
    ($query:expr, $cutout:expr) => {
        $query
            .bind($cutout.reference_image_id)
            .bind($cutout.user_id)
            .bind($cutout.version)
            .bind(&$cutout.mask_key)
            .bind(&$cutout.product_key)
            .bind($cutout.confidence)
            .bind($cutout.source.as_str())
            .bind($cutout.hints.as_ref().map(sqlx::types::Json))
            .bind($cutout.updated_at)
    };
}
pub(crate) use bind_cutout;

/// The object keys of a photo's cutout, read inside a transaction (none without a cutout).
pub(crate) const KEYS_OF: &str =
    "SELECT mask_key, product_key FROM reference_image_cutouts WHERE reference_image_id = $1";

impl Store {
    /// The stored cutout of one of the user's reference images, if one was made.
    pub async fn cutout(&self, user_id: Uuid, reference_image_id: Uuid) -> Result<Option<Cutout>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM reference_image_cutouts WHERE reference_image_id = $1 AND user_id = $2"
        );
        let row: Option<Row> = on_db!(self, p => sqlx::query_as(&sql)
            .bind(reference_image_id)
            .bind(user_id)
            .fetch_optional(p)
            .await)?;
        row.map(Cutout::try_from).transpose()
    }

    /// The stored cutouts of these reference images of the user's (those that have one).
    pub async fn cutouts(
        &self,
        user_id: Uuid,
        reference_image_ids: &[Uuid],
    ) -> Result<Vec<Cutout>> {
        let mut found = Vec::with_capacity(reference_image_ids.len());
        // Bounded batches keep well under every driver's limit on bound values.
        for batch in reference_image_ids.chunks(200) {
            let places: Vec<String> = (0..batch.len()).map(|i| format!("${}", i + 2)).collect();
            let sql = format!(
                "SELECT {COLUMNS} FROM reference_image_cutouts WHERE user_id = $1 AND reference_image_id IN ({})",
                places.join(", ")
            );
            let rows: Vec<Row> = on_db!(self, p => {
                let mut query = sqlx::query_as::<_, Row>(&sql).bind(user_id);
                for id in batch {
                    query = query.bind(*id);
                }
                query.fetch_all(p).await
            })?;
            for row in rows {
                found.push(Cutout::try_from(row)?);
            }
        }
        Ok(found)
    }

    /// Stores `cutout` unless its photo already has one; whether it was stored.
    /// [`StoreError::NotFound`] when the photo is not the user's (or was deleted meanwhile).
    pub async fn add_cutout_if_missing(&self, cutout: &Cutout) -> Result<bool> {
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let locked = sqlx::query("UPDATE reference_images SET width = width WHERE id = $1 AND user_id = $2")
                .bind(cutout.reference_image_id)
                .bind(cutout.user_id)
                .execute(&mut *tx)
                .await?;
            if locked.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
            let insert = format!("{INSERT} ON CONFLICT (reference_image_id) DO NOTHING");
            let added = bind_cutout!(sqlx::query(&insert), cutout).execute(&mut *tx).await?;
            tx.commit().await?;
            Ok::<_, StoreError>(added.rows_affected() == 1)
        })
    }

    /// Stores `cutout` as its photo's cutout, replacing any before it, whose objects are
    /// queued for deletion in the same transaction; returns those keys to delete now. The
    /// photo row is locked first, so concurrent saves replace one another in turn;
    /// [`StoreError::NotFound`] when the photo is not the user's (or was deleted meanwhile).
    pub async fn save_cutout(&self, cutout: &Cutout) -> Result<Vec<String>> {
        let at = crate::now();
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let locked = sqlx::query("UPDATE reference_images SET width = width WHERE id = $1 AND user_id = $2")
                .bind(cutout.reference_image_id)
                .bind(cutout.user_id)
                .execute(&mut *tx)
                .await?;
            if locked.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
            let previous: Option<(String, String)> = sqlx::query_as(KEYS_OF)
                .bind(cutout.reference_image_id)
                .fetch_optional(&mut *tx)
                .await?;
            bind_cutout!(sqlx::query(UPSERT), cutout).execute(&mut *tx).await?;
            let old: Vec<String> = previous.map(|(m, p)| vec![m, p]).unwrap_or_default();
            for key in &old {
                sqlx::query("INSERT INTO storage_deletions (storage_key, created_at) VALUES ($1, $2) ON CONFLICT (storage_key) DO NOTHING")
                    .bind(key)
                    .bind(at)
                    .execute(&mut *tx)
                    .await?;
            }
            tx.commit().await?;
            Ok::<_, StoreError>(old)
        })
    }
}
