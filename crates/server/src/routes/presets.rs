//! Style presets (`/api/chat/style-presets`): a scene's settled style saved under a name and
//! applied to other scenes; and feedback on generated media (`POST /api/media/feedback`).

use axum::extract::{Query, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::generation;
use crate::state::AppState;

const PRESET_NOT_FOUND: &str = "Style preset not found";
const NO_STYLE: &str =
    "No style guidance found in campaign conversation history. Please refine some prompts in this campaign first.";
const NAME_TAKEN: &str = "A style preset with this name already exists";
const FEEDBACK_REASONS: &[&str] = &[
    "poor_quality",
    "inaccurate",
    "wrong_style",
    "distorted",
    "other",
];

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_presets, create_preset))
        .routes(routes!(get_preset))
        .routes(routes!(apply_preset))
        .routes(routes!(give_feedback))
}

/// The preset envelope: `status`, `data` and a `message`.
#[derive(Serialize, ToSchema)]
pub struct PresetEnvelope<T> {
    status: &'static str,
    data: T,
    message: String,
}

fn envelope<T>(data: T, message: &str) -> Json<PresetEnvelope<T>> {
    Json(PresetEnvelope {
        status: "success",
        data,
        message: message.to_owned(),
    })
}

#[derive(Serialize, ToSchema)]
pub struct PresetView {
    preset_id: Uuid,
    /// The same as `preset_id`.
    id: Uuid,
    name: String,
    description: String,
    /// environment, color_palette, lighting, composition (each may be null) and descriptors:
    /// what the Generate panel prefills.
    style: serde_json::Value,
    source_scene_id: Option<Uuid>,
    created_at: DateTime<Utc>,
}

impl From<store::StylePreset> for PresetView {
    fn from(p: store::StylePreset) -> Self {
        Self {
            preset_id: p.id,
            id: p.id,
            name: p.name,
            description: p.description,
            style: p.style,
            source_scene_id: p.source_scene_id,
            created_at: p.created_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct PresetList {
    presets: Vec<PresetView>,
    page: i64,
    per_page: i64,
    total: i64,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PresetQuery {
    /// Default 1.
    page: Option<i64>,
    /// Default 20, at most 100.
    per_page: Option<i64>,
}

/// The user's style presets, newest first.
#[utoipa::path(get, path = "/api/chat/style-presets", tag = "presets", operation_id = "listStylePresets",
    params(PresetQuery),
    responses((status = 200, body = PresetEnvelope<PresetList>), (status = 400, body = ErrorResponse)))]
async fn list_presets(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<PresetQuery>,
) -> ApiResult<Json<PresetEnvelope<PresetList>>> {
    let page = query.page.unwrap_or(1);
    let per_page = query.per_page.unwrap_or(20);
    if page < 1 || !(1..=100).contains(&per_page) {
        return Err(ApiError::validation(
            "per_page",
            "page must be 1 or more and per_page between 1 and 100",
        ));
    }
    let (presets, total) = state
        .store
        .style_presets(current.user.id, page, per_page)
        .await?;
    let list = PresetList {
        presets: presets.into_iter().map(Into::into).collect(),
        page,
        per_page,
        total,
    };
    Ok(envelope(list, "Style presets"))
}

/// One preset.
#[utoipa::path(get, path = "/api/chat/style-presets/{id}", tag = "presets", operation_id = "getStylePreset",
    params(("id" = String, Path)),
    responses((status = 200, body = PresetEnvelope<PresetView>), (status = 404, body = ErrorResponse)))]
async fn get_preset(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<PresetEnvelope<PresetView>>> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| ApiError::NotFound(PRESET_NOT_FOUND))?;
    let preset = state
        .store
        .style_preset(current.user.id, id)
        .await
        .map_err(not_found(PRESET_NOT_FOUND))?;
    Ok(envelope(preset.into(), "Style preset"))
}

#[derive(Deserialize, ToSchema)]
pub struct CreatePresetRequest {
    name: Option<String>,
    description: Option<String>,
    scene_id: Option<String>,
    project_id: Option<String>,
}

