//! The engine choice with a hosted image model (a stand-in for the OpenAI Images API that
//! answers an edit with the picture it was sent, recoloured everywhere): each engine value
//! draws with its engine and says so in the asset's metadata, the exact product falls back to
//! a stand-in without a photo, and a refused scene is refunded.

use std::io::Cursor;

use base64::Engine as _;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use wiremock::matchers::{method, path};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

use crate::jobs::{entries_for, open_events, project_and_scene, read_events};
use crate::on_both_databases;
use crate::support::{spawn_app_with, Db, Session, TestApp};

on_both_databases!(
    each_engine_draws_as_chosen_and_says_who_painted_the_scene,
    without_a_product_photo_the_exact_scene_has_a_stand_in_and_says_so,
    a_refused_exact_scene_fails_with_the_reason_and_is_refunded,
    an_edited_hosted_scene_exports_a_clean_packshot_of_its_product_photo,
    exports_of_a_hosted_scene_call_no_model_and_stay_free,
);

fn encode(image: &image::RgbaImage) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// The bytes of one multipart part by name.
fn part(request: &Request, name: &str) -> Option<Vec<u8>> {
    let content_type = request.headers.get("content-type")?.to_str().ok()?;
    let boundary = content_type.split("boundary=").nth(1)?;
    let delimiter = format!("--{boundary}");
    let body = &request.body;
    let positions: Vec<usize> = body
        .windows(delimiter.len())
        .enumerate()
        .filter(|(_, w)| *w == delimiter.as_bytes())
        .map(|(i, _)| i)
        .collect();
    positions.windows(2).find_map(|pair| {
        let chunk = &body[pair[0] + delimiter.len() + 2..pair[1] - 2];
        let split = chunk.windows(4).position(|w| w == b"\r\n\r\n")?;
        let head = String::from_utf8_lossy(&chunk[..split]);
        head.contains(&format!("name=\"{name}\""))
            .then(|| chunk[split + 4..].to_vec())
    })
}

/// Answers an edit with its picture (`image`, else the first `image[]`) recoloured; refuses
/// a prompt asking for something forbidden.
struct Recolouring;

impl Respond for Recolouring {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let prompt = String::from_utf8(part(request, "prompt").unwrap_or_default()).unwrap();
        if prompt.contains("forbidden") {
            return ResponseTemplate::new(400).set_body_json(json!({"error": {
                "code": "moderation_blocked", "message": "Rejected by the safety system."}}));
        }
        let sent = part(request, "image")
            .or_else(|| part(request, "image[]"))
            .expect("an edit carries a picture");
        let sent = image::load_from_memory(&sent).unwrap().to_rgba8();
        let answer = image::RgbaImage::from_fn(sent.width(), sent.height(), |x, y| {
            let p = sent.get_pixel(x, y);
            image::Rgba([255 - p[0], p[2], p[1], 255])
        });
        let b64 = base64::engine::general_purpose::STANDARD.encode(encode(&answer));
        ResponseTemplate::new(200).set_body_json(json!({
            "created": 1, "data": [{"b64_json": b64}], "usage": {"total_tokens": 900},
        }))
    }
}

async fn images_api() -> MockServer {
    let server = MockServer::start().await;
    Mock::given(method("POST"))
        .and(path("/v1/images/edits"))
        .respond_with(Recolouring)
        .mount(&server)
        .await;
    let plain = base64::engine::general_purpose::STANDARD.encode(encode(
        &image::RgbaImage::from_pixel(1024, 1024, image::Rgba([90, 160, 210, 255])),
    ));
    Mock::given(method("POST"))
        .and(path("/v1/images/generations"))
        .respond_with(ResponseTemplate::new(200).set_body_json(
            json!({"created": 1, "data": [{"b64_json": plain}], "usage": {"total_tokens": 10}}),
        ))
        .mount(&server)
        .await;
    server
}

