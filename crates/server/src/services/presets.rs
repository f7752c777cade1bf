//! Style presets — a campaign's settled style saved under a name and applied to other
//! campaigns — and feedback on generated media, which steers the assistant's next answer.

use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::services::scenes::SceneRef;
use crate::state::AppState;

pub const PRESET_NOT_FOUND: &str = "Style preset not found";
const NO_STYLE: &str =
    "No style guidance found in scene conversation history. Please refine some prompts in this scene first.";
const NAME_TAKEN: &str = "A style preset with this name already exists";
const FEEDBACK_REASONS: &[&str] = &[
    "poor_quality",
    "inaccurate",
    "wrong_style",
    "distorted",
    "other",
];

#[derive(Deserialize, ToSchema)]
pub struct CreatePresetRequest {
    name: Option<String>,
    description: Option<String>,
    scene_id: Option<String>,
    project_id: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct ApplyPresetRequest {
    scene_id: Option<String>,
    project_id: Option<String>,
}

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

/// Saves the style of a campaign's conversation under a name unique to the user.
pub async fn create_preset(
    state: &AppState,
    user_id: Uuid,
    request: CreatePresetRequest,
) -> ApiResult<store::StylePreset> {
    let name = request.name.as_deref().unwrap_or("").trim().to_owned();
    if name.is_empty() {
        return Err(ApiError::validation(
            "name",
            "Please enter a name for the style preset",
        ));
    }
    if name.chars().count() > 100 {
        return Err(ApiError::validation(
            "name",
            "The preset name is too long: at most 100 characters",
        ));
    }
    let description = request
        .description
        .as_deref()
        .unwrap_or("")
        .trim()
        .to_owned();
    if description.chars().count() > 1000 {
        return Err(ApiError::validation(
            "description",
            "The description is too long: at most 1000 characters",
        ));
    }
    let scene = SceneRef::parse(request.project_id.as_deref(), request.scene_id.as_deref())?
        .owned(state, user_id)
        .await?;
    let (messages, _) = state
        .store
        .scene_messages(user_id, scene.id, 1, 200)
        .await?;
    let turns = jobs::assistant::turns(&messages);
    let style =
        ai::extract_style(&turns).ok_or_else(|| ApiError::validation("scene_id", NO_STYLE))?;
    let style = serde_json::to_value(style).map_err(|e| ApiError::Internal(e.into()))?;
    let preset = state
        .store
        .create_style_preset(user_id, &name, &description, &style, Some(scene.id))
        .await
        .map_err(|e| match e {
            store::StoreError::Conflict => ApiError::Conflict(NAME_TAKEN.into()),
            other => other.into(),
        })?;
    Ok(preset)
}

/// Applies a preset to a campaign: later refinements there use its style.
pub async fn apply_preset(
    state: &AppState,
    user_id: Uuid,
    id: &str,
    request: ApplyPresetRequest,
) -> ApiResult<(store::Scene, store::StylePreset)> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| ApiError::NotFound(PRESET_NOT_FOUND))?;
    let preset = state
        .store
        .style_preset(user_id, id)
        .await
        .map_err(not_found(PRESET_NOT_FOUND))?;
    let scene = SceneRef::parse(request.project_id.as_deref(), request.scene_id.as_deref())?
        .owned(state, user_id)
        .await?;
    state
        .store
        .apply_style_preset(user_id, scene.id, preset.id)
        .await?;
    Ok((scene, preset))
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
