//! The studio as a cluster: two API nodes without workers and three worker processes on one
//! PostgreSQL database and one S3-compatible bucket, requests spread round-robin over the
//! nodes. Workers are killed with SIGKILL every second and a half and replaced, and one API
//! node is killed and restarted mid-run. Every job still ends completed or failed-and-refunded,
//! no job makes two assets, every stored asset's bytes are there, and every balance equals its
//! ledger.
//!
//! `STUDIO_TEST_LONG=1` runs 500 jobs (`.ci/run` sets it); otherwise 60.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use futures::future::join_all;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};
use tokio::process::Child;

use crate::jobs::project_and_scene;
use crate::support::{
    borrowed, s3_bucket, s3_endpoint, s3_env, spawn_serve, Db, Session, TestApp, TestDatabase,
};

const JOBS_PER_USER: usize = 50;
const SIGNUP_CREDITS: i64 = 100;

fn job_count() -> usize {
    if std::env::var_os("STUDIO_TEST_LONG").is_some() {
        500
    } else {
        60
    }
}

/// The environment every process of the cluster shares: its bucket and a short lease, so a
/// killed worker's job is taken over within two seconds.
fn cluster_env(bucket: &str) -> Vec<(String, String)> {
    let mut env = s3_env(bucket, &s3_endpoint());
    env.push(("STUDIO_JOB_LEASE_SECONDS".to_owned(), "2".to_owned()));
    env.push(("STUDIO_WORKERS".to_owned(), "1".to_owned()));
    env
}

/// Another node on the same database (its own scratch directory).
fn same_database(db: &TestDatabase) -> TestDatabase {
    TestDatabase::sharing(&db.url)
}

struct Seller {
    session: Session,
    project: String,
    scene: String,
    jobs: Vec<String>,
}

/// Starts an image job through `node`; a node that is down is skipped for the other one,
/// as a load balancer would.
async fn start_image(nodes: [&TestApp; 2], first: usize, seller: &Seller) -> String {
    let body = json!({
        "project_id": seller.project, "scene_id": seller.scene, "prompt": "a jar of honey on oak",
        "context": {"pre_production_settings": {"quality": "low", "resolution": "1024x1024"}},
    });
    for node in [nodes[first % 2], nodes[(first + 1) % 2]] {
        let Ok(response) = node
            .authed(&seller.session, Method::POST, "/api/generate/image")
            .json(&body)
            .send()
            .await
        else {
            continue;
        };
        assert_eq!(response.status(), StatusCode::ACCEPTED);
        let started: Value = response.json().await.unwrap();
        return started["data"]["job_id"].as_str().unwrap().to_owned();
    }
    panic!("no node accepted the job");
}

/// The job's status through whichever node answers.
async fn job_status(nodes: [&TestApp; 2], session: &Session, job: &str) -> Value {
    for node in nodes {
        if let Ok(response) = node
            .authed(session, Method::GET, &format!("/api/jobs/{job}/status"))
            .send()
            .await
        {
            if response.status() == StatusCode::OK {
                return response.json::<Value>().await.unwrap()["data"].clone();
            }
        }
    }
    panic!("no node answered for job {job}");
}

