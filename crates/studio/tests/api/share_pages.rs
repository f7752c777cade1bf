//! Share links as the people they are sent to meet them: a public page with the picture,
//! the project's name, a download and the tags link previews are built from; a friendly page
//! (with the right status) when a link no longer works; and the owner's list and revocation.

use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::jobs::start_image;
use crate::on_both_databases;
use crate::support::{expect_error, spawn_app_with, Db, Session, TestApp};

on_both_databases!(
    a_share_link_is_a_page_until_it_expires_or_is_revoked,
    links_that_never_worked_get_a_friendly_page,
);

const PUBLIC_URL: &str = "https://studio.example.com";

/// A finished image in a project with a name that needs escaping; returns the asset id.
pub(crate) async fn shared_image(app: &TestApp, session: &Session, project_name: &str) -> String {
    let project = app.create_project(session, project_name).await;
    let project = project["id"].as_str().unwrap().to_owned();
    let scene = app.create_scene(session, &project, "Launch").await;
    let scene = scene["id"].as_str().unwrap();
    let job = start_image(
        app,
        session,
        &project,
        scene,
        "a lavender soap bar on linen",
    )
    .await;
    let done = app.wait_for_job(session, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    job
}

pub(crate) async fn share(app: &TestApp, session: &Session, asset: &str) -> Value {
    let response = app
        .authed(session, Method::POST, &format!("/api/media/{asset}/share"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["data"].clone()
}

/// A page as a browser asks for it: no session, HTML accepted.
async fn page(app: &TestApp, path: &str) -> (StatusCode, reqwest::header::HeaderMap, String) {
    let response = reqwest::Client::new()
        .get(app.url(path))
        .header("accept", "text/html,application/xhtml+xml,*/*;q=0.8")
        .send()
        .await
        .unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.text().await.unwrap())
}

async fn bytes(
    request: reqwest::RequestBuilder,
) -> (StatusCode, reqwest::header::HeaderMap, Vec<u8>) {
    let response = request.send().await.unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.bytes().await.unwrap().to_vec())
}

/// Expires every share link in the database (the clock cannot be moved for the binary).
async fn expire_links(app: &TestApp, db: Db) {
    match db {
        Db::Sqlite => {
            use sqlx::Connection;
            let mut conn = sqlx::SqliteConnection::connect(&app.db.url).await.unwrap();
            sqlx::query("UPDATE share_links SET expires_at = '2000-01-01T00:00:00+00:00'")
                .execute(&mut conn)
                .await
                .unwrap();
        }
        Db::Postgres => {
            use sqlx::Connection;
            let mut conn = sqlx::PgConnection::connect(&app.db.url).await.unwrap();
            sqlx::query("UPDATE share_links SET expires_at = now() - interval '1 day'")
                .execute(&mut conn)
                .await
                .unwrap();
        }
    }
}

async fn a_share_link_is_a_page_until_it_expires_or_is_revoked(db: Db) {
    let app = spawn_app_with(db, &[("STUDIO_PUBLIC_URL", PUBLIC_URL)]).await;
    let owner = app.signup("seller@example.com").await;
    let asset = shared_image(&app, &owner, "Lavender \"Soap\" <Launch> & Co").await;
    let link = share(&app, &owner, &asset).await;
    let url = link["url"].as_str().unwrap().to_owned();
    let file_url = link["file_url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/s/sl1."), "{link}");
    assert!(file_url.starts_with("/api/media/shared/sl1."), "{link}");

    let (status, headers, html) = page(&app, &url).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");
    let policy = headers["content-security-policy"].to_str().unwrap();
    assert!(
        policy.contains("default-src 'none'") && !policy.contains("script-src"),
        "{policy}"
    );
    // The project's name, escaped wherever it appears.
    assert!(
        html.contains("<h1>Lavender &#34;Soap&#34; &#60;Launch&#62; &#38; Co</h1>"),
        "{html}"
    );
    assert!(!html.contains("<Launch>"), "{html}");
    assert!(html.contains(&format!("<img src=\"{file_url}\"")), "{html}");
    assert!(
        html.contains(&format!("href=\"{file_url}?download=1\"")),
        "{html}"
    );
    assert!(html.contains("This link works until <time"), "{html}");
    for tag in [
        format!("<meta property=\"og:image\" content=\"{PUBLIC_URL}{file_url}\">"),
        format!("<meta property=\"og:url\" content=\"{PUBLIC_URL}{url}\">"),
        "<meta name=\"twitter:card\" content=\"summary_large_image\">".to_owned(),
        "<meta property=\"og:title\" content=\"Lavender &#34;Soap&#34; &#60;Launch&#62; &#38; Co · Image\">"
            .to_owned(),
    ] {
        assert!(html.contains(&tag), "{tag} in {html}");
    }

    // The file the page shows is the owner's picture, for anyone holding the link; without
    // payments configured it carries no mark, exactly the stored file.
    let (status, headers, shared) = bytes(reqwest::Client::new().get(app.url(&file_url))).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "image/jpeg");
    let (_, _, owners) =
        bytes(app.authed(&owner, Method::GET, &format!("/api/media/file/{asset}"))).await;
    let stored = std::fs::read(
        app.db
            .data_dir
            .path()
            .join(format!("media/generated/{asset}.jpg")),
    )
    .unwrap();
    assert_eq!(shared, stored);
    assert_eq!(owners, stored);
    assert!(image::load_from_memory(&shared).is_ok());
    let (status, headers, download) =
        bytes(reqwest::Client::new().get(app.url(&format!("{file_url}?download=1")))).await;
    assert_eq!(status, StatusCode::OK);
    assert!(headers["content-disposition"]
        .to_str()
        .unwrap()
        .starts_with("attachment;"));
    assert_eq!(download, stored);

    // The owner lists the link; another user sees none and cannot revoke it.
    let listed = app.get_json(&owner, "/api/share-links").await["data"]["links"].clone();
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["id"], link["id"]);
    assert_eq!(listed[0]["url"], url.as_str());
    assert_eq!(listed[0]["file_type"], "image");
    assert_eq!(listed[0]["file_id"], asset.as_str());
    assert_eq!(listed[0]["project_name"], "Lavender \"Soap\" <Launch> & Co");
    let other = app.signup("other@example.com").await;
    let theirs = app.get_json(&other, "/api/share-links").await;
    assert_eq!(theirs["data"]["links"], serde_json::json!([]));
    let id = link["id"].as_str().unwrap();
    let refused = app
        .authed(&other, Method::DELETE, &format!("/api/share-links/{id}"))
        .send()
        .await
        .unwrap();
    expect_error(refused, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(page(&app, &url).await.0, StatusCode::OK);

    // Revoked: the page says so with 410, and the link leaves the owner's list.
    let second = share(&app, &owner, &asset).await;
    let revoked = app
        .authed(&owner, Method::DELETE, &format!("/api/share-links/{id}"))
        .send()
        .await
        .unwrap();
    assert_eq!(revoked.status(), StatusCode::NO_CONTENT);
    let (status, headers, html) = page(&app, &url).await;
    assert_eq!(status, StatusCode::GONE);
    assert_eq!(headers["content-type"], "text/html; charset=utf-8");
    assert!(
        html.contains("<h1>This share link was turned off</h1>"),
        "{html}"
    );
    assert!(!html.contains("\"status\":\"error\""), "{html}");
    // The raw file stops too: a page for a browser, the API's error for anything else.
    let (status, _, html) = page(&app, &file_url).await;
    assert_eq!(status, StatusCode::GONE);
    assert!(html.contains("turned off"), "{html}");
    let raw = reqwest::Client::new()
        .get(app.url(&file_url))
        .send()
        .await
        .unwrap();
    expect_error(raw, StatusCode::NOT_FOUND, "not_found").await;
    let listed = app.get_json(&owner, "/api/share-links").await["data"]["links"].clone();
    assert_eq!(listed.as_array().unwrap().len(), 1, "{listed}");
    assert_eq!(listed[0]["id"], second["id"]);

    // Expired: the same, in its own words.
    expire_links(&app, db).await;
    let (status, _, html) = page(&app, second["url"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::GONE);
    assert!(
        html.contains("<h1>This share link has expired</h1>"),
        "{html}"
    );
    let listed = app.get_json(&owner, "/api/share-links").await;
    assert_eq!(listed["data"]["links"], serde_json::json!([]));
}

async fn links_that_never_worked_get_a_friendly_page(db: Db) {
    let app = spawn_app_with(db, &[]).await;
    let owner = app.signup("seller@example.com").await;
    let asset = shared_image(&app, &owner, "Candles").await;
    let link = share(&app, &owner, &asset).await;
    let url = link["url"].as_str().unwrap();
    // Tampered, truncated and made-up tokens, and a deleted file.
    let tampered = format!("{}x", url);
    for path in [
        tampered.as_str(),
        &url[..url.len() - 5],
        "/s/nonsense",
        "/s/sl1.AAAA.BBBB",
    ] {
        let (status, headers, html) = page(&app, path).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}");
        assert_eq!(
            headers["content-type"], "text/html; charset=utf-8",
            "{path}"
        );
        assert!(
            html.contains("<h1>This share link does not work</h1>"),
            "{path}: {html}"
        );
    }
    let deleted = app
        .authed(&owner, Method::DELETE, &format!("/api/media/{asset}"))
        .send()
        .await
        .unwrap();
    assert_eq!(deleted.status(), StatusCode::NO_CONTENT);
    let (status, _, html) = page(&app, url).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(html.contains("does not work"), "{html}");
    let listed = app.get_json(&owner, "/api/share-links").await;
    assert_eq!(listed["data"]["links"], serde_json::json!([]));
}
