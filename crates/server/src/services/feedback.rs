//! Feedback on generated media, which steers the assistant's next answer.

use domain::{Choice, FeedbackReason, FeedbackType, LookupId, Reaction};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::services::ownership::MESSAGE_NOT_FOUND;
use crate::state::AppState;

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackRequest {
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    message_id: LookupId,
    #[serde(default)]
    #[schema(value_type = Option<Reaction>)]
    reaction: Choice<Reaction>,
    /// Required when negative.
    #[serde(default)]
    #[schema(value_type = Option<FeedbackReason>)]
    reason: Choice<FeedbackReason>,
    comment: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<FeedbackType>)]
    feedback_type: Choice<FeedbackType>,
    asset_url: Option<String>,
    timestamp: Option<String>,
}

/// Feedback as it was saved.
pub struct FeedbackGiven {
    pub message_id: Uuid,
    pub reaction: Reaction,
    pub reason: Option<FeedbackReason>,
}

/// Feedback on a message's media; a second one from the same user replaces the first. A
/// negative reaction needs one of the offered reasons.
pub async fn give_feedback(
    state: &AppState,
    user_id: Uuid,
    request: FeedbackRequest,
) -> ApiResult<FeedbackGiven> {
    let LookupId::Id(message_id) = request.message_id else {
        return Err(ApiError::NotFound(MESSAGE_NOT_FOUND));
    };
    let Some(reaction) = request.reaction.get() else {
        return Err(ApiError::validation(
            "reaction",
            "reaction must be positive or negative",
        ));
    };
    let reason = request.reason.get();
    if reaction == Reaction::Negative && reason.is_none() {
        return Err(ApiError::validation(
            "reason",
            "Please select a feedback option",
        ));
    }
    let message = state
        .store
        .message(user_id, message_id)
        .await
        .map_err(not_found(MESSAGE_NOT_FOUND))?;
    let feedback = store::NewFeedback {
        user_id,
        message_id: message.id,
        scene_id: message.scene_id,
        reaction: reaction.as_str().to_owned(),
        reason: reason.map(|r| r.as_str().to_owned()),
        comment: short(request.comment.as_deref(), "comment", 2000)?,
        feedback_type: request.feedback_type.get().map(|t| t.as_str().to_owned()),
        asset_url: short(request.asset_url.as_deref(), "assetUrl", 500)?,
        client_timestamp: short(request.timestamp.as_deref(), "timestamp", 64)?,
    };
    state.store.save_feedback(&feedback).await?;
    Ok(FeedbackGiven {
        message_id: feedback.message_id,
        reaction,
        reason,
    })
}

/// Optional text as given, trimmed; empty is none, longer than `limit` characters is refused
/// naming the field.
fn short(text: Option<&str>, field: &'static str, limit: usize) -> ApiResult<Option<String>> {
    let text = text
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned);
    if text.as_ref().is_some_and(|t| t.chars().count() > limit) {
        return Err(ApiError::validation(
            field,
            format!("{field} is too long: at most {limit} characters"),
        ));
    }
    Ok(text)
}
