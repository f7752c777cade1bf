// Long by nature: the API tests of generation jobs, one per journey.
//! Generation jobs and the credit ledger through the real binary: debits never overdraw,
//! failures refund exactly once, retries charge once, dead workers' jobs are taken over,
//! queued jobs survive a restart, and users only ever see their own jobs and events.

use std::time::Duration;

use futures::future::join_all;
use futures::StreamExt;
use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::files;
use crate::on_both_databases;
use crate::support::{
    expect_error, spawn_app, spawn_app_with, spawn_serve, Db, Session, TestApp, TestDatabase,
};

on_both_databases!(
    concurrent_generations_never_overdraw,
    generations_complete_with_assets_and_events,
    failures_refund_once_and_retries_charge_once,
    a_killed_worker_s_video_is_completed_by_another,
    queued_jobs_survive_a_restart,
    jobs_and_events_are_private,
    bad_requests_are_refused_with_nothing_written,
    templates_and_recommendations,
    events_cross_processes_and_replay,
    shutdown_hands_running_jobs_back,
    a_deleted_asset_leaves_its_scene_and_the_storyboard,
    a_stand_in_product_is_said_so,
    an_unreadable_input_fails_with_only_the_reason_for_the_user,
);

pub(crate) async fn project_and_scene(app: &TestApp, session: &Session) -> (String, String) {
    let project = app.create_project(session, "Products").await;
    let project_id = project["id"].as_str().unwrap().to_owned();
    let scene = app.create_scene(session, &project_id, "Campaign 1").await;
    (project_id, scene["id"].as_str().unwrap().to_owned())
}

async fn post(app: &TestApp, session: &Session, path: &str, body: Value) -> reqwest::Response {
    app.authed(session, Method::POST, path)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// Starts an image job and returns its id.
pub(crate) async fn start_image(
    app: &TestApp,
    session: &Session,
    project: &str,
    scene: &str,
    prompt: &str,
) -> String {
    let body = json!({
        "project_id": project, "scene_id": scene, "prompt": prompt,
        "context": {"pre_production_settings": {"quality": "low", "resolution": "1024x1024"}},
    });
    let response = post(app, session, "/api/generate/image", body).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "success");
    assert_eq!(body["data"]["status"], "queued");
    body["data"]["job_id"].as_str().unwrap().to_owned()
}

async fn upload_reference(app: &TestApp, session: &Session, project: &str, scene: &str) -> Value {
    let response = app
        .upload_photo(
            session,
            (project, scene),
            None,
            "jar.png",
            files::png(600, 800),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["reference_image"].clone()
}

fn sum_of(ledger: &[Value]) -> i64 {
    ledger.iter().map(|e| e["delta"].as_i64().unwrap()).sum()
}

pub(crate) fn entries_for<'a>(ledger: &'a [Value], job_id: &str, reason: &str) -> Vec<&'a Value> {
    ledger
        .iter()
        .filter(|e| e["job_id"] == job_id && e["reason"] == reason)
        .collect()
}

/// A user holding 50 credits sends 200 generations at once: exactly 50 are accepted.
async fn concurrent_generations_never_overdraw(db: Db) {
    // 200 requests at once from one address: more than the default per-address connection cap,
    // which this test is not about.
    let app = spawn_serve(
        TestDatabase::new(db).await,
        &["--no-workers"],
        &[("STUDIO_MAX_CONNECTIONS_PER_ADDRESS", "1000")],
    )
    .await;
    let session = app.signup("rush@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    for _ in 0..50 {
        start_image(&app, &session, &project, &scene, "warm-up").await;
    }
    assert_eq!(app.balance(&session).await, 50);

    let requests = (0..200).map(|i| {
        let body = json!({"project_id": project, "scene_id": scene, "prompt": format!("jar {i}")});
        async { post(&app, &session, "/api/generate/image", body).await }
    });
    let responses = join_all(requests).await;
    let mut accepted = 0;
    let mut refused = 0;
    for response in responses {
        match response.status() {
            StatusCode::ACCEPTED => accepted += 1,
            StatusCode::PAYMENT_REQUIRED => {
                let message = expect_error(
                    response,
                    StatusCode::PAYMENT_REQUIRED,
                    "insufficient_credits",
                )
                .await;
                assert_eq!(message, "Insufficient credits");
                refused += 1;
            }
            other => panic!("unexpected {other}"),
        }
    }
    assert_eq!((accepted, refused), (50, 150));
    assert_eq!(app.balance(&session).await, 0);
    let ledger = app.ledger(&session).await;
    assert_eq!(sum_of(&ledger), 0, "the ledger sums to the balance");
    assert_eq!(
        ledger
            .iter()
            .filter(|e| e["reason"] == "generation")
            .count(),
        100
    );

    // With nothing left, even one more is refused and nothing is written.
    let response = post(
        &app,
        &session,
        "/api/generate/image",
        json!({"project_id": project, "scene_id": scene, "prompt": "x"}),
    )
    .await;
    expect_error(
        response,
        StatusCode::PAYMENT_REQUIRED,
        "insufficient_credits",
    )
    .await;
    assert_eq!(app.ledger(&session).await.len(), ledger.len());
}

