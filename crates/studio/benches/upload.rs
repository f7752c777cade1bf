//! Reference-image upload through the real HTTP stack: the release binary on a random port,
//! SQLite and local disk, reqwest multipart uploads.
//!
//! `cargo bench -p studio --bench upload`
//!
//! Reports the latency of a ~15 MB 4096×4096 JPEG (validated, oriented, stored, thumbnailed),
//! the server's peak memory growth while doing it, and 50 concurrent 2 MB uploads.

use std::process::Stdio;
use std::time::{Duration, Instant};

use futures::future::join_all;
use image::{Rgb, RgbImage};
use reqwest::multipart::{Form, Part};
use serde_json::{json, Value};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_studio");

/// A photo-like JPEG: smooth light, a product shape, and sensor noise of `grain` amplitude,
/// which sets the file size.
fn photo_jpeg(width: u32, height: u32, grain: u32, quality: u8) -> Vec<u8> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let image = RgbImage::from_fn(width, height, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let noise = (seed % (2 * u64::from(grain) + 1)) as i32 - grain as i32;
        let product = x > width / 3 && x < width * 2 / 3 && y > height / 4 && y < height * 3 / 4;
        let base = if product {
            [150, 60 + (y * 80 / height) as i32, 70]
        } else {
            [225 - (y * 40 / height) as i32; 3]
        };
        Rgb(base.map(|c| (c + noise).clamp(0, 255) as u8))
    });
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, quality)
        .encode_image(&image)
        .unwrap();
    out
}

/// The largest photo-like 4096×4096 JPEG not over 15 MiB.
fn upload_sized_jpeg() -> Vec<u8> {
    let limit = 15 * 1024 * 1024;
    let mut best = (photo_jpeg(4096, 4096, 8, 95), 8);
    for grain in (10..=64).step_by(2) {
        let candidate = photo_jpeg(4096, 4096, grain, 95);
        if candidate.len() > limit {
            break;
        }
        best = (candidate, grain);
    }
    // Finer steps through quality at the largest grain that fitted.
    for quality in 96..=100 {
        let candidate = photo_jpeg(4096, 4096, best.1, quality);
        if candidate.len() > limit {
            break;
        }
        best.0 = candidate;
    }
    best.0
}

fn peak_rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or(0)
}

struct Server {
    url: String,
    pid: u32,
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
        .env("STUDIO_AUTH_RATE_LIMIT_PER_IP", "1000")
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let pid = child.id().unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let url = loop {
        let line = lines.next_line().await.unwrap().expect("server exited");
        if let Some(url) = line.strip_prefix("studio listening on ") {
            break url.to_owned();
        }
    };
    Server {
        url,
        pid,
        _child: child,
        _dir: dir,
    }
}

async fn upload(
    client: &reqwest::Client,
    server: &Server,
    token: &str,
    project: &str,
    bytes: Vec<u8>,
) -> Result<Duration, String> {
    let form = Form::new()
        .part(
            "file",
            Part::bytes(bytes)
                .file_name("photo.jpg")
                .mime_str("image/jpeg")
                .unwrap(),
        )
        .text("projectId", project.to_owned())
        .text("messageId", uuid::Uuid::new_v4().to_string());
    let started = Instant::now();
    let response = client
        .post(format!("{}/api/reference-images/upload-proxy", server.url))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .map_err(|e| e.to_string())?;
    let status = response.status();
    let body: Value = response.json().await.map_err(|e| e.to_string())?;
    if status.as_u16() != 201 {
        return Err(format!("{status}: {body}"));
    }
    Ok(started.elapsed())
}

#[tokio::main]
async fn main() {
    let big = upload_sized_jpeg();
    let small = photo_jpeg(2048, 1536, 40, 97);
    println!(
        "big upload: 4096x4096 JPEG, {:.1} MB; small: 2048x1536, {:.1} MB",
        big.len() as f64 / 1e6,
        small.len() as f64 / 1e6
    );

    let server = start_server().await;
    let client = reqwest::Client::new();
    let auth: Value = client
        .post(format!("{}/api/auth/signup", server.url))
        .json(&json!({"email": "bench@example.com", "password": "bench password"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let token = auth["token"].as_str().unwrap().to_owned();
    let project: Value = client
        .post(format!("{}/api/projects", server.url))
        .bearer_auth(&token)
        .json(&json!({"project_name": "Bench"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let project = project["data"]["id"].as_str().unwrap().to_owned();

    // Warm up (first connections, lazy statics), then measure peak memory growth.
    upload(&client, &server, &token, &project, small.clone())
        .await
        .unwrap();
    let rss_before = peak_rss_kib(server.pid);
    let mut times = Vec::new();
    for _ in 0..10 {
        times.push(
            upload(&client, &server, &token, &project, big.clone())
                .await
                .unwrap(),
        );
    }
    let rss_after = peak_rss_kib(server.pid);
    times.sort();
    println!(
        "{:.1} MB 4096x4096 JPEG upload: median {:.0} ms, min {:.0} ms, max {:.0} ms (10 runs)",
        big.len() as f64 / 1e6,
        times[5].as_secs_f64() * 1e3,
        times[0].as_secs_f64() * 1e3,
        times[9].as_secs_f64() * 1e3
    );
    println!(
        "server peak RSS: {} MiB before, {} MiB after (+{} MiB)",
        rss_before / 1024,
        rss_after / 1024,
        rss_after.saturating_sub(rss_before) / 1024
    );

    let started = Instant::now();
    let results =
        join_all((0..50).map(|_| upload(&client, &server, &token, &project, small.clone()))).await;
    let errors: Vec<_> = results.iter().filter_map(|r| r.as_ref().err()).collect();
    println!(
        "50 concurrent 2 MB uploads: {} ok, {} errors, {:.2} s wall{}",
        results.len() - errors.len(),
        errors.len(),
        started.elapsed().as_secs_f64(),
        errors
            .first()
            .map(|e| format!(" (first error: {e})"))
            .unwrap_or_default()
    );
    println!(
        "server peak RSS after the concurrent run: {} MiB",
        peak_rss_kib(server.pid) / 1024
    );
}
