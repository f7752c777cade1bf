//! Input an attacker (or a broken client) sends: control characters, absurd page numbers,
//! ids that name other people's things, garbled queries and bodies, masks that leave
//! nothing to fill from, stale range validators and guessable passwords. Every answer is the
//! API's error envelope, the same on both databases, and nothing is charged or stored.

use reqwest::multipart::{Form, Part};
use reqwest::{header, Method, StatusCode};
use serde_json::{json, Value};

use crate::files;
use crate::jobs::project_and_scene;
use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, Db, Session, TestApp};

on_both_databases!(
    control_characters_are_refused_in_every_text,
    page_numbers_are_capped,
    message_ids_must_name_the_callers_messages,
    malformed_requests_answer_in_the_envelope,
    a_mask_over_the_whole_image_is_refused_before_charging,
    a_stale_if_range_gets_the_whole_file,
    common_and_blank_passwords_are_refused,
);

const CONTROL: &str =
    "Text must not contain control characters (only line breaks and tabs are allowed)";

async fn post(app: &TestApp, session: &Session, path: &str, body: Value) -> reqwest::Response {
    app.authed(session, Method::POST, path)
        .json(&body)
        .send()
        .await
        .unwrap()
}

/// A product photo of the scene (or a chat attachment under `message_id`).
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

