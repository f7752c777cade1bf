//! Money into credits: plans, Stripe Checkout for a subscription, the webhook events that
//! activate, renew, change and end it (each applied exactly once), and what the rest of the
//! API asks about a user's plan. The client names a plan; its price, credits and bonus are
//! always the server's.

use std::collections::HashMap;

use chrono::{DateTime, TimeZone, Utc};
use serde::Serialize;
use serde_json::Value;
use store::{Grant, LedgerReason, PaymentRefs, StripeEventWork, Subscription, SubscriptionChange};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
pub use crate::state::Plan;
use crate::stripe::{CheckoutSession, SignatureError, StripeClient};

pub const NOT_CONFIGURED: &str = "Payments are not configured";
pub const CHECKOUT_FAILED: &str = "Failed to create checkout session";
const ALREADY_SUBSCRIBED: &str = "You already have an active subscription";
const NO_SUBSCRIPTION: &str = "No active subscription";
const CANCEL_FAILED: &str = "Failed to cancel the subscription. Please try again.";

pub(crate) fn plan<'a>(state: &'a AppState, id: &str) -> Option<&'a Plan> {
    state.config.plans.iter().find(|p| p.id == id)
}

fn plan_of_price<'a>(state: &'a AppState, price_id: &str) -> Option<&'a Plan> {
    state
        .config
        .plans
        .iter()
        .find(|p| p.stripe_price_id.as_deref() == Some(price_id))
}

/// The Stripe client, or 503 when the operator has not configured payments.
fn stripe(state: &AppState) -> ApiResult<&StripeClient> {
    state
        .stripe
        .as_deref()
        .ok_or(ApiError::Unavailable(NOT_CONFIGURED))
}

/// The plan the user's active subscription gives, if any.
pub async fn current_plan(state: &AppState, user_id: Uuid) -> ApiResult<Option<Plan>> {
    Ok(state
        .store
        .active_subscription(user_id)
        .await?
        .and_then(|s| plan(state, &s.plan_id).cloned()))
}

/// What a checkout asks for: a plan by id or name, and whether the client offers the
/// first-month bonus.
pub struct CheckoutRequest {
    pub plan_id: Option<String>,
    pub plan_name: Option<String>,
    pub wants_offer: bool,
}

