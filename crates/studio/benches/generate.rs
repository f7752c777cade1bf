//! From `POST /api/generate/image` to the `job-completed` event on `GET /api/events`, through
//! the real release binary (SQLite, local disk, in-process workers, the offline engine):
//! a 1024×1536 image at each quality, with and without a product photo.
//!
//! `cargo bench -p studio --bench generate`

use std::process::Stdio;
use std::time::{Duration, Instant};

use futures::StreamExt;
use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_studio");
const RUNS: usize = 10;

struct Server {
    url: String,
    _child: tokio::process::Child,
    _dir: tempfile::TempDir,
}

async fn start_server() -> Server {
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
    let url = loop {
        let line = lines.next_line().await.unwrap().expect("server exited");
        if let Some(url) = line.strip_prefix("studio listening on ") {
            break url.to_owned();
        }
    };
    Server {
        url,
        _child: child,
        _dir: dir,
    }
}

fn product_png() -> Vec<u8> {
    let image = image::RgbImage::from_fn(900, 1200, |x, y| {
        let inside = (x as i32 - 450).pow(2) / 9 + (y as i32 - 650).pow(2) / 25 < 12_000;
        if inside {
            image::Rgb([180, 90 + (y / 20) as u8, 40])
        } else {
            image::Rgb([246, 246, 246])
        }
    });
    let mut out = Vec::new();
    image::DynamicImage::ImageRgb8(image)
        .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
        .unwrap();
    out
}

/// Waits on the stream for the completion of `job`.
async fn completed(
    stream: &mut (impl futures::Stream<Item = reqwest::Result<bytes::Bytes>> + Unpin),
    job: &str,
) {
    let mut buffer = String::new();
    loop {
        let chunk = stream.next().await.expect("stream open").unwrap();
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            if block.contains("event: job-completed") && block.contains(job) {
                return;
            }
            assert!(!block.contains("event: job-failed"), "{block}");
        }
    }
}

#[tokio::main]
async fn main() {
    let server = start_server().await;
    let client = reqwest::Client::new();
    let post = |path: &str, token: &str, body: Value| {
        client
            .post(format!("{}{path}", server.url))
            .bearer_auth(token)
            .json(&body)
            .send()
    };
    let auth: Value = post(
        "/api/auth/signup",
        "",
        json!({"email": "bench@example.com", "password": "correct horse"}),
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
    let mut scenes = Vec::new();
    for name in ["Text only", "With product"] {
        let scene: Value = post(
            &format!("/api/projects/{project}/scenes"),
            &token,
            json!({"name": name}),
        )
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
        scenes.push(scene["data"]["id"].as_str().unwrap().to_owned());
    }
    let form = Form::new()
        .part(
            "file",
            Part::bytes(product_png())
                .file_name("jar.png")
                .mime_str("image/png")
                .unwrap(),
        )
        .text("projectId", project.clone())
        .text("sceneId", scenes[1].clone());
    let uploaded = client
        .post(format!("{}/api/reference-images/upload-proxy", server.url))
        .bearer_auth(&token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status().as_u16(), 201);

    let events = client
        .get(format!("{}/api/events", server.url))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let mut stream = events.bytes_stream();
    println!("POST /api/generate/image → job-completed on SSE, 1024x1536, {RUNS} runs each (after one warm-up):");
    for (label, scene) in [
        ("text only", &scenes[0]),
        ("with product photo", &scenes[1]),
    ] {
        for quality in ["low", "medium", "high"] {
            let mut times = Vec::new();
            for run in 0..=RUNS {
                let body = json!({
                    "project_id": project, "scene_id": scene,
                    "prompt": "amber glass jar of face cream on dark marble at golden hour",
                    "context": {"quality": quality, "resolution": "1024x1536"},
                });
                let started = Instant::now();
                let response: Value = post("/api/generate/image", &token, body)
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                let job = response["data"]["job_id"]
                    .as_str()
                    .expect("job id")
                    .to_owned();
                completed(&mut stream, &job).await;
                if run > 0 {
                    times.push(started.elapsed());
                }
            }
            times.sort();
            let ms = |d: Duration| d.as_secs_f64() * 1e3;
            println!(
                "  {label:<20} {quality:<6}: median {:>6.0} ms, min {:>6.0} ms, max {:>6.0} ms",
                ms(times[times.len() / 2]),
                ms(times[0]),
                ms(*times.last().unwrap())
            );
        }
    }
}
