//! Product photos' cutouts end to end, on a real photograph (an espresso cup on a saucer on a
//! wooden café table, framed so tightly that the frame cuts off the saucer's bottom, 600×250):
//! the upload answers the automatic cutout's confidence and
//! warns when it is doubtful, before anything is charged; the seller's box and strokes
//! re-solve it (free), bad corrections are refused and change nothing, and the next scene and
//! export stage exactly the stored cutout and say how far it can be trusted.

use image::{GrayImage, ImageFormat, RgbaImage};
use reqwest::{header, Method, StatusCode};
use serde_json::{json, Value};

use crate::exports::{campaign, download, start_export, wait_for_export};
use crate::jobs::start_image;
use crate::on_both_databases;
use crate::support::{expect_error, repo_root, spawn_app, Db, Session, TestApp};

on_both_databases!(a_doubtful_cutout_warns_on_upload_and_the_seller_fixes_it_for_free);
on_both_databases!(bad_corrections_are_refused_and_change_nothing);
on_both_databases!(another_users_cutout_is_not_found);
on_both_databases!(scenes_and_exports_stage_exactly_the_stored_cutout);

const DOUBTFUL: &str = "We could not separate your product cleanly — adjust the cutout";

/// The café photo's top 250 rows: the frame cuts off the cup's foot and the saucer, which no
/// segmentation can be sure of — the product goes on beyond the photo.
fn coffee() -> Vec<u8> {
    let photo =
        std::fs::read(repo_root().join("crates/studio/tests/api/photos/coffee.png")).unwrap();
    let photo = image::load_from_memory(&photo).unwrap().into_rgba8();
    let cut = image::imageops::crop_imm(&photo, 0, 0, 600, 250).to_image();
    let mut png = std::io::Cursor::new(Vec::new());
    cut.write_to(&mut png, ImageFormat::Png).unwrap();
    png.into_inner()
}

/// Uploads the coffee photo to a new campaign; returns (project, scene, the upload's
/// reference image).
async fn coffee_photo(app: &TestApp, session: &Session) -> (String, String, Value) {
    let (project, scene) = campaign(app, session).await;
    let response = app
        .upload_photo(session, (&project, &scene), None, "coffee.png", coffee())
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    (project, scene, body["reference_image"].clone())
}

async fn cutout_call(
    app: &TestApp,
    session: &Session,
    method: Method,
    photo: &str,
    body: Option<Value>,
) -> reqwest::Response {
    let request = app.authed(
        session,
        method,
        &format!("/api/reference-images/{photo}/cutout"),
    );
    match body {
        Some(body) => request.json(&body),
        None => request,
    }
    .send()
    .await
    .unwrap()
}

