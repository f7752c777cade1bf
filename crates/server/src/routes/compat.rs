//! The contract's older shapes, kept where they differ from the canonical API, in one place
//! so they stay visible and can be removed together (kept since 2026-11-29).
//!
//! Canonical: every route that starts jobs answers 202 `Success<StartedJob>`, and a job's
//! status is `GET /api/jobs/{id}/status`. Kept here for clients written against the older
//! contract: three more status routes with their own shapes, and the chat's
//! `video_generation.id` (the job started from a message). The web app reads none of them.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::models::{success, Success};
use crate::routes::jobs::JobStatusView;
use crate::services::ownership;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(generate_status))
        .routes(routes!(video_status))
        .routes(routes!(recommendation_status))
}

/// The job a chat message started, under the older contract's name for it.
#[derive(Serialize, ToSchema)]
pub struct VideoGeneration {
    /// The job id (`job_id`).
    pub id: Uuid,
}

/// `/api/jobs/{id}/status`'s view with the older poll's names beside it.
#[derive(Serialize, ToSchema)]
pub struct GenerateStatusView {
    #[serde(flatten)]
    job: JobStatusView,
    /// The media URL once completed (`result_url`).
    url: Option<String>,
    thumbnail_url: Option<String>,
    /// image, video or audio.
    asset_type: &'static str,
}

/// A job's status in the older chat poll's shape (200 also for failed jobs; 404 for other
/// users' jobs). Canonical: `/api/jobs/{id}/status`.
#[utoipa::path(get, path = "/api/generate/status/{job_id}", tag = "compat", operation_id = "generateStatus",
    params(("job_id" = String, Path)),
    responses((status = 200, body = Success<GenerateStatusView>), (status = 404, body = ErrorResponse)))]
async fn generate_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(job_id): Path<String>,
) -> ApiResult<Json<Success<GenerateStatusView>>> {
    let job = ownership::owned_job(&state, current.user.id, &job_id).await?;
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

/// The older video poll's shape: everything at the top level, outside the envelope.
#[derive(Serialize, ToSchema)]
pub struct VideoStatusView {
    status: domain::JobStatus,
    error: Option<String>,
    result: Option<VideoResult>,
    progress: i64,
}

/// A video job's status in the older video poll's shape. Canonical: `/api/jobs/{id}/status`.
#[utoipa::path(get, path = "/api/video-status/{id}", tag = "compat", operation_id = "videoStatus",
    params(("id" = String, Path)),
    responses((status = 200, body = VideoStatusView), (status = 404, body = ErrorResponse)))]
async fn video_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<VideoStatusView>> {
    let job = ownership::owned_job(&state, current.user.id, &id).await?;
    let view = JobStatusView::from(&job);
    Ok(Json(VideoStatusView {
        status: view.status,
        result: view.result.map(|result| VideoResult {
            media_url: result.url,
            thumbnail_url: result.thumbnail,
            credit_cost: result.credit_cost,
        }),
        error: view.error,
        progress: view.progress,
    }))
}

/// An AI Assistant (recommendation) job's status: the same view as the canonical
/// `/api/jobs/{id}/status`, under the older route.
#[utoipa::path(get, path = "/api/recommendations/status/{id}", tag = "compat", operation_id = "recommendationStatus",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<JobStatusView>), (status = 404, body = ErrorResponse)))]
async fn recommendation_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Success<JobStatusView>>> {
    let job = ownership::owned_job(&state, current.user.id, &id).await?;
    Ok(success(JobStatusView::from(&job)))
}