/// Kills a worker every 1.5 s and starts a replacement, until `done`; returns the kills.
async fn chaos(
    node: &TestApp,
    env: &[(String, String)],
    workers: &mut [Child],
    done: &AtomicBool,
) -> usize {
    let mut next = 0;
    while !done.load(Ordering::SeqCst) {
        tokio::time::sleep(Duration::from_millis(1500)).await;
        let victim = next % workers.len();
        next += 1;
        workers[victim].kill().await.unwrap();
        workers[victim] = node.spawn_worker(&borrowed(env)).await;
    }
    next
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_cluster_survives_killed_workers_and_a_restarted_node() {
    let bucket = s3_bucket("studio-cluster").await;
    let env = cluster_env(&bucket);

    let db = TestDatabase::new(Db::Postgres).await;
    let second_db = same_database(&db);
    let first = spawn_serve(db, &["--no-workers"], &borrowed(&env)).await;
    let mut second = Some(spawn_serve(second_db, &["--no-workers"], &borrowed(&env)).await);
    let mut workers = Vec::new();
    for _ in 0..3 {
        workers.push(first.spawn_worker(&borrowed(&env)).await);
    }

    let count = job_count();
    let mut sellers = Vec::new();
    for n in 0..count.div_ceil(JOBS_PER_USER) {
        let session = first.signup(&format!("seller{n}@example.com")).await;
        let (project, scene) = project_and_scene(second.as_ref().unwrap(), &session).await;
        sellers.push(Seller {
            session,
            project,
            scene,
            jobs: Vec::new(),
        });
    }

    let done = AtomicBool::new(false);
    let run = async {
        // Submit in rounds of ten, spread over both nodes.
        for round in 0..count.div_ceil(10) {
            let nodes = [&first, second.as_ref().unwrap()];
            let users = sellers.len();
            let sellers_ref = &sellers;
            let starts = (round * 10..(round * 10 + 10).min(count)).map(|i| async move {
                (
                    i % users,
                    start_image(nodes, i, &sellers_ref[i % users]).await,
                )
            });
            for (seller, job) in join_all(starts).await {
                sellers[seller].jobs.push(job);
            }
        }
        // One API node dies and comes back; the other keeps serving meanwhile.
        let db = second.take().unwrap().kill().await;
        second = Some(spawn_serve(db, &["--no-workers"], &borrowed(&env)).await);
        let nodes = [&first, second.as_ref().unwrap()];
        // Every job ends.
        let mut outcomes = Vec::new();
        for seller in &sellers {
            for job in &seller.jobs {
                let mut waited = 0;
                let status = loop {
                    let status = job_status(nodes, &seller.session, job).await;
                    if status["status"] == "completed" || status["status"] == "failed" {
                        break status;
                    }
                    waited += 1;
                    assert!(waited < 6000, "job {job} never finished: {status}");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                };
                outcomes.push(status);
            }
        }
        done.store(true, Ordering::SeqCst);
        outcomes
    };
    let (outcomes, kills) = tokio::join!(run, chaos(&first, &env, &mut workers, &done));
    assert_eq!(outcomes.len(), count);
    assert!(kills > 0, "workers were killed during the run");
    let second = second.expect("the restarted node");

    for seller in &sellers {
        let ledger = first.ledger(&seller.session).await;
        let balance = first.balance(&seller.session).await;
        let sum: i64 = ledger.iter().map(|e| e["delta"].as_i64().unwrap()).sum();
        assert_eq!(balance, sum, "the balance is the ledger's sum");
        let mut completed = 0;
        for job in &seller.jobs {
            let debits = ledger
                .iter()
                .filter(|e| e["job_id"] == job.as_str() && e["reason"] == "generation")
                .count();
            let refunds = ledger
                .iter()
                .filter(|e| e["job_id"] == job.as_str() && e["reason"] == "refund")
                .count();
            let status = job_status([&first, &second], &seller.session, job).await;
            assert_eq!(debits, 1, "job {job} was paid once");
            match status["status"].as_str() {
                Some("completed") => {
                    completed += 1;
                    assert_eq!(refunds, 0, "a completed job is not refunded: {job}");
                }
                Some("failed") => assert_eq!(refunds, 1, "a failed job is refunded once: {job}"),
                other => panic!("job {job} ended {other:?}"),
            }
        }
        assert_eq!(balance, SIGNUP_CREDITS - completed);
        let storyboard = second
            .get_json(
                &seller.session,
                &format!("/api/projects/{}/storyboard", seller.project),
            )
            .await;
        let media = storyboard["data"]["scenes"][0]["media"]
            .as_array()
            .cloned()
            .unwrap_or_default();
        assert_eq!(
            media.len() as i64,
            completed,
            "one asset per completed job, none twice"
        );
        for asset in &media {
            let id = asset["id"].as_str().unwrap();
            let response = first
                .authed(
                    &seller.session,
                    Method::GET,
                    &format!("/api/media/file/{id}"),
                )
                .send()
                .await
                .unwrap();
            assert_eq!(
                response.status(),
                StatusCode::OK,
                "the bytes of {id} are stored"
            );
        }
    }
    let completed = outcomes
        .iter()
        .filter(|s| s["status"] == "completed")
        .count();
    println!(
        "cluster: {count} jobs, {completed} completed, {} failed and refunded, {kills} workers killed",
        count - completed
    );
}
