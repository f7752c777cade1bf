//! The whole path with a hosted image model (a mock of the OpenAI Images API): enqueue →
//! provider → storage → asset → events, a content-policy refusal that is refunded, and the
//! provider report that never shows a key.

use std::io::Cursor;

use base64::Engine as _;
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use wiremock::matchers::{body_string_contains, method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::jobs::{entries_for, open_events, project_and_scene, read_events, start_image};
use crate::on_both_databases;
use crate::support::{expect_error, spawn_app_with, Db};

/// What a job cancelled by its owner reports, refund included.
const CANCELLED: &str = "You cancelled this generation. Your credits were refunded.";

on_both_databases!(
    a_hosted_image_model_serves_generations_and_refusals_are_refunded,
    the_studio_engine_can_be_chosen_per_image_with_a_hosted_model_configured,
    a_running_hosted_video_is_cancelled_and_refunded,
);

fn generated_png() -> Vec<u8> {
    let image = image::RgbaImage::from_pixel(1024, 1024, image::Rgba([20, 140, 90, 255]));
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

async fn images_api() -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/images/generations"))
        .and(body_string_contains("forbidden"))
        .respond_with(ResponseTemplate::new(400).set_body_json(json!({"error": {
            "code": "moderation_blocked", "type": "image_generation_user_error", "param": null,
            "message": "Your request was rejected as a result of our safety system."}})))
        .with_priority(1)
        .mount(&server)
        .await;
    let b64 = base64::engine::general_purpose::STANDARD.encode(generated_png());
    Mock::given(method("POST"))
        .and(path("/v1/images/generations"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({
            "created": 1_713_833_628, "data": [{"b64_json": b64}],
            "usage": {"total_tokens": 4200, "input_tokens": 40, "output_tokens": 4160}})))
        .with_priority(2)
        .mount(&server)
        .await;
    server
}

async fn a_hosted_image_model_serves_generations_and_refusals_are_refunded(db: Db) {
    let api = images_api().await;
    let base_url = format!("{}/v1", api.uri());
    let app = spawn_app_with(
        db,
        &[
            ("STUDIO_IMAGE_PROVIDER", "openai"),
            ("OPENAI_API_KEY", "sk-e2e-secret"),
            ("OPENAI_BASE_URL", base_url.as_str()),
        ],
    )
    .await;
    let session = app.signup("hosted@example.com").await;

    let providers = app.get_json(&session, "/api/health/providers").await;
    assert_eq!(providers["status"], "success");
    let image = providers["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["capability"] == "image")
        .unwrap()
        .clone();
    assert_eq!(
        image,
        json!({"capability": "image", "provider": "openai", "model": "gpt-image-1", "configured": true,
            "engines": ["hosted_exact", "hosted", "studio"]})
    );
    assert!(!providers.to_string().contains("sk-e2e-secret"));
    assert_eq!(
        app.get_json(&session, "/api/health").await,
        json!({"status": "ok"})
    );

    let (project, scene) = project_and_scene(&app, &session).await;
    let stream = open_events(&app, &session, None).await;
    let made = start_image(
        &app,
        &session,
        &project,
        &scene,
        "a green soap bar on slate",
    )
    .await;
    let events = read_events(stream, |name, data| {
        name == "job-completed" && data["job_id"] == made
    })
    .await;
    let completed = &events.last().unwrap().1;
    assert_eq!(completed["asset"]["url"], format!("/api/media/file/{made}"));
    assert_eq!(completed["asset"]["file_type"], "image");

    let file = app
        .authed(&session, Method::GET, &format!("/api/media/file/{made}"))
        .send()
        .await
        .unwrap();
    assert_eq!(file.headers()["content-type"], "image/png");
    assert_eq!(
        file.bytes().await.unwrap().to_vec(),
        generated_png(),
        "the model's bytes, stored"
    );
    let thumbnail = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/media/file/{made}?variant=thumbnail"),
        )
        .send()
        .await
        .unwrap();
    let thumbnail = image::load_from_memory(&thumbnail.bytes().await.unwrap()).unwrap();
    assert!(thumbnail.width() < 1024);

    let sent = api.received_requests().await.unwrap();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].headers["authorization"], "Bearer sk-e2e-secret");
    let body: Value = serde_json::from_slice(&sent[0].body).unwrap();
    assert_eq!(body["size"], "1024x1024");
    assert_eq!(body["quality"], "low");

    let stream = open_events(&app, &session, None).await;
    let refused = start_image(&app, &session, &project, &scene, "something forbidden").await;
    let events = read_events(stream, |name, data| {
        name == "job-failed" && data["job_id"] == refused
    })
    .await;
    let failed = &events.last().unwrap().1;
    assert_eq!(
        failed["error"],
        "The request was refused by the content policy. Change the prompt and try again. \
         Your credits were refunded.",
        "the reason only, no provider detail"
    );
    assert_eq!(
        api.received_requests().await.unwrap().len(),
        2,
        "a refusal is not retried"
    );
    let ledger = app.ledger(&session).await;
    assert_eq!(entries_for(&ledger, &refused, "refund").len(), 1);
    assert_eq!(
        app.balance(&session).await,
        99,
        "the refused job was refunded"
    );

    // The refusal is counted at the provider as well as the completed image.
    let usage = usage_of(&app, "openai").await;
    assert_eq!(
        usage,
        ["openai", "gpt-image-1", "1", "1", "1", "4200", "0"],
        "completed, failed/cancelled, credits, tokens, seconds"
    );
}

