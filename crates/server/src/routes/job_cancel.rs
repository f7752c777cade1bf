//! `POST /api/jobs/{id}/cancel`: the owner stops a queued or running generation and gets
//! its credits back.

use axum::extract::State;
use domain::JobStatus;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::models::{success, Success};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(cancel_job))
}

#[derive(Serialize, ToSchema)]
pub struct CancelledJob {
    pub job_id: Uuid,
    /// `failed`.
    pub status: JobStatus,
    /// The job's error, as its status and events report it: `You cancelled this
    /// generation.` and the refund.
    pub error: String,
    /// Credits given back.
    pub refunded: i64,
}

/// Cancels the signed-in user's queued or running job and refunds it; 409 once it has
/// finished, 404 for another user's job.
#[utoipa::path(post, path = "/api/jobs/{id}/cancel", tag = "jobs", operation_id = "cancelJob",
    params(("id" = Uuid, Path, description = "Job id")),
    responses((status = 200, body = Success<CancelledJob>), (status = 401, body = ErrorResponse),
        (status = 404, body = ErrorResponse), (status = 409, body = ErrorResponse)))]
async fn cancel_job(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Success<CancelledJob>>> {
    let cancelled = jobs::cancel_job(&state.store, &state.storage, current.user.id, id)
        .await?
        .ok_or_else(|| ApiError::Conflict("The job has already finished".into()))?;
    Ok(success(CancelledJob {
        job_id: cancelled.id,
        status: JobStatus::Failed,
        error: cancelled.error.clone().unwrap_or_default(),
        refunded: cancelled.credit_cost,
    }))
}
