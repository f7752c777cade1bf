//! `spawn_app()`: the real `studio` binary on a random port against a fresh database —
//! a SQLite file in a temporary data directory, or a new database in the throwaway
//! PostgreSQL cluster named by `STUDIO_TEST_PG_URL` (scripts/test starts one).

use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use reqwest::multipart::{Form, Part};
use reqwest::{header, Method, RequestBuilder, Response, StatusCode};
use serde_json::{json, Value};
use sqlx::{Connection, Executor, PgConnection};
use tokio::io::{AsyncBufReadExt, BufReader};
use tokio::process::{Child, Command};

pub const BIN: &str = env!("CARGO_BIN_EXE_studio");

#[derive(Clone, Copy, Debug)]
pub enum Db {
    Sqlite,
    Postgres,
}

/// Runs a scenario once per database: `on_both_databases!(scenario_fn);`
#[macro_export]
macro_rules! on_both_databases {
    ($($scenario:ident),+ $(,)?) => {$(
        mod $scenario {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                super::$scenario($crate::support::Db::Sqlite).await
            }
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if $crate::support::postgres_missing() {
                    return;
                }
                super::$scenario($crate::support::Db::Postgres).await
            }
        }
    )+};
}

/// Whether no PostgreSQL cluster was named, so that a plain `cargo test` on a new machine
/// runs the SQLite half and says why the other is skipped (scripts/test always names one).
pub fn postgres_missing() -> bool {
    let missing = std::env::var_os("STUDIO_TEST_PG_URL").is_none();
    if missing {
        eprintln!(
            "skipped on PostgreSQL: STUDIO_TEST_PG_URL is not set (scripts/test starts a throwaway \
             cluster; or run `scripts/pg-cluster start DIR` and export the URL it prints)"
        );
    }
    missing
}

/// Environment for nodes that trust what they read from the database (sessions, credit
/// badges) for an hour: within a test only a store signal can then make a change visible.
pub const TRUST_READS_FOR_AN_HOUR: (&str, &str) = ("STUDIO_MEMORY_CACHE_SECONDS", "3600");

/// How long a test waits for a store signal before calling it lost. A bound, not a measure
/// (a signal takes milliseconds): with [`TRUST_READS_FOR_AN_HOUR`] nothing else could make
/// the change visible in time, so waiting longer proves nothing more; the bound only stops a
/// broken signal from hanging the run.
pub const SIGNAL_BOUND: Duration = Duration::from_secs(60);

