//! Which model serves each generation capability, for operators checking a deployment.

use axum::extract::State;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::models::{success, Success};
use crate::state::AppState;
pub use crate::state::ProviderStatus;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(providers))
}

/// The provider, model and configuration of each generation capability.
#[utoipa::path(get, path = "/api/health/providers", tag = "system", operation_id = "providerHealth",
    responses((status = 200, body = Success<Vec<ProviderStatus>>), (status = 401, body = ErrorResponse)))]
async fn providers(
    State(state): State<AppState>,
    _current: CurrentUser,
) -> ApiResult<Json<Success<Vec<ProviderStatus>>>> {
    Ok(success(state.config.providers.clone()))
}
