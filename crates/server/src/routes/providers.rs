//! Which model serves each generation capability, for operators checking a deployment.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::models::{success, Success};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(providers))
}

/// One capability's provider. Never carries a key.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProviderStatus {
    /// `image`, `edit`, `video`, `audio` or `assistant`.
    pub capability: String,
    /// `offline` (the built-in engine or assistant), `openai`, `runway`, `elevenlabs`.
    pub provider: String,
    pub model: String,
    /// A hosted model was configured for this capability (false: the built-in default).
    pub configured: bool,
    /// For `image` and `edit`: the engines a generation may ask for, the default first.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[schema(value_type = Vec<domain::ImageEngine>)]
    pub engines: Vec<domain::ImageEngine>,
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