/// Reads through `read` until `arrived` holds for what it answers, and returns that; panics
/// after [`SIGNAL_BOUND`] with `what` and the last answer.
pub async fn until_signalled<T, F>(
    what: &str,
    mut read: impl FnMut() -> F,
    arrived: impl Fn(&T) -> bool,
) -> T
where
    T: std::fmt::Debug,
    F: std::future::Future<Output = T>,
{
    let bound = tokio::time::Instant::now() + SIGNAL_BOUND;
    loop {
        let seen = read().await;
        if arrived(&seen) {
            return seen;
        }
        assert!(
            tokio::time::Instant::now() < bound,
            "{what}: no signal in {SIGNAL_BOUND:?}, still {seen:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

pub struct TestDatabase {
    pub url: String,
    pub data_dir: tempfile::TempDir,
    /// The PostgreSQL database this value created, dropped with it: hundreds of tests
    /// would otherwise leave gigabytes in the cluster.
    created: Option<Created>,
}

struct Created {
    admin_url: String,
    name: String,
}

impl TestDatabase {
    /// Another handle on a database someone else owns (a second node on it, a cluster the
    /// test started itself): dropping it leaves the database alone.
    pub fn sharing(url: &str) -> Self {
        Self {
            url: url.to_owned(),
            data_dir: tempfile::tempdir().expect("temp dir"),
            created: None,
        }
    }

    pub async fn new(db: Db) -> Self {
        let data_dir = tempfile::tempdir().expect("temp dir");
        let mut created = None;
        let url = match db {
            Db::Sqlite => format!("sqlite://{}", data_dir.path().join("studio.db").display()),
            Db::Postgres => {
                let admin = std::env::var("STUDIO_TEST_PG_URL").expect(
                    "STUDIO_TEST_PG_URL is not set: run scripts/test, which starts a throwaway PostgreSQL cluster \
                     (or `scripts/pg-cluster start DIR` and export the URL it prints)",
                );
                let name = format!("studio_test_{}", uuid::Uuid::new_v4().simple());
                let mut conn = PgConnection::connect(&admin)
                    .await
                    .expect("connect to the test cluster");
                conn.execute(format!("CREATE DATABASE {name}").as_str())
                    .await
                    .expect("create test database");
                conn.close().await.ok();
                let (base, _) = admin.rsplit_once('/').expect("database URL with a path");
                let url = format!("{base}/{name}");
                created = Some(Created {
                    admin_url: admin,
                    name,
                });
                url
            }
        };
        Self {
            url,
            data_dir,
            created,
        }
    }

    /// Runs `studio` with this database and extra arguments; returns (success, stdout, stderr).
    pub async fn cli(&self, args: &[&str]) -> (bool, String, String) {
        let output = Command::new(BIN)
            .args(["--data-dir", &self.data_dir.path().display().to_string()])
            .args(args)
            .env("DATABASE_URL", &self.url)
            .env("STUDIO_LOG", "warn")
            .output()
            .await
            .expect("run studio");
        (
            output.status.success(),
            String::from_utf8_lossy(&output.stdout).into_owned(),
            String::from_utf8_lossy(&output.stderr).into_owned(),
        )
    }
}

pub struct TestApp {
    pub address: String,
    pub db: TestDatabase,
    pub client: reqwest::Client,
    child: Child,
}

pub async fn spawn_app(db: Db) -> TestApp {
    spawn_app_with(db, &[]).await
}

/// Starts the binary with extra `STUDIO_*` environment.
pub async fn spawn_app_with(db: Db, env: &[(&str, &str)]) -> TestApp {
    let db = TestDatabase::new(db).await;
    spawn_serve(db, &[], env).await
}

/// Starts `studio serve` (plus `args`) against an existing database and data directory.
pub async fn spawn_serve(db: TestDatabase, args: &[&str], env: &[(&str, &str)]) -> TestApp {
    let mut command = Command::new(BIN);
    command
        .args(["serve", "--bind", "127.0.0.1:0", "--data-dir"])
        .arg(db.data_dir.path())
        .args(args)
        .env("DATABASE_URL", &db.url)
        .env("STUDIO_LOG", "warn")
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .kill_on_drop(true);
    let mut child = command.spawn().expect("start studio");
    let stdout = child.stdout.take().expect("stdout");
    let mut lines = BufReader::new(stdout).lines();
    let address = loop {
        match lines.next_line().await.expect("read studio stdout") {
            Some(line) => {
                if let Some(address) = line.strip_prefix("studio listening on ") {
                    break address.to_owned();
                }
            }
            None => panic!("studio exited before listening"),
        }
    };
    let client = reqwest::Client::builder()
        .cookie_store(false)
        .build()
        .expect("client");
    TestApp {
        address,
        db,
        client,
        child,
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some(Created { admin_url, name }) = self.created.take() else {
            return;
        };
        // Drop runs inside the test's runtime, which cannot be blocked on: a thread of its
        // own with its own runtime. FORCE ends the connections of a server still exiting.
        let dropped = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async {
                let mut conn = PgConnection::connect(&admin_url).await?;
                conn.execute(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)").as_str())
                    .await?;
                conn.close().await
            })
        })
        .join();
        if let Ok(Err(e)) = dropped {
            eprintln!("could not drop a test database: {e}");
        }
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = self.child.start_kill();
    }
}

impl TestApp {
    /// Stops the server with SIGKILL and hands back its database for a restart.
    pub async fn kill(mut self) -> TestDatabase {
        let _ = self.child.kill().await;
        std::mem::replace(&mut self.db, TestDatabase::sharing(""))
    }

    /// Stops the server with SIGTERM, waits for it to exit, and hands back its database.
    pub async fn terminate(mut self) -> TestDatabase {
        let pid = self.child.id().expect("running").to_string();
        let sent = Command::new("kill")
            .args(["-TERM", &pid])
            .status()
            .await
            .expect("run kill");
        assert!(sent.success());
        let status = self.child.wait().await.expect("wait for studio");
        assert!(
            status.success(),
            "studio exits cleanly on SIGTERM: {status}"
        );
        self.kill().await
    }