/// Creates a Stripe Checkout Session for the plan; the first-month offer applies only when
/// asked for and the user never had a subscription.
pub async fn start_checkout(
    state: &AppState,
    user: &store::User,
    request: CheckoutRequest,
    origin: &str,
) -> ApiResult<CheckoutSession> {
    let client = stripe(state)?;
    let chosen = match (&request.plan_id, &request.plan_name) {
        (Some(id), _) => plan(state, id),
        (None, Some(name)) => state
            .config
            .plans
            .iter()
            .find(|p| p.name.eq_ignore_ascii_case(name.trim())),
        (None, None) => None,
    }
    .ok_or_else(|| ApiError::validation("tier", "Unknown plan"))?;
    let Some(price_id) = &chosen.stripe_price_id else {
        tracing::error!(plan = %chosen.id, "the plan has no Stripe price id");
        return Err(ApiError::Unavailable(NOT_CONFIGURED));
    };
    if state.store.active_subscription(user.id).await?.is_some() {
        return Err(ApiError::Conflict(ALREADY_SUBSCRIBED.into()));
    }
    let offer = request.wants_offer
        && chosen.bonus_credits > 0
        && !state.store.ever_subscribed(user.id).await?;
    let customer = match state.store.stripe_customer(user.id).await? {
        Some(customer) => customer,
        None => {
            let created = client
                .create_customer(user.id, &user.email)
                .await
                .map_err(|e| {
                    tracing::error!(error = %e, "Stripe did not create a customer");
                    ApiError::BadGateway(CHECKOUT_FAILED)
                })?;
            state.store.save_stripe_customer(user.id, &created).await?
        }
    };
    let origin = origin.trim_end_matches('/');
    let user_id = user.id.to_string();
    let form: Vec<(String, String)> = [
        ("mode", "subscription".to_owned()),
        ("line_items[0][price]", price_id.clone()),
        ("line_items[0][quantity]", "1".to_owned()),
        ("client_reference_id", user_id.clone()),
        ("customer", customer),
        ("metadata[plan_id]", chosen.id.clone()),
        ("metadata[special_offer]", offer.to_string()),
        ("metadata[user_id]", user_id.clone()),
        ("subscription_data[metadata][plan_id]", chosen.id.clone()),
        ("subscription_data[metadata][user_id]", user_id),
        (
            "success_url",
            format!("{origin}/create?checkout=success&session_id={{CHECKOUT_SESSION_ID}}"),
        ),
        ("cancel_url", format!("{origin}/create?checkout=cancelled")),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    client.create_checkout_session(&form).await.map_err(|e| {
        tracing::error!(error = %e, "Stripe did not create a checkout session");
        ApiError::BadGateway(CHECKOUT_FAILED)
    })
}

/// Verifies and applies one webhook delivery. Anything that does not verify is refused
/// with nothing written; event types the studio does not use are recorded and ignored.
pub async fn receive_webhook(
    state: &AppState,
    signature: Option<&str>,
    body: &[u8],
) -> ApiResult<()> {
    let client = stripe(state)?;
    let refused = |why: &str| {
        tracing::warn!(why, "refused a Stripe webhook delivery");
        ApiError::validation("Stripe-Signature", "Invalid webhook signature")
    };
    let header = signature.ok_or_else(|| refused("no Stripe-Signature header"))?;
    crate::stripe::verify_signature(
        body,
        header,
        client.webhook_secret(),
        store::now().timestamp(),
    )
    .map_err(|e| {
        refused(match e {
            SignatureError::Malformed => "malformed signature header",
            SignatureError::Expired => "timestamp outside the tolerance",
            SignatureError::Mismatch => "no signature matches",
        })
    })?;
    let event: Value = serde_json::from_slice(body)
        .map_err(|_| ApiError::validation("body", "Invalid webhook payload"))?;
    let (Some(id), Some(kind)) = (event["id"].as_str(), event["type"].as_str()) else {
        return Err(ApiError::validation("body", "Invalid webhook payload"));
    };
    let object = &event["data"]["object"];
    let mut work = StripeEventWork {
        event_id: id.to_owned(),
        kind: kind.to_owned(),
        user_id: None,
        plan_id: None,
        customer_id: None,
        subscription: None,
        grant: None,
        payment: None,
        reversal: None,
    };
    match kind {
        "checkout.session.completed" | "checkout.session.async_payment_succeeded" => {
            checkout_completed(state, object, &mut work).await?
        }
        "invoice.paid" => invoice_paid(state, object, &mut work).await?,
        "charge.refunded" => charge_refunded(object, &mut work),
        "charge.dispute.created" => {
            work.reversal = Some(PaymentRefs {
                invoice_id: None,
                charge_id: text(object, "/charge").map(str::to_owned),
                payment_intent_id: text(object, "/payment_intent").map(str::to_owned),
            });
        }
        "customer.subscription.updated" | "customer.subscription.deleted" => {
            subscription_changed(
                state,
                object,
                kind == "customer.subscription.deleted",
                &mut work,
            )
            .await?
        }
        _ => {}
    }
    if !state.store.apply_stripe_event(&work).await? {
        tracing::info!(event = id, "Stripe event already applied");
    }
    Ok(())
}

fn text<'a>(value: &'a Value, pointer: &str) -> Option<&'a str> {
    value.pointer(pointer).and_then(Value::as_str)
}

fn timestamp(value: Option<&Value>) -> Option<DateTime<Utc>> {
    Utc.timestamp_opt(value?.as_i64()?, 0).single()
}

