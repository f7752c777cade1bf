//! Slow and idle connections are closed by the server, live-event streams are not, and past
//! the connection caps `/api/health` still answers while other requests get a quick 503.
//! Time limits here are 1 s; each wait is on the socket closing, bounded only so a broken
//! server fails the test instead of hanging it.

use std::time::Duration;

use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::jobs::{open_events, read_events};
use crate::on_both_databases;
use crate::support::{spawn_app_with, Db, TestApp};

on_both_databases!(
    slow_and_idle_connections_are_closed,
    past_the_connection_caps_health_still_answers,
);

const SHORT_TIMEOUTS: &[(&str, &str)] = &[
    ("STUDIO_HEADER_READ_TIMEOUT_SECONDS", "1"),
    ("STUDIO_IDLE_TIMEOUT_SECONDS", "1"),
    ("STUDIO_BODY_READ_TIMEOUT_SECONDS", "1"),
];

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .expect("connect")
}

/// Everything the server sends until it closes the connection.
async fn until_closed(mut reader: impl AsyncReadExt + Unpin) -> String {
    let mut received = Vec::new();
    tokio::time::timeout(Duration::from_secs(30), async {
        let mut buf = [0u8; 4096];
        loop {
            match reader.read(&mut buf).await {
                Ok(0) | Err(_) => break,
                Ok(n) => received.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await
    .expect("the server closes the connection");
    String::from_utf8_lossy(&received).into_owned()
}

/// Sends `start`, then one byte at a time, a few a second, until the server stops taking
/// them, while waiting for the server to close the connection.
async fn trickle_until_closed(mut stream: TcpStream, start: &[u8]) -> String {
    stream.write_all(start).await.unwrap();
    let (reader, mut writer) = stream.into_split();
    let trickle = tokio::spawn(async move {
        loop {
            if writer.write_all(b"a").await.is_err() {
                return;
            }
            // The client's pace, not a wait for the server.
            tokio::time::sleep(Duration::from_millis(250)).await;
        }
    });
    let received = until_closed(reader).await;
    trickle.abort();
    received
}

async fn slow_and_idle_connections_are_closed(db: Db) {
    let app = spawn_app_with(db, SHORT_TIMEOUTS).await;

    // A connection that never sends anything.
    assert_eq!(until_closed(connect(&app).await).await, "");

    // Headers sent a byte at a time, never finished.
    trickle_until_closed(
        connect(&app).await,
        b"GET /api/health HTTP/1.1\r\nHost: studio\r\nX-Slow: ",
    )
    .await;

    // A declared body sent a byte at a time.
    trickle_until_closed(
        connect(&app).await,
        b"POST /api/auth/signin HTTP/1.1\r\nHost: studio\r\nContent-Type: application/json\r\n\
          Content-Length: 100000\r\n\r\n",
    )
    .await;

    // A kept-alive connection that goes quiet after its answer.
    let mut stream = connect(&app).await;
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: studio\r\n\r\n")
        .await
        .unwrap();
    let answered = until_closed(stream).await;
    assert!(answered.starts_with("HTTP/1.1 200"), "{answered}");
    assert!(answered.contains(r#"{"status":"ok"}"#), "{answered}");

    // A live-event stream is a long answer, not an idle connection: it outlives the idle
    // timeout (an idle connection opened after it has closed by then) and still delivers.
    let session = app.signup("streaming@example.com").await;
    let stream = open_events(&app, &session, None).await;
    until_closed(connect(&app).await).await;
    let (ok, _, stderr) = app
        .db
        .cli(&["admin", "grant-credits", "streaming@example.com", "7"])
        .await;
    assert!(ok, "{stderr}");
    let events = read_events(stream, |name, _| name == "credits-changed").await;
    let (_, data) = events.last().unwrap();
    assert_eq!(data["balance"].as_i64(), Some(app.balance(&session).await));
}

async fn past_the_connection_caps_health_still_answers(db: Db) {
    let app = spawn_app_with(
        db,
        &[
            ("STUDIO_MAX_CONNECTIONS", "4"),
            ("STUDIO_MAX_CONNECTIONS_PER_ADDRESS", "3"),
        ],
    )
    .await;
    // Idle connections fill this address's share (the default idle timeout keeps them).
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(connect(&app).await);
    }
    let request = |path: &str| format!("GET {path} HTTP/1.1\r\nHost: studio\r\n\r\n");

    // Past the cap a monitor still sees the node…
    let mut health = connect(&app).await;
    health
        .write_all(request("/api/health").as_bytes())
        .await
        .unwrap();
    let answer = until_closed(health).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains(r#"{"status":"ok"}"#), "{answer}");

    // …while anything else is answered at once with the API's 503.
    let mut other = connect(&app).await;
    other
        .write_all(request("/api/plans").as_bytes())
        .await
        .unwrap();
    let answer = until_closed(other).await;
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    let body: Value = serde_json::from_str(answer.split("\r\n\r\n").nth(1).unwrap()).unwrap();
    assert_eq!(body["status"], "error");
    assert_eq!(body["error"]["code"], "service_unavailable");

    // Filling the reserve too: the connections past it get a canned 503 and are closed
    // without being read; the reserve's idle ones close soon after.
    let mut flood = Vec::new();
    for _ in 0..40 {
        flood.push(connect(&app).await);
    }
    let answers = futures::future::join_all(flood.into_iter().map(until_closed)).await;
    let refused: Vec<_> = answers.iter().filter(|a| !a.is_empty()).collect();
    assert!(!refused.is_empty(), "some connections are refused outright");
    for answer in refused {
        assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
        assert!(answer.contains("service_unavailable"), "{answer}");
    }

    // With the reserve free again, health answers though the address's share is still full
    // (the server may count a closed connection out a moment after the client saw it close).
    let mut answers = Vec::new();
    for _ in 0..50 {
        let mut health = connect(&app).await;
        health
            .write_all(request("/api/health").as_bytes())
            .await
            .unwrap();
        let answer = until_closed(health).await;
        let answered = answer.starts_with("HTTP/1.1 200");
        answers.push(answer);
        if answered {
            break;
        }
    }
    assert!(
        answers.last().unwrap().starts_with("HTTP/1.1 200"),
        "{answers:?}"
    );
    drop(idle);
}
