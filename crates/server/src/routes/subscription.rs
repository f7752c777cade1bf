//! The signed-in user's subscription: its state, and cancelling at the period's end.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::models::{success, Success};
use crate::services::commerce::{self, SubscriptionView};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(subscription))
        .routes(routes!(cancel))
}

#[derive(Serialize, ToSchema)]
pub struct SubscriptionState {
    /// The newest subscription, null when the user never had one.
    subscription: Option<SubscriptionView>,
}

/// The signed-in user's subscription.
#[utoipa::path(get, path = "/api/subscription", tag = "commerce", operation_id = "subscription",
    responses((status = 200, body = Success<SubscriptionState>), (status = 401, body = ErrorResponse)))]
async fn subscription(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Success<SubscriptionState>>> {
    Ok(success(SubscriptionState {
        subscription: commerce::subscription(&state, current.user.id).await?,
    }))
}

/// Ends the active subscription at the end of the paid period (it stays active until then).
#[utoipa::path(post, path = "/api/subscription/cancel", tag = "commerce", operation_id = "cancelSubscription",
    responses((status = 200, body = Success<SubscriptionState>), (status = 401, body = ErrorResponse),
        (status = 404, body = ErrorResponse), (status = 502, body = ErrorResponse),
        (status = 503, body = ErrorResponse)))]
async fn cancel(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Success<SubscriptionState>>> {
    let view = commerce::cancel_at_period_end(&state, current.user.id).await?;
    Ok(success(SubscriptionState {
        subscription: Some(view),
    }))
}
