use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::on_both_databases;
use crate::support::{expect_error, spawn_app, spawn_app_with, Db};

on_both_databases!(
    signup_grants_credits_and_signs_in,
    signin_does_not_reveal_whether_an_email_exists,
    signout_revokes_the_session,
    signup_rejects_bad_input_and_taken_emails,
    attempts_are_rate_limited_per_account_and_per_ip,
    cookie_requests_must_come_from_our_origin,
);

async fn signup_grants_credits_and_signs_in(db: Db) {
    let app = spawn_app(db).await;
    let response = app
        .request(Method::POST, "/api/auth/signup")
        .json(&json!({"email": " Ada@Example.COM ", "password": "correct horse", "given_name": "Ada"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let cookie = response
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(cookie.starts_with("studio_session="), "{cookie}");
    for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=2592000"] {
        assert!(cookie.contains(attribute), "{cookie} lacks {attribute}");
    }
    let body: Value = response.json().await.unwrap();
    let token = body["token"].as_str().unwrap();
    assert!(token.len() >= 43, "a 256-bit token");
    assert_eq!(body["user"]["email"], "ada@example.com");
    assert_eq!(body["user"]["given_name"], "Ada");

    // The bearer token and the cookie are the same session.
    let me: Value = app
        .request(Method::GET, "/api/auth/me")
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["user"]["id"], body["user"]["id"]);
    let cookie_pair = cookie.split(';').next().unwrap();
    let me: Value = app
        .request(Method::GET, "/api/auth/me")
        .header("cookie", cookie_pair)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(me["user"]["email"], "ada@example.com");

    let balance: Value = app
        .request(Method::GET, "/api/credits/balance")
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(
        balance,
        json!({
            "balance": 100,
            "generated_media": {"images": 0, "videos": 0},
            "subscription_tier": "free",
            "subscription_package": null,
            "low_credit_threshold": 10
        })
    );

    // Signing in again with the normalised email works.
    let response = app
        .request(Method::POST, "/api/auth/signin")
        .json(&json!({"email": "ADA@example.com", "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_ne!(
        body["token"].as_str().unwrap(),
        token,
        "a new session per sign-in"
    );
}

async fn signin_does_not_reveal_whether_an_email_exists(db: Db) {
    let app = spawn_app(db).await;
    app.signup("known@example.com").await;
    let mut messages = Vec::new();
    for (email, password) in [
        ("known@example.com", "wrong password"),
        ("unknown@example.com", "correct horse"),
    ] {
        let response = app
            .request(Method::POST, "/api/auth/signin")
            .json(&json!({"email": email, "password": password}))
            .send()
            .await
            .unwrap();
        assert!(response.headers().get("set-cookie").is_none());
        messages.push(expect_error(response, StatusCode::UNAUTHORIZED, "unauthenticated").await);
    }
    assert_eq!(messages[0], "Invalid email or password");
    assert_eq!(messages[0], messages[1]);

    let response = app
        .request(Method::GET, "/api/auth/me")
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    let response = app
        .request(Method::GET, "/api/auth/me")
        .bearer_auth("forged-token")
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;
}

async fn signout_revokes_the_session(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("leaving@example.com").await;
    let other = app
        .request(Method::POST, "/api/auth/signin")
        .json(&json!({"email": "leaving@example.com", "password": "correct horse"}))
        .send()
        .await
        .unwrap()
        .json::<Value>()
        .await
        .unwrap();
    let response = app
        .authed(&session, Method::POST, "/api/auth/signout")
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let cleared = response
        .headers()
        .get("set-cookie")
        .unwrap()
        .to_str()
        .unwrap();
    assert!(
        cleared.starts_with("studio_session=;") && cleared.contains("Max-Age=0"),
        "{cleared}"
    );

    let response = app
        .authed(&session, Method::GET, "/api/auth/me")
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::UNAUTHORIZED, "unauthenticated").await;
    // Only that session ends; the other sign-in stays valid.
    let response = app
        .request(Method::GET, "/api/auth/me")
        .bearer_auth(other["token"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
}

async fn signup_rejects_bad_input_and_taken_emails(db: Db) {
    let app = spawn_app(db).await;
    let cases = [
        (
            json!({"email": "not-an-email", "password": "correct horse"}),
            "email",
        ),
        (
            json!({"email": "a@example.com", "password": "short"}),
            "password",
        ),
        (json!({"password": "correct horse"}), "email"),
        (json!({"email": "a@example.com"}), "password"),
    ];
    for (body, field) in cases {
        let response = app
            .request(Method::POST, "/api/auth/signup")
            .json(&body)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{body}");
        let error: Value = response.json().await.unwrap();
        assert_eq!(error["error"]["field"], field, "{error}");
        assert!(error["message"].as_str().unwrap().len() > 5);
    }
    app.signup("taken@example.com").await;
    let response = app
        .request(Method::POST, "/api/auth/signup")
        .json(&json!({"email": "TAKEN@example.com", "password": "another password"}))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::CONFLICT, "conflict").await;
    // The failed attempt did not add a second grant or change the password.
    let response = app
        .request(Method::POST, "/api/auth/signin")
        .json(&json!({"email": "taken@example.com", "password": "another password"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

/// Limits count attempts in fixed windows; a scenario that straddled a window's end would
/// see its counts reset. With day-long windows the few seconds a scenario takes straddle
/// one only if they run across midnight UTC.
pub(crate) const DAY_LONG_WINDOWS: (&str, &str) =
    ("STUDIO_AUTH_RATE_LIMIT_WINDOW_SECONDS", "86400");

async fn attempts_are_rate_limited_per_account_and_per_ip(db: Db) {
    let app = spawn_app_with(
        db,
        &[
            ("STUDIO_AUTH_RATE_LIMIT_PER_ACCOUNT", "3"),
            ("STUDIO_AUTH_RATE_LIMIT_PER_IP", "6"),
            DAY_LONG_WINDOWS,
        ],
    )
    .await;
    let signin = |email: &'static str| {
        app.request(Method::POST, "/api/auth/signin")
            .json(&json!({"email": email, "password": "wrong password"}))
            .send()
    };
    for _ in 0..3 {
        assert_eq!(
            signin("target@example.com").await.unwrap().status(),
            StatusCode::UNAUTHORIZED
        );
    }
    let response = signin("target@example.com").await.unwrap();
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    // Until the window ends.
    assert!((1..=86_400).contains(&retry_after), "{retry_after}");
    expect_error(response, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;

    // Other accounts from the same IP: two more are allowed, then the IP is limited.
    assert_eq!(
        signin("other1@example.com").await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        signin("other2@example.com").await.unwrap().status(),
        StatusCode::UNAUTHORIZED
    );
    let response = signin("other3@example.com").await.unwrap();
    expect_error(response, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
    // Sign-up counts against the same limits.
    let response = app
        .request(Method::POST, "/api/auth/signup")
        .json(&json!({"email": "new@example.com", "password": "correct horse"}))
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::TOO_MANY_REQUESTS, "rate_limited").await;
}

async fn cookie_requests_must_come_from_our_origin(db: Db) {
    let app = spawn_app(db).await;
    let session = app.signup("csrf@example.com").await;
    let body = json!({"project_name": "From elsewhere"});
    let post = || {
        app.request(Method::POST, "/api/projects")
            .header("cookie", &session.cookie)
            .json(&body)
    };

    let response = post()
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "forbidden").await;
    let response = post().send().await.unwrap();
    expect_error(response, StatusCode::FORBIDDEN, "forbidden").await;
    let projects = app.get_json(&session, "/api/projects").await;
    assert_eq!(
        projects["data"],
        json!([]),
        "refused requests change nothing"
    );

    let response = post().header("origin", &app.address).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    // Reads with the cookie and writes with a bearer token need no Origin.
    let response = app
        .request(Method::GET, "/api/projects")
        .header("cookie", &session.cookie)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    let response = app
        .authed(&session, Method::POST, "/api/projects")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
}
