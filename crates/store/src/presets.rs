//! Style presets (a user's saved styles, applied to scenes) and feedback on generated media.

use chrono::{DateTime, Utc};
use domain::StyleGuide;
use sqlx::types::Json;
use uuid::Uuid;

use crate::{now, on_db, Result, Store, StoreError};

#[derive(Debug, Clone, PartialEq)]
pub struct StylePreset {
    pub id: Uuid,
    pub name: String,
    pub description: String,
    pub style: StyleGuide,
    pub source_scene_id: Option<Uuid>,
    pub created_at: DateTime<Utc>,
}

type PresetRow = (
    Uuid,
    String,
    String,
    Json<StyleGuide>,
    Option<Uuid>,
    DateTime<Utc>,
);

impl From<PresetRow> for StylePreset {
    fn from(r: PresetRow) -> Self {
        Self {
            id: r.0,
            name: r.1,
            description: r.2,
            style: r.3 .0,
            source_scene_id: r.4,
            created_at: r.5,
        }
    }
}

/// Feedback on an assistant message's media; one per user and message.
#[derive(Debug, Clone, PartialEq)]
pub struct NewFeedback {
    pub user_id: Uuid,
    pub message_id: Uuid,
    pub scene_id: Uuid,
    pub reaction: String,
    pub reason: Option<String>,
    pub comment: Option<String>,
    pub feedback_type: Option<String>,
    pub asset_url: Option<String>,
    pub client_timestamp: Option<String>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Feedback {
    pub message_id: Uuid,
    pub reaction: String,
    pub reason: Option<String>,
    pub comment: Option<String>,
    pub updated_at: DateTime<Utc>,
}

const PRESET_COLUMNS: &str = "id, name, description, style, source_scene_id, created_at";

impl Store {
    /// A new preset; a name the user already used is `Conflict`.
    pub async fn create_style_preset(
        &self,
        user_id: Uuid,
        name: &str,
        description: &str,
        style: &StyleGuide,
        source_scene_id: Option<Uuid>,
    ) -> Result<StylePreset> {
        let at = now();
        let sql = format!(
            "INSERT INTO style_presets (id, user_id, name, description, style, source_scene_id, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING {PRESET_COLUMNS}"
        );
        let row: PresetRow = on_db!(self, p => sqlx::query_as(&sql)
            .bind(Uuid::new_v4())
            .bind(user_id)
            .bind(name)
            .bind(description)
            .bind(Json(style))
            .bind(source_scene_id)
            .bind(at)
            .fetch_one(p)
            .await)?;
        Ok(row.into())
    }

    /// A page of the user's presets, newest first, and how many there are.
    pub async fn style_presets(
        &self,
        user_id: Uuid,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<StylePreset>, i64)> {
        let sql = format!(
            "SELECT {PRESET_COLUMNS} FROM style_presets WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3"
        );
        let offset = crate::page_offset(page, per_page)?;
        let (rows, total) = on_db!(self, p => {
            let rows: Vec<PresetRow> = sqlx::query_as(&sql).bind(user_id).bind(per_page).bind(offset).fetch_all(p).await?;
            let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM style_presets WHERE user_id = $1")
                .bind(user_id)
                .fetch_one(p)
                .await?;
            Ok::<_, sqlx::Error>((rows, total))
        })?;
        Ok((rows.into_iter().map(Into::into).collect(), total))
    }

    pub async fn style_preset(&self, user_id: Uuid, id: Uuid) -> Result<StylePreset> {
        let sql =
            format!("SELECT {PRESET_COLUMNS} FROM style_presets WHERE id = $1 AND user_id = $2");
        let row: PresetRow =
            on_db!(self, p => sqlx::query_as(&sql).bind(id).bind(user_id).fetch_one(p).await)?;
        Ok(row.into())
    }

    /// The style of the preset each of the project's scenes was made with, by scene id, in
    /// one query (scenes without a preset, or whose preset is gone, are absent).
    pub async fn scene_preset_styles(
        &self,
        user_id: Uuid,
        project_id: Uuid,
    ) -> Result<std::collections::HashMap<Uuid, StyleGuide>> {
        let rows: Vec<(Uuid, Json<StyleGuide>)> = on_db!(self, p => sqlx::query_as(
            "SELECT s.id, p.style FROM scenes s JOIN style_presets p ON p.id = s.preset_id AND p.user_id = s.user_id \
             WHERE s.project_id = $1 AND s.user_id = $2",
        )
        .bind(project_id)
        .bind(user_id)
        .fetch_all(p)
        .await)?;
        Ok(rows.into_iter().map(|(id, style)| (id, style.0)).collect())
    }

    /// Applies one of the user's presets to one of their scenes.
    pub async fn apply_style_preset(
        &self,
        user_id: Uuid,
        scene_id: Uuid,
        preset_id: Uuid,
    ) -> Result<()> {
        self.style_preset(user_id, preset_id).await?;
        let done = on_db!(self, p => sqlx::query(
            "UPDATE scenes SET preset_id = $1, updated_at = $2 WHERE id = $3 AND user_id = $4",
        )
        .bind(preset_id)
        .bind(now())
        .bind(scene_id)
        .bind(user_id)
        .execute(p)
        .await
        .map(|r| r.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Records feedback, replacing the user's earlier feedback on the same message.
    pub async fn save_feedback(&self, new: &NewFeedback) -> Result<()> {
        let at = now();
        on_db!(self, p => sqlx::query(
            "INSERT INTO feedback (id, user_id, message_id, scene_id, reaction, reason, comment, feedback_type, asset_url, \
             client_timestamp, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) \
             ON CONFLICT (user_id, message_id) DO UPDATE SET reaction = excluded.reaction, reason = excluded.reason, \
             comment = excluded.comment, feedback_type = excluded.feedback_type, asset_url = excluded.asset_url, \
             client_timestamp = excluded.client_timestamp, updated_at = excluded.updated_at",
        )
        .bind(Uuid::new_v4())
        .bind(new.user_id)
        .bind(new.message_id)
        .bind(new.scene_id)
        .bind(&new.reaction)
        .bind(new.reason.as_deref())
        .bind(new.comment.as_deref())
        .bind(new.feedback_type.as_deref())
        .bind(new.asset_url.as_deref())
        .bind(new.client_timestamp.as_deref())
        .bind(at)
        .execute(p)
        .await
        .map(|_| ()))?;
        Ok(())
    }

    /// The newest feedback in a scene after `since` (the assistant heeds it once).
    pub async fn latest_feedback(
        &self,
        user_id: Uuid,
        scene_id: Uuid,
        since: DateTime<Utc>,
    ) -> Result<Option<Feedback>> {
        type Row = (Uuid, String, Option<String>, Option<String>, DateTime<Utc>);
        let row: Option<Row> = on_db!(self, p => sqlx::query_as(
            "SELECT message_id, reaction, reason, comment, updated_at FROM feedback \
             WHERE user_id = $1 AND scene_id = $2 AND updated_at > $3 ORDER BY updated_at DESC LIMIT 1",
        )
        .bind(user_id)
        .bind(scene_id)
        .bind(since)
        .fetch_optional(p)
        .await)?;
        Ok(row.map(
            |(message_id, reaction, reason, comment, updated_at)| Feedback {
                message_id,
                reaction,
                reason,
                comment,
                updated_at,
            },
        ))
    }
}