/// The `studio admin usage` line of one provider (split on whitespace), once it shows.
async fn usage_of(app: &crate::support::TestApp, provider: &str) -> Vec<String> {
    let today = store::now().date_naive().to_string();
    for _ in 0..100 {
        let (ok, stdout, stderr) = app.db.cli(&["admin", "usage", "--since", &today]).await;
        assert!(ok, "{stderr}");
        if let Some(line) = stdout.lines().find(|l| l.starts_with(provider)) {
            return line.split_whitespace().map(str::to_owned).collect();
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("no usage for {provider}");
}

/// Starts an image with the engine named (none: the default) and waits for its end event.
async fn image_with_engine(
    app: &crate::support::TestApp,
    session: &crate::support::Session,
    project: &str,
    scene: &str,
    engine: Option<&str>,
) -> (StatusCode, Value) {
    let mut body = json!({
        "project_id": project, "scene_id": scene, "prompt": "a green soap bar on slate",
        "context": {"pre_production_settings": {"quality": "low", "resolution": "1024x1024"}},
    });
    if let Some(engine) = engine {
        body["engine"] = engine.into();
    }
    let stream = open_events(app, session, None).await;
    let response = app
        .authed(session, Method::POST, "/api/generate/image")
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status();
    let answer: Value = response.json().await.unwrap();
    if status != StatusCode::ACCEPTED {
        return (status, answer);
    }
    let job = answer["data"]["job_id"].clone();
    let events = read_events(stream, |name, data| {
        (name == "job-completed" || name == "job-failed") && data["job_id"] == job
    })
    .await;
    (status, events.last().unwrap().1.clone())
}

async fn a_stored_type(
    app: &crate::support::TestApp,
    session: &crate::support::Session,
    event: &Value,
) -> String {
    let file = app
        .authed(
            session,
            Method::GET,
            event["asset"]["url"].as_str().unwrap(),
        )
        .send()
        .await
        .unwrap();
    file.headers()["content-type"].to_str().unwrap().to_owned()
}

async fn the_studio_engine_can_be_chosen_per_image_with_a_hosted_model_configured(db: Db) {
    let api = images_api().await;
    let base_url = format!("{}/v1", api.uri());
    let app = spawn_app_with(
        db,
        &[
            ("STUDIO_IMAGE_PROVIDER", "openai"),
            ("OPENAI_API_KEY", "sk-e2e-secret"),
            ("OPENAI_BASE_URL", base_url.as_str()),
        ],
    )
    .await;
    let session = app.signup("engines@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;

    let (_, studio) = image_with_engine(&app, &session, &project, &scene, Some("studio")).await;
    assert_eq!(studio["status"], "completed", "{studio}");
    assert_eq!(
        api.received_requests().await.unwrap().len(),
        0,
        "the studio engine never calls the hosted model"
    );
    assert_eq!(a_stored_type(&app, &session, &studio).await, "image/jpeg");

    let (_, hosted) = image_with_engine(&app, &session, &project, &scene, Some("hosted")).await;
    assert_eq!(hosted["status"], "completed", "{hosted}");
    assert_eq!(api.received_requests().await.unwrap().len(), 1);
    assert_eq!(a_stored_type(&app, &session, &hosted).await, "image/png");

    let (_, default) = image_with_engine(&app, &session, &project, &scene, None).await;
    assert_eq!(default["status"], "completed", "{default}");
    assert_eq!(
        api.received_requests().await.unwrap().len(),
        2,
        "hosted is the default when configured"
    );

    let (status, refused) =
        image_with_engine(&app, &session, &project, &scene, Some("painter")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{refused}");
    assert_eq!(app.balance(&session).await, 97);
}

/// Without a hosted image model, asking for one is refused before anything is charged.
#[tokio::test]
async fn hosted_images_without_a_hosted_model_are_refused() {
    let app = spawn_app_with(Db::Sqlite, &[]).await;
    let session = app.signup("offline@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let (status, refused) =
        image_with_engine(&app, &session, &project, &scene, Some("hosted")).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused["message"],
        "No hosted image model is configured: leave engine out or choose studio"
    );
    assert_eq!(app.balance(&session).await, 100);
}

/// A hosted provider chosen without its key stops the start with the variable's name.
#[tokio::test]
async fn a_missing_key_is_named_at_start() {
    let data = tempfile::tempdir().unwrap();
    for (provider, value, missing) in [
        ("STUDIO_IMAGE_PROVIDER", "openai", "OPENAI_API_KEY"),
        ("STUDIO_VIDEO_PROVIDER", "runway", "RUNWAYML_API_SECRET"),
        ("STUDIO_AUDIO_PROVIDER", "elevenlabs", "ELEVENLABS_API_KEY"),
    ] {
        let output = tokio::process::Command::new(crate::support::BIN)
            .args(["migrate", "--data-dir"])
            .arg(data.path())
            .env(provider, value)
            .env_remove(missing)
            .output()
            .await
            .unwrap();
        assert!(!output.status.success(), "{provider}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(missing), "{provider}: {stderr}");
    }
}

/// Waits until the mock has seen a request matching `what`.
async fn until_seen(server: &MockServer, what: impl Fn(&wiremock::Request) -> bool) {
    for _ in 0..600 {
        if server.received_requests().await.unwrap().iter().any(&what) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the provider never saw the request");
}

async fn a_running_hosted_video_is_cancelled_and_refunded(db: Db) {
    let api = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/image_to_video"))
        .respond_with(ResponseTemplate::new(200).set_body_json(json!({"id": "task-7"})))
        .mount(&api)
        .await;
    Mock::given(method("GET"))
        .and(path("/v1/tasks/task-7"))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"id": "task-7", "status": "RUNNING", "progress": 0.3, "createdAt": "2026-01-01T00:00:00Z"}),
        ))
        .mount(&api)
        .await;
    Mock::given(method("DELETE"))
        .and(path("/v1/tasks/task-7"))
        .respond_with(ResponseTemplate::new(204))
        .mount(&api)
        .await;
    let app = spawn_app_with(
        db,
        &[
            ("STUDIO_VIDEO_PROVIDER", "runway"),
            ("RUNWAYML_API_SECRET", "key_e2e"),
            ("STUDIO_RUNWAY_BASE_URL", api.uri().as_str()),
            ("STUDIO_VIDEO_MODEL", "gen4_aleph"),
            ("STUDIO_JOB_LEASE_SECONDS", "3"),
        ],
    )
    .await;
    let session = app.signup("mover@example.com").await;
    let providers = app.get_json(&session, "/api/health/providers").await;
    assert!(
        providers["data"].as_array().unwrap().contains(
            &json!({"capability": "video", "provider": "runway", "model": "gen4_aleph", "configured": true})
        ),
        "{providers}"
    );
    let (project, scene) = project_and_scene(&app, &session).await;
    let response = app
        .authed(&session, Method::POST, "/api/generate/video")
        .json(&json!({
            "project_id": project, "scene_id": scene, "prompt": "a bottle on marble, slow orbit",
            "duration": 5, "context": {"quality": "low", "resolution": "1536x1024"},
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(app.balance(&session).await, 95);
    until_seen(&api, |r| r.url.path() == "/v1/tasks/task-7").await;
    let start = api
        .received_requests()
        .await
        .unwrap()
        .into_iter()
        .find(|r| r.url.path() == "/v1/image_to_video")
        .unwrap();
    let body: Value = serde_json::from_slice(&start.body).unwrap();
    assert_eq!(body["model"], "gen4_aleph", "the configured video model");

    let stranger = app.signup("stranger@example.com").await;
    let response = app
        .authed(&stranger, Method::POST, &format!("/api/jobs/{job}/cancel"))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;

    let response = app
        .authed(&session, Method::POST, &format!("/api/jobs/{job}/cancel"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({"status": "success", "data": {"job_id": job, "status": "failed", "error": CANCELLED, "refunded": 5}})
    );
    assert_eq!(app.balance(&session).await, 100);
    let status = app
        .get_json(&session, &format!("/api/jobs/{job}/status"))
        .await;
    assert_eq!(status["data"]["status"], "failed");
    assert_eq!(status["data"]["error"], CANCELLED);

    // The worker loses the job at its next heartbeat and cancels the remote task.
    until_seen(&api, |r| r.method.as_str() == "DELETE").await;
    let delete = api
        .received_requests()
        .await
        .unwrap()
        .into_iter()
        .find(|r| r.method.as_str() == "DELETE")
        .unwrap();
    assert_eq!(delete.url.path(), "/v1/tasks/task-7");
    assert_eq!(delete.headers["authorization"], "Bearer key_e2e");

    let again = app
        .authed(&session, Method::POST, &format!("/api/jobs/{job}/cancel"))
        .send()
        .await
        .unwrap();
    expect_error(again, StatusCode::CONFLICT, "conflict").await;
    let ledger = app.ledger(&session).await;
    assert_eq!(
        entries_for(&ledger, &job, "refund").len(),
        1,
        "refunded once"
    );
    assert_eq!(app.balance(&session).await, 100);

    // The cancelled task was started at the provider: it counts, with no credits kept.
    assert_eq!(
        usage_of(&app, "runway").await,
        ["runway", "gen4_aleph", "0", "1", "0", "0", "0"]
    );
}
