//! Subscriptions end to end against a stand-in for Stripe's API: the plans, the Checkout
//! Session's form fields, the customer kept per user, prices the client cannot change,
//! cancelling, the 503 without keys, the sign-in redirect, initialize-user and analytics.

use std::time::{SystemTime, UNIX_EPOCH};

use hmac::{Hmac, Mac};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use sha2::Sha256;
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

use crate::jobs::project_and_scene;
use crate::on_both_databases;
use crate::support::{expect_error, spawn_app_with, Db, Session, TestApp};

on_both_databases!(
    checkout_sends_what_stripe_needs_and_only_the_server_prices,
    without_stripe_keys_purchases_answer_503,
    a_failing_stripe_answers_502,
    the_sign_in_redirect_and_initialize_user,
    analytics_events_are_capped_and_counted,
);

pub const WEBHOOK_SECRET: &str = "whsec_test_secret";
pub const PRICE_ID: &str = "price_creator_test";

/// Stripe's API as the studio uses it: customers named after the email's local part,
/// Checkout Sessions, and subscription updates.
pub async fn stripe_api() -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/customers"))
        .respond_with(|request: &Request| {
            let form = form_fields(request);
            let email = field(&form, "email").unwrap_or("nobody");
            let local = email.split('@').next().unwrap_or(email);
            ResponseTemplate::new(200)
                .set_body_json(json!({"id": format!("cus_{local}"), "object": "customer"}))
        })
        .mount(&server)
        .await;
    Mock::given(method("POST"))
        .and(path("/v1/checkout/sessions"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "cs_test_a1", "object": "checkout.session",
            "url": "https://checkout.stripe.com/c/pay/cs_test_a1"})))
        .mount(&server)
        .await;
    server
}

pub async fn spawn_with_stripe(db: Db, stripe: &MockServer, extra: &[(&str, &str)]) -> TestApp {
    let base = stripe.uri();
    let mut env = vec![
        ("STRIPE_SECRET_KEY", "sk_test_studio"),
        ("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET),
        ("STRIPE_API_BASE", base.as_str()),
        ("STRIPE_CREATOR_PRICE_ID", PRICE_ID),
        ("STUDIO_PUBLIC_URL", "http://studio.test"),
    ];
    env.extend_from_slice(extra);
    spawn_app_with(db, &env).await
}

/// The fields of a form-encoded body, in order.
pub fn form_fields(request: &Request) -> Vec<(String, String)> {
    String::from_utf8_lossy(&request.body)
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| {
            let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
            (percent_decode(k), percent_decode(v))
        })
        .collect()
}

fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap();
                out.push(u8::from_str_radix(hex, 16).unwrap());
                i += 2;
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8(out).unwrap()
}

pub fn field<'a>(form: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

pub async fn requests_to(stripe: &MockServer, route: &str) -> Vec<Request> {
    stripe
        .received_requests()
        .await
        .unwrap()
        .into_iter()
        .filter(|r| r.url.path() == route)
        .collect()
}

pub async fn user_id(app: &TestApp, session: &Session) -> String {
    app.get_json(session, "/api/auth/me").await["user"]["id"]
        .as_str()
        .unwrap()
        .to_owned()
}

pub fn unix_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64
}

/// `Stripe-Signature` for `body` at `timestamp`, as Stripe computes it.
pub fn sign(body: &str, secret: &str, timestamp: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).unwrap();
    mac.update(format!("{timestamp}.{body}").as_bytes());
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    format!("t={timestamp},v1={hex}")
}

pub async fn deliver(app: &TestApp, body: &str, signature: &str) -> reqwest::Response {
    app.request(Method::POST, "/api/stripe/webhook")
        .header("content-type", "application/json")
        .header("stripe-signature", signature)
        .body(body.to_owned())
        .send()
        .await
        .unwrap()
}

/// Delivers a correctly signed event and expects it received.
pub async fn deliver_signed(app: &TestApp, event: &Value) {
    let body = event.to_string();
    let response = deliver(app, &body, &sign(&body, WEBHOOK_SECRET, unix_now())).await;
    assert_eq!(response.status(), StatusCode::OK, "{event}");
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer, json!({"received": true}));
}

