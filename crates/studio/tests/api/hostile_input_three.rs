//! Free work and the free plan's limits under hostile use: a variant a file does not have
//! never opens the clean original, every full-size picture a free plan fetches carries the
//! mark, share pages drop invisible characters from names, and free exports are bounded per
//! account (in flight, by reuse of identical requests, and by the storage quota). Each on
//! both databases.

use image::RgbImage;
use reqwest::{header, Method, StatusCode};
use serde_json::{json, Value};

use crate::commerce::{spawn_with_stripe, stripe_api};
use crate::exports::{start_export, wait_for_export};
use crate::jobs::project_and_scene;
use crate::on_both_databases;
use crate::share_pages::{share, shared_image};
use crate::support::{expect_error, spawn_app_with, spawn_serve, Db, Session, TestApp};
use crate::watermark::difference;

on_both_databases!(
    a_variant_a_file_lacks_is_a_404_and_every_full_size_picture_is_marked,
    share_pages_drop_bidi_and_zero_width_characters_from_names,
    free_exports_in_flight_are_limited_per_account,
    an_identical_export_reuses_the_files_already_made,
    export_files_count_against_the_storage_quota,
    music_is_converted_once_per_format_and_deleted_with_its_track,
);

async fn get(request: reqwest::RequestBuilder) -> Vec<u8> {
    let response = request.send().await.unwrap();
    let path = response.url().path().to_owned();
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    response.bytes().await.unwrap().to_vec()
}

fn stored(app: &TestApp, key: &str) -> Vec<u8> {
    std::fs::read(app.db.data_dir.path().join("media").join(key))
        .unwrap_or_else(|e| panic!("{key}: {e}"))
}

/// Asserts that `served` is `clean` with the mark in its bottom-right corner and nothing
/// else changed beyond a re-encode's noise.
fn assert_marked(clean: &[u8], served: &[u8], what: &str) {
    assert_ne!(served, clean, "{what} is served as stored");
    let clean: RgbImage = image::load_from_memory(clean).unwrap().to_rgb8();
    let served: RgbImage = image::load_from_memory(served).unwrap().to_rgb8();
    let (w, h) = clean.dimensions();
    assert_eq!(served.dimensions(), (w, h), "{what}");
    let corner = difference(&clean, &served, (w * 2 / 3, h * 19 / 20, w, h));
    let rest = difference(&clean, &served, (0, 0, w, h * 3 / 4));
    assert!(corner > 8.0, "{what}: the corner changed by {corner}");
    assert!(rest < 3.0, "{what}: the rest changed by {rest}");
}

