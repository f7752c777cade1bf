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
use crate::support::{
    borrowed, expect_error, repo_root, s3_bucket, s3_endpoint, s3_env, spawn_serve, TestDatabase,
};

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
    let db = TestDatabase::sharing(&url);
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

/// A TCP proxy in front of the S3-compatible server that can be switched off: while off it
/// refuses every connection, as an unreachable object store does.
struct SwitchableProxy {
    address: String,
    on: std::sync::Arc<std::sync::atomic::AtomicBool>,
    /// Connections refused while off.
    refused: std::sync::Arc<std::sync::atomic::AtomicUsize>,
}

impl SwitchableProxy {
    async fn start(target: String) -> Self {
        use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = format!("http://{}", listener.local_addr().unwrap());
        let on = std::sync::Arc::new(AtomicBool::new(true));
        let refused = std::sync::Arc::new(AtomicUsize::new(0));
        let (switch, refusals) = (on.clone(), refused.clone());
        tokio::spawn(async move {
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else {
                    return;
                };
                if !switch.load(Ordering::SeqCst) {
                    refusals.fetch_add(1, Ordering::SeqCst);
                    drop(inbound);
                    continue;
                }
                let target = target.clone();
                tokio::spawn(async move {
                    if let Ok(mut outbound) = tokio::net::TcpStream::connect(&target).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut outbound).await;
                    }
                });
            }
        });
        SwitchableProxy {
            address,
            on,
            refused,
        }
    }

    fn set(&self, on: bool) {
        self.on.store(on, std::sync::atomic::Ordering::SeqCst);
    }

    /// Waits until the proxy has refused `count` connections since it started.
    async fn refusals(&self, count: usize) {
        while self.refused.load(std::sync::atomic::Ordering::SeqCst) < count {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unreachable_object_store_delays_the_job_and_leaves_no_asset_without_bytes() {
    let bucket = s3_bucket("studio-outage").await;
    let proxy =
        SwitchableProxy::start(s3_endpoint().trim_start_matches("http://").to_owned()).await;
    let env = s3_env(&bucket, &proxy.address);
    let app = crate::support::spawn_app_with(crate::support::Db::Sqlite, &borrowed(&env)).await;
    let session = app.signup("patient@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;

    proxy.set(false);
    let job = start_image(&app, &session, &project, &scene, "a teapot on slate").await;
    // The job renders, cannot store, and keeps trying (the store was refused more than once);
    // nothing is on the storyboard meanwhile.
    tokio::time::timeout(Duration::from_secs(120), proxy.refusals(3))
        .await
        .expect("the job tries to store its picture");
    let status = app
        .get_json(&session, &format!("/api/jobs/{job}/status"))
        .await;
    assert_ne!(status["data"]["status"], "completed", "{status}");
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    assert!(
        storyboard["data"]["scenes"][0]["media"]
            .as_array()
            .is_none_or(|m| m.is_empty()),
        "no asset before its bytes are stored: {storyboard}"
    );

    proxy.set(true);
    let done = app.wait_for_job(&session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    let media = storyboard["data"]["scenes"][0]["media"].as_array().unwrap();
    assert_eq!(media.len(), 1, "one asset: {storyboard}");
    let id = media[0]["id"].as_str().unwrap();
    let file = app
        .authed(&session, Method::GET, &format!("/api/media/file/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(file.status(), StatusCode::OK);
    assert!(!file.bytes().await.unwrap().is_empty());
    assert_eq!(app.balance(&session).await, 99);
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// Unmounts the small file system however the test ends.
struct Mount(std::path::PathBuf);

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).output();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_disk_refuses_the_upload_plainly_and_keeps_nothing() {
    // A 1 MiB file system for the media; the database stays on the normal disk.
    let media = tempfile::tempdir().unwrap();
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=1m", "tmpfs"])
        .arg(media.path())
        .output();
    match mounted {
        Ok(output) if output.status.success() => {}
        other => {
            // Mounting needs root; the test command runs as root in CI.
            println!("skipped: cannot mount a small tmpfs here ({other:?})");
            return;
        }
    }
    let _mount = Mount(media.path().to_owned());
    let filler = media.path().join("filler");
    std::fs::write(&filler, vec![0u8; 1000 * 1024]).unwrap();

    let storage_url = format!("file://{}", media.path().display());
    let app = crate::support::spawn_app_with(
        crate::support::Db::Sqlite,
        &[("STUDIO_STORAGE_URL", storage_url.as_str())],
    )
    .await;
    let session = app.signup("full@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let form = reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(crate::files::png(900, 900))
                .file_name("big.png")
                .mime_str("image/png")
                .unwrap(),
        )
        .text("projectId", project.clone())
        .text("sceneId", scene.clone());
    let response = app
        .authed(&session, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::INSUFFICIENT_STORAGE);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({"success": false, "reference_image": null,
            "error": "There is no space left to store this file. Please try again later."})
    );
    // Template thumbnails are rendered into storage at start; nothing else may be there.
    let templates = media.path().join("templates");
    let stored: Vec<_> = files_under(media.path())
        .into_iter()
        .filter(|f| !f.starts_with(&templates))
        .collect();
    assert_eq!(stored, vec![filler.clone()], "nothing half-written stays");
    let list = app
        .get_json(&session, &format!("/api/reference-images/scene/{scene}"))
        .await;
    assert_eq!(list["reference_images"], json!([]));

    // With space again, the same upload is stored.
    std::fs::remove_file(&filler).unwrap();
    let form = reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(crate::files::png(900, 900))
                .file_name("big.png")
                .mime_str("image/png")
                .unwrap(),
        )
        .text("projectId", project)
        .text("sceneId", scene);
    let response = app
        .authed(&session, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
}
