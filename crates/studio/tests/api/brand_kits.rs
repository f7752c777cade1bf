//! Brand kits end to end: a project's kit starts as the default, its logo is checked like a
//! product photo (a PNG keeps its transparency, SVG and broken files are refused and leave
//! nothing stored), its colours come from the logo and stay editable, and another user's
//! project answers 404.

use image::{Rgba, RgbaImage};
use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::on_both_databases;
use crate::support::{
    borrowed, expect_error, s3_bucket, s3_endpoint, s3_env, spawn_app, spawn_app_with, Db, Session,
    TestApp,
};

on_both_databases!(the_kit_takes_its_colours_from_the_logo_and_keeps_edits);
on_both_databases!(bad_logos_are_refused_and_leave_nothing_in_s3);
on_both_databases!(another_users_brand_kit_is_not_found);

/// The brand's colours as the logo below paints them.
const RUST: &str = "#c44a18";
const CREAM: &str = "#fff4e6";

/// A round two-tone logo on transparency: a rust ring around a cream core (the ring covers
/// more), anti-aliased at its edge.
pub(crate) fn logo_png() -> Vec<u8> {
    let logo = RgbaImage::from_fn(200, 200, |x, y| {
        let d = ((x as f32 - 99.5).powi(2) + (y as f32 - 99.5).powi(2)).sqrt();
        match d {
            d if d < 60.0 => Rgba([255, 244, 230, 255]),
            d if d < 96.0 => Rgba([196, 74, 24, 255]),
            d if d < 100.0 => Rgba([196, 74, 24, ((100.0 - d) / 4.0 * 255.0) as u8]),
            _ => Rgba([0, 0, 0, 0]),
        }
    });
    let mut png = std::io::Cursor::new(Vec::new());
    logo.write_to(&mut png, image::ImageFormat::Png).unwrap();
    png.into_inner()
}

pub(crate) async fn upload_logo(
    app: &TestApp,
    session: &Session,
    project: &str,
    name: &str,
    bytes: Vec<u8>,
) -> reqwest::Response {
    let form = Form::new().part("file", Part::bytes(bytes).file_name(name.to_owned()));
    app.authed(
        session,
        Method::POST,
        &format!("/api/projects/{project}/brand-kit/logo"),
    )
    .multipart(form)
    .send()
    .await
    .unwrap()
}

async fn put_kit(
    app: &TestApp,
    session: &Session,
    project: &str,
    body: Value,
) -> reqwest::Response {
    app.authed(
        session,
        Method::PUT,
        &format!("/api/projects/{project}/brand-kit"),
    )
    .json(&body)
    .send()
    .await
    .unwrap()
}

async fn kit(app: &TestApp, session: &Session, project: &str) -> Value {
    app.get_json(session, &format!("/api/projects/{project}/brand-kit"))
        .await["data"]
        .clone()
}

async fn new_project(app: &TestApp, session: &Session) -> String {
    let project = app.create_project(session, "Rust & Cream Roasters").await;
    project["id"].as_str().unwrap().to_owned()
}

async fn the_kit_takes_its_colours_from_the_logo_and_keeps_edits(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("roaster@example.com").await;
    let project = new_project(&app, &session).await;

    // A new project has the default kit, and says which fonts it may choose.
    let default = kit(&app, &session, &project).await;
    assert_eq!(default["logo_url"], Value::Null, "{default}");
    assert_eq!(default["colours"], json!([]));
    assert_eq!(default["heading_font"], "League Spartan");
    assert_eq!(default["body_font"], "Lato");
    let fonts = default["fonts"].as_array().unwrap();
    assert!(fonts.len() >= 12, "{fonts:?}");

    // The logo's own colours, the more covered first; the anti-aliased rim adds none.
    let response = upload_logo(&app, &session, &project, "logo.png", logo_png()).await;
    assert_eq!(response.status(), StatusCode::OK);
    let uploaded: Value = response.json().await.unwrap();
    let uploaded = &uploaded["data"];
    assert_eq!(uploaded["colours"], json!([RUST, CREAM]), "{uploaded}");
    assert_eq!(
        (
            uploaded["logo_width"].as_i64(),
            uploaded["logo_height"].as_i64()
        ),
        (Some(200), Some(200))
    );

    // The stored logo is a PNG that kept its transparency.
    let url = uploaded["logo_url"].as_str().unwrap();
    let file = app.authed(&session, Method::GET, url).send().await.unwrap();
    assert_eq!(file.status(), StatusCode::OK);
    assert_eq!(file.headers()["content-type"], "image/png");
    let stored = image::load_from_memory(&file.bytes().await.unwrap())
        .unwrap()
        .to_rgba8();
    assert_eq!(stored.get_pixel(2, 2)[3], 0, "the corner stays transparent");
    assert_eq!(*stored.get_pixel(100, 100), Rgba([255, 244, 230, 255]));

    // The seller edits the colours (written any case), fonts and tagline; the logo stays.
    let response = put_kit(
        &app,
        &session,
        &project,
        json!({"colours": ["#112233", "#C44A18"], "heading_font": "Inter", "body_font": "Lato",
               "tagline": "  Roasted this morning  "}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let saved = kit(&app, &session, &project).await;
    assert_eq!(saved["colours"], json!(["#112233", RUST]));
    assert_eq!(saved["heading_font"], "Inter");
    assert_eq!(saved["tagline"], "Roasted this morning");
    assert_eq!(saved["logo_url"], uploaded["logo_url"]);

    // Each broken rule is a 400 naming it, and nothing changes.
    let six: Vec<String> = (0..6).map(|i| format!("#00000{i}")).collect();
    for (body, field) in [
        (
            json!({"colours": six, "heading_font": "Inter", "body_font": "Lato"}),
            "colours",
        ),
        (
            json!({"colours": ["red"], "heading_font": "Inter", "body_font": "Lato"}),
            "colours",
        ),
        (
            json!({"colours": [], "heading_font": "Comic Sans", "body_font": "Lato"}),
            "heading_font",
        ),
        (
            json!({"colours": [], "heading_font": "Inter", "body_font": "Lato", "tagline": "x".repeat(81)}),
            "tagline",
        ),
    ] {
        let response = put_kit(&app, &session, &project, body).await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST);
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["field"], field, "{error}");
    }
    assert_eq!(kit(&app, &session, &project).await, saved);
}

