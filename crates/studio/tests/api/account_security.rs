//! Account security: sign-in limits that slow guessing without locking the owner out, a
//! password change that ends every other session (streams and media tokens included), the
//! list of sessions with revocation, and the operator's password reset.

use std::time::Duration;

use futures::StreamExt;
use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, spawn_app_with, Db, Session, TestApp};

on_both_databases!(
    guessing_from_one_address_does_not_lock_the_owner_out,
    guesses_spread_over_many_addresses_stay_slow,
    changing_the_password_ends_every_other_session,
    sessions_are_listed_and_ended,
    an_operator_resets_a_password,
);

const IPHONE: &str = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 \
                      (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

async fn sign_in_from(
    app: &TestApp,
    address: Option<&str>,
    email: &str,
    password: &str,
) -> reqwest::Response {
    let mut request = app
        .request(Method::POST, "/api/auth/signin")
        .header("user-agent", IPHONE)
        .json(&json!({"email": email, "password": password}));
    if let Some(address) = address {
        request = request.header("x-forwarded-for", address);
    }
    request.send().await.unwrap()
}

async fn signed_in(response: reqwest::Response) -> Session {
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    let token = body["token"].as_str().unwrap().to_owned();
    Session {
        cookie: format!("studio_session={token}"),
        token,
    }
}

async fn status_with(app: &TestApp, token: &str, path: &str) -> StatusCode {
    app.request(Method::GET, path)
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .status()
}

async fn guessing_from_one_address_does_not_lock_the_owner_out(db: Db) {
    let app = spawn_app_with(db, &[("STUDIO_TRUST_FORWARDED_FOR", "true")]).await;
    app.signup("owner@example.com").await;
    let attacker = Some("203.0.113.66");

    let mut statuses = Vec::new();
    let mut last = None;
    for _ in 0..20 {
        let response = sign_in_from(&app, attacker, "owner@example.com", "wrong guess").await;
        statuses.push(response.status().as_u16());
        last = Some(response);
    }
    assert_eq!(statuses[..5], [401; 5], "a few mistakes are free");
    assert_eq!(statuses[5..], [429; 15], "then that address has to wait");
    let last = last.unwrap();
    let wait: u64 = last.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=30).contains(&wait), "{wait}");
    expect_error(last, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;

    // The owner, from an address never used before, signs in at once.
    let owner = sign_in_from(
        &app,
        Some("198.51.100.20"),
        "owner@example.com",
        "correct horse",
    )
    .await;
    let owner = signed_in(owner).await;
    assert_eq!(
        status_with(&app, &owner.token, "/api/auth/me").await,
        StatusCode::OK
    );
    // The guessing address stays slowed, even with the right password.
    let response = sign_in_from(&app, attacker, "owner@example.com", "correct horse").await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
}

async fn guesses_spread_over_many_addresses_stay_slow(db: Db) {
    let app = spawn_app_with(
        db,
        &[
            ("STUDIO_TRUST_FORWARDED_FOR", "true"),
            ("STUDIO_AUTH_RATE_LIMIT_PER_ACCOUNT", "5"),
            crate::auth::DAY_LONG_WINDOWS,
        ],
    )
    .await;
    // Signed up without a forwarded address: the owner's address is the loopback one.
    app.signup("spread@example.com").await;
    for n in 1..=5 {
        let address = format!("203.0.113.{n}");
        let response =
            sign_in_from(&app, Some(&address), "spread@example.com", "wrong guess").await;
        assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    }
    // A sixth unfamiliar address is refused this window, whatever it sends…
    let response = sign_in_from(
        &app,
        Some("203.0.113.6"),
        "spread@example.com",
        "correct horse",
    )
    .await;
    assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    // …but the address the owner signed up from is not.
    let owner = sign_in_from(&app, None, "spread@example.com", "correct horse").await;
    signed_in(owner).await;
}

/// Reads a stream to its end; fails if it is still open after a generous bound.
async fn expect_closed(response: reqwest::Response) {
    let mut body = response.bytes_stream();
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, body.next()).await {
            Ok(None) | Ok(Some(Err(_))) => return,
            Ok(Some(Ok(_))) => {}
            Err(_) => panic!("the event stream is still open after the password change"),
        }
    }
}

async fn change_password(
    app: &TestApp,
    session: &Session,
    current: &str,
    new: &str,
) -> reqwest::Response {
    app.authed(session, Method::POST, "/api/account/password")
        .json(&json!({"current_password": current, "new_password": new}))
        .send()
        .await
        .unwrap()
}

