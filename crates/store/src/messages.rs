//! Chat messages: a scene's conversation between the user and the assistant, with the
//! assistant's structured answers and the generations started from them.

use chrono::{DateTime, Utc};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{now, on_db, Result, Store, StoreError};

#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub id: Uuid,
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Uuid,
    /// `user` or `assistant`.
    pub role: String,
    pub content: String,
    pub structured_response: Option<serde_json::Value>,
    pub parent_message_id: Option<Uuid>,
    /// `pending`, `completed` or `failed`.
    pub processing_status: String,
    pub error: Option<String>,
    /// The generation started from this message: action, state, flag, job_id, error.
    pub generation: Option<serde_json::Value>,
    /// Media generated from this message (a JSON array of media items).
    pub media: serde_json::Value,
    /// The request's context (scene_id, pre_production_settings).
    pub context: serde_json::Value,
    pub reference_image_ids: Vec<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, user_id, project_id, scene_id, role, content, structured_response, parent_message_id, \
     processing_status, error, generation, media, context, reference_image_ids, created_at, updated_at";

macro_rules! message_from_row {
    ($row:expr) => {{
        use sqlx::Row as _;
        let row = $row;
        let structured: Option<Json<serde_json::Value>> = row.try_get("structured_response")?;
        let generation: Option<Json<serde_json::Value>> = row.try_get("generation")?;
        let media: Json<serde_json::Value> = row.try_get("media")?;
        let context: Json<serde_json::Value> = row.try_get("context")?;
        let references: Json<Vec<Uuid>> = row.try_get("reference_image_ids")?;
        Ok::<_, sqlx::Error>(Message {
            id: row.try_get("id")?,
            user_id: row.try_get("user_id")?,
            project_id: row.try_get("project_id")?,
            scene_id: row.try_get("scene_id")?,
            role: row.try_get("role")?,
            content: row.try_get("content")?,
            structured_response: structured.map(|j| j.0),
            parent_message_id: row.try_get("parent_message_id")?,
            processing_status: row.try_get("processing_status")?,
            error: row.try_get("error")?,
            generation: generation.map(|j| j.0),
            media: media.0,
            context: context.0,
            reference_image_ids: references.0,
            created_at: row.try_get("created_at")?,
            updated_at: row.try_get("updated_at")?,
        })
    }};
}

/// A message to store.
#[derive(Debug, Clone)]
pub struct NewMessage {
    pub id: Uuid,
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Uuid,
    pub role: &'static str,
    pub content: String,
    pub structured_response: Option<serde_json::Value>,
    pub parent_message_id: Option<Uuid>,
    pub processing_status: &'static str,
    pub context: serde_json::Value,
    pub reference_image_ids: Vec<Uuid>,
}

macro_rules! insert_message {
    ($executor:expr, $new:expr, $at:expr) => {{
        let new: &NewMessage = $new;
        sqlx::query(
            "INSERT INTO messages (id, user_id, project_id, scene_id, role, content, structured_response, parent_message_id, \
             processing_status, error, generation, media, context, reference_image_ids, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, NULL, NULL, $10, $11, $12, $13, $13)",
        )
        .bind(new.id)
        .bind(new.user_id)
        .bind(new.project_id)
        .bind(new.scene_id)
        .bind(new.role)
        .bind(&new.content)
        .bind(new.structured_response.as_ref().map(Json))
        .bind(new.parent_message_id)
        .bind(new.processing_status)
        .bind(Json(serde_json::json!([])))
        .bind(Json(&new.context))
        .bind(Json(&new.reference_image_ids))
        .bind($at)
        .execute($executor)
        .await?;
    }};
}

/// What storing a user's message found.
#[derive(Debug, Clone, PartialEq)]
pub enum Stored {
    /// A new message was stored.
    New(Message),
    /// The same sender sent the same content to this scene within the window: the earlier
    /// message, stored once.
    Duplicate(Message),
}