/// The user Stripe means: one of our ids it was given back, else the owner of the customer.
async fn user_of(
    state: &AppState,
    given_ids: &[Option<&str>],
    customer: Option<&str>,
) -> ApiResult<Option<Uuid>> {
    for id in given_ids.iter().flatten() {
        if let Ok(id) = Uuid::parse_str(id) {
            if state.store.user_exists(id).await? {
                return Ok(Some(id));
            }
        }
    }
    match customer {
        Some(customer) => Ok(state.store.user_of_stripe_customer(customer).await?),
        None => Ok(None),
    }
}

async fn checkout_completed(
    state: &AppState,
    session: &Value,
    work: &mut StripeEventWork,
) -> ApiResult<()> {
    if text(session, "/mode") != Some("subscription") {
        return Ok(());
    }
    let customer = text(session, "/customer");
    let user = user_of(
        state,
        &[
            text(session, "/client_reference_id"),
            text(session, "/metadata/user_id"),
        ],
        customer,
    )
    .await?;
    let chosen = text(session, "/metadata/plan_id").and_then(|id| plan(state, id));
    let (Some(user), Some(chosen), Some(customer), Some(subscription)) =
        (user, chosen, customer, text(session, "/subscription"))
    else {
        tracing::warn!(event = %work.event_id, "a completed checkout names no user, plan, customer or subscription of ours");
        return Ok(());
    };
    let offer = text(session, "/metadata/special_offer") == Some("true");
    // A delayed payment method completes the session unpaid: no plan and no credits until
    // `checkout.session.async_payment_succeeded` arrives, paid.
    let paid = text(session, "/payment_status") != Some("unpaid");
    work.user_id = Some(user);
    work.plan_id = Some(chosen.id.clone());
    work.customer_id = Some(customer.to_owned());
    work.subscription = Some(SubscriptionChange {
        stripe_subscription_id: subscription.to_owned(),
        customer_id: customer.to_owned(),
        plan_id: chosen.id.clone(),
        status: Some(if paid { "active" } else { "past_due" }.into()),
        current_period_end: None,
        cancel_at_period_end: None,
        paid_invoice: None,
    });
    // `completed` (paid) and `async_payment_succeeded` both announce the same payment:
    // the grant is keyed by the Checkout Session so only the first grants.
    if let (true, Some(session_id)) = (paid, text(session, "/id")) {
        work.grant = Some(Grant {
            amount: chosen.regular_credits + if offer { chosen.bonus_credits } else { 0 },
            reason: LedgerReason::SubscriptionGrant,
            key: format!("checkout:{session_id}"),
            invoice_id: text(session, "/invoice").map(str::to_owned),
            stripe_subscription_id: Some(subscription.to_owned()),
        });
    }
    Ok(())
}

/// A fully refunded charge takes back its grant; a partial refund leaves the credits (the
/// operator decides those by hand).
fn charge_refunded(charge: &Value, work: &mut StripeEventWork) {
    if charge["refunded"].as_bool() != Some(true) {
        tracing::info!(event = %work.event_id, "a partial refund leaves the credits granted");
        return;
    }
    work.reversal = Some(PaymentRefs {
        invoice_id: text(charge, "/invoice").map(str::to_owned),
        charge_id: text(charge, "/id").map(str::to_owned),
        payment_intent_id: text(charge, "/payment_intent").map(str::to_owned),
    });
}