/// PUTs corrections that must be accepted; returns the answer.
async fn adjust(app: &TestApp, session: &Session, photo: &str, body: Value) -> Value {
    let response = cutout_call(app, session, Method::PUT, photo, Some(body)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// The mask a cutout answer points at, decoded; it must be an 8-bit grey PNG.
async fn mask_of(app: &TestApp, session: &Session, cutout: &Value) -> (Vec<u8>, GrayImage) {
    let url = cutout["mask_url"].as_str().unwrap();
    let response = app.authed(session, Method::GET, url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "GET {url}");
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    let bytes = response.bytes().await.unwrap().to_vec();
    let decoded = image::load_from_memory_with_format(&bytes, ImageFormat::Png).unwrap();
    assert_eq!(decoded.color(), image::ColorType::L8, "an 8-bit grey PNG");
    (bytes, decoded.into_luma8())
}

/// Whether every pixel within `radius` of (x, y) has `value` in `mask`.
fn painted(mask: &GrayImage, (x, y): (u32, u32), radius: u32, value: u8) -> bool {
    (y - radius..=y + radius)
        .flat_map(|py| (x - radius..=x + radius).map(move |px| (px, py)))
        .filter(|&(px, py)| px.abs_diff(x).pow(2) + py.abs_diff(y).pow(2) <= radius * radius)
        .all(|(px, py)| mask.get_pixel(px, py)[0] == value)
}

/// The correction the tests make: a box around cup and saucer, and a remove stroke over the
/// spoon's handle (the part of the "product" the seller does not sell).
fn box_and_stroke() -> Value {
    json!({
        "box": [70, 15, 485, 250],
        "remove": [[[411, 70], [406, 100], [401, 128]]],
        "keep": [[[290, 150], [300, 160]]],
        "brush_px": 24,
    })
}

async fn a_doubtful_cutout_warns_on_upload_and_the_seller_fixes_it_for_free(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("cup@example.com").await;
    let before = app.ledger(&session).await;
    let (project, scene, photo) = coffee_photo(&app, &session).await;
    let id = photo["id"].as_str().unwrap();

    // The upload already says the automatic cutout is doubtful: the saucer runs out of the
    // photo's bottom edge.
    let cutout = &photo["cutout"];
    assert_eq!(cutout["source"], "auto", "{photo}");
    assert!(cutout["confidence"].as_f64().unwrap() < 0.6, "{cutout}");
    assert_eq!(cutout["warning"], DOUBTFUL);
    // The listings say so too, and GET answers the same cutout.
    for path in [
        format!("/api/reference-images/scene/{scene}"),
        format!("/api/reference-images/project/{project}"),
    ] {
        let listed = app.get_json(&session, &path).await;
        assert_eq!(listed["reference_images"][0]["cutout"], *cutout, "{path}");
    }
    let got = app
        .get_json(&session, &format!("/api/reference-images/{id}/cutout"))
        .await;
    assert_eq!(got, *cutout);
    let (_, auto_mask) = mask_of(&app, &session, cutout).await;
    assert_eq!(auto_mask.dimensions(), (600, 250), "the photo's size");

    // The seller's box and strokes re-solve it: theirs now, no warning.
    let adjusted = adjust(&app, &session, id, box_and_stroke()).await;
    assert_eq!(adjusted["source"], "seller");
    assert_eq!(adjusted["warning"], Value::Null);
    assert_ne!(adjusted["mask_url"], cutout["mask_url"]);
    let (_, mask) = mask_of(&app, &session, &adjusted).await;
    assert_eq!(mask.dimensions(), (600, 250));
    assert!(
        painted(&mask, (406, 100), 4, 0),
        "the removed spoon is background"
    );
    assert!(
        painted(&mask, (295, 155), 10, 255),
        "the kept coffee is product"
    );
    for (x, y) in [(10, 10), (30, 200), (590, 245), (520, 100)] {
        assert_eq!(mask.get_pixel(x, y)[0], 0, "outside the box at {x},{y}");
    }
    let values: std::collections::BTreeSet<u8> = mask.pixels().map(|p| p[0]).collect();
    assert!(values.contains(&0) && values.contains(&255), "{values:?}");
    let got = app
        .get_json(&session, &format!("/api/reference-images/{id}/cutout"))
        .await;
    assert_eq!(got, adjusted);

    // DELETE goes back to the automatic cutout.
    let response = cutout_call(&app, &session, Method::DELETE, id, None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let reset: Value = response.json().await.unwrap();
    assert_eq!(reset["source"], "auto");
    assert_eq!(reset["warning"], DOUBTFUL);
    assert_eq!(reset["confidence"], cutout["confidence"]);
    let (_, reset_mask) = mask_of(&app, &session, &reset).await;
    assert_eq!(
        reset_mask, auto_mask,
        "the same automatic mask as on upload"
    );

    // Uploading, adjusting and resetting cost nothing.
    assert_eq!(app.ledger(&session).await, before);
}

async fn bad_corrections_are_refused_and_change_nothing(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("strokes@example.com").await;
    let (_, _, photo) = coffee_photo(&app, &session).await;
    let id = photo["id"].as_str().unwrap();
    let adjusted = adjust(&app, &session, id, box_and_stroke()).await;
    let (mask_bytes, _) = mask_of(&app, &session, &adjusted).await;

    let many_strokes: Vec<Value> = (0..10_000).map(|i| json!([[i % 600, 10]])).collect();
    let long_stroke: Vec<Value> = (0..20_001).map(|i| json!([i % 600, 10])).collect();
    let refused: Vec<(Value, &str)> = vec![
        (
            json!({"remove": [[[10, 10], [601, 10]]]}),
            "[601, 10] is outside the photo",
        ),
        (json!({"keep": [[[-1, 10]]]}), "outside the photo"),
        (
            json!({"box": [0, 0, 600, 401]}),
            "The box must lie on the photo",
        ),
        (json!({"box": [100, 100, 100, 300]}), "empty or inverted"),
        (json!({"box": [300, 100, 100, 300]}), "empty or inverted"),
        (json!({"remove": many_strokes}), "At most 200 strokes"),
        (json!({"keep": [long_stroke]}), "At most 20000 points"),
        (
            json!({"keep": [[[10, 10]]], "brush_px": 0}),
            "brush_px must be",
        ),
        (
            json!({"keep": [[[10, 10]]], "brush_px": 100000}),
            "brush_px must be",
        ),
        (json!({"keep": [[]]}), "at least one point"),
        (json!({}), "Give a box"),
        (json!({"brush_px": 12}), "Give a box"),
        (json!({"box": "the cup"}), ""),
        (json!({"keep": [[[10]]]}), ""),
        (json!({"keep": [[[10, 10]]], "erase": true}), ""),
        (json!([1, 2, 3]), ""),
    ];
    for (body, says) in refused {
        let response = cutout_call(&app, &session, Method::PUT, id, Some(body.clone())).await;
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert!(message.contains(says), "{body}: {message}");
        // Nothing changed: the same cutout, the same mask bytes.
        let got = app
            .get_json(&session, &format!("/api/reference-images/{id}/cutout"))
            .await;
        assert_eq!(got, adjusted, "{body}");
        let (bytes, _) = mask_of(&app, &session, &got).await;
        assert!(bytes == mask_bytes, "{body}: the mask changed");
    }
    // A body that is not JSON is refused the same way.
    let response = app
        .authed(
            &session,
            Method::PUT,
            &format!("/api/reference-images/{id}/cutout"),
        )
        .header(header::CONTENT_TYPE, "text/plain")
        .body("box=1,2,3,4")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let got = app
        .get_json(&session, &format!("/api/reference-images/{id}/cutout"))
        .await;
    assert_eq!(got, adjusted);
}

async fn another_users_cutout_is_not_found(db: Db) {
    let app = spawn_app(db).await;
    let owner = app.signup("owner@example.com").await;
    let (_, _, photo) = coffee_photo(&app, &owner).await;
    let id = photo["id"].as_str().unwrap();
    let mask_url = photo["cutout"]["mask_url"].as_str().unwrap();
    let other = app.signup("other@example.com").await;
    for (method, body) in [
        (Method::GET, None),
        (Method::PUT, Some(box_and_stroke())),
        (Method::DELETE, None),
    ] {
        let response = cutout_call(&app, &other, method.clone(), id, body).await;
        let message = expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
        assert_eq!(message, "Reference image not found", "{method}");
    }
    let response = app
        .authed(&other, Method::GET, mask_url)
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    // Without a session nothing is served either.
    let response = app.request(Method::GET, mask_url).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    // The owner's cutout is untouched.
    let got = app
        .get_json(&owner, &format!("/api/reference-images/{id}/cutout"))
        .await;
    assert_eq!(got, photo["cutout"]);
}

/// The decoded transparent export must be the stored mask over the photo, exactly: the
/// box of the mask's values over 8 cropped out (matte noise under 8 cleared), with a
/// transparent margin.
fn assert_follows_mask(export: &RgbaImage, mask: &GrayImage, photo: &RgbaImage) {
    let kept = |v: u8| v >= 8;
    let mut b = [u32::MAX, u32::MAX, 0, 0];
    for (x, y, p) in mask.enumerate_pixels() {
        if p[0] > 8 {
            b = [b[0].min(x), b[1].min(y), b[2].max(x + 1), b[3].max(y + 1)];
        }
    }
    let (w, h) = (b[2] - b[0], b[3] - b[1]);
    let margin = (export.width() - w) / 2;
    assert_eq!(export.dimensions(), (w + 2 * margin, h + 2 * margin));
    for y in 0..h {
        for x in 0..w {
            let m = mask.get_pixel(b[0] + x, b[1] + y)[0];
            let out = export.get_pixel(margin + x, margin + y);
            let want = if kept(m) { m } else { 0 };
            assert_eq!(out[3], want, "alpha at {},{}", b[0] + x, b[1] + y);
            // The soft edge takes the product's nearest opaque colour, so that no ring of
            // the photo's background comes along; the opaque product is the photo's own.
            if want == 255 {
                let p = photo.get_pixel(b[0] + x, b[1] + y);
                assert_eq!(
                    &out.0[..3],
                    &p.0[..3],
                    "colour at {},{}",
                    b[0] + x,
                    b[1] + y
                );
            }
        }
    }
}

async fn scenes_and_exports_stage_exactly_the_stored_cutout(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("scene@example.com").await;
    let (project, scene, photo) = coffee_photo(&app, &session).await;
    let id = photo["id"].as_str().unwrap();

    // A scene from the doubtful automatic cutout records it, and its export fails the
    // product_cutout rule, asking for an adjusted cutout.
    let job = start_image(&app, &session, &project, &scene, "espresso on white marble").await;
    let done = app.wait_for_job(&session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let metadata = metadata_of(&app, &session, &project, &job).await;
    assert_eq!(metadata["cutout_source"], "auto", "{metadata}");
    assert_eq!(metadata["cutout_confidence"], photo["cutout"]["confidence"]);
    assert_eq!(metadata["cutout_warning"], DOUBTFUL);
    let view = exported(&app, &session, &job, &["amazon_main"]).await;
    let check = rule(&view, "amazon_main", "product_cutout");
    assert_eq!(check["ok"], false, "{check}");
    assert!(
        check["detail"]
            .as_str()
            .unwrap()
            .contains("adjust the cutout"),
        "{check}"
    );

    // The seller removes the spoon; the next scene and its exports use exactly that.
    let adjusted = adjust(&app, &session, id, box_and_stroke()).await;
    let (_, mask) = mask_of(&app, &session, &adjusted).await;
    let job = start_image(&app, &session, &project, &scene, "espresso on white marble").await;
    let done = app.wait_for_job(&session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let metadata = metadata_of(&app, &session, &project, &job).await;
    assert_eq!(metadata["cutout_source"], "seller", "{metadata}");
    assert_eq!(metadata["cutout_confidence"], adjusted["confidence"]);
    assert_eq!(metadata.get("cutout_warning"), None, "{metadata}");

    let view = exported(&app, &session, &job, &["amazon_main", "transparent_png"]).await;
    let photo_pixels = image::load_from_memory(&coffee()).unwrap().into_rgba8();
    let transparent_url = file_of(&view, "transparent_png")["download_url"]
        .as_str()
        .unwrap()
        .to_owned();
    let (_, transparent) = download(&app, &session, &transparent_url).await;
    let transparent = image::load_from_memory_with_format(&transparent, ImageFormat::Png)
        .unwrap()
        .into_rgba8();
    assert_follows_mask(&transparent, &mask, &photo_pixels);
    for target in ["amazon_main", "transparent_png"] {
        let check = rule(&view, target, "product_cutout");
        assert_eq!(check["ok"], true, "{target}: {check}");
        assert_eq!(check["detail"], "the seller adjusted the product's cutout");
    }
    // The cup is 600×250 with the product about 415 px wide: the 2000×2000 main image
    // enlarges it over 4×, and says so with the photo it needs.
    let resolution = rule(&view, "amazon_main", "source_resolution");
    assert_eq!(resolution["ok"], false, "{resolution}");
    let detail = resolution["detail"].as_str().unwrap();
    assert!(detail.starts_with("the product is enlarged 4."), "{detail}");
    assert!(
        detail.contains("; a photo at least 900 px on the product's long side is needed"),
        "{detail}"
    );
    let kept = rule(&view, "transparent_png", "source_resolution");
    assert_eq!(kept["ok"], true, "the cutout keeps its pixels: {kept}");
    // The main image's product is the masked product: its non-white box has the shape of
    // the cutout's opaque box.
    let main_url = file_of(&view, "amazon_main")["download_url"]
        .as_str()
        .unwrap()
        .to_owned();
    let (_, main) = download(&app, &session, &main_url).await;
    let main = image::load_from_memory(&main).unwrap().into_rgba8();
    let shape = |b: [u32; 4]| (b[2] - b[0]) as f32 / (b[3] - b[1]) as f32;
    let shown = shape(bbox(&main, |p| p[0].min(p[1]).min(p[2]) < 250));
    let cut = shape(bbox(&transparent, |p| p[3] > 0));
    assert!(
        (shown - cut).abs() < 0.03,
        "main image's product {shown:.3} vs cutout {cut:.3}"
    );
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

/// Exports the asset to `targets` and waits for the files.
async fn exported(app: &TestApp, session: &Session, asset: &str, targets: &[&str]) -> Value {
    let response = start_export(app, session, asset, json!({"targets": targets})).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    let view = wait_for_export(app, session, body["data"]["job_id"].as_str().unwrap()).await;
    assert_eq!(view["status"], "completed", "{view}");
    view
}

fn file_of<'a>(view: &'a Value, target: &str) -> &'a Value {
    view["files"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["target"] == target)
        .unwrap_or_else(|| panic!("no {target} file in {view}"))
}

fn rule<'a>(view: &'a Value, target: &str, name: &str) -> &'a Value {
    file_of(view, target)["checks"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["rule"] == name)
        .unwrap_or_else(|| panic!("{target} has no {name} check: {view}"))
}

/// The stored asset's metadata, read from the storyboard.
async fn metadata_of(app: &TestApp, session: &Session, project: &str, asset: &str) -> Value {
    let storyboard = app
        .get_json(session, &format!("/api/projects/{project}/storyboard"))
        .await;
    storyboard["data"]["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["media"].as_array().unwrap().clone())
        .find(|m| m["id"] == asset)
        .unwrap_or_else(|| panic!("no asset {asset}"))["file_metadata"]
        .clone()
}
