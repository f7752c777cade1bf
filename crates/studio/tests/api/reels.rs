//! Reels and music downloads end to end: a generated video and a generated music track
//! become a reel, read back here with ffprobe and ffmpeg (not the studio's reader): H.264
//! and AAC-LC at the reel's size, as long as the video, with sound; the studio's own scene
//! (a generated video, an offline picture in motion) made again at the reel's ratio, an
//! edit's video kept whole. Bad reel requests are
//! refused with a reason and store nothing. Music downloads as M4A and WAV as well as Ogg.

use std::path::PathBuf;

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use uuid::Uuid;

use crate::brand_kits::{logo_png, upload_logo};
use crate::exports::{campaign, start_export, wait_for_export};
use crate::ffmpeg::{self, frame, probe, rms, sound};
use crate::on_both_databases;
use crate::support::{download_typed as download, expect_error, spawn_app, Db, Session, TestApp};

on_both_databases!(
    a_video_and_music_become_a_reel_with_h264_and_aac,
    a_reel_opens_with_the_ads_title_card_and_closes_with_its_end_card,
    bad_reel_requests_are_refused_and_store_nothing,
    music_downloads_as_m4a_and_wav_of_the_same_length,
);

/// Starts a generation and waits for it; returns the asset id.
async fn generate(app: &TestApp, session: &Session, path: &str, body: Value) -> String {
    let response = app
        .authed(session, Method::POST, path)
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED, "{path}");
    let body: Value = response.json().await.unwrap();
    let job = body["data"]["job_id"].as_str().unwrap().to_owned();
    let done = app.wait_for_job(session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    done["asset_id"].as_str().unwrap_or(&job).to_owned()
}

async fn video(app: &TestApp, session: &Session, project: &str, scene: &str) -> String {
    generate(
        app,
        session,
        "/api/generate/video",
        json!({
            "project_id": project, "scene_id": scene, "prompt": "serum bottle on a marble counter, slow push in",
            "duration": 5, "context": {"quality": "low", "resolution": "1024x1024"},
        }),
    )
    .await
}

