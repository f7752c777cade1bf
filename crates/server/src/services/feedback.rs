//! Feedback on generated media, which steers the assistant's next answer.

use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::state::AppState;

const FEEDBACK_REASONS: &[&str] = &[
    "poor_quality",
    "inaccurate",
    "wrong_style",
    "distorted",
    "other",
];

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedbackRequest {
    message_id: Option<String>,
    /// positive or negative.
    reaction: Option<String>,
    /// poor_quality, inaccurate, wrong_style, distorted or other; required when negative.
    reason: Option<String>,
    comment: Option<String>,
    /// positive_general or negative_general.
    feedback_type: Option<String>,
    asset_url: Option<String>,
    timestamp: Option<String>,
}

/// Feedback on a message's media; a second one from the same user replaces the first. A
/// negative reaction needs one of the offered reasons.
pub async fn give_feedback(
    state: &AppState,
    user_id: Uuid,
    request: FeedbackRequest,
) -> ApiResult<store::NewFeedback> {
    let message_id = request
        .message_id
        .as_deref()
        .and_then(|m| Uuid::parse_str(m.trim()).ok())
        .ok_or_else(|| ApiError::NotFound("Message not found"))?;
    let reaction = match request.reaction.as_deref().map(str::trim) {
        Some(r @ ("positive" | "negative")) => r.to_owned(),
        _ => {
            return Err(ApiError::validation(
                "reaction",
                "reaction must be positive or negative",
            ))
        }
    };
    let reason = short(request.reason.as_deref(), "reason", 40)?;
    if reaction == "negative" && reason.is_none() {
        return Err(ApiError::validation(
            "reason",
            "Please select a feedback option",
        ));
    }
    if let Some(reason) = &reason {
        if !FEEDBACK_REASONS.contains(&reason.as_str()) {
            return Err(ApiError::validation(
                "reason",
                "Please select a feedback option",
            ));
        }
    }
    let feedback_type = short(request.feedback_type.as_deref(), "feedbackType", 40)?;
    if let Some(kind) = &feedback_type {
        if kind != "positive_general" && kind != "negative_general" {
            return Err(ApiError::validation(
                "feedbackType",
                "feedbackType must be positive_general or negative_general",
            ));
        }
    }
    let message = state
        .store
        .message(user_id, message_id)
        .await
        .map_err(not_found("Message not found"))?;
    let feedback = store::NewFeedback {
        user_id,
        message_id: message.id,
        scene_id: message.scene_id,
        reaction: reaction.clone(),
        reason: reason.clone(),
        comment: short(request.comment.as_deref(), "comment", 2000)?,
        feedback_type,
        asset_url: short(request.asset_url.as_deref(), "assetUrl", 500)?,
        client_timestamp: short(request.timestamp.as_deref(), "timestamp", 64)?,
    };
    state.store.save_feedback(&feedback).await?;
    Ok(feedback)
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
