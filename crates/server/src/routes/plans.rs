//! `GET /api/plans`: the plans on sale, priced by the server.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::models::{success, Success};
use crate::services::commerce::{self, Plan};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(plans))
}

/// A plan as the pricing page and the purchase modal show it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanView {
    id: String,
    name: String,
    /// Per interval, in units of the currency.
    price: f64,
    currency: String,
    interval: String,
    is_subscription: bool,
    regular_credits: i64,
    bonus_credits: i64,
    /// Credits of the first month with the offer: regular plus bonus.
    credits: i64,
    features: Vec<String>,
    /// The first-month offer in words; null when the plan has none.
    special_offer: Option<String>,
}

impl From<&Plan> for PlanView {
    fn from(plan: &Plan) -> Self {
        Self {
            id: plan.id.clone(),
            name: plan.name.clone(),
            price: plan.price,
            currency: plan.currency.clone(),
            interval: plan.interval.clone(),
            is_subscription: true,
            regular_credits: plan.regular_credits,
            bonus_credits: plan.bonus_credits,
            credits: plan.regular_credits + plan.bonus_credits,
            features: plan.features.clone(),
            special_offer: (plan.bonus_credits > 0).then(|| {
                format!(
                    "{} bonus credits in your first {}",
                    plan.bonus_credits, plan.interval
                )
            }),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Plans {
    /// False without Stripe keys: the web app says so instead of offering a checkout.
    payments_configured: bool,
    /// The plan of the user's active subscription.
    current_plan_id: Option<String>,
    plans: Vec<PlanView>,
}

/// The plans on sale and the signed-in user's current one.
#[utoipa::path(get, path = "/api/plans", tag = "commerce", operation_id = "plans",
    responses((status = 200, body = Success<Plans>), (status = 401, body = ErrorResponse)))]
async fn plans(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Success<Plans>>> {
    let current_plan = commerce::current_plan(&state, current.user.id).await?;
    Ok(success(Plans {
        payments_configured: state.stripe.is_some(),
        current_plan_id: current_plan.map(|p| p.id),
        plans: state.config.plans.iter().map(PlanView::from).collect(),
    }))
}
