//! PostgreSQL restarted under a running studio: while it is down, requests answer 503 with
//! the envelope and a `Retry-After` at once (no hang, nothing written); once it is back, the
//! node and its workers reconnect by themselves, new jobs complete, live events flow again,
//! and the ledger holds exactly what was paid before and after. This test runs its own PostgreSQL cluster, so stopping it
//! disturbs no other test.

use std::path::Path;
use std::process::Command;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::jobs::{open_events, project_and_scene, read_events, start_image};
use crate::support::{expect_error, repo_root, spawn_serve, TestDatabase};

fn pg_cluster(command: &str, dir: &Path) -> String {
    let output = Command::new(repo_root().join("scripts/pg-cluster"))
        .arg(command)
        .arg(dir)
        .output()
        .expect("run scripts/pg-cluster");
    assert!(
        output.status.success(),
        "pg-cluster {command}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap().trim().to_owned()
}

/// Stops the private cluster however the test ends.
struct Cluster(tempfile::TempDir);

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = Command::new(repo_root().join("scripts/pg-cluster"))
            .arg("stop")
            .arg(self.0.path())
            .output();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_database_restart_answers_503_meanwhile_and_loses_nothing() {
    let cluster = Cluster(tempfile::tempdir().unwrap());
    let url = pg_cluster("start", cluster.0.path());
    let db = TestDatabase {
        url,
        data_dir: tempfile::tempdir().unwrap(),
    };
    let app = spawn_serve(db, &[], &[("STUDIO_WORKERS", "1")]).await;
    let session = app.signup("steady@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let before = start_image(&app, &session, &project, &scene, "a candle on linen").await;
    assert_eq!(
        app.wait_for_job(&session, &before).await["status"],
        "completed"
    );

    pg_cluster("pause", cluster.0.path());
    let client = reqwest::Client::builder()
        // Far above the node's own 3 s wait for a connection: only a hang trips it.
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap();
    for (method, path, body) in [
        (Method::GET, "/api/credits/balance".to_owned(), None),
        (
            Method::GET,
            format!("/api/projects/{project}/storyboard"),
            None,
        ),
        (
            Method::POST,
            "/api/generate/image".to_owned(),
            Some(json!({"project_id": project, "scene_id": scene, "prompt": "a lamp"})),
        ),
    ] {
        let mut request = client
            .request(method.clone(), app.url(&path))
            .bearer_auth(&session.token);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.expect("an answer, not a hang");
        assert_eq!(response.headers()["retry-after"], "5", "{method} {path}");
        let message = expect_error(
            response,
            StatusCode::SERVICE_UNAVAILABLE,
            "service_unavailable",
        )
        .await;
        assert_eq!(
            message,
            "The service is temporarily unavailable. Please try again in a moment."
        );
    }

    pg_cluster("resume", cluster.0.path());
    // The node reconnects by itself: the first requests after the restart may still find a
    // dead pooled connection; within a few tries it answers.
    let mut answered = None;
    for _ in 0..50 {
        let response = app
            .authed(&session, Method::GET, "/api/credits/balance")
            .send()
            .await
            .unwrap();
        if response.status() == StatusCode::OK {
            answered = Some(response.json::<Value>().await.unwrap());
            break;
        }
        assert_eq!(response.status(), StatusCode::SERVICE_UNAVAILABLE);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let balance = answered.expect("the node reconnected");
    assert_eq!(
        balance["balance"], 99,
        "the refused generation took nothing"
    );

    // Workers and live events work again.
    let stream = open_events(&app, &session, None).await;
    let after = start_image(&app, &session, &project, &scene, "a vase on oak").await;
    let events = read_events(stream, |name, data| {
        name == "job-completed" && data["job_id"] == after.as_str()
    })
    .await;
    assert!(!events.is_empty());
    assert_eq!(app.balance(&session).await, 98);
    let ledger = app.ledger(&session).await;
    assert_eq!(
        ledger
            .iter()
            .filter(|e| e["reason"] == "generation")
            .count(),
        2,
        "two generations paid, none during the outage"
    );
}
