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
use crate::support::{expect_error, repo_root, spawn_app, spawn_app_with, Db, TestApp};

on_both_databases!(
    an_edit_the_studio_engine_cannot_do_is_refused_before_any_charge,
    a_hosted_model_takes_any_instruction,
    a_slice_of_lemon_fills_the_area_painted_on_a_real_photo,
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

/// A mask of the café photo's size (600×400) painted where `inside` says.
fn coffee_mask(inside: impl Fn(f32, f32) -> bool) -> Vec<u8> {
    let mask = image::GrayImage::from_fn(600, 400, |x, y| {
        image::Luma([if inside(x as f32, y as f32) { 255 } else { 0 }])
    });
    let mut png = Vec::new();
    image::DynamicImage::ImageLuma8(mask)
        .write_to(&mut Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    png
}

/// "Add a slice of lemon" on a real photograph (the café table beside the espresso cup):
/// painted in a long strip it is refused before any charge, with the reason; painted in a
/// round area on the table, the job succeeds, is charged once, and the slice covers most of
/// the painted area's box (at least half of its longer side and of its area) in lemon
/// yellow, with the photo outside the painted area as it was.
async fn a_slice_of_lemon_fills_the_area_painted_on_a_real_photo(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("lemon@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let photo =
        std::fs::read(repo_root().join("crates/studio/tests/api/photos/coffee.png")).unwrap();
    let original = image::load_from_memory(&photo).unwrap().to_rgb8();
    let response = app
        .upload_photo(&session, (&project, &scene), None, "coffee.png", photo)
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    let image = body["reference_image"]["id"].as_str().unwrap().to_owned();
    let balance = app.balance(&session).await;
    let ledger = app.ledger(&session).await.len();

    // A strip along the table's front edge is far too long for one slice.
    let strip = coffee_mask(|x, y| (20.0..580.0).contains(&x) && (350.0..385.0).contains(&y));
    let response = app
        .image_edit(
            &session,
            (&project, &scene),
            &image,
            "add a slice of lemon",
            strip,
            None,
        )
        .await;
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert!(
        message.contains("large for a single small object")
            && message.contains("paint a smaller area"),
        "{message}"
    );
    assert_eq!(app.balance(&session).await, balance, "nothing charged");
    assert_eq!(app.ledger(&session).await.len(), ledger, "no ledger entry");

    // A round area on the table to the right of the cup.
    let (cx, cy, rx, ry) = (505.0, 310.0, 70.0, 55.0);
    let inside = move |x: f32, y: f32| ((x - cx) / rx).powi(2) + ((y - cy) / ry).powi(2) <= 1.0;
    let response = app
        .image_edit(
            &session,
            (&project, &scene),
            &image,
            "add a slice of lemon",
            coffee_mask(inside),
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
    assert_eq!(app.balance(&session).await, balance - 1, "charged once");
    let edited = app
        .authed(&session, Method::GET, &format!("/api/media/file/{job}"))
        .send()
        .await
        .unwrap();
    let edited = image::load_from_memory(&edited.bytes().await.unwrap())
        .unwrap()
        .to_rgb8();
    assert_eq!(edited.dimensions(), original.dimensions());
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    let (mut outside, mut yellow) = (0, 0);
    for (x, y, p) in edited.enumerate_pixels() {
        let q = original.get_pixel(x, y);
        let d: i32 = (0..3).map(|c| (p[c] as i32 - q[c] as i32).abs()).sum();
        if !inside(x as f32, y as f32) {
            outside += usize::from(d > 0);
            continue;
        }
        if d > 60 {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        yellow += usize::from(p[0] > 170 && p[1] > 140 && (p[2] as i32) < p[1] as i32 - 50);
    }
    assert_eq!(outside, 0, "pixels outside the painted area changed");
    assert!(x0 <= x1, "nothing drawn");
    let (pw, ph) = (2.0 * rx, 2.0 * ry);
    let (ow, oh) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
    let (along, cover) = (ow / pw, ow * oh / (pw * ph));
    assert!(
        along >= 0.5 && cover >= 0.5,
        "the slice spans {:.0} % of the painted box's longer side and covers {:.0} % of it",
        along * 100.0,
        cover * 100.0
    );
    assert!(yellow > 2000, "only {yellow} lemon-yellow pixels");
}