async fn invoice_paid(
    state: &AppState,
    invoice: &Value,
    work: &mut StripeEventWork,
) -> ApiResult<()> {
    // Older API versions name the subscription on the invoice, newer ones under `parent`.
    let subscription = text(invoice, "/subscription")
        .or_else(|| text(invoice, "/parent/subscription_details/subscription"));
    let Some(subscription) = subscription else {
        return Ok(());
    };
    let customer = text(invoice, "/customer");
    let invoice_id = text(invoice, "/id");
    if let Some(invoice_id) = invoice_id {
        work.payment = Some(PaymentRefs {
            invoice_id: Some(invoice_id.to_owned()),
            charge_id: text(invoice, "/charge").map(str::to_owned),
            payment_intent_id: text(invoice, "/payment_intent")
                .or_else(|| text(invoice, "/payments/data/0/payment/payment_intent"))
                .map(str::to_owned),
        });
    }
    let known = state.store.subscription_by_stripe_id(subscription).await?;
    let line = &invoice["lines"]["data"][0];
    let price = text(line, "/price/id").or_else(|| text(line, "/pricing/price_details/price"));
    let metadata_plan = text(invoice, "/parent/subscription_details/metadata/plan_id")
        .or_else(|| text(invoice, "/subscription_details/metadata/plan_id"));
    let chosen = known
        .as_ref()
        .and_then(|s| plan(state, &s.plan_id))
        .or_else(|| price.and_then(|p| plan_of_price(state, p)))
        .or_else(|| metadata_plan.and_then(|id| plan(state, id)));
    let user = match &known {
        Some(s) => Some(s.user_id),
        None => user_of(state, &[], customer).await?,
    };
    let (Some(user), Some(chosen), Some(customer)) = (user, chosen, customer) else {
        tracing::warn!(event = %work.event_id, "a paid invoice names no user, plan or customer of ours");
        return Ok(());
    };
    work.user_id = Some(user);
    work.plan_id = Some(chosen.id.clone());
    work.subscription = Some(SubscriptionChange {
        stripe_subscription_id: subscription.to_owned(),
        customer_id: customer.to_owned(),
        plan_id: chosen.id.clone(),
        status: Some("active".into()),
        current_period_end: timestamp(line.pointer("/period/end")),
        cancel_at_period_end: None,
        paid_invoice: invoice_id.map(str::to_owned),
    });
    // The first invoice's month came with the checkout; a plan change's proration is no
    // new month. Only a new billing period renews the credits.
    if let (Some("subscription_cycle"), Some(invoice_id)) =
        (text(invoice, "/billing_reason"), invoice_id)
    {
        work.grant = Some(Grant {
            amount: chosen.regular_credits,
            reason: LedgerReason::SubscriptionRenewal,
            key: format!("invoice:{invoice_id}"),
            invoice_id: Some(invoice_id.to_owned()),
            stripe_subscription_id: Some(subscription.to_owned()),
        });
    }
    Ok(())
}

/// Stripe's subscription statuses in the studio's three words.
fn status_word(stripe_status: &str) -> &'static str {
    match stripe_status {
        "active" | "trialing" => "active",
        "canceled" | "incomplete_expired" => "canceled",
        _ => "past_due",
    }
}

async fn subscription_changed(
    state: &AppState,
    subscription: &Value,
    deleted: bool,
    work: &mut StripeEventWork,
) -> ApiResult<()> {
    let (Some(id), Some(customer)) = (text(subscription, "/id"), text(subscription, "/customer"))
    else {
        return Ok(());
    };
    let known = state.store.subscription_by_stripe_id(id).await?;
    let item = &subscription["items"]["data"][0];
    let chosen = text(item, "/price/id")
        .and_then(|p| plan_of_price(state, p))
        .or_else(|| text(subscription, "/metadata/plan_id").and_then(|id| plan(state, id)))
        .or_else(|| known.as_ref().and_then(|s| plan(state, &s.plan_id)));
    let user = match &known {
        Some(s) => Some(s.user_id),
        None => {
            user_of(
                state,
                &[text(subscription, "/metadata/user_id")],
                Some(customer),
            )
            .await?
        }
    };
    let (Some(user), Some(chosen)) = (user, chosen) else {
        tracing::warn!(event = %work.event_id, "a subscription change names no user or plan of ours");
        return Ok(());
    };
    let status = if deleted {
        "canceled"
    } else {
        text(subscription, "/status").map_or("active", status_word)
    };
    work.user_id = Some(user);
    work.plan_id = Some(chosen.id.clone());
    work.subscription = Some(SubscriptionChange {
        stripe_subscription_id: id.to_owned(),
        customer_id: customer.to_owned(),
        plan_id: chosen.id.clone(),
        status: Some(status.to_owned()),
        current_period_end: timestamp(
            subscription
                .get("current_period_end")
                .or_else(|| item.get("current_period_end")),
        ),
        cancel_at_period_end: subscription["cancel_at_period_end"].as_bool(),
        paid_invoice: None,
    });
    Ok(())
}

