use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(balance))
}

#[derive(Serialize, ToSchema)]
pub struct GeneratedMedia {
    images: i64,
    videos: i64,
}

/// The credit badge's numbers, answered at the top level as the spec reads them.
#[derive(Serialize, ToSchema)]
pub struct CreditBalance {
    /// The sum of the user's credit ledger.
    balance: i64,
    generated_media: GeneratedMedia,
    /// `free` until a subscription exists.
    subscription_tier: String,
    subscription_package: Option<String>,
    low_credit_threshold: i64,
}

/// The signed-in user's credit balance.
#[utoipa::path(get, path = "/api/credits/balance", tag = "credits", operation_id = "creditBalance",
    responses((status = 200, body = CreditBalance), (status = 401, body = ErrorResponse)))]
async fn balance(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<CreditBalance>> {
    let b = state.store.balance(current.user.id).await?;
    Ok(Json(CreditBalance {
        balance: b.balance,
        generated_media: GeneratedMedia {
            images: b.images,
            videos: b.videos,
        },
        subscription_tier: "free".into(),
        subscription_package: None,
        low_credit_threshold: state.config.low_credit_threshold,
    }))
}
