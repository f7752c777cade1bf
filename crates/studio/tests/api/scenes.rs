use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, Db, Session, TestApp};

on_both_databases!(
    scenes_are_appended_in_order_and_updated,
    reorder_takes_every_scene_exactly_once,
    storyboard_has_the_spec_shape,
    other_users_scenes_answer_not_found,
);

async fn scene_names(app: &TestApp, session: &Session, project_id: &str) -> Vec<(String, i64)> {
    let scenes = app
        .get_json(session, &format!("/api/projects/{project_id}/scenes"))
        .await;
    scenes["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            (
                s["name"].as_str().unwrap().to_owned(),
                s["order"].as_i64().unwrap(),
            )
        })
        .collect()
}

async fn scenes_are_appended_in_order_and_updated(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("scenes@example.com").await;
    let project = app.create_project(&session, "Launch").await;
    let project_id = project["id"].as_str().unwrap();
    let first = app.create_scene(&session, project_id, "Campaign 1").await;
    assert_eq!(first["order"], 1);
    assert_eq!(first["project_id"], project["id"]);
    assert_eq!(first["active_asset_id"], Value::Null);
    assert_eq!(
        first["settings"], project["settings"],
        "scenes start with the project's settings"
    );
    app.create_scene(&session, project_id, "Campaign 2").await;
    app.create_scene(&session, project_id, "Campaign 3").await;
    assert_eq!(
        scene_names(&app, &session, project_id).await,
        [
            ("Campaign 1".into(), 1),
            ("Campaign 2".into(), 2),
            ("Campaign 3".into(), 3)
        ]
    );

    let id = first["id"].as_str().unwrap();
    for (duration, seconds) in [(json!("10s"), 10), (json!(5), 5), (json!("10"), 10)] {
        let response = app
            .authed(&session, Method::PATCH, &format!("/api/scenes/{id}"))
            .json(&json!({"settings": {"duration": duration}}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["data"]["settings"]["duration"], seconds);
        assert_eq!(
            body["data"]["name"], "Campaign 1",
            "a settings change keeps the name"
        );
    }
    let response = app
        .authed(&session, Method::PATCH, &format!("/api/scenes/{id}"))
        .json(&json!({"name": "Hero", "settings": {"quality": "high", "resolution": "1024x1024"}}))
        .send()
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"]["name"], "Hero");
    assert_eq!(
        body["data"]["settings"],
        json!({"quality": "high", "resolution": "1024x1024", "duration": 10})
    );

    // Bad input: refused with the field named, nothing changes.
    for (patch, field) in [
        (json!({"name": "  "}), "name"),
        (json!({"settings": {"quality": "ultra"}}), "quality"),
        (
            json!({"name": "Renamed", "settings": {"resolution": "640x480"}}),
            "resolution",
        ),
        (json!({"name": 5}), "name"),
    ] {
        let response = app
            .authed(&session, Method::PATCH, &format!("/api/scenes/{id}"))
            .json(&patch)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{patch}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["field"], field, "{error}");
    }
    let response = app
        .authed(
            &session,
            Method::POST,
            &format!("/api/projects/{project_id}/scenes"),
        )
        .json(&json!({"name": ""}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await,
        "Campaign name cannot be empty"
    );
    let scenes = app
        .get_json(&session, &format!("/api/projects/{project_id}/scenes"))
        .await;
    assert_eq!(scenes["data"].as_array().unwrap().len(), 3);
    assert_eq!(scenes["data"][0]["name"], "Hero");
    assert_eq!(scenes["data"][0]["settings"]["quality"], "high");
}

async fn reorder_takes_every_scene_exactly_once(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("order@example.com").await;
    let project = app.create_project(&session, "Order").await;
    let project_id = project["id"].as_str().unwrap();
    let mut ids = Vec::new();
    for name in ["A", "B", "C"] {
        ids.push(
            app.create_scene(&session, project_id, name).await["id"]
                .as_str()
                .unwrap()
                .to_owned(),
        );
    }
    let path = format!("/api/projects/{project_id}/scenes/reorder");
    let foreign = uuid::Uuid::new_v4().to_string();
    for bad in [
        vec![ids[0].clone(), ids[1].clone()],
        vec![ids[0].clone(), ids[1].clone(), ids[1].clone()],
        vec![ids[0].clone(), ids[1].clone(), ids[2].clone(), foreign],
        vec![],
    ] {
        let response = app
            .authed(&session, Method::POST, &path)
            .json(&json!({"scene_ids": bad}))
            .send()
            .await
            .unwrap();
        expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    }
    assert_eq!(
        scene_names(&app, &session, project_id).await,
        [("A".into(), 1), ("B".into(), 2), ("C".into(), 3)]
    );

    let response = app
        .authed(&session, Method::POST, &path)
        .json(&json!({"scene_ids": [ids[2], ids[0], ids[1]]}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"][0]["name"], "C");
    assert_eq!(
        scene_names(&app, &session, project_id).await,
        [("C".into(), 1), ("A".into(), 2), ("B".into(), 3)]
    );
    // A new scene goes after the last one.
    assert_eq!(
        app.create_scene(&session, project_id, "D").await["order"],
        4
    );
}

async fn storyboard_has_the_spec_shape(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("board@example.com").await;
    let project = app.create_project(&session, "Board").await;
    let project_id = project["id"].as_str().unwrap();
    let b = app.create_scene(&session, project_id, "B").await;
    let a = app.create_scene(&session, project_id, "A").await;
    app.authed(
        &session,
        Method::POST,
        &format!("/api/projects/{project_id}/scenes/reorder"),
    )
    .json(&json!({"scene_ids": [a["id"], b["id"]]}))
    .send()
    .await
    .unwrap();
    let board = app
        .get_json(&session, &format!("/api/projects/{project_id}/storyboard"))
        .await;
    assert_eq!(board["success"], true);
    let scenes = board["data"]["scenes"].as_array().unwrap();
    assert_eq!(scenes.len(), 2);
    assert_eq!(scenes[0]["name"], "A");
    assert_eq!(scenes[0]["order"], 1);
    assert_eq!(scenes[0]["media"], json!([]));
    assert_eq!(board["data"]["unassigned_media"], json!([]));
    assert_eq!(
        board["data"]["stats"]["media_by_type"],
        json!({"image": 0, "video": 0, "audio": 0})
    );
    assert_eq!(board["data"]["settings"], project["settings"]);

    // Setting an asset that is not one of the scene's media is refused.
    let response = app
        .authed(
            &session,
            Method::PUT,
            &format!("/api/scenes/{}/active-asset", a["id"].as_str().unwrap()),
        )
        .json(&json!({"asset_id": uuid::Uuid::new_v4()}))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
}

async fn other_users_scenes_answer_not_found(db: Db) {
    let app = spawn_app(db).await;
    let owner = app.signup("owner@example.com").await;
    let intruder = app.signup("intruder@example.com").await;
    let project = app.create_project(&owner, "Private").await;
    let scene = app
        .create_scene(&owner, project["id"].as_str().unwrap(), "Secret")
        .await;
    let id = scene["id"].as_str().unwrap();
    let response = app
        .authed(&intruder, Method::PATCH, &format!("/api/scenes/{id}"))
        .json(&json!({"name": "Taken"}))
        .send()
        .await
        .unwrap();
    assert_eq!(
        expect_error(response, StatusCode::NOT_FOUND, "not_found").await,
        "Campaign not found"
    );
    let response = app
        .authed(
            &intruder,
            Method::PUT,
            &format!("/api/scenes/{id}/active-asset"),
        )
        .json(&json!({"asset_id": uuid::Uuid::new_v4()}))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;
    let scenes = app
        .get_json(
            &owner,
            &format!("/api/projects/{}/scenes", project["id"].as_str().unwrap()),
        )
        .await;
    assert_eq!(scenes["data"][0]["name"], "Secret");
}
