//! The baseline for `bench/http.sh`: one JSON route on bare axum, with nothing behind it,
//! so the API's own figures can be read against what the machine serves at most.

use axum::routing::get;
use axum::{Json, Router};
use serde_json::{json, Value};

async fn balance() -> Json<Value> {
    Json(json!({"balance": 50, "generated_media": {"images": 0, "videos": 0}}))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let bind = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "127.0.0.1:0".to_owned());
    let listener = tokio::net::TcpListener::bind(&bind).await?;
    println!("bare listening on http://{}", listener.local_addr()?);
    let app = Router::new().route("/api/credits/balance", get(balance));
    axum::serve(listener, app).await?;
    Ok(())
}