async fn changing_the_password_ends_every_other_session(db: Db) {
    let app = spawn_app(db).await;
    let laptop = app.signup("changer@example.com").await;
    let phone =
        signed_in(sign_in_from(&app, None, "changer@example.com", "correct horse").await).await;
    let phone_stream = crate::jobs::open_events(&app, &phone, None).await;
    let media = app.get_json(&phone, "/api/media/auth").await;
    let media_token = media["token"].as_str().unwrap().to_owned();
    let missing_file = format!("/api/media/file/{}", uuid::Uuid::new_v4());
    assert_eq!(
        status_with(&app, &media_token, &missing_file).await,
        StatusCode::NOT_FOUND
    );

    // A wrong current password or a weak new one changes nothing.
    let response = change_password(&app, &laptop, "not my password", "a new long secret").await;
    let message = expect_error(response, StatusCode::BAD_REQUEST, "validation_error").await;
    assert_eq!(message, "The current password is not correct");
    let response = change_password(&app, &laptop, "correct horse", "short").await;
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error"]["field"], "new_password", "{body}");
    assert_eq!(
        status_with(&app, &phone.token, "/api/auth/me").await,
        StatusCode::OK
    );

    let response = change_password(&app, &laptop, "correct horse", "a new long secret").await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"]["ended"], 1);

    // The other session, its live events and its media token are over…
    expect_closed(phone_stream).await;
    assert_eq!(
        status_with(&app, &phone.token, "/api/auth/me").await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        status_with(&app, &media_token, &missing_file).await,
        StatusCode::UNAUTHORIZED
    );
    // …this one carries on, and only the new password signs in.
    assert_eq!(
        status_with(&app, &laptop.token, "/api/auth/me").await,
        StatusCode::OK
    );
    let old = sign_in_from(&app, None, "changer@example.com", "correct horse").await;
    assert_eq!(old.status(), StatusCode::UNAUTHORIZED);
    let new = sign_in_from(&app, None, "changer@example.com", "a new long secret").await;
    signed_in(new).await;
}

async fn sessions_are_listed_and_ended(db: Db) {
    let app = spawn_app(db).await;
    let laptop = app.signup("lister@example.com").await;
    let phone =
        signed_in(sign_in_from(&app, None, "lister@example.com", "correct horse").await).await;
    let tablet =
        signed_in(sign_in_from(&app, None, "lister@example.com", "correct horse").await).await;
    let stranger = app.signup("stranger@example.com").await;

    let list = app.get_json(&laptop, "/api/account/sessions").await["data"].clone();
    assert_eq!(list["session_days"], 30);
    let sessions = list["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 3, "{list}");
    let current: Vec<_> = sessions.iter().filter(|s| s["current"] == true).collect();
    assert_eq!(current.len(), 1);
    assert_eq!(
        sessions
            .iter()
            .filter(|s| s["browser"] == "Safari on iOS")
            .count(),
        2,
        "{list}"
    );
    for session in sessions {
        assert_eq!(session["address"], "127.0.0.1");
        assert!(session["last_seen_at"].is_string());
    }
    let others: Vec<String> = sessions
        .iter()
        .filter(|s| s["current"] == false)
        .map(|s| s["id"].as_str().unwrap().to_owned())
        .collect();

    // Someone else's session is not ours to end.
    let response = app
        .authed(
            &stranger,
            Method::DELETE,
            &format!("/api/account/sessions/{}", others[0]),
        )
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::NOT_FOUND, "not_found").await;

    let response = app
        .authed(
            &laptop,
            Method::DELETE,
            &format!("/api/account/sessions/{}", others[0]),
        )
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let mut open = 0;
    for session in [&phone, &tablet] {
        if status_with(&app, &session.token, "/api/auth/me").await == StatusCode::OK {
            open += 1;
        }
    }
    assert_eq!(open, 1, "exactly the ended session is signed out");

    // Sign out everywhere else.
    let response = app
        .authed(&laptop, Method::POST, "/api/account/sessions/end-others")
        .send()
        .await
        .unwrap();
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["data"]["ended"], 1);
    for session in [&phone, &tablet] {
        assert_eq!(
            status_with(&app, &session.token, "/api/auth/me").await,
            StatusCode::UNAUTHORIZED
        );
    }
    let list = app.get_json(&laptop, "/api/account/sessions").await["data"].clone();
    assert_eq!(list["sessions"].as_array().unwrap().len(), 1);
    assert_eq!(list["sessions"][0]["current"], true);
    assert_eq!(
        status_with(&app, &stranger.token, "/api/auth/me").await,
        StatusCode::OK,
        "another user's sessions are untouched"
    );
}

async fn an_operator_resets_a_password(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("forgetful@example.com").await;

    let (ok, stdout, stderr) = app
        .db
        .cli(&["admin", "reset-password", "forgetful@example.com"])
        .await;
    assert!(ok, "{stderr}");
    assert!(stdout.contains("ended 1 session"), "{stdout}");
    let generated = stdout
        .lines()
        .find_map(|l| l.strip_prefix("password: "))
        .expect("a generated password is printed")
        .to_owned();
    assert_eq!(
        status_with(&app, &session.token, "/api/auth/me").await,
        StatusCode::UNAUTHORIZED,
        "every session ended"
    );
    signed_in(sign_in_from(&app, None, "forgetful@example.com", &generated).await).await;

    let (ok, stdout, stderr) = app
        .db
        .cli(&[
            "admin",
            "reset-password",
            "forgetful@example.com",
            "--password",
            "chosen by the operator",
        ])
        .await;
    assert!(ok, "{stderr}");
    assert!(!stdout.contains("password: "), "{stdout}");
    signed_in(
        sign_in_from(
            &app,
            None,
            "forgetful@example.com",
            "chosen by the operator",
        )
        .await,
    )
    .await;

    let (ok, _, stderr) = app
        .db
        .cli(&["admin", "reset-password", "nobody@example.com"])
        .await;
    assert!(!ok);
    assert!(stderr.contains("no account with the email"), "{stderr}");
}
