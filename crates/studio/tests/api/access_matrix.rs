//! The access-control matrix: every route of the served OpenAPI document is called as no one
//! and as a second user holding the first user's ids. Signed out, everything but the public
//! routes answers 401; as the other user, every request naming the first user's things answers
//! 404, the rest leak none of the first user's ids; and the first user's data is unchanged.
//! A new route is covered the day it is added: an id the matrix cannot fill fails the test.

use std::collections::BTreeMap;

use reqwest::multipart::{Form, Part};
use reqwest::{Method, StatusCode};
use serde_json::{json, Map, Value};

use crate::files;
use crate::jobs::{project_and_scene, start_image};
use crate::on_both_databases;
use crate::support::{spawn_app, Db, Session, TestApp};

on_both_databases!(every_route_is_closed_to_strangers_and_other_users);

/// Routes anyone may call: signing up and in, health, the API document, the payment
/// provider's webhook, the external-login redirect, and signed share links.
const PUBLIC: &[&str] = &[
    "POST /api/auth/signup",
    "POST /api/auth/signin",
    "GET /api/auth/login",
    "GET /api/health",
    "GET /api/openapi.json",
    "POST /api/stripe/webhook",
    "GET /api/media/shared/{token}",
];

/// Routes over the studio's shared catalogue (templates, feature flags): the same answer for
/// every signed-in user, so another user reading them is not a leak.
const SHARED: &[&str] = &[
    "GET /api/templates/{id}",
    "GET /api/templates/{id}/thumbnail",
    "GET /api/feature-flags/check/{flag}",
];

/// What the first user owns, by the names routes use for it.
struct Owned {
    project: String,
    scene: String,
    message: String,
    job: String,
    asset: String,
    reference_image: String,
    preset: String,
    template: String,
    share_link: String,
    session: String,
}

impl Owned {
    fn ids(&self) -> [&str; 9] {
        [
            &self.project,
            &self.scene,
            &self.message,
            &self.job,
            &self.asset,
            &self.reference_image,
            &self.preset,
            &self.share_link,
            &self.session,
        ]
    }

    /// The id a path parameter names, from the route's shape.
    fn path_id(&self, route: &str, param: &str) -> Option<&str> {
        let id = match (param, route) {
            ("message_id", _) => &self.message,
            ("job_id", _) => &self.job,
            ("flag", _) => "video_generation",
            ("session_id", _) => &self.session,
            ("target", _) => "etsy",
            ("id", r) if r.starts_with("/api/exports/") => &self.job,
            ("id", r) if r.starts_with("/api/projects/") => &self.project,
            ("id", r) if r.starts_with("/api/scenes/") => &self.scene,
            ("id", r) if r.starts_with("/api/reference-images/project/") => &self.project,
            ("id", r) if r.starts_with("/api/reference-images/scene/") => &self.scene,
            ("id", r) if r.starts_with("/api/reference-images/") => &self.reference_image,
            ("id", r) if r.starts_with("/api/chat/style-presets/") => &self.preset,
            ("id", r) if r.starts_with("/api/chat/status/") => &self.message,
            ("id", r) if r.starts_with("/api/media/") => &self.asset,
            ("id", r) if r.starts_with("/api/templates/") => &self.template,
            ("id", r) if r.starts_with("/api/share-links/") => &self.share_link,
            ("id", r)
                if r.starts_with("/api/jobs/")
                    || r.starts_with("/api/video-status/")
                    || r.starts_with("/api/recommendations/status/") =>
            {
                &self.job
            }
            _ => return None,
        };
        Some(id)
    }

    /// The first user's id for a body or query field of that name.
    fn field_id(&self, name: &str) -> Option<Value> {
        Some(match name {
            "project_id" | "projectId" => json!(self.project),
            "scene_id" | "sceneId" => json!(self.scene),
            "scene_ids" => json!([self.scene]),
            "message_id" | "messageId" | "parent_message_id" => json!(self.message),
            "asset_id" | "media_id" | "source_image_id" | "image_id" | "audio_asset_id" => {
                json!(self.asset)
            }
            "reference_images" | "reference_image_ids" => json!([self.reference_image]),
            "preset_id" => json!(self.preset),
            "job_id" => json!(self.job),
            // A reel's title and end cards name the ad design they are set from.
            "cards" => json!({ "design_id": self.asset }),
            _ => return None,
        })
    }
}

