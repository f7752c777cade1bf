use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::{FileMetadata, MediaKind, Settings};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::routes::scenes::SceneView;
use crate::services::storyboard;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(storyboard))
}

/// A generated or uploaded file as the storyboard shows it.
#[derive(Serialize, ToSchema)]
pub struct MediaView {
    id: Uuid,
    file_type: MediaKind,
    /// Where the bytes are served: `/api/media/file/{id}` (with `?v=` naming the version of
    /// an ad design, whose file is replaced when its words change).
    file_path: String,
    url: String,
    thumbnail_url: String,
    filename: String,
    original_filename: Option<String>,
    mime_type: String,
    scene_id: Option<Uuid>,
    project_id: Option<Uuid>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
    file_size: i64,
    /// The same as `file_size`; clients read either.
    size: i64,
    is_public: bool,
    user_id: Uuid,
    credit_cost: i64,
    file_metadata: FileMetadata,
    /// The same as `file_metadata`; clients read either.
    metadata: FileMetadata,
}

impl From<store::MediaAsset> for MediaView {
    fn from(m: store::MediaAsset) -> Self {
        let file_metadata = m.file_metadata;
        // An ad design's file is replaced when its words change: its URLs name the version.
        let (url, thumbnail_url) = match &file_metadata.design {
            Some(_) => {
                let version = m.updated_at.timestamp_millis();
                (
                    format!("/api/media/file/{}?v={version}", m.id),
                    format!("/api/media/file/{}?variant=thumbnail&v={version}", m.id),
                )
            }
            None => {
                let url = format!("/api/media/file/{}", m.id);
                (url.clone(), format!("{url}?variant=thumbnail"))
            }
        };
        Self {
            id: m.id,
            file_type: m.file_type,
            file_path: url.clone(),
            thumbnail_url,
            url,
            filename: m.filename,
            original_filename: m.original_filename,
            mime_type: m.mime_type,
            scene_id: m.scene_id,
            project_id: m.project_id,
            created_at: m.created_at,
            updated_at: m.updated_at,
            file_size: m.file_size,
            size: m.file_size,
            is_public: m.is_public,
            user_id: m.user_id,
            credit_cost: m.credit_cost,
            metadata: file_metadata.clone(),
            file_metadata,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct StoryboardScene {
    #[serde(flatten)]
    scene: SceneView,
    /// What the campaign shows as its cover: `active_asset_id` when the seller set one, else
    /// its newest image or video; null when it holds neither (music never becomes a cover by
    /// itself).
    cover_asset_id: Option<Uuid>,
    /// The scene's media, oldest first.
    media: Vec<MediaView>,
}

#[derive(Serialize, ToSchema)]
pub struct MediaByType {
    image: usize,
    video: usize,
    audio: usize,
}

#[derive(Serialize, ToSchema)]
pub struct StoryboardStats {
    media_by_type: MediaByType,
}

#[derive(Serialize, ToSchema)]
pub struct StoryboardData {
    scenes: Vec<StoryboardScene>,
    /// Media of the project that belongs to no scene.
    unassigned_media: Vec<MediaView>,
    stats: StoryboardStats,
    settings: Settings,
}

#[derive(Serialize, ToSchema)]
pub struct StoryboardResponse {
    success: bool,
    data: StoryboardData,
}

/// The project's scenes with their media, unassigned media, counts and settings.
#[utoipa::path(get, path = "/api/projects/{id}/storyboard", tag = "projects", operation_id = "storyboard",
    params(("id" = Uuid, Path, description = "Project id")),
    responses((status = 200, body = StoryboardResponse), (status = 404, body = ErrorResponse)))]
async fn storyboard(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(project_id): Path<Uuid>,
) -> ApiResult<Json<StoryboardResponse>> {
    let board = storyboard::of_project(&state, current.user.id, project_id).await?;
    let count = |kind| board.count(kind);
    let stats = StoryboardStats {
        media_by_type: MediaByType {
            image: count(MediaKind::Image),
            video: count(MediaKind::Video),
            audio: count(MediaKind::Audio),
        },
    };
    let scenes = board
        .scenes
        .into_iter()
        .map(|(scene, media)| StoryboardScene {
            cover_asset_id: storyboard::cover(&scene, &media),
            scene: scene.into(),
            media: media.into_iter().map(Into::into).collect(),
        })
        .collect();
    Ok(Json(StoryboardResponse {
        success: true,
        data: StoryboardData {
            scenes,
            unassigned_media: board.unassigned.into_iter().map(Into::into).collect(),
            stats,
            settings: board.project.settings,
        },
    }))
}