/// Reads server-sent events until `until` says stop; returns `(event, data)` pairs.
pub(crate) async fn read_events(
    response: reqwest::Response,
    mut until: impl FnMut(&str, &Value) -> bool,
) -> Vec<(String, Value)> {
    let mut events = Vec::new();
    let mut buffer = String::new();
    let mut body = response.bytes_stream();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(120);
    loop {
        let chunk = tokio::time::timeout_at(deadline, body.next())
            .await
            .expect("events arrive within two minutes")
            .expect("the stream stays open")
            .unwrap();
        buffer.push_str(&String::from_utf8_lossy(&chunk));
        while let Some(end) = buffer.find("\n\n") {
            let block: String = buffer.drain(..end + 2).collect();
            let mut name = String::new();
            let mut data = String::new();
            for line in block.lines() {
                if let Some(v) = line.strip_prefix("event: ") {
                    name = v.to_owned();
                } else if let Some(v) = line.strip_prefix("data: ") {
                    data.push_str(v);
                }
            }
            if name.is_empty() || data.is_empty() {
                continue;
            }
            let data: Value = serde_json::from_str(&data).unwrap();
            let stop = until(&name, &data);
            events.push((name, data));
            if stop {
                return events;
            }
        }
    }
}

pub(crate) async fn open_events(
    app: &TestApp,
    session: &Session,
    last_event_id: Option<i64>,
) -> reqwest::Response {
    let mut request = app.authed(session, Method::GET, "/api/events");
    if let Some(id) = last_event_id {
        request = request.header("Last-Event-ID", id.to_string());
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap()
        .starts_with("text/event-stream"));
    response
}

