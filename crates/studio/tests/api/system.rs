use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::on_both_databases;
use crate::support::{expect_error, repo_root, spawn_app, Db, TestDatabase, BIN};

on_both_databases!(health_answers_ok, feature_flags_have_their_defaults);

/// The routes the API contract fixes for this stage of the product.
const CONTRACT_ROUTES: &[(&str, &str)] = &[
    ("post", "/api/auth/signup"),
    ("post", "/api/auth/signin"),
    ("post", "/api/auth/signout"),
    ("get", "/api/auth/me"),
    ("get", "/api/projects"),
    ("post", "/api/projects"),
    ("patch", "/api/projects/{id}"),
    ("get", "/api/projects/{id}/scenes"),
    ("post", "/api/projects/{id}/scenes"),
    ("patch", "/api/scenes/{id}"),
    ("post", "/api/projects/{id}/scenes/reorder"),
    ("put", "/api/scenes/{id}/active-asset"),
    ("get", "/api/projects/{id}/storyboard"),
    ("get", "/api/credits/balance"),
    ("get", "/api/feature-flags/check/{flag}"),
    ("get", "/api/health"),
    ("get", "/api/openapi.json"),
];

async fn health_answers_ok(db: Db) {
    let app = spawn_app(db).await;
    let response = app
        .request(Method::GET, "/api/health")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(
        response.json::<Value>().await.unwrap(),
        json!({"status": "ok"})
    );
}

async fn feature_flags_have_their_defaults(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("flags@example.com").await;
    for (flag, enabled) in [
        ("chat_interface", true),
        ("advanced_generation_settings", false),
        ("beta_features", false),
        ("never_heard_of_it", false),
    ] {
        let body = app
            .get_json(&session, &format!("/api/feature-flags/check/{flag}"))
            .await;
        assert_eq!(body, json!({"isEnabled": enabled}), "{flag}");
    }
}

#[tokio::test]
async fn openapi_documents_every_mounted_route_and_the_web_client_uses_it() {
    let app = spawn_app(Db::Sqlite).await;
    let session = app.signup("docs@example.com").await;
    let doc = app.openapi().await;
    assert!(doc["openapi"].as_str().unwrap().starts_with("3."));
    let paths = doc["paths"].as_object().unwrap();

    for (method, path) in CONTRACT_ROUTES {
        assert!(
            paths.get(*path).and_then(|p| p.get(*method)).is_some(),
            "{method} {path} missing from the OpenAPI document"
        );
    }
    // Every documented operation is really served (no 404 from the router, no 405).
    let mut operations = 0;
    for (path, item) in paths {
        for method in item.as_object().unwrap().keys() {
            let concrete = path
                .replace("{id}", &uuid::Uuid::new_v4().to_string())
                .replace("{flag}", "chat_interface");
            let method = Method::from_bytes(method.to_uppercase().as_bytes()).unwrap();
            let response = app
                .authed(&session, method.clone(), &concrete)
                .json(&json!({}))
                .send()
                .await
                .unwrap();
            assert_ne!(
                response.status(),
                StatusCode::METHOD_NOT_ALLOWED,
                "{method} {path}"
            );
            let body: Value = response.json().await.unwrap_or(Value::Null);
            assert_ne!(
                body["message"], "No such API route",
                "{method} {path} is documented but not mounted"
            );
            operations += 1;
        }
    }
    assert!(operations >= CONTRACT_ROUTES.len());

    // Routes outside the document answer the API's 404, so nothing is served undocumented.
    let response = app
        .authed(&session, Method::GET, "/api/not-a-route")
        .send()
        .await
        .unwrap();
    assert_eq!(
        expect_error(response, StatusCode::NOT_FOUND, "not_found").await,
        "No such API route"
    );

    // The CLI prints the same document, and the web client's copy is current.
    let output = std::process::Command::new(BIN)
        .arg("openapi")
        .output()
        .unwrap();
    let printed: Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(printed, doc);
    let committed: Value = serde_json::from_str(
        &std::fs::read_to_string(repo_root().join("web/openapi.json")).unwrap(),
    )
    .unwrap();
    assert!(
        committed == doc,
        "web/openapi.json is stale: run `target/debug/studio openapi > web/openapi.json && (cd web && npm run gen:api)`"
    );
}

#[tokio::test]
async fn other_paths_serve_the_web_app() {
    let app = spawn_app(Db::Sqlite).await;
    for path in [
        "/",
        "/create",
        "/create/3f1c0d5e-0000-4000-8000-000000000000",
        "/account",
    ] {
        let response = app.request(Method::GET, path).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let content_type = response.headers()["content-type"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(
            content_type.starts_with("text/html"),
            "{path}: {content_type}"
        );
        let policy = response.headers()["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned();
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "object-src 'none'",
            "frame-ancestors 'none'",
        ] {
            assert!(policy.contains(directive), "{path}: {policy}");
        }
        assert_eq!(response.headers()["x-frame-options"], "DENY", "{path}");
        assert!(response.text().await.unwrap().contains("<html") || path.is_empty());
    }
}

#[tokio::test]
async fn invalid_configuration_is_refused_with_a_clear_message() {
    let db = TestDatabase::new(Db::Sqlite).await;
    let (ok, _, stderr) = db.cli(&["serve", "--bind", "not-an-address"]).await;
    assert!(!ok);
    assert!(
        stderr.contains("bind must be an address like 127.0.0.1:8080"),
        "{stderr}"
    );

    let config = db.data_dir.path().join("studio.toml");
    std::fs::write(
        &config,
        "bind = \"127.0.0.1:0\"\nfavourite_colour = \"teal\"\n",
    )
    .unwrap();
    let (ok, _, stderr) = db
        .cli(&["--config", config.to_str().unwrap(), "migrate"])
        .await;
    assert!(!ok);
    assert!(stderr.contains("favourite_colour"), "{stderr}");

    let (ok, _, stderr) = db
        .cli(&["--config", "/nonexistent/studio.toml", "migrate"])
        .await;
    assert!(!ok);
    assert!(stderr.contains("does not exist"), "{stderr}");

    let output = tokio::process::Command::new(BIN)
        .args(["migrate"])
        .env("DATABASE_URL", "mysql://nope")
        .output()
        .await
        .unwrap();
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("database_url must start with"));

    let output = tokio::process::Command::new(BIN)
        .args([
            "--data-dir",
            &db.data_dir.path().display().to_string(),
            "migrate",
        ])
        .env("DATABASE_URL", &db.url)
        .env("STUDIO_MEMORY_CACHE_SECONDS", "0")
        .output()
        .await
        .unwrap();
    assert!(!output.status.success());
    assert!(
        String::from_utf8_lossy(&output.stderr)
            .contains("memory_cache_seconds must be between 1 and 3600"),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
}
