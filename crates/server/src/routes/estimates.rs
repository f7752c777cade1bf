//! Expected generation times, so the app can say "about 2 seconds" instead of a guess.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::models::{success, Success};
use crate::services::estimates::{self, Estimate};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(job_estimates))
}

/// What the latest completed generations of one kind on one engine took.
#[derive(Serialize, ToSchema)]
pub struct JobEstimate {
    /// The job kind: `image`, `video`, `audio`, `image_edit`, `template`, `recommendation`
    /// or `animate`.
    pub kind: &'static str,
    /// `studio` (the built-in engine) or `hosted` (a hosted model).
    pub engine: &'static str,
    /// The median time from request to result, in seconds.
    pub seconds: f64,
    /// How many of the latest generations (at most 50) it was taken from.
    pub samples: usize,
}

impl From<Estimate> for JobEstimate {
    fn from(estimate: Estimate) -> Self {
        Self {
            kind: estimate.kind.as_str(),
            engine: if estimate.hosted { "hosted" } else { "studio" },
            seconds: estimate.seconds,
            samples: estimate.samples,
        }
    }
}

/// Expected times per job kind and engine; a kind never completed on an engine is absent.
#[utoipa::path(get, path = "/api/jobs/estimates", tag = "jobs", operation_id = "jobEstimates",
    responses((status = 200, body = Success<Vec<JobEstimate>>), (status = 401, body = ErrorResponse)))]
async fn job_estimates(
    State(state): State<AppState>,
    _current: CurrentUser,
) -> ApiResult<Json<Success<Vec<JobEstimate>>>> {
    let estimates = estimates::recent(&state).await?;
    Ok(success(estimates.into_iter().map(Into::into).collect()))
}
