use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::on_both_databases;
use crate::support::{
    spawn_app, spawn_app_with, until_signalled, Db, TestApp, TRUST_READS_FOR_AN_HOUR,
};

on_both_databases!(
    operators_manage_accounts_credits_and_flags,
    seed_demo_creates_a_ready_account,
    seed_storyboard_spreads_images_over_campaigns,
);

async fn sign_in(app: &TestApp, email: &str, password: &str) -> String {
    let response = app
        .request(Method::POST, "/api/auth/signin")
        .json(&json!({"email": email, "password": password}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json::<Value>().await.unwrap()["token"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn get(app: &TestApp, token: &str, path: &str) -> Value {
    app.request(Method::GET, path)
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap()
}

fn printed(stdout: &str, label: &str) -> String {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .unwrap_or_else(|| panic!("no {label:?} in {stdout}"))
        .trim()
        .to_owned()
}

async fn operators_manage_accounts_credits_and_flags(db: Db) {
    let app = spawn_app_with(db, &[TRUST_READS_FOR_AN_HOUR]).await;
    let (ok, stdout, stderr) = app
        .db
        .cli(&["admin", "create-user", "Op@Example.com"])
        .await;
    assert!(ok, "{stderr}");
    let password = printed(&stdout, "password:");
    let token = sign_in(&app, "op@example.com", &password).await;
    assert_eq!(
        get(&app, &token, "/api/credits/balance").await["balance"],
        100
    );

    let (ok, stdout, stderr) = app
        .db
        .cli(&["admin", "grant-credits", "op@example.com", "50"])
        .await;
    assert!(ok, "{stderr}");
    assert!(stdout.contains("balance 150"), "{stdout}");
    // The grant came from another process, and the server keeps the badge it read for an
    // hour: only the store's signal can show it the new balance.
    until_signalled(
        "the server should show the balance after the grant",
        || get(&app, &token, "/api/credits/balance"),
        |badge| badge["balance"] == 150,
    )
    .await;

    for bad in [
        vec!["admin", "grant-credits", "op@example.com", "0"],
        vec!["admin", "grant-credits", "op@example.com", "lots"],
        vec!["admin", "grant-credits", "nobody@example.com", "5"],
        vec![
            "admin",
            "create-user",
            "op@example.com",
            "--password",
            "long enough",
        ],
        vec!["admin", "create-user", "not-an-email"],
        vec!["admin", "flag", "set", "chat_interface", "maybe"],
    ] {
        let (ok, _, stderr) = app.db.cli(&bad).await;
        assert!(!ok, "{bad:?} should fail");
        assert!(!stderr.trim().is_empty(), "{bad:?} explains why");
    }
    assert_eq!(
        get(&app, &token, "/api/credits/balance").await["balance"],
        150,
        "failed commands change nothing"
    );

    let flag = "/api/feature-flags/check/chat_interface";
    assert_eq!(get(&app, &token, flag).await["isEnabled"], true);
    assert!(
        app.db
            .cli(&["admin", "flag", "set", "chat_interface", "off"])
            .await
            .0
    );
    assert_eq!(get(&app, &token, flag).await["isEnabled"], false);
    assert!(
        app.db
            .cli(&["admin", "flag", "set", "beta_features", "on"])
            .await
            .0
    );
    assert_eq!(
        get(&app, &token, "/api/feature-flags/check/beta_features").await["isEnabled"],
        true
    );
}

async fn seed_demo_creates_a_ready_account(db: Db) {
    let app = spawn_app(db).await;
    let (ok, stdout, stderr) = app.db.cli(&["admin", "seed-demo"]).await;
    assert!(ok, "{stderr}");
    let email = printed(&stdout, "email:");
    let password = printed(&stdout, "password:");
    let token = sign_in(&app, &email, &password).await;
    assert_eq!(
        get(&app, &token, "/api/credits/balance").await["balance"],
        100
    );
    let projects = get(&app, &token, "/api/projects").await;
    let project_id = projects["data"][0]["id"].as_str().unwrap().to_owned();
    let scenes = get(&app, &token, &format!("/api/projects/{project_id}/scenes")).await;
    let orders: Vec<i64> = scenes["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["order"].as_i64().unwrap())
        .collect();
    assert_eq!(orders, [1, 2, 3]);

    // Each sample scene shows an image the offline engine rendered.
    let board = get(
        &app,
        &token,
        &format!("/api/projects/{project_id}/storyboard"),
    )
    .await;
    assert_eq!(board["data"]["stats"]["media_by_type"]["image"], 3);
    for scene in board["data"]["scenes"].as_array().unwrap() {
        let media = scene["media"].as_array().unwrap();
        assert_eq!(media.len(), 1, "{scene}");
        assert_eq!(scene["active_asset_id"], media[0]["id"]);
        assert!(media[0]["file_metadata"]["prompt"].as_str().unwrap().len() > 10);
        for url in [&media[0]["url"], &media[0]["thumbnail_url"]] {
            let response = app
                .request(Method::GET, url.as_str().unwrap())
                .bearer_auth(&token)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), StatusCode::OK);
            let image = image::load_from_memory(&response.bytes().await.unwrap()).unwrap();
            assert!(image.width() >= 170, "{}", image.width());
        }
    }
    // Seeding twice does not create a second demo account.
    let (ok, _, stderr) = app.db.cli(&["admin", "seed-demo"]).await;
    assert!(!ok);
    assert!(stderr.contains("already exists"), "{stderr}");
}

async fn seed_storyboard_spreads_images_over_campaigns(db: Db) {
    let app = spawn_app(db).await;
    let (ok, stdout, stderr) = app
        .db
        .cli(&[
            "admin",
            "seed-storyboard",
            "big@example.com",
            "--scenes",
            "3",
            "--assets",
            "7",
        ])
        .await;
    assert!(ok, "{stderr}");
    let password = printed(&stdout, "password:");
    let token = sign_in(&app, "big@example.com", &password).await;
    let projects = get(&app, &token, "/api/projects").await;
    let project_id = projects["data"][0]["id"].as_str().unwrap().to_owned();
    let board = get(
        &app,
        &token,
        &format!("/api/projects/{project_id}/storyboard"),
    )
    .await;
    let counts: Vec<usize> = board["data"]["scenes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["media"].as_array().unwrap().len())
        .collect();
    assert_eq!(counts, [3, 2, 2]);
    // Every asset has bytes of its own: deleting one leaves the others served.
    let media = board["data"]["scenes"][0]["media"].as_array().unwrap();
    let response = app
        .request(
            Method::DELETE,
            &format!("/api/media/{}", media[0]["id"].as_str().unwrap()),
        )
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::NO_CONTENT);
    let response = app
        .request(Method::GET, media[1]["url"].as_str().unwrap())
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    // Out of range sizes are refused.
    let (ok, _, stderr) = app
        .db
        .cli(&["admin", "seed-storyboard", "x@example.com", "--scenes", "0"])
        .await;
    assert!(!ok, "{stderr}");
}
