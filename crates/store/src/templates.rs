//! The template catalogue, copied from the engine into the database at start so every node
//! serves the same list, with thumbnails rendered once and kept in object storage.

use chrono::{DateTime, Utc};
use domain::Guidance;
use sqlx::types::Json;

use crate::{now, on_db, Result, Store};

#[derive(Debug, Clone, PartialEq)]
pub struct StoredTemplate {
    pub id: String,
    pub name: String,
    pub template_type: String,
    pub is_popular: bool,
    pub position: i64,
    /// Sent to hosted image models.
    pub prompt: String,
    /// The scene it stages: environment, palette, lighting, composition.
    pub parameters: Guidance,
    pub thumbnail_key: Option<String>,
    pub thumbnail_mime_type: Option<String>,
    pub updated_at: DateTime<Utc>,
}

type Row = (
    String,
    String,
    String,
    bool,
    i64,
    String,
    Json<Guidance>,
    Option<String>,
    Option<String>,
    DateTime<Utc>,
);

impl From<Row> for StoredTemplate {
    fn from(r: Row) -> Self {
        Self {
            id: r.0,
            name: r.1,
            template_type: r.2,
            is_popular: r.3,
            position: r.4,
            prompt: r.5,
            parameters: r.6 .0,
            thumbnail_key: r.7,
            thumbnail_mime_type: r.8,
            updated_at: r.9,
        }
    }
}

const COLUMNS: &str =
    "id, name, template_type, is_popular, position, prompt, parameters, thumbnail_key, \
     thumbnail_mime_type, updated_at";

impl Store {
    /// Inserts or updates a template's description; its thumbnail is kept unless the
    /// parameters changed (then it must be rendered again).
    pub async fn upsert_template(&self, t: &StoredTemplate) -> Result<()> {
        on_db!(self, p => sqlx::query(
            "INSERT INTO templates (id, name, template_type, is_popular, position, prompt, parameters, thumbnail_key, \
             thumbnail_mime_type, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, NULL, NULL, $8) \
             ON CONFLICT (id) DO UPDATE SET name = excluded.name, template_type = excluded.template_type, \
             is_popular = excluded.is_popular, position = excluded.position, prompt = excluded.prompt, \
             thumbnail_key = CASE WHEN templates.parameters = excluded.parameters THEN templates.thumbnail_key ELSE NULL END, \
             parameters = excluded.parameters, updated_at = excluded.updated_at",
        )
        .bind(&t.id)
        .bind(&t.name)
        .bind(&t.template_type)
        .bind(t.is_popular)
        .bind(t.position)
        .bind(&t.prompt)
        .bind(Json(&t.parameters))
        .bind(now())
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    pub async fn set_template_thumbnail(&self, id: &str, key: &str, mime: &str) -> Result<()> {
        on_db!(self, p => sqlx::query(
            "UPDATE templates SET thumbnail_key = $1, thumbnail_mime_type = $2, updated_at = $3 WHERE id = $4",
        )
        .bind(key)
        .bind(mime)
        .bind(now())
        .bind(id)
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// Templates of one type, popular first, then in catalogue order.
    pub async fn templates(&self, template_type: &str) -> Result<Vec<StoredTemplate>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM templates WHERE template_type = $1 ORDER BY is_popular DESC, position, id"
        );
        let rows: Vec<Row> =
            on_db!(self, p => sqlx::query_as(&sql).bind(template_type).fetch_all(p).await)?;
        Ok(rows.into_iter().map(Into::into).collect())
    }

    pub async fn template(&self, id: &str) -> Result<StoredTemplate> {
        let sql = format!("SELECT {COLUMNS} FROM templates WHERE id = $1");
        let row: Row = on_db!(self, p => sqlx::query_as(&sql).bind(id).fetch_one(p).await)?;
        Ok(row.into())
    }
}
