//! Input an attacker (or a broken client) sends: control characters, absurd page numbers,
//! ids that name other people's things, garbled queries and bodies, masks that leave
//! nothing to fill from, stale range validators and guessable passwords. Every answer is the
//! API's error envelope, the same on both databases, and nothing is charged or stored.

use reqwest::multipart::{Form, Part};
use reqwest::{header, Method, StatusCode};
use serde_json::{json, Value};

use crate::files;
use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, Db, Session, TestApp};

on_both_databases!(
    a_mask_over_the_whole_image_is_refused_before_charging,
    a_stale_if_range_gets_the_whole_file,
    common_and_blank_passwords_are_refused,
);

async fn project_and_scene(app: &TestApp, session: &Session) -> (String, String) {
    let project = app.create_project(session, "Hostile").await;
    let project_id = project["id"].as_str().unwrap().to_owned();
    let scene = app.create_scene(session, &project_id, "Campaign 1").await;
    (project_id, scene["id"].as_str().unwrap().to_owned())
}

async fn upload(
    app: &TestApp,
    session: &Session,
    project: &str,
    scene: &str,
    message_id: Option<&str>,
) -> reqwest::Response {
    let mut form = Form::new()
        .part(
            "file",
            Part::bytes(files::png(64, 64))
                .file_name("product.png")
                .mime_str("image/png")
                .unwrap(),
        )
        .text("projectId", project.to_owned())
        .text("sceneId", scene.to_owned());
    if let Some(message_id) = message_id {
        form = form.text("messageId", message_id.to_owned());
    }
    app.authed(session, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn a_mask_over_the_whole_image_is_refused_before_charging(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("mask@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let response = upload(&app, &session, &project, &scene, None).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let image: Value = response.json().await.unwrap();
    let image = image["reference_image"]["id"].as_str().unwrap().to_owned();
    let before = app.balance(&session).await;

    let edit = |mask: image::GrayImage, prompt: &str| {
        let mut png = Vec::new();
        image::DynamicImage::ImageLuma8(mask)
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        let form = Form::new()
            .text("project_id", project.clone())
            .text("scene_id", scene.clone())
            .text("prompt", prompt.to_owned())
            .text("original_image_url", format!("/api/media/file/{image}"))
            .part(
                "mask",
                Part::bytes(png)
                    .file_name("mask.png")
                    .mime_str("image/png")
                    .unwrap(),
            );
        app.authed(&session, Method::POST, "/api/generate/image-edit")
            .multipart(form)
            .send()
    };
    let whole = image::GrayImage::from_pixel(64, 64, image::Luma([255]));
    for prompt in ["remove the cup", "make it blue", "something vague"] {
        let response = edit(whole.clone(), prompt).await.unwrap();
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert_eq!(
            message,
            "The brush covers too much of the image: leave part of it unpainted to fill from",
            "{prompt}"
        );
    }
    assert_eq!(app.balance(&session).await, before, "nothing charged");

    // Edits that do not fill from the picture work on any mask; a partial removal is taken.
    let response = edit(whole, "blur it").await.unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let mut spot = image::GrayImage::new(64, 64);
    for y in 20..40 {
        for x in 20..40 {
            spot.put_pixel(x, y, image::Luma([255]));
        }
    }
    let response = edit(spot, "remove the cup").await.unwrap();
    assert_eq!(response.status(), StatusCode::ACCEPTED);
}

async fn a_stale_if_range_gets_the_whole_file(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("ranges@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let response = upload(&app, &session, &project, &scene, None).await;
    let body: Value = response.json().await.unwrap();
    let url = body["reference_image"]["url"].as_str().unwrap().to_owned();
    let get = |if_range: Option<&str>| {
        let mut request = app
            .authed(&session, Method::GET, &url)
            .header(header::RANGE, "bytes=0-9");
        if let Some(value) = if_range {
            request = request.header(header::IF_RANGE, value);
        }
        request.send()
    };
    let whole = get(None).await.unwrap();
    assert_eq!(whole.status(), StatusCode::PARTIAL_CONTENT);
    let etag = whole.headers()[header::ETAG].to_str().unwrap().to_owned();
    let size: usize = whole.headers()[header::CONTENT_RANGE]
        .to_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .parse()
        .unwrap();

    let current = get(Some(&etag)).await.unwrap();
    assert_eq!(current.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(current.bytes().await.unwrap().len(), 10);
    for stale in [
        "\"an-older-version\"",
        &format!("W/{etag}"),
        "Wed, 21 Oct 2015 07:28:00 GMT",
    ] {
        let response = get(Some(stale)).await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{stale}");
        assert!(response.headers().get(header::CONTENT_RANGE).is_none());
        assert_eq!(response.bytes().await.unwrap().len(), size, "{stale}");
    }
}

async fn common_and_blank_passwords_are_refused(db: Db) {
    let app = spawn_app(db).await;
    for password in [
        "        ",
        "\t \t \t \t ",
        "password",
        "Password",
        "aaaaaaaa",
        "12345678",
        "iloveyou",
    ] {
        let response = app
            .request(Method::POST, "/api/auth/signup")
            .json(&json!({"email": "weak@example.com", "password": password}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{password:?}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["field"], "password", "{password:?}");
    }
    // No composition rules: a long phrase of lower-case words is a good password.
    let response = app
        .request(Method::POST, "/api/auth/signup")
        .json(&json!({"email": "phrase@example.com", "password": "purple tigers dance"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
}
