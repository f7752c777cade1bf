//! Signing out ends everything the session opened: its live event streams (on every node)
//! and the media tokens it asked for, while the user's other sessions carry on.

use std::time::Duration;

use futures::StreamExt;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::jobs::{open_events, project_and_scene, read_events, start_image};
use crate::on_both_databases;
use crate::support::{spawn_app, spawn_serve, Db, Session, TestApp, TestDatabase};

on_both_databases!(
    signing_out_ends_the_sessions_streams_and_media_tokens,
    signing_out_on_one_node_ends_the_session_on_another,
);

/// Reads a stream to its end; fails if it is still open after `within`.
async fn expect_closed(response: reqwest::Response, within: Duration) {
    let mut body = response.bytes_stream();
    let deadline = tokio::time::Instant::now() + within;
    loop {
        match tokio::time::timeout_at(deadline, body.next()).await {
            Ok(None) | Ok(Some(Err(_))) => return,
            Ok(Some(Ok(_))) => {}
            Err(_) => panic!("the event stream is still open {within:?} after sign-out"),
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
    let app = spawn_app(db).await;
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

    expect_closed(leaving_stream, Duration::from_secs(5)).await;
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
    let first = spawn_serve(TestDatabase::new(db).await, &["--no-workers"], &[]).await;
    let shared = TestDatabase {
        url: first.db.url.clone(),
        data_dir: tempfile::tempdir().unwrap(),
    };
    let second = spawn_serve(shared, &["--no-workers"], &[]).await;
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

    // Well inside the few seconds the second node would otherwise keep the session.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(2);
    while status_with(&second, &session.token, "/api/auth/me").await != StatusCode::UNAUTHORIZED {
        assert!(
            tokio::time::Instant::now() < deadline,
            "the second node still accepts the signed-out session"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    expect_closed(stream, Duration::from_secs(2)).await;
    assert_eq!(
        status_with(&second, &media_token, &missing).await,
        StatusCode::UNAUTHORIZED
    );
}
