//! Variations through the real binary: a set of images of one brief, each its own job, seed
//! and composition, paid for all together or not at all; and the recipe every image keeps.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::files;
use crate::jobs::{entries_for, project_and_scene};
use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, spawn_serve, Db, Session, TestApp, TestDatabase};

on_both_databases!(
    four_variations_are_four_different_pictures,
    a_set_the_balance_cannot_cover_is_refused_whole,
    variations_outside_one_to_four_are_refused,
);

const OUT_OF_RANGE: &str = "variations must be a whole number from 1 to 4";

async fn post(app: &TestApp, session: &Session, path: &str, body: Value) -> reqwest::Response {
    app.authed(session, Method::POST, path)
        .json(&body)
        .send()
        .await
        .unwrap()
}

async fn upload_photo(app: &TestApp, session: &Session, project: &str, scene: &str) -> Value {
    let form = reqwest::multipart::Form::new()
        .part(
            "file",
            reqwest::multipart::Part::bytes(files::png(600, 800))
                .file_name("jar.png")
                .mime_str("image/png")
                .unwrap(),
        )
        .text("projectId", project.to_owned())
        .text("sceneId", scene.to_owned());
    let response = app
        .authed(session, Method::POST, "/api/reference-images/upload-proxy")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json::<Value>().await.unwrap()["reference_image"].clone()
}

fn ids(body: &Value) -> Vec<String> {
    body["job_ids"]
        .as_array()
        .unwrap_or_else(|| panic!("no job_ids in {body}"))
        .iter()
        .map(|id| id.as_str().unwrap().to_owned())
        .collect()
}

/// Rows in the jobs table, read straight from the database: a refused set leaves none.
async fn job_rows(app: &TestApp, db: Db) -> i64 {
    use sqlx::Connection;
    let sql = "SELECT COUNT(*) FROM jobs WHERE kind <> 'assistant_reply'";
    match db {
        Db::Sqlite => {
            let mut conn = sqlx::SqliteConnection::connect(&app.db.url).await.unwrap();
            sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap()
        }
        Db::Postgres => {
            let mut conn = sqlx::PgConnection::connect(&app.db.url).await.unwrap();
            sqlx::query_scalar(sql).fetch_one(&mut conn).await.unwrap()
        }
    }
}

/// Mean absolute difference of two same-sized RGB pictures, per channel, 0–255.
fn mean_difference(a: &image::RgbImage, b: &image::RgbImage) -> f64 {
    assert_eq!(a.dimensions(), b.dimensions());
    let sum: u64 = a
        .as_raw()
        .iter()
        .zip(b.as_raw())
        .map(|(x, y)| u64::from(x.abs_diff(*y)))
        .sum();
    sum as f64 / a.as_raw().len() as f64
}