/// The user's subscription as the account page shows it.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct SubscriptionView {
    pub plan_id: String,
    pub plan_name: String,
    /// `active`, `past_due` or `canceled`.
    pub status: String,
    pub current_period_end: Option<DateTime<Utc>>,
    pub cancel_at_period_end: bool,
}

fn view(state: &AppState, subscription: Subscription) -> SubscriptionView {
    let plan_name = plan(state, &subscription.plan_id)
        .map_or_else(|| subscription.plan_id.clone(), |p| p.name.clone());
    SubscriptionView {
        plan_id: subscription.plan_id,
        plan_name,
        status: subscription.status,
        current_period_end: subscription.current_period_end,
        cancel_at_period_end: subscription.cancel_at_period_end,
    }
}

pub async fn subscription(state: &AppState, user_id: Uuid) -> ApiResult<Option<SubscriptionView>> {
    Ok(state
        .store
        .latest_subscription(user_id)
        .await?
        .map(|s| view(state, s)))
}

/// Asks Stripe to end the active subscription at its period's end and keeps its answer.
pub async fn cancel_at_period_end(state: &AppState, user_id: Uuid) -> ApiResult<SubscriptionView> {
    let client = stripe(state)?;
    let active = state
        .store
        .active_subscription(user_id)
        .await?
        .ok_or(ApiError::NotFound(NO_SUBSCRIPTION))?;
    let answer = client
        .cancel_at_period_end(&active.stripe_subscription_id)
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "Stripe did not cancel a subscription");
            ApiError::BadGateway(CANCEL_FAILED)
        })?;
    state
        .store
        .set_cancel_at_period_end(
            &active.stripe_subscription_id,
            answer.cancel_at_period_end,
            answer
                .period_end()
                .and_then(|t| Utc.timestamp_opt(t, 0).single()),
        )
        .await?;
    let updated = state
        .store
        .subscription_by_stripe_id(&active.stripe_subscription_id)
        .await?
        .ok_or(ApiError::NotFound(NO_SUBSCRIPTION))?;
    Ok(view(state, updated))
}

/// Words for the subscription entries of a ledger page: the plan, and the first month's
/// bonus when it had one.
pub async fn grant_descriptions(
    state: &AppState,
    entries: &[store::LedgerEntry],
) -> ApiResult<HashMap<Uuid, String>> {
    let mut words = HashMap::new();
    for entry in entries {
        let first_month = match entry.reason {
            LedgerReason::SubscriptionGrant => true,
            LedgerReason::SubscriptionRenewal => false,
            _ => continue,
        };
        let granted_for = state.store.plan_of_ledger_entry(entry.id).await?;
        let chosen = granted_for.as_deref().and_then(|id| plan(state, id));
        let name = chosen.map_or("Subscription", |p| p.name.as_str());
        let text = if first_month {
            let bonus = chosen.map_or(0, |p| entry.delta - p.regular_credits);
            if bonus > 0 {
                format!("{name} — first month with {bonus} bonus credits")
            } else {
                format!("{name} — first month")
            }
        } else {
            format!("{name} — monthly renewal")
        };
        words.insert(entry.id, text);
    }
    Ok(words)
}