/// A route of the document.
struct Route {
    method: Method,
    path: String,
    operation: Value,
}

impl Route {
    fn key(&self) -> String {
        format!("{} {}", self.method, self.path)
    }
}

fn routes(document: &Value) -> Vec<Route> {
    let mut routes = Vec::new();
    for (path, operations) in document["paths"].as_object().unwrap() {
        for (method, operation) in operations.as_object().unwrap() {
            let Ok(method) = method.to_uppercase().parse::<Method>() else {
                continue;
            };
            routes.push(Route {
                method,
                path: path.clone(),
                operation: operation.clone(),
            });
        }
    }
    routes
}

/// Follows a `$ref` into the document's components.
fn resolve<'a>(document: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(reference) => {
            let name = reference.rsplit('/').next().unwrap();
            resolve(document, &document["components"]["schemas"][name])
        }
        None => schema,
    }
}

/// A value of the schema's type for a field the matrix has no id for.
fn filler(document: &Value, schema: &Value) -> Value {
    let schema = resolve(document, schema);
    if let Some(first) = schema["enum"].as_array().and_then(|e| e.first()) {
        return first.clone();
    }
    // A value the document gives is valid where any text of the type is not (a duration).
    if let Some(example) = schema.get("example").filter(|e| !e.is_null()) {
        return example.clone();
    }
    let variants = schema["oneOf"].as_array().or(schema["allOf"].as_array());
    if let Some(variant) = variants.and_then(|v| v.iter().find(|v| v["type"] != "null")) {
        return filler(document, variant);
    }
    let kind = match &schema["type"] {
        Value::Array(kinds) => kinds
            .iter()
            .find(|k| *k != "null")
            .cloned()
            .unwrap_or(Value::Null),
        kind => kind.clone(),
    };
    match kind.as_str() {
        Some("string") => json!("a bottle on marble"),
        Some("integer") | Some("number") => json!(1),
        Some("boolean") => json!(false),
        Some("array") => json!([]),
        _ => json!({}),
    }
}

/// Fields whose valid values the document states only in words.
fn known_value(name: &str) -> Option<Value> {
    Some(match name {
        "reaction" => json!("positive"),
        "feedbackType" => json!("positive_general"),
        "reason" => Value::Null,
        // A cutout correction's box must have area.
        "box" => json!([0, 0, 32, 32]),
        _ => return None,
    })
}

/// The JSON body a route takes, with the first user's ids in every id field.
fn json_body(document: &Value, operation: &Value, owned: &Owned) -> Option<Value> {
    let schema = operation["requestBody"]["content"]["application/json"]["schema"].clone();
    if schema.is_null() {
        return None;
    }
    let schema = resolve(document, &schema);
    let mut body = Map::new();
    if let Some(properties) = schema["properties"].as_object() {
        for (name, property) in properties {
            let value = owned
                .field_id(name)
                .or_else(|| known_value(name))
                .unwrap_or_else(|| filler(document, property));
            body.insert(name.clone(), value);
        }
    }
    Some(Value::Object(body))
}

/// The multipart form of an upload route, naming the first user's things.
fn multipart_form(route: &str, owned: &Owned) -> Form {
    let png = || {
        Part::bytes(files::png(64, 64))
            .file_name("photo.png")
            .mime_str("image/png")
            .unwrap()
    };
    match route {
        "/api/reference-images/upload-proxy" => Form::new()
            .part("file", png())
            .text("projectId", owned.project.clone())
            .text("sceneId", owned.scene.clone()),
        "/api/generate/image-edit" => Form::new()
            .part("mask", png())
            .text("project_id", owned.project.clone())
            .text("scene_id", owned.scene.clone())
            .text("prompt", "make it blue")
            .text(
                "original_image_url",
                format!("/api/media/file/{}", owned.asset),
            ),
        "/api/projects/{id}/brand-kit/logo" => Form::new().part("file", png()),
        other => panic!("{other} takes a multipart form: teach the access matrix its fields"),
    }
}

