use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::{JobKind, LedgerReason};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::models::{success, Page, Success};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(balance))
        .routes(routes!(transactions))
}

#[derive(Serialize, ToSchema)]
pub struct GeneratedMedia {
    images: i64,
    videos: i64,
}

/// The credit badge's numbers, answered at the top level as the badge reads them.
#[derive(Serialize, ToSchema)]
pub struct CreditBalance {
    /// The sum of the user's credit ledger.
    balance: i64,
    generated_media: GeneratedMedia,
    /// The active subscription's plan id (`creator_monthly`), else `free`.
    subscription_tier: String,
    /// The active subscription's plan name (`Creator Plan`).
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
    let badge = state.store.badge(current.user.id).await?;
    let plan = badge
        .subscription
        .and_then(|s| crate::services::commerce::plan(&state, &s.plan_id).cloned());
    Ok(Json(CreditBalance {
        balance: badge.balance.balance,
        generated_media: GeneratedMedia {
            images: badge.balance.images,
            videos: badge.balance.videos,
        },
        subscription_tier: plan
            .as_ref()
            .map_or_else(|| "free".into(), |p| p.id.clone()),
        subscription_package: plan.map(|p| p.name),
        low_credit_threshold: state.config.low_credit_threshold,
    }))
}

/// One ledger entry.
#[derive(Serialize, ToSchema)]
pub struct CreditTransaction {
    id: Uuid,
    /// Positive: credits added; negative: credits spent.
    delta: i64,
    reason: LedgerReason,
    job_id: Option<Uuid>,
    /// What the entry was for, in words.
    description: String,
    created_at: DateTime<Utc>,
}

#[derive(Serialize, ToSchema)]
pub struct CreditTransactions {
    transactions: Vec<CreditTransaction>,
    page: i64,
    per_page: i64,
    total: i64,
}

fn job_words(kind: Option<JobKind>) -> &'static str {
    match kind {
        Some(JobKind::Image) => "Image generation",
        Some(JobKind::Video) => "Video generation",
        Some(JobKind::Audio) => "Music generation",
        Some(JobKind::ImageEdit) => "Image edit",
        Some(JobKind::Template) => "Template generation",
        Some(JobKind::Recommendation) => "AI Assistant generation",
        Some(JobKind::Animate) => "Image animation",
        Some(JobKind::AssistantReply | JobKind::Export) | None => "Generation",
    }
}

/// What an entry was for, in words; subscription grants are described with their plan
/// by the caller.
fn describe(entry: &store::LedgerEntry) -> String {
    match entry.reason {
        LedgerReason::SignupGrant => "Welcome credits".to_owned(),
        LedgerReason::AdminGrant => "Credits granted".to_owned(),
        LedgerReason::Purchase => "Credits purchased".to_owned(),
        LedgerReason::PaymentReversal => {
            "Payment refunded or disputed: unspent credits taken back".to_owned()
        }
        LedgerReason::Refund => {
            format!(
                "Refund: {} failed",
                job_words(entry.job_kind).to_lowercase()
            )
        }
        LedgerReason::Generation => job_words(entry.job_kind).to_owned(),
        LedgerReason::SubscriptionGrant => "Subscription — first month".to_owned(),
        LedgerReason::SubscriptionRenewal => "Subscription — monthly renewal".to_owned(),
    }
}

/// The signed-in user's credit ledger, newest first, for the `/transactions` page.
#[utoipa::path(get, path = "/api/credits/transactions", tag = "credits", operation_id = "creditTransactions",
    params(Page<20>),
    responses((status = 200, body = Success<CreditTransactions>), (status = 400, body = ErrorResponse), (status = 401, body = ErrorResponse)))]
async fn transactions(
    State(state): State<AppState>,
    current: CurrentUser,
    page: Page<20>,
) -> ApiResult<Json<Success<CreditTransactions>>> {
    let (entries, total) = state
        .store
        .ledger(current.user.id, page.number, page.size)
        .await?;
    let mut subscription_words =
        crate::services::commerce::grant_descriptions(&state, &entries).await?;
    Ok(success(CreditTransactions {
        transactions: entries
            .iter()
            .map(|e| CreditTransaction {
                id: e.id,
                delta: e.delta,
                reason: e.reason,
                job_id: e.job_id,
                description: subscription_words
                    .remove(&e.id)
                    .unwrap_or_else(|| describe(e)),
                created_at: e.created_at,
            })
            .collect(),
        page: page.number,
        per_page: page.size,
        total,
    }))
}
