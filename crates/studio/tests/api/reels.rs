//! Reels and music downloads end to end: a generated video and a generated music track
//! become a reel, read back here with ffprobe and ffmpeg (not the studio's reader): H.264
//! and AAC-LC at the reel's size, as long as the video, with sound. Bad reel requests are
//! refused with a reason and store nothing. Music downloads as M4A and WAV as well as Ogg.

use std::path::{Path, PathBuf};
use std::process::Command;

use reqwest::{header, Method, StatusCode};
use serde_json::{json, Value};
use uuid::Uuid;

use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, Db, Session, TestApp};

on_both_databases!(
    a_video_and_music_become_a_reel_with_h264_and_aac,
    bad_reel_requests_are_refused_and_store_nothing,
    music_downloads_as_m4a_and_wav_of_the_same_length,
);

/// Starts a generation and waits for it; returns the asset id.
async fn generate(app: &TestApp, session: &Session, path: &str, body: Value) -> String {
    let response = app
        .authed(session, Method::POST, path)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED, "{path}");
    let body: Value = response.json().await.unwrap();
    let job = body["data"]["job_id"].as_str().unwrap().to_owned();
    let done = app.wait_for_job(session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    done["asset_id"].as_str().unwrap_or(&job).to_owned()
}

/// A project and campaign; returns their ids.
async fn campaign(app: &TestApp, session: &Session) -> (String, String) {
    let project = app.create_project(session, "Glow & Co").await;
    let project = project["id"].as_str().unwrap().to_owned();
    let scene = app.create_scene(session, &project, "Summer Serum").await;
    (project, scene["id"].as_str().unwrap().to_owned())
}

async fn video(app: &TestApp, session: &Session, project: &str, scene: &str) -> String {
    generate(
        app,
        session,
        "/api/generate/video",
        json!({
            "project_id": project, "scene_id": scene, "prompt": "serum bottle, slow push in",
            "duration": 5, "context": {"quality": "low", "resolution": "1024x1024"},
        }),
    )
    .await
}

async fn music(app: &TestApp, session: &Session, project: &str, scene: &str) -> String {
    generate(
        app,
        session,
        "/api/generate/audio",
        json!({"project_id": project, "scene_id": scene, "prompt": "upbeat summer pop"}),
    )
    .await
}

async fn start_export(
    app: &TestApp,
    session: &Session,
    asset: &str,
    body: Value,
) -> reqwest::Response {
    app.authed(
        session,
        Method::POST,
        &format!("/api/media/{asset}/exports"),
    )
    .json(&body)
    .send()
    .await
    .unwrap()
}

/// Follows the export until it ends; returns its view.
async fn wait_for_export(app: &TestApp, session: &Session, job: &str) -> Value {
    for _ in 0..3000 {
        let view = app.get_json(session, &format!("/api/exports/{job}")).await["data"].clone();
        if view["status"] == "completed" || view["status"] == "failed" {
            return view;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("export {job} did not finish in five minutes");
}

/// GETs `path`; returns (content type, content disposition, bytes).
async fn download(app: &TestApp, session: &Session, path: &str) -> (String, String, Vec<u8>) {
    let response = app.authed(session, Method::GET, path).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    let text = |name| {
        response
            .headers()
            .get(name)
            .map(|v: &header::HeaderValue| v.to_str().unwrap().to_owned())
            .unwrap_or_default()
    };
    let (kind, disposition) = (
        text(header::CONTENT_TYPE),
        text(header::CONTENT_DISPOSITION),
    );
    (kind, disposition, response.bytes().await.unwrap().to_vec())
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("studio-reels-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn run(program: &str, args: &[&str]) -> Vec<u8> {
    let output = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} is installed: {e}"));
    assert!(
        output.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

fn probe(file: &Path) -> Value {
    let out = run(
        "ffprobe",
        &[
            "-v",
            "error",
            "-print_format",
            "json",
            "-show_streams",
            "-show_format",
            file.to_str().unwrap(),
        ],
    );
    serde_json::from_slice(&out).unwrap()
}

fn seconds(value: &Value) -> f64 {
    value.as_str().unwrap().parse().unwrap()
}

/// The file's sound as ffmpeg decodes it: mono 16-bit samples at 44.1 kHz, as floats.
fn sound(file: &Path) -> Vec<f32> {
    let raw = run(
        "ffmpeg",
        &[
            "-v",
            "error",
            "-nostdin",
            "-i",
            file.to_str().unwrap(),
            "-map",
            "0:a:0",
            "-f",
            "s16le",
            "-ac",
            "1",
            "-ar",
            "44100",
            "-",
        ],
    );
    raw.chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]) as f32 / 32768.0)
        .collect()
}

fn rms(samples: &[f32]) -> f32 {
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len().max(1) as f32).sqrt()
}

