use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(check_flag))
}

/// Flags that are on unless an operator turns them off; every other flag starts off.
const ON_BY_DEFAULT: &[&str] = &["chat_interface"];

#[derive(Serialize, ToSchema)]
pub struct FlagCheck {
    #[serde(rename = "isEnabled")]
    is_enabled: bool,
}

/// Whether a feature flag is on (`studio admin flag set NAME on|off`).
#[utoipa::path(get, path = "/api/feature-flags/check/{flag}", tag = "feature-flags", operation_id = "checkFeatureFlag",
    params(("flag" = String, Path, description = "Flag name, e.g. chat_interface")),
    responses((status = 200, body = FlagCheck), (status = 401, body = ErrorResponse)))]
async fn check_flag(
    State(state): State<AppState>,
    _current: CurrentUser,
    Path(flag): Path<String>,
) -> ApiResult<Json<FlagCheck>> {
    let stored = state.store.flag(&flag).await?;
    Ok(Json(FlagCheck {
        is_enabled: stored.unwrap_or(ON_BY_DEFAULT.contains(&flag.as_str())),
    }))
}