async fn music(app: &TestApp, session: &Session, project: &str, scene: &str) -> String {
    generate(
        app,
        session,
        "/api/generate/audio",
        json!({"project_id": project, "scene_id": scene, "prompt": "upbeat summer pop"}),
    )
    .await
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("studio-reels-{}", Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn seconds(value: &Value) -> f64 {
    value.as_str().unwrap().parse().unwrap()
}

async fn a_video_and_music_become_a_reel_with_h264_and_aac(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("seller@example.com").await;
    let (project, scene) = campaign(&app, &session).await;
    let video = video(&app, &session, &project, &scene).await;
    let music = music(&app, &session, &project, &scene).await;
    let balance = app.get_json(&session, "/api/credits/balance").await["balance"].clone();

    let response = start_export(
        &app,
        &session,
        &video,
        json!({"targets": ["reel"], "audio_asset_id": music}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    assert_eq!(started["data"]["credit_cost"], 0, "{started}");
    let job = started["data"]["job_id"].as_str().unwrap().to_owned();
    let view = wait_for_export(&app, &session, &job).await;
    assert_eq!(view["status"], "completed", "{view}");
    assert_eq!(
        app.get_json(&session, "/api/credits/balance").await["balance"],
        balance
    );

    let files = view["files"].as_array().unwrap();
    assert_eq!(files.len(), 1, "{view}");
    let file = &files[0];
    assert_eq!(file["target"], "reel");
    assert_eq!(file["mime_type"], "video/mp4");
    assert_eq!(file["filename"], "glow-co-summer-serum-reel.mp4");
    assert_eq!(
        (file["width"].as_i64(), file["height"].as_i64()),
        (Some(1080), Some(1920))
    );
    let rules: Vec<&str> = file["checks"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["rule"].as_str().unwrap())
        .collect();
    assert_eq!(
        rules,
        ["size", "streams", "duration", "extension"],
        "{file}"
    );
    // The studio's own scene: made again at the reel's ratio, not blurred around the video.
    assert!(
        file["checks"][3]["detail"]
            .as_str()
            .unwrap()
            .contains("rendered again at the reel's ratio"),
        "{file}"
    );
    assert!(
        file["checks"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["ok"] == true),
        "{file}"
    );

    // The source video's length, by ffprobe.
    let (_, _, source) = download(&app, &session, &format!("/api/media/download/{video}")).await;
    let source_file = scratch("source.mp4");
    std::fs::write(&source_file, &source).unwrap();
    let source_seconds = seconds(&probe(&source_file)["format"]["duration"]);

    let (kind, disposition, reel) =
        download(&app, &session, file["download_url"].as_str().unwrap()).await;
    assert_eq!(kind, "video/mp4");
    assert!(
        disposition.contains("glow-co-summer-serum-reel.mp4"),
        "{disposition}"
    );
    let reel_file = scratch("reel.mp4");
    std::fs::write(&reel_file, &reel).unwrap();
    let info = probe(&reel_file);
    let streams = info["streams"].as_array().unwrap();
    let v = streams
        .iter()
        .find(|s| s["codec_type"] == "video")
        .expect("a video stream");
    let a = streams
        .iter()
        .find(|s| s["codec_type"] == "audio")
        .expect("an audio stream");
    assert_eq!(v["codec_name"], "h264", "{info}");
    assert_eq!(
        (v["width"].as_u64(), v["height"].as_u64()),
        (Some(1080), Some(1920))
    );
    assert_eq!(a["codec_name"], "aac", "{info}");
    assert_eq!(a["profile"], "LC", "{info}");
    for stream in [v, a] {
        let s = seconds(&stream["duration"]);
        assert!(
            (s - source_seconds).abs() <= 0.1,
            "a stream lasts {s} s, the video {source_seconds} s"
        );
    }
    let pcm = sound(&reel_file);
    let middle = rms(&pcm[44_100..3 * 44_100]);
    let end = rms(&pcm[pcm.len() - 8_820..]);
    assert!(middle > 0.02, "the reel is silent ({middle})");
    assert!(
        end < middle * 0.3,
        "the end ({end}) does not fade from {middle}"
    );

    // The reel is an asset of the campaign, saying what it was made from.
    let asset = file["asset_id"].as_str().unwrap();
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    let media = storyboard["data"]["scenes"][0]["media"].as_array().unwrap();
    let stored = media
        .iter()
        .find(|m| m["id"] == asset)
        .expect("the reel is in the campaign");
    let export = &stored["file_metadata"]["export"];
    assert_eq!(export["target"], "reel", "{stored}");
    assert_eq!(export["source_asset_id"], video.as_str());
    assert_eq!(export["checks"].as_array().unwrap().len(), 4);

    // The ZIP holds the reel.
    let (_, _, zip) = download(&app, &session, &format!("/api/exports/{job}/zip")).await;
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(zip)).unwrap();
    let mut inside = Vec::new();
    std::io::Read::read_to_end(
        &mut archive.by_name("glow-co-summer-serum-reel.mp4").unwrap(),
        &mut inside,
    )
    .unwrap();
    assert_eq!(inside, reel);

    // A picture that cannot be drawn again (an edit) set in motion: its reel keeps the video
    // whole and blurs its background around it, and says so.
    let image = generate(
        &app,
        &session,
        "/api/generate/image",
        json!({
            "project_id": project, "scene_id": scene, "prompt": "serum bottle on marble",
            "context": {"quality": "low", "resolution": "1024x1024"},
        }),
    )
    .await;
    let mut mask = image::GrayImage::new(1024, 1024);
    for y in 100..300 {
        for x in 100..300 {
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
    let edit = app
        .image_edit(
            &session,
            (&project, &scene),
            &image,
            "make it pale pink",
            mask_png,
            None,
        )
        .await;
    assert_eq!(edit.status(), StatusCode::ACCEPTED);
    let edit: Value = edit.json().await.unwrap();
    let edit = edit["data"]["job_id"].as_str().unwrap().to_owned();
    let done = app.wait_for_job(&session, &edit).await;
    assert_eq!(done["status"], "completed", "{done}");
    let edited = done["asset_id"].as_str().unwrap_or(&edit).to_owned();
    let animated = generate(
        &app,
        &session,
        "/api/generate/video",
        json!({
            "project_id": project, "scene_id": scene, "prompt": "slow push in",
            "source_image_id": edited, "duration": 5, "context": {"quality": "low"},
        }),
    )
    .await;
    let response = start_export(
        &app,
        &session,
        &animated,
        json!({"targets": ["reel"], "audio_asset_id": music}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let view = wait_for_export(&app, &session, started["data"]["job_id"].as_str().unwrap()).await;
    assert_eq!(view["status"], "completed", "{view}");
    let kept = &view["files"][0];
    assert!(
        kept["checks"][3]["detail"]
            .as_str()
            .unwrap()
            .contains("kept whole"),
        "{kept}"
    );
    let (_, _, kept_reel) = download(&app, &session, kept["download_url"].as_str().unwrap()).await;
    let kept_file = scratch("kept.mp4");
    std::fs::write(&kept_file, &kept_reel).unwrap();

    // The offline picture itself set in motion can be drawn again: its reel is made again.
    let moving = generate(
        &app,
        &session,
        "/api/generate/video",
        json!({
            "project_id": project, "scene_id": scene, "prompt": "slow push in",
            "source_image_id": image, "duration": 5, "context": {"quality": "low"},
        }),
    )
    .await;
    let response = start_export(
        &app,
        &session,
        &moving,
        json!({"targets": ["reel_square"], "audio_asset_id": music}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let view = wait_for_export(&app, &session, started["data"]["job_id"].as_str().unwrap()).await;
    assert_eq!(view["status"], "completed", "{view}");
    let square = &view["files"][0];
    assert!(
        square["checks"][3]["detail"]
            .as_str()
            .unwrap()
            .contains("rendered again at the reel's ratio"),
        "{square}"
    );

    // Above and below the middle, the made-again reel shows the scene itself, edges and
    // all; the kept reel shows a blur there, without an edge.
    let (made, kept) = (frame(&reel_file, 2.5), frame(&kept_file, 2.5));
    for band in [0..400, 1520..1920] {
        let (scene, blur) = (
            ffmpeg::edges(&made, band.clone()),
            ffmpeg::edges(&kept, band.clone()),
        );
        assert!(
            scene > 0.005 && blur < 0.001,
            "rows {band:?}: {:.2} % edges made again, {:.2} % kept",
            scene * 100.0,
            blur * 100.0
        );
    }
}

async fn bad_reel_requests_are_refused_and_store_nothing(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("seller@example.com").await;
    let (project, scene) = campaign(&app, &session).await;
    let video = video(&app, &session, &project, &scene).await;
    let music = music(&app, &session, &project, &scene).await;
    let image = generate(
        &app,
        &session,
        "/api/generate/image",
        json!({"project_id": project, "scene_id": scene, "prompt": "serum bottle on marble"}),
    )
    .await;
    let balance = app.get_json(&session, "/api/credits/balance").await["balance"].clone();

    let refusals = [
        (&video, json!({"targets": ["reel"]}), "A reel needs music"),
        (
            &video,
            json!({"targets": ["reel"], "audio_asset_id": image}),
            "must be a music track; this file is an image",
        ),
        (
            &video,
            json!({"targets": ["reel_feed"], "audio_asset_id": video}),
            "this file is a video",
        ),
        (
            &video,
            json!({"targets": ["reel", "etsy"], "audio_asset_id": music}),
            "etsy needs an image; this file is a video",
        ),
        (
            &image,
            json!({"targets": ["reel_square"], "audio_asset_id": music}),
            "reel_square needs a video; this file is an image",
        ),
        (
            &image,
            json!({"targets": ["etsy"], "audio_asset_id": music}),
            "Music is only used by reels",
        ),
        (
            &music,
            json!({"targets": ["reel"]}),
            "A music track cannot be exported",
        ),
    ];
    for (asset, body, reason) in refusals {
        let response = start_export(&app, &session, asset, body.clone()).await;
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert!(message.contains(reason), "{body}: {message}");
    }

    // Music that does not exist, or another user's, is not found.
    let other = app.signup("other@example.com").await;
    let (p2, s2) = campaign(&app, &other).await;
    let others_music = self::music(&app, &other, &p2, &s2).await;
    for missing in [Uuid::new_v4().to_string(), others_music] {
        let response = start_export(
            &app,
            &session,
            &video,
            json!({"targets": ["reel"], "audio_asset_id": missing}),
        )
        .await;
        expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    }

    // Nothing charged, nothing stored: the campaign holds the video, music and image only.
    assert_eq!(
        app.get_json(&session, "/api/credits/balance").await["balance"],
        balance
    );
    let storyboard = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    assert_eq!(
        storyboard["data"]["scenes"][0]["media"]
            .as_array()
            .unwrap()
            .len(),
        3,
        "{storyboard}"
    );
}

async fn music_downloads_as_m4a_and_wav_of_the_same_length(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("seller@example.com").await;
    let (project, scene) = campaign(&app, &session).await;
    let music = music(&app, &session, &project, &scene).await;

    let (kind, disposition, ogg) =
        download(&app, &session, &format!("/api/media/download/{music}")).await;
    assert_eq!(kind, "audio/ogg");
    assert!(disposition.contains(".ogg"), "{disposition}");
    let ogg_file = scratch("music.ogg");
    std::fs::write(&ogg_file, &ogg).unwrap();
    let ogg_info = probe(&ogg_file);
    assert_eq!(ogg_info["streams"][0]["codec_name"], "vorbis");
    let ogg_seconds = seconds(&ogg_info["format"]["duration"]);

    for (format, mime, codec) in [
        ("m4a", "audio/mp4", "aac"),
        ("wav", "audio/wav", "pcm_s16le"),
        ("ogg", "audio/ogg", "vorbis"),
    ] {
        let (kind, disposition, bytes) = download(
            &app,
            &session,
            &format!("/api/media/download/{music}?format={format}"),
        )
        .await;
        assert_eq!(kind, mime, "{format}");
        assert!(
            disposition.contains(&format!("glow-co-summer-serum-1.{format}"))
                || disposition.contains(&format!(".{format}")),
            "{disposition}"
        );
        let file = scratch(&format!("music.{format}"));
        std::fs::write(&file, &bytes).unwrap();
        let info = probe(&file);
        let stream = &info["streams"][0];
        assert_eq!(stream["codec_name"], codec, "{info}");
        assert_eq!(stream["channels"], 2, "{info}");
        if format == "m4a" {
            assert_eq!(stream["profile"], "LC", "{info}");
        }
        let s = seconds(&info["format"]["duration"]);
        assert!(
            (s - ogg_seconds).abs() < 0.05,
            "{format} lasts {s} s, the Ogg {ogg_seconds} s"
        );
        let pcm = sound(&file);
        assert!(rms(&pcm) > 0.02, "{format} is silent");
    }

    // Only music has other formats, and only these.
    let response = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/media/download/{music}?format=flac"),
        )
        .send()
        .await
        .unwrap();
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert!(message.contains("ogg, m4a or wav"), "{message}");
    let image = generate(
        &app,
        &session,
        "/api/generate/image",
        json!({"project_id": project, "scene_id": scene, "prompt": "serum bottle"}),
    )
    .await;
    let response = app
        .authed(
            &session,
            Method::GET,
            &format!("/api/media/download/{image}?format=m4a"),
        )
        .send()
        .await
        .unwrap();
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert!(message.contains("Only music"), "{message}");
}

/// The share of `frame`'s pixels in `rows` that `keep` picks.
fn share_of(
    frame: &image::RgbImage,
    rows: std::ops::Range<u32>,
    keep: impl Fn(&image::Rgb<u8>) -> bool,
) -> f64 {
    let n = rows.len() as f64 * f64::from(frame.width());
    let kept = rows
        .flat_map(|y| (0..frame.width()).map(move |x| (x, y)))
        .filter(|&(x, y)| keep(frame.get_pixel(x, y)))
        .count();
    kept as f64 / n
}

async fn a_reel_opens_with_the_ads_title_card_and_closes_with_its_end_card(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("roaster@example.com").await;
    let (project, scene) = campaign(&app, &session).await;
    // The brand kit: the logo's colours (#c44a18 first) and a tagline.
    let logo = upload_logo(&app, &session, &project, "logo.png", logo_png()).await;
    assert_eq!(logo.status(), StatusCode::OK);
    let kit: Value = logo.json().await.unwrap();
    let kit = &kit["data"];
    assert_eq!(kit["colours"][0], "#c44a18", "{kit}");
    let put = app
        .authed(
            &session,
            Method::PUT,
            &format!("/api/projects/{project}/brand-kit"),
        )
        .json(
            &json!({"colours": kit["colours"], "heading_font": kit["heading_font"],
                      "body_font": kit["body_font"], "tagline": "Roasted in Lisbon"}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(put.status(), StatusCode::OK);
    let picture = generate(
        &app,
        &session,
        "/api/generate/image",
        json!({"project_id": project, "scene_id": scene, "prompt": "coffee bag on a wooden table",
               "context": {"quality": "low", "resolution": "1024x1024"}}),
    )
    .await;
    let design = app
        .authed(
            &session,
            Method::POST,
            &format!("/api/media/{picture}/designs"),
        )
        .json(
            &json!({"headline": "Weekend sale", "offer": "20% off", "cta": "Order now",
                      "logo": true, "template": "headline_top_left"}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(design.status(), StatusCode::CREATED);
    let design: Value = design.json().await.unwrap();
    let design = design["data"]["id"].as_str().unwrap().to_owned();
    let clip = video(&app, &session, &project, &scene).await;
    let track = music(&app, &session, &project, &scene).await;

    // Bad cards are refused with the reason, and nothing is queued.
    let storyboard = format!("/api/projects/{project}/storyboard");
    let media_before =
        app.get_json(&session, &storyboard).await["data"]["scenes"][0]["media"].clone();
    let refused = [
        (
            picture.as_str(),
            json!({"targets": ["instagram_feed"], "cards": {"design_id": design}}),
            "laid over reels",
        ),
        (
            clip.as_str(),
            json!({"targets": ["reel"], "audio_asset_id": track,
                   "cards": {"design_id": design, "title": false, "end": false}}),
            "title card, the end card or both",
        ),
        (
            clip.as_str(),
            json!({"targets": ["reel"], "audio_asset_id": track, "cards": {"design_id": picture}}),
            "not one",
        ),
    ];
    for (asset, body, said) in refused {
        let response = start_export(&app, &session, asset, body.clone()).await;
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert!(message.contains(said), "{body}: {message}");
    }
    let unknown = start_export(
        &app,
        &session,
        &clip,
        json!({"targets": ["reel"], "audio_asset_id": track, "cards": {"design_id": design, "size": 3}}),
    )
    .await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    let stranger = app.signup("stranger@example.com").await;
    let (s_project, s_scene) = campaign(&app, &stranger).await;
    let s_video = video(&app, &stranger, &s_project, &s_scene).await;
    let s_music = music(&app, &stranger, &s_project, &s_scene).await;
    let theirs = start_export(
        &app,
        &stranger,
        &s_video,
        json!({"targets": ["reel"], "audio_asset_id": s_music, "cards": {"design_id": design}}),
    )
    .await;
    expect_error(theirs, StatusCode::NOT_FOUND, "not_found").await;
    // Nothing was made: the campaign holds what it held.
    assert_eq!(
        app.get_json(&session, &storyboard).await["data"]["scenes"][0]["media"],
        media_before
    );

    let body =
        json!({"targets": ["reel"], "audio_asset_id": track, "cards": {"design_id": design}});
    let response = start_export(&app, &session, &clip, body.clone()).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let job = started["data"]["job_id"].as_str().unwrap().to_owned();
    let view = wait_for_export(&app, &session, &job).await;
    assert_eq!(view["status"], "completed", "{view}");
    let file = &view["files"][0];
    let checks = file["checks"].as_array().unwrap();
    let rules: Vec<&str> = checks.iter().map(|c| c["rule"].as_str().unwrap()).collect();
    assert_eq!(
        rules,
        ["size", "streams", "duration", "extension", "cards"],
        "{file}"
    );
    assert!(checks.iter().all(|c| c["ok"] == true), "{file}");
    let said = checks[4]["detail"].as_str().unwrap();
    for words in [
        "Weekend sale",
        "the logo",
        "Roasted in Lisbon",
        "Order now",
        "safe zone",
    ] {
        assert!(said.contains(words), "{said}");
    }
    // The same export again answers with this one.
    let again = start_export(&app, &session, &clip, body).await;
    assert_eq!(again.status(), StatusCode::OK);

    let (_, _, reel) = download(&app, &session, file["download_url"].as_str().unwrap()).await;
    let reel_file = scratch("carded.mp4");
    std::fs::write(&reel_file, &reel).unwrap();
    let seconds = seconds(&probe(&reel_file)["format"]["duration"]);
    let (first, middle, last) = (
        frame(&reel_file, 0.2),
        frame(&reel_file, seconds / 2.0),
        frame(&reel_file, seconds - 0.1),
    );
    for (name, f) in [("first", &first), ("middle", &middle), ("last", &last)] {
        f.save(reel_file.with_file_name(format!("{name}.png")))
            .unwrap();
    }
    // The title: the headline's dark scrim and white letters in the upper half of the safe
    // frame at the start, not in the middle of the reel.
    let dark = |p: &image::Rgb<u8>| p.0.iter().all(|&c| c < 90);
    let upper = 269..960;
    let (dark_first, dark_middle) = (
        share_of(&first, upper.clone(), dark),
        share_of(&middle, upper.clone(), dark),
    );
    assert!(
        dark_first > dark_middle + 0.03,
        "the title's scrim: {dark_first:.3} dark at the start, {dark_middle:.3} in the middle"
    );
    // The end card: the kit's first colour over most of the last frame, the logo's cream
    // disc on it.
    let brand = |p: &image::Rgb<u8>| {
        p[0].abs_diff(196) < 20 && p[1].abs_diff(74) < 20 && p[2].abs_diff(24) < 20
    };
    let cream = |p: &image::Rgb<u8>| p[0] > 235 && p[1] > 225 && p[2] > 200;
    let panel = share_of(&last, 0..1920, brand);
    assert!(
        panel > 0.6,
        "the end card covers {panel:.2} of the last frame"
    );
    assert!(
        share_of(&middle, 0..1920, brand) < 0.3,
        "the end card shows in the middle"
    );
    assert!(
        share_of(&last, 269..1536, cream) > 0.005,
        "no logo on the end card"
    );
    std::fs::remove_dir_all(reel_file.parent().unwrap()).unwrap();
}
