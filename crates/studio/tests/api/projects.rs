use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, Db};

on_both_databases!(
    projects_are_created_listed_newest_first_and_renamed,
    a_project_is_created_with_its_first_campaign_in_one_request,
    project_settings_accept_the_spec_forms,
    bad_project_input_is_refused_and_changes_nothing,
    other_users_projects_answer_not_found,
    requests_without_a_session_are_refused,
);

async fn projects_are_created_listed_newest_first_and_renamed(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("maker@example.com").await;
    let first = app.create_project(&session, "Spring launch").await;
    assert_eq!(first["name"], "Spring launch");
    assert_eq!(
        first["settings"],
        json!({"quality": "medium", "resolution": "1024x1536", "duration": 5})
    );
    let second = app.create_project(&session, "  Summer sale  ").await;
    assert_eq!(second["name"], "Summer sale", "names are trimmed");

    let list = app.get_json(&session, "/api/projects").await;
    assert_eq!(list["status"], "success");
    let names: Vec<&str> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Summer sale", "Spring launch"]);

    let id = first["id"].as_str().unwrap();
    let response = app
        .authed(&session, Method::PATCH, &format!("/api/projects/{id}"))
        .json(&json!({"project_name": "Spring launch v2"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let renamed: Value = response.json().await.unwrap();
    assert_eq!(renamed["data"]["name"], "Spring launch v2");
    assert_eq!(renamed["data"]["id"], first["id"]);
    let list = app.get_json(&session, "/api/projects").await;
    assert_eq!(list["data"][1]["name"], "Spring launch v2");
}

/// `first_scene_name` makes the first campaign with the project: the answer carries it,
/// and the project's campaign list holds exactly it. A bad campaign name refuses the whole
/// request and leaves no project behind.
async fn a_project_is_created_with_its_first_campaign_in_one_request(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("together@example.com").await;
    let response = app
        .authed(&session, Method::POST, "/api/projects")
        .json(
            &json!({"project_name": "Autumn", "first_scene_name": "Campaign 1",
            "pre_production_settings": {"quality": "high"}}),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    let project = &body["data"];
    let campaign = &project["first_scene"];
    assert_eq!(campaign["name"], "Campaign 1");
    assert_eq!(campaign["order"], 1);
    assert_eq!(campaign["project_id"], project["id"]);
    assert_eq!(campaign["settings"], project["settings"]);
    let id = project["id"].as_str().unwrap();
    let scenes = app
        .get_json(&session, &format!("/api/projects/{id}/scenes"))
        .await;
    let scenes = scenes["data"].as_array().unwrap();
    assert_eq!(scenes.len(), 1);
    assert_eq!(scenes[0]["id"], campaign["id"]);
    // Without the field, a project alone, as before.
    let alone = app.create_project(&session, "Alone").await;
    assert!(alone.get("first_scene").is_none(), "{alone}");

    let response = app
        .authed(&session, Method::POST, "/api/projects")
        .json(&json!({"project_name": "Broken", "first_scene_name": "   "}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let list = app.get_json(&session, "/api/projects").await;
    let names: Vec<&str> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["Alone", "Autumn"],
        "the refused project was not made"
    );
}

async fn project_settings_accept_the_spec_forms(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("settings@example.com").await;
    let cases = [
        (
            json!({"quality": "high", "resolution": "1536x1024", "duration": "10s"}),
            json!({"quality": "high", "resolution": "1536x1024", "duration": 10}),
        ),
        (
            json!({"duration": 5}),
            json!({"quality": "medium", "resolution": "1024x1536", "duration": 5}),
        ),
        (
            json!({"quality": "low", "duration": "5"}),
            json!({"quality": "low", "resolution": "1024x1536", "duration": 5}),
        ),
    ];
    for (input, stored) in cases {
        let response = app
            .authed(&session, Method::POST, "/api/projects")
            .json(&json!({"project_name": "Settings", "pre_production_settings": input}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED, "{input}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["data"]["settings"], stored, "{input}");
    }
    let response = app
        .authed(&session, Method::POST, "/api/projects")
        .json(&json!({"project_name": "Bad", "pre_production_settings": {"duration": "7"}}))
        .send()
        .await
        .unwrap();
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert!(message.contains("duration"), "{message}");
}

async fn bad_project_input_is_refused_and_changes_nothing(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("careful@example.com").await;
    let project = app.create_project(&session, "Keep me").await;
    let id = project["id"].as_str().unwrap();

    let response = app
        .authed(&session, Method::POST, "/api/projects")
        .json(&json!({"project_name": "   "}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await,
        "Project name cannot be empty"
    );

    let response = app
        .authed(&session, Method::POST, "/api/projects")
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["field"], "project_name");
    assert!(
        body["message"].as_str().unwrap().contains("project_name"),
        "{body}"
    );

    let response = app
        .authed(&session, Method::POST, "/api/projects")
        .header("content-type", "application/json")
        .body("{\"project_name\": ")
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;

    let response = app
        .authed(&session, Method::POST, "/api/projects")
        .header("content-type", "text/plain")
        .body("{\"project_name\": \"x\"}")
        .send()
        .await
        .unwrap();
    expect_error(
        response,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "unsupported_media_type",
    )
    .await;

    let huge = json!({"project_name": "x".repeat(1024 * 1024 + 10)});
    let response = app
        .authed(&session, Method::POST, "/api/projects")
        .json(&huge)
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large").await;

    let response = app
        .authed(&session, Method::PATCH, &format!("/api/projects/{id}"))
        .json(&json!({"project_name": ""}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await,
        "Project name cannot be empty"
    );

    let list = app.get_json(&session, "/api/projects").await;
    let names: Vec<&str> = list["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Keep me"]);
}

async fn other_users_projects_answer_not_found(db: Db) {
    let app = spawn_app(db).await;
    let owner = app.signup("owner@example.com").await;
    let intruder = app.signup("intruder@example.com").await;
    let project = app.create_project(&owner, "Private").await;
    let id = project["id"].as_str().unwrap();
    app.create_scene(&owner, id, "Campaign 1").await;

    let attempts = [
        (
            Method::PATCH,
            format!("/api/projects/{id}"),
            Some(json!({"project_name": "Mine now"})),
        ),
        (Method::GET, format!("/api/projects/{id}/scenes"), None),
        (
            Method::POST,
            format!("/api/projects/{id}/scenes"),
            Some(json!({"name": "Sneaky"})),
        ),
        (Method::GET, format!("/api/projects/{id}/storyboard"), None),
        (
            Method::POST,
            format!("/api/projects/{id}/scenes/reorder"),
            Some(json!({"scene_ids": []})),
        ),
        (
            Method::PATCH,
            "/api/projects/not-a-uuid".to_owned(),
            Some(json!({"project_name": "x"})),
        ),
    ];
    for (method, path, body) in attempts {
        let mut request = app.authed(&intruder, method.clone(), &path);
        if let Some(body) = body {
            request = request.json(&body);
        }
        let response = request.send().await.unwrap();
        expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    }
    assert_eq!(
        app.get_json(&intruder, "/api/projects").await["data"],
        json!([])
    );
    let scenes = app
        .get_json(&owner, &format!("/api/projects/{id}/scenes"))
        .await;
    assert_eq!(scenes["data"].as_array().unwrap().len(), 1);
    assert_eq!(
        app.get_json(&owner, "/api/projects").await["data"][0]["name"],
        "Private"
    );
}

async fn requests_without_a_session_are_refused(db: Db) {
    let app = spawn_app(db).await;
    for (method, path) in [
        (Method::GET, "/api/projects"),
        (Method::POST, "/api/projects"),
        (Method::GET, "/api/credits/balance"),
        (Method::GET, "/api/feature-flags/check/chat_interface"),
        (Method::POST, "/api/auth/signout"),
    ] {
        let response = app
            .request(method, path)
            .json(&json!({"project_name": "x"}))
            .send()
            .await
            .unwrap();
        expect_error(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    }
}
