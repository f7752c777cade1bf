//! The queue itself, without media work: how long a job waits between enqueue and claim on
//! SQLite with an in-process worker woken by the store's signal, and how many trivial jobs
//! per second four worker tasks push through PostgreSQL (claim with SKIP LOCKED, then the
//! real completion transaction: asset, job row and events).
//!
//! `cargo bench -p jobs --bench queue` (starts a throwaway PostgreSQL cluster with
//! scripts/pg-cluster unless `STUDIO_BENCH_PG_URL` names one).

use std::time::{Duration, Instant};

use domain::JobKind;
use store::{NewJob, NewMediaAsset, NewUser, Signal, Store};
use uuid::Uuid;

const LEASE: Duration = Duration::from_secs(30);

async fn prepared(url: &str) -> (Store, Uuid, Uuid) {
    let store = Store::connect(url).await.unwrap();
    store.migrate().await.unwrap();
    let email =
        domain::Email::parse(&format!("bench-{}@example.com", Uuid::new_v4().simple())).unwrap();
    let user = store
        .create_user(NewUser {
            email: &email,
            password_hash: "not used",
            given_name: None,
            family_name: None,
            signup_grant: 1_000_000,
        })
        .await
        .unwrap();
    let name = domain::ProjectName::parse("Bench").unwrap();
    let project = store
        .create_project(user.id, &name, Default::default())
        .await
        .unwrap();
    (store, user.id, project.id)
}

fn job(user_id: Uuid, project_id: Uuid) -> NewJob {
    NewJob {
        id: Uuid::new_v4(),
        user_id,
        project_id,
        scene_id: None,
        message_id: None,
        kind: JobKind::Image,
        payload: serde_json::json!({"kind": "image", "prompt": "bench"}),
        credit_cost: 1,
        max_attempts: 3,
        delay: Duration::ZERO,
        request_key: None,
    }
}

fn asset(job: &store::Job) -> NewMediaAsset {
    NewMediaAsset {
        id: job.id,
        user_id: job.user_id,
        project_id: job.project_id,
        scene_id: None,
        file_type: domain::MediaKind::Image,
        mime_type: "image/jpeg".into(),
        storage_key: format!("generated/{}.jpg", job.id),
        thumbnail_key: None,
        poster_key: None,
        watermarked_key: None,
        filename: format!("{}.jpg", job.id),
        file_size: 1,
        width: Some(1),
        height: Some(1),
        duration_seconds: None,
        file_metadata: domain::FileMetadata::default(),
        credit_cost: 1,
    }
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() - 1) as f64 * p).round() as usize]
}

/// Enqueue one job at a time; an in-process claimer (woken by the enqueue's signal, as the
/// worker is) records how long after the enqueue began it held the job.
async fn sqlite_enqueue_to_claim() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}", dir.path().join("bench.db").display());
    let (store, user_id, project_id) = prepared(&url).await;
    let (sent_tx, mut sent_rx) = tokio::sync::mpsc::unbounded_channel::<(Uuid, Instant)>();
    let claimer = {
        let store = store.clone();
        tokio::spawn(async move {
            let mut signals = store.subscribe();
            let mut latencies = Vec::new();
            let mut started = std::collections::HashMap::new();
            while latencies.len() < 500 {
                while let Ok((id, at)) = sent_rx.try_recv() {
                    started.insert(id, at);
                }
                match store.claim_job("bench", LEASE, true).await.unwrap() {
                    Some(job) => {
                        let claimed = Instant::now();
                        while !started.contains_key(&job.id) {
                            let (id, at) = sent_rx.recv().await.unwrap();
                            started.insert(id, at);
                        }
                        latencies.push(claimed - started[&job.id]);
                        store
                            .complete_job(
                                job.id,
                                "bench",
                                &[asset(&job)],
                                |_| Vec::new(),
                                |_, _| {},
                            )
                            .await
                            .unwrap();
                    }
                    None => loop {
                        if let Ok(Signal::Jobs) = signals.recv().await {
                            break;
                        }
                    },
                }
            }
            latencies
        })
    };
    for _ in 0..500 {
        let new = job(user_id, project_id);
        let at = Instant::now();
        sent_tx.send((new.id, at)).unwrap();
        store.enqueue_job(&new).await.unwrap();
        // One job at a time: wait until it is taken so the latency is the queue's alone.
        while store.unfinished_jobs().await.unwrap() > 0 {
            tokio::time::sleep(Duration::from_micros(200)).await;
        }
    }
    let mut latencies = claimer.await.unwrap();
    latencies.sort();
    println!(
        "sqlite enqueue→claimed over {} jobs: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms",
        latencies.len(),
        percentile(&latencies, 0.5).as_secs_f64() * 1e3,
        percentile(&latencies, 0.9).as_secs_f64() * 1e3,
        percentile(&latencies, 0.99).as_secs_f64() * 1e3,
    );
    store.close().await;
}

/// 4 tasks claim and complete 4,000 queued trivial jobs as fast as they can.
async fn postgres_throughput(url: &str) {
    let (store, user_id, project_id) = prepared(url).await;
    const JOBS: usize = 4000;
    for _ in 0..JOBS {
        store.enqueue_job(&job(user_id, project_id)).await.unwrap();
    }
    let started = Instant::now();
    let tasks: Vec<_> = (0..4)
        .map(|task| {
            let store = store.clone();
            tokio::spawn(async move {
                let owner = format!("bench#{task}");
                let mut done = 0usize;
                while let Some(job) = store.claim_job(&owner, LEASE, true).await.unwrap() {
                    store
                        .complete_job(job.id, &owner, &[asset(&job)], |_| Vec::new(), |_, _| {})
                        .await
                        .unwrap();
                    done += 1;
                }
                done
            })
        })
        .collect();
    let mut total = 0;
    for task in tasks {
        total += task.await.unwrap();
    }
    let elapsed = started.elapsed();
    assert_eq!(total, JOBS, "every job is completed exactly once");
    println!(
        "postgres, 4 worker tasks: {total} trivial jobs in {:.2} s = {:.0} jobs/s",
        elapsed.as_secs_f64(),
        total as f64 / elapsed.as_secs_f64()
    );
    store.close().await;
}

fn main() {
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(sqlite_enqueue_to_claim());
    let cluster = tempfile::tempdir().unwrap();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let (url, started) = match std::env::var("STUDIO_BENCH_PG_URL") {
        Ok(url) => (url, false),
        Err(_) => {
            let output = std::process::Command::new(root.join("scripts/pg-cluster"))
                .arg("start")
                .arg(cluster.path())
                .output()
                .expect("run scripts/pg-cluster");
            assert!(
                output.status.success(),
                "{}",
                String::from_utf8_lossy(&output.stderr)
            );
            (
                String::from_utf8(output.stdout).unwrap().trim().to_owned(),
                true,
            )
        }
    };
    runtime.block_on(postgres_throughput(&url));
    if started {
        let _ = std::process::Command::new(root.join("scripts/pg-cluster"))
            .arg("stop")
            .arg(cluster.path())
            .output();
    }
}
