//! Work per request is bounded, and the small edges hold: a photo asking for seconds of
//! decoding is refused before anything is stored; every list in a request body has its limit
//! checked before any item is looked up, and says so in the OpenAPI document; HSTS with
//! secure cookies; download names that cannot mislead; open-ended ranges; a cap on live-event
//! streams; body-limit refusals in the error envelope; the document and the server agree on
//! which routes need a session. Each on both databases.

use std::path::Path;

use reqwest::{header, Method, StatusCode};
use serde_json::{json, Value};

use crate::files;
use crate::jobs::{project_and_scene, start_image};
use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, spawn_app_with, Db, Session};

on_both_databases!(
    a_jpeg_of_thousands_of_scans_is_refused_and_nothing_is_stored,
    lists_are_limited_before_any_item_is_looked_up,
    every_array_in_a_request_body_has_max_items,
    the_document_and_the_server_agree_on_public_routes,
    hsts_is_sent_only_with_secure_cookies,
    a_range_to_the_largest_number_is_an_open_range,
    download_names_follow_the_stored_type_and_one_scheme,
    a_user_holds_at_most_ten_event_streams,
    body_limit_refusals_answer_in_the_envelope,
    fresh_draft_ids_do_not_lift_the_campaigns_photo_cap,
    the_upload_quota_is_enforced_with_a_clear_message,
);

const TOO_COMPLEX: &str =
    "This image is too complex to process. Please save it again as a standard JPEG or PNG and upload it again.";

/// Files under the data directory, the bundled templates aside.
fn stored_files(dir: &Path) -> usize {
    std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.file_name() != "templates")
                .map(|e| {
                    if e.path().is_dir() {
                        stored_files(&e.path())
                    } else {
                        1
                    }
                })
                .sum()
        })
        .unwrap_or(0)
}

/// A flat progressive JPEG whose scans are repeated until it is about 190 KB: thousands of
/// tiny scans, each a pass over every block.
fn many_scan_jpeg() -> Vec<u8> {
    let (w, h) = (640u16, 480u16);
    let flat = image::RgbImage::from_pixel(u32::from(w), u32::from(h), image::Rgb([200, 120, 40]));
    let mut jpeg = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut jpeg, 90);
    encoder.set_progressive(true);
    encoder
        .encode(flat.as_raw(), w, h, jpeg_encoder::ColorType::Rgb)
        .unwrap();
    let mut at = 2;
    while jpeg[at + 1] != 0xDA {
        at += 2 + usize::from(u16::from_be_bytes([jpeg[at + 2], jpeg[at + 3]]));
    }
    let scans = jpeg[at..jpeg.len() - 2].to_vec();
    let mut out = jpeg[..jpeg.len() - 2].to_vec();
    while out.len() + scans.len() < 190_000 {
        out.extend_from_slice(&scans);
    }
    out.extend_from_slice(&[0xFF, 0xD9]);
    out
}

/// The upload route's own refusal shape: `{success: false, error}`.
async fn refused_upload(response: reqwest::Response, status: StatusCode) -> String {
    assert_eq!(response.status(), status);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["success"], false, "{body}");
    body["error"].as_str().unwrap().to_owned()
}

/// The stored photo of an accepted upload.
async fn uploaded(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    body["reference_image"].clone()
}

