//! Everything the assistant reads to answer a chat message, gathered from the database:
//! the scene's recent conversation, its style preset, the reference images, the settings and
//! feedback given since the last answer. Used by the chat route and by the background reply.

use ai::{AssistantRequest, FeedbackHint, ReferenceFacts, StyleGuide, Turn};
use chrono::{DateTime, Utc};
use domain::{MessageRole, ProcessingStatus};
use store::{MediaStorage, Message, ReferenceImage, Store, StoreError};
use uuid::Uuid;

/// How much of the conversation the assistant reads.
const HISTORY_TURNS: i64 = 20;

fn turn_of(message: &Message) -> Option<Turn> {
    if message.processing_status != ProcessingStatus::Completed {
        return None;
    }
    Some(Turn {
        role: message.role,
        content: message.content.clone(),
        structured: message.structured_response.clone(),
    })
}

/// A scene's conversation as turns, oldest first.
pub fn turns(messages: &[Message]) -> Vec<Turn> {
    messages.iter().filter_map(turn_of).collect()
}

/// What the assistant knows of a reference image: its size, whether it can be a cut-out,
/// and the product's colours read from its thumbnail (none if that cannot be read).
async fn facts_of(storage: &MediaStorage, image: &ReferenceImage) -> ReferenceFacts {
    let dominant_colors = match storage.read(&image.thumbnail_key).await {
        Ok(bytes) => tokio::task::spawn_blocking(move || engine::prompt::product_colors(&bytes, 2))
            .await
            .ok()
            .and_then(Result::ok)
            .map(|names| names.into_iter().map(str::to_owned).collect())
            .unwrap_or_default(),
        Err(e) => {
            tracing::warn!(error = %e, "could not read a reference thumbnail for its colours");
            Vec::new()
        }
    };
    ReferenceFacts {
        width: u32::try_from(image.width).unwrap_or(0),
        height: u32::try_from(image.height).unwrap_or(0),
        // Only PNG and WebP can carry a cut-out's transparency.
        transparent_background: image.mime_type == "image/png" || image.mime_type == "image/webp",
        dominant_colors,
    }
}

/// The request for the assistant's answer to `user_message`.
pub async fn assistant_request(
    store: &Store,
    storage: &MediaStorage,
    user_message: &Message,
) -> Result<AssistantRequest, StoreError> {
    let user_id = user_message.user_id;
    let scene = store.scene(user_id, user_message.scene_id).await?;
    let (recent, _) = store
        .scene_messages(user_id, scene.id, 1, HISTORY_TURNS + 5)
        .await?;
    let earlier: Vec<Message> = recent
        .into_iter()
        .filter(|m| m.id != user_message.id && m.created_at <= user_message.created_at)
        .collect();
    let skip = earlier.len().saturating_sub(HISTORY_TURNS as usize);
    let history = turns(&earlier[skip..]);

    let mut references = Vec::new();
    for id in &user_message.reference_image_ids {
        match store.reference_image(user_id, *id).await {
            Ok(image) => references.push(image),
            Err(StoreError::NotFound) => {}
            Err(e) => return Err(e),
        }
    }
    if references.is_empty() {
        references = store.scene_reference_images(user_id, scene.id).await?;
    }

    let mut reference_images = Vec::with_capacity(references.len());
    for image in references.iter().take(store::MAX_REFERENCE_IMAGES as usize) {
        reference_images.push(facts_of(storage, image).await);
    }

    let style: Option<StyleGuide> = match scene.preset_id {
        Some(preset) => match store.style_preset(user_id, preset).await {
            Ok(preset) => Some(preset.style),
            Err(StoreError::NotFound) => None,
            Err(e) => return Err(e),
        },
        None => None,
    };

    // Feedback given since the assistant last answered steers this answer, once.
    let last_answer = earlier
        .iter()
        .filter(|m| m.role == MessageRole::Assistant)
        .map(|m| m.created_at)
        .max()
        // (The epoch, not DateTime::MIN, which PostgreSQL cannot store.)
        .unwrap_or(DateTime::<Utc>::UNIX_EPOCH);
    let feedback = store
        .latest_feedback(user_id, scene.id, last_answer)
        .await?
        .map(|f| FeedbackHint {
            reaction: f.reaction,
            reason: f.reason,
            comment: f.comment,
        });

    let latest_picture = latest_picture(store, user_id, user_message.project_id, scene.id)
        .await?
        .is_some();
    Ok(AssistantRequest {
        latest_picture,
        message: user_message.content.clone(),
        history,
        style,
        reference_images,
        settings: user_message.context.pre_production_settings,
        feedback,
    })
}

/// The scene's newest picture, the one an ad asked for in the chat is set on.
pub async fn latest_picture(
    store: &Store,
    user_id: Uuid,
    project_id: Uuid,
    scene_id: Uuid,
) -> Result<Option<store::MediaAsset>, StoreError> {
    let media = store.project_media(user_id, project_id).await?;
    Ok(media
        .into_iter()
        .rev()
        .find(|m| m.scene_id == Some(scene_id) && m.file_type == domain::MediaKind::Image))
}
