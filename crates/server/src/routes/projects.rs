use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use domain::{ProjectName, SceneName, Settings, SettingsInput};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{not_found, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::models::{success, Success};
use crate::routes::scenes::SceneView;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_projects, create_project))
        .routes(routes!(rename_project))
}

#[derive(Serialize, ToSchema)]
pub struct ProjectView {
    id: Uuid,
    name: String,
    settings: Settings,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    /// The first campaign, made with the project when its creation named one.
    #[serde(skip_serializing_if = "Option::is_none")]
    first_scene: Option<SceneView>,
}

impl From<store::Project> for ProjectView {
    fn from(p: store::Project) -> Self {
        Self {
            id: p.id,
            name: p.name,
            settings: p.settings,
            created_at: p.created_at,
            updated_at: p.updated_at,
            first_scene: None,
        }
    }
}

#[derive(Deserialize, ToSchema)]
pub struct CreateProjectRequest {
    project_name: String,
    /// Defaults: quality medium, resolution 1024x1536, duration 5.
    pre_production_settings: Option<SettingsInput>,
    /// When given, the project's first campaign is made with it, in the same request.
    first_scene_name: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct RenameProjectRequest {
    project_name: String,
}

/// The signed-in user's projects, newest first.
#[utoipa::path(get, path = "/api/projects", tag = "projects", operation_id = "listProjects",
    responses((status = 200, body = Success<Vec<ProjectView>>), (status = 401, body = ErrorResponse)))]
async fn list_projects(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Success<Vec<ProjectView>>>> {
    let projects = state.store.projects(current.user.id).await?;
    Ok(success(projects.into_iter().map(Into::into).collect()))
}

/// Creates a project, and its first campaign when `first_scene_name` is given. Its
/// scenes start with its settings.
#[utoipa::path(post, path = "/api/projects", tag = "projects", operation_id = "createProject",
    request_body = CreateProjectRequest,
    responses((status = 201, body = Success<ProjectView>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse)))]
async fn create_project(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<CreateProjectRequest>,
) -> ApiResult<(StatusCode, Json<Success<ProjectView>>)> {
    let name = ProjectName::parse(&body.project_name)?;
    let settings = body
        .pre_production_settings
        .unwrap_or_default()
        .apply_to(Settings::default());
    let first_scene = body
        .first_scene_name
        .as_deref()
        .map(SceneName::parse)
        .transpose()?;
    let view = match first_scene {
        Some(scene_name) => {
            let (project, scene) = state
                .store
                .create_project_with_scene(current.user.id, &name, settings, &scene_name)
                .await?;
            ProjectView {
                first_scene: Some(scene.into()),
                ..project.into()
            }
        }
        None => state
            .store
            .create_project(current.user.id, &name, settings)
            .await?
            .into(),
    };
    Ok((StatusCode::CREATED, success(view)))
}

/// Renames a project.
#[utoipa::path(patch, path = "/api/projects/{id}", tag = "projects", operation_id = "renameProject",
    params(("id" = Uuid, Path, description = "Project id")),
    request_body = RenameProjectRequest,
    responses((status = 200, body = Success<ProjectView>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn rename_project(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
    Json(body): Json<RenameProjectRequest>,
) -> ApiResult<Json<Success<ProjectView>>> {
    let name = ProjectName::parse(&body.project_name)?;
    let project = state
        .store
        .rename_project(current.user.id, id, &name)
        .await
        .map_err(not_found("Project not found"))?;
    Ok(success(project.into()))
}