    /// Starts a `studio worker` process on this app's database and storage.
    pub async fn spawn_worker(&self, env: &[(&str, &str)]) -> Child {
        let mut command = Command::new(BIN);
        command
            .args(["worker", "--data-dir"])
            .arg(self.db.data_dir.path())
            .env("DATABASE_URL", &self.db.url)
            .env("STUDIO_LOG", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .kill_on_drop(true);
        let mut child = command.spawn().expect("start studio worker");
        let stdout = child.stdout.take().expect("stdout");
        let mut lines = BufReader::new(stdout).lines();
        loop {
            match lines.next_line().await.expect("read worker stdout") {
                Some(line) if line.starts_with("studio worker running") => break,
                Some(_) => {}
                None => panic!("studio worker exited before running"),
            }
        }
        child
    }

    /// Polls `/api/jobs/{id}/status` until the job finishes; returns its `data`.
    pub async fn wait_for_job(&self, session: &Session, job_id: &str) -> Value {
        for _ in 0..1200 {
            let body = self
                .get_json(session, &format!("/api/jobs/{job_id}/status"))
                .await;
            let status = body["data"]["status"]
                .as_str()
                .unwrap_or_default()
                .to_owned();
            if status == "completed" || status == "failed" {
                return body["data"].clone();
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("job {job_id} did not finish in two minutes");
    }

    pub async fn balance(&self, session: &Session) -> i64 {
        self.get_json(session, "/api/credits/balance").await["balance"]
            .as_i64()
            .unwrap()
    }

    /// Every ledger entry of the user, newest first.
    pub async fn ledger(&self, session: &Session) -> Vec<Value> {
        let mut entries = Vec::new();
        for page in 1.. {
            let body = self
                .get_json(
                    session,
                    &format!("/api/credits/transactions?page={page}&per_page=100"),
                )
                .await;
            let rows = body["data"]["transactions"].as_array().unwrap().clone();
            let done = rows.len() < 100;
            entries.extend(rows);
            if done {
                break;
            }
        }
        entries
    }
}

/// A signed-up user's bearer token and session cookie.
pub struct Session {
    pub token: String,
    pub cookie: String,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub fn request(&self, method: Method, path: &str) -> RequestBuilder {
        self.client.request(method, self.url(path))
    }

    pub fn authed(&self, session: &Session, method: Method, path: &str) -> RequestBuilder {
        self.request(method, path).bearer_auth(&session.token)
    }

    pub async fn signup(&self, email: &str) -> Session {
        let response = self
            .request(Method::POST, "/api/auth/signup")
            .json(&json!({"email": email, "password": "correct horse"}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        let cookie = response
            .headers()
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .find(|c| c.starts_with("studio_session="))
            .expect("session cookie");
        let body: Value = response.json().await.unwrap();
        Session {
            token: body["token"].as_str().unwrap().to_owned(),
            cookie: cookie.split(';').next().unwrap().to_owned(),
        }
    }

    pub async fn create_project(&self, session: &Session, name: &str) -> Value {
        let response = self
            .authed(session, Method::POST, "/api/projects")
            .json(&json!({"project_name": name}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        response.json::<Value>().await.unwrap()["data"].clone()
    }

    pub async fn create_scene(&self, session: &Session, project_id: &str, name: &str) -> Value {
        let response = self
            .authed(
                session,
                Method::POST,
                &format!("/api/projects/{project_id}/scenes"),
            )
            .json(&json!({"name": name}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::CREATED);
        response.json::<Value>().await.unwrap()["data"].clone()
    }

    /// Sends a photo through the upload route to a (project, campaign) and, for a chat
    /// attachment not yet sent, under the client's `message` id; the caller reads the answer.
    pub async fn upload_photo(
        &self,
        session: &Session,
        (project, scene): (&str, &str),
        message: Option<&str>,
        name: &str,
        bytes: Vec<u8>,
    ) -> Response {
        let mut form = Form::new()
            .part("file", Part::bytes(bytes).file_name(name.to_owned()))
            .text("projectId", project.to_owned())
            .text("sceneId", scene.to_owned())
            .text("originalFilename", name.to_owned());
        if let Some(message) = message {
            form = form.text("messageId", message.to_owned());
        }
        self.authed(session, Method::POST, "/api/reference-images/upload-proxy")
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// Asks for an edit of the generated `image` where `mask` (a PNG of its size) is
    /// painted, on the engine named or the default one; the caller reads the answer.
    pub async fn image_edit(
        &self,
        session: &Session,
        (project, scene): (&str, &str),
        image: &str,
        prompt: &str,
        mask: Vec<u8>,
        engine: Option<&str>,
    ) -> Response {
        let mut form = Form::new()
            .text("project_id", project.to_owned())
            .text("scene_id", scene.to_owned())
            .text("prompt", prompt.to_owned())
            .text("original_image_url", format!("/api/media/file/{image}"));
        if let Some(engine) = engine {
            form = form.text("engine", engine.to_owned());
        }
        // The file goes last, as the web app sends it: every field before the bytes.
        let form = form.part(
            "mask",
            Part::bytes(mask)
                .file_name("mask.png")
                .mime_str("image/png")
                .unwrap(),
        );
        self.authed(session, Method::POST, "/api/generate/image-edit")
            .multipart(form)
            .send()
            .await
            .unwrap()
    }

    /// The server's OpenAPI document, as any client (signed in or not) reads it.
    pub async fn openapi(&self) -> Value {
        let response = self
            .request(Method::GET, "/api/openapi.json")
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    pub async fn get_json(&self, session: &Session, path: &str) -> Value {
        let response = self
            .authed(session, Method::GET, path)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "GET {path}");
        response.json().await.unwrap()
    }

    /// One message of a campaign's chat history, as the history route answers it.
    pub async fn history_message(
        &self,
        session: &Session,
        project: &str,
        scene: &str,
        message_id: &str,
    ) -> Value {
        let history = self
            .get_json(
                session,
                &format!("/api/chat/history?project_id={project}&scene_id={scene}"),
            )
            .await;
        history["data"]["messages"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["id"] == message_id)
            .unwrap_or_else(|| panic!("message {message_id} is not in the history: {history}"))
            .clone()
    }
}

/// Asserts the contract's error envelope and returns its message.
/// GETs `path`; returns (content type, content disposition, bytes).
pub async fn download_typed(
    app: &TestApp,
    session: &Session,
    path: &str,
) -> (String, String, Vec<u8>) {
    let response = app.authed(session, Method::GET, path).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    let text = |name: header::HeaderName| {
        response
            .headers()
            .get(&name)
            .map(|v: &header::HeaderValue| v.to_str().unwrap().to_owned())
            .unwrap_or_else(|| panic!("GET {path} answers without {name}"))
    };
    let (kind, disposition) = (
        text(header::CONTENT_TYPE),
        text(header::CONTENT_DISPOSITION),
    );
    (kind, disposition, response.bytes().await.unwrap().to_vec())
}

/// GETs the picture at `path` (200 expected) and decodes it, whatever its format.
pub async fn fetch_picture(app: &TestApp, session: &Session, path: &str) -> image::RgbaImage {
    let response = app.authed(session, Method::GET, path).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    image::load_from_memory(&response.bytes().await.unwrap())
        .unwrap_or_else(|e| panic!("GET {path} is not a picture: {e}"))
        .to_rgba8()
}

pub async fn expect_error(response: Response, status: StatusCode, code: &str) -> String {
    assert_eq!(response.status(), status, "{:?}", response.url().path());
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["status"], "error", "{body}");
    assert_eq!(body["error"]["code"], code, "{body}");
    assert_eq!(body["message"], body["error"]["message"], "{body}");
    body["message"].as_str().unwrap().to_owned()
}

pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The S3 endpoint of the test command's S3-compatible server.
pub fn s3_endpoint() -> String {
    std::env::var("STUDIO_TEST_S3_ENDPOINT").expect(
        "STUDIO_TEST_S3_ENDPOINT is not set: run scripts/test, which starts an S3-compatible server \
         (or `scripts/s3-server start DIR` and export the endpoint it prints)",
    )
}

/// A fresh bucket, named `prefix-<uuid>`, on the test command's S3-compatible server.
pub async fn s3_bucket(prefix: &str) -> String {
    let bucket = format!("{prefix}-{}", uuid::Uuid::new_v4().simple());
    let created = reqwest::Client::new()
        .put(format!("{}/{bucket}", s3_endpoint()))
        .send()
        .await
        .unwrap();
    assert!(
        created.status().is_success(),
        "create bucket: {}",
        created.status()
    );
    bucket
}

/// The environment that stores a studio's media in `bucket`, reached through `endpoint` (the
/// S3-compatible server itself, or something in front of it).
pub fn s3_env(bucket: &str, endpoint: &str) -> Vec<(String, String)> {
    [
        ("STUDIO_STORAGE_URL", format!("s3://{bucket}/media")),
        ("STUDIO_S3_ENDPOINT", endpoint.to_owned()),
        ("AWS_REGION", "us-east-1".to_owned()),
        ("AWS_ACCESS_KEY_ID", "studio-test".to_owned()),
        ("AWS_SECRET_ACCESS_KEY", "studio-test-secret".to_owned()),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect()
}

/// Owned environment pairs as the spawn helpers take them.
pub fn borrowed(env: &[(String, String)]) -> Vec<(&str, &str)> {
    env.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect()
}
