use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::ApiResult;
use crate::extract::Json;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(health))
}

#[derive(Serialize, ToSchema)]
pub struct Health {
    /// `ok` when the database answers.
    status: &'static str,
}

/// Liveness and database reachability.
#[utoipa::path(get, path = "/api/health", tag = "system", operation_id = "health",
    responses((status = 200, body = Health), (status = 500, body = crate::error::ErrorResponse)))]
async fn health(State(state): State<AppState>) -> ApiResult<Json<Health>> {
    state.store.ping().await?;
    Ok(Json(Health { status: "ok" }))
}