/// A 5 s video animated from the generated picture `image`; returns its asset id.
async fn video_of(app: &TestApp, session: &Session, image: &str) -> String {
    let (project, scene) = project_and_scene(app, session).await;
    let response = app
        .authed(session, Method::POST, "/api/generate/video")
        .json(&json!({
            "project_id": project, "scene_id": scene, "prompt": "slow push in",
            "source_image_id": image,
            "context": {"pre_production_settings": {"quality": "low", "duration": "5s"}},
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let done = app.wait_for_job(session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    done["asset_id"].as_str().unwrap().to_owned()
}

async fn a_variant_a_file_lacks_is_a_404_and_every_full_size_picture_is_marked(db: Db) {
    let stripe = stripe_api().await;
    let app = spawn_with_stripe(db, &stripe, &[]).await;
    let owner = app.signup("variants@example.com").await;
    let picture = shared_image(&app, &owner, "Soap").await;
    let clean = stored(&app, &format!("generated/{picture}.jpg"));
    let link = share(&app, &owner, &picture).await;
    let shared = link["file_url"].as_str().unwrap().to_owned();

    // A picture has no poster: asking for one is a 404 on the owner's route and on the
    // share link, never the clean original.
    let response = app
        .authed(
            &owner,
            Method::GET,
            &format!("/api/media/file/{picture}?variant=poster"),
        )
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    let response = app
        .request(Method::GET, &format!("{shared}?variant=poster"))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    // Whatever a request adds, the picture itself comes marked on every route.
    for (what, request) in [
        (
            "the original asked by name",
            app.authed(
                &owner,
                Method::GET,
                &format!("/api/media/file/{picture}?variant=original"),
            ),
        ),
        (
            "a download asking for a poster",
            app.authed(
                &owner,
                Method::GET,
                &format!("/api/media/download/{picture}?variant=poster"),
            ),
        ),
        (
            "the share link's download",
            app.request(Method::GET, &format!("{shared}?download=1")),
        ),
    ] {
        assert_marked(&clean, &get(request).await, what);
    }
    // The small preview stays as it is (256 pixels: a preview, not a picture to use).
    let thumbnail = get(app.authed(
        &owner,
        Method::GET,
        &format!("/api/media/file/{picture}?variant=thumbnail"),
    ))
    .await;
    assert_eq!(
        thumbnail,
        stored(&app, &format!("generated/{picture}-thumbnail.jpg"))
    );

    // An export's file is a picture too: no poster, and marked wherever it is fetched.
    let response = start_export(
        &app,
        &owner,
        &picture,
        json!({"targets": ["instagram_feed"]}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let view = wait_for_export(&app, &owner, &job).await;
    assert_eq!(view["status"], "completed", "{view}");
    let file = &view["files"][0];
    let asset = file["asset_id"].as_str().unwrap();
    let response = app
        .authed(
            &owner,
            Method::GET,
            &format!("/api/media/file/{asset}?variant=poster"),
        )
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    let exported = stored(&app, &format!("exports/{job}/instagram_feed.jpg"));
    let viewed = get(app.authed(&owner, Method::GET, file["url"].as_str().unwrap())).await;
    assert_marked(&exported, &viewed, "the exported file");
    let downloaded =
        get(app.authed(&owner, Method::GET, file["download_url"].as_str().unwrap())).await;
    assert_eq!(downloaded, viewed);

    // A video's poster is its first frame at full size: marked like the video, for the owner
    // and through a share link (whose page shows it as the preview image).
    let video = video_of(&app, &owner, &picture).await;
    let clean_poster = stored(&app, &format!("generated/{video}-poster.jpg"));
    let poster = get(app.authed(
        &owner,
        Method::GET,
        &format!("/api/media/file/{video}?variant=poster"),
    ))
    .await;
    assert_marked(&clean_poster, &poster, "the video's poster");
    let link = share(&app, &owner, &video).await;
    let shared_poster = get(app.request(
        Method::GET,
        &format!("{}?variant=poster", link["file_url"].as_str().unwrap()),
    ))
    .await;
    assert_eq!(shared_poster, poster);
}

async fn share_pages_drop_bidi_and_zero_width_characters_from_names(db: Db) {
    let app = spawn_app_with(db, &[("STUDIO_PUBLIC_URL", "https://studio.example.com")]).await;
    let owner = app.signup("spoof@example.com").await;
    // Shown as "Sale exe.jpg" would be a spoof: the override turns the rest around.
    let name = "Sale\u{202E}gpj.exe\u{200B} \u{2066}Best\u{2069}\u{FEFF}";
    let asset = shared_image(&app, &owner, name).await;
    let link = share(&app, &owner, &asset).await;
    let response = reqwest::Client::new()
        .get(app.url(link["url"].as_str().unwrap()))
        .header(header::ACCEPT, "text/html")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let html = response.text().await.unwrap();
    for invisible in ['\u{202E}', '\u{200B}', '\u{2066}', '\u{2069}', '\u{FEFF}'] {
        assert!(
            !html.contains(invisible),
            "U+{:04X} in {html}",
            invisible as u32
        );
    }
    for tag in [
        "<title>Salegpj.exe Best · Image</title>",
        "<meta property=\"og:title\" content=\"Salegpj.exe Best · Image\">",
        "<meta name=\"twitter:title\" content=\"Salegpj.exe Best · Image\">",
        "<h1>Salegpj.exe Best</h1>",
    ] {
        assert!(html.contains(tag), "{tag} in {html}");
    }
}

/// Exports of `asset` for each of `target_sets`, all sent at once; the answers in order.
async fn exports_at_once(
    app: &TestApp,
    session: &Session,
    asset: &str,
    target_sets: &[Vec<&str>],
) -> Vec<(StatusCode, Option<String>, Value)> {
    let requests = target_sets.iter().map(|targets| {
        app.authed(
            session,
            Method::POST,
            &format!("/api/media/{asset}/exports"),
        )
        .json(&json!({ "targets": targets }))
        .send()
    });
    let mut answers = Vec::new();
    for response in futures::future::join_all(requests).await {
        let response = response.unwrap();
        let status = response.status();
        let retry_after = response
            .headers()
            .get(header::RETRY_AFTER)
            .map(|v| v.to_str().unwrap().to_owned());
        answers.push((status, retry_after, response.json::<Value>().await.unwrap()));
    }
    answers
}

/// Twenty different target lists of the nine picture targets.
fn twenty_target_sets() -> Vec<Vec<&'static str>> {
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
    (1..=20u32)
        .map(|n| {
            ALL.iter()
                .enumerate()
                .filter(|(i, _)| n & (1 << i) != 0)
                .map(|(_, t)| *t)
                .collect()
        })
        .collect()
}

async fn free_exports_in_flight_are_limited_per_account(db: Db) {
    // Pictures made first; then a server without workers, so exports stay in flight.
    let app = spawn_app_with(db, &[]).await;
    let hoarder = app.signup("hoarder@example.com").await;
    let neighbour = app.signup("neighbour@example.com").await;
    let picture = shared_image(&app, &hoarder, "Hoard").await;
    let theirs = shared_image(&app, &neighbour, "Next door").await;
    let app = spawn_serve(app.terminate().await, &["--no-workers"], &[]).await;

    // Twenty different exports sent at once: three are taken, the others are told to wait.
    let answers = exports_at_once(&app, &hoarder, &picture, &twenty_target_sets()).await;
    let accepted: Vec<String> = answers
        .iter()
        .filter(|(status, ..)| *status == StatusCode::ACCEPTED)
        .map(|(_, _, body)| body["data"]["job_id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(accepted.len(), 3, "{answers:?}");
    for (status, retry_after, body) in answers
        .iter()
        .filter(|(status, ..)| *status != StatusCode::ACCEPTED)
    {
        assert_eq!(*status, StatusCode::TOO_MANY_REQUESTS, "{body}");
        assert_eq!(body["error"]["code"], "rate_limited", "{body}");
        assert_eq!(
            body["message"],
            "You have 3 exports being made. Wait for one to finish, then export again."
        );
        let seconds: u64 = retry_after.as_deref().unwrap().parse().unwrap();
        assert!((1..=60).contains(&seconds), "Retry-After: {seconds}");
    }
    assert_eq!(app.balance(&hoarder).await, 99, "exports stay free");

    // The same export again is the one already on its way, not a fourth.
    let first: Value = app
        .get_json(&hoarder, &format!("/api/exports/{}", accepted[0]))
        .await["data"]
        .clone();
    let again = start_export(
        &app,
        &hoarder,
        &picture,
        json!({ "targets": first["targets"] }),
    )
    .await;
    assert_eq!(again.status(), StatusCode::OK);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["data"]["job_id"], accepted[0].as_str());

    // The limit is the account's own: a neighbour exports as usual.
    let response = start_export(&app, &neighbour, &theirs, json!({"targets": ["etsy"]})).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);

    // One export cancelled makes room for one more.
    let cancelled = app
        .authed(
            &hoarder,
            Method::POST,
            &format!("/api/jobs/{}/cancel", accepted[1]),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(cancelled.status(), StatusCode::OK);
    let answers = exports_at_once(
        &app,
        &hoarder,
        &picture,
        &[
            vec!["pinterest", "etsy", "shopify"],
            vec!["pinterest", "etsy"],
        ],
    )
    .await;
    let statuses: Vec<StatusCode> = answers.iter().map(|(status, ..)| *status).collect();
    assert_eq!(
        statuses
            .iter()
            .filter(|s| **s == StatusCode::ACCEPTED)
            .count(),
        1,
        "{answers:?}"
    );
    assert!(
        statuses.contains(&StatusCode::TOO_MANY_REQUESTS),
        "{answers:?}"
    );
}

/// Every file under the media directory.
/// The files a user's work stored; the scene templates' previews, which the server renders in
/// the background after it starts, are not theirs.
fn media_files(app: &TestApp) -> Vec<std::path::PathBuf> {
    fn walk(dir: &std::path::Path, out: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            if entry.file_name() == "templates" {
                continue;
            }
            if entry.path().is_dir() {
                walk(&entry.path(), out);
            } else {
                out.push(entry.path());
            }
        }
    }
    let mut out = Vec::new();
    walk(&app.db.data_dir.path().join("media"), &mut out);
    out.sort();
    out
}

async fn an_identical_export_reuses_the_files_already_made(db: Db) {
    let app = spawn_app_with(db, &[]).await;
    let owner = app.signup("again@example.com").await;
    let picture = shared_image(&app, &owner, "Again").await;
    let targets = ["etsy", "pinterest", "transparent_png"];
    let response = start_export(&app, &owner, &picture, json!({ "targets": targets })).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let first = wait_for_export(&app, &owner, &job).await;
    assert_eq!(first["status"], "completed", "{first}");
    let files = media_files(&app);

    // The same targets in another order, twice: the export already made, nothing new stored.
    for _ in 0..2 {
        let response = start_export(
            &app,
            &owner,
            &picture,
            json!({"targets": ["transparent_png", "pinterest", "etsy", "etsy"]}),
        )
        .await;
        assert_eq!(response.status(), StatusCode::OK);
        let started: Value = response.json().await.unwrap();
        assert_eq!(started["data"]["job_id"], job.as_str(), "{started}");
        assert_eq!(started["data"]["status"], "completed", "{started}");
        assert_eq!(started["data"]["credit_cost"], 0);
    }
    let view = app.get_json(&owner, &format!("/api/exports/{job}")).await["data"].clone();
    assert_eq!(view["files"], first["files"]);
    assert_eq!(media_files(&app), files, "nothing new is stored");

    // Another list of targets is another export.
    let response = start_export(&app, &owner, &picture, json!({"targets": ["etsy"]})).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let other = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_ne!(other, job);
    assert_eq!(
        wait_for_export(&app, &owner, &other).await["status"],
        "completed"
    );

    // Once one of its files is deleted, the export is made again in full.
    let deleted = first["files"][0]["asset_id"].as_str().unwrap();
    let response = app
        .authed(&owner, Method::DELETE, &format!("/api/media/{deleted}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let response = start_export(&app, &owner, &picture, json!({ "targets": targets })).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let remade = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_ne!(remade, job);
    let view = wait_for_export(&app, &owner, &remade).await;
    assert_eq!(view["files"].as_array().unwrap().len(), 3, "{view}");
}

async fn export_files_count_against_the_storage_quota(db: Db) {
    let app = spawn_app_with(db, &[("STUDIO_UPLOAD_QUOTA_BYTES", "1048576")]).await;
    let owner = app.signup("quota@example.com").await;
    let picture = shared_image(&app, &owner, "Full").await;
    let response = start_export(
        &app,
        &owner,
        &picture,
        json!({"targets": [
            "amazon_main", "amazon_lifestyle", "etsy", "shopify", "instagram_feed",
            "instagram_story", "pinterest", "transparent_png",
        ]}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let view = wait_for_export(&app, &owner, &job).await;
    assert_eq!(view["status"], "completed", "{view}");
    let used: i64 = view["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["file_size"].as_i64().unwrap())
        .sum();
    assert!(used > 1_048_576, "the export stored {used} bytes");

    // The storage is full: no new export and no new photo until something is deleted.
    const FULL: &str = "Your storage is full (1000 files or 1 MB of product photos and exports). \
        Delete some exports or product photos to make room.";
    let files = media_files(&app);
    let response = start_export(
        &app,
        &owner,
        &picture,
        json!({"targets": ["facebook_feed"]}),
    )
    .await;
    assert_eq!(
        expect_error(response, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").await,
        FULL
    );
    let (project, scene) = project_and_scene(&app, &owner).await;
    let response = app
        .upload_photo(
            &owner,
            (&project, &scene),
            None,
            "jar.png",
            crate::files::png(64, 64),
        )
        .await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let refused: Value = response.json().await.unwrap();
    assert_eq!(refused["error"], FULL, "{refused}");
    assert_eq!(media_files(&app), files, "nothing is stored");

    for file in view["files"].as_array().unwrap() {
        let id = file["asset_id"].as_str().unwrap();
        let response = app
            .authed(&owner, Method::DELETE, &format!("/api/media/{id}"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NO_CONTENT);
    }
    let response = start_export(&app, &owner, &picture, json!({"targets": ["etsy"]})).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
}

async fn music_is_converted_once_per_format_and_deleted_with_its_track(db: Db) {
    let app = spawn_app_with(db, &[]).await;
    let owner = app.signup("listener@example.com").await;
    let (project, scene) = project_and_scene(&app, &owner).await;
    let response = app
        .authed(&owner, Method::POST, "/api/generate/audio")
        .json(&json!({"project_id": project, "scene_id": scene, "prompt": "calm piano"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let job = response.json::<Value>().await.unwrap()["data"]["job_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let done = app.wait_for_job(&owner, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let track = done["asset_id"].as_str().unwrap().to_owned();
    let download = |format: &'static str| {
        get(app.authed(
            &owner,
            Method::GET,
            &format!("/api/media/download/{track}?format={format}"),
        ))
    };

    // The first M4A download encodes it and keeps the result; the second reads it back.
    let before = media_files(&app);
    let first = download("m4a").await;
    let kept = media_files(&app);
    assert_eq!(kept.len(), before.len() + 1, "{kept:?}");
    assert_eq!(download("m4a").await, first);
    assert_eq!(media_files(&app), kept, "nothing is encoded again");
    download("wav").await;
    assert_eq!(media_files(&app).len(), kept.len() + 1);

    let response = app
        .authed(&owner, Method::DELETE, &format!("/api/media/{track}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let left: Vec<_> = media_files(&app)
        .into_iter()
        .filter(|path| path.to_string_lossy().contains(&track))
        .collect();
    assert!(left.is_empty(), "the track's files stay: {left:?}");
}