async fn a_video_and_music_become_a_reel_with_h264_and_aac(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("seller@example.com").await;
    let (project, scene) = campaign(&app, &session).await;
    let video = video(&app, &session, &project, &scene).await;
    let music = music(&app, &session, &project, &scene).await;
    let balance = app.get_json(&session, "/api/credits/balance").await["balance"].clone();

    let response = start_export(
        &app,
        &session,
        &video,
        json!({"targets": ["reel"], "audio_asset_id": music}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    assert_eq!(started["data"]["credit_cost"], 0, "{started}");
    let job = started["data"]["job_id"].as_str().unwrap().to_owned();
    let view = wait_for_export(&app, &session, &job).await;
    assert_eq!(view["status"], "completed", "{view}");
    assert_eq!(
        app.get_json(&session, "/api/credits/balance").await["balance"],
        balance
    );

    let files = view["files"].as_array().unwrap();
    assert_eq!(files.len(), 1, "{view}");
    let file = &files[0];
    assert_eq!(file["target"], "reel");
    assert_eq!(file["mime_type"], "video/mp4");
    assert_eq!(file["filename"], "glow-co-summer-serum-reel.mp4");
    assert_eq!(
        (file["width"].as_i64(), file["height"].as_i64()),
        (Some(1080), Some(1920))
    );
    let rules: Vec<&str> = file["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["rule"].as_str().unwrap())
        .collect();
    assert_eq!(rules, ["size", "streams", "duration"], "{file}");
    assert!(
        file["checks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["ok"] == true),
        "{file}"
    );

    // The source video's length, by ffprobe.
    let (_, _, source) = download(&app, &session, &format!("/api/media/download/{video}")).await;
    let source_file = scratch("source.mp4");
    std::fs::write(&source_file, &source).unwrap();
    let source_seconds = seconds(&probe(&source_file)["format"]["duration"]);

    let (kind, disposition, reel) =
        download(&app, &session, file["download_url"].as_str().unwrap()).await;
    assert_eq!(kind, "video/mp4");
    assert!(
        disposition.contains("glow-co-summer-serum-reel.mp4"),
        "{disposition}"
    );
    let reel_file = scratch("reel.mp4");
    std::fs::write(&reel_file, &reel).unwrap();
    let info = probe(&reel_file);
    let streams = info["streams"].as_array().unwrap();
    let v = streams
        .iter()
        .find(|s| s["codec_type"] == "video")
        .expect("a video stream");
    let a = streams
        .iter()
        .find(|s| s["codec_type"] == "audio")
        .expect("an audio stream");
    assert_eq!(v["codec_name"], "h264", "{info}");
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(1080), Some(1920))
    );
    assert_eq!(a["codec_name"], "aac", "{info}");
    assert_eq!(a["profile"], "LC", "{info}");
    for stream in [v, a] {
        let s = seconds(&stream["duration"]);
        assert!(
            (s - source_seconds).abs() <= 0.1,
            "a stream lasts {s} s, the video {source_seconds} s"
        );
    }
    let pcm = sound(&reel_file);
    let middle = rms(&pcm[44_100..3 * 44_100]);
    let end = rms(&pcm[pcm.len() - 8_820..]);
    assert!(middle > 0.02, "the reel is silent ({middle})");
    assert!(
        end < middle * 0.3,
        "the end ({end}) does not fade from {middle}"
    );

    // The reel is an asset of the campaign, saying what it was made from.
    let asset = file["asset_id"].as_str().unwrap();
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    let media = storyboard["data"]["scenes"][0]["media"].as_array().unwrap();
    let stored = media
        .iter()
        .find(|m| m["id"] == asset)
        .expect("the reel is in the campaign");
    let export = &stored["file_metadata"]["export"];
    assert_eq!(export["target"], "reel", "{stored}");
    assert_eq!(export["source_asset_id"], video.as_str());
    assert_eq!(export["checks"].as_array().unwrap().len(), 3);

    // The ZIP holds the reel.
    let (_, _, zip) = download(&app, &session, &format!("/api/exports/{job}/zip")).await;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).unwrap();
    let mut inside = Vec::new();
    std::io::Read::read_to_end(
        &mut archive.by_name("glow-co-summer-serum-reel.mp4").unwrap(),
        &mut inside,
    )
    .unwrap();
    assert_eq!(inside, reel);
}

async fn bad_reel_requests_are_refused_and_store_nothing(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("seller@example.com").await;
    let (project, scene) = campaign(&app, &session).await;
    let video = video(&app, &session, &project, &scene).await;
    let music = music(&app, &session, &project, &scene).await;
    let image = generate(
        &app,
        &session,
        "/api/generate/image",
        json!({"project_id": project, "scene_id": scene, "prompt": "serum bottle on marble"}),
    )
    .await;
    let balance = app.get_json(&session, "/api/credits/balance").await["balance"].clone();

    let refusals = [
        (&video, json!({"targets": ["reel"]}), "A reel needs music"),
        (
            &video,
            json!({"targets": ["reel"], "audio_asset_id": image}),
            "must be a music track; this file is an image",
        ),
        (
            &video,
            json!({"targets": ["reel_feed"], "audio_asset_id": video}),
            "this file is a video",
        ),
        (
            &video,
            json!({"targets": ["reel", "etsy"], "audio_asset_id": music}),
            "etsy needs an image; this file is a video",
        ),
        (
            &image,
            json!({"targets": ["reel_square"], "audio_asset_id": music}),
            "reel_square needs a video; this file is an image",
        ),
        (
            &image,
            json!({"targets": ["etsy"], "audio_asset_id": music}),
            "Music is only used by reels",
        ),
        (
            &music,
            json!({"targets": ["reel"]}),
            "A music track cannot be exported",
        ),
    ];
    for (asset, body, reason) in refusals {
        let response = start_export(&app, &session, asset, body.clone()).await;
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert!(message.contains(reason), "{body}: {message}");
    }

    // Music that does not exist, or another user's, is not found.
    let other = app.signup("other@example.com").await;
    let (p2, s2) = campaign(&app, &other).await;
    let others_music = self::music(&app, &other, &p2, &s2).await;
    for missing in [Uuid::new_v4().to_string(), others_music] {
        let response = start_export(
            &app,
            &session,
            &video,
            json!({"targets": ["reel"], "audio_asset_id": missing}),
        )
        .await;
        expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    }

    // Nothing charged, nothing stored: the campaign holds the video, music and image only.
    assert_eq!(
        app.get_json(&session, "/api/credits/balance").await["balance"],
        balance
    );
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    assert_eq!(
        storyboard["data"]["scenes"][0]["media"]
            .as_array()
            .unwrap()
            .len(),
        3,
        "{storyboard}"
    );
}

async fn music_downloads_as_m4a_and_wav_of_the_same_length(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("seller@example.com").await;
    let (project, scene) = campaign(&app, &session).await;
    let music = music(&app, &session, &project, &scene).await;

    let (kind, disposition, ogg) =
        download(&app, &session, &format!("/api/media/download/{music}")).await;
    assert_eq!(kind, "audio/ogg");
    assert!(disposition.contains(".ogg"), "{disposition}");
    let ogg_file = scratch("music.ogg");
    std::fs::write(&ogg_file, &ogg).unwrap();
    let ogg_info = probe(&ogg_file);
    assert_eq!(ogg_info["streams"][0]["codec_name"], "vorbis");
    let ogg_seconds = seconds(&ogg_info["format"]["duration"]);

    for (format, mime, codec) in [
        ("m4a", "audio/mp4", "aac"),
        ("wav", "audio/wav", "pcm_s16le"),
        ("ogg", "audio/ogg", "vorbis"),
    ] {
        let (kind, disposition, bytes) = download(
            &app,
            &session,
            &format!("/api/media/download/{music}?format={format}"),
        )
        .await;
        assert_eq!(kind, mime, "{format}");
        assert!(
            disposition.contains(&format!("glow-co-summer-serum-1.{format}"))
                || disposition.contains(&format!(".{format}")),
            "{disposition}"
        );
        let file = scratch(&format!("music.{format}"));
        std::fs::write(&file, &bytes).unwrap();
        let info = probe(&file);
        let stream = &info["streams"][0];
        assert_eq!(stream["codec_name"], codec, "{info}");
        assert_eq!(stream["channels"], 2, "{info}");
        if format == "m4a" {
            assert_eq!(stream["profile"], "LC", "{info}");
        }
        let s = seconds(&info["format"]["duration"]);
        assert!(
            (s - ogg_seconds).abs() < 0.05,
            "{format} lasts {s} s, the Ogg {ogg_seconds} s"
        );
        let pcm = sound(&file);
        assert!(rms(&pcm) > 0.02, "{format} is silent");
    }

    // Only music has other formats, and only these.
    let response = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/media/download/{music}?format=flac"),
        )
        .send()
        .await
        .unwrap();
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert!(message.contains("ogg, m4a or wav"), "{message}");
    let image = generate(
        &app,
        &session,
        "/api/generate/image",
        json!({"project_id": project, "scene_id": scene, "prompt": "serum bottle"}),
    )
    .await;
    let response = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/media/download/{image}?format=m4a"),
        )
        .send()
        .await
        .unwrap();
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert!(message.contains("Only music"), "{message}");
}