async fn a_jpeg_of_thousands_of_scans_is_refused_and_nothing_is_stored(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("scans@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let before = stored_files(app.db.data_dir.path());

    let response = app
        .upload_photo(
            &session,
            (&project, &scene),
            None,
            "scans.jpg",
            many_scan_jpeg(),
        )
        .await;
    let message = refused_upload(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(message, TOO_COMPLEX);
    assert_eq!(stored_files(app.db.data_dir.path()), before, "no file kept");
    let listed = app
        .get_json(&session, &format!("/api/reference-images/scene/{scene}"))
        .await;
    assert_eq!(listed["reference_images"], json!([]), "{listed}");

    // An ordinary photo still goes in.
    let response = app
        .upload_photo(
            &session,
            (&project, &scene),
            None,
            "ok.jpg",
            files::jpeg(640, 480),
        )
        .await;
    uploaded(response).await;
}

/// 25,000 ids that name nothing: the limit answers, not a lookup of each.
fn many_ids() -> Vec<String> {
    (0..25_000)
        .map(|_| uuid::Uuid::new_v4().to_string())
        .collect()
}

async fn lists_are_limited_before_any_item_is_looked_up(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("lists@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let balance = app.balance(&session).await;
    let ids = many_ids();
    let four: Vec<String> = ids[..4].to_vec();
    for list in [ids.clone(), four] {
        for (path, body) in [
            (
                "/api/generate/image",
                json!({"project_id": project, "scene_id": scene, "prompt": "a candle", "reference_images": list}),
            ),
            (
                "/api/generate/video",
                json!({"project_id": project, "scene_id": scene, "prompt": "a candle", "reference_images": list}),
            ),
            (
                "/api/chat/send",
                json!({"project_id": project, "scene_id": scene, "message": "a candle", "reference_images": list}),
            ),
        ] {
            let response = app
                .authed(&session, Method::POST, path)
                .json(&body)
                .send()
                .await
                .unwrap();
            let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
            assert_eq!(
                message,
                "You can only upload up to 3 reference images.",
                "{path} with {} ids",
                list.len()
            );
        }
    }
    // An id that is not one is refused where the body is read, naming the field.
    for path in ["/api/generate/image", "/api/chat/send"] {
        let response = app
            .authed(&session, Method::POST, path)
            .json(
                &json!({"project_id": project, "scene_id": scene, "prompt": "a candle",
                "message": "a candle", "reference_images": ["ref-1"]}),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["field"], "reference_images", "{path}: {body}");
        assert_eq!(
            body["message"], "Invalid value for reference_images[0]: expected a UUID",
            "{path}"
        );
    }
    let response = app
        .authed(
            &session,
            Method::POST,
            &format!("/api/projects/{project}/scenes/reorder"),
        )
        .json(&json!({"scene_ids": ids}))
        .send()
        .await
        .unwrap();
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert_eq!(message, "At most 1000 scene ids per request");
    let events: Vec<Value> = (0..51).map(|_| json!({"name": "page_view"})).collect();
    let response = app
        .authed(&session, Method::POST, "/api/analytics/events")
        .json(&json!({"events": events}))
        .send()
        .await
        .unwrap();
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert_eq!(message, "At most 50 events per request");

    // Nothing was charged or written.
    assert_eq!(app.balance(&session).await, balance);
    let history = app
        .get_json(
            &session,
            &format!("/api/chat/history?project_id={project}&scene_id={scene}"),
        )
        .await;
    assert_eq!(history["data"]["messages"], json!([]), "{history}");
}

/// The schemas an OpenAPI fragment uses, followed through references, with where they sit.
fn arrays_without_max_items(
    doc: &Value,
    schema: &Value,
    at: &str,
    seen: &mut Vec<String>,
    out: &mut Vec<String>,
) {
    if let Some(reference) = schema["$ref"].as_str() {
        if seen.iter().any(|s| s == reference) {
            return;
        }
        seen.push(reference.to_owned());
        let name = reference.rsplit('/').next().unwrap();
        let target = &doc["components"]["schemas"][name];
        arrays_without_max_items(doc, target, &format!("{at} → {name}"), seen, out);
        return;
    }
    let is_array = schema["type"] == "array"
        || schema["type"]
            .as_array()
            .is_some_and(|types| types.iter().any(|t| t == "array"));
    if is_array && schema.get("maxItems").is_none() {
        out.push(at.to_owned());
    }
    if let Some(items) = schema.get("items") {
        arrays_without_max_items(doc, items, &format!("{at}[]"), seen, out);
    }
    if let Some(properties) = schema["properties"].as_object() {
        for (name, property) in properties {
            arrays_without_max_items(doc, property, &format!("{at}.{name}"), seen, out);
        }
    }
    for combinator in ["allOf", "oneOf", "anyOf"] {
        for (i, part) in schema[combinator]
            .as_array()
            .into_iter()
            .flatten()
            .enumerate()
        {
            arrays_without_max_items(doc, part, &format!("{at}/{combinator}{i}"), seen, out);
        }
    }
    if let Some(extra) = schema.get("additionalProperties").filter(|v| v.is_object()) {
        arrays_without_max_items(doc, extra, &format!("{at}{{}}"), seen, out);
    }
}

async fn every_array_in_a_request_body_has_max_items(db: Db) {
    let app = spawn_app(db).await;
    let doc = app.openapi().await;
    let (mut missing, mut bodies) = (Vec::new(), 0);
    for (path, item) in doc["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Some(content) = operation["requestBody"]["content"].as_object() else {
                continue;
            };
            for (kind, media) in content {
                bodies += 1;
                arrays_without_max_items(
                    &doc,
                    &media["schema"],
                    &format!("{method} {path} ({kind})"),
                    &mut Vec::new(),
                    &mut missing,
                );
            }
        }
    }
    assert!(bodies > 15, "the document declares request bodies");
    assert!(
        missing.is_empty(),
        "arrays without maxItems:\n{}",
        missing.join("\n")
    );
    let send = &doc["components"]["schemas"]["SendRequest"]["properties"]["reference_images"];
    assert_eq!(send["maxItems"], 3, "{send}");
}

async fn the_document_and_the_server_agree_on_public_routes(db: Db) {
    let app = spawn_app(db).await;
    let doc = app.openapi().await;
    let mut public_reads = Vec::new();
    for (path, item) in doc["paths"].as_object().unwrap() {
        let Some(get) = item.get("get") else { continue };
        // An empty requirement in `security` is the document's "no session needed".
        let public = get["security"].as_array().is_some_and(|s| {
            s.iter()
                .any(|r| r.as_object().is_some_and(|r| r.is_empty()))
        });
        if public && !path.contains('{') && path != "/api/auth/login" {
            public_reads.push(path.clone());
        }
    }
    assert!(
        public_reads.contains(&"/api/health".to_owned()),
        "{public_reads:?}"
    );
    assert!(
        !public_reads.contains(&"/api/health/providers".to_owned()),
        "providers need a session"
    );
    for path in &public_reads {
        let status = app
            .request(Method::GET, path)
            .send()
            .await
            .unwrap()
            .status();
        assert_ne!(
            status,
            StatusCode::UNAUTHORIZED,
            "{path} is public in the document"
        );
    }
    let providers = app
        .request(Method::GET, "/api/health/providers")
        .send()
        .await
        .unwrap();
    expect_error(providers, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    let declared = &doc["paths"]["/api/health/providers"]["get"];
    assert!(declared["responses"].get("401").is_some(), "{declared}");
}

async fn hsts_is_sent_only_with_secure_cookies(db: Db) {
    let plain = spawn_app(db).await;
    let response = plain
        .request(Method::GET, "/api/health")
        .send()
        .await
        .unwrap();
    assert!(response
        .headers()
        .get(header::STRICT_TRANSPORT_SECURITY)
        .is_none());
    drop(plain);

    let secure = spawn_app_with(db, &[("STUDIO_SECURE_COOKIES", "true")]).await;
    for path in ["/api/health", "/", "/api/no-such-route"] {
        let response = secure.request(Method::GET, path).send().await.unwrap();
        assert_eq!(
            response.headers()[header::STRICT_TRANSPORT_SECURITY],
            "max-age=31536000",
            "{path}"
        );
    }
}

async fn a_range_to_the_largest_number_is_an_open_range(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("range@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let response = app
        .upload_photo(
            &session,
            (&project, &scene),
            None,
            "p.png",
            files::png(300, 200),
        )
        .await;
    let image = uploaded(response).await;
    let url = image["url"].as_str().unwrap().to_owned();
    let whole = app
        .authed(&session, Method::GET, &url)
        .send()
        .await
        .unwrap()
        .bytes()
        .await
        .unwrap();
    for (range, expected) in [
        ("bytes=0-18446744073709551615", whole.clone()),
        ("bytes=10-18446744073709551615", whole.slice(10..)),
    ] {
        let part = app
            .authed(&session, Method::GET, &url)
            .header(header::RANGE, range)
            .send()
            .await
            .unwrap();
        assert_eq!(part.status(), StatusCode::PARTIAL_CONTENT, "{range}");
        let start = whole.len() - expected.len();
        assert_eq!(
            part.headers()[header::CONTENT_RANGE],
            format!("bytes {start}-{}/{}", whole.len() - 1, whole.len()).as_str()
        );
        assert_eq!(part.bytes().await.unwrap(), expected, "{range}");
    }
}

fn attachment_name(response: &reqwest::Response) -> String {
    let disposition = response.headers()[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap();
    let quoted = disposition.split("filename=\"").nth(1).unwrap();
    quoted.split('"').next().unwrap().to_owned()
}

fn starred_name(response: &reqwest::Response) -> String {
    let disposition = response.headers()[header::CONTENT_DISPOSITION]
        .to_str()
        .unwrap();
    disposition
        .split("filename*=UTF-8''")
        .nth(1)
        .unwrap()
        .to_owned()
}

async fn download_names_follow_the_stored_type_and_one_scheme(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("names@example.com").await;
    let project = app.create_project(&session, "Spring Launch").await;
    let project = project["id"].as_str().unwrap().to_owned();
    let scene = app.create_scene(&session, &project, "Été Sale!").await;
    let scene = scene["id"].as_str().unwrap().to_owned();

    for (uploaded_as, downloaded_as, starred) in [
        ("page.html", "page.png", "page.png"),
        ("invoice\u{202E}gnp.exe", "invoicegnp.png", "invoicegnp.png"),
        (
            "\u{200B}\u{2066}photo\u{2069}.PNG",
            "photo.png",
            "photo.png",
        ),
    ] {
        let response = app
            .upload_photo(
                &session,
                (&project, &scene),
                None,
                uploaded_as,
                files::png(40, 30),
            )
            .await;
        let image = uploaded(response).await;
        let id = image["id"].as_str().unwrap().to_owned();
        let response = app
            .authed(&session, Method::GET, &format!("/api/media/download/{id}"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(attachment_name(&response), downloaded_as, "{uploaded_as:?}");
        assert_eq!(starred_name(&response), starred, "{uploaded_as:?}");
        // The bytes are the PNG the name says.
        let bytes = response.bytes().await.unwrap();
        assert!(bytes.starts_with(b"\x89PNG"));
        app.authed(
            &session,
            Method::DELETE,
            &format!("/api/reference-images/{id}"),
        )
        .send()
        .await
        .unwrap();
    }

    // Generated media: {project}-{campaign}-{n}.{ext}, n counting the campaign's media.
    let mut names = Vec::new();
    for prompt in ["a candle on marble", "a candle on oak"] {
        let job = start_image(&app, &session, &project, &scene, prompt).await;
        let done = app.wait_for_job(&session, &job).await;
        assert_eq!(done["status"], "completed", "{done}");
        let asset = done["result_url"]
            .as_str()
            .unwrap()
            .trim_start_matches("/api/media/file/")
            .to_owned();
        let response = app
            .authed(
                &session,
                Method::GET,
                &format!("/api/media/download/{asset}"),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let name = attachment_name(&response);
        let bytes = response.bytes().await.unwrap();
        let format = image::guess_format(&bytes).unwrap();
        let extension = match format {
            image::ImageFormat::Png => "png",
            image::ImageFormat::Jpeg => "jpg",
            other => panic!("generated {other:?}"),
        };
        names.push((name, extension));
    }
    for (n, (name, extension)) in names.iter().enumerate() {
        assert_eq!(
            name,
            &format!("spring-launch-ete-sale-{}.{extension}", n + 1)
        );
    }
}

async fn a_user_holds_at_most_ten_event_streams(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("streams@example.com").await;
    let other = app.signup("other-streams@example.com").await;
    let open = |session: &Session| {
        app.authed(session, Method::GET, "/api/events")
            .header(header::ACCEPT, "text/event-stream")
            .send()
    };
    let theirs = open(&other).await.unwrap();
    assert_eq!(theirs.status(), StatusCode::OK);
    // Each stream is open (its answer has begun) before the next is asked for.
    let mut streams = Vec::new();
    for _ in 0..10 {
        let stream = open(&session).await.unwrap();
        assert_eq!(stream.status(), StatusCode::OK);
        streams.push(stream);
    }
    let eleventh = open(&session).await.unwrap();
    assert_eq!(eleventh.status(), StatusCode::OK);

    // The oldest ends: its body finishes.
    let mut oldest = streams.remove(0);
    while let Some(chunk) = oldest.chunk().await.unwrap() {
        let text = String::from_utf8_lossy(&chunk).into_owned();
        assert!(!text.contains("event: job"), "{text}");
    }
    drop(oldest);
    // The other ten still deliver: a storyboard change reaches every one of them.
    let (project, scene) = project_and_scene(&app, &session).await;
    let response = app
        .authed(
            &session,
            Method::POST,
            &format!("/api/projects/{project}/scenes/reorder"),
        )
        .json(&json!({"scene_ids": [scene]}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    streams.push(eleventh);
    for mut stream in streams {
        let mut seen = String::new();
        while !seen.contains("event: storyboard-updated") {
            let chunk = stream
                .chunk()
                .await
                .unwrap()
                .expect("the stream is still open");
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    }
    drop(theirs);
}

async fn body_limit_refusals_answer_in_the_envelope(db: Db) {
    let app = spawn_app(db).await;
    let body = vec![b'a'; 2 * 1024 * 1024];
    let response = app
        .request(Method::POST, "/api/stripe/webhook")
        .header("stripe-signature", "t=1,v1=00")
        .header(header::CONTENT_TYPE, "application/json")
        .body(body)
        .send()
        .await
        .unwrap();
    assert_eq!(
        response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .split(';')
            .next(),
        Some("application/json")
    );
    let message = expect_error(response, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").await;
    assert_eq!(message, "Request body is too large");
}

async fn fresh_draft_ids_do_not_lift_the_campaigns_photo_cap(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("drafts@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let mut attached = Vec::new();
    for _ in 0..3 {
        let response = app
            .upload_photo(
                &session,
                (&project, &scene),
                Some(&uuid::Uuid::new_v4().to_string()),
                "attachment.png",
                files::png(48, 48),
            )
            .await;
        let image = uploaded(response).await;
        attached.push(image["id"].as_str().unwrap().to_owned());
    }
    let before = stored_files(app.db.data_dir.path());
    let response = app
        .upload_photo(
            &session,
            (&project, &scene),
            Some(&uuid::Uuid::new_v4().to_string()),
            "attachment.png",
            files::png(48, 48),
        )
        .await;
    let message = refused_upload(response, StatusCode::BAD_REQUEST).await;
    assert_eq!(message, "You can only upload up to 3 reference images.");
    assert_eq!(stored_files(app.db.data_dir.path()), before, "nothing kept");

    // Sent, they are the message's: the campaign takes new drafts again.
    let response = app
        .authed(&session, Method::POST, "/api/chat/send")
        .json(&json!({"project_id": project, "scene_id": scene, "message": "these", "reference_images": attached}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let response = app
        .upload_photo(
            &session,
            (&project, &scene),
            Some(&uuid::Uuid::new_v4().to_string()),
            "attachment.png",
            files::png(48, 48),
        )
        .await;
    uploaded(response).await;
}

async fn the_upload_quota_is_enforced_with_a_clear_message(db: Db) {
    let app = spawn_app_with(db, &[("STUDIO_UPLOAD_QUOTA_FILES", "2")]).await;
    let session = app.signup("quota@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let other_scene = app.create_scene(&session, &project, "Second").await;
    let other_scene = other_scene["id"].as_str().unwrap().to_owned();
    for scene in [&scene, &other_scene] {
        let response = app
            .upload_photo(
                &session,
                (&project, scene),
                None,
                "a.png",
                files::png(40, 30),
            )
            .await;
        uploaded(response).await;
    }
    let before = stored_files(app.db.data_dir.path());
    let response = app
        .upload_photo(
            &session,
            (&project, &other_scene),
            None,
            "b.png",
            files::png(40, 30),
        )
        .await;
    let message = refused_upload(response, StatusCode::PAYLOAD_TOO_LARGE).await;
    assert_eq!(
        message,
        "Your storage is full (2 files or 2048 MB of product photos and exports). Delete some exports or product photos to make room."
    );
    assert_eq!(stored_files(app.db.data_dir.path()), before, "nothing kept");
}
