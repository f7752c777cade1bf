//! Exports: `POST /api/media/{id}/exports` starts one (free), `GET /api/exports/{id}`
//! follows it and lists its files with their checks, and the files download one by one or
//! all together as a ZIP.

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::Response;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::models::{success, Success};
use crate::routes::content_disposition;
use crate::services::exports::{self, ExportRequest, ExportView};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(start_export))
        .routes(routes!(export_status))
        .routes(routes!(export_zip))
        .routes(routes!(export_file))
}

/// A started export (202), or the identical export already made or on its way (200).
#[derive(Serialize, ToSchema)]
pub struct StartedExport {
    pub job_id: Uuid,
    /// `queued` for a new export; an identical one answers with its own status.
    pub status: &'static str,
    /// Where to follow it: `/api/exports/{id}`.
    pub status_url: String,
    /// Always 0: exports are free (they never call a hosted model).
    pub credit_cost: i64,
    /// True when an identical export (same file, targets and music) answered: its files are
    /// reused, nothing new is made.
    pub reused: bool,
}

/// Makes one file per target from one of the user's images, or reels from a video and music
/// (free): a job with progress like any generation; its view lists the files, each stored as
/// an asset of the campaign with the rules it was checked against. An identical export
/// answers instead of a new one (200). An account has at most three exports in flight (429
/// with `Retry-After` past it), and export files count against its storage quota (413 when
/// full).
#[utoipa::path(post, path = "/api/media/{id}/exports", tag = "media", operation_id = "startExport",
    params(("id" = Uuid, Path, description = "The image or video asset to export")),
    request_body = ExportRequest,
    responses((status = 202, body = Success<StartedExport>),
        (status = 200, description = "An identical export answers", body = Success<StartedExport>),
        (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse),
        (status = 404, body = ErrorResponse), (status = 413, body = ErrorResponse),
        (status = 429, body = ErrorResponse)))]
async fn start_export(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(asset_id): Path<Uuid>,
    Json(request): Json<ExportRequest>,
) -> ApiResult<(StatusCode, Json<Success<StartedExport>>)> {
    let started = exports::start(&state, current.user.id, asset_id, request).await?;
    let job = started.job;
    Ok((
        if started.reused {
            StatusCode::OK
        } else {
            StatusCode::ACCEPTED
        },
        success(StartedExport {
            job_id: job.id,
            status: job.status.as_str(),
            status_url: exports::view_url(job.id),
            credit_cost: job.credit_cost,
            reused: started.reused,
        }),
    ))
}

/// An export's progress and, once completed, its files with their checks.
#[utoipa::path(get, path = "/api/exports/{id}", tag = "media", operation_id = "exportStatus",
    params(("id" = Uuid, Path, description = "Export job id")),
    responses((status = 200, body = Success<ExportView>), (status = 401, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn export_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Success<ExportView>>> {
    Ok(success(exports::view(&state, current.user.id, id).await?))
}

fn attachment(name: &str, mime: &str, bytes: impl Into<Body>) -> ApiResult<Response> {
    Response::builder()
        .status(StatusCode::OK)
        .header(header::CONTENT_TYPE, mime)
        .header(header::CONTENT_DISPOSITION, content_disposition(name))
        .header(header::CACHE_CONTROL, "private, no-store")
        .body(bytes.into())
        .map_err(|e| ApiError::Internal(e.into()))
}

/// Every file of a finished export and `manifest.json`, as one ZIP attachment
/// (`{project}-{campaign}-export.zip`). 409 while it is still being made.
#[utoipa::path(get, path = "/api/exports/{id}/zip", tag = "media", operation_id = "exportZip",
    params(("id" = Uuid, Path, description = "Export job id")),
    responses((status = 200, content_type = "application/zip", description = "The ZIP, Content-Disposition: attachment"),
        (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
async fn export_zip(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Response> {
    let (name, bytes) = exports::zip(&state, current.user.id, id).await?;
    attachment(&name, "application/zip", bytes)
}

/// One file of a finished export as an attachment named `{project}-{campaign}-{target}.jpg`.
#[utoipa::path(get, path = "/api/exports/{id}/files/{target}", tag = "media", operation_id = "exportFile",
    params(("id" = Uuid, Path, description = "Export job id"), ("target" = String, Path, description = "Target name")),
    responses((status = 200, description = "The file, Content-Disposition: attachment"),
        (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
async fn export_file(
    State(state): State<AppState>,
    current: CurrentUser,
    Path((id, target)): Path<(Uuid, String)>,
) -> ApiResult<Response> {
    let (name, mime, bytes) = exports::file(&state, current.user.id, id, &target).await?;
    attachment(&name, mime, bytes)
}
