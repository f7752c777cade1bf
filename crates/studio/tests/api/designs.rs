//! Ad designs end to end: a headline, offer and call to action set over a generated scene in
//! the project's brand kit, as a new picture of the campaign that cost nothing; the text keeps
//! off the product (a magenta bottle, easy to find pixel by pixel); editing the headline sets
//! it again over the same clean picture; a headline that cannot be set legibly is refused and
//! stores nothing; another user's picture is 404.

use image::{Rgba, RgbaImage};
use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::brand_kits::{logo_png, upload_logo};
use crate::chat::send_ok;
use crate::exports::{campaign, start_export, wait_for_export};
use crate::jobs::start_image;
use crate::on_both_databases;
use crate::support::{expect_error, fetch_picture, spawn_app, Db, Session, TestApp};

on_both_databases!(a_design_keeps_off_the_product_and_edits_set_it_again);
on_both_databases!(a_headline_that_cannot_fit_is_refused_and_nothing_is_stored);
on_both_databases!(exporting_a_design_keeps_the_marketplace_image_clean_and_relays_the_story);
on_both_databases!(an_ad_asked_for_in_the_chat_is_set_on_the_latest_picture_for_free);
on_both_databases!(a_design_reads_the_product_mask_stored_beside_its_picture);

/// A magenta bottle on transparency: its own alpha is its cutout.
fn bottle_png() -> Vec<u8> {
    let bottle = RgbaImage::from_fn(300, 600, |x, y| {
        let body = (60..240).contains(&x) && (180..580).contains(&y);
        let neck = (120..180).contains(&x) && (60..180).contains(&y);
        if body || neck {
            Rgba([255, 0, 255, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    let mut png = std::io::Cursor::new(Vec::new());
    bottle.write_to(&mut png, image::ImageFormat::Png).unwrap();
    png.into_inner()
}

/// Keeps a picture in the temp dir (`campaign-studio-designs/`) for looking at.
fn save(image: &RgbaImage, name: &str) {
    let dir = std::env::temp_dir().join("campaign-studio-designs");
    std::fs::create_dir_all(&dir).unwrap();
    image.save(dir.join(format!("{name}.png"))).unwrap();
}

fn is_product(p: &Rgba<u8>) -> bool {
    p[0] > 200 && p[1] < 60 && p[2] > 200
}

/// A scene generated from the bottle's photo in a new campaign; returns (project, picture id).
async fn scene_with_bottle(app: &TestApp, session: &Session) -> (String, String) {
    let (project, scene) = campaign(app, session).await;
    let picture = bottle_scene_in(app, session, &project, &scene).await;
    (project, picture)
}

/// A scene generated from the bottle's photo in the campaign `scene`; returns its picture id.
async fn bottle_scene_in(app: &TestApp, session: &Session, project: &str, scene: &str) -> String {
    let form = Form::new()
        .part("file", Part::bytes(bottle_png()).file_name("bottle.png"))
        .text("projectId", project.to_owned())
        .text("sceneId", scene.to_owned());
    let uploaded = app
        .authed(session, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    let job = start_image(app, session, project, scene, "a bottle on a marble counter").await;
    let done = app.wait_for_job(session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    job
}

async fn picture(app: &TestApp, session: &Session, id: &str) -> RgbaImage {
    fetch_picture(app, session, &format!("/api/media/file/{id}")).await
}

async fn post_design(app: &TestApp, session: &Session, id: &str, body: Value) -> reqwest::Response {
    app.authed(session, Method::POST, &format!("/api/media/{id}/designs"))
        .json(&body)
        .send()
        .await
        .unwrap()
}

fn layer<'a>(design: &'a Value, role: &str) -> &'a Value {
    design["design"]["layers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["role"] == role)
        .unwrap_or_else(|| panic!("no {role} layer: {design}"))
}

/// Every product pixel of the scene is still the product's colour in the ad.
fn assert_uncovered(ad: &RgbaImage, product: &[(u32, u32)]) {
    for &(x, y) in product {
        assert!(is_product(ad.get_pixel(x, y)), "({x}, {y}) is covered");
    }
}

/// The ad leaves the product uncovered and no layer's box reaches it.
fn assert_clear_of_the_product(ad: &RgbaImage, design: &Value, product: &[(u32, u32)]) {
    assert_uncovered(ad, product);
    for l in design["design"]["layers"].as_array().unwrap() {
        assert!(
            !product.iter().any(|&(x, y)| inside(&l["box"], x, y)),
            "{} is over the product",
            l["role"]
        );
    }
}

fn inside(b: &Value, x: u32, y: u32) -> bool {
    let (bx, by) = (b["x"].as_i64().unwrap(), b["y"].as_i64().unwrap());
    let (bw, bh) = (b["width"].as_i64().unwrap(), b["height"].as_i64().unwrap());
    let (x, y) = (i64::from(x), i64::from(y));
    x >= bx && y >= by && x < bx + bw && y < by + bh
}

async fn a_design_keeps_off_the_product_and_edits_set_it_again(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("bottler@example.com").await;
    let (project, source) = scene_with_bottle(&app, &session).await;
    let logo = upload_logo(&app, &session, &project, "logo.png", logo_png()).await;
    assert_eq!(logo.status(), StatusCode::OK);
    let balance = app.balance(&session).await;

    let response = post_design(
        &app,
        &session,
        &source,
        json!({"headline": "Glow all weekend", "offer": "20% off", "cta": "Shop now",
               "logo": true, "template": "headline_top_left"}),
    )
    .await;
    let status = response.status();
    let made: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let design = &made["data"];
    assert_eq!(design["credit_cost"], 0);
    assert_eq!(app.balance(&session).await, balance, "typesetting is free");
    assert_eq!(design["design"]["source_asset_id"], source);
    assert_eq!(layer(design, "headline")["text"], "Glow all weekend");
    assert_eq!(
        design["design"]["colours"][0], "#c44a18",
        "the kit's colours"
    );
    assert!(design["design"]["logo"].is_object(), "{design}");
    let id = design["id"].as_str().unwrap().to_owned();

    // A new picture of the same campaign, shown on the storyboard beside its source.
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    let media = storyboard["data"]["scenes"][0]["media"].as_array().unwrap();
    assert_eq!(media.len(), 2, "{storyboard}");
    let url_before = media[1]["url"].as_str().unwrap().to_owned();
    assert!(
        url_before.starts_with(&format!("/api/media/file/{id}?v=")),
        "{url_before}"
    );

    // The product's pixels are the picture's own: no text, scrim or badge over them, and
    // no text box reaches into the product.
    let clean = picture(&app, &session, &source).await;
    let ad = picture(&app, &session, &id).await;
    save(&clean, &format!("{db:?}-clean"));
    save(&ad, &format!("{db:?}-ad"));
    assert_eq!(ad.dimensions(), clean.dimensions());
    let product: Vec<(u32, u32)> = clean
        .enumerate_pixels()
        .filter(|(_, _, p)| is_product(p))
        .map(|(x, y, _)| (x, y))
        .collect();
    assert!(product.len() > 1000, "the bottle is in the scene");
    assert_clear_of_the_product(&ad, design, &product);
    // The headline is really set: its box differs from the clean picture.
    let headline_box = layer(design, "headline")["box"].clone();
    let changed = ad
        .enumerate_pixels()
        .filter(|(x, y, p)| inside(&headline_box, *x, *y) && *p != clean.get_pixel(*x, *y))
        .count();
    assert!(changed > 200, "{changed} pixels of type");

    // Editing the headline sets it again over the same clean picture, for free.
    let edited = app
        .authed(&session, Method::PATCH, &format!("/api/media/{id}/design"))
        .json(&json!({"headline": "Last day: glow for less", "offer": ""}))
        .send()
        .await
        .unwrap();
    assert_eq!(edited.status(), StatusCode::OK);
    let edited: Value = edited.json().await.unwrap();
    let edited = &edited["data"];
    assert_eq!(edited["id"], id.as_str());
    assert_eq!(layer(edited, "headline")["text"], "Last day: glow for less");
    assert!(
        edited["design"]["layers"]
            .as_array()
            .unwrap()
            .iter()
            .all(|l| l["role"] != "offer"),
        "the emptied offer is taken out: {edited}"
    );
    assert_eq!(layer(edited, "cta")["text"], "Shop now", "the rest stays");
    let again = picture(&app, &session, &id).await;
    assert_ne!(again, ad, "the file shows the new headline");
    assert_uncovered(&again, &product);
    assert_eq!(app.balance(&session).await, balance);
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    assert_eq!(
        storyboard["data"]["scenes"][0]["media"]
            .as_array()
            .unwrap()
            .len(),
        2,
        "edited in place"
    );
    // Its URL names the new version, so a browser does not show the old words.
    let url_after = storyboard["data"]["scenes"][0]["media"][1]["url"].clone();
    assert_ne!(url_after, url_before.as_str());
    let file = app
        .authed(&session, Method::GET, url_after.as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(file.headers()["cache-control"], "private, no-cache");

    // Someone else's picture or design is not found.
    let stranger = app.signup("stranger@example.com").await;
    let theirs = post_design(
        &app,
        &stranger,
        &source,
        json!({"headline": "Mine now", "template": "headline_top_left"}),
    )
    .await;
    expect_error(theirs, StatusCode::NOT_FOUND, "not_found").await;
    let theirs = app
        .authed(&stranger, Method::PATCH, &format!("/api/media/{id}/design"))
        .json(&json!({"headline": "Mine now"}))
        .send()
        .await
        .unwrap();
    expect_error(theirs, StatusCode::NOT_FOUND, "not_found").await;
}

async fn a_headline_that_cannot_fit_is_refused_and_nothing_is_stored(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("wordy@example.com").await;
    let (project, source) = scene_with_bottle(&app, &session).await;
    let designs_on_disk = || {
        let dir = app.db.data_dir.path().join("media/designs");
        std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
    };

    // One word longer than any line: it cannot wrap, and shrunk to fit it is unreadable.
    let word = "Unbelievablyextraordinarilymagnificentlyluminousserum".repeat(3);
    let refused = post_design(
        &app,
        &session,
        &source,
        json!({"headline": word, "template": "headline_top_left"}),
    )
    .await;
    let message = expect_error(refused, StatusCode::BAD_REQUEST, "validation_error").await;
    assert!(message.contains("headline"), "{message}");
    let unknown = post_design(
        &app,
        &session,
        &source,
        json!({"headline": "Sale", "template": "comic_strip"}),
    )
    .await;
    expect_error(unknown, StatusCode::BAD_REQUEST, "validation_error").await;
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    assert_eq!(
        storyboard["data"]["scenes"][0]["media"]
            .as_array()
            .unwrap()
            .len(),
        1,
        "{storyboard}"
    );
    assert_eq!(designs_on_disk(), 0);
}

/// Exports `asset` to `targets`; returns each file's (target, checks, decoded picture).
async fn exported(
    app: &TestApp,
    session: &Session,
    asset: &str,
    targets: &[&str],
) -> Vec<(String, Vec<Value>, RgbaImage)> {
    let started = start_export(app, session, asset, json!({ "targets": targets })).await;
    assert_eq!(started.status(), StatusCode::ACCEPTED);
    let started: Value = started.json().await.unwrap();
    let job = started["data"]["job_id"].as_str().unwrap().to_owned();
    let view = wait_for_export(app, session, &job).await;
    assert_eq!(view["status"], "completed", "{view}");
    let mut out = Vec::new();
    for file in view["files"].as_array().unwrap() {
        out.push((
            file["target"].as_str().unwrap().to_owned(),
            file["checks"].as_array().unwrap().clone(),
            fetch_picture(app, session, file["download_url"].as_str().unwrap()).await,
        ));
    }
    out
}

fn check<'a>(checks: &'a [Value], rule: &str) -> &'a Value {
    checks
        .iter()
        .find(|c| c["rule"] == rule)
        .unwrap_or_else(|| panic!("no {rule} check: {checks:?}"))
}

async fn exporting_a_design_keeps_the_marketplace_image_clean_and_relays_the_story(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("exporter@example.com").await;
    let (project, source) = scene_with_bottle(&app, &session).await;
    let logo = upload_logo(&app, &session, &project, "logo.png", logo_png()).await;
    assert_eq!(logo.status(), StatusCode::OK);
    let response = post_design(
        &app,
        &session,
        &source,
        json!({"headline": "Glow all weekend", "cta": "Shop now", "logo": true,
               "template": "headline_top_left"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let design: Value = response.json().await.unwrap();
    let id = design["data"]["id"].as_str().unwrap().to_owned();

    let ad = exported(&app, &session, &id, &["amazon_main", "instagram_story"]).await;
    let clean = exported(&app, &session, &source, &["instagram_story"]).await;

    // The Amazon main image is the product alone on white, made from the clean picture,
    // and says so.
    let (target, checks, main) = &ad[0];
    assert_eq!(target, "amazon_main");
    let no_text = check(checks, "no_text");
    assert_eq!(no_text["ok"], true);
    assert!(
        no_text["detail"]
            .as_str()
            .unwrap()
            .contains("clean picture"),
        "{no_text}"
    );
    let white = |p: &Rgba<u8>| p[0] > 235 && p[1] > 235 && p[2] > 235;
    let bottle = |p: &Rgba<u8>| p[0] > 150 && p[2] > 150;
    let neither = main.pixels().filter(|p| !(white(p) || bottle(p))).count();
    assert!(
        neither < 200,
        "{neither} pixels are neither white nor the bottle"
    );
    save(main, &format!("{db:?}-amazon-main"));

    // The story is the clean story with the ad laid out again over it: its type (the dark
    // ink that was not there) inside the story's safe zone, nothing on the product.
    let (target, checks, story) = &ad[1];
    assert_eq!(target, "instagram_story");
    assert_eq!(check(checks, "ad_text")["ok"], true, "{checks:?}");
    let (_, _, plain) = &clean[0];
    save(story, &format!("{db:?}-story"));
    assert_eq!(story.dimensions(), (1080, 1920));
    assert_eq!(plain.dimensions(), (1080, 1920));
    let (top, bottom) = (1920 * 14 / 100 - 16, 1920 - 1920 * 20 / 100 + 16);
    let mut changed = 0;
    for (x, y, p) in story.enumerate_pixels() {
        let q = plain.get_pixel(x, y);
        // The story was encoded once more than the plain one: judged inside the bottle's
        // edge, with room for that.
        let core = (x.saturating_sub(2)..(x + 3).min(1080)).all(|nx| {
            (y.saturating_sub(2)..(y + 3).min(1920)).all(|ny| is_product(plain.get_pixel(nx, ny)))
        });
        if core {
            assert!(
                p[0] > 170 && p[1] < 90 && p[2] > 170,
                "({x}, {y}) of the product is covered: {p:?} was {q:?}"
            );
        }
        let ink = |p: &Rgba<u8>| p[0] < 60 && p[1] < 60 && p[2] < 60;
        if ink(p) && !ink(q) {
            changed += 1;
            assert!(
                y >= top && y < bottom,
                "({x}, {y}): type outside the safe zone"
            );
        }
    }
    assert!(
        changed > 1000,
        "the ad's text is on the story ({changed} pixels)"
    );
}

/// The design a chat answer names, as the storyboard shows it.
async fn storyboard_design(app: &TestApp, session: &Session, project: &str, id: &str) -> Value {
    let storyboard = app
        .get_json(session, &format!("/api/projects/{project}/storyboard"))
        .await;
    storyboard["data"]["scenes"][0]["media"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == id)
        .unwrap_or_else(|| panic!("{id} is not on the storyboard: {storyboard}"))
        .clone()
}

async fn an_ad_asked_for_in_the_chat_is_set_on_the_latest_picture_for_free(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("adchat@example.com").await;
    let (project, scene) = campaign(&app, &session).await;

    // Before there is a picture the copy is proposed and the assistant asks for one.
    let answer = send_ok(
        &app,
        &session,
        &project,
        &scene,
        "make an Instagram ad for the weekend sale",
    )
    .await["message"]
        .clone();
    let content = answer["content"].as_str().unwrap();
    assert!(
        content.contains("There's no picture in this campaign yet"),
        "{content}"
    );
    assert_eq!(
        answer["structured_response"]["ad"]["headline"],
        "The weekend sale is on"
    );
    assert!(answer["structured_response"]["ad"]["design_id"].is_null());
    assert_eq!(answer["media"], json!([]));

    let picture_id = bottle_scene_in(&app, &session, &project, &scene).await;
    let logo = upload_logo(&app, &session, &project, "logo.png", logo_png()).await;
    assert_eq!(logo.status(), StatusCode::OK);
    let balance = app.balance(&session).await;

    // With a picture, the seller's offer goes on a design set on it, free, in the kit.
    let answer = send_ok(
        &app,
        &session,
        &project,
        &scene,
        "turn this into a facebook ad with 20% off",
    )
    .await["message"]
        .clone();
    let ad = &answer["structured_response"]["ad"];
    assert_eq!(ad["offer"], "20% off", "{answer}");
    assert_eq!(ad["template"], "offer_badge");
    let content = answer["content"].as_str().unwrap();
    assert!(content.contains("“20% off”"), "{content}");
    assert!(
        content.contains("I've set it on your latest picture"),
        "{content}"
    );
    let design_id = ad["design_id"]
        .as_str()
        .expect("a design was set")
        .to_owned();
    assert_eq!(answer["media"][0]["id"], design_id.as_str());
    assert_eq!(answer["media"][0]["type"], "image");
    assert_eq!(answer["media"][0]["creditCost"], 0);
    assert_eq!(
        answer["structured_response"]["media"]["image"]["asset_id"],
        design_id.as_str()
    );
    assert_eq!(app.balance(&session).await, balance, "designs are free");

    let shown = storyboard_design(&app, &session, &project, &design_id).await;
    let design = json!({"design": shown["file_metadata"]["design"].clone()});
    assert_eq!(design["design"]["source_asset_id"], picture_id.as_str());
    assert_eq!(layer(&design, "headline")["text"], "Treat yourself");
    assert_eq!(layer(&design, "offer")["text"], "20% off");
    assert_eq!(layer(&design, "cta")["text"], "Shop now");
    assert!(
        design["design"]["logo"].is_object(),
        "the kit's logo: {design}"
    );
    let clean = picture(&app, &session, &picture_id).await;
    let ad_file = picture(&app, &session, &design_id).await;
    save(&ad_file, &format!("{db:?}-chat-ad"));
    let headline_box = layer(&design, "headline")["box"].clone();
    let changed = ad_file
        .enumerate_pixels()
        .filter(|(x, y, p)| inside(&headline_box, *x, *y) && *p != clean.get_pixel(*x, *y))
        .count();
    assert!(changed > 200, "{changed} pixels of type");

    // Without an offer in the seller's words the design carries none; a second ad is set on
    // the newest picture's clean source, not on the first ad.
    let answer = send_ok(
        &app,
        &session,
        &project,
        &scene,
        "make an Instagram ad for the weekend sale",
    )
    .await["message"]
        .clone();
    let ad = &answer["structured_response"]["ad"];
    assert!(ad.get("offer").is_none(), "no invented offer: {ad}");
    let second = ad["design_id"]
        .as_str()
        .unwrap_or_else(|| panic!("a design was set: {answer}"))
        .to_owned();
    let shown = storyboard_design(&app, &session, &project, &second).await;
    let design = json!({"design": shown["file_metadata"]["design"].clone()});
    assert_eq!(design["design"]["source_asset_id"], picture_id.as_str());
    assert_eq!(layer(&design, "headline")["text"], "The weekend sale is on");
    assert!(
        !design["design"]["layers"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["role"] == "offer"),
        "{design}"
    );
    assert_eq!(app.balance(&session).await, balance, "designs are free");

    // The Generate panel's "Ad" step starts from copy read from the campaign's name ("Summer
    // Serum") and the picture's prompt: no offer there, so none is proposed.
    let proposal = app
        .get_json(&session, &format!("/api/media/{picture_id}/ad-proposal"))
        .await;
    assert_eq!(
        proposal["data"],
        json!({"headline": "Made for summer", "cta": "Shop now", "template": "headline_top_left"})
    );
}

/// The product mask stored beside a generated picture (`generated/{id}.{extension}.mask.png`).
fn stored_mask_path(app: &TestApp, id: &str) -> std::path::PathBuf {
    let dir = app.db.data_dir.path().join("media/generated");
    std::fs::read_dir(&dir)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            let name = p.file_name().unwrap().to_string_lossy();
            name.starts_with(&format!("{id}.")) && name.ends_with(".mask.png")
        })
        .unwrap_or_else(|| panic!("no product mask stored beside {id} in {}", dir.display()))
}

/// Pixels that differ between two pictures of one size, within rows `rows`.
fn changed_in(a: &RgbaImage, b: &RgbaImage, rows: std::ops::Range<u32>) -> usize {
    a.enumerate_pixels()
        .filter(|(x, y, p)| rows.contains(y) && *p != b.get_pixel(*x, *y))
        .count()
}

async fn a_design_reads_the_product_mask_stored_beside_its_picture(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("masks@example.com").await;
    let (_, source) = scene_with_bottle(&app, &session).await;
    let clean = picture(&app, &session, &source).await;
    let (w, h) = clean.dimensions();
    let product: Vec<(u32, u32)> = clean
        .enumerate_pixels()
        .filter(|(_, _, p)| is_product(p))
        .map(|(x, y, _)| (x, y))
        .collect();
    assert!(product.len() > 1000, "the bottle is in the scene");

    // The scene engine kept where it placed the bottle: every bottle pixel, and little else
    // (its soft edge; no shadow, no reflection).
    let path = stored_mask_path(&app, &source);
    let mask = image::open(&path).unwrap().into_luma8();
    assert_eq!(mask.dimensions(), (w, h));
    let covered = product
        .iter()
        .filter(|&&(x, y)| mask.get_pixel(x, y)[0] > 128)
        .count();
    assert_eq!(covered, product.len(), "the mask covers the bottle");
    let masked = mask.pixels().filter(|p| p[0] > 128).count();
    assert!(
        masked < product.len() * 6 / 5,
        "{masked} masked pixels for a bottle of {}",
        product.len()
    );

    // A design reads that mask: told the product fills the top half of the picture, it sets
    // every line in the bottom half.
    let top_half =
        image::GrayImage::from_fn(w, h, |_, y| image::Luma([if y < h / 2 { 255 } else { 0 }]));
    top_half.save(&path).unwrap();
    let body = json!({"headline": "Glow all weekend", "offer": "20% off", "cta": "Shop now",
                      "template": "headline_top_left"});
    let response = post_design(&app, &session, &source, body.clone()).await;
    let status = response.status();
    let made: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let design = &made["data"];
    for l in design["design"]["layers"].as_array().unwrap() {
        assert!(
            l["box"]["y"].as_i64().unwrap() >= i64::from(h / 2),
            "{} is over the stored mask's product: {}",
            l["role"],
            l["box"]
        );
    }
    let ad = picture(&app, &session, design["id"].as_str().unwrap()).await;
    save(&ad, &format!("{db:?}-stored-mask"));
    // Nothing is drawn up there; only the scrim behind the text, padded by 3 % of the
    // short side around the text, may reach a little way past the clearance it keeps.
    let reach = (0.03 * w.min(h) as f32).ceil() as u32;
    assert_eq!(
        changed_in(&ad, &clean, 0..h / 2 - reach),
        0,
        "the top half is untouched"
    );
    assert!(
        changed_in(&ad, &clean, h / 2..h) > 200,
        "the copy is set below"
    );

    // A picture with no mask stored (made before masks were kept) finds the bottle itself.
    std::fs::remove_file(&path).unwrap();
    let response = post_design(&app, &session, &source, body).await;
    let status = response.status();
    let made: Value = response.json().await.unwrap();
    assert_eq!(status, StatusCode::CREATED, "{made}");
    let design = &made["data"];
    let ad = picture(&app, &session, design["id"].as_str().unwrap()).await;
    save(&ad, &format!("{db:?}-found-mask"));
    assert_clear_of_the_product(&ad, design, &product);
    assert!(changed_in(&ad, &clean, 0..h) > 200, "the copy is set");

    // Deleting the picture deletes its mask with it.
    top_half.save(&path).unwrap();
    let deleted = app
        .authed(&session, Method::DELETE, &format!("/api/media/{source}"))
        .send()
        .await
        .unwrap();
    assert!(deleted.status().is_success(), "{}", deleted.status());
    assert!(!path.exists(), "{} outlived its picture", path.display());
}
