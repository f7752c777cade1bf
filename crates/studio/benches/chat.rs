//! The chat through the real release binary (SQLite, the built-in assistant): how long
//! `POST /api/chat/send` takes to return the completed answer, and how long a page of a
//! 1,000-message conversation takes to load.
//!
//! `cargo bench -p studio --bench chat`

use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_studio");

const PRODUCTS: &[&str] = &[
    "soy candle",
    "amber perfume bottle",
    "matte black earbuds",
    "jar of face cream",
    "ceramic mug",
];
const ASKS: &[&str] = &[
    "on dark marble at golden hour, moody",
    "same but outdoors, no people",
    "make it warmer and more minimal",
    "a cozy bedroom shelf for a winter sale",
    "turn it into a 5-second slow push-in video",
];

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize].as_secs_f64() * 1e3
}

#[tokio::main]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = Command::new(BIN)
        .args(["serve", "--bind", "127.0.0.1:0", "--data-dir"])
        .arg(dir.path())
        .env_remove("DATABASE_URL")
        .env("STUDIO_LOG", "warn")
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let base = loop {
        let line = lines.next_line().await.unwrap().expect("server exited");
        if let Some(url) = line.strip_prefix("studio listening on ") {
            break url.to_owned();
        }
    };
    let client = reqwest::Client::new();
    let post = |path: &str, token: &str, body: Value| {
        client
            .post(format!("{base}{path}"))
            .bearer_auth(token)
            .json(&body)
            .send()
    };
    let auth: Value = post(
        "/api/auth/signup",
        "",
        json!({"email": "chat-bench@example.com", "password": "correct horse"}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let token = auth["token"].as_str().unwrap().to_owned();
    let project: Value = post("/api/projects", &token, json!({"project_name": "Bench"}))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let project = project["data"]["id"].as_str().unwrap().to_owned();
    let scene: Value = post(
        &format!("/api/projects/{project}/scenes"),
        &token,
        json!({"name": "Chat"}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let scene = scene["data"]["id"].as_str().unwrap().to_owned();

    // 500 sends: 1,000 messages. Each answer comes back completed (the built-in assistant).
    let mut sends = Vec::new();
    for i in 0..500 {
        let text = format!(
            "{} {} (take {i})",
            PRODUCTS[i % PRODUCTS.len()],
            ASKS[(i / PRODUCTS.len()) % ASKS.len()]
        );
        let body = json!({"project_id": project, "scene_id": scene, "message": text,
            "context": {"pre_production_settings": {"quality": "medium", "resolution": "1024x1536", "duration": "5s"}}});
        let started = Instant::now();
        let answer: Value = post("/api/chat/send", &token, body)
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        sends.push(started.elapsed());
        assert_eq!(
            answer["data"]["message"]["processing_status"], "completed",
            "{answer}"
        );
    }
    sends.sort();
    println!(
        "POST /api/chat/send → completed answer, 500 sends into one scene: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms",
        percentile(&sends, 0.5),
        percentile(&sends, 0.9),
        percentile(&sends, 0.99)
    );

    for (page, per_page) in [(1, 50), (10, 50), (20, 50), (1, 200)] {
        let mut times = Vec::new();
        for _ in 0..50 {
            let started = Instant::now();
            let history: Value = client
                .get(format!("{base}/api/chat/history?project_id={project}&scene_id={scene}&page={page}&per_page={per_page}"))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            times.push(started.elapsed());
            assert_eq!(history["data"]["pagination"]["total"], 1000);
        }
        times.sort();
        println!(
            "GET /api/chat/history of 1,000 messages, page {page} of {per_page}: p50 {:.1} ms, p99 {:.1} ms",
            percentile(&times, 0.5),
            percentile(&times, 0.99)
        );
    }
}
