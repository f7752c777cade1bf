//! Mask edits keep their word: an instruction the studio engine has no edit for is refused
//! before anything is charged, queued or stored, with what the engine can do instead; the
//! same instruction goes to a hosted image model when one does the edit.

use std::io::Cursor;

use base64::Engine as _;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, ResponseTemplate};

use crate::jobs::{project_and_scene, start_image};
use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, spawn_app_with, Db, TestApp};

on_both_databases!(
    an_edit_the_studio_engine_cannot_do_is_refused_before_any_charge,
    a_hosted_model_takes_any_instruction,
);

/// A brush over the middle of a 1024² image.
fn mask_png() -> Vec<u8> {
    let mask = image::GrayImage::from_fn(1024, 1024, |x, y| {
        let inside = (400..600).contains(&x) && (400..600).contains(&y);
        image::Luma([if inside { 255 } else { 0 }])
    });
    let mut png = Vec::new();
    image::DynamicImage::ImageLuma8(mask)
        .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    png
}

/// Files under the server's storage that hold job inputs (the stored brush masks).
fn stored_masks(app: &TestApp) -> usize {
    walk(app.db.data_dir.path())
        .iter()
        .filter(|p| p.to_string_lossy().contains("job-inputs"))
        .count()
}

fn walk(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(walk(&path));
        } else {
            found.push(path);
        }
    }
    found
}

async fn an_edit_the_studio_engine_cannot_do_is_refused_before_any_charge(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("editor@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let image = start_image(&app, &session, &project, &scene, "a jar on a table").await;
    app.wait_for_job(&session, &image).await;
    let balance = app.balance(&session).await;
    let ledger = app.ledger(&session).await.len();
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await
        .to_string();

    for prompt in [
        "add a hat",
        "make it look vintage",
        "give it a cinematic mood",
    ] {
        let response = app
            .image_edit(
                &session,
                (&project, &scene),
                &image,
                prompt,
                mask_png(),
                None,
            )
            .await;
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert_eq!(
            message,
            format!(
                "The studio engine can't do “{prompt}” in an edit. It can remove something, \
                 recolour, lighten, darken or blur it, replace a surface with a material (walnut, \
                 oak, marble, granite, concrete, terrazzo, linen, tiles…), place an object (a vase \
                 with stems, folded towels, a candle, books, a coffee cup, citrus, herbs, dried \
                 flowers…), or restore the background."
            )
        );
    }
    assert_eq!(app.balance(&session).await, balance, "nothing charged");
    assert_eq!(app.ledger(&session).await.len(), ledger, "no ledger entry");
    assert_eq!(
        app.get_json(&session, &format!("/api/projects/{project}/storyboard"))
            .await
            .to_string(),
        storyboard,
        "no job on the campaign"
    );
    assert_eq!(stored_masks(&app), 0, "no mask stored");

    // What it can do is taken and paid for once, and does what it says.
    let response = app
        .image_edit(
            &session,
            (&project, &scene),
            &image,
            "replace it with pale concrete",
            mask_png(),
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let done = app.wait_for_job(&session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    assert_eq!(app.balance(&session).await, balance - 1);
    let edited = app
        .authed(&session, Method::GET, &format!("/api/media/file/{job}"))
        .send()
        .await
        .unwrap();
    let edited = image::load_from_memory(&edited.bytes().await.unwrap())
        .unwrap()
        .to_rgb8();
    // Pale concrete: a light, nearly neutral grey over the brushed square.
    let (mut sum, mut n) = ([0f64; 3], 0f64);
    for y in 440..560 {
        for x in 440..560 {
            let p = edited.get_pixel(x, y);
            for c in 0..3 {
                sum[c] += p[c] as f64;
            }
            n += 1.0;
        }
    }
    let mean = sum.map(|s| s / n);
    let spread = mean.iter().copied().fold(f64::MIN, f64::max)
        - mean.iter().copied().fold(f64::MAX, f64::min);
    assert!(
        mean.iter().all(|&v| (150.0..235.0).contains(&v)) && spread < 20.0,
        "not pale concrete: {mean:?}"
    );
}

async fn a_hosted_model_takes_any_instruction(db: Db) {
    let api = MockServer::start().await;
    let image = image::RgbaImage::from_pixel(1024, 1024, image::Rgba([200, 40, 40, 255]));
    let mut png = Cursor::new(Vec::new());
    image.write_to(&mut png, image::ImageFormat::Png).unwrap();
    let b64 = base64::engine::general_purpose::STANDARD.encode(png.into_inner());
    for route in ["/v1/images/generations", "/v1/images/edits"] {
        Mock::given(method("POST"))
            .and(path(route))
            .respond_with(ResponseTemplate::new(200).set_body_json(json!({
                "created": 1_713_833_628, "data": [{"b64_json": b64}],
                "usage": {"total_tokens": 10, "input_tokens": 5, "output_tokens": 5}})))
            .mount(&api)
            .await;
    }
    let base_url = format!("{}/v1", api.uri());
    let app = spawn_app_with(
        db,
        &[
            ("STUDIO_IMAGE_PROVIDER", "openai"),
            ("OPENAI_API_KEY", "sk-test"),
            ("OPENAI_BASE_URL", base_url.as_str()),
        ],
    )
    .await;
    let session = app.signup("hosted-editor@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let made = start_image(&app, &session, &project, &scene, "a jar").await;
    app.wait_for_job(&session, &made).await;
    let balance = app.balance(&session).await;

    // The studio engine, chosen explicitly, still refuses; the hosted model takes it.
    let response = app
        .image_edit(
            &session,
            (&project, &scene),
            &made,
            "add a hat",
            mask_png(),
            Some("studio"),
        )
        .await;
    expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    let response = app
        .image_edit(
            &session,
            (&project, &scene),
            &made,
            "add a hat",
            mask_png(),
            None,
        )
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let done = app.wait_for_job(&session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    assert_eq!(app.balance(&session).await, balance - 1);
    let sent = api.received_requests().await.unwrap();
    let edit_request = sent
        .iter()
        .find(|r| r.url.path() == "/v1/images/edits" && r.method.as_str() == "POST")
        .expect("the edit went to the hosted model");
    assert!(
        String::from_utf8_lossy(&edit_request.body).contains("add a hat"),
        "the seller's instruction is sent as it is"
    );
}
