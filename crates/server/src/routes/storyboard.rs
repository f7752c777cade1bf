use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::{MediaKind, Settings};
use serde::{Deserialize, Serialize};
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
    /// Where the bytes are served: `/api/media/file/{id}`.
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

/// How a file was made, as the storyboard and scene detail show it.
#[derive(Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct FileMetadata {
    generation_type: Option<String>,
    aspect_ratio: Option<String>,
    output_format: Option<String>,
    prompt: Option<String>,
    /// What the picture shows, in words, as the studio engine painted it (the card's alt
    /// text); none for hosted results, music and uploads.
    description: Option<String>,
    dimensions: Option<Dimensions>,
    /// Seconds, for video and audio.
    duration: Option<f64>,
    #[serde(rename = "fileSize")]
    file_size: Option<i64>,
    /// Set when no product photo was given and a drawn stand-in product was staged: says so.
    #[serde(skip_serializing_if = "Option::is_none")]
    stand_in_product: Option<String>,
    /// Who drew an image: `studio` (the studio's engine) or `hosted` (a hosted model).
    engine: Option<String>,
    /// The seed it was drawn with, as a decimal string (the same recipe and seed, the same
    /// picture from the studio's engine).
    seed: Option<String>,
    /// Which of a set of variations it is (0 for the first or only one).
    variation: Option<u8>,
    /// The template a template generation followed.
    template_name: Option<String>,
    /// The settings it was made with, to make it again.
    settings: Option<RecipeSettings>,
    /// Set on a file an export made: what it is for, and the rules it was checked against.
    #[serde(skip_serializing_if = "Option::is_none")]
    export: Option<ExportMetadata>,
    /// Who painted an image's scene: the hosted model's name (`gpt-image-1`) or
    /// `studio engine`.
    #[serde(skip_serializing_if = "Option::is_none")]
    scene_by: Option<String>,
    /// The product's pixels are the seller's own photo's (false: a model drew or redrew it).
    #[serde(skip_serializing_if = "Option::is_none")]
    product_exact: Option<bool>,
    /// Set when the product came out of its photo poorly or not at all: says so, and that
    /// AI redraw may look better.
    #[serde(skip_serializing_if = "Option::is_none")]
    cutout_warning: Option<String>,
}

#[derive(Clone, Serialize, Deserialize, ToSchema)]
pub struct ExportMetadata {
    /// The target name, e.g. `amazon_main`.
    target: String,
    source_asset_id: Uuid,
    checks: Vec<crate::services::exports::ExportCheck>,
}

/// The settings beside the brief: what "use this brief again" fills in.
#[derive(Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct RecipeSettings {
    /// low, medium or high.
    quality: Option<String>,
    /// 1024x1024, 1536x1024 or 1024x1536.
    resolution: Option<String>,
    /// Seconds, for a video.
    duration: Option<i64>,
    template_id: Option<String>,
    /// The guided choices of the Generate panel's assistant mode.
    guidance: Option<RecipeGuidance>,
    /// The product photos staged (reference image ids).
    reference_image_ids: Option<Vec<Uuid>>,
    /// The product photo the assistant mode staged (a reference image or an image asset).
    product_image_id: Option<Uuid>,
}

#[derive(Clone, Default, Serialize, Deserialize, ToSchema)]
pub struct RecipeGuidance {
    environment: Option<String>,
    color_palette: Option<String>,
    lighting: Option<String>,
    composition: Option<String>,
}

#[derive(Clone, Serialize, Deserialize, ToSchema)]
pub struct Dimensions {
    width: i64,
    height: i64,
}

impl From<store::MediaAsset> for MediaView {
    fn from(m: store::MediaAsset) -> Self {
        let url = format!("/api/media/file/{}", m.id);
        // Stored by our own writers; a row written by an older version still renders.
        let file_metadata: FileMetadata =
            serde_json::from_value(m.file_metadata).unwrap_or_default();
        Self {
            id: m.id,
            file_type: m.file_type,
            file_path: url.clone(),
            thumbnail_url: format!("{url}?variant=thumbnail"),
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