pub fn checkout_completed(
    event_id: &str,
    user_id: &str,
    customer: &str,
    subscription: &str,
    offer: bool,
) -> Value {
    json!({
        "id": event_id, "object": "event", "type": "checkout.session.completed",
        "data": {"object": {
            "id": format!("cs_{event_id}"), "object": "checkout.session", "mode": "subscription",
            "client_reference_id": user_id, "customer": customer, "subscription": subscription,
            "payment_status": "paid",
            "metadata": {"plan_id": "creator_monthly", "special_offer": offer.to_string(), "user_id": user_id}
        }}
    })
}

pub fn invoice_paid(
    event_id: &str,
    customer: &str,
    subscription: &str,
    billing_reason: &str,
    period_end: i64,
) -> Value {
    json!({
        "id": event_id, "object": "event", "type": "invoice.paid",
        "data": {"object": {
            "id": format!("in_{event_id}"), "object": "invoice", "customer": customer,
            "subscription": subscription, "billing_reason": billing_reason, "status": "paid",
            "lines": {"data": [{"price": {"id": PRICE_ID},
                "period": {"start": period_end - 30 * 86_400, "end": period_end}}]}
        }}
    })
}

pub async fn post_json(
    app: &TestApp,
    session: &Session,
    route: &str,
    body: Value,
) -> reqwest::Response {
    app.authed(session, Method::POST, route)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// The spec's subscription request, with a price, credits and bonus the server must ignore.
fn modal_request(offer: bool) -> Value {
    json!({
        "tier": {"name": "Creator Plan", "price": 1, "credits": 99_999,
                 "features": ["everything free"]},
        "billingCycle": "monthly",
        "source": "credit_modal",
        "specialOffer": {"isSpecialOffer": offer, "offerType": "first_month_bonus",
            "bonusCredits": 5000, "totalCreditsPromised": 99_999,
            "offerDescription": "all the credits"}
    })
}

async fn checkout_sends_what_stripe_needs_and_only_the_server_prices(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(
        db,
        &stripe,
        &[("STUDIO_VIDEO_REQUIRES_SUBSCRIPTION", "true")],
    )
    .await;
    let session = app.signup("maker@example.com").await;
    let user = user_id(&app, &session).await;

    let plans = app.get_json(&session, "/api/plans").await["data"].clone();
    assert_eq!(plans["payments_configured"], true);
    assert_eq!(plans["current_plan_id"], Value::Null);
    let creator = &plans["plans"][0];
    assert_eq!(creator["id"], "creator_monthly");
    assert_eq!(creator["name"], "Creator Plan");
    assert_eq!(creator["price"].as_f64(), Some(15.0));
    assert_eq!(
        (
            &creator["regularCredits"],
            &creator["bonusCredits"],
            &creator["credits"]
        ),
        (&json!(110), &json!(30), &json!(140))
    );
    assert_eq!(creator["isSubscription"], true);
    assert_eq!(creator["interval"], "month");
    assert_eq!(
        creator["specialOffer"],
        "30 bonus credits in your first month"
    );

    // Signed out: 401, and Stripe hears nothing.
    let response = app
        .request(Method::POST, "/api/stripe/subscription")
        .json(&modal_request(true))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;

    let response = post_json(
        &app,
        &session,
        "/api/stripe/subscription",
        json!({"tier": {"name": "Diamond Plan", "price": 0}}),
    )
    .await;
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert_eq!(message, "Unknown plan");
    let response = post_json(&app, &session, "/api/stripe/checkout", json!({})).await;
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert_eq!(message, "Missing required field: tier");
    assert!(requests_to(&stripe, "/v1/checkout/sessions")
        .await
        .is_empty());

    let response = post_json(
        &app,
        &session,
        "/api/stripe/subscription",
        modal_request(true),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let started: Value = response.json().await.unwrap();
    assert_eq!(
        started,
        json!({"sessionId": "cs_test_a1", "url": "https://checkout.stripe.com/c/pay/cs_test_a1"})
    );

    let customers = requests_to(&stripe, "/v1/customers").await;
    assert_eq!(customers.len(), 1);
    assert_eq!(
        field(&form_fields(&customers[0]), "email"),
        Some("maker@example.com")
    );
    let sessions = requests_to(&stripe, "/v1/checkout/sessions").await;
    assert_eq!(sessions.len(), 1);
    let request = &sessions[0];
    assert_eq!(
        request.headers.get("authorization").unwrap(),
        "Bearer sk_test_studio"
    );
    assert!(request
        .headers
        .get("content-type")
        .unwrap()
        .to_str()
        .unwrap()
        .starts_with("application/x-www-form-urlencoded"));
    let form = form_fields(request);
    let expected = [
        ("mode", "subscription"),
        ("line_items[0][price]", PRICE_ID),
        ("line_items[0][quantity]", "1"),
        ("client_reference_id", user.as_str()),
        ("customer", "cus_maker"),
        ("metadata[plan_id]", "creator_monthly"),
        ("metadata[special_offer]", "true"),
        (
            "success_url",
            "http://studio.test/create?checkout=success&session_id={CHECKOUT_SESSION_ID}",
        ),
        ("cancel_url", "http://studio.test/create?checkout=cancelled"),
    ];
    for (name, value) in expected {
        assert_eq!(field(&form, name), Some(value), "{name} in {form:?}");
    }
    // Nothing the client sent about money reaches Stripe.
    for (name, value) in &form {
        assert!(
            !["1", "99999", "5000"].contains(&value.as_str()) || name == "line_items[0][quantity]",
            "{name}={value} came from the client"
        );
        assert!(
            !name.contains("price_data") && !name.contains("amount"),
            "{name}"
        );
    }

    // A second checkout (the first was abandoned) reuses the customer; by name via /checkout.
    let response = post_json(
        &app,
        &session,
        "/api/stripe/checkout",
        json!({"tier": {"id": "creator_monthly", "price": 0, "credits": 1000}}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(requests_to(&stripe, "/v1/customers").await.len(), 1);
    let sessions = requests_to(&stripe, "/v1/checkout/sessions").await;
    let form = form_fields(&sessions[1]);
    assert_eq!(field(&form, "customer"), Some("cus_maker"));
    assert_eq!(field(&form, "line_items[0][price]"), Some(PRICE_ID));
    assert_eq!(field(&form, "metadata[special_offer]"), Some("false"));

    // Videos need the subscription this user does not have yet.
    let (project, scene) = project_and_scene(&app, &session).await;
    let video = json!({"project_id": project, "scene_id": scene, "prompt": "spin"});
    let response = post_json(&app, &session, "/api/generate/video", video.clone()).await;
    expect_error(response, StatusCode::FORBIDDEN, "upgrade_required").await;

    // Stripe reports the completed checkout: the plan's 110 + 30, whatever the client sent.
    let period_end = unix_now() + 30 * 86_400;
    deliver_signed(
        &app,
        &checkout_completed("evt_checkout_1", &user, "cus_maker", "sub_maker", true),
    )
    .await;
    assert_eq!(app.balance(&session).await, 100 + 140);
    let balance = app.get_json(&session, "/api/credits/balance").await;
    assert_eq!(balance["subscription_tier"], "creator_monthly");
    assert_eq!(balance["subscription_package"], "Creator Plan");
    let ledger = app.ledger(&session).await;
    assert_eq!(ledger[0]["reason"], "subscription_grant");
    assert_eq!(ledger[0]["delta"], 140);
    assert_eq!(
        ledger[0]["description"],
        "Creator Plan — first month with 30 bonus credits"
    );
    let plans = app.get_json(&session, "/api/plans").await;
    assert_eq!(plans["data"]["current_plan_id"], "creator_monthly");

    let response = post_json(&app, &session, "/api/generate/video", video).await;
    assert!(
        response.status().is_success(),
        "a subscriber's video is accepted: {}",
        response.status()
    );

    let response = post_json(
        &app,
        &session,
        "/api/stripe/subscription",
        modal_request(false),
    )
    .await;
    let message = expect_error(response, StatusCode::CONFLICT, "conflict").await;
    assert_eq!(message, "You already have an active subscription");

    // Cancelling at the period's end goes to Stripe and is kept.
    Mock::given(method("POST"))
        .and(path("/v1/subscriptions/sub_maker"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "id": "sub_maker", "object": "subscription", "status": "active",
            "cancel_at_period_end": true,
            "items": {"data": [{"current_period_end": period_end}]}})))
        .expect(1)
        .mount(&stripe)
        .await;
    let response = post_json(&app, &session, "/api/subscription/cancel", json!({})).await;
    assert_eq!(response.status(), StatusCode::OK);
    let cancelled: Value = response.json().await.unwrap();
    let subscription = &cancelled["data"]["subscription"];
    assert_eq!(subscription["plan_id"], "creator_monthly");
    assert_eq!(subscription["plan_name"], "Creator Plan");
    assert_eq!(subscription["status"], "active");
    assert_eq!(subscription["cancel_at_period_end"], true);
    assert!(
        subscription["current_period_end"].is_string(),
        "{subscription}"
    );
    let form = form_fields(&requests_to(&stripe, "/v1/subscriptions/sub_maker").await[0]);
    assert_eq!(field(&form, "cancel_at_period_end"), Some("true"));
    let state = app.get_json(&session, "/api/subscription").await;
    assert_eq!(state["data"]["subscription"], *subscription);
}

async fn without_stripe_keys_purchases_answer_503(db: Db) {
    let app = spawn_app_with(db, &[]).await;
    let session = app.signup("window@example.com").await;
    let plans = app.get_json(&session, "/api/plans").await["data"].clone();
    assert_eq!(plans["payments_configured"], false);
    assert_eq!(plans["plans"][0]["id"], "creator_monthly");
    for route in ["/api/stripe/subscription", "/api/stripe/checkout"] {
        let response = post_json(&app, &session, route, modal_request(true)).await;
        let message = expect_error(
            response,
            StatusCode::SERVICE_UNAVAILABLE,
            "service_unavailable",
        )
        .await;
        assert_eq!(message, "Payments are not configured", "{route}");
    }
    let response = post_json(&app, &session, "/api/subscription/cancel", json!({})).await;
    expect_error(
        response,
        StatusCode::SERVICE_UNAVAILABLE,
        "service_unavailable",
    )
    .await;
    let body = json!({"id": "evt_1", "type": "invoice.paid"}).to_string();
    let response = deliver(&app, &body, &sign(&body, WEBHOOK_SECRET, unix_now())).await;
    expect_error(
        response,
        StatusCode::SERVICE_UNAVAILABLE,
        "service_unavailable",
    )
    .await;
    let state = app.get_json(&session, "/api/subscription").await;
    assert_eq!(state["data"]["subscription"], Value::Null);
    let balance = app.get_json(&session, "/api/credits/balance").await;
    assert_eq!(balance["subscription_tier"], "free");
    assert_eq!(balance["subscription_package"], Value::Null);
}

/// One Stripe key without the other stops the start, naming the missing variable.
#[tokio::test]
async fn one_stripe_key_alone_stops_the_start() {
    let data_dir = tempfile::tempdir().unwrap();
    for (given, missing) in [
        ("STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"),
        ("STRIPE_WEBHOOK_SECRET", "STRIPE_SECRET_KEY"),
    ] {
        let output = tokio::process::Command::new(crate::support::BIN)
            .args(["serve", "--bind", "127.0.0.1:0", "--data-dir"])
            .arg(data_dir.path())
            .env("STUDIO_LOG", "warn")
            .env(given, "set")
            .output()
            .await
            .unwrap();
        assert!(!output.status.success(), "{given} alone");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains(&format!("{missing} (")),
            "{given} alone: {stderr}"
        );
    }
}

async fn a_failing_stripe_answers_502(db: Db) {
    let stripe = MockServer::start().await;
    Mock::given(method("POST"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": {
            "type": "invalid_request_error", "message": "No such price: 'price_creator_test'"}})))
        .mount(&stripe)
        .await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let session = app.signup("unlucky@example.com").await;
    let response = post_json(
        &app,
        &session,
        "/api/stripe/subscription",
        modal_request(true),
    )
    .await;
    let message = expect_error(response, StatusCode::BAD_GATEWAY, "bad_gateway").await;
    assert_eq!(
        message, "Failed to create checkout session",
        "Stripe's detail stays in the log"
    );
}

