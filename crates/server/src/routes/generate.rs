//! `POST /api/generate/{image,video,audio,image-edit}` and the status views the chat and
//! the image viewer poll: `/api/generate/status/{id}` and `/api/video-status/{id}`.

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, StatusCode};
use bytes::Bytes;
use jobs::JobPayload;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::generation::{self, GenerationContext, Target, SELECT_SCENE};
use crate::models::{success, DurationInput, Success};
use crate::routes::jobs::{JobStatusView, StartedJob};
use crate::state::AppState;

/// Masks are small PNGs; the whole edit form stays well under this.
const EDIT_FORM_LIMIT: usize = 16 * 1024 * 1024;
const MASK_PROBLEM: &str = "Failed to create mask from brush strokes";
const ENTER_A_PROMPT: &str = "Please enter a prompt before generating.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(generate_image))
        .routes(routes!(generate_video))
        .routes(routes!(generate_audio))
        .routes(routes!(generate_image_edit))
        .routes(routes!(generate_status))
        .routes(routes!(video_status))
        .layer(DefaultBodyLimit::max(EDIT_FORM_LIMIT))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GenerateImageRequest {
    project_id: Option<String>,
    scene_id: Option<String>,
    prompt: Option<String>,
    /// The assistant's refined prompt; used instead of `prompt` when present.
    refined_image_prompt: Option<String>,
    /// The chat message this generation belongs to.
    parent_message_id: Option<String>,
    #[serde(default)]
    context: GenerationContext,
    /// Ids of the user's reference images; default: the scene's product images.
    reference_images: Option<Vec<String>>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GenerateVideoRequest {
    project_id: Option<String>,
    scene_id: Option<String>,
    prompt: Option<String>,
    refined_video_prompt: Option<String>,
    parent_message_id: Option<String>,
    #[serde(default)]
    context: GenerationContext,
    /// 5 or 10 seconds (`5`, `"5"` or `"5s"`); wins over the settings.
    #[schema(value_type = Option<String>, example = "5")]
    duration: Option<DurationInput>,
    reference_images: Option<Vec<String>>,
    /// Animate this image asset instead of staging a new scene.
    source_image_id: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GenerateAudioRequest {
    project_id: Option<String>,
    scene_id: Option<String>,
    prompt: Option<String>,
    /// Default `music`.
    audio_type: Option<String>,
    parent_message_id: Option<String>,
    #[serde(default)]
    context: GenerationContext,
}

/// Where the job goes: the user's project and, when given, one of its scenes.
async fn target(
    state: &AppState,
    current: &CurrentUser,
    project_id: Option<&str>,
    scene_id: Option<&str>,
    scene_required: bool,
    message_id: Option<&str>,
) -> ApiResult<(Target, Option<store::Scene>)> {
    let user_id = current.user.id;
    let project_id =
        generation::required_id(project_id, "project_id", "No scene or project selected")?;
    let scene = match scene_id.map(str::trim).filter(|s| !s.is_empty()) {
        Some(text) => {
            let scene_id = Uuid::parse_str(text)
                .map_err(|_| ApiError::validation("scene_id", "scene_id must be a UUID"))?;
            Some(generation::owned_scene(state, user_id, project_id, scene_id).await?)
        }
        None if scene_required => return Err(ApiError::validation("scene_id", SELECT_SCENE)),
        None => {
            generation::owned_project(state, user_id, project_id).await?;
            None
        }
    };
    let message_id = message_id
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .map(|m| {
            Uuid::parse_str(m).map_err(|_| {
                ApiError::validation(
                    "parent_message_id",
                    "parent_message_id must be a message id",
                )
            })
        })
        .transpose()?;
    Ok((
        Target {
            user_id,
            project_id,
            scene_id: scene.as_ref().map(|s| s.id),
            message_id,
        },
        scene,
    ))
}

fn base_settings(scene: Option<&store::Scene>) -> domain::Settings {
    scene.map(|s| s.settings).unwrap_or_default()
}

/// Picks the refined prompt over the plain one.
fn chosen_prompt(refined: Option<&str>, plain: Option<&str>) -> ApiResult<String> {
    let refined = generation::prompt_text(refined)?;
    if !refined.is_empty() {
        return Ok(refined);
    }
    generation::prompt_text(plain)
}

fn accepted(job: &store::Job) -> (StatusCode, Json<Success<StartedJob>>) {
    (StatusCode::ACCEPTED, success(StartedJob::from(job)))
}

/// Starts an image generation from text and/or the scene's product images (1 credit).
#[utoipa::path(post, path = "/api/generate/image", tag = "generation", operation_id = "generateImage",
    request_body = GenerateImageRequest,
    responses((status = 202, body = Success<StartedJob>), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate_image(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<GenerateImageRequest>,
) -> ApiResult<(StatusCode, Json<Success<StartedJob>>)> {
    let (target, scene) = target(
        &state,
        &current,
        request.project_id.as_deref(),
        request.scene_id.as_deref(),
        true,
        request.parent_message_id.as_deref(),
    )
    .await?;
    let settings = request.context.settings(base_settings(scene.as_ref()))?;
    let prompt = chosen_prompt(
        request.refined_image_prompt.as_deref(),
        request.prompt.as_deref(),
    )?;
    let scene_id = target.scene_id.unwrap_or_default();
    let reference_image_ids = generation::reference_images(
        &state,
        current.user.id,
        scene_id,
        request.reference_images.as_deref(),
    )
    .await?;
    if prompt.is_empty() && reference_image_ids.is_empty() {
        return Err(ApiError::validation("prompt", ENTER_A_PROMPT));
    }
    let payload = JobPayload::Image {
        prompt,
        reference_image_ids,
        quality: settings.quality,
        resolution: settings.resolution,
    };
    let job = generation::enqueue(&state, target, payload).await?;
    Ok(accepted(&job))
}

/// Starts a video: a new scene set in motion, or — with `source_image_id` — an existing
/// image animated. Costs its duration in credits (5 or 10).
#[utoipa::path(post, path = "/api/generate/video", tag = "generation", operation_id = "generateVideo",
    request_body = GenerateVideoRequest,
    responses((status = 202, body = Success<StartedJob>), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate_video(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<GenerateVideoRequest>,
) -> ApiResult<(StatusCode, Json<Success<StartedJob>>)> {
    let (target, scene) = target(
        &state,
        &current,
        request.project_id.as_deref(),
        request.scene_id.as_deref(),
        true,
        request.parent_message_id.as_deref(),
    )
    .await?;
    generation::check_video_allowed(&state)?;
    let settings = request.context.settings(base_settings(scene.as_ref()))?;
    let duration = generation::video_duration(request.duration.as_ref(), settings)?;
    let prompt = chosen_prompt(
        request.refined_video_prompt.as_deref(),
        request.prompt.as_deref(),
    )?;
    let payload = match request
        .source_image_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
    {
        Some(source) => {
            let refused = || ApiError::Validation {
                field: None,
                message: generation::ONLY_IMAGES_ANIMATE.into(),
            };
            let id = generation::media_id_from_url(source, None).ok_or_else(refused)?;
            let asset =
                state
                    .store
                    .media_asset(current.user.id, id)
                    .await
                    .map_err(|e| match e {
                        store::StoreError::NotFound => refused(),
                        other => other.into(),
                    })?;
            if asset.file_type != domain::MediaKind::Image {
                return Err(refused());
            }
            JobPayload::Animate {
                prompt,
                source_id: asset.id,
                quality: settings.quality,
                duration,
            }
        }
        None => {
            let scene_id = target.scene_id.unwrap_or_default();
            let reference_image_ids = generation::reference_images(
                &state,
                current.user.id,
                scene_id,
                request.reference_images.as_deref(),
            )
            .await?;
            if prompt.is_empty() && reference_image_ids.is_empty() {
                return Err(ApiError::validation("prompt", ENTER_A_PROMPT));
            }
            JobPayload::Video {
                prompt,
                reference_image_ids,
                quality: settings.quality,
                resolution: settings.resolution,
                duration,
            }
        }
    };
    let job = generation::enqueue(&state, target, payload).await?;
    Ok(accepted(&job))
}

/// Starts a music track for the scene (1 credit).
#[utoipa::path(post, path = "/api/generate/audio", tag = "generation", operation_id = "generateAudio",
    request_body = GenerateAudioRequest,
    responses((status = 202, body = Success<StartedJob>), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate_audio(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<GenerateAudioRequest>,
) -> ApiResult<(StatusCode, Json<Success<StartedJob>>)> {
    let (target, scene) = target(
        &state,
        &current,
        request.project_id.as_deref(),
        request.scene_id.as_deref(),
        false,
        request.parent_message_id.as_deref(),
    )
    .await?;
    request.context.settings(base_settings(scene.as_ref()))?;
    let prompt = generation::prompt_text(request.prompt.as_deref())?;
    if prompt.is_empty() {
        return Err(ApiError::validation("prompt", ENTER_A_PROMPT));
    }
    let audio_type = request
        .audio_type
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or("music");
    if audio_type != "music" {
        return Err(ApiError::validation(
            "audio_type",
            "audio_type must be music",
        ));
    }
    let payload = JobPayload::Audio {
        prompt,
        audio_type: audio_type.to_owned(),
    };
    let job = generation::enqueue(&state, target, payload).await?;
    Ok(accepted(&job))
}

#[derive(Default)]
struct EditForm {
    project_id: Option<String>,
    scene_id: Option<String>,
    prompt: Option<String>,
    original_image_url: Option<String>,
    parent_message_id: Option<String>,
    context: Option<String>,
    mask: Option<Bytes>,
}

async fn read_edit_form(mut multipart: Multipart) -> ApiResult<EditForm> {
    let mut form = EditForm::default();
    let bad = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge
        } else {
            ApiError::validation("mask", MASK_PROBLEM)
        }
    };
    while let Some(field) = multipart.next_field().await.map_err(bad)? {
        let name = field.name().unwrap_or_default().to_owned();
        if name == "mask" {
            form.mask = Some(field.bytes().await.map_err(bad)?);
            continue;
        }
        let text = field.text().await.map_err(bad)?;
        match name.as_str() {
            "project_id" => form.project_id = Some(text),
            "scene_id" => form.scene_id = Some(text),
            "prompt" => form.prompt = Some(text),
            "original_image_url" => form.original_image_url = Some(text),
            "parent_message_id" => form.parent_message_id = Some(text),
            "context" => form.context = Some(text),
            _ => {}
        }
    }
    Ok(form)
}

/// Checks the brush mask against the image: a PNG of the image's size with painted pixels.
fn check_mask(mask: &[u8], width: u32, height: u32) -> ApiResult<()> {
    let mask = engine::edit::decode_mask(mask, width, height)
        .map_err(|_| ApiError::validation("mask", MASK_PROBLEM))?;
    if !mask.pixels().any(|p| p.0[0] > 0) {
        return Err(ApiError::validation("mask", MASK_PROBLEM));
    }
    Ok(())
}

/// Edits a generated image inside a brush mask (multipart: project_id, scene_id, prompt,
/// original_image_url, mask PNG, parent_message_id, context JSON). 1 credit.
#[utoipa::path(post, path = "/api/generate/image-edit", tag = "generation", operation_id = "generateImageEdit",
    request_body(content_type = "multipart/form-data", description = "project_id, scene_id, prompt, original_image_url, mask (PNG), parent_message_id, context (JSON)"),
    responses((status = 202, body = Success<StartedJob>), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate_image_edit(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(StatusCode, Json<Success<StartedJob>>)> {
    let multipart = multipart
        .map_err(|_| ApiError::validation("mask", "Expected a multipart/form-data form"))?;
    let form = read_edit_form(multipart).await?;
    let (target, scene) = target(
        &state,
        &current,
        form.project_id.as_deref(),
        form.scene_id.as_deref(),
        false,
        form.parent_message_id.as_deref(),
    )
    .await?;
    let context: GenerationContext = match form
        .context
        .as_deref()
        .map(str::trim)
        .filter(|c| !c.is_empty())
    {
        Some(text) => serde_json::from_str(text).map_err(|_| {
            ApiError::validation(
                "context",
                "context must be a JSON object of quality and resolution",
            )
        })?,
        None => GenerationContext::default(),
    };
    context.settings(base_settings(scene.as_ref()))?;
    let prompt = generation::prompt_text(form.prompt.as_deref())?;
    if prompt.is_empty() {
        return Err(ApiError::validation("prompt", ENTER_A_PROMPT));
    }
    let url = form
        .original_image_url
        .as_deref()
        .filter(|u| !u.trim().is_empty())
        .ok_or_else(|| {
            ApiError::validation("original_image_url", "original_image_url is required")
        })?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let original = generation::owned_file_from_url(
        &state,
        current.user.id,
        url,
        host,
        "original_image_url must be one of your images",
    )
    .await?;
    if !original.mime_type.starts_with("image/") {
        return Err(ApiError::validation(
            "original_image_url",
            "Only images can be edited",
        ));
    }
    let (Some(width), Some(height)) = (original.width, original.height) else {
        return Err(ApiError::validation(
            "original_image_url",
            "Only images can be edited",
        ));
    };
    let mask = form
        .mask
        .ok_or_else(|| ApiError::validation("mask", MASK_PROBLEM))?;
    let (width, height) = (
        u32::try_from(width).unwrap_or(0),
        u32::try_from(height).unwrap_or(0),
    );
    let permit = state
        .image_work
        .acquire()
        .await
        .map_err(|e| ApiError::Internal(e.into()))?;
    let checked = mask.clone();
    tokio::task::spawn_blocking(move || check_mask(&checked, width, height))
        .await
        .map_err(|e| ApiError::Internal(e.into()))??;
    drop(permit);
    let mask_key = format!("job-inputs/{}/mask.png", Uuid::new_v4());
    state
        .storage
        .put(&mask_key, mask)
        .await
        .map_err(|e| ApiError::Internal(e.into()))?;
    let payload = JobPayload::ImageEdit {
        prompt,
        source_id: original.id,
        mask_key: mask_key.clone(),
    };
    match generation::enqueue(&state, target, payload).await {
        Ok(job) => Ok(accepted(&job)),
        Err(e) => {
            state.storage.delete_all(&[mask_key]).await;
            Err(e)
        }
    }
}

/// The chat's poll: status, result URL, thumbnail, asset type, cost and error.
#[derive(Serialize, ToSchema)]
pub struct GenerateStatusView {
    #[serde(flatten)]
    job: JobStatusView,
    /// The media URL once completed.
    url: Option<String>,
    thumbnail_url: Option<String>,
    /// image, video or audio.
    asset_type: &'static str,
}

/// A generation's status (200 also for failed jobs; 404 for other users' jobs).
#[utoipa::path(get, path = "/api/generate/status/{job_id}", tag = "generation", operation_id = "generateStatus",
    params(("job_id" = String, Path)),
    responses((status = 200, body = Success<GenerateStatusView>), (status = 404, body = ErrorResponse)))]
async fn generate_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(job_id): Path<String>,
) -> ApiResult<Json<Success<GenerateStatusView>>> {
    let job = generation::owned_job(&state, current.user.id, &job_id).await?;
    let view = JobStatusView::from(&job);
    Ok(success(GenerateStatusView {
        url: view.result_url.clone(),
        thumbnail_url: view.thumbnail_url.clone(),
        asset_type: job.kind.output().map_or("text", domain::MediaKind::as_str),
        job: view,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct VideoResult {
    media_url: String,
    thumbnail_url: Option<String>,
    credit_cost: i64,
}

/// The video poll's shape: everything at the top level.
#[derive(Serialize, ToSchema)]
pub struct VideoStatusView {
    /// queued, running, processing, completed or failed.
    status: &'static str,
    error: Option<String>,
    result: Option<VideoResult>,
    progress: i64,
}

/// A video job's status.
#[utoipa::path(get, path = "/api/video-status/{id}", tag = "generation", operation_id = "videoStatus",
    params(("id" = String, Path)),
    responses((status = 200, body = VideoStatusView), (status = 404, body = ErrorResponse)))]
async fn video_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<VideoStatusView>> {
    let job = generation::owned_job(&state, current.user.id, &id).await?;
    let result = job
        .asset_id
        .filter(|_| job.status == domain::JobStatus::Completed)
        .map(|asset| VideoResult {
            media_url: crate::media_files::file_url(asset),
            thumbnail_url: crate::media_files::preview_url(asset, job.kind.output()),
            credit_cost: job.credit_cost,
        });
    Ok(Json(VideoStatusView {
        status: job.status.as_str(),
        error: job
            .error
            .filter(|_| job.status == domain::JobStatus::Failed),
        result,
        progress: job.progress,
    }))
}