/// An image, an edit of it, an animation, a text-to-video and music: each completes with
/// an asset on the scene, a thumbnail, the right price, and live events.
async fn generations_complete_with_assets_and_events(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("maker@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let stream = open_events(&app, &session, None).await;

    let image = start_image(
        &app,
        &session,
        &project,
        &scene,
        "amber perfume bottle on dark marble at golden hour",
    )
    .await;
    let events = read_events(stream, |name, data| {
        name == "job-completed" && data["job_id"] == image
    })
    .await;
    let completed = &events.last().unwrap().1;
    assert_eq!(completed["status"], "completed");
    assert_eq!(completed["kind"], "image");
    assert_eq!(completed["scene_id"], scene.as_str());
    assert_eq!(
        completed["asset"]["url"],
        format!("/api/media/file/{image}")
    );
    assert_eq!(
        completed["asset"]["thumbnail_url"],
        format!("/api/media/file/{image}?variant=thumbnail")
    );
    assert_eq!(completed["asset"]["id"], image.as_str());
    assert_eq!(completed["asset"]["file_type"], "image");
    assert_eq!(completed["asset"]["credit_cost"], 1);
    assert!(completed["event_id"].as_i64().unwrap() > 0);
    assert!(events
        .iter()
        .any(|(name, data)| name == "credits-changed" && data["balance"] == 99));

    // Every status view agrees.
    let status = app
        .get_json(&session, &format!("/api/generate/status/{image}"))
        .await["data"]
        .clone();
    assert_eq!(status["status"], "completed");
    assert_eq!(status["url"], format!("/api/media/file/{image}"));
    assert_eq!(status["result_url"], status["url"]);
    assert_eq!(
        status["thumbnail_url"],
        format!("/api/media/file/{image}?variant=thumbnail")
    );
    assert_eq!(status["asset_type"], "image");
    assert_eq!(status["credit_cost"], 1);
    assert_eq!(status["result"]["creditCost"], 1);
    let status = app
        .get_json(&session, &format!("/api/jobs/{image}/status"))
        .await;
    assert_eq!(status["status"], "success");
    assert_eq!(
        status["data"]["result"]["url"],
        format!("/api/media/file/{image}")
    );

    let bytes = app
        .authed(&session, Method::GET, &format!("/api/media/file/{image}"))
        .send()
        .await
        .unwrap();
    assert_eq!(bytes.headers()["content-type"], "image/jpeg");
    let picture = image::load_from_memory(&bytes.bytes().await.unwrap()).unwrap();
    assert_eq!((picture.width(), picture.height()), (1024, 1024));
    let thumbnail = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/media/file/{image}?variant=thumbnail"),
        )
        .send()
        .await
        .unwrap();
    let thumbnail = image::load_from_memory(&thumbnail.bytes().await.unwrap()).unwrap();
    assert!(thumbnail.width() < 1024);

    // The asset is on the scene with its metadata.
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    let text = storyboard.to_string();
    assert!(text.contains(&image), "{text}");

    // Edit inside a mask: same size, 1 credit.
    let mut mask = image::GrayImage::new(1024, 1024);
    for y in 400..600 {
        for x in 400..600 {
            mask.put_pixel(x, y, image::Luma([255]));
        }
    }
    let mut mask_png = Vec::new();
    image::DynamicImage::ImageLuma8(mask)
        .write_to(
            &mut std::io::Cursor::new(&mut mask_png),
            image::ImageFormat::Png,
        )
        .unwrap();
    let form = Form::new()
        .text("project_id", project.clone())
        .text("scene_id", scene.clone())
        .text("prompt", "make it pale pink")
        .text("original_image_url", format!("/api/media/file/{image}"))
        .text(
            "context",
            r#"{"quality":"medium","resolution":"1024x1024"}"#,
        )
        .part(
            "mask",
            Part::bytes(mask_png)
                .file_name("mask.png")
                .mime_str("image/png")
                .unwrap(),
        );
    let response = app
        .authed(&session, Method::POST, "/api/generate/image-edit")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let edit = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let done = app.wait_for_job(&session, &edit).await;
    assert_eq!(done["status"], "completed", "{done}");
    let edited = app
        .authed(&session, Method::GET, &format!("/api/media/file/{edit}"))
        .send()
        .await
        .unwrap();
    let edited = image::load_from_memory(&edited.bytes().await.unwrap()).unwrap();
    assert_eq!((edited.width(), edited.height()), (1024, 1024));

    // Animate the image: 5 credits, a 480p-short-side MP4 with a poster.
    let response = post(&app, &session, "/api/generate/video", json!({
        "project_id": project, "scene_id": scene, "prompt": "slow push in",
        "source_image_id": image, "context": {"pre_production_settings": {"quality": "low", "duration": "5s"}},
    }))
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let animate = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let before = app.balance(&session).await;
    let done = app.wait_for_job(&session, &animate).await;
    assert_eq!(done["status"], "completed", "{done}");
    assert_eq!(done["credit_cost"], 5);
    let video = app
        .get_json(&session, &format!("/api/video-status/{animate}"))
        .await;
    assert_eq!(video["status"], "completed");
    assert_eq!(
        video["result"]["media_url"],
        format!("/api/media/file/{animate}")
    );
    assert_eq!(video["result"]["credit_cost"], 5);
    let poster = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/media/file/{animate}?variant=poster"),
        )
        .send()
        .await
        .unwrap();
    let poster = image::load_from_memory(&poster.bytes().await.unwrap()).unwrap();
    assert_eq!((poster.width(), poster.height()), (480, 480));
    let mp4 = app
        .authed(&session, Method::GET, &format!("/api/media/file/{animate}"))
        .send()
        .await
        .unwrap();
    assert_eq!(mp4.headers()["content-type"], "video/mp4");
    assert_eq!(
        app.balance(&session).await,
        before,
        "completion charges nothing more"
    );

    // Text to video, portrait at low quality: 480×720; ten seconds cost 10.
    let response = post(&app, &session, "/api/generate/video", json!({
        "project_id": project, "scene_id": scene, "refined_video_prompt": "a candle on a cozy bedroom shelf, gentle pan",
        "duration": 10, "context": {"quality": "low", "resolution": "1024x1536"},
    }))
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"]["credit_cost"], 10);
    let text_video = body["data"]["job_id"].as_str().unwrap().to_owned();

    // Music: 1 credit, Ogg Vorbis.
    let response = post(
        &app,
        &session,
        "/api/generate/audio",
        json!({
            "project_id": project, "scene_id": scene, "prompt": "upbeat summer pop",
        }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let audio = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let done = app.wait_for_job(&session, &audio).await;
    assert_eq!(done["status"], "completed", "{done}");
    let status = app
        .get_json(&session, &format!("/api/generate/status/{audio}"))
        .await;
    assert_eq!(status["data"]["asset_type"], "audio");
    assert!(
        status["data"]["thumbnail_url"].is_null(),
        "music has no preview"
    );

    let done = app.wait_for_job(&session, &text_video).await;
    assert_eq!(done["status"], "completed", "{done}");
    let poster = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/media/file/{text_video}?variant=poster"),
        )
        .send()
        .await
        .unwrap();
    let poster = image::load_from_memory(&poster.bytes().await.unwrap()).unwrap();
    assert_eq!((poster.width(), poster.height()), (480, 720));

    // 100 − 1 image − 1 edit − 5 animation − 10 video − 1 music.
    assert_eq!(app.balance(&session).await, 82);
    let counts = app.get_json(&session, "/api/credits/balance").await["generated_media"].clone();
    assert_eq!(counts, json!({"images": 2, "videos": 2}));
    let ledger = app.ledger(&session).await;
    assert_eq!(sum_of(&ledger), 82);
    assert_eq!(ledger[0]["reason"], "generation");
    assert_eq!(ledger.last().unwrap()["reason"], "signup_grant");
    assert_eq!(
        ledger
            .iter()
            .filter(|e| e["description"] == "Image animation")
            .count(),
        1
    );
}