impl Store {
    /// Stores the user's message unless the same content reached this scene from this user
    /// within `window`. The scene row is locked first so two identical sends at once are
    /// counted one after another.
    pub async fn store_user_message(
        &self,
        new: &NewMessage,
        window: chrono::Duration,
    ) -> Result<Stored> {
        let at = now();
        let since = at - window;
        let duplicate_sql = format!(
            "SELECT {COLUMNS} FROM messages WHERE user_id = $1 AND scene_id = $2 AND role = 'user' AND content = $3 \
             AND created_at >= $4 ORDER BY created_at LIMIT 1"
        );
        let stored = on_db!(self, p => {
            let mut tx = p.begin().await?;
            let locked = sqlx::query("UPDATE scenes SET updated_at = updated_at WHERE id = $1 AND user_id = $2")
                .bind(new.scene_id)
                .bind(new.user_id)
                .execute(&mut *tx)
                .await?;
            if locked.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
            let earlier = sqlx::query(&duplicate_sql)
                .bind(new.user_id)
                .bind(new.scene_id)
                .bind(&new.content)
                .bind(since)
                .fetch_optional(&mut *tx)
                .await?;
            if let Some(row) = earlier {
                return Ok(Stored::Duplicate(message_from_row!(&row)?));
            }
            insert_message!(&mut *tx, new, at);
            tx.commit().await?;
            Ok::<_, StoreError>(())
        });
        stored?;
        Ok(Stored::New(self.message(new.user_id, new.id).await?))
    }

    /// Stores an assistant message (or any message without duplicate checks).
    pub async fn insert_message(&self, new: &NewMessage) -> Result<Message> {
        let at = now();
        on_db!(self, p => {
            insert_message!(p, new, at);
            Ok::<_, StoreError>(())
        })?;
        self.message(new.user_id, new.id).await
    }

    /// The user's message; another user's is `NotFound`.
    pub async fn message(&self, user_id: Uuid, id: Uuid) -> Result<Message> {
        let sql = format!("SELECT {COLUMNS} FROM messages WHERE id = $1 AND user_id = $2");
        let message = on_db!(self, p => {
            let row = sqlx::query(&sql).bind(id).bind(user_id).fetch_one(p).await?;
            message_from_row!(&row)
        })?;
        Ok(message)
    }

