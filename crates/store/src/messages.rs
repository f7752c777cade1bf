//! Chat messages: a scene's conversation between the user and the assistant, with the
//! assistant's structured answers and the generations started from them.

use crate::BeginWrite;
use chrono::{DateTime, Utc};
use domain::{
    Generation, MediaItem, MessageContext, MessageRole, ProcessingStatus, StructuredResponse,
};
use sqlx::types::Json;
use uuid::Uuid;

use crate::{now, on_db, Result, Store, StoreError};

/// A chat message. The JSON columns are read and written through this one type.
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct Message {
    pub id: Uuid,
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Uuid,
    #[sqlx(try_from = "String")]
    pub role: MessageRole,
    pub content: String,
    #[sqlx(json(nullable))]
    pub structured_response: Option<StructuredResponse>,
    pub parent_message_id: Option<Uuid>,
    #[sqlx(try_from = "String")]
    pub processing_status: ProcessingStatus,
    pub error: Option<String>,
    /// The generation started from this message.
    #[sqlx(json(nullable))]
    pub generation: Option<Generation>,
    /// Media generated from this message, oldest first.
    #[sqlx(json)]
    pub media: Vec<MediaItem>,
    #[sqlx(json)]
    pub context: MessageContext,
    #[sqlx(json)]
    pub reference_image_ids: Vec<Uuid>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

const COLUMNS: &str = "id, user_id, project_id, scene_id, role, content, structured_response, parent_message_id, \
     processing_status, error, generation, media, context, reference_image_ids, created_at, updated_at";

/// Inserts a message and counts it on its scene; run inside a transaction (pass `&mut *tx`)
/// so the kept count never disagrees with the rows.
macro_rules! insert_message {
    ($executor:expr, $message:expr) => {{
        let m: &Message = $message;
        sqlx::query(
            "INSERT INTO messages (id, user_id, project_id, scene_id, role, content, structured_response, parent_message_id, \
             processing_status, error, generation, media, context, reference_image_ids, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)",
        )
        .bind(m.id)
        .bind(m.user_id)
        .bind(m.project_id)
        .bind(m.scene_id)
        .bind(m.role.as_str())
        .bind(&m.content)
        .bind(m.structured_response.as_ref().map(Json))
        .bind(m.parent_message_id)
        .bind(m.processing_status.as_str())
        .bind(m.error.as_deref())
        .bind(m.generation.as_ref().map(Json))
        .bind(Json(&m.media))
        .bind(Json(&m.context))
        .bind(Json(&m.reference_image_ids))
        .bind(m.created_at)
        .bind(m.updated_at)
        .execute($executor)
        .await?;
        sqlx::query("UPDATE scenes SET message_count = message_count + 1 WHERE id = $1")
            .bind(m.scene_id)
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
    /// Stores the user's message unless it repeats the scene's latest message from this user,
    /// sent within `window` of its `created_at` (a double send). The same words after another
    /// message are a new question: the campaign has changed since. The scene row is locked
    /// first so two identical sends at once are counted one after another.
    pub async fn store_user_message(
        &self,
        new: &Message,
        window: chrono::Duration,
    ) -> Result<Stored> {
        let since = new.created_at - window;
        let latest_sql = format!(
            "SELECT {COLUMNS} FROM messages WHERE user_id = $1 AND scene_id = $2 AND role = 'user' \
             AND created_at >= $3 ORDER BY created_at DESC, id DESC LIMIT 1"
        );
        let stored = on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            let locked = sqlx::query("UPDATE scenes SET updated_at = updated_at WHERE id = $1 AND user_id = $2")
                .bind(new.scene_id)
                .bind(new.user_id)
                .execute(&mut *tx)
                .await?;
            if locked.rows_affected() == 0 {
                return Err(StoreError::NotFound);
            }
            let latest: Option<Message> = sqlx::query_as(&latest_sql)
                .bind(new.user_id)
                .bind(new.scene_id)
                .bind(since)
                .fetch_optional(&mut *tx)
                .await?;
            if let Some(earlier) = latest.filter(|m| m.content == new.content) {
                return Ok(Stored::Duplicate(earlier));
            }
            insert_message!(&mut *tx, new);
            tx.commit().await?;
            Ok::<_, StoreError>(())
        });
        stored?;
        Ok(Stored::New(self.message(new.user_id, new.id).await?))
    }

    /// Stores an assistant message (or any message without duplicate checks).
    pub async fn insert_message(&self, new: &Message) -> Result<Message> {
        on_db!(self, p => {
            let mut tx = p.begin_write().await?;
            insert_message!(&mut *tx, new);
            tx.commit().await?;
            Ok::<_, StoreError>(())
        })?;
        self.message(new.user_id, new.id).await
    }

    /// The user's message; another user's is `NotFound`.
    pub async fn message(&self, user_id: Uuid, id: Uuid) -> Result<Message> {
        let sql = format!("SELECT {COLUMNS} FROM messages WHERE id = $1 AND user_id = $2");
        let message =
            on_db!(self, p => sqlx::query_as(&sql).bind(id).bind(user_id).fetch_one(p).await)?;
        Ok(message)
    }

    /// Whether a message of any user has this id.
    pub async fn message_exists(&self, id: Uuid) -> Result<bool> {
        let (count,): (i64,) = on_db!(self, p => sqlx::query_as("SELECT COUNT(*) FROM messages WHERE id = $1")
            .bind(id)
            .fetch_one(p)
            .await)?;
        Ok(count > 0)
    }

    /// The assistant's answer to a user message, if stored.
    pub async fn reply_to(&self, user_id: Uuid, user_message_id: Uuid) -> Result<Option<Message>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM messages WHERE user_id = $1 AND parent_message_id = $2 AND role = 'assistant' \
             ORDER BY created_at LIMIT 1"
        );
        let message = on_db!(self, p => {
            sqlx::query_as(&sql).bind(user_id).bind(user_message_id).fetch_optional(p).await
        })?;
        Ok(message)
    }

    /// Page `page` (1 = the newest `per_page`) of a scene's conversation, oldest first within
    /// the page, and the number of messages. The page is read in the order of the scene's
    /// message index and the number from the scene's kept count, so neither walks a long
    /// conversation.
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
        let offset = crate::page_offset(page, per_page)?;
        let (mut messages, total) = on_db!(self, p => {
            let messages: Vec<Message> = sqlx::query_as(&sql).bind(user_id).bind(scene_id).bind(per_page).bind(offset).fetch_all(p).await?;
            let total: Option<(i64,)> = sqlx::query_as("SELECT message_count FROM scenes WHERE id = $1 AND user_id = $2")
                .bind(scene_id)
                .bind(user_id)
                .fetch_optional(p)
                .await?;
            Ok::<_, sqlx::Error>((messages, total.map_or(0, |(n,)| n)))
        })?;
        messages.reverse();
        Ok((messages, total))
    }

    /// Records the assistant's finished answer on a pending message, with the media made with
    /// it (an ad design).
    pub async fn complete_message(
        &self,
        id: Uuid,
        content: &str,
        structured: &StructuredResponse,
        media: &[MediaItem],
    ) -> Result<bool> {
        let done = on_db!(self, p => sqlx::query(
            "UPDATE messages SET content = $1, structured_response = $2, processing_status = 'completed', error = NULL, \
             media = $3, updated_at = $4 WHERE id = $5 AND processing_status = 'pending'",
        )
        .bind(content)
        .bind(Json(structured))
        .bind(Json(media))
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
        generation: Option<&Generation>,
    ) -> Result<()> {
        let done = on_db!(self, p => sqlx::query(
            "UPDATE messages SET generation = $1, updated_at = $2 WHERE id = $3 AND user_id = $4",
        )
        .bind(generation.map(Json))
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
#[derive(Debug, Clone, PartialEq, sqlx::FromRow)]
pub struct MessageParts {
    #[sqlx(json(nullable))]
    pub generation: Option<Generation>,
    #[sqlx(json)]
    pub media: Vec<MediaItem>,
}

/// Inside a job's finishing transaction: applies `$change` to the chat message the job was
/// started from (if it names one of the user's messages), under the message row's lock.
macro_rules! update_linked_message {
    ($tx:expr, $job:expr, $change:expr) => {{
        let job: &$crate::Job = $job;
        if let Some(message_id) = job.message_id {
            let locked = sqlx::query("UPDATE messages SET updated_at = updated_at WHERE id = $1 AND user_id = $2")
                .bind(message_id)
                .bind(job.user_id)
                .execute(&mut *$tx)
                .await?;
            if locked.rows_affected() == 1 {
                let mut parts: $crate::messages::MessageParts =
                    sqlx::query_as("SELECT generation, media FROM messages WHERE id = $1")
                        .bind(message_id)
                        .fetch_one(&mut *$tx)
                        .await?;
                $change(job, &mut parts);
                sqlx::query("UPDATE messages SET generation = $1, media = $2, updated_at = $3 WHERE id = $4")
                    .bind(parts.generation.as_ref().map(sqlx::types::Json))
                    .bind(sqlx::types::Json(&parts.media))
                    .bind($crate::now())
                    .bind(message_id)
                    .execute(&mut *$tx)
                    .await?;
            }
        }
    }};
}
pub(crate) use update_linked_message;

#[cfg(test)]
mod tests {
    use domain::{ProjectName, SceneName};

    use super::*;
    use crate::migrate::tests::{fresh_stores, user};

    #[tokio::test]
    async fn the_kept_message_count_equals_the_rows_and_pages_come_in_order() {
        for store in fresh_stores().await {
            count_and_pages(&store).await;
            store.close().await;
        }
    }

    fn message(user_id: Uuid, project_id: Uuid, scene_id: Uuid, content: &str) -> Message {
        let at = now();
        Message {
            id: Uuid::new_v4(),
            user_id,
            project_id,
            scene_id,
            role: MessageRole::User,
            content: content.to_owned(),
            structured_response: None,
            parent_message_id: None,
            processing_status: ProcessingStatus::Completed,
            error: None,
            generation: None,
            media: Vec::new(),
            context: MessageContext {
                scene_id,
                pre_production_settings: Default::default(),
            },
            reference_image_ids: Vec::new(),
            created_at: at,
            updated_at: at,
        }
    }

    async fn rows(store: &Store, scene_id: Uuid) -> i64 {
        let (n,): (i64,) =
            on_db!(store, p => sqlx::query_as("SELECT COUNT(*) FROM messages WHERE scene_id = $1")
            .bind(scene_id)
            .fetch_one(p)
            .await)
            .unwrap();
        n
    }

    async fn count_and_pages(store: &Store) {
        store.migrate().await.unwrap();
        let user = user(store, "conversation@example.com", 0).await;
        let project = store
            .create_project(
                user.id,
                &ProjectName::parse("Talk").unwrap(),
                Default::default(),
            )
            .await
            .unwrap();
        let name = SceneName::parse("Campaign").unwrap();
        let scene = store
            .create_scene(user.id, project.id, &name, None)
            .await
            .unwrap();
        let other = store
            .create_scene(user.id, project.id, &name, None)
            .await
            .unwrap();

        let window = chrono::Duration::seconds(10);
        let first = message(user.id, project.id, scene.id, "a candle");
        assert!(matches!(
            store.store_user_message(&first, window).await.unwrap(),
            Stored::New(_)
        ));
        // A repeated send is not stored, so not counted.
        let repeated = message(user.id, project.id, scene.id, "a candle");
        assert!(matches!(
            store.store_user_message(&repeated, window).await.unwrap(),
            Stored::Duplicate(_)
        ));
        // The same words after another message are asked again.
        let between = message(user.id, project.id, scene.id, "a vase");
        store.store_user_message(&between, window).await.unwrap();
        let again = message(user.id, project.id, scene.id, "a candle");
        let Stored::New(asked_again) = store.store_user_message(&again, window).await.unwrap()
        else {
            panic!("the same words after another message were taken for a repeat");
        };
        assert_eq!(asked_again.id, again.id);
        // Messages written at the same instant: the id orders them.
        let mut same_instant = Vec::new();
        for i in 0..6 {
            let mut m = message(user.id, project.id, scene.id, &format!("take {i}"));
            m.created_at = first.created_at + chrono::Duration::seconds(1);
            store.insert_message(&m).await.unwrap();
            same_instant.push(m.id);
        }
        store
            .insert_message(&message(user.id, project.id, other.id, "elsewhere"))
            .await
            .unwrap();

        let (page, total) = store.scene_messages(user.id, scene.id, 1, 4).await.unwrap();
        assert_eq!(total, 9);
        assert_eq!(total, rows(store, scene.id).await);
        same_instant.sort();
        let ids: Vec<Uuid> = page.iter().map(|m| m.id).collect();
        assert_eq!(ids, same_instant[2..]);
        let (page, _) = store.scene_messages(user.id, scene.id, 2, 4).await.unwrap();
        let ids: Vec<Uuid> = page.iter().map(|m| m.id).collect();
        assert_eq!(
            ids,
            [&[between.id, again.id][..], &same_instant[..2]].concat()
        );

        let (_, total) = store
            .scene_messages(user.id, other.id, 1, 50)
            .await
            .unwrap();
        assert_eq!(total, 1);
        assert_eq!(total, rows(store, other.id).await);
        // Another user sees no messages of the scene.
        let (page, total) = store
            .scene_messages(Uuid::new_v4(), scene.id, 1, 50)
            .await
            .unwrap();
        assert!(page.is_empty());
        assert_eq!(total, 0);
    }
}
