use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::{SceneName, Settings, SettingsInput, StyleGuide};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::models::{success, Success};
use crate::services::scenes::storyboard_updated;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_scenes, create_scene))
        .routes(routes!(update_scene))
        .routes(routes!(reorder_scenes))
        .routes(routes!(set_active_asset))
}

/// A scene; the interface calls it a campaign.
#[derive(Serialize, ToSchema)]
pub struct SceneView {
    pub id: Uuid,
    pub project_id: Uuid,
    pub name: String,
    /// 1-based position in the project.
    pub order: i64,
    pub active_asset_id: Option<Uuid>,
    pub settings: Settings,
    pub preset_id: Option<Uuid>,
    /// The applied preset's style (environment, color_palette, lighting, composition,
    /// descriptors) for prefilling the Generate panel; in scene lists only.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub preset_style: Option<StyleGuide>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<store::Scene> for SceneView {
    fn from(s: store::Scene) -> Self {
        Self {
            id: s.id,
            project_id: s.project_id,
            name: s.name,
            order: s.order,
            active_asset_id: s.active_asset_id,
            settings: s.settings,
            preset_id: s.preset_id,
            preset_style: None,
            created_at: s.created_at,
            updated_at: s.updated_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct CreateSceneRequest {
    name: String,
    preset_id: Option<Uuid>,
}

#[derive(Deserialize, ToSchema)]
pub struct UpdateSceneRequest {
    name: Option<String>,
    settings: Option<SettingsInput>,
}

/// The most scene ids a reorder may list: far more campaigns than a project holds, and a
/// bound on the work one request can ask for.
const MAX_REORDERED_SCENES: usize = 1000;

#[derive(Deserialize, ToSchema)]
pub struct ReorderScenesRequest {
    /// Every scene id of the project, each exactly once, in the new order.
    #[schema(max_items = 1000)]
    scene_ids: Vec<Uuid>,
}

#[derive(Deserialize, ToSchema)]
pub struct SetActiveAssetRequest {
    asset_id: Uuid,
}

const PROJECT_NOT_FOUND: &str = "Project not found";
const SCENE_NOT_FOUND: &str = "Campaign not found";

/// The project's scenes ordered by `order`.
#[utoipa::path(get, path = "/api/projects/{id}/scenes", tag = "scenes", operation_id = "listScenes",
    params(("id" = Uuid, Path, description = "Project id")),
    responses((status = 200, body = Success<Vec<SceneView>>), (status = 404, body = ErrorResponse)))]
async fn list_scenes(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(project_id): Path<Uuid>,
) -> ApiResult<Json<Success<Vec<SceneView>>>> {
    state
        .store
        .project(current.user.id, project_id)
        .await
        .map_err(not_found(PROJECT_NOT_FOUND))?;
    let scenes = state.store.scenes(current.user.id, project_id).await?;
    let mut styles = state
        .store
        .scene_preset_styles(current.user.id, project_id)
        .await?;
    let views = scenes
        .into_iter()
        .map(|scene| {
            let style = styles.remove(&scene.id);
            SceneView {
                preset_style: style,
                ..SceneView::from(scene)
            }
        })
        .collect();
    Ok(success(views))
}

/// Appends a scene to the project; it starts with the project's settings.
#[utoipa::path(post, path = "/api/projects/{id}/scenes", tag = "scenes", operation_id = "createScene",
    params(("id" = Uuid, Path, description = "Project id")),
    request_body = CreateSceneRequest,
    responses((status = 201, body = Success<SceneView>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn create_scene(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(project_id): Path<Uuid>,
    Json(body): Json<CreateSceneRequest>,
) -> ApiResult<(StatusCode, Json<Success<SceneView>>)> {
    let name = SceneName::parse(&body.name)?;
    // A scene created with a preset starts with that style applied; only the user's own.
    if let Some(preset) = body.preset_id {
        state
            .store
            .style_preset(current.user.id, preset)
            .await
            .map_err(not_found("Style preset not found"))?;
    }
    let scene = state
        .store
        .create_scene(current.user.id, project_id, &name, body.preset_id)
        .await
        .map_err(not_found(PROJECT_NOT_FOUND))?;
    Ok((StatusCode::CREATED, success(scene.into())))
}

/// Renames a scene and/or changes its settings (duration as 5, "5" or "5s").
#[utoipa::path(patch, path = "/api/scenes/{id}", tag = "scenes", operation_id = "updateScene",
    params(("id" = Uuid, Path, description = "Scene id")),
    request_body = UpdateSceneRequest,
    responses((status = 200, body = Success<SceneView>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn update_scene(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
    Json(body): Json<UpdateSceneRequest>,
) -> ApiResult<Json<Success<SceneView>>> {
    let name = body.name.as_deref().map(SceneName::parse).transpose()?;
    let current_scene = state
        .store
        .scene(current.user.id, id)
        .await
        .map_err(not_found(SCENE_NOT_FOUND))?;
    let settings = body.settings.map(|s| s.apply_to(current_scene.settings));
    let scene = state
        .store
        .update_scene(current.user.id, id, store::ScenePatch { name, settings })
        .await
        .map_err(not_found(SCENE_NOT_FOUND))?;
    Ok(success(scene.into()))
}

/// Puts the project's scenes in the given order and renumbers them 1..n.
#[utoipa::path(post, path = "/api/projects/{id}/scenes/reorder", tag = "scenes", operation_id = "reorderScenes",
    params(("id" = Uuid, Path, description = "Project id")),
    request_body = ReorderScenesRequest,
    responses((status = 200, body = Success<Vec<SceneView>>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn reorder_scenes(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(project_id): Path<Uuid>,
    Json(body): Json<ReorderScenesRequest>,
) -> ApiResult<Json<Success<Vec<SceneView>>>> {
    if body.scene_ids.len() > MAX_REORDERED_SCENES {
        return Err(ApiError::validation(
            "scene_ids",
            format!("At most {MAX_REORDERED_SCENES} scene ids per request"),
        ));
    }
    state
        .store
        .project(current.user.id, project_id)
        .await
        .map_err(not_found(PROJECT_NOT_FOUND))?;
    let scenes = state
        .store
        .reorder_scenes(current.user.id, project_id, &body.scene_ids)
        .await?;
    storyboard_updated(&state, current.user.id, project_id, None).await;
    Ok(success(scenes.into_iter().map(Into::into).collect()))
}

/// Chooses which of the scene's media represents it.
#[utoipa::path(put, path = "/api/scenes/{id}/active-asset", tag = "scenes", operation_id = "setActiveAsset",
    params(("id" = Uuid, Path, description = "Scene id")),
    request_body = SetActiveAssetRequest,
    responses((status = 200, body = Success<SceneView>), (status = 404, body = ErrorResponse)))]
async fn set_active_asset(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
    Json(body): Json<SetActiveAssetRequest>,
) -> ApiResult<Json<Success<SceneView>>> {
    state
        .store
        .scene(current.user.id, id)
        .await
        .map_err(not_found(SCENE_NOT_FOUND))?;
    let scene = state
        .store
        .set_active_asset(current.user.id, id, body.asset_id)
        .await
        .map_err(not_found("Media not found in this campaign"))?;
    storyboard_updated(&state, current.user.id, scene.project_id, Some(scene.id)).await;
    Ok(success(scene.into()))
}