async fn the_sign_in_redirect_and_initialize_user(db: Db) {
    let app = spawn_app_with(db, &[]).await;
    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    for (query, location) in [
        ("", "/create?auth=signin"),
        ("?next=/pricing", "/create?auth=signin&next=/pricing"),
        (
            "?next=/create%3Fplan%3Dcreator",
            "/create?auth=signin&next=/create%3Fplan%3Dcreator",
        ),
        ("?next=//evil.example", "/create?auth=signin"),
        ("?next=https://evil.example", "/create?auth=signin"),
    ] {
        let response = no_redirects
            .get(app.url(&format!("/api/auth/login{query}")))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::FOUND, "{query}");
        assert_eq!(response.headers()["location"], location, "{query}");
    }

    let response = app
        .request(Method::POST, "/api/auth/initialize-user")
        .json(&json!({"given_name": "Ada"}))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;

    let session = app.signup("ada@example.com").await;
    let id = user_id(&app, &session).await;
    let profile = json!({"sub": id, "email": "Ada@Example.com", "name": "Ada Lovelace",
        "given_name": "Ada", "family_name": "Lovelace", "picture": "https://img.example/ada.png"});
    let mut answers = Vec::new();
    for _ in 0..2 {
        let response =
            post_json(&app, &session, "/api/auth/initialize-user", profile.clone()).await;
        assert_eq!(response.status(), StatusCode::OK);
        answers.push(response.json::<Value>().await.unwrap());
    }
    assert_eq!(answers[0], answers[1], "initialize-user is idempotent");
    let user = &answers[0]["data"]["user"];
    assert_eq!(user["given_name"], "Ada");
    assert_eq!(user["family_name"], "Lovelace");
    assert_eq!(user["picture"], "https://img.example/ada.png");
    assert_eq!(app.get_json(&session, "/api/auth/me").await["user"], *user);

    for (body, field_name) in [
        (json!({"email": "someone@else.example"}), "email"),
        (
            json!({"sub": "00000000-0000-0000-0000-000000000000"}),
            "sub",
        ),
        (json!({"picture": "javascript:alert(1)"}), "picture"),
    ] {
        let response = post_json(&app, &session, "/api/auth/initialize-user", body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["field"], field_name);
    }
    assert_eq!(app.get_json(&session, "/api/auth/me").await["user"], *user);
}

