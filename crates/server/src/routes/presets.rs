//! Style presets (`/api/chat/style-presets`): a scene's settled style saved under a name and
//! applied to other scenes.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::StyleGuide;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::models::{success_saying, Page, Success};
use crate::services::presets::{self, ApplyPresetRequest, CreatePresetRequest, PRESET_NOT_FOUND};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_presets, create_preset))
        .routes(routes!(get_preset))
        .routes(routes!(apply_preset))
}

#[derive(Serialize, ToSchema)]
pub struct PresetView {
    preset_id: Uuid,
    /// The same as `preset_id`.
    id: Uuid,
    name: String,
    description: String,
    /// What the Generate panel prefills.
    style: StyleGuide,
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

/// The user's style presets, newest first.
#[utoipa::path(get, path = "/api/chat/style-presets", tag = "presets", operation_id = "listStylePresets",
    params(Page<20>),
    responses((status = 200, body = Success<PresetList>), (status = 400, body = ErrorResponse)))]
async fn list_presets(
    State(state): State<AppState>,
    current: CurrentUser,
    page: Page<20>,
) -> ApiResult<Json<Success<PresetList>>> {
    let (presets, total) = state
        .store
        .style_presets(current.user.id, page.number, page.size)
        .await?;
    let list = PresetList {
        presets: presets.into_iter().map(Into::into).collect(),
        page: page.number,
        per_page: page.size,
        total,
    };
    Ok(success_saying(list, "Style presets"))
}

/// One preset.
#[utoipa::path(get, path = "/api/chat/style-presets/{id}", tag = "presets", operation_id = "getStylePreset",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<PresetView>), (status = 404, body = ErrorResponse)))]
async fn get_preset(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Success<PresetView>>> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| ApiError::NotFound(PRESET_NOT_FOUND))?;
    let preset = state
        .store
        .style_preset(current.user.id, id)
        .await
        .map_err(not_found(PRESET_NOT_FOUND))?;
    Ok(success_saying(preset.into(), "Style preset"))
}

/// Saves the style of a scene's conversation under a name.
#[utoipa::path(post, path = "/api/chat/style-presets", tag = "presets", operation_id = "createStylePreset",
    request_body = CreatePresetRequest,
    responses((status = 201, body = Success<PresetView>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
async fn create_preset(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<CreatePresetRequest>,
) -> ApiResult<(StatusCode, Json<Success<PresetView>>)> {
    let preset = presets::create_preset(&state, current.user.id, request).await?;
    Ok((
        StatusCode::CREATED,
        success_saying(preset.into(), "Style preset created"),
    ))
}

#[derive(Serialize, ToSchema)]
pub struct AppliedPreset {
    scene_id: Uuid,
    preset_id: Uuid,
    style: StyleGuide,
}

/// Applies a preset to a scene: later refinements there use its style.
#[utoipa::path(post, path = "/api/chat/style-presets/{id}/apply", tag = "presets", operation_id = "applyStylePreset",
    params(("id" = String, Path)),
    request_body = ApplyPresetRequest,
    responses((status = 200, body = Success<AppliedPreset>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn apply_preset(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
    Json(request): Json<ApplyPresetRequest>,
) -> ApiResult<Json<Success<AppliedPreset>>> {
    let (scene, preset) = presets::apply_preset(&state, current.user.id, &id, request).await?;
    Ok(success_saying(
        AppliedPreset {
            scene_id: scene.id,
            preset_id: preset.id,
            style: preset.style,
        },
        "Style preset applied",
    ))
}
