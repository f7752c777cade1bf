//! `POST /api/generate/{image,video,audio,image-edit}`: each answers 202 with the started
//! job; its status is `/api/jobs/{id}/status`.

use axum::extract::multipart::{Multipart, MultipartRejection};
use axum::extract::{DefaultBodyLimit, State};
use axum::http::{header, HeaderMap, StatusCode};
use domain::{Choice, ImageEngine, LookupId, OptionalId};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{checked_text, CurrentUser, Json};
use crate::models::{success, Success};
use crate::routes::jobs::StartedJob;
use crate::services::generation::{
    self, GenerateAudioRequest, GenerateImageRequest, GenerateVideoRequest, ImageEditRequest,
    MASK_PROBLEM,
};
use crate::state::AppState;

/// Masks are small PNGs; the whole edit form stays well under this.
const EDIT_FORM_LIMIT: usize = 16 * 1024 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    // Only the edit form carries a file (its mask); the other routes keep the JSON limit.
    OpenApiRouter::new()
        .routes(routes!(generate_image_edit))
        .layer(DefaultBodyLimit::max(EDIT_FORM_LIMIT))
        .routes(routes!(generate_image))
        .routes(routes!(generate_video))
        .routes(routes!(generate_audio))
}

fn accepted(job: &store::Job) -> (StatusCode, Json<Success<StartedJob>>) {
    (StatusCode::ACCEPTED, success(StartedJob::from(job)))
}

/// Starts an image generation from text and/or the scene's product images: one job per
/// variation asked for (1–4, 1 credit each; 402 with nothing started when the balance does
/// not cover them all).
#[utoipa::path(post, path = "/api/generate/image", tag = "generation", operation_id = "generateImage",
    request_body = GenerateImageRequest,
    responses((status = 202, body = Success<StartedJob>), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate_image(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<GenerateImageRequest>,
) -> ApiResult<(StatusCode, Json<Success<StartedJob>>)> {
    let jobs = generation::start_image(&state, current.user.id, request).await?;
    Ok((StatusCode::ACCEPTED, success(StartedJob::set(&jobs))))
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
    let job = generation::start_video(&state, current.user.id, request).await?;
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
    let job = generation::start_audio(&state, current.user.id, request).await?;
    Ok(accepted(&job))
}

async fn read_edit_form(mut multipart: Multipart) -> ApiResult<ImageEditRequest> {
    let mut form = ImageEditRequest::default();
    let bad = |e: axum::extract::multipart::MultipartError| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge(crate::extract::BODY_TOO_LARGE.into())
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
        let text = checked_text(field.text().await.map_err(bad)?)?;
        match name.as_str() {
            "project_id" => form.project_id = OptionalId::parse("project_id", &text)?,
            "scene_id" => form.scene_id = OptionalId::parse("scene_id", &text)?,
            "prompt" => form.prompt = Some(text),
            "original_image_url" => form.original_image_url = Some(text),
            "parent_message_id" => form.parent_message_id = LookupId::parse(Some(text)),
            "context" => form.context = Some(text),
            "engine" => form.engine = Choice::<ImageEngine>::parse(Some(text))?.get(),
            _ => {}
        }
    }
    Ok(form)
}

/// Edits a generated image inside a brush mask (multipart: project_id, scene_id, prompt,
/// original_image_url, mask PNG, parent_message_id, context JSON, engine). 1 credit.
#[utoipa::path(post, path = "/api/generate/image-edit", tag = "generation", operation_id = "generateImageEdit",
    request_body(content_type = "multipart/form-data", description = "project_id, scene_id, prompt, original_image_url, mask (PNG), parent_message_id, context (JSON), engine (`hosted_exact`, `hosted` or `studio`, as for an image; `hosted_exact` keeps the product out of the painted area when the painting leaves most of it alone)"),
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
    let mut form = read_edit_form(multipart).await?;
    form.host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .map(str::to_owned);
    let job = generation::start_image_edit(&state, current.user.id, form).await?;
    Ok(accepted(&job))
}
