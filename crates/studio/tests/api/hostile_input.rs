//! Input an attacker (or a broken client) sends: control characters, absurd page numbers,
//! ids that name other people's things, garbled queries and bodies, masks that leave
//! nothing to fill from, stale range validators and guessable passwords. Every answer is the
//! API's error envelope, the same on both databases, and nothing is charged or stored.

use reqwest::{Method, StatusCode};
use serde_json::{json, Value};

use crate::on_both_databases;
use crate::support::{spawn_app, Db};

on_both_databases!(common_and_blank_passwords_are_refused,);

async fn common_and_blank_passwords_are_refused(db: Db) {
    let app = spawn_app(db).await;
    for password in [
        "        ",
        "\t \t \t \t ",
        "password",
        "Password",
        "aaaaaaaa",
        "12345678",
        "iloveyou",
    ] {
        let response = app
            .request(Method::POST, "/api/auth/signup")
            .json(&json!({"email": "weak@example.com", "password": password}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{password:?}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"]["field"], "password", "{password:?}");
    }
    // No composition rules: a long phrase of lower-case words is a good password.
    let response = app
        .request(Method::POST, "/api/auth/signup")
        .json(&json!({"email": "phrase@example.com", "password": "purple tigers dance"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
}
