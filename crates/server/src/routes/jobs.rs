//! The one job status route, `/api/jobs/{id}/status`, and the 202 answer every route that
//! starts jobs gives.

use axum::extract::State;
use domain::JobStatus;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::models::{success, Success};
use crate::services::ownership;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(job_status))
}

pub fn status_url(id: Uuid) -> String {
    format!("/api/jobs/{id}/status")
}

/// A started job, as every generate route answers it (202).
#[derive(Serialize, ToSchema)]
pub struct StartedJob {
    /// The first (or only) job.
    pub job_id: Uuid,
    /// Every job started, one per variation, `job_id` first.
    pub job_ids: Vec<Uuid>,
    /// `queued`.
    pub status: JobStatus,
    /// Where to poll: `/api/jobs/{id}/status`.
    pub status_url: String,
    /// Credits debited for every job started.
    pub credit_cost: i64,
    /// The template applied, for a template's jobs.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template_name: Option<String>,
}

impl From<&store::Job> for StartedJob {
    fn from(job: &store::Job) -> Self {
        Self::set(std::slice::from_ref(job))
    }
}

impl StartedJob {
    /// The answer for a set of variations (the first is `job_id`); `jobs` is never empty.
    pub fn set(jobs: &[store::Job]) -> Self {
        let first = &jobs[0];
        Self {
            job_id: first.id,
            job_ids: jobs.iter().map(|j| j.id).collect(),
            status: first.status,
            status_url: status_url(first.id),
            credit_cost: jobs.iter().map(|j| j.credit_cost).sum(),
            template_name: None,
        }
    }
}

#[derive(Serialize, ToSchema, Clone)]
pub struct JobResult {
    pub url: String,
    #[serde(rename = "creditCost")]
    pub credit_cost: i64,
    /// A preview image (none for music).
    pub thumbnail: Option<String>,
}

/// The status of a job in the shape the clients' pollers read.
#[derive(Serialize, ToSchema)]
pub struct JobStatusView {
    pub job_id: Uuid,
    pub status: JobStatus,
    /// Set once completed.
    pub result: Option<JobResult>,
    pub result_url: Option<String>,
    #[serde(skip)]
    pub thumbnail_url: Option<String>,
    pub credit_cost: i64,
    /// Why the job failed (credits were refunded).
    pub error: Option<String>,
    /// 0–100.
    pub progress: i64,
    pub stage: Option<String>,
    pub asset_id: Option<Uuid>,
}

impl From<&store::Job> for JobStatusView {
    fn from(job: &store::Job) -> Self {
        let asset = job.asset_id.filter(|_| job.status == JobStatus::Completed);
        let result = asset.map(|id| JobResult {
            url: crate::media_files::file_url(id),
            credit_cost: job.credit_cost,
            thumbnail: crate::media_files::preview_url(id, job.kind.output()),
        });
        Self {
            job_id: job.id,
            status: job.status,
            result_url: result.as_ref().map(|r| r.url.clone()),
            thumbnail_url: result.as_ref().and_then(|r| r.thumbnail.clone()),
            result,
            credit_cost: job.credit_cost,
            error: job
                .error
                .clone()
                .filter(|_| job.status == JobStatus::Failed),
            progress: job.progress,
            stage: job.stage.clone(),
            asset_id: asset,
        }
    }
}

/// A job's status (200 also for failed jobs; 404 for other users' jobs).
#[utoipa::path(get, path = "/api/jobs/{id}/status", tag = "generation", operation_id = "jobStatus",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<JobStatusView>), (status = 404, body = ErrorResponse)))]
async fn job_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Success<JobStatusView>>> {
    let job = ownership::owned_job(&state, current.user.id, &id).await?;
    Ok(success(JobStatusView::from(&job)))
}
