//! The credit badge is answered from memory, yet every change to the user's credits, media
//! or plan shows on the next read: at once on the node that made it, and on another node as
//! soon as the store's signal arrives. The nodes keep a badge for an hour here, so nothing but
//! the signal can make a change visible on another node.

use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::commerce::{
    checkout_completed, deliver_signed, post_json, spawn_with_stripe, stripe_api, user_id, PRICE_ID,
};
use crate::jobs::{project_and_scene, start_image};
use crate::on_both_databases;
use crate::support::{
    spawn_serve, until_signalled, Db, Session, TestApp, TestDatabase, TRUST_READS_FOR_AN_HOUR,
};

on_both_databases!(every_change_shows_on_the_next_read_of_the_same_node);

/// Lets a prompt ask for a failure, for the refund; keeps badges until a signal drops them.
const ENV: &[(&str, &str)] = &[("STUDIO_FAULT_INJECTION", "true"), TRUST_READS_FOR_AN_HOUR];

/// Two API nodes need a database both can reach and signal through: PostgreSQL.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_change_shows_on_another_node_after_the_signal() {
    let stripe = stripe_api().await;
    let first = spawn_with_stripe(Db::Postgres, &stripe, ENV).await;
    let shared = TestDatabase::sharing(&first.db.url);
    let second = spawn_serve(shared, &["--no-workers"], &[TRUST_READS_FOR_AN_HOUR]).await;
    changes_show(&first, &second, Within::Signal).await;
}

async fn every_change_shows_on_the_next_read_of_the_same_node(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, ENV).await;
    changes_show(&app, &app, Within::NextRead).await;
}

#[derive(Clone, Copy)]
enum Within {
    /// The read right after the change.
    NextRead,
    /// Reads until the store's signal has dropped the badge kept in memory.
    Signal,
}

#[derive(Debug, PartialEq)]
struct Badge {
    balance: i64,
    images: i64,
    tier: String,
}

async fn badge(app: &TestApp, session: &Session) -> Badge {
    let body = app.get_json(session, "/api/credits/balance").await;
    Badge {
        balance: body["balance"].as_i64().unwrap(),
        images: body["generated_media"]["images"].as_i64().unwrap(),
        tier: body["subscription_tier"].as_str().unwrap().to_owned(),
    }
}

/// Checks `reader`'s badge after a change; `what` names the change.
async fn expect(reader: &TestApp, session: &Session, within: Within, want: Badge, what: &str) {
    match within {
        Within::NextRead => assert_eq!(badge(reader, session).await, want, "after {what}"),
        Within::Signal => {
            until_signalled(
                &format!("after {what} the reader should show {want:?}"),
                || badge(reader, session),
                |seen| *seen == want,
            )
            .await;
        }
    }
}

fn badge_of(balance: i64, images: i64, tier: &str) -> Badge {
    Badge {
        balance,
        images,
        tier: tier.to_owned(),
    }
}

/// Changes made through `writer` (which runs the workers), read through `reader`, which
/// holds the badge in memory just before each change.
async fn changes_show(writer: &TestApp, reader: &TestApp, within: Within) {
    let session = writer.signup("badge@example.com").await;
    let response = post_json(
        writer,
        &session,
        "/api/stripe/checkout",
        json!({"tier": {"id": "creator_monthly"}}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let user = user_id(writer, &session).await;
    let (project, scene) = project_and_scene(writer, &session).await;
    assert_eq!(badge(reader, &session).await, badge_of(100, 0, "free"));

    // A subscription's first month: a grant and a plan.
    deliver_signed(
        writer,
        &checkout_completed("evt_badge_1", &user, "cus_badge", "sub_badge", true),
    )
    .await;
    expect(
        reader,
        &session,
        within,
        badge_of(240, 0, "creator_monthly"),
        "a grant",
    )
    .await;

    // A generation's debit, then its completion (one more image).
    badge(reader, &session).await;
    let job = start_image(writer, &session, &project, &scene, "a mug on a desk").await;
    expect(
        reader,
        &session,
        within,
        badge_of(239, 0, "creator_monthly"),
        "a debit",
    )
    .await;
    assert_eq!(
        writer.wait_for_job(&session, &job).await["status"],
        "completed"
    );
    expect(
        reader,
        &session,
        within,
        badge_of(239, 1, "creator_monthly"),
        "a completed job",
    )
    .await;

    // A generation that fails is refunded.
    let doomed = start_image(writer, &session, &project, &scene, "[fail:permanent] a jar").await;
    assert_eq!(
        writer.wait_for_job(&session, &doomed).await["status"],
        "failed"
    );
    expect(
        reader,
        &session,
        within,
        badge_of(239, 1, "creator_monthly"),
        "a refund",
    )
    .await;

    // An operator's grant, from another process.
    badge(reader, &session).await;
    let (ok, _, stderr) = writer
        .db
        .cli(&["admin", "grant-credits", "badge@example.com", "7"])
        .await;
    assert!(ok, "{stderr}");
    expect(
        reader,
        &session,
        Within::Signal,
        badge_of(246, 1, "creator_monthly"),
        "an operator's grant",
    )
    .await;

    // The subscription ends.
    badge(reader, &session).await;
    deliver_signed(writer, &subscription_deleted("evt_badge_2")).await;
    expect(
        reader,
        &session,
        within,
        badge_of(246, 1, "free"),
        "the subscription's end",
    )
    .await;
}

fn subscription_deleted(event_id: &str) -> Value {
    let period_end = crate::commerce::unix_now() + 30 * 86_400;
    json!({"id": event_id, "type": "customer.subscription.deleted", "data": {"object": {
        "id": "sub_badge", "object": "subscription", "customer": "cus_badge",
        "status": "canceled", "cancel_at_period_end": false,
        "items": {"data": [{"price": {"id": PRICE_ID}, "current_period_end": period_end}]}
    }}})
}
