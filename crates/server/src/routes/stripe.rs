//! Stripe Checkout for a subscription, and Stripe's webhook.

use axum::extract::State;
use axum::http::HeaderMap;
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::services::commerce::{self, CheckoutRequest};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(subscription_checkout))
        .routes(routes!(checkout))
        .routes(routes!(webhook))
}

/// The plan a purchase names. Only `id` (else `name`) counts: the server decides what the
/// plan costs and grants, so the other fields change nothing.
#[derive(Deserialize, ToSchema)]
pub struct TierInput {
    id: Option<String>,
    name: Option<String>,
    #[serde(rename = "price")]
    _price: Option<f64>,
    #[serde(rename = "credits")]
    _credits: Option<i64>,
    /// Ignored, but read: at most 50.
    #[schema(max_items = 50)]
    features: Option<Vec<String>>,
}

/// The most plan features a purchase may echo back (they are ignored, but still read).
const MAX_ECHOED_FEATURES: usize = 50;

/// The first-month offer as the purchase modal presents it; only `isSpecialOffer` counts,
/// and only for a user who never subscribed.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpecialOfferInput {
    #[serde(default)]
    is_special_offer: bool,
    #[serde(rename = "offerType")]
    _offer_type: Option<String>,
    #[serde(rename = "bonusCredits")]
    _bonus_credits: Option<i64>,
    #[serde(rename = "totalCreditsPromised")]
    _total_credits_promised: Option<i64>,
    #[serde(rename = "offerDescription")]
    _offer_description: Option<String>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionCheckoutRequest {
    tier: TierInput,
    #[serde(rename = "billingCycle")]
    _billing_cycle: Option<String>,
    #[serde(rename = "source")]
    _source: Option<String>,
    special_offer: Option<SpecialOfferInput>,
}

#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutRequestBody {
    tier: TierInput,
    special_offer: Option<SpecialOfferInput>,
}

/// Where to send the browser: Stripe's hosted checkout.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckoutStarted {
    session_id: String,
    url: String,
}

#[derive(Serialize, ToSchema)]
pub struct WebhookReceived {
    received: bool,
}

async fn start(
    state: &AppState,
    current: &CurrentUser,
    headers: &HeaderMap,
    tier: TierInput,
    offer: Option<SpecialOfferInput>,
) -> ApiResult<Json<CheckoutStarted>> {
    if tier
        .features
        .as_ref()
        .is_some_and(|f| f.len() > MAX_ECHOED_FEATURES)
    {
        return Err(ApiError::validation(
            "tier",
            format!("At most {MAX_ECHOED_FEATURES} plan features"),
        ));
    }
    let request = CheckoutRequest {
        plan_id: tier.id,
        plan_name: tier.name,
        wants_offer: offer.is_some_and(|o| o.is_special_offer),
    };
    let session = commerce::start_checkout(
        state,
        &current.user,
        request,
        &state.config.public_origin(headers),
    )
    .await?;
    Ok(Json(CheckoutStarted {
        session_id: session.id,
        url: session.url,
    }))
}

/// Starts a Stripe Checkout for a subscription to the named plan; answers the session to
/// redirect to (at the top level, no envelope).
#[utoipa::path(post, path = "/api/stripe/subscription", tag = "commerce", operation_id = "subscriptionCheckout",
    request_body = SubscriptionCheckoutRequest,
    responses((status = 200, body = CheckoutStarted), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 409, body = ErrorResponse),
        (status = 502, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
async fn subscription_checkout(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    Json(body): Json<SubscriptionCheckoutRequest>,
) -> ApiResult<Json<CheckoutStarted>> {
    start(&state, &current, &headers, body.tier, body.special_offer).await
}

/// Starts a Stripe Checkout for a purchase kept while the user signed in.
#[utoipa::path(post, path = "/api/stripe/checkout", tag = "commerce", operation_id = "checkout",
    request_body = CheckoutRequestBody,
    responses((status = 200, body = CheckoutStarted), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 409, body = ErrorResponse),
        (status = 502, body = ErrorResponse), (status = 503, body = ErrorResponse)))]
async fn checkout(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    Json(body): Json<CheckoutRequestBody>,
) -> ApiResult<Json<CheckoutStarted>> {
    start(&state, &current, &headers, body.tier, body.special_offer).await
}

/// Stripe's events (signed with `Stripe-Signature`): a completed checkout, a paid invoice,
/// a changed or ended subscription. Each event id is applied once; anything that does not
/// verify is refused with 400 and nothing written.
#[utoipa::path(post, path = "/api/stripe/webhook", tag = "commerce", operation_id = "stripeWebhook",
    security(()),
    params(("Stripe-Signature" = String, Header, description = "t=…,v1=…")),
    request_body(content = String, content_type = "application/json", description = "A Stripe event, verified byte for byte"),
    responses((status = 200, body = WebhookReceived), (status = 400, body = ErrorResponse),
        (status = 503, body = ErrorResponse)))]
async fn webhook(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> ApiResult<Json<WebhookReceived>> {
    let signature = headers
        .get("stripe-signature")
        .and_then(|v| v.to_str().ok());
    commerce::receive_webhook(&state, signature, &body).await?;
    Ok(Json(WebhookReceived { received: true }))
}