    /// The assistant's answer to a user message, if stored.
    pub async fn reply_to(&self, user_id: Uuid, user_message_id: Uuid) -> Result<Option<Message>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM messages WHERE user_id = $1 AND parent_message_id = $2 AND role = 'assistant' \
             ORDER BY created_at LIMIT 1"
        );
        let message = on_db!(self, p => {
            let row = sqlx::query(&sql).bind(user_id).bind(user_message_id).fetch_optional(p).await?;
            row.map(|row| message_from_row!(&row)).transpose()
        })?;
        Ok(message)
    }

    /// Page `page` (1 = the newest `per_page`) of a scene's conversation, oldest first within
    /// the page, and the number of messages.
    pub async fn scene_messages(
        &self,
        user_id: Uuid,
        scene_id: Uuid,
        page: i64,
        per_page: i64,
    ) -> Result<(Vec<Message>, i64)> {
        let sql = format!(
            "SELECT {COLUMNS} FROM messages WHERE user_id = $1 AND scene_id = $2 \
             ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4"
        );
        let offset = (page - 1).max(0) * per_page;
        let (mut messages, total) = on_db!(self, p => {
            let rows = sqlx::query(&sql).bind(user_id).bind(scene_id).bind(per_page).bind(offset).fetch_all(p).await?;
            let messages = rows.iter().map(|row| message_from_row!(row)).collect::<Result<Vec<_>, sqlx::Error>>()?;
            let (total,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM messages WHERE user_id = $1 AND scene_id = $2")
                .bind(user_id)
                .bind(scene_id)
                .fetch_one(p)
                .await?;
            Ok::<_, sqlx::Error>((messages, total))
        })?;
        messages.reverse();
        Ok((messages, total))
    }

    /// Records the assistant's finished answer on a pending message.
    pub async fn complete_message(
        &self,
        id: Uuid,
        content: &str,
        structured: &serde_json::Value,
    ) -> Result<bool> {
        let done = on_db!(self, p => sqlx::query(
            "UPDATE messages SET content = $1, structured_response = $2, processing_status = 'completed', error = NULL, \
             updated_at = $3 WHERE id = $4 AND processing_status = 'pending'",
        )
        .bind(content)
        .bind(Json(structured))
        .bind(now())
        .bind(id)
        .execute(p)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Marks a pending message failed with the reason.
    pub async fn fail_message(&self, id: Uuid, error: &str) -> Result<bool> {
        let done = on_db!(self, p => sqlx::query(
            "UPDATE messages SET processing_status = 'failed', error = $1, updated_at = $2 \
             WHERE id = $3 AND processing_status = 'pending'",
        )
        .bind(error)
        .bind(now())
        .bind(id)
        .execute(p)
        .await
        .map(|r| r.rows_affected()))?;
        Ok(done == 1)
    }

    /// Sets the message's generation (the job started from it and its state).
    pub async fn set_message_generation(
        &self,
        user_id: Uuid,
        id: Uuid,
        generation: &serde_json::Value,
    ) -> Result<()> {
        let done = on_db!(self, p => sqlx::query(
            "UPDATE messages SET generation = $1, updated_at = $2 WHERE id = $3 AND user_id = $4",
        )
        .bind(Json(generation))
        .bind(now())
        .bind(id)
        .bind(user_id)
        .execute(p)
        .await
        .map(|r| r.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }
}

/// The parts of a chat message a finished job changes.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageParts {
    pub generation: Option<serde_json::Value>,
    pub media: serde_json::Value,
    pub structured_response: Option<serde_json::Value>,
}

/// Inside a job's finishing transaction: applies `$change` to the chat message the job was
/// started from (if it names one of the user's messages), under the message row's lock.
macro_rules! update_linked_message {
    ($tx:expr, $job:expr, $change:expr) => {{
        let job: &$crate::Job = $job;
        let message_id = job.message_id.as_deref().and_then(|m| uuid::Uuid::parse_str(m).ok());
        if let Some(message_id) = message_id {
            let locked = sqlx::query("UPDATE messages SET updated_at = updated_at WHERE id = $1 AND user_id = $2")
                .bind(message_id)
                .bind(job.user_id)
                .execute(&mut *$tx)
                .await?;
            if locked.rows_affected() == 1 {
                type Parts = (
                    Option<sqlx::types::Json<serde_json::Value>>,
                    sqlx::types::Json<serde_json::Value>,
                    Option<sqlx::types::Json<serde_json::Value>>,
                );
                let (generation, media, structured): Parts = sqlx::query_as(
                    "SELECT generation, media, structured_response FROM messages WHERE id = $1",
                )
                .bind(message_id)
                .fetch_one(&mut *$tx)
                .await?;
                let mut parts = $crate::messages::MessageParts {
                    generation: generation.map(|j| j.0),
                    media: media.0,
                    structured_response: structured.map(|j| j.0),
                };
                $change(job, &mut parts);
                sqlx::query(
                    "UPDATE messages SET generation = $1, media = $2, structured_response = $3, updated_at = $4 WHERE id = $5",
                )
                .bind(parts.generation.as_ref().map(sqlx::types::Json))
                .bind(sqlx::types::Json(&parts.media))
                .bind(parts.structured_response.as_ref().map(sqlx::types::Json))
                .bind($crate::now())
                .bind(message_id)
                .execute(&mut *$tx)
                .await?;
            }
        }
    }};
}
pub(crate) use update_linked_message;