async fn hosted_app(db: Db, api: &MockServer) -> TestApp {
    let base_url = format!("{}/v1", api.uri());
    spawn_app_with(
        db,
        &[
            ("STUDIO_IMAGE_PROVIDER", "openai"),
            ("OPENAI_API_KEY", "sk-exact"),
            ("OPENAI_BASE_URL", base_url.as_str()),
        ],
    )
    .await
}

async fn upload_photo(app: &TestApp, session: &Session, project: &str, scene: &str) {
    let form = reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(crate::files::png(600, 800))
                .file_name("box.png")
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

/// Starts an image with `engine` (none: the default); its end event, or the refusal.
async fn image_with(
    app: &TestApp,
    session: &Session,
    (project, scene): (&str, &str),
    engine: Option<&str>,
    prompt: &str,
) -> (StatusCode, Value) {
    let mut body = json!({
        "project_id": project, "scene_id": scene, "prompt": prompt,
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

/// The stored asset's metadata, read from the storyboard.
async fn metadata_of(app: &TestApp, session: &Session, project: &str, job: &Value) -> Value {
    let storyboard = app
        .get_json(session, &format!("/api/projects/{project}/storyboard"))
        .await;
    storyboard["data"]["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["media"].as_array().unwrap().clone())
        .find(|m| m["id"] == *job)
        .unwrap_or_else(|| panic!("no asset {job}"))["file_metadata"]
        .clone()
}

async fn stored_image(app: &TestApp, session: &Session, event: &Value) -> image::RgbaImage {
    let file = app
        .authed(
            session,
            Method::GET,
            event["asset"]["url"].as_str().unwrap(),
        )
        .send()
        .await
        .unwrap();
    image::load_from_memory(&file.bytes().await.unwrap())
        .unwrap()
        .to_rgba8()
}

async fn each_engine_draws_as_chosen_and_says_who_painted_the_scene(db: Db) {
    let api = images_api().await;
    let app = hosted_app(db, &api).await;
    let session = app.signup("exact@example.com").await;

    let providers = app.get_json(&session, "/api/health/providers").await;
    let image = providers["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["capability"] == "image")
        .unwrap()
        .clone();
    assert_eq!(
        image["engines"],
        json!(["hosted_exact", "hosted", "studio"])
    );

    let (project, scene) = project_and_scene(&app, &session).await;
    upload_photo(&app, &session, &project, &scene).await;
    let target = (project.as_str(), scene.as_str());
    let prompt = "a red box on a sunny oak table";

    // The default: the model paints around the exact product.
    let (_, default) = image_with(&app, &session, target, None, prompt).await;
    assert_eq!(default["status"], "completed", "{default}");
    let sent = api.received_requests().await.unwrap();
    assert_eq!(sent.len(), 1);
    assert_eq!(sent[0].url.path(), "/v1/images/edits");
    let canvas = image::load_from_memory(&part(&sent[0], "image").unwrap())
        .unwrap()
        .to_rgba8();
    let mask = image::load_from_memory(&part(&sent[0], "mask").unwrap())
        .unwrap()
        .to_rgba8();
    assert_eq!(canvas.dimensions(), (1024, 1024));
    assert_eq!(mask.dimensions(), (1024, 1024));
    let meta = metadata_of(&app, &session, &project, &default["job_id"]).await;
    assert_eq!(meta["scene_by"], "gpt-image-1", "{meta}");
    assert_eq!(meta["product_exact"], true, "{meta}");
    // The stored picture shows the product's own red where the mask protected it, and the
    // model's recoloured ground elsewhere.
    let stored = stored_image(&app, &session, &default).await;
    let (mut product, mut kept) = (0, 0);
    for (x, y, m) in mask.enumerate_pixels() {
        if m[3] == 255 && x % 4 == 0 && y % 4 == 0 {
            product += 1;
            let (s, c) = (stored.get_pixel(x, y), canvas.get_pixel(x, y));
            kept += ((0..3).all(|k| (s[k] as i32 - c[k] as i32).abs() <= 1)) as u32;
        }
    }
    assert!(
        product > 1000 && kept * 100 >= product * 95,
        "{kept} of {product}"
    );
    let corner = stored.get_pixel(4, 4);
    let sent_corner = canvas.get_pixel(4, 4);
    assert_eq!(
        corner[0],
        255 - sent_corner[0],
        "the model's scene around it"
    );

    // Asked for by name.
    let (_, exact) = image_with(&app, &session, target, Some("hosted_exact"), prompt).await;
    assert_eq!(exact["status"], "completed", "{exact}");
    assert!(part(&api.received_requests().await.unwrap()[1], "mask").is_some());

    // AI redraw: the photo goes to the model, which redraws everything.
    let (_, redraw) = image_with(&app, &session, target, Some("hosted"), prompt).await;
    assert_eq!(redraw["status"], "completed", "{redraw}");
    let sent = api.received_requests().await.unwrap();
    assert_eq!(sent.len(), 3);
    assert!(part(&sent[2], "image[]").is_some() && part(&sent[2], "mask").is_none());
    let meta = metadata_of(&app, &session, &project, &redraw["job_id"]).await;
    assert_eq!(meta["scene_by"], "gpt-image-1");
    assert_eq!(meta["product_exact"], false);

    // The studio engine: nothing reaches the model.
    let (_, studio) = image_with(&app, &session, target, Some("studio"), prompt).await;
    assert_eq!(studio["status"], "completed", "{studio}");
    assert_eq!(api.received_requests().await.unwrap().len(), 3);
    let meta = metadata_of(&app, &session, &project, &studio["job_id"]).await;
    assert_eq!(meta["scene_by"], "studio engine");
    assert_eq!(meta["product_exact"], true);

    let (status, unknown) = image_with(&app, &session, target, Some("magic"), prompt).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{unknown}");
    assert!(unknown["message"]
        .as_str()
        .unwrap()
        .contains("hosted_exact, hosted, studio"));
    assert_eq!(
        app.balance(&session).await,
        96,
        "four images, one credit each"
    );
}

async fn without_a_product_photo_the_exact_scene_has_a_stand_in_and_says_so(db: Db) {
    let api = images_api().await;
    let app = hosted_app(db, &api).await;
    let session = app.signup("nophoto@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let (_, done) = image_with(
        &app,
        &session,
        (&project, &scene),
        Some("hosted_exact"),
        "a serum bottle on marble",
    )
    .await;
    assert_eq!(done["status"], "completed", "{done}");
    let sent = api.received_requests().await.unwrap();
    assert_eq!(sent[0].url.path(), "/v1/images/generations");
    let meta = metadata_of(&app, &session, &project, &done["job_id"]).await;
    assert_eq!(meta["product_exact"], false);
    assert!(
        meta["stand_in_product"]
            .as_str()
            .unwrap_or_default()
            .starts_with("No product photo was given"),
        "{meta}"
    );
}

async fn a_refused_exact_scene_fails_with_the_reason_and_is_refunded(db: Db) {
    let api = images_api().await;
    let app = hosted_app(db, &api).await;
    let session = app.signup("refused@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    upload_photo(&app, &session, &project, &scene).await;
    let (_, failed) = image_with(
        &app,
        &session,
        (&project, &scene),
        None,
        "something forbidden on a table",
    )
    .await;
    assert_eq!(failed["status"], "failed", "{failed}");
    assert_eq!(
        failed["error"],
        "The request was refused by the content policy. Change the prompt and try again. \
         Your credits were refunded."
    );
    let job = failed["job_id"].as_str().unwrap();
    let ledger = app.ledger(&session).await;
    assert_eq!(entries_for(&ledger, job, "refund").len(), 1);
    assert_eq!(app.balance(&session).await, 100);
}

/// Without a hosted image model only the studio engine exists, and asking for a hosted one
/// is refused before anything is charged.
#[tokio::test]
async fn without_a_hosted_model_only_the_studio_engine_is_offered() {
    let app = crate::support::spawn_app_with(Db::Sqlite, &[]).await;
    let session = app.signup("offline-exact@example.com").await;
    let providers = app.get_json(&session, "/api/health/providers").await;
    let image = providers["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["capability"] == "image")
        .unwrap()
        .clone();
    assert_eq!(image["engines"], json!(["studio"]));
    let (project, scene) = project_and_scene(&app, &session).await;
    let (status, refused) = image_with(
        &app,
        &session,
        (&project, &scene),
        Some("hosted_exact"),
        "a jar",
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused["message"],
        "No hosted image model is configured: leave engine out or choose studio"
    );
    assert_eq!(app.balance(&session).await, 100);
}

async fn an_edited_hosted_scene_exports_a_clean_packshot_of_its_product_photo(db: Db) {
    use crate::exports::{assert_rules, download, start_export, wait_for_export};
    let api = images_api().await;
    let app = hosted_app(db, &api).await;
    let session = app.signup("packshot@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    upload_photo(&app, &session, &project, &scene).await;
    let target = (project.as_str(), scene.as_str());
    let (_, made) = image_with(&app, &session, target, None, "a red box on a sunny table").await;
    assert_eq!(made["status"], "completed", "{made}");
    // The model redraws the whole picture, product included (the brush covers it all): the
    // edited picture holds no pixel of the seller's photo.
    let everything = image::GrayImage::from_pixel(1024, 1024, image::Luma([255]));
    let mut mask = Cursor::new(Vec::new());
    everything
        .write_to(&mut mask, image::ImageFormat::Png)
        .unwrap();
    let response = app
        .image_edit(
            &session,
            target,
            made["job_id"].as_str().unwrap(),
            "evening light",
            mask.into_inner(),
            Some("hosted"),
        )
        .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let edit = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let done = app.wait_for_job(&session, &edit).await;
    assert_eq!(done["status"], "completed", "{done}");
    let meta = metadata_of(&app, &session, &project, &json!(edit)).await;
    assert_eq!(meta["product_exact"], false, "{meta}");

    let targets = ["amazon_main", "transparent_png", "instagram_feed"];
    let response = start_export(&app, &session, &edit, json!({ "targets": targets })).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let view = wait_for_export(&app, &session, &job).await;
    assert_eq!(view["status"], "completed", "{view}");
    let photo = image::load_from_memory(&crate::files::png(600, 800))
        .unwrap()
        .to_rgba8();
    let edited = stored_image(
        &app,
        &session,
        &json!({"asset": {"url": format!("/api/media/file/{edit}")}}),
    )
    .await;
    for file in view["files"].as_array().unwrap() {
        let target = file["target"].as_str().unwrap();
        let (_, bytes) = download(&app, &session, file["download_url"].as_str().unwrap()).await;
        if target == "instagram_feed" {
            // The square picture in a 4:5 frame: the studio extended its own background
            // above and below (an export never calls the model), the picture itself is the
            // edited one, unchanged.
            let said = file["checks"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["rule"] == "extension")
                .unwrap()
                .clone();
            assert_eq!(
                said["detail"], "The margins continue the picture's own background, blurred.",
                "{said}"
            );
            let img = image::load_from_memory(&bytes).unwrap().to_rgba8();
            let scaled =
                image::imageops::resize(&edited, 1080, 1080, image::imageops::FilterType::Lanczos3);
            let (mut diff, mut n) = (0f64, 0u64);
            for (x, y, p) in scaled.enumerate_pixels() {
                let q = img.get_pixel(x, y + 135);
                diff += (0..3)
                    .map(|c| (p[c] as f64 - q[c] as f64).abs())
                    .sum::<f64>()
                    / 3.0;
                n += 1;
            }
            assert!(
                diff / n as f64 <= 4.0,
                "the picture is kept: {}",
                diff / n as f64
            );
            continue;
        }
        // Pure white (or alpha 0) outside the product, the product filling 85-95 %.
        assert_rules(target, &bytes, file["checks"].as_array().unwrap());
        // The product is the photo's: its colours, not the model's recolouring of them.
        let img = image::load_from_memory(&bytes).unwrap().to_rgba8();
        let product: Vec<[u8; 3]> = img
            .pixels()
            .filter(|p| p[3] == 255 && p[0].min(p[1]).min(p[2]) < 200)
            .map(|p| [p[0], p[1], p[2]])
            .step_by(7)
            .collect();
        assert!(product.len() > 1000, "{target}: {}", product.len());
        // The photo's colours, in 8-level bins per channel: a pixel is the photo's when a bin
        // within 12 levels of it holds a colour of the photo.
        let mut photo_bins = vec![false; 32 * 32 * 32];
        for p in photo.pixels() {
            photo_bins
                [(p[0] as usize >> 3) << 10 | (p[1] as usize >> 3) << 5 | p[2] as usize >> 3] =
                true;
        }
        let near =
            |v: u8| (v.saturating_sub(12) as usize >> 3)..=(v.saturating_add(12) as usize >> 3);
        let from_photo = product
            .iter()
            .filter(|c| {
                near(c[0]).any(|r| {
                    near(c[1]).any(|g| near(c[2]).any(|b| photo_bins[r << 10 | g << 5 | b]))
                })
            })
            .count();
        assert!(
            from_photo * 10 >= product.len() * 9,
            "{target}: {from_photo} of {} product pixels have the photo's colours",
            product.len()
        );
    }
}

/// Exports are free, so they never call the paid model: a hosted scene exported three times
/// to the targets whose ratio differs from its own has its margins extended by the studio,
/// and the model stand-in is asked for the scene alone.
async fn exports_of_a_hosted_scene_call_no_model_and_stay_free(db: Db) {
    use crate::exports::{start_export, wait_for_export};
    let api = images_api().await;
    let app = hosted_app(db, &api).await;
    let session = app.signup("free-exports@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    upload_photo(&app, &session, &project, &scene).await;
    let target = (project.as_str(), scene.as_str());
    let (_, made) = image_with(&app, &session, target, None, "a red box on a sunny table").await;
    assert_eq!(made["status"], "completed", "{made}");
    let edits = |sent: &[Request]| {
        sent.iter()
            .filter(|r| r.url.path() == "/v1/images/edits")
            .count()
    };
    assert_eq!(edits(&api.received_requests().await.unwrap()), 1);
    assert_eq!(app.balance(&session).await, 99);

    let scene_targets = [
        "amazon_lifestyle",
        "etsy",
        "shopify",
        "instagram_feed",
        "instagram_story",
        "facebook_feed",
        "pinterest",
    ];
    for targets in [&scene_targets[..], &scene_targets[..4], &scene_targets[3..]] {
        let response = start_export(
            &app,
            &session,
            made["job_id"].as_str().unwrap(),
            json!({ "targets": targets }),
        )
        .await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
        let started: Value = response.json().await.unwrap();
        assert_eq!(started["data"]["credit_cost"], 0);
        let job = started["data"]["job_id"].as_str().unwrap().to_owned();
        let view = wait_for_export(&app, &session, &job).await;
        assert_eq!(view["status"], "completed", "{view}");
        // A square scene in a frame of another ratio says how its margins were made.
        for file in view["files"].as_array().unwrap() {
            let extension = file["checks"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["rule"] == "extension");
            let (w, h) = (
                file["width"].as_i64().unwrap(),
                file["height"].as_i64().unwrap(),
            );
            match extension {
                Some(said) => assert_eq!(
                    said["detail"], "The margins continue the picture's own background, blurred.",
                    "{file}"
                ),
                None => assert_eq!(w, h, "only a square frame needs no margins: {file}"),
            }
        }
    }
    assert_eq!(
        edits(&api.received_requests().await.unwrap()),
        1,
        "the exports called the model"
    );
    assert_eq!(app.balance(&session).await, 99, "the exports cost nothing");
}
