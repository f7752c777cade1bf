//! The free plan's mark: with payments configured, a free-plan owner's images are served
//! (viewed, downloaded, shared) with a small mark in the bottom-right corner, while the stored
//! original stays clean; once the owner subscribes, the same URLs serve the clean file. A
//! video carries the mark on every frame.

use image::RgbImage;
use reqwest::{Method, StatusCode};
use serde_json::json;

use crate::commerce::{
    checkout_completed, deliver_signed, post_json, spawn_with_stripe, stripe_api, user_id,
};
use crate::jobs::{project_and_scene, start_image};
use crate::on_both_databases;
use crate::share_pages::{share, shared_image};
use crate::support::{Db, Session, TestApp};

on_both_databases!(
    free_plan_images_carry_the_mark_until_the_owner_subscribes,
    free_plan_videos_carry_the_mark_on_every_frame,
);

async fn get(app: &TestApp, session: Option<&Session>, path: &str) -> Vec<u8> {
    let request = match session {
        Some(session) => app.authed(session, Method::GET, path),
        None => app.request(Method::GET, path),
    };
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    response.bytes().await.unwrap().to_vec()
}

/// The mean absolute difference of two same-sized pictures over a region, per channel.
pub(crate) fn difference(
    a: &RgbImage,
    b: &RgbImage,
    (x0, y0, x1, y1): (u32, u32, u32, u32),
) -> f64 {
    let mut sum = 0u64;
    for y in y0..y1 {
        for x in x0..x1 {
            for c in 0..3 {
                sum += a.get_pixel(x, y)[c].abs_diff(b.get_pixel(x, y)[c]) as u64;
            }
        }
    }
    sum as f64 / ((x1 - x0) * (y1 - y0) * 3) as f64
}

async fn free_plan_images_carry_the_mark_until_the_owner_subscribes(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let owner = app.signup("maker@example.com").await;
    let asset = shared_image(&app, &owner, "Soap").await;
    let stored = std::fs::read(
        app.db
            .data_dir
            .path()
            .join(format!("media/generated/{asset}.jpg")),
    )
    .unwrap();
    let clean = image::load_from_memory(&stored).unwrap().to_rgb8();
    let (w, h) = clean.dimensions();

    let viewed = get(&app, Some(&owner), &format!("/api/media/file/{asset}")).await;
    let downloaded = get(&app, Some(&owner), &format!("/api/media/download/{asset}")).await;
    let link = share(&app, &owner, &asset).await;
    let shared = get(&app, None, link["file_url"].as_str().unwrap()).await;
    assert_eq!(downloaded, viewed);
    assert_eq!(shared, viewed);
    assert_ne!(viewed, stored);
    let marked = image::load_from_memory(&viewed).unwrap().to_rgb8();
    assert_eq!(marked.dimensions(), (w, h));
    // The bottom-right corner carries the mark; the rest of the picture is untouched (only
    // the JPEG re-encode's noise).
    let corner = difference(&clean, &marked, (w * 2 / 3, h * 19 / 20, w, h));
    let rest = difference(&clean, &marked, (0, 0, w, h * 3 / 4));
    assert!(corner > 8.0, "the corner changed by {corner}");
    assert!(rest < 3.0, "the rest changed by {rest}");
    // The owner's small previews stay as they were.
    let thumbnail = get(
        &app,
        Some(&owner),
        &format!("/api/media/file/{asset}?variant=thumbnail"),
    )
    .await;
    assert!(image::load_from_memory(&thumbnail).is_ok());

    // Subscribing: the same URLs now serve the clean original, past work included.
    let started = post_json(
        &app,
        &owner,
        "/api/stripe/checkout",
        json!({"tier": {"id": "creator_monthly"}}),
    )
    .await;
    assert_eq!(started.status(), StatusCode::OK);
    let user = user_id(&app, &owner).await;
    deliver_signed(
        &app,
        &checkout_completed("evt_mark", &user, "cus_maker", "sub_maker", false),
    )
    .await;
    let plans = app.get_json(&owner, "/api/plans").await;
    assert_eq!(
        plans["data"]["current_plan_id"], "creator_monthly",
        "{plans}"
    );
    assert_eq!(
        get(&app, Some(&owner), &format!("/api/media/file/{asset}")).await,
        stored
    );
    assert_eq!(
        get(&app, Some(&owner), &format!("/api/media/download/{asset}")).await,
        stored
    );
    assert_eq!(
        get(&app, None, link["file_url"].as_str().unwrap()).await,
        stored
    );
}

