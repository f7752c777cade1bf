//! Exports end to end: one generated image becomes a file per target, each stored as an
//! asset of its campaign and read back here with the `image` crate's decoder against the
//! target's rules; the ZIP is opened with the `zip` crate and holds the same files and a
//! manifest. Bad requests are refused with their reason and store nothing.

use std::io::Read;

use image::{ImageFormat, RgbaImage};
use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::files;
use crate::jobs::start_image;
use crate::on_both_databases;
use crate::support::{download_typed, expect_error, spawn_app, Db, Session, TestApp};

on_both_databases!(an_image_becomes_every_listed_file_each_keeping_its_rules);
on_both_databases!(bad_export_requests_are_refused_and_store_nothing);

const ALL: [&str; 9] = [
    "amazon_main",
    "amazon_lifestyle",
    "etsy",
    "shopify",
    "instagram_feed",
    "instagram_story",
    "facebook_feed",
    "pinterest",
    "transparent_png",
];

async fn upload_photo(app: &TestApp, session: &Session, project: &str, scene: &str) {
    let form = Form::new()
        .part(
            "file",
            Part::bytes(files::png(600, 800))
                .file_name("serum.png")
                .mime_str("image/png")
                .unwrap(),
        )
        .text("projectId", project.to_owned())
        .text("sceneId", scene.to_owned());
    let response = app
        .authed(session, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
}

/// Project "Glow & Co" and its campaign "Summer Serum"; returns their ids.
pub(crate) async fn campaign(app: &TestApp, session: &Session) -> (String, String) {
    let project = app.create_project(session, "Glow & Co").await;
    let project = project["id"].as_str().unwrap().to_owned();
    let scene = app.create_scene(session, &project, "Summer Serum").await;
    (project, scene["id"].as_str().unwrap().to_owned())
}

/// A generated image (from an uploaded product photo) in project "Glow & Co", campaign
/// "Summer Serum"; returns (project id, asset id).
async fn generated_image(app: &TestApp, session: &Session) -> (String, String) {
    let (project, scene) = campaign(app, session).await;
    upload_photo(app, session, &project, &scene).await;
    let job = start_image(app, session, &project, &scene, "serum bottle on marble").await;
    let done = app.wait_for_job(session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    (project, job)
}

pub(crate) async fn start_export(
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
pub(crate) async fn wait_for_export(app: &TestApp, session: &Session, job: &str) -> Value {
    for _ in 0..3000 {
        let view = app.get_json(session, &format!("/api/exports/{job}")).await["data"].clone();
        if view["status"] == "completed" || view["status"] == "failed" {
            return view;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("export {job} did not finish in five minutes");
}

/// GETs `path`; returns (content disposition, bytes).
pub(crate) async fn download(app: &TestApp, session: &Session, path: &str) -> (String, Vec<u8>) {
    let (_, disposition, bytes) = download_typed(app, session, path).await;
    (disposition, bytes)
}

fn bbox(img: &RgbaImage, inside: impl Fn(&image::Rgba<u8>) -> bool) -> [u32; 4] {
    let mut b = [u32::MAX, u32::MAX, 0, 0];
    for (x, y, p) in img.enumerate_pixels() {
        if inside(p) {
            b = [b[0].min(x), b[1].min(y), b[2].max(x + 1), b[3].max(y + 1)];
        }
    }
    assert!(b[2] > b[0], "nothing found");
    b
}

/// Each target's rules, asserted on the decoded file. `source_resolution` judges the seller's
/// photo (these are small) and is held to its own test (cutouts.rs).
pub(crate) fn assert_rules(target: &str, bytes: &[u8], checks: &[Value]) {
    for check in checks.iter().filter(|c| c["rule"] != "source_resolution") {
        assert_eq!(check["ok"], true, "{target}: {check}");
    }
    let format = if target == "transparent_png" {
        ImageFormat::Png
    } else {
        ImageFormat::Jpeg
    };
    assert_eq!(image::guess_format(bytes).unwrap(), format, "{target}");
    let img = image::load_from_memory_with_format(bytes, format)
        .unwrap()
        .into_rgba8();
    let size = match target {
        "amazon_main" | "amazon_lifestyle" => Some((2000, 2000)),
        "etsy" => Some((2000, 1600)),
        "shopify" => Some((2048, 2048)),
        "instagram_feed" => Some((1080, 1350)),
        "instagram_story" => Some((1080, 1920)),
        "facebook_feed" => Some((1080, 1080)),
        "pinterest" => Some((1000, 1500)),
        _ => None,
    };
    if let Some(size) = size {
        assert_eq!(img.dimensions(), size, "{target}");
    }
    if matches!(target, "amazon_main" | "amazon_lifestyle" | "etsy") {
        assert!(bytes.len() < 10_000_000, "{target}");
    }
    match target {
        "amazon_main" => {
            let [x0, y0, x1, y1] = bbox(&img, |p| p[0].min(p[1]).min(p[2]) < 250);
            for (x, y, p) in img.enumerate_pixels() {
                let near = x + 16 >= x0 && x < x1 + 16 && y + 16 >= y0 && y < y1 + 16;
                if !near {
                    assert_eq!((p[0], p[1], p[2]), (255, 255, 255), "white at {x},{y}");
                }
            }
            let fill = (x1 - x0).max(y1 - y0) as f32 / 2000.0;
            assert!((0.85..=0.95).contains(&fill), "fill {fill}");
            let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2);
            assert!(
                cx.abs_diff(1000) <= 20 && cy.abs_diff(1000) <= 20,
                "{cx},{cy}"
            );
        }
        "transparent_png" => {
            let (w, h) = img.dimensions();
            for (x, y, p) in img.enumerate_pixels() {
                if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                    assert_eq!(p[3], 0, "border at {x},{y}");
                }
            }
            let [x0, y0, x1, y1] = bbox(&img, |p| p[3] > 0);
            for margin in [x0, y0, w - x1, h - y1] {
                assert!(margin >= 1 && margin * 10 <= w.max(h), "margin {margin}");
            }
        }
        "instagram_story" => {
            let safe = checks.iter().find(|c| c["rule"] == "safe_area").unwrap();
            assert_eq!(safe["ok"], true, "{safe}");
        }
        _ => {
            let white = img
                .pixels()
                .filter(|p| p[0] == 255 && p[1] == 255 && p[2] == 255)
                .count();
            assert!(white * 2 < img.pixels().len(), "{target} is a scene");
        }
    }
}

async fn an_image_becomes_every_listed_file_each_keeping_its_rules(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("seller@example.com").await;
    let (project, asset) = generated_image(&app, &session).await;
    let balance = app.balance(&session).await;

    let response = start_export(&app, &session, &asset, json!({"targets": ALL})).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    assert_eq!(started["data"]["credit_cost"], 0);
    let job = started["data"]["job_id"].as_str().unwrap().to_owned();
    let view = wait_for_export(&app, &session, &job).await;
    assert_eq!(view["status"], "completed", "{view}");
    assert_eq!(app.balance(&session).await, balance, "exports are free");

    let files = view["files"].as_array().unwrap();
    let targets: Vec<&str> = files
        .iter()
        .map(|f| f["target"].as_str().unwrap())
        .collect();
    assert_eq!(targets, ALL);
    let mut downloaded = Vec::new();
    for file in files {
        let target = file["target"].as_str().unwrap();
        let extension = if target == "transparent_png" {
            "png"
        } else {
            "jpg"
        };
        let name = format!("glow-co-summer-serum-{target}.{extension}");
        assert_eq!(file["filename"], name.as_str());
        let (disposition, bytes) =
            download(&app, &session, file["download_url"].as_str().unwrap()).await;
        assert!(
            disposition.contains(&format!("filename=\"{name}\"")),
            "{disposition}"
        );
        // The asset's own file is the same bytes.
        let (_, stored) = download(
            &app,
            &session,
            &format!("/api/media/download/{}", file["asset_id"].as_str().unwrap()),
        )
        .await;
        assert_eq!(stored, bytes, "{target}");
        assert_rules(target, &bytes, file["checks"].as_array().unwrap());
        downloaded.push((name, bytes));
    }

    // Each file is an asset of the same campaign, carrying what it is for and its checks.
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    let media: Vec<Value> = storyboard["data"]["scenes"][0]["media"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(media.len(), 1 + ALL.len(), "{storyboard}");
    for file in files {
        let stored = media
            .iter()
            .find(|m| m["id"] == file["asset_id"])
            .expect("listed in the campaign");
        let export = &stored["file_metadata"]["export"];
        assert_eq!(export["target"], file["target"]);
        assert_eq!(export["source_asset_id"], asset.as_str());
        assert_eq!(export["checks"], file["checks"]);
    }

    // The ZIP holds every file, byte for byte, and the manifest.
    let (disposition, zipped) = download(&app, &session, view["zip_url"].as_str().unwrap()).await;
    assert!(
        disposition.contains("glow-co-summer-serum-export.zip"),
        "{disposition}"
    );
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zipped)).unwrap();
    assert_eq!(archive.len(), ALL.len() + 1);
    for (name, bytes) in &downloaded {
        let mut entry = archive.by_name(name).unwrap();
        let mut inside = Vec::new();
        entry.read_to_end(&mut inside).unwrap();
        assert_eq!(&inside, bytes, "{name}");
    }
    let mut manifest = String::new();
    archive
        .by_name("manifest.json")
        .unwrap()
        .read_to_string(&mut manifest)
        .unwrap();
    let manifest: Value = serde_json::from_str(&manifest).unwrap();
    assert_eq!(manifest["source_asset_id"], asset.as_str());
    let listed = manifest["files"].as_array().unwrap();
    assert_eq!(listed.len(), ALL.len());
    assert_eq!(listed[0]["file"], "glow-co-summer-serum-amazon_main.jpg");
    assert!(listed[0]["checks"]
        .as_array()
        .unwrap()
        .iter()
        .any(|c| c["rule"] == "white_background" && c["ok"] == true));
}

async fn bad_export_requests_are_refused_and_store_nothing(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("seller@example.com").await;
    let (project, asset) = generated_image(&app, &session).await;

    let refusals = [
        (
            json!({"targets": ["amazon_main", "tiktok"]}),
            "Unknown export target 'tiktok'",
        ),
        (
            json!({"targets": ["reel"]}),
            "reel needs a video; this file is an image",
        ),
        (json!({"targets": []}), "Choose at least one export target"),
        (json!({}), "Choose at least one export target"),
        (
            json!({"targets": vec!["etsy"; 13]}),
            "At most 12 export targets at once",
        ),
    ];
    for (body, reason) in refusals {
        let response = start_export(&app, &session, &asset, body.clone()).await;
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert!(message.contains(reason), "{body}: {message}");
    }

    // Another user's image is not found.
    let other = app.signup("other@example.com").await;
    let response = start_export(&app, &other, &asset, json!({"targets": ["etsy"]})).await;
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;

    // A video is not an image.
    let scene = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await["data"]["scenes"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let response = app
        .authed(&session, Method::POST, "/api/generate/video")
        .json(&json!({
            "project_id": project, "scene_id": scene, "prompt": "slow orbit",
            "duration": 5, "context": {"quality": "low", "resolution": "1024x1024"},
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let video: Value = response.json().await.unwrap();
    let video = video["data"]["job_id"].as_str().unwrap().to_owned();
    assert_eq!(
        app.wait_for_job(&session, &video).await["status"],
        "completed"
    );
    let response = start_export(
        &app,
        &session,
        &video,
        json!({"targets": ["instagram_story"]}),
    )
    .await;
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert!(
        message.contains("needs an image; this file is a video"),
        "{message}"
    );

    // Nothing was stored: the campaign still holds the image and the video only.
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    assert_eq!(
        storyboard["data"]["scenes"][0]["media"]
            .as_array()
            .unwrap()
            .len(),
        2,
        "{storyboard}"
    );
}