/// Builds the request `as_user` makes to `route` with the first user's ids; `None` when the
/// request names none of them (its query and body carry no id, its path has no parameter).
fn request(
    app: &TestApp,
    document: &Value,
    route: &Route,
    owned: &Owned,
    session: Option<&Session>,
) -> (reqwest::RequestBuilder, bool) {
    let mut path = route.path.clone();
    let mut query = Vec::new();
    let mut names_owned = false;
    for parameter in route.operation["parameters"]
        .as_array()
        .into_iter()
        .flatten()
    {
        let name = parameter["name"].as_str().unwrap();
        match parameter["in"].as_str() {
            Some("path") => {
                let id = owned.path_id(&route.path, name).unwrap_or_else(|| {
                    panic!(
                        "{}: the access matrix has no id for path parameter `{name}`",
                        route.key()
                    )
                });
                path = path.replace(&format!("{{{name}}}"), id);
                names_owned = true;
            }
            Some("query") => {
                if let Some(id) = owned.field_id(name) {
                    query.push((name.to_owned(), id.as_str().unwrap_or_default().to_owned()));
                    names_owned = true;
                }
            }
            _ => {}
        }
    }
    let mut builder = app.request(route.method.clone(), &path).query(&query);
    if let Some(session) = session {
        builder = builder.bearer_auth(&session.token);
    }
    let content = &route.operation["requestBody"]["content"];
    if content.get("multipart/form-data").is_some() {
        builder = builder.multipart(multipart_form(&route.path, owned));
        names_owned = true;
    } else if let Some(body) = json_body(document, &route.operation, owned) {
        names_owned |= body
            .as_object()
            .unwrap()
            .keys()
            .any(|k| owned.field_id(k).is_some());
        builder = builder.json(&body);
    }
    (builder, names_owned)
}

/// Everything of the first user's that a route could change.
async fn snapshot(
    app: &TestApp,
    session: &Session,
    owned: &Owned,
) -> BTreeMap<&'static str, Value> {
    let (project, scene) = (&owned.project, &owned.scene);
    let mut snapshot = BTreeMap::new();
    snapshot.insert("projects", app.get_json(session, "/api/projects").await);
    snapshot.insert(
        "scenes",
        app.get_json(session, &format!("/api/projects/{project}/scenes"))
            .await,
    );
    snapshot.insert(
        "storyboard",
        app.get_json(session, &format!("/api/projects/{project}/storyboard"))
            .await,
    );
    snapshot.insert(
        "history",
        app.get_json(
            session,
            &format!("/api/chat/history?project_id={project}&scene_id={scene}"),
        )
        .await,
    );
    snapshot.insert(
        "reference images",
        app.get_json(session, &format!("/api/reference-images/scene/{scene}"))
            .await,
    );
    snapshot.insert(
        "presets",
        app.get_json(session, "/api/chat/style-presets").await,
    );
    snapshot.insert("ledger", json!(app.ledger(session).await));
    snapshot.insert("balance", json!(app.balance(session).await));
    snapshot
}