async fn analytics_events_are_capped_and_counted(db: Db) {
    let app = spawn_app_with(db, &[]).await;
    let session = app.signup("counted@example.com").await;
    let send = |body: Value| post_json(&app, &session, "/api/analytics/events", body);

    let response = send(json!({"events": [
        {"name": "purchase_modal_view", "properties": {"source": "first_generation"}},
        {"name": "purchase_modal_cta_click", "occurred_at": "2026-01-02T03:04:05Z"},
        {"name": "page_view", "properties": {"path": "/create"}}
    ]}))
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body, json!({"status": "success", "data": {"accepted": 3}}));

    let too_many: Vec<Value> = (0..51).map(|_| json!({"name": "page_view"})).collect();
    let big = "x".repeat(2100);
    for (body, field_name) in [
        (json!({"events": too_many}), "events"),
        (json!({"events": [{"name": "Page View"}]}), "name"),
        (
            json!({"events": [{"name": "page_view", "properties": [1, 2]}]}),
            "properties",
        ),
        (
            json!({"events": [{"name": "page_view", "properties": {"big": big}}]}),
            "properties",
        ),
    ] {
        let response = send(body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["field"], field_name, "{error}");
    }

    let padding = "x".repeat(200 * 1024);
    let response = send(json!({"events": [], "padding": padding})).await;
    expect_error(response, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").await;

    let (ok, stdout, stderr) = app
        .db
        .cli(&["admin", "analytics", "--since", "2026-01-01"])
        .await;
    assert!(ok, "{stderr}");
    let line = |name: &str| {
        stdout
            .lines()
            .find(|l| l.starts_with(name))
            .unwrap_or_else(|| panic!("{name} in {stdout}"))
            .split_whitespace()
            .map(str::to_owned)
            .collect::<Vec<_>>()
    };
    assert_eq!(line("page_view")[1..], ["1", "1"]);
    assert_eq!(line("purchase_modal_view")[1..], ["1", "1"]);

    // 30 requests a minute per user; the window may turn over once while sending.
    let mut limited = None;
    for _ in 0..70 {
        let response = send(json!({"events": []})).await;
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            limited = Some(response);
            break;
        }
        assert_eq!(response.status(), StatusCode::ACCEPTED);
    }
    let response = limited.expect("the analytics rate limit answers 429");
    assert!(response.headers().contains_key("retry-after"));
    expect_error(response, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
}
