//! Signing out ends everything the session opened: its live event streams (on every node)
//! and the media tokens it asked for, while the user's other sessions carry on. The nodes
//! keep a session they read for an hour here, so only the store's signal can end it.

use futures::StreamExt;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::jobs::{open_events, project_and_scene, read_events, start_image};
use crate::on_both_databases;
use crate::support::{
    spawn_app_with, spawn_serve, until_signalled, Db, Session, TestApp, TestDatabase, SIGNAL_BOUND,
    TRUST_READS_FOR_AN_HOUR,
};

on_both_databases!(
    signing_out_ends_the_sessions_streams_and_media_tokens,
    signing_out_on_one_node_ends_the_session_on_another,
);

/// Reads a stream to its end, which only the sign-out's signal brings; fails if it is still
/// open after [`SIGNAL_BOUND`] (a bound against hanging, not a measure).
async fn expect_closed(response: reqwest::Response) {
    let mut body = response.bytes_stream();
    let bound = tokio::time::Instant::now() + SIGNAL_BOUND;
    loop {
        match tokio::time::timeout_at(bound, body.next()).await {
            Ok(None) | Ok(Some(Err(_))) => return,
            Ok(Some(Ok(_))) => {}
            Err(_) => panic!("the event stream is still open {SIGNAL_BOUND:?} after sign-out"),
        }
    }
}

async fn sign_in(app: &TestApp, email: &str) -> Session {
    let response = app
        .request(Method::POST, "/api/auth/signin")
        .json(&json!({"email": email, "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let token = body["token"].as_str().unwrap().to_owned();
    Session {
        cookie: format!("studio_session={token}"),
        token,
    }
}

async fn sign_out(app: &TestApp, session: &Session) {
    let response = app
        .authed(session, Method::POST, "/api/auth/signout")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

async fn status_with(app: &TestApp, token: &str, path: &str) -> StatusCode {
    app.request(Method::GET, path)
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .status()
}

async fn signing_out_ends_the_sessions_streams_and_media_tokens(db: Db) {
    let app = spawn_app_with(db, &[TRUST_READS_FOR_AN_HOUR]).await;
    let leaving = app.signup("two-tabs@example.com").await;
    let staying = sign_in(&app, "two-tabs@example.com").await;
    let (project, scene) = project_and_scene(&app, &leaving).await;
    let leaving_stream = open_events(&app, &leaving, None).await;
    let staying_stream = open_events(&app, &staying, None).await;

    let first = start_image(&app, &leaving, &project, &scene, "a mug on a desk").await;
    let done = app.wait_for_job(&leaving, &first).await;
    assert_eq!(done["status"], "completed");
    // A generated asset takes its job's id.
    let file = format!("/api/media/file/{first}");
    let media = app.get_json(&leaving, "/api/media/auth").await;
    let media_token = media["token"].as_str().unwrap().to_owned();
    assert_eq!(status_with(&app, &media_token, &file).await, StatusCode::OK);

    sign_out(&app, &leaving).await;

    expect_closed(leaving_stream).await;
    assert_eq!(
        status_with(&app, &leaving.token, "/api/auth/me").await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        status_with(&app, &media_token, &file).await,
        StatusCode::UNAUTHORIZED,
        "a media token ends with the session that asked for it"
    );
    let response = app
        .request(Method::GET, "/api/events")
        .bearer_auth(&leaving.token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);

    // The user's other session keeps its stream and its media.
    assert_eq!(
        status_with(&app, &staying.token, &file).await,
        StatusCode::OK
    );
    let second = start_image(&app, &staying, &project, &scene, "a mug on a shelf").await;
    let events = read_events(staying_stream, |name, data| {
        name == "job-completed" && data["job_id"] == second
    })
    .await;
    assert!(events
        .iter()
        .any(|(name, data)| name == "job-completed" && data["job_id"] == first));
}

/// Two API nodes on one database: a session signed out on the first stops working on the
/// second at once, though the second had it in memory, and its stream there ends.
async fn signing_out_on_one_node_ends_the_session_on_another(db: Db) {
    let trust = [TRUST_READS_FOR_AN_HOUR];
    let first = spawn_serve(TestDatabase::new(db).await, &["--no-workers"], &trust).await;
    let shared = TestDatabase::sharing(&first.db.url);
    let second = spawn_serve(shared, &["--no-workers"], &trust).await;
    let session = first.signup("two-nodes@example.com").await;
    let media = second.get_json(&session, "/api/media/auth").await;
    let media_token = media["token"].as_str().unwrap().to_owned();
    let missing = format!("/api/media/file/{}", uuid::Uuid::new_v4());
    assert_eq!(
        status_with(&second, &media_token, &missing).await,
        StatusCode::NOT_FOUND
    );
    // The second node now holds the session in memory.
    assert_eq!(
        status_with(&second, &session.token, "/api/auth/me").await,
        StatusCode::OK
    );
    let stream = open_events(&second, &session, None).await;

    sign_out(&first, &session).await;

    // The second node would keep the session for an hour: only the signal can end it.
    until_signalled(
        "the second node should refuse the signed-out session",
        || status_with(&second, &session.token, "/api/auth/me"),
        |status| *status == StatusCode::UNAUTHORIZED,
    )
    .await;
    expect_closed(stream).await;
    assert_eq!(
        status_with(&second, &media_token, &missing).await,
        StatusCode::UNAUTHORIZED
    );
}