/// The first user's project, campaign, conversation, finished image, reference image and
/// style preset.
async fn owned_things(app: &TestApp, owner: &Session) -> Owned {
    let (project, scene) = project_and_scene(app, owner).await;
    let form = Form::new()
        .part(
            "file",
            Part::bytes(files::png(120, 160))
                .file_name("jar.png")
                .mime_str("image/png")
                .unwrap(),
        )
        .text("projectId", project.clone())
        .text("sceneId", scene.clone());
    let uploaded = app
        .authed(owner, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(uploaded.status(), StatusCode::CREATED);
    let uploaded: Value = uploaded.json().await.unwrap();
    let reference_image = uploaded["reference_image"]["id"]
        .as_str()
        .unwrap()
        .to_owned();

    let sent = app
        .authed(owner, Method::POST, "/api/chat/send")
        .json(&json!({"project_id": project, "scene_id": scene,
            "message": "a honey jar on warm marble for an autumn sale"}))
        .send()
        .await
        .unwrap();
    assert_eq!(sent.status(), StatusCode::OK);
    let sent: Value = sent.json().await.unwrap();
    let message = sent["data"]["message"]["id"].as_str().unwrap().to_owned();

    let job = start_image(app, owner, &project, &scene, "a honey jar on marble").await;
    let done = app.wait_for_job(owner, &job).await;
    assert_eq!(done["status"], "completed", "{done}");
    let storyboard = app
        .get_json(owner, &format!("/api/projects/{project}/storyboard"))
        .await;
    let asset = storyboard["data"]["scenes"][0]["media"][0]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("the image is on the storyboard: {storyboard}"))
        .to_owned();

    let preset = app
        .authed(owner, Method::POST, "/api/chat/style-presets")
        .json(&json!({"name": "Warm marble", "scene_id": scene, "project_id": project}))
        .send()
        .await
        .unwrap();
    assert_eq!(preset.status(), StatusCode::CREATED);
    let preset: Value = preset.json().await.unwrap();
    let preset = preset["data"]["preset_id"]
        .as_str()
        .or(preset["data"]["id"].as_str())
        .unwrap_or_else(|| panic!("a preset id: {preset}"))
        .to_owned();

    let shared = app
        .authed(owner, Method::POST, &format!("/api/media/{asset}/share"))
        .send()
        .await
        .unwrap();
    assert_eq!(shared.status(), StatusCode::OK);
    let shared: Value = shared.json().await.unwrap();
    let share_link = shared["data"]["id"].as_str().unwrap().to_owned();

    let sessions = app.get_json(owner, "/api/account/sessions").await;
    let session = sessions["data"]["sessions"]
        .as_array()
        .and_then(|all| all.iter().find(|s| s["current"] == true))
        .and_then(|current| current["id"].as_str())
        .unwrap_or_else(|| panic!("the owner's session: {sessions}"))
        .to_owned();

    let templates = app.get_json(owner, "/api/templates").await;
    let template = templates["data"]["templates"][0]["template_id"]
        .as_str()
        .or(templates["data"][0]["template_id"].as_str())
        .unwrap_or_else(|| panic!("a template id: {templates}"))
        .to_owned();

    Owned {
        project,
        scene,
        message,
        job,
        asset,
        reference_image,
        preset,
        template,
        share_link,
        session,
    }
}

async fn every_route_is_closed_to_strangers_and_other_users(db: Db) {
    let app = spawn_app(db).await;
    let owner = app.signup("owner@example.com").await;
    let other = app.signup("other@example.com").await;
    let owned = owned_things(&app, &owner).await;
    let document: Value = app
        .request(Method::GET, "/api/openapi.json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let routes = routes(&document);
    assert!(routes.len() > 40, "the document lists the routes");
    let before = snapshot(&app, &owner, &owned).await;

    let mut wrong = Vec::new();
    for route in &routes {
        let key = route.key();
        if PUBLIC.contains(&key.as_str()) || route.path == "/api/auth/signout" {
            continue;
        }
        // Signed out.
        let (signed_out, _) = request(&app, &document, route, &owned, None);
        let status = signed_out.send().await.unwrap().status();
        if status != StatusCode::UNAUTHORIZED {
            wrong.push(format!("{key} signed out: {status}"));
        }
        // As the other user, with the owner's ids.
        let (as_other, names_owned) = request(&app, &document, route, &owned, Some(&other));
        let response = as_other.send().await.unwrap();
        let status = response.status();
        let body = if route.path == "/api/events" {
            String::new()
        } else {
            response.text().await.unwrap_or_default()
        };
        // 503 is a route declining (payments not configured here), not a failure.
        if status.is_server_error() && status != StatusCode::SERVICE_UNAVAILABLE {
            wrong.push(format!("{key} as another user: {status} {body}"));
        } else if SHARED.contains(&key.as_str()) {
            continue;
        } else if names_owned && status != StatusCode::NOT_FOUND {
            wrong.push(format!("{key} as another user: {status} {body}"));
        } else if let Some(id) = owned.ids().into_iter().find(|id| body.contains(id)) {
            wrong.push(format!(
                "{key} as another user shows the owner's id {id}: {body}"
            ));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert_eq!(
        snapshot(&app, &owner, &owned).await,
        before,
        "the owner's data is unchanged"
    );
}