/// A permanent failure is refunded once; two transient failures then success charge once.
async fn failures_refund_once_and_retries_charge_once(db: Db) {
    let app = spawn_app_with(db, &[("STUDIO_FAULT_INJECTION", "true")]).await;
    let session = app.signup("unlucky@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let stream = open_events(&app, &session, None).await;

    let doomed = start_image(&app, &session, &project, &scene, "[fail:permanent] a jar").await;
    let events = read_events(stream, |name, data| {
        name == "job-failed" && data["job_id"] == doomed
    })
    .await;
    let failed = &events.last().unwrap().1;
    assert_eq!(failed["status"], "failed");
    assert_eq!(
        failed["error"],
        "The request was refused by the content policy. Change the prompt and try again. Your credits were refunded."
    );
    let status = app
        .get_json(&session, &format!("/api/jobs/{doomed}/status"))
        .await;
    assert_eq!(status["data"]["status"], "failed");
    assert_eq!(
        status["data"]["error"],
        "The request was refused by the content policy. Change the prompt and try again. Your credits were refunded."
    );
    assert!(status["data"]["result"].is_null());
    let video = app
        .get_json(&session, &format!("/api/video-status/{doomed}"))
        .await;
    assert_eq!(video["status"], "failed");

    let flaky = start_image(&app, &session, &project, &scene, "[fail:transient=2] a jar").await;
    let done = app.wait_for_job(&session, &flaky).await;
    assert_eq!(done["status"], "completed", "{done}");

    let ledger = app.ledger(&session).await;
    assert_eq!(entries_for(&ledger, &doomed, "generation").len(), 1);
    assert_eq!(entries_for(&ledger, &doomed, "refund").len(), 1);
    assert_eq!(entries_for(&ledger, &doomed, "refund")[0]["delta"], 1);
    assert_eq!(entries_for(&ledger, &flaky, "generation").len(), 1);
    assert!(entries_for(&ledger, &flaky, "refund").is_empty());
    assert_eq!(app.balance(&session).await, 99);
    assert_eq!(sum_of(&ledger), 99);
    let counts = app.get_json(&session, "/api/credits/balance").await["generated_media"].clone();
    assert_eq!(
        counts["images"], 1,
        "the failed job made no asset, the retried one made one"
    );
}

/// Waits until the job's provider is producing (progress reported), failing if it already
/// finished: what a test interrupts must still be running.
async fn wait_until_rendering(app: &TestApp, session: &Session, job: &str, too_late: &str) {
    loop {
        let status = app
            .get_json(session, &format!("/api/jobs/{job}/status"))
            .await["data"]
            .clone();
        assert_ne!(status["status"], "completed", "{too_late}");
        if status["status"] == "processing" && status["progress"].as_i64().unwrap() > 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A worker process killed with SIGKILL mid-video: another worker takes the job over once
/// the lease runs out; one asset, one debit, no refund.
async fn a_killed_worker_s_video_is_completed_by_another(db: Db) {
    let lease = [("STUDIO_JOB_LEASE_SECONDS", "2"), ("STUDIO_WORKERS", "1")];
    let app = spawn_serve(TestDatabase::new(db).await, &["--no-workers"], &lease).await;
    let session = app.signup("survivor@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let mut first = app.spawn_worker(&lease).await;

    let response = post(
        &app,
        &session,
        "/api/generate/video",
        json!({
            "project_id": project, "scene_id": scene, "prompt": "a bottle on marble, slow orbit",
            "duration": 5, "context": {"quality": "high", "resolution": "1536x1024"},
        }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    wait_until_rendering(
        &app,
        &session,
        &job,
        "the video finished before the worker could be killed",
    )
    .await;
    first.kill().await.unwrap();

    let _second = app.spawn_worker(&lease).await;
    let done = app.wait_for_job(&session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let ledger = app.ledger(&session).await;
    assert_eq!(entries_for(&ledger, &job, "generation").len(), 1);
    assert!(entries_for(&ledger, &job, "refund").is_empty());
    assert_eq!(app.balance(&session).await, 95);
    let counts = app.get_json(&session, "/api/credits/balance").await["generated_media"].clone();
    assert_eq!(counts, json!({"images": 0, "videos": 1}));
    let poster = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/media/file/{job}?variant=poster"),
        )
        .send()
        .await
        .unwrap();
    let poster = image::load_from_memory(&poster.bytes().await.unwrap()).unwrap();
    assert_eq!(
        (poster.width(), poster.height()),
        (1620, 1080),
        "high quality is 1080p"
    );
}

/// Twenty jobs queued on an API-only node all complete after a restart with workers.
async fn queued_jobs_survive_a_restart(db: Db) {
    let app = spawn_serve(TestDatabase::new(db).await, &["--no-workers"], &[]).await;
    let session = app.signup("patient@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let mut jobs = Vec::new();
    for i in 0..20 {
        jobs.push(start_image(&app, &session, &project, &scene, &format!("jar number {i}")).await);
    }
    let status = app
        .get_json(&session, &format!("/api/jobs/{}/status", jobs[0]))
        .await;
    assert_eq!(status["data"]["status"], "queued");
    let token = session.token.clone();
    let db = app.kill().await;

    let app = spawn_serve(db, &[], &[]).await;
    let session = Session {
        token,
        cookie: String::new(),
    };
    for job in &jobs {
        let done = app.wait_for_job(&session, job).await;
        assert_eq!(done["status"], "completed", "{done}");
    }
    assert_eq!(app.balance(&session).await, 80);
    let counts = app.get_json(&session, "/api/credits/balance").await["generated_media"].clone();
    assert_eq!(counts["images"], 20);
}

/// Another user's job is 404 on every status endpoint, and their events never reach you.
async fn jobs_and_events_are_private(db: Db) {
    let app = spawn_app(db).await;
    let owner = app.signup("owner@example.com").await;
    let other = app.signup("other@example.com").await;
    let (project, scene) = project_and_scene(&app, &owner).await;
    // The other user's stream replays everything stored for them, from the start.
    let stream = open_events(&app, &other, Some(0)).await;

    let job = start_image(&app, &owner, &project, &scene, "a private jar").await;
    app.wait_for_job(&owner, &job).await;
    for path in [
        format!("/api/jobs/{job}/status"),
        format!("/api/generate/status/{job}"),
        format!("/api/recommendations/status/{job}"),
        format!("/api/video-status/{job}"),
        format!("/api/media/file/{job}"),
    ] {
        let response = app.authed(&other, Method::GET, &path).send().await.unwrap();
        expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    }
    for path in [
        "/api/jobs/not-a-uuid/status",
        "/api/video-status/00000000-0000-0000-0000-000000000000",
    ] {
        let response = app.authed(&owner, Method::GET, path).send().await.unwrap();
        expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    }
    // Using the owner's scene is 404 too, and costs nothing.
    let response = post(
        &app,
        &other,
        "/api/generate/image",
        json!({"project_id": project, "scene_id": scene, "prompt": "x"}),
    )
    .await;
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;

    // The other user's own activity arrives; nothing of the owner's came before it.
    let (other_project, other_scene) = project_and_scene(&app, &other).await;
    let own = start_image(&app, &other, &other_project, &other_scene, "my own jar").await;
    let events = read_events(stream, |name, data| {
        name == "job-completed" && data["job_id"] == own
    })
    .await;
    for (name, data) in &events {
        assert_ne!(
            data["job_id"],
            job.as_str(),
            "{name} of another user leaked"
        );
        if name == "credits-changed" {
            assert!(data["balance"].as_i64().unwrap() >= 99, "{data}");
        }
    }
    assert!(events.iter().any(|(name, _)| name == "credits-changed"));

    // Without a session there is no stream.
    let response = app
        .request(Method::GET, "/api/events")
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;
}

/// Bad input is refused with the messages users see; no ledger entry, no job.
async fn bad_requests_are_refused_with_nothing_written(db: Db) {
    let app = spawn_app_with(db, &[("STUDIO_VIDEO_REQUIRES_SUBSCRIPTION", "true")]).await;
    let session = app.signup("careless@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;

    let cases = [
        (
            "/api/generate/image",
            json!({"project_id": project, "prompt": "a jar"}),
            "Please select a campaign first",
        ),
        (
            "/api/generate/image",
            json!({"project_id": project, "scene_id": scene, "prompt": "  "}),
            "Please enter a prompt before generating.",
        ),
        (
            "/api/generate/image",
            json!({"project_id": project, "scene_id": scene, "prompt": "x".repeat(4001)}),
            "The prompt is too long: at most 4000 characters",
        ),
        (
            "/api/generate/image",
            json!({"project_id": project, "scene_id": scene, "prompt": "a jar", "context": {"quality": "ultra"}}),
            "Unknown quality 'ultra'. Expected one of: low, medium, high",
        ),
        (
            "/api/generate/image",
            json!({"project_id": project, "scene_id": scene, "prompt": "a jar", "context": {"pre_production_settings": {"resolution": "800x600"}}}),
            "Unknown resolution '800x600'. Expected one of: 1024x1024, 1536x1024, 1024x1536",
        ),
        (
            "/api/generate/audio",
            json!({"project_id": project, "prompt": "tune", "audio_type": "speech"}),
            "audio_type must be music",
        ),
        (
            "/api/templates/generate",
            json!({"project_id": project, "template_id": "luxe-marble"}),
            "Please select a campaign first",
        ),
        (
            "/api/templates/generate",
            json!({"project_id": project, "scene_id": scene}),
            "Please select a template",
        ),
        (
            "/api/templates/generate",
            json!({"project_id": project, "scene_id": scene, "template_id": "luxe-marble"}),
            "Please upload at least one image",
        ),
        (
            "/api/recommendations/generate",
            json!({"project_id": project, "scene_id": scene}),
            "No reference image URL available. Please try uploading images again.",
        ),
        (
            "/api/recommendations/generate",
            json!({"project_id": project, "scene_id": scene, "product_image_url": "https://evil.example/api/media/file/00000000-0000-0000-0000-000000000000"}),
            "product_image_url must be one of your images",
        ),
        (
            "/api/recommendations/generate",
            json!({"project_id": project, "scene_id": scene, "product_image_url": "/etc/passwd"}),
            "product_image_url must be one of your images",
        ),
    ];
    for (path, body, message) in cases {
        let response = post(&app, &session, path, body.clone()).await;
        let got = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert_eq!(got, message, "{path} {body}");
    }
    let response = post(
        &app,
        &session,
        "/api/templates/generate",
        json!({"project_id": project, "scene_id": scene, "template_id": "no-such"}),
    )
    .await;
    assert_eq!(
        expect_error(response, StatusCode::NOT_FOUND, "not_found").await,
        "Template not found"
    );

    // Videos need a paid plan on this server.
    let response = post(
        &app,
        &session,
        "/api/generate/video",
        json!({"project_id": project, "scene_id": scene, "prompt": "spin"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["upgrade_required"], true);
    assert_eq!(body["error"]["code"], "upgrade_required");
    assert_eq!(body["message"], "Upgrade required for video generation");

    // Image edit: a mask that is not a PNG of the image's size, or paints nothing.
    let image = start_image(&app, &session, &project, &scene, "a jar").await;
    app.wait_for_job(&session, &image).await;
    let blank = {
        let mut png = Vec::new();
        image::DynamicImage::ImageLuma8(image::GrayImage::new(1024, 1024))
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        png
    };
    for mask in [b"not a png".to_vec(), files::png(64, 64), blank] {
        let form = Form::new()
            .text("project_id", project.clone())
            .text("scene_id", scene.clone())
            .text("prompt", "remove the scratch")
            .text("original_image_url", format!("/api/media/file/{image}"))
            .part("mask", Part::bytes(mask).file_name("mask.png"));
        let response = app
            .authed(&session, Method::POST, "/api/generate/image-edit")
            .multipart(form)
            .send()
            .await
            .unwrap();
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert_eq!(message, "Failed to create mask from brush strokes");
    }

    // On a server without the plan rule: only the user's own images can be animated.
    let app2 = spawn_app(db).await;
    let s2 = app2.signup("animator@example.com").await;
    let (p2, sc2) = project_and_scene(&app2, &s2).await;
    for source in [
        image.as_str(),
        "not-an-id",
        "00000000-0000-0000-0000-000000000000",
    ] {
        let response = post(
            &app2,
            &s2,
            "/api/generate/video",
            json!({"project_id": p2, "scene_id": sc2, "prompt": "spin", "source_image_id": source}),
        )
        .await;
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert_eq!(
            message,
            "Could not identify the asset ID. Only images can be animated."
        );
    }
    assert_eq!(app2.ledger(&s2).await.len(), 1, "only the signup grant");

    // Nothing above cost anything but the one image.
    let ledger = app.ledger(&session).await;
    assert_eq!(ledger.len(), 2, "{ledger:?}");
    assert_eq!(app.balance(&session).await, 99);
}

/// The template catalogue (popular first) and the Generate panel's two modes.
async fn templates_and_recommendations(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("panel@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;

    let list = app
        .get_json(&session, "/api/templates?template_type=image")
        .await;
    let templates = list["data"]["templates"].as_array().unwrap().clone();
    assert!(templates.len() >= 12);
    let popular: Vec<bool> = templates
        .iter()
        .map(|t| t["is_popular"].as_bool().unwrap())
        .collect();
    assert!(popular.iter().filter(|p| **p).count() >= 4);
    assert!(popular.windows(2).all(|w| w[0] >= w[1]), "popular first");
    let first = templates[0]["template_id"].as_str().unwrap().to_owned();
    let one = app
        .get_json(&session, &format!("/api/templates/{first}"))
        .await;
    assert_eq!(one["data"]["name"], templates[0]["name"]);
    let response = app
        .authed(&session, Method::GET, "/api/templates/no-such")
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;

    let reference = upload_reference(&app, &session, &project, &scene).await;
    let response = post(
        &app,
        &session,
        "/api/templates/generate",
        json!({
            "template_id": first, "output_type": "image", "scene_id": scene, "project_id": project,
            "settings": {"quality": "low", "resolution": "1536x1024", "aspect_ratio": "3:2"},
        }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    let job = body["data"]["job_id"].as_str().unwrap().to_owned();
    assert_eq!(body["data"]["template_name"], templates[0]["name"]);
    assert_eq!(
        body["data"]["status_url"],
        format!("/api/jobs/{job}/status")
    );
    assert_eq!(body["data"]["credit_cost"], 1);
    let done = app.wait_for_job(&session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let picture = app
        .authed(&session, Method::GET, done["result_url"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    let picture = image::load_from_memory(&picture.bytes().await.unwrap()).unwrap();
    assert_eq!((picture.width(), picture.height()), (1536, 1024));

    let mismatch = post(
        &app,
        &session,
        "/api/recommendations/generate",
        json!({
            "scene_id": scene, "project_id": project, "product_image_url": reference["url"],
            "generation_settings": {"aspect_ratio": "1:1", "resolution": "1024x1536"},
        }),
    )
    .await;
    expect_error(mismatch, StatusCode::BAD_REQUEST, "validation_error").await;

    let response = post(&app, &session, "/api/recommendations/generate", json!({
        "scene_id": scene, "project_id": project, "product_image_url": reference["url"],
        "environment": "natural_outdoor", "color_palette": "cool_fresh", "lighting": "golden_hour",
        "composition": "lifestyle_context", "creative_direction": "  fresh summer vibe  ",
        "generation_settings": {"aspect_ratio": "2:3", "model": "any", "output_type": "image", "quality": "low", "style": "photo", "resolution": "1024x1536"},
    }))
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    let job = body["data"]["job_id"].as_str().unwrap().to_owned();
    assert!(body["data"].get("template_name").is_none(), "{body}");
    let done = app.wait_for_job(&session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let status = app
        .get_json(&session, &format!("/api/recommendations/status/{job}"))
        .await;
    assert_eq!(
        status["data"]["result"]["url"],
        format!("/api/media/file/{job}")
    );
    assert_eq!(app.balance(&session).await, 98);
}

/// A job run by a separate worker process raises events that reach a client connected to
/// an API-only node (PostgreSQL LISTEN/NOTIFY, or SQLite's shared file); a reconnect with
/// `Last-Event-ID` replays what came after that id.
async fn events_cross_processes_and_replay(db: Db) {
    let app = spawn_serve(TestDatabase::new(db).await, &["--no-workers"], &[]).await;
    let session = app.signup("distant@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let _worker = app.spawn_worker(&[]).await;
    let stream = open_events(&app, &session, None).await;

    let job = start_image(
        &app,
        &session,
        &project,
        &scene,
        "a tube of sunscreen on sand",
    )
    .await;
    let events = read_events(stream, |name, data| {
        name == "job-completed" && data["job_id"] == job
    })
    .await;
    let kinds: Vec<&str> = events.iter().map(|(name, _)| name.as_str()).collect();
    assert_eq!(kinds.first(), Some(&"credits-changed"), "{kinds:?}");
    assert!(kinds.contains(&"job-progress"), "{kinds:?}");
    let ids: Vec<i64> = events
        .iter()
        .map(|(_, data)| data["event_id"].as_i64().unwrap())
        .collect();
    assert!(ids.windows(2).all(|w| w[0] < w[1]), "{ids:?}");

    let replay = open_events(&app, &session, Some(ids[0])).await;
    let replayed = read_events(replay, |name, data| {
        name == "job-completed" && data["job_id"] == job
    })
    .await;
    let replayed_ids: Vec<i64> = replayed
        .iter()
        .map(|(_, data)| data["event_id"].as_i64().unwrap())
        .collect();
    assert_eq!(replayed_ids, ids[1..].to_vec());

    // The query-string form, for clients that cannot set the header.
    let response = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/events?last_event_id={}", ids[ids.len() - 2]),
        )
        .send()
        .await
        .unwrap();
    let replayed = read_events(response, |_, _| true).await;
    assert_eq!(replayed[0].1["event_id"], ids[ids.len() - 1]);

    // Choosing the scene's active asset tells the user's other tabs.
    let stream = open_events(&app, &session, None).await;
    let response = app
        .authed(
            &session,
            Method::PUT,
            &format!("/api/scenes/{scene}/active-asset"),
        )
        .json(&json!({"asset_id": job}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let events = read_events(stream, |name, _| name == "storyboard-updated").await;
    assert_eq!(events.last().unwrap().1["scene_id"], scene.as_str());
}

/// SIGTERM while a video renders: the server cancels it and returns it to the queue (not
/// left for its lease to run out); after a restart it completes, charged once.
async fn shutdown_hands_running_jobs_back(db: Db) {
    let app = spawn_serve(TestDatabase::new(db).await, &[], &[("STUDIO_WORKERS", "1")]).await;
    let session = app.signup("stopper@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let response = post(
        &app,
        &session,
        "/api/generate/video",
        json!({
            "project_id": project, "scene_id": scene, "prompt": "a jar on marble, slow orbit",
            "context": {"quality": "high", "resolution": "1024x1024"},
        }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    wait_until_rendering(
        &app,
        &session,
        &job,
        "the video finished before the shutdown",
    )
    .await;
    let token = session.token.clone();
    let db = app.terminate().await;

    let app = spawn_serve(db, &["--no-workers"], &[]).await;
    let session = Session {
        token,
        cookie: String::new(),
    };
    let status = app
        .get_json(&session, &format!("/api/jobs/{job}/status"))
        .await["data"]
        .clone();
    assert_eq!(
        status["status"], "queued",
        "released, not abandoned: {status}"
    );
    let db = app.kill().await;

    let app = spawn_serve(db, &[], &[]).await;
    let done = app.wait_for_job(&session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let ledger = app.ledger(&session).await;
    assert_eq!(entries_for(&ledger, &job, "generation").len(), 1);
    assert!(entries_for(&ledger, &job, "refund").is_empty());
    assert_eq!(app.balance(&session).await, 95);
}

/// Deleting a generated asset removes it from the storyboard and the scene's cover, serves no
/// more bytes, keeps the credits spent, and is the owner's alone.
async fn a_deleted_asset_leaves_its_scene_and_the_storyboard(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("deleter@example.com").await;
    let intruder = app.signup("intruder@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let first = start_image(&app, &session, &project, &scene, "a jar on marble").await;
    let second = start_image(&app, &session, &project, &scene, "a jar on linen").await;
    for job in [&first, &second] {
        assert_eq!(app.wait_for_job(&session, job).await["status"], "completed");
    }
    let response = app
        .authed(
            &session,
            Method::PUT,
            &format!("/api/scenes/{scene}/active-asset"),
        )
        .json(&json!({"asset_id": first}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let balance = app.balance(&session).await;

    let response = app
        .authed(&intruder, Method::DELETE, &format!("/api/media/{first}"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        expect_error(response, StatusCode::NOT_FOUND, "not_found").await,
        "Media not found"
    );

    let response = app
        .authed(&session, Method::DELETE, &format!("/api/media/{first}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);

    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    let card = &storyboard["data"]["scenes"][0];
    let media: Vec<&str> = card["media"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["id"].as_str().unwrap())
        .collect();
    assert_eq!(media, vec![second.as_str()]);
    assert!(card["active_asset_id"].is_null(), "{card}");
    let response = app
        .authed(&session, Method::GET, &format!("/api/media/file/{first}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(app.balance(&session).await, balance);

    let response = app
        .authed(&session, Method::DELETE, &format!("/api/media/{first}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

/// Without a product photo the engine stages a drawn stand-in, and the asset says so; with one,
/// nothing is said.
async fn a_stand_in_product_is_said_so(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("standin@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let without = start_image(&app, &session, &project, &scene, "a serum bottle on marble").await;
    assert_eq!(
        app.wait_for_job(&session, &without).await["status"],
        "completed"
    );
    upload_reference(&app, &session, &project, &scene).await;
    let with = start_image(&app, &session, &project, &scene, "a serum bottle on marble").await;
    assert_eq!(
        app.wait_for_job(&session, &with).await["status"],
        "completed"
    );

    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    let media = storyboard["data"]["scenes"][0]["media"].as_array().unwrap();
    let metadata =
        |id: &str| media.iter().find(|m| m["id"] == id).unwrap()["file_metadata"].clone();
    let said = metadata(&without)["stand_in_product"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(said.contains("stand-in"), "{said:?}");
    assert!(
        metadata(&with).get("stand_in_product").is_none(),
        "{}",
        metadata(&with)
    );
    // The card's words describe what was painted, not the prompt's wishes.
    let painted = metadata(&with)["description"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(painted.starts_with("The product "), "{painted:?}");
    assert!(
        metadata(&without)["description"]
            .as_str()
            .is_some_and(|d| d.starts_with("A stand-in ")),
        "{}",
        metadata(&without)
    );
}

/// A job whose reference image can no longer be read fails with the reason the user is
/// told, and nothing more, in its status, its `job-failed` event and the chat message's
/// generation; the storage error itself stays in the log.
async fn an_unreadable_input_fails_with_only_the_reason_for_the_user(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("unreadable@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    upload_reference(&app, &session, &project, &scene).await;
    let sent = post(
        &app,
        &session,
        "/api/chat/send",
        json!({"project_id": project, "scene_id": scene, "message": "my soy candle on a winter table"}),
    )
    .await;
    assert_eq!(sent.status(), StatusCode::OK);
    let sent: Value = sent.json().await.unwrap();
    let message_id = sent["data"]["message"]["id"].as_str().unwrap().to_owned();

    // The stored bytes are gone; the reference image's row is still there.
    let removed = remove_files(&app.db.data_dir.path().join("media"));
    assert!(removed > 0, "the reference image's bytes were on disk");

    let stream = open_events(&app, &session, None).await;
    let started = post(
        &app,
        &session,
        &format!("/api/chat/generate/{message_id}"),
        json!({"project_id": project, "settings": {"quality": "low"}, "media_type": "image"}),
    )
    .await;
    assert_eq!(started.status(), StatusCode::OK);
    let started: Value = started.json().await.unwrap();
    let job = started["data"]["job_id"].as_str().unwrap().to_owned();

    let reason = "An image this generation uses could not be read. Upload it again and retry. \
                  Your credits were refunded.";
    let events = read_events(stream, |name, data| {
        name == "job-failed" && data["job_id"] == job.as_str()
    })
    .await;
    assert_eq!(events.last().unwrap().1["error"], reason);
    let status = app.wait_for_job(&session, &job).await;
    assert_eq!(status["status"], "failed");
    assert_eq!(status["error"], reason);
    let message = app
        .history_message(&session, &project, &scene, &message_id)
        .await;
    assert_eq!(message["generation"]["state"], "failed", "{message}");
    assert_eq!(message["generation"]["error"], reason);
    assert_eq!(app.balance(&session).await, 100, "the job was refunded");
}

/// Deletes every file under `dir` (leaving the folders); returns how many.
fn remove_files(dir: &std::path::Path) -> usize {
    let mut removed = 0;
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            removed += remove_files(&path);
        } else if std::fs::remove_file(&path).is_ok() {
            removed += 1;
        }
    }
    removed
}
