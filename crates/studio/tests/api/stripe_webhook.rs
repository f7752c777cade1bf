//! Stripe's webhook: only correctly signed deliveries are applied, each event id once — on
//! retries, out of order, and when the same event arrives several times at once — and a
//! header made by Stripe's own library verifies.

use std::path::PathBuf;

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::commerce::{
    checkout_completed, deliver, deliver_signed, field, form_fields, invoice_paid, post_json,
    requests_to, sign, spawn_with_stripe, stripe_api, unix_now, user_id, WEBHOOK_SECRET,
};
use crate::jobs::{open_events, read_events};
use crate::on_both_databases;
use crate::support::{expect_error, Db, Session, TestApp};

on_both_databases!(
    only_correctly_signed_deliveries_are_applied,
    renewals_and_changes_apply_once_in_any_order,
    concurrent_duplicate_deliveries_grant_once,
    a_delayed_payment_grants_when_it_succeeds,
    one_payment_announced_twice_grants_once,
    refunds_and_disputes_take_back_the_unspent_credits,
    a_refunded_plan_stays_past_due_until_a_new_invoice_is_paid,
);

/// Signs up and starts a checkout, so the user has a Stripe customer (`cus_<local part>`).
async fn customer(app: &TestApp, email: &str) -> (Session, String) {
    let session = app.signup(email).await;
    let response = post_json(
        app,
        &session,
        "/api/stripe/checkout",
        json!({"tier": {"id": "creator_monthly"}}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let id = user_id(app, &session).await;
    (session, id)
}

fn reasons(ledger: &[Value], reason: &str) -> usize {
    ledger.iter().filter(|e| e["reason"] == reason).count()
}

async fn only_correctly_signed_deliveries_are_applied(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let (session, user) = customer(&app, "payer@example.com").await;
    let event = checkout_completed("evt_signed", &user, "cus_payer", "sub_payer", false);
    let body = event.to_string();
    let now = unix_now();

    let tampered = body.replace("\"special_offer\":\"false\"", "\"special_offer\":\"true\"");
    assert_ne!(tampered, body);
    let good = sign(&body, WEBHOOK_SECRET, now);
    let good_v1 = good.split_once(",v1=").unwrap().1.to_owned();
    let refused = [
        (
            "wrong secret",
            body.clone(),
            sign(&body, "whsec_not_ours", now),
        ),
        ("tampered body", tampered, good.clone()),
        (
            "expired",
            body.clone(),
            sign(&body, WEBHOOK_SECRET, now - 301),
        ),
        (
            "from the future",
            body.clone(),
            sign(&body, WEBHOOK_SECRET, now + 301),
        ),
        ("no v1", body.clone(), format!("t={now},v0={good_v1}")),
        ("no timestamp", body.clone(), format!("v1={good_v1}")),
        ("garbage", body.clone(), "nonsense".to_owned()),
    ];
    for (why, payload, signature) in refused {
        let response = deliver(&app, &payload, &signature).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{why}");
        expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    }
    let response = app
        .request(reqwest::Method::POST, "/api/stripe/webhook")
        .body(body.clone())
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert_eq!(app.balance(&session).await, 100, "nothing was granted");
    assert_eq!(app.ledger(&session).await.len(), 1);
    let state = app.get_json(&session, "/api/subscription").await;
    assert_eq!(
        state["data"]["subscription"],
        Value::Null,
        "nothing was written"
    );

    // Several v1 values (Stripe signs with each active secret while rolling): one match is enough.
    let several = format!("t={now},v1={},v1={good_v1},v0=00", "ab".repeat(32));
    let response = deliver(&app, &body, &several).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.balance(&session).await, 100 + 110);
    let ledger = app.ledger(&session).await;
    assert_eq!(ledger[0]["description"], "Creator Plan — first month");

    // Stripe retries the same event: received, nothing more granted.
    deliver_signed(&app, &event).await;
    assert_eq!(app.balance(&session).await, 100 + 110);
}

async fn renewals_and_changes_apply_once_in_any_order(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let (session, user) = customer(&app, "renewer@example.com").await;
    let day = 86_400;
    let later = unix_now() + 60 * day;
    let sooner = unix_now() + 30 * day;

    // A renewal delivered before the checkout it follows still lands on the user's plan.
    deliver_signed(
        &app,
        &invoice_paid(
            "evt_renew_2",
            "cus_renewer",
            "sub_renewer",
            "subscription_cycle",
            later,
        ),
    )
    .await;
    assert_eq!(app.balance(&session).await, 100 + 110);
    let ledger = app.ledger(&session).await;
    assert_eq!(ledger[0]["reason"], "subscription_renewal");
    assert_eq!(ledger[0]["description"], "Creator Plan — monthly renewal");

    deliver_signed(
        &app,
        &checkout_completed("evt_first", &user, "cus_renewer", "sub_renewer", true),
    )
    .await;
    assert_eq!(app.balance(&session).await, 100 + 110 + 140);

    // The first invoice's month came with the checkout.
    deliver_signed(
        &app,
        &invoice_paid(
            "evt_create",
            "cus_renewer",
            "sub_renewer",
            "subscription_create",
            sooner,
        ),
    )
    .await;
    assert_eq!(app.balance(&session).await, 100 + 110 + 140);

    // The earlier renewal arrives last: granted once, and the period end stays the later one.
    let earlier = invoice_paid(
        "evt_renew_1",
        "cus_renewer",
        "sub_renewer",
        "subscription_cycle",
        sooner,
    );
    deliver_signed(&app, &earlier).await;
    deliver_signed(&app, &earlier).await;
    assert_eq!(app.balance(&session).await, 100 + 110 + 140 + 110);
    let ledger = app.ledger(&session).await;
    assert_eq!(reasons(&ledger, "subscription_renewal"), 2);
    assert_eq!(reasons(&ledger, "subscription_grant"), 1);
    let subscription =
        app.get_json(&session, "/api/subscription").await["data"]["subscription"].clone();
    assert_eq!(subscription["status"], "active");
    let period_end =
        chrono::DateTime::parse_from_rfc3339(subscription["current_period_end"].as_str().unwrap())
            .unwrap()
            .timestamp();
    assert_eq!(period_end, later);
    let balance = app.get_json(&session, "/api/credits/balance").await;
    assert_eq!(balance["subscription_tier"], "creator_monthly");

    let changed = |id: &str, kind: &str, status: &str, cancel: bool| {
        json!({"id": id, "type": kind, "data": {"object": {
            "id": "sub_renewer", "object": "subscription", "customer": "cus_renewer",
            "status": status, "cancel_at_period_end": cancel,
            "items": {"data": [{"price": {"id": crate::commerce::PRICE_ID}, "current_period_end": later}]}
        }}})
    };
    deliver_signed(
        &app,
        &changed(
            "evt_cancel",
            "customer.subscription.updated",
            "active",
            true,
        ),
    )
    .await;
    let subscription =
        app.get_json(&session, "/api/subscription").await["data"]["subscription"].clone();
    assert_eq!(subscription["cancel_at_period_end"], true);
    assert_eq!(subscription["status"], "active");

    deliver_signed(
        &app,
        &changed(
            "evt_end",
            "customer.subscription.deleted",
            "canceled",
            false,
        ),
    )
    .await;
    // An update sent before the deletion but delivered after it does not revive it.
    deliver_signed(
        &app,
        &changed(
            "evt_stale",
            "customer.subscription.updated",
            "active",
            false,
        ),
    )
    .await;
    let subscription =
        app.get_json(&session, "/api/subscription").await["data"]["subscription"].clone();
    assert_eq!(subscription["status"], "canceled");
    let balance = app.get_json(&session, "/api/credits/balance").await;
    assert_eq!(balance["subscription_tier"], "free");
    assert_eq!(balance["subscription_package"], Value::Null);
    assert_eq!(
        app.balance(&session).await,
        100 + 110 + 140 + 110,
        "ending grants and takes nothing"
    );

    // A returning subscriber may subscribe again, without the newcomers' first-month bonus.
    let response = post_json(
        &app,
        &session,
        "/api/stripe/subscription",
        json!({"tier": {"id": "creator_monthly"}, "specialOffer": {"isSpecialOffer": true}}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let sessions = requests_to(&stripe, "/v1/checkout/sessions").await;
    let form = form_fields(sessions.last().unwrap());
    assert_eq!(field(&form, "metadata[special_offer]"), Some("false"));
    assert_eq!(field(&form, "customer"), Some("cus_renewer"));

    // Event types the studio does not use are received and ignored.
    deliver_signed(
        &app,
        &json!({"id": "evt_other", "type": "customer.created", "data": {"object": {}}}),
    )
    .await;
}

async fn concurrent_duplicate_deliveries_grant_once(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let (session, user) = customer(&app, "racer@example.com").await;
    let checkout = checkout_completed("evt_race", &user, "cus_racer", "sub_racer", true);
    let renewal = invoice_paid(
        "evt_race_renewal",
        "cus_racer",
        "sub_racer",
        "subscription_cycle",
        unix_now() + 30 * 86_400,
    );
    let stream = open_events(&app, &session, None).await;
    for event in [&checkout, &renewal] {
        let body = event.to_string();
        let signature = sign(&body, WEBHOOK_SECRET, unix_now());
        let deliveries = (0..8).map(|_| deliver(&app, &body, &signature));
        for response in futures::future::join_all(deliveries).await {
            assert_eq!(response.status(), StatusCode::OK);
        }
    }
    assert_eq!(app.balance(&session).await, 100 + 140 + 110);
    let ledger = app.ledger(&session).await;
    assert_eq!(reasons(&ledger, "subscription_grant"), 1);
    assert_eq!(reasons(&ledger, "subscription_renewal"), 1);
    // One `credits-changed` per grant, carrying the new balance.
    let events = read_events(stream, |name, data| {
        name == "credits-changed" && data["balance"] == 100 + 140 + 110
    })
    .await;
    let balances: Vec<&Value> = events
        .iter()
        .filter(|(name, _)| name == "credits-changed")
        .map(|(_, data)| &data["balance"])
        .collect();
    assert_eq!(balances, [&json!(240), &json!(350)]);
}

async fn a_delayed_payment_grants_when_it_succeeds(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let (session, user) = customer(&app, "patient@example.com").await;
    let mut completed = checkout_completed("evt_unpaid", &user, "cus_patient", "sub_patient", true);
    completed["data"]["object"]["payment_status"] = json!("unpaid");
    deliver_signed(&app, &completed).await;
    assert_eq!(
        app.balance(&session).await,
        100,
        "no credits before the money arrives"
    );
    let balance = app.get_json(&session, "/api/credits/balance").await;
    assert_eq!(balance["subscription_tier"], "free");

    let mut succeeded =
        checkout_completed("evt_paid_later", &user, "cus_patient", "sub_patient", true);
    succeeded["type"] = json!("checkout.session.async_payment_succeeded");
    deliver_signed(&app, &succeeded).await;
    deliver_signed(&app, &succeeded).await;
    assert_eq!(app.balance(&session).await, 100 + 140);
    let balance = app.get_json(&session, "/api/credits/balance").await;
    assert_eq!(balance["subscription_tier"], "creator_monthly");
}

/// A virtualenv with Stripe's Python library, made once per machine; `None` (with the
/// reason printed) when it cannot be installed here.
async fn stripe_python() -> Option<PathBuf> {
    let venv = std::env::temp_dir().join("studio-test-stripe-venv");
    let python = venv.join("bin/python");
    let ready = |python: PathBuf| async move {
        tokio::process::Command::new(&python)
            .args(["-c", "import stripe"])
            .output()
            .await
            .is_ok_and(|o| o.status.success())
            .then_some(python)
    };
    if let Some(python) = ready(python.clone()).await {
        return Some(python);
    }
    let run = |program: PathBuf, args: Vec<String>| async move {
        tokio::process::Command::new(program)
            .args(args)
            .output()
            .await
            .map(|o| {
                (
                    o.status.success(),
                    String::from_utf8_lossy(&o.stderr).into_owned(),
                )
            })
    };
    let steps = [
        (
            PathBuf::from("python3"),
            vec![
                "-m".to_owned(),
                "venv".to_owned(),
                venv.display().to_string(),
            ],
        ),
        (
            venv.join("bin/pip"),
            vec![
                "install".to_owned(),
                "--quiet".to_owned(),
                "stripe".to_owned(),
            ],
        ),
    ];
    for (program, args) in steps {
        match run(program.clone(), args).await {
            Ok((true, _)) => {}
            Ok((false, stderr)) => {
                println!(
                    "skipped: cannot install Stripe's Python library ({}): {stderr}",
                    program.display()
                );
                return None;
            }
            Err(e) => {
                println!("skipped: cannot run {}: {e}", program.display());
                return None;
            }
        }
    }
    ready(python).await
}

/// The header Stripe's library (`WebhookSignature.generate_signature_header`) makes for
/// `body` verifies, and equals the one the tests make.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_header_made_by_stripes_library_is_accepted() {
    let Some(python) = stripe_python().await else {
        return;
    };
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(Db::Sqlite, &stripe, &[]).await;
    let (session, user) = customer(&app, "library@example.com").await;
    let body =
        checkout_completed("evt_library", &user, "cus_library", "sub_library", false).to_string();
    let now = unix_now();
    let mut child = tokio::process::Command::new(python)
        .args([
            "-c",
            "import sys, stripe; sys.stdout.write(stripe.WebhookSignature.generate_signature_header(sys.stdin.read(), sys.argv[1], int(sys.argv[2])))",
            WEBHOOK_SECRET,
            &now.to_string(),
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use tokio::io::AsyncWriteExt;
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(body.as_bytes()).await.unwrap();
    drop(stdin);
    let output = child.wait_with_output().await.unwrap();
    assert!(output.status.success());
    let header = String::from_utf8(output.stdout).unwrap();
    assert_eq!(header, sign(&body, WEBHOOK_SECRET, now));

    let response = deliver(&app, &body, &header).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(app.balance(&session).await, 100 + 110);
}

/// `checkout.session.completed` and then `async_payment_succeeded` for the same Checkout
/// Session, and one invoice announced by two events: each payment grants once.
async fn one_payment_announced_twice_grants_once(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let (session, user) = customer(&app, "twice@example.com").await;
    let completed = checkout_completed("evt_done", &user, "cus_twice", "sub_twice", true);
    let mut succeeded = completed.clone();
    succeeded["id"] = json!("evt_done_again");
    succeeded["type"] = json!("checkout.session.async_payment_succeeded");
    deliver_signed(&app, &completed).await;
    deliver_signed(&app, &succeeded).await;
    assert_eq!(app.balance(&session).await, 100 + 140);

    let renewal = invoice_paid(
        "evt_cycle",
        "cus_twice",
        "sub_twice",
        "subscription_cycle",
        unix_now() + 86_400,
    );
    let mut again = renewal.clone();
    again["id"] = json!("evt_cycle_resent");
    deliver_signed(&app, &renewal).await;
    deliver_signed(&app, &again).await;
    assert_eq!(app.balance(&session).await, 100 + 140 + 110);
    let ledger = app.ledger(&session).await;
    assert_eq!(reasons(&ledger, "subscription_grant"), 1);
    assert_eq!(reasons(&ledger, "subscription_renewal"), 1);
}

fn charge_event(event_id: &str, kind: &str, object: Value) -> Value {
    json!({"id": event_id, "object": "event", "type": kind, "data": {"object": object}})
}

async fn refunds_and_disputes_take_back_the_unspent_credits(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let (session, user) = customer(&app, "refunded@example.com").await;
    let mut completed =
        checkout_completed("evt_bought", &user, "cus_refunded", "sub_refunded", true);
    completed["data"]["object"]["invoice"] = json!("in_first");
    deliver_signed(&app, &completed).await;
    // The first invoice says which charge paid it; Stripe may send it before or after.
    let mut first_invoice = invoice_paid(
        "evt_first_invoice",
        "cus_refunded",
        "sub_refunded",
        "subscription_create",
        unix_now() + 86_400,
    );
    first_invoice["data"]["object"]["id"] = json!("in_first");
    first_invoice["data"]["object"]["charge"] = json!("ch_first");
    first_invoice["data"]["object"]["payment_intent"] = json!("pi_first");
    deliver_signed(&app, &first_invoice).await;
    let mut renewal = invoice_paid(
        "evt_renewal",
        "cus_refunded",
        "sub_refunded",
        "subscription_cycle",
        unix_now() + 40 * 86_400,
    );
    renewal["data"]["object"]["payment_intent"] = json!("pi_renewal");
    deliver_signed(&app, &renewal).await;
    assert_eq!(app.balance(&session).await, 100 + 140 + 110);
    let balance = app.get_json(&session, "/api/credits/balance").await;
    assert_eq!(balance["subscription_tier"], "creator_monthly");

    // A partial refund leaves the credits.
    let partial = charge_event(
        "evt_partial",
        "charge.refunded",
        json!({"id": "ch_first", "object": "charge", "refunded": false, "amount": 1500,
               "amount_refunded": 500, "payment_intent": "pi_first"}),
    );
    deliver_signed(&app, &partial).await;
    assert_eq!(app.balance(&session).await, 350);

    // The first month refunded (the charge names only its payment intent here).
    let refund = charge_event(
        "evt_refund",
        "charge.refunded",
        json!({"id": "ch_first", "object": "charge", "refunded": true, "amount": 1500,
               "amount_refunded": 1500, "payment_intent": "pi_first"}),
    );
    deliver_signed(&app, &refund).await;
    assert_eq!(app.balance(&session).await, 350 - 140);
    let balance = app.get_json(&session, "/api/credits/balance").await;
    assert_eq!(
        balance["subscription_tier"], "free",
        "a refunded subscription gives no plan"
    );
    // Refunded again under another event, then disputed: taken back once.
    let mut refund_again = refund.clone();
    refund_again["id"] = json!("evt_refund_again");
    deliver_signed(&app, &refund_again).await;
    let dispute_first = charge_event(
        "evt_dispute_first",
        "charge.dispute.created",
        json!({"id": "dp_1", "object": "dispute", "charge": "ch_first", "payment_intent": "pi_first"}),
    );
    deliver_signed(&app, &dispute_first).await;
    assert_eq!(app.balance(&session).await, 210);

    // The renewal disputed, named by its payment intent.
    let dispute = charge_event(
        "evt_dispute",
        "charge.dispute.created",
        json!({"id": "dp_2", "object": "dispute", "charge": "ch_unknown", "payment_intent": "pi_renewal"}),
    );
    deliver_signed(&app, &dispute).await;
    assert_eq!(app.balance(&session).await, 100, "the signup credits stay");

    let ledger = app.ledger(&session).await;
    let taken: Vec<i64> = ledger
        .iter()
        .filter(|e| e["reason"] == "payment_reversal")
        .map(|e| e["delta"].as_i64().unwrap())
        .collect();
    assert_eq!(taken, [-110, -140], "newest first");
}

/// After a refund the plan is gone until money comes in again: a later
/// `customer.subscription.updated` saying `active` (Stripe still sees the subscription
/// running) and the refunded invoice announced again do not bring it back; the next paid
/// invoice does.
async fn a_refunded_plan_stays_past_due_until_a_new_invoice_is_paid(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let (session, user) = customer(&app, "reverted@example.com").await;
    let mut completed =
        checkout_completed("evt_bought", &user, "cus_reverted", "sub_reverted", false);
    completed["data"]["object"]["invoice"] = json!("in_first");
    deliver_signed(&app, &completed).await;
    let mut first_invoice = invoice_paid(
        "evt_first_invoice",
        "cus_reverted",
        "sub_reverted",
        "subscription_create",
        unix_now() + 30 * 86_400,
    );
    first_invoice["data"]["object"]["id"] = json!("in_first");
    first_invoice["data"]["object"]["charge"] = json!("ch_first");
    deliver_signed(&app, &first_invoice).await;
    let tier = |balance: Value| balance["subscription_tier"].clone();
    let status = |subscription: Value| subscription["data"]["subscription"]["status"].clone();
    assert_eq!(
        tier(app.get_json(&session, "/api/credits/balance").await),
        "creator_monthly"
    );

    deliver_signed(
        &app,
        &charge_event(
            "evt_refund",
            "charge.refunded",
            json!({"id": "ch_first", "object": "charge", "refunded": true, "amount": 1500,
                   "amount_refunded": 1500}),
        ),
    )
    .await;
    assert_eq!(
        status(app.get_json(&session, "/api/subscription").await),
        "past_due"
    );

    // Stripe keeps the subscription active after a refund and says so on its next update.
    let updated = |id: &str, status: &str| {
        json!({"id": id, "type": "customer.subscription.updated", "data": {"object": {
            "id": "sub_reverted", "object": "subscription", "customer": "cus_reverted",
            "status": status, "cancel_at_period_end": false,
            "items": {"data": [{"price": {"id": crate::commerce::PRICE_ID},
                "current_period_end": unix_now() + 30 * 86_400}]}
        }}})
    };
    deliver_signed(&app, &updated("evt_still_active", "active")).await;
    // The refunded invoice announced again under another event id pays nothing new.
    let mut again = first_invoice.clone();
    again["id"] = json!("evt_first_invoice_again");
    deliver_signed(&app, &again).await;
    assert_eq!(
        status(app.get_json(&session, "/api/subscription").await),
        "past_due"
    );
    assert_eq!(
        tier(app.get_json(&session, "/api/credits/balance").await),
        "free",
        "no plan without a payment"
    );

    // The next paid invoice brings the plan back, and a later update keeps it.
    deliver_signed(
        &app,
        &invoice_paid(
            "evt_renewal",
            "cus_reverted",
            "sub_reverted",
            "subscription_cycle",
            unix_now() + 60 * 86_400,
        ),
    )
    .await;
    deliver_signed(&app, &updated("evt_after_renewal", "active")).await;
    assert_eq!(
        status(app.get_json(&session, "/api/subscription").await),
        "active"
    );
    assert_eq!(
        tier(app.get_json(&session, "/api/credits/balance").await),
        "creator_monthly"
    );
}
