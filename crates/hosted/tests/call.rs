//! The retry loop against a local server: what is retried, how long it waits, what is not
//! retried, and how a call stops.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use hosted::{Client, Failure, Policy};

/// A scripted answer: status, headers, body.
type Canned = (u16, Vec<(&'static str, &'static str)>, &'static str);

/// Answers the n-th request with `script[n]` (the last one repeats).
#[derive(Clone)]
struct Script {
    replies: Arc<Vec<Canned>>,
    seen: Arc<AtomicUsize>,
}

async fn answer(State(script): State<Script>) -> Response {
    let n = script.seen.fetch_add(1, Ordering::SeqCst);
    let (status, headers, body) = script.replies[n.min(script.replies.len() - 1)].clone();
    let mut response = (StatusCode::from_u16(status).unwrap(), body).into_response();
    for (name, value) in headers {
        response.headers_mut().insert(name, value.parse().unwrap());
    }
    response
}

async fn serve(replies: Vec<Canned>) -> (String, Arc<AtomicUsize>) {
    let script = Script {
        replies: Arc::new(replies),
        seen: Arc::default(),
    };
    let seen = script.seen.clone();
    let app = Router::new()
        .route("/thing", get(answer))
        .with_state(script);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/thing", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

fn client(retries: u32) -> Client {
    Client::new(
        "test",
        Policy {
            timeout: Duration::from_millis(500),
            retries,
            base_delay: Duration::from_millis(20),
            max_delay: Duration::from_secs(3),
            max_body: 64,
        },
    )
    .unwrap()
}

async fn fetch(client: &Client, url: &str) -> Result<String, Failure> {
    client
        .call(
            "fetch",
            |http| http.get(url),
            |reply| Ok(String::from_utf8_lossy(&reply.body).into_owned()),
            &|| false,
        )
        .await
}

#[tokio::test]
async fn throttling_waits_as_long_as_the_provider_asks() {
    let (url, seen) = serve(vec![
        (429, vec![("retry-after", "1")], "slow down"),
        (200, vec![], "done"),
    ])
    .await;
    let started = Instant::now();
    assert_eq!(fetch(&client(2), &url).await.unwrap(), "done");
    assert!(
        started.elapsed() >= Duration::from_secs(1),
        "{:?}",
        started.elapsed()
    );
    assert_eq!(seen.load(Ordering::SeqCst), 2);
}

#[tokio::test]
async fn a_wait_longer_than_a_call_holds_ends_the_call() {
    let (url, seen) = serve(vec![(429, vec![("retry-after", "120")], "")]).await;
    assert!(matches!(
        fetch(&client(2), &url).await,
        Err(Failure::Transient(_))
    ));
    assert_eq!(seen.load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn server_errors_are_retried_until_the_retries_are_spent() {
    let (url, seen) = serve(vec![(503, vec![], "down")]).await;
    assert!(matches!(
        fetch(&client(2), &url).await,
        Err(Failure::Transient(_))
    ));
    assert_eq!(seen.load(Ordering::SeqCst), 3);
}

#[tokio::test]
async fn client_errors_are_not_retried() {
    for (status, operator) in [(400, false), (404, false), (401, true), (403, true)] {
        let (url, seen) = serve(vec![
            (status, vec![], "{\"error\":\"no\"}"),
            (200, vec![], "ok"),
        ])
        .await;
        let failure = fetch(&client(2), &url).await.unwrap_err();
        assert_eq!(
            matches!(failure, Failure::Operator(_)),
            operator,
            "{status}: {failure:?}"
        );
        assert!(
            matches!(failure, Failure::Operator(_) | Failure::Invalid(_)),
            "{status}"
        );
        assert_eq!(seen.load(Ordering::SeqCst), 1, "{status}");
    }
}

#[tokio::test]
async fn answers_larger_than_the_cap_are_refused() {
    let (url, _) = serve(vec![(200, vec![], "x".repeat(100).leak())]).await;
    assert!(matches!(
        fetch(&client(0), &url).await,
        Err(Failure::Invalid(_))
    ));
}

#[tokio::test]
async fn a_cancelled_call_stops_while_waiting() {
    let (url, seen) = serve(vec![(503, vec![], "")]).await;
    let stop = Arc::new(AtomicBool::new(false));
    let flag = stop.clone();
    tokio::spawn(async move {
        tokio::time::sleep(Duration::from_millis(300)).await;
        flag.store(true, Ordering::SeqCst);
    });
    let client = Client::new(
        "test",
        // An hour before the retry: a call that came back at all was stopped while waiting.
        Policy {
            base_delay: Duration::from_secs(3600),
            max_delay: Duration::from_secs(3600),
            ..Policy::default()
        },
    )
    .unwrap();
    let stopped = || stop.load(Ordering::SeqCst);
    let call = client.call("fetch", |http| http.get(&url), |_| Ok(()), &stopped);
    let result = tokio::time::timeout(Duration::from_secs(600), call)
        .await
        .expect("the cancelled call went on waiting for its retry");
    assert_eq!(result, Err(Failure::Cancelled));
    assert_eq!(seen.load(Ordering::SeqCst), 1);
}