async fn bad_logos_are_refused_and_leave_nothing_in_s3(db: Db) {
    let bucket = s3_bucket("studio-brand").await;
    let endpoint = s3_endpoint();
    let env = s3_env(&bucket, &endpoint);
    let app = spawn_app_with(db, &borrowed(&env)).await;
    let session = app.signup("careful@example.com").await;
    let project = new_project(&app, &session).await;
    let logos = || async {
        let listing = reqwest::get(format!("{endpoint}/{bucket}?list-type=2"))
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        listing.matches("<Key>media/brand-kits/").count()
    };

    let broken = upload_logo(
        &app,
        &session,
        &project,
        "logo.png",
        b"\x89PNG\r\n\x1a\nnot really a png at all".to_vec(),
    )
    .await;
    let message = expect_error(broken, StatusCode::BAD_REQUEST, "validation_error").await;
    assert_eq!(message, "Invalid or corrupted image file");
    let svg = upload_logo(
        &app,
        &session,
        &project,
        "logo.svg",
        b"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><script>alert(1)</script></svg>".to_vec(),
    )
    .await;
    let message = expect_error(
        svg,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
    )
    .await;
    assert!(
        message.starts_with("SVG logos are not accepted"),
        "{message}"
    );
    assert_eq!(logos().await, 0, "a refused logo leaves nothing stored");
    assert_eq!(kit(&app, &session, &project).await["logo_url"], Value::Null);

    // A good logo is stored; a new one replaces it and the old bytes go.
    let first = upload_logo(&app, &session, &project, "logo.png", logo_png()).await;
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(logos().await, 1);
    let second = upload_logo(&app, &session, &project, "logo.png", logo_png()).await;
    assert_eq!(second.status(), StatusCode::OK);
    assert_eq!(logos().await, 1, "the replaced logo is deleted");
}

async fn another_users_brand_kit_is_not_found(db: Db) {
    let app = spawn_app(db).await;
    let owner = app.signup("owner@example.com").await;
    let project = new_project(&app, &owner).await;
    assert_eq!(
        upload_logo(&app, &owner, &project, "logo.png", logo_png())
            .await
            .status(),
        StatusCode::OK
    );
    let stranger = app.signup("stranger@example.com").await;
    let path = format!("/api/projects/{project}/brand-kit");
    let get = app
        .authed(&stranger, Method::GET, &path)
        .send()
        .await
        .unwrap();
    expect_error(get, StatusCode::NOT_FOUND, "not_found").await;
    let put = put_kit(
        &app,
        &stranger,
        &project,
        json!({"colours": [], "heading_font": "Inter", "body_font": "Lato"}),
    )
    .await;
    expect_error(put, StatusCode::NOT_FOUND, "not_found").await;
    let upload = upload_logo(&app, &stranger, &project, "logo.png", logo_png()).await;
    expect_error(upload, StatusCode::NOT_FOUND, "not_found").await;
    let logo = app
        .authed(&stranger, Method::GET, &format!("{path}/logo"))
        .send()
        .await
        .unwrap();
    assert_eq!(logo.status(), StatusCode::NOT_FOUND);
    // The owner's kit is untouched.
    assert_eq!(
        kit(&app, &owner, &project).await["colours"],
        json!([RUST, CREAM])
    );
}