/// Saves the style of a scene's conversation under a name.
#[utoipa::path(post, path = "/api/chat/style-presets", tag = "presets", operation_id = "createStylePreset",
    request_body = CreatePresetRequest,
    responses((status = 201, body = PresetEnvelope<PresetView>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
async fn create_preset(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<CreatePresetRequest>,
) -> ApiResult<(StatusCode, Json<PresetEnvelope<PresetView>>)> {
    let user_id = current.user.id;
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
    let project_id = generation::required_id(
        request.project_id.as_deref(),
        "project_id",
        "No campaign or project selected",
    )?;
    let scene_id = generation::required_id(
        request.scene_id.as_deref(),
        "scene_id",
        generation::SELECT_SCENE,
    )?;
    let scene = generation::owned_scene(&state, user_id, project_id, scene_id).await?;
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
    Ok((
        StatusCode::CREATED,
        envelope(preset.into(), "Style preset created"),
    ))
}

#[derive(Deserialize, ToSchema)]
pub struct ApplyPresetRequest {
    scene_id: Option<String>,
    project_id: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct AppliedPreset {
    scene_id: Uuid,
    preset_id: Uuid,
    style: serde_json::Value,
}

/// Applies a preset to a scene: later refinements there use its style.
#[utoipa::path(post, path = "/api/chat/style-presets/{id}/apply", tag = "presets", operation_id = "applyStylePreset",
    params(("id" = String, Path)),
    request_body = ApplyPresetRequest,
    responses((status = 200, body = PresetEnvelope<AppliedPreset>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn apply_preset(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
    Json(request): Json<ApplyPresetRequest>,
) -> ApiResult<Json<PresetEnvelope<AppliedPreset>>> {
    let user_id = current.user.id;
    let id = Uuid::parse_str(id.trim()).map_err(|_| ApiError::NotFound(PRESET_NOT_FOUND))?;
    let preset = state
        .store
        .style_preset(user_id, id)
        .await
        .map_err(not_found(PRESET_NOT_FOUND))?;
    let project_id = generation::required_id(
        request.project_id.as_deref(),
        "project_id",
        "No campaign or project selected",
    )?;
    let scene_id = generation::required_id(
        request.scene_id.as_deref(),
        "scene_id",
        generation::SELECT_SCENE,
    )?;
    let scene = generation::owned_scene(&state, user_id, project_id, scene_id).await?;
    state
        .store
        .apply_style_preset(user_id, scene.id, preset.id)
        .await?;
    Ok(envelope(
        AppliedPreset {
            scene_id: scene.id,
            preset_id: preset.id,
            style: preset.style,
        },
        "Style preset applied",
    ))
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

#[derive(Serialize, ToSchema)]
pub struct FeedbackSaved {
    message_id: Uuid,
    reaction: String,
    reason: Option<String>,
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

/// Feedback on a message's media; a second one from the same user replaces the first.
#[utoipa::path(post, path = "/api/media/feedback", tag = "presets", operation_id = "giveFeedback",
    request_body = FeedbackRequest,
    responses((status = 200, body = crate::models::Success<FeedbackSaved>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn give_feedback(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<FeedbackRequest>,
) -> ApiResult<Json<crate::models::Success<FeedbackSaved>>> {
    let user_id = current.user.id;
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
    state
        .store
        .save_feedback(&store::NewFeedback {
            user_id,
            message_id: message.id,
            scene_id: message.scene_id,
            reaction: reaction.clone(),
            reason: reason.clone(),
            comment: short(request.comment.as_deref(), "comment", 2000)?,
            feedback_type,
            asset_url: short(request.asset_url.as_deref(), "assetUrl", 500)?,
            client_timestamp: short(request.timestamp.as_deref(), "timestamp", 64)?,
        })
        .await?;
    Ok(crate::models::success(FeedbackSaved {
        message_id: message.id,
        reaction,
        reason,
    }))
}