async fn assistant_message(app: &TestApp, session: &Session, project: &str, scene: &str) -> String {
    let response = post(
        app,
        session,
        "/api/chat/send",
        json!({"project_id": project, "scene_id": scene, "message": "a candle on marble"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["data"]["message"]["id"].as_str().unwrap().to_owned()
}

async fn control_characters_are_refused_in_every_text(db: Db) {
    let app = spawn_app(db).await;

    // Signed out: sign-up's names and sign-in's email.
    for (path, body) in [
        (
            "/api/auth/signup",
            json!({"email": "nul@example.com", "password": "correct horse", "given_name": "A\u{0}da"}),
        ),
        (
            "/api/auth/signin",
            json!({"email": "a\u{0}@example.com", "password": "correct horse"}),
        ),
        (
            "/api/auth/signup",
            json!({"email": "bell@example.com", "password": "correct horse", "family_name": "Ring\u{7}"}),
        ),
    ] {
        let response = app
            .request(Method::POST, path)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(
            expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await,
            CONTROL,
            "{path}"
        );
    }

    let session = app.signup("hostile@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let balance = app.balance(&session).await;
    let refused = [
        (
            "/api/chat/send",
            json!({"project_id": project, "scene_id": scene, "message": "hello\u{0}"}),
        ),
        (
            "/api/generate/image",
            json!({"project_id": project, "scene_id": scene, "prompt": "a candle\u{0}"}),
        ),
        (
            "/api/generate/audio",
            json!({"project_id": project, "prompt": "calm\u{1b}[31m"}),
        ),
        (
            "/api/projects",
            json!({"project_name": "C1 control \u{85}"}),
        ),
    ];
    for (path, body) in refused {
        let response = post(&app, &session, path, body).await;
        assert_eq!(
            expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await,
            CONTROL,
            "{path}"
        );
    }
    assert_eq!(app.balance(&session).await, balance, "nothing charged");
    // Escapes JSON has for control characters count too; an escaped backslash does not.
    let raw = |text: &str| {
        app.authed(&session, Method::POST, "/api/projects")
            .header(header::CONTENT_TYPE, "application/json")
            .body(format!(r#"{{"project_name": "{text}"}}"#))
            .send()
    };
    for escaped in [r"a\u0000b", r"a\bb", r"a\u001Fb", r"a\u007fb"] {
        let response = raw(escaped).await.unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{escaped}");
    }
    let response = raw(r"not a nul: \\u0000").await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"]["name"], r"not a nul: \u0000");

    // Line breaks and tabs are text.
    let response = post(
        &app,
        &session,
        "/api/chat/send",
        json!({"project_id": project, "scene_id": scene, "message": "two lines\nand\ta tab\r\n"}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);

    // Query strings and form fields.
    let response = app
        .authed(
            &session,
            Method::GET,
            "/api/templates?template_type=image%00",
        )
        .send()
        .await
        .unwrap();
    assert_eq!(
        expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await,
        CONTROL
    );
    let form = Form::new()
        .part(
            "file",
            Part::bytes(files::png(64, 64))
                .file_name("p.png")
                .mime_str("image/png")
                .unwrap(),
        )
        .text("uploadId", "up\u{0}load")
        .text("projectId", project.clone())
        .text("sceneId", scene.clone());
    let response = app
        .authed(&session, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let path = format!("/api/chat/status/%00{}", &scene[3..]);
    let response = app
        .authed(&session, Method::GET, &path)
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;

    // Nothing was stored on the way.
    let history = app
        .get_json(
            &session,
            &format!("/api/chat/history?project_id={project}&scene_id={scene}"),
        )
        .await;
    let text = history.to_string();
    assert!(!text.contains("\\u0000"), "{text}");
}

async fn page_numbers_are_capped(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("pages@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let lists = [
        "/api/credits/transactions?".to_owned(),
        format!("/api/chat/history?project_id={project}&scene_id={scene}&"),
        "/api/chat/style-presets?".to_owned(),
    ];
    for list in &lists {
        for page in ["9223372036854775807", "100001", "0", "-3"] {
            let response = app
                .authed(
                    &session,
                    Method::GET,
                    &format!("{list}page={page}&per_page=100"),
                )
                .send()
                .await
                .unwrap();
            let body = response.text().await.unwrap();
            let body: Value = serde_json::from_str(&body).unwrap_or_else(|_| panic!("{body}"));
            assert_eq!(
                body["error"]["code"], "validation_error",
                "{list} {page}: {body}"
            );
            assert_eq!(body["error"]["field"], "page", "{list} {page}: {body}");
            assert_eq!(body["message"], "page must be between 1 and 100000");
        }
        // The last page served is labelled as itself, and empty.
        let body = app
            .get_json(&session, &format!("{list}page=100000&per_page=100"))
            .await;
        let text = body.to_string();
        assert!(text.contains("100000"), "{list}: {text}");
        // Beyond the integers: a query parameter that does not parse.
        let response = app
            .authed(
                &session,
                Method::GET,
                &format!("{list}page=99999999999999999999"),
            )
            .send()
            .await
            .unwrap();
        let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
        assert_eq!(message, "Invalid value for query parameter page", "{list}");
    }
}

async fn message_ids_must_name_the_callers_messages(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("owner@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let mine = assistant_message(&app, &session, &project, &scene).await;
    let other_scene = app.create_scene(&session, &project, "Campaign 2").await;
    let other_scene = other_scene["id"].as_str().unwrap().to_owned();
    let elsewhere = assistant_message(&app, &session, &project, &other_scene).await;
    let intruder = app.signup("intruder@example.com").await;
    let (their_project, their_scene) = project_and_scene(&app, &intruder).await;
    let before = app.balance(&intruder).await;

    let generate = |parent: &str| {
        json!({"project_id": their_project, "scene_id": their_scene,
            "prompt": "a candle", "parent_message_id": parent})
    };
    for parent in [
        mine.as_str(),
        "not-a-uuid",
        &uuid::Uuid::new_v4().to_string(),
    ] {
        for path in ["/api/generate/image", "/api/generate/audio"] {
            let response = post(&app, &intruder, path, generate(parent)).await;
            assert_eq!(
                expect_error(response, StatusCode::NOT_FOUND, "not_found").await,
                "Message not found",
                "{path} {parent}"
            );
        }
    }
    assert_eq!(app.balance(&intruder).await, before, "nothing charged");
    // The owner's message of another campaign is not this campaign's.
    let body = json!({"project_id": project, "scene_id": scene, "prompt": "a candle",
        "parent_message_id": elsewhere});
    let response = post(&app, &session, "/api/generate/image", body).await;
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    let body = json!({"project_id": project, "scene_id": scene, "prompt": "a candle",
        "parent_message_id": mine});
    let response = post(&app, &session, "/api/generate/image", body).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);

    // Uploads: a message of the campaign, or a new UUID for a draft; nothing else.
    for key in [mine.as_str(), "draft-1", &elsewhere] {
        let response = upload(&app, &intruder, &their_project, &their_scene, Some(key)).await;
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{key}");
    }
    let response = upload(&app, &session, &project, &scene, Some(&elsewhere)).await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    let draft = uuid::Uuid::new_v4().to_string();
    for key in [mine.as_str(), &draft] {
        let response = upload(&app, &session, &project, &scene, Some(key)).await;
        assert_eq!(response.status(), StatusCode::CREATED, "{key}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["reference_image"]["message_id"], key);
    }
}

async fn malformed_requests_answer_in_the_envelope(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("garbled@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;

    // An unparsable query string.
    let response = app
        .authed(
            &session,
            Method::GET,
            "/api/credits/transactions?page=abc&per_page=[]",
        )
        .send()
        .await
        .unwrap();
    assert!(response.headers()[header::CONTENT_TYPE]
        .to_str()
        .unwrap()
        .starts_with("application/json"));
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert!(!message.contains("deserialize"), "{message}");

    // A method the route does not have.
    let response = app
        .authed(&session, Method::DELETE, "/api/credits/balance")
        .send()
        .await
        .unwrap();
    let message = expect_error(
        response,
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
    )
    .await;
    assert!(!message.is_empty());

    // A huge bad value is not echoed, and no type of the server's is named.
    let huge = "9".repeat(100_000);
    let bodies = [
        (
            "/api/generate/video",
            Method::POST,
            json!({"project_id": project, "scene_id": scene, "prompt": "x", "duration": {"seconds": huge}}),
        ),
        (
            "/api/generate/video",
            Method::POST,
            json!({"project_id": project, "scene_id": scene, "prompt": "x", "duration": huge}),
        ),
        (
            &*format!("/api/scenes/{scene}"),
            Method::PATCH,
            json!([huge]),
        ),
        (
            "/api/projects",
            Method::POST,
            json!({"project_name": [huge]}),
        ),
        ("/api/projects", Method::POST, json!({"project_name": 5})),
    ];
    for (path, method, body) in bodies {
        let response = app
            .authed(&session, method, path)
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
        let text = response.text().await.unwrap();
        assert!(text.len() < 1000, "{path}: {} bytes", text.len());
        for leak in [
            "enum",
            "struct",
            "DurationInput",
            "Request",
            "99999999999999999999999999999999999999999999999999999999999999999",
        ] {
            assert!(!text.contains(leak), "{path}: {text}");
        }
        let body: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(body["error"]["code"], "validation_error");
    }

    // One body limit for JSON, the generate routes included; the edit form keeps its own.
    let big = "a".repeat(1024 * 1024 + 1);
    for path in ["/api/generate/image", "/api/projects", "/api/chat/send"] {
        let response = post(
            &app,
            &session,
            path,
            json!({"prompt": big, "project_name": big}),
        )
        .await;
        expect_error(response, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").await;
    }
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
    for prompt in [
        "remove the cup",
        "make it blue",
        "replace it with a vase of flowers",
    ] {
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
