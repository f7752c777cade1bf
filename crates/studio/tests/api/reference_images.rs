// Long by nature: the API tests of product photos, one per journey.
use std::path::Path;

use futures::future::join_all;
use reqwest::multipart::{Form, Part};
use reqwest::{Method, Response, StatusCode};
use serde_json::{json, Value};

use crate::files;
use crate::jobs::project_and_scene;
use crate::on_both_databases;
use crate::support::{
    borrowed, expect_error, s3_bucket, s3_endpoint, s3_env, spawn_app, spawn_app_with, Db, Session,
    TestApp,
};

on_both_databases!(
    upload_list_serve_download_and_delete,
    hostile_files_are_refused_and_nothing_is_stored,
    a_scene_and_a_message_hold_at_most_three,
    other_users_reference_images_answer_not_found,
    media_tokens_and_share_links_are_scoped,
    uploads_and_serving_work_on_s3_compatible_storage,
);

struct Target<'a> {
    project_id: &'a str,
    scene_id: Option<&'a str>,
    message_id: Option<&'a str>,
}

async fn upload(
    app: &TestApp,
    session: &Session,
    target: &Target<'_>,
    name: &str,
    bytes: Vec<u8>,
) -> Response {
    let mut form = Form::new()
        .part(
            "file",
            Part::bytes(bytes)
                .file_name(name.to_owned())
                .mime_str("image/png")
                .unwrap(),
        )
        .text("uploadId", format!("ref-{}", uuid::Uuid::new_v4()))
        .text("projectId", target.project_id.to_owned())
        .text("originalFilename", name.to_owned())
        .text("simpleFilename", "product.png")
        .text("userId", "someone-else");
    if let Some(scene_id) = target.scene_id {
        form = form.text("sceneId", scene_id.to_owned());
    }
    if let Some(message_id) = target.message_id {
        form = form.text("messageId", message_id.to_owned());
    }
    app.authed(session, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn expect_refusal(response: Response, status: StatusCode, message: &str) {
    assert_eq!(response.status(), status, "expected {message:?}");
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body,
        json!({"success": false, "reference_image": null, "error": message})
    );
}

/// Files under the local media directory, besides the template thumbnails every server
/// renders at start.
fn stored_files(dir: &Path) -> usize {
    fn walk(dir: &Path) -> usize {
        std::fs::read_dir(dir)
            .map(|entries| {
                entries
                    .flatten()
                    .filter(|e| e.file_name() != "templates")
                    .map(|e| {
                        if e.path().is_dir() {
                            walk(&e.path())
                        } else {
                            1
                        }
                    })
                    .sum()
            })
            .unwrap_or(0)
    }
    walk(&dir.join("media"))
}

async fn upload_list_serve_download_and_delete(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("seller@example.com").await;
    let (project_id, scene_id) = project_and_scene(&app, &session).await;
    let target = Target {
        project_id: &project_id,
        scene_id: Some(&scene_id),
        message_id: None,
    };
    let original = files::png(640, 480);

    let response = upload(&app, &session, &target, "my bottle.png", original.clone()).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["success"], true);
    assert_eq!(body["error"], Value::Null);
    let image = &body["reference_image"];
    let id = image["id"].as_str().unwrap();
    assert_eq!(image["url"], format!("/api/media/file/{id}"));
    assert_eq!(image["s3_url"], image["url"]);
    assert_eq!(
        image["thumbnail_url"],
        format!("/api/media/file/{id}?variant=thumbnail")
    );
    assert_eq!(image["thumbnailUrl"], image["thumbnail_url"]);
    assert_eq!(
        image["image_metadata"]["thumbnail_url"],
        image["thumbnail_url"]
    );
    assert_eq!(image["dimensions"], json!({"width": 640, "height": 480}));
    assert_eq!(image["original_filename"], "my bottle.png");
    assert_eq!(image["scene_id"].as_str(), Some(scene_id.as_str()));
    assert!(
        !image["filename"].as_str().unwrap().contains("bottle"),
        "stored names are generated"
    );
    assert!(image["file_size"].as_i64().unwrap() > 0);

    let list = app
        .get_json(&session, &format!("/api/reference-images/scene/{scene_id}"))
        .await;
    assert_eq!(list["success"], true);
    assert_eq!(list["reference_images"].as_array().unwrap().len(), 1);
    let list = app
        .get_json(
            &session,
            &format!("/api/reference-images/project/{project_id}"),
        )
        .await;
    assert_eq!(list["reference_images"][0]["id"], id);
    let one = app
        .get_json(&session, &format!("/api/reference-images/{id}"))
        .await;
    assert_eq!(one["reference_image"]["id"], id);

    // The stored copy decodes to the same pixels.
    let url = app.url(image["url"].as_str().unwrap());
    let response = app
        .client
        .get(&url)
        .bearer_auth(&session.token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["accept-ranges"], "bytes");
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    let content_type = response.headers()["content-type"]
        .to_str()
        .unwrap()
        .to_owned();
    let stored = response.bytes().await.unwrap().to_vec();
    assert_eq!(stored.len() as i64, image["file_size"].as_i64().unwrap());
    let decoded = image::load_from_memory(&stored).unwrap().to_rgb8();
    assert_eq!(decoded.dimensions(), (640, 480));
    assert!(content_type.starts_with("image/"), "{content_type}");
    let source = image::load_from_memory(&original).unwrap().to_rgb8();
    let diff: u64 = decoded
        .pixels()
        .zip(source.pixels())
        .map(|(a, b)| u64::from(a[0].abs_diff(b[0])))
        .sum();
    assert!(diff / (640 * 480) < 4, "stored pixels match the upload");

    // Ranges and revalidation.
    let response = app
        .client
        .get(&url)
        .bearer_auth(&session.token)
        .header("range", "bytes=10-109")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(
        response.headers()["content-range"],
        format!("bytes 10-109/{}", stored.len())
    );
    assert_eq!(response.bytes().await.unwrap().to_vec(), stored[10..110]);
    let response = app
        .client
        .get(&url)
        .bearer_auth(&session.token)
        .header("range", "bytes=-50")
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.bytes().await.unwrap().to_vec(),
        stored[stored.len() - 50..]
    );
    let response = app
        .client
        .get(&url)
        .bearer_auth(&session.token)
        .header("range", format!("bytes={}-", stored.len()))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::RANGE_NOT_SATISFIABLE);
    let response = app
        .client
        .get(&url)
        .bearer_auth(&session.token)
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_MODIFIED);

    // Thumbnail, JSON form, download.
    let response = app
        .client
        .get(app.url(image["thumbnail_url"].as_str().unwrap()))
        .bearer_auth(&session.token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let thumbnail = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
    assert_eq!((thumbnail.width(), thumbnail.height()), (256, 192));
    let urls = app
        .get_json(&session, &format!("/api/media/file/{id}?format=json"))
        .await;
    assert_eq!(
        urls,
        json!({"url": image["url"], "file_url": image["url"], "media_url": image["url"]})
    );
    // A rendition or answer not offered is refused, naming what is.
    for (query, reason) in [
        (
            "variant=huge",
            "variant must be thumbnail, poster or omitted",
        ),
        (
            "variant=marked",
            "variant must be thumbnail, poster or omitted",
        ),
        ("format=xml", "format must be json or omitted"),
    ] {
        let response = app
            .authed(
                &session,
                Method::GET,
                &format!("/api/media/file/{id}?{query}"),
            )
            .send()
            .await
            .unwrap();
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert_eq!(message, reason, "{query}");
    }
    let response = app
        .authed(&session, Method::GET, &format!("/api/media/download/{id}"))
        .send()
        .await
        .unwrap();
    let disposition = response.headers()["content-disposition"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        disposition.starts_with("attachment; filename=\"my bottle.png\""),
        "{disposition}"
    );
    assert_eq!(response.bytes().await.unwrap().len(), stored.len());
    assert_eq!(
        stored_files(app.db.data_dir.path()),
        4,
        "the image, its thumbnail, its cutout's mask and the product cut out"
    );

    // Delete removes the row, the bytes and the thumbnail.
    let response = app
        .authed(
            &session,
            Method::DELETE,
            &format!("/api/reference-images/{id}"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let list = app
        .get_json(&session, &format!("/api/reference-images/scene/{scene_id}"))
        .await;
    assert_eq!(list["reference_images"], json!([]));
    let response = app
        .client
        .get(&url)
        .bearer_auth(&session.token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(stored_files(app.db.data_dir.path()), 0);
    let response = app
        .authed(
            &session,
            Method::DELETE,
            &format!("/api/reference-images/{id}"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

async fn hostile_files_are_refused_and_nothing_is_stored(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("hostile@example.com").await;
    let (project_id, scene_id) = project_and_scene(&app, &session).await;
    let target = Target {
        project_id: &project_id,
        scene_id: Some(&scene_id),
        message_id: None,
    };
    const TYPE: &str = "Please upload a valid image file (JPEG, PNG, WebP, or GIF).";
    const SIZE: &str = "Image size must be less than 15MB.";
    const DIMENSIONS: &str = "Image dimensions too large. Max 4096x4096 pixels.";
    const CORRUPT: &str = "Invalid or corrupted image file";

    let jpeg = files::jpeg(300, 200);
    let mut polyglot = jpeg.clone();
    polyglot.extend_from_slice(b"PK\x03\x04\x14\x00\x00\x00\x08\x00");
    polyglot.extend_from_slice(&[0x42; 400]);
    let mut png_with_tail = files::png(64, 64);
    png_with_tail.extend_from_slice(&[0x13; 300]);
    let cases: Vec<(&str, Vec<u8>, StatusCode, &str)> = vec![
        (
            "truncated.jpg",
            jpeg[..jpeg.len() / 2].to_vec(),
            StatusCode::BAD_REQUEST,
            CORRUPT,
        ),
        (
            "liar.png",
            files::png_claiming(60000, 60000),
            StatusCode::BAD_REQUEST,
            DIMENSIONS,
        ),
        (
            "empty.png",
            Vec::new(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            TYPE,
        ),
        (
            "huge.jpg",
            files::big_jpeg(16 * 1024 * 1024),
            StatusCode::PAYLOAD_TOO_LARGE,
            SIZE,
        ),
        (
            "wide.png",
            files::png(4097, 10),
            StatusCode::BAD_REQUEST,
            DIMENSIONS,
        ),
        (
            "vector.png",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"/>".to_vec(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            TYPE,
        ),
        (
            "page.png",
            b"<!doctype html><html><body><script>alert(1)</script></body></html>".to_vec(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            TYPE,
        ),
        (
            "doc.png",
            b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF".to_vec(),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            TYPE,
        ),
        ("polyglot.jpg", polyglot, StatusCode::BAD_REQUEST, CORRUPT),
        ("tail.png", png_with_tail, StatusCode::BAD_REQUEST, CORRUPT),
        (
            "bomb.gif",
            files::gif_bomb(),
            StatusCode::BAD_REQUEST,
            DIMENSIONS,
        ),
    ];
    for (name, bytes, status, message) in cases {
        let response = upload(&app, &session, &target, name, bytes).await;
        assert_eq!(response.status(), status, "{name}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(
            body,
            json!({"success": false, "reference_image": null, "error": message}),
            "{name}"
        );
    }
    let list = app
        .get_json(
            &session,
            &format!("/api/reference-images/project/{project_id}"),
        )
        .await;
    assert_eq!(list["reference_images"], json!([]));
    assert_eq!(stored_files(app.db.data_dir.path()), 0);

    // Missing parts of the form, and a body that is no form at all.
    let form = Form::new()
        .text("projectId", project_id.clone())
        .text("sceneId", scene_id.clone());
    let response = app
        .authed(&session, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap();
    expect_refusal(response, StatusCode::BAD_REQUEST, "No file uploaded").await;
    let no_project = Target {
        project_id: "",
        scene_id: Some(&scene_id),
        message_id: None,
    };
    let response = upload(&app, &session, &no_project, "a.png", files::png(10, 10)).await;
    expect_refusal(response, StatusCode::BAD_REQUEST, "projectId is required").await;
    let response = app
        .authed(&session, Method::POST, "/api/reference-images/upload-proxy")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    expect_refusal(
        response,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "Expected a multipart/form-data upload",
    )
    .await;

    // Every accepted kind, and an EXIF-rotated photo stored upright.
    for (name, bytes) in [
        ("a.jpg", files::jpeg(120, 80)),
        ("b.webp", files::webp(120, 80)),
        ("c.gif", files::gif(120, 80)),
    ] {
        let response = upload(&app, &session, &target, name, bytes).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{name}");
    }
    // A draft key: the client's own UUID for a message it has not sent yet.
    let draft = uuid::Uuid::new_v4().to_string();
    let message = Target {
        project_id: &project_id,
        scene_id: Some(&scene_id),
        message_id: Some(&draft),
    };
    let response = upload(
        &app,
        &session,
        &message,
        "rotated.jpg",
        files::jpeg_rotated_exif(300, 200),
    )
    .await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(
        body["reference_image"]["dimensions"],
        json!({"width": 200, "height": 300})
    );
    let stored = app
        .client
        .get(app.url(body["reference_image"]["url"].as_str().unwrap()))
        .bearer_auth(&session.token)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    assert!(
        !stored.windows(4).any(|w| w == b"Exif"),
        "metadata is stripped"
    );
    assert_eq!(image::load_from_memory(&stored).unwrap().width(), 200);

    let response = app
        .request(Method::GET, "/api/health")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

async fn a_scene_and_a_message_hold_at_most_three(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("three@example.com").await;
    let (project_id, scene_id) = project_and_scene(&app, &session).await;
    let scene = Target {
        project_id: &project_id,
        scene_id: Some(&scene_id),
        message_id: None,
    };
    for n in 0..3 {
        assert_eq!(
            upload(
                &app,
                &session,
                &scene,
                &format!("{n}.png"),
                files::png(50, 50)
            )
            .await
            .status(),
            StatusCode::CREATED
        );
    }
    let response = upload(&app, &session, &scene, "4.png", files::png(50, 50)).await;
    expect_refusal(
        response,
        StatusCode::BAD_REQUEST,
        "You can only upload up to 3 reference images.",
    )
    .await;

    // A chat message's attachments are counted on their own.
    // A draft key: the client's own UUID for a message it has not sent yet.
    let draft = uuid::Uuid::new_v4().to_string();
    let message = Target {
        project_id: &project_id,
        scene_id: Some(&scene_id),
        message_id: Some(&draft),
    };
    for n in 0..3 {
        assert_eq!(
            upload(
                &app,
                &session,
                &message,
                &format!("m{n}.png"),
                files::png_with_alpha(40, 40)
            )
            .await
            .status(),
            StatusCode::CREATED
        );
    }
    let response = upload(&app, &session, &message, "m4.png", files::png(40, 40)).await;
    expect_refusal(
        response,
        StatusCode::BAD_REQUEST,
        "You can only upload up to 3 reference images.",
    )
    .await;

    let scene_list = app
        .get_json(&session, &format!("/api/reference-images/scene/{scene_id}"))
        .await;
    assert_eq!(
        scene_list["reference_images"].as_array().unwrap().len(),
        3,
        "attachments are not the scene's product images"
    );
    let project_list = app
        .get_json(
            &session,
            &format!("/api/reference-images/project/{project_id}"),
        )
        .await;
    assert_eq!(
        project_list["reference_images"].as_array().unwrap().len(),
        6
    );
    // Four files a photo: the image, its thumbnail, its cutout's mask and the product cut out.
    assert_eq!(stored_files(app.db.data_dir.path()), 24);

    // Concurrent uploads to a full-but-one scene: exactly one wins.
    let other_scene = app.create_scene(&session, &project_id, "Campaign 2").await;
    let other_id = other_scene["id"].as_str().unwrap().to_owned();
    let other = Target {
        project_id: &project_id,
        scene_id: Some(&other_id),
        message_id: None,
    };
    for n in 0..2 {
        upload(
            &app,
            &session,
            &other,
            &format!("o{n}.png"),
            files::png(30, 30),
        )
        .await;
    }
    let racers = (0..4).map(|n| {
        upload(
            &app,
            &session,
            &other,
            if n % 2 == 0 { "x.png" } else { "y.png" },
            files::png(30, 30),
        )
    });
    let statuses: Vec<StatusCode> = join_all(racers)
        .await
        .into_iter()
        .map(|r| r.status())
        .collect();
    assert_eq!(
        statuses
            .iter()
            .filter(|s| **s == StatusCode::CREATED)
            .count(),
        1,
        "{statuses:?}"
    );
    let list = app
        .get_json(&session, &format!("/api/reference-images/scene/{other_id}"))
        .await;
    assert_eq!(list["reference_images"].as_array().unwrap().len(), 3);
    assert_eq!(
        stored_files(app.db.data_dir.path()),
        36,
        "refused racers leave no bytes behind"
    );
}

async fn other_users_reference_images_answer_not_found(db: Db) {
    let app = spawn_app(db).await;
    let owner = app.signup("owner@example.com").await;
    let intruder = app.signup("intruder@example.com").await;
    let (project_id, scene_id) = project_and_scene(&app, &owner).await;
    let target = Target {
        project_id: &project_id,
        scene_id: Some(&scene_id),
        message_id: None,
    };
    let body: Value = upload(&app, &owner, &target, "mine.png", files::png(60, 60))
        .await
        .json()
        .await
        .unwrap();
    let id = body["reference_image"]["id"].as_str().unwrap().to_owned();

    for (method, path) in [
        (Method::GET, format!("/api/reference-images/{id}")),
        (Method::DELETE, format!("/api/reference-images/{id}")),
        (
            Method::GET,
            format!("/api/reference-images/scene/{scene_id}"),
        ),
        (
            Method::GET,
            format!("/api/reference-images/project/{project_id}"),
        ),
        (Method::GET, format!("/api/media/file/{id}")),
        (
            Method::GET,
            format!("/api/media/file/{id}?variant=thumbnail"),
        ),
        (Method::GET, format!("/api/media/download/{id}")),
        (Method::POST, format!("/api/media/{id}/share")),
    ] {
        let response = app
            .authed(&intruder, method.clone(), &path)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{method} {path}");
    }
    let response = upload(&app, &intruder, &target, "theirs.png", files::png(60, 60)).await;
    expect_refusal(response, StatusCode::NOT_FOUND, "Project not found").await;
    // In their own project, naming the owner's campaign: the campaign is what is not found.
    let (own_project, _) = project_and_scene(&app, &intruder).await;
    let into_theirs = Target {
        project_id: &own_project,
        scene_id: Some(&scene_id),
        message_id: None,
    };
    let response = upload(
        &app,
        &intruder,
        &into_theirs,
        "theirs.png",
        files::png(60, 60),
    )
    .await;
    expect_refusal(response, StatusCode::NOT_FOUND, "Campaign not found").await;
    // The owner still has the image, untouched.
    let response = app
        .authed(&owner, Method::GET, &format!("/api/media/file/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let response = app
        .request(Method::GET, &format!("/api/media/file/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

async fn media_tokens_and_share_links_are_scoped(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("share@example.com").await;
    let (project_id, scene_id) = project_and_scene(&app, &session).await;
    let target = Target {
        project_id: &project_id,
        scene_id: Some(&scene_id),
        message_id: None,
    };
    let body: Value = upload(&app, &session, &target, "shared.png", files::png(80, 60))
        .await
        .json()
        .await
        .unwrap();
    let id = body["reference_image"]["id"].as_str().unwrap().to_owned();

    let auth = app.get_json(&session, "/api/media/auth").await;
    let token = auth["token"].as_str().unwrap();
    assert_ne!(token, session.token);
    let response = app
        .request(Method::GET, &format!("/api/media/file/{id}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    for path in ["/api/projects", "/api/auth/me"] {
        let response = app
            .request(Method::GET, path)
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::UNAUTHORIZED,
            "a media token is not a session ({path})"
        );
    }

    let share = app
        .authed(&session, Method::POST, &format!("/api/media/{id}/share"))
        .send()
        .await
        .unwrap();
    assert_eq!(share.status(), StatusCode::OK);
    let share: Value = share.json().await.unwrap();
    let link = share["data"]["url"].as_str().unwrap().to_owned();
    // The link is a public page; the picture on it is the shared file.
    let response = app.request(Method::GET, &link).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let page = response.text().await.unwrap();
    let file = page
        .split('"')
        .find(|part| part.contains("/api/media/shared/"))
        .unwrap_or_else(|| panic!("the page shows the shared file: {page}"))
        .replace("&amp;", "&");
    let file = file
        .find("/api/media/shared/")
        .map(|at| file[at..].to_owned())
        .unwrap();
    let response = app.request(Method::GET, &file).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(image::load_from_memory(&response.bytes().await.unwrap()).is_ok());
    let mut tampered = link.clone();
    tampered.pop();
    tampered.push(if link.ends_with('A') { 'B' } else { 'A' });
    let response = app.request(Method::GET, &tampered).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let response = app
        .request(Method::GET, &format!("/api/media/shared/{}", session.token))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
}

async fn uploads_and_serving_work_on_s3_compatible_storage(db: Db) {
    let endpoint = s3_endpoint();
    let client = reqwest::Client::new();
    let bucket = s3_bucket("studio-test").await;
    let env = s3_env(&bucket, &endpoint);
    let app = spawn_app_with(db, &borrowed(&env)).await;
    let session = app.signup("cloud@example.com").await;
    let (project_id, scene_id) = project_and_scene(&app, &session).await;
    let target = Target {
        project_id: &project_id,
        scene_id: Some(&scene_id),
        message_id: None,
    };
    let body: Value = upload(&app, &session, &target, "cloud.jpg", files::jpeg(500, 400))
        .await
        .json()
        .await
        .unwrap();
    let id = body["reference_image"]["id"].as_str().unwrap().to_owned();
    assert_eq!(
        stored_files(app.db.data_dir.path()),
        0,
        "nothing on local disk"
    );

    let listing = |bucket: String| {
        let client = client.clone();
        let endpoint = endpoint.clone();
        async move {
            client
                .get(format!("{endpoint}/{bucket}?list-type=2"))
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap()
        }
    };
    let keys = listing(bucket.clone()).await;
    assert!(
        keys.contains(&format!("media/reference-images/{id}")),
        "{keys}"
    );
    assert_eq!(
        keys.matches("<Key>media/reference-images/").count(),
        4,
        "{keys}"
    );

    let url = format!("/api/media/file/{id}");
    let whole = app
        .authed(&session, Method::GET, &url)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    let part = app
        .authed(&session, Method::GET, &url)
        .header("range", "bytes=100-199")
        .send()
        .await
        .unwrap();
    assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(part.bytes().await.unwrap(), whole.slice(100..200));
    let response = app
        .authed(&session, Method::GET, &format!("/api/media/download/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.bytes().await.unwrap(), whole);

    let response = app
        .authed(
            &session,
            Method::DELETE,
            &format!("/api/reference-images/{id}"),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let keys = listing(bucket).await;
    assert_eq!(
        keys.matches("<Key>media/reference-images/").count(),
        0,
        "{keys}"
    );
}
