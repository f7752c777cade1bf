//! Expected generation times from the latest completed jobs, and the campaign cover rule.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::jobs::start_image;
use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, spawn_app_with, Db, Session, TestApp};

on_both_databases!(
    estimates_come_from_completed_generations,
    music_never_becomes_the_cover_by_itself,
);

async fn start_music(app: &TestApp, session: &Session, project: &str, scene: &str) -> String {
    let response = app
        .authed(session, Method::POST, "/api/generate/audio")
        .json(&json!({"project_id": project, "scene_id": scene, "prompt": "calm piano"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    body["data"]["job_id"].as_str().unwrap().to_owned()
}

async fn finish(app: &TestApp, session: &Session, job: &str) -> String {
    let done = app.wait_for_job(session, job).await;
    assert_eq!(done["status"], "completed", "{done}");
    done["asset_id"].as_str().unwrap().to_owned()
}

async fn estimates_come_from_completed_generations(db: Db) {
    let app = spawn_app_with(db, &[("STUDIO_FAULT_INJECTION", "true")]).await;
    let response = app
        .request(Method::GET, "/api/jobs/estimates")
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;

    let session = app.signup("estimates@example.com").await;
    let project = app.create_project(&session, "Soap").await;
    let project = project["id"].as_str().unwrap();
    let scene = app.create_scene(&session, project, "Launch").await;
    let scene = scene["id"].as_str().unwrap();

    let none = app.get_json(&session, "/api/jobs/estimates").await;
    assert_eq!(none["data"], json!([]), "no history, no estimate");

    for prompt in ["lavender soap on slate", "lavender soap on linen"] {
        let job = start_image(&app, &session, project, scene, prompt).await;
        finish(&app, &session, &job).await;
    }
    let music = start_music(&app, &session, project, scene).await;
    finish(&app, &session, &music).await;
    // A failed generation says nothing about how long a good one takes.
    let failed = start_image(&app, &session, project, scene, "[fail:permanent] soap").await;
    let done = app.wait_for_job(&session, &failed).await;
    assert_eq!(done["status"], "failed", "{done}");

    let body = app.get_json(&session, "/api/jobs/estimates").await;
    let estimates = body["data"].as_array().unwrap();
    let of = |kind: &str| {
        estimates
            .iter()
            .find(|e| e["kind"] == kind && e["engine"] == "studio")
            .unwrap_or_else(|| panic!("no {kind} estimate in {body}"))
            .clone()
    };
    let image = of("image");
    let audio = of("audio");
    assert_eq!(estimates.len(), 2, "{body}");
    assert_eq!(image["samples"], 2);
    assert_eq!(audio["samples"], 1);
    for estimate in [image, audio] {
        let seconds = estimate["seconds"].as_f64().unwrap();
        assert!(seconds > 0.0 && seconds < 120.0, "{estimate}");
    }
}

async fn music_never_becomes_the_cover_by_itself(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("cover@example.com").await;
    let project = app.create_project(&session, "Soap").await;
    let project = project["id"].as_str().unwrap();
    let scene = app.create_scene(&session, project, "Launch").await;
    let scene = scene["id"].as_str().unwrap();
    let other = app.create_scene(&session, project, "Jingle").await;
    let other = other["id"].as_str().unwrap();

    let cover_of = |board: &Value, id: &str| {
        board["data"]["scenes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["id"] == id)
            .unwrap()["cover_asset_id"]
            .clone()
    };
    let storyboard = format!("/api/projects/{project}/storyboard");

    let job = start_image(&app, &session, project, scene, "lavender soap").await;
    let image = finish(&app, &session, &job).await;
    let job = start_music(&app, &session, project, scene).await;
    let music = finish(&app, &session, &job).await;
    let job = start_music(&app, &session, project, other).await;
    finish(&app, &session, &job).await;

    let board = app.get_json(&session, &storyboard).await;
    assert_eq!(
        cover_of(&board, scene),
        image.as_str(),
        "the newest music is not the cover"
    );
    assert_eq!(
        cover_of(&board, other),
        Value::Null,
        "music alone is no cover"
    );

    // The seller may still choose the music.
    let response = app
        .authed(
            &session,
            Method::PUT,
            &format!("/api/scenes/{scene}/active-asset"),
        )
        .json(&json!({"asset_id": music}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let board = app.get_json(&session, &storyboard).await;
    assert_eq!(cover_of(&board, scene), music.as_str());
}