/// Frame `n` of an MP4, as ffmpeg (a decoder independent of the studio's) reads it.
fn video_frame(mp4: &[u8], n: usize, dir: &std::path::Path) -> RgbImage {
    let file = dir.join(format!("frame-source-{}.mp4", uuid::Uuid::new_v4()));
    std::fs::write(&file, mp4).unwrap();
    let output = std::process::Command::new("ffmpeg")
        .args(["-v", "error", "-nostdin", "-i"])
        .arg(&file)
        .args(["-vf", &format!("select=eq(n\\,{n})"), "-frames:v", "1"])
        .args(["-f", "image2pipe", "-c:v", "png", "-"])
        .output()
        .expect("ffmpeg is installed");
    std::fs::remove_file(&file).unwrap();
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    image::load_from_memory(&output.stdout).unwrap().to_rgb8()
}

async fn free_plan_videos_carry_the_mark_on_every_frame(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let owner = app.signup("director@example.com").await;
    let (project, scene) = project_and_scene(&app, &owner).await;
    let image = start_image(&app, &owner, &project, &scene, "a candle on oak").await;
    let image = app.wait_for_job(&owner, &image).await["asset_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let response = app
        .authed(&owner, Method::POST, "/api/generate/video")
        .json(&json!({
            "project_id": project, "scene_id": scene, "prompt": "slow push in",
            "source_image_id": image,
            "context": {"pre_production_settings": {"quality": "low", "duration": "5s"}},
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<serde_json::Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let done = app.wait_for_job(&owner, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let asset = done["asset_id"].as_str().unwrap().to_owned();
    let dir = app.db.data_dir.path();
    let stored = std::fs::read(dir.join(format!("media/generated/{asset}.mp4"))).unwrap();

    let downloaded = get(&app, Some(&owner), &format!("/api/media/download/{asset}")).await;
    let played = get(&app, Some(&owner), &format!("/api/media/file/{asset}")).await;
    assert_eq!(played, downloaded, "the player shows what a download saves");
    assert_ne!(downloaded, stored);
    // The first, a middle and the last frame: the corner carries the mark, the rest of the
    // picture only the re-encode's noise.
    for n in [0, 60, 119] {
        let clean = video_frame(&stored, n, dir);
        let marked = video_frame(&downloaded, n, dir);
        let (w, h) = clean.dimensions();
        assert_eq!(marked.dimensions(), (w, h));
        let corner = difference(&clean, &marked, (w * 2 / 3, h * 19 / 20, w, h));
        let rest = difference(&clean, &marked, (0, 0, w, h * 3 / 4));
        assert!(corner > 8.0, "frame {n}: the corner changed by {corner}");
        assert!(rest < 3.0, "frame {n}: the rest changed by {rest}");
    }

    // Subscribed, the owner's video is the clean file again.
    let started = post_json(
        &app,
        &owner,
        "/api/stripe/checkout",
        json!({"tier": {"id": "creator_monthly"}}),
    )
    .await;
    assert_eq!(started.status(), StatusCode::OK);
    let user = user_id(&app, &owner).await;
    deliver_signed(
        &app,
        &checkout_completed("evt_reel", &user, "cus_director", "sub_director", false),
    )
    .await;
    assert_eq!(
        get(&app, Some(&owner), &format!("/api/media/download/{asset}")).await,
        stored
    );
}