/// Four variations of one brief: four jobs, four credits, four pictures that each differ
/// clearly from the others (decoded and compared pixel by pixel), each keeping its recipe.
async fn four_variations_are_four_different_pictures(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("variations@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let photo = upload_photo(&app, &session, &project, &scene).await;
    let ledger_before = app.ledger(&session).await.len();

    let brief = "amber serum bottle on marble with eucalyptus, golden hour";
    let response = post(
        &app,
        &session,
        "/api/generate/image",
        json!({
            "project_id": project, "scene_id": scene, "prompt": brief, "variations": 4,
            "context": {"pre_production_settings": {"quality": "low", "resolution": "1024x1024"}},
        }),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let started: Value = response.json().await.unwrap();
    let data = &started["data"];
    let jobs = ids(data);
    assert_eq!(jobs.len(), 4, "{started}");
    assert_eq!(data["job_id"], jobs[0].as_str(), "job_id is the first");
    assert_eq!(data["credit_cost"], 4);
    let distinct: std::collections::HashSet<&String> = jobs.iter().collect();
    assert_eq!(distinct.len(), 4);
    assert_eq!(app.balance(&session).await, 96);
    let ledger = app.ledger(&session).await;
    assert_eq!(ledger.len(), ledger_before + 4);
    for job in &jobs {
        let debit = entries_for(&ledger, job, "generation");
        assert_eq!(debit.len(), 1, "one debit of one credit per job");
        assert_eq!(debit[0]["delta"], -1);
    }

    let mut pictures = Vec::new();
    for job in &jobs {
        let done = app.wait_for_job(&session, job).await;
        assert_eq!(done["status"], "completed", "{done}");
        let bytes = app
            .authed(&session, Method::GET, done["result_url"].as_str().unwrap())
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        let picture = image::load_from_memory(&bytes).unwrap().to_rgb8();
        assert_eq!(picture.dimensions(), (1024, 1024));
        pictures.push(picture);
    }
    for i in 0..pictures.len() {
        for j in i + 1..pictures.len() {
            let difference = mean_difference(&pictures[i], &pictures[j]);
            assert!(
                difference > 8.0,
                "variations {i} and {j} differ by only {difference:.1}/255"
            );
        }
    }

    // Each picture keeps the recipe that made it: brief, settings, engine, seed, variation.
    let board = app
        .get_json(&session, &format!("/api/projects/{project}/storyboard"))
        .await;
    let media = board["data"]["scenes"][0]["media"].as_array().unwrap();
    let mut seeds = std::collections::HashSet::new();
    for (index, job) in jobs.iter().enumerate() {
        let asset = media
            .iter()
            .find(|m| m["id"] == job.as_str())
            .unwrap_or_else(|| panic!("{job} not on the storyboard"));
        let recipe = &asset["file_metadata"];
        assert_eq!(recipe["prompt"], brief);
        assert_eq!(recipe["engine"], "studio");
        assert_eq!(recipe["variation"], index);
        assert_eq!(recipe["settings"]["quality"], "low");
        assert_eq!(recipe["settings"]["resolution"], "1024x1024");
        assert_eq!(
            recipe["settings"]["reference_image_ids"],
            json!([photo["id"]])
        );
        let seed = recipe["seed"].as_str().unwrap();
        assert!(seed.parse::<u64>().is_ok(), "{seed}");
        seeds.insert(seed.to_owned());
    }
    assert_eq!(seeds.len(), 4, "each variation has its own seed");

    // The other routes make sets too: the Generate panel's two modes and the chat's brief.
    let templates = app
        .get_json(&session, "/api/templates?template_type=image")
        .await;
    let template = templates["data"]["templates"][0]["template_id"].clone();
    let response = post(
        &app,
        &session,
        "/api/templates/generate",
        json!({"template_id": template, "scene_id": scene, "project_id": project,
               "settings": {"quality": "low"}, "variations": 2}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    // The one started-job answer of every start route, inside the envelope.
    assert_eq!(ids(&body["data"]).len(), 2);
    assert_eq!(body["data"]["job_id"], ids(&body["data"])[0].as_str());
    assert!(body.get("job_id").is_none(), "{body}");
    let response = post(
        &app,
        &session,
        "/api/recommendations/generate",
        json!({"scene_id": scene, "project_id": project, "product_image_url": photo["url"],
               "generation_settings": {"quality": "low"}, "variations": 3}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(ids(&body["data"]).len(), 3);
    assert_eq!(app.balance(&session).await, 91);

    let answer = post(
        &app,
        &session,
        "/api/chat/send",
        json!({"project_id": project, "scene_id": scene, "message": "my serum bottle on linen"}),
    )
    .await
    .json::<Value>()
    .await
    .unwrap();
    let message = answer["data"]["message"]["id"].as_str().unwrap().to_owned();
    let response = post(
        &app,
        &session,
        &format!("/api/chat/generate/{message}"),
        json!({"media_type": "image", "variations": 2, "settings": {"quality": "low"}}),
    )
    .await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let chat_jobs = ids(&body["data"]);
    assert_eq!(chat_jobs.len(), 2);
    assert_eq!(body["data"]["job_id"], chat_jobs[0].as_str());
    assert_eq!(body["data"]["credit_cost"], 2);
    assert_eq!(app.balance(&session).await, 89);
    let video = post(
        &app,
        &session,
        &format!("/api/chat/generate/{message}"),
        json!({"media_type": "video", "variations": 2}),
    )
    .await;
    let reason = expect_error(video, StatusCode::BAD_REQUEST, "validation_error").await;
    assert_eq!(reason, "Variations are made of images only");
    for job in ids(&body["data"]) {
        assert_eq!(
            app.wait_for_job(&session, &job).await["status"],
            "completed"
        );
    }
}

/// With 3 credits, a set of 4 is refused whole: 402, nothing charged, no job; a set of 3
/// is then accepted and takes the balance to zero.
async fn a_set_the_balance_cannot_cover_is_refused_whole(db: Db) {
    let app = spawn_serve(TestDatabase::new(db).await, &["--no-workers"], &[]).await;
    let session = app.signup("three-left@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let ask = |variations: Value| json!({"project_id": project, "scene_id": scene, "prompt": "a jar of honey", "variations": variations});
    // 24 sets of four and one single picture spend 97 of the 100 credits.
    for _ in 0..24 {
        let response = post(&app, &session, "/api/generate/image", ask(json!(4))).await;
        assert_eq!(response.status(), StatusCode::ACCEPTED);
    }
    let response = post(&app, &session, "/api/generate/image", ask(json!(1))).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    assert_eq!(app.balance(&session).await, 3);
    let ledger = app.ledger(&session).await.len();
    let jobs = job_rows(&app, db).await;
    assert_eq!(jobs, 97);

    let refused = post(&app, &session, "/api/generate/image", ask(json!(4))).await;
    let message = expect_error(
        refused,
        StatusCode::PAYMENT_REQUIRED,
        "insufficient_credits",
    )
    .await;
    assert_eq!(message, "Insufficient credits");
    assert_eq!(app.balance(&session).await, 3, "nothing charged");
    assert_eq!(app.ledger(&session).await.len(), ledger, "no ledger entry");
    assert_eq!(job_rows(&app, db).await, jobs, "no job");

    let response = post(&app, &session, "/api/generate/image", ask(json!(3))).await;
    assert_eq!(response.status(), StatusCode::ACCEPTED);
    let body: Value = response.json().await.unwrap();
    assert_eq!(ids(&body["data"]).len(), 3);
    assert_eq!(app.balance(&session).await, 0);
    assert_eq!(job_rows(&app, db).await, jobs + 3);
}

/// 0, 5, "x", 2.5 or -1 variations are a 400 with the reason on every route, before
/// anything is charged or stored.
async fn variations_outside_one_to_four_are_refused(db: Db) {
    let app = spawn_serve(TestDatabase::new(db).await, &["--no-workers"], &[]).await;
    let session = app.signup("bad-sets@example.com").await;
    let (project, scene) = project_and_scene(&app, &session).await;
    let photo = upload_photo(&app, &session, &project, &scene).await;
    let templates = app
        .get_json(&session, "/api/templates?template_type=image")
        .await;
    let template = templates["data"]["templates"][0]["template_id"].clone();
    let answer = post(
        &app,
        &session,
        "/api/chat/send",
        json!({"project_id": project, "scene_id": scene, "message": "my jar on a kitchen table"}),
    )
    .await
    .json::<Value>()
    .await
    .unwrap();
    let message = answer["data"]["message"]["id"].as_str().unwrap().to_owned();
    let ledger = app.ledger(&session).await.len();

    for bad in [
        json!(0),
        json!(5),
        json!("x"),
        json!(2.5),
        json!(-1),
        json!(true),
    ] {
        let requests = [
            (
                "/api/generate/image".to_owned(),
                json!({"project_id": project, "scene_id": scene, "prompt": "a jar", "variations": bad}),
            ),
            (
                "/api/templates/generate".to_owned(),
                json!({"template_id": template, "scene_id": scene, "project_id": project, "variations": bad}),
            ),
            (
                "/api/recommendations/generate".to_owned(),
                json!({"scene_id": scene, "project_id": project, "product_image_url": photo["url"], "variations": bad}),
            ),
            (
                format!("/api/chat/generate/{message}"),
                json!({"media_type": "image", "variations": bad}),
            ),
        ];
        for (path, body) in requests {
            let response = post(&app, &session, &path, body).await;
            let reason = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
            assert_eq!(reason, OUT_OF_RANGE, "{path} with {bad}");
        }
    }
    assert_eq!(app.balance(&session).await, 100, "nothing charged");
    assert_eq!(app.ledger(&session).await.len(), ledger);
    assert_eq!(job_rows(&app, db).await, 0, "nothing stored");
}
