//! Campaign Studio's HTTP API. Handlers are thin: parse the request into domain types, call
//! the store or a service, map the result; every error leaves through [`error::ApiError`].

mod auth;
mod connections;
mod error;
mod event_streams;
mod extract;
mod media_files;
mod models;
mod openapi;
mod rate_limit;
mod routes;
mod services;
mod sessions;
mod share_page;
mod state;
mod stripe;
mod web;

use std::future::Future;

use axum::extract::DefaultBodyLimit;
use axum::http::{header, HeaderValue};
use axum::routing::{any, get};
use axum::Router;
use tokio::net::TcpListener;
use tower_http::set_header::SetResponseHeaderLayer;
use tower_http::trace::TraceLayer;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use connections::ConnectionRules;
pub use error::{ApiError, ErrorResponse};
pub use state::{AppState, Plan, ProviderStatus, ServerConfig};
pub use stripe::StripeConfig;

/// Bodies of JSON routes are refused above this size (413).
pub const JSON_BODY_LIMIT: usize = 1024 * 1024;

#[derive(OpenApi)]
#[openapi(
    info(title = "Campaign Studio API", description = "Projects, scenes (campaigns), media and credits."),
    modifiers(&SessionAuth),
    security(("bearer" = []), ("session_cookie" = []))
)]
struct ApiDoc;

struct SessionAuth;

impl Modify for SessionAuth {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(HttpBuilder::new().scheme(HttpAuthScheme::Bearer).build()),
        );
        components.add_security_scheme(
            "session_cookie",
            SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(auth::SESSION_COOKIE))),
        );
    }
}

fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(routes::api())
        .routes(routes!(openapi_json))
}

/// The OpenAPI document of every `/api` route, generated from the handlers.
pub fn openapi() -> utoipa::openapi::OpenApi {
    let mut doc = api_router().into_openapi();
    openapi::declare_common_responses(&mut doc);
    doc
}

/// This document.
#[utoipa::path(get, path = "/api/openapi.json", tag = "system", operation_id = "openapi",
    responses((status = 200, description = "The OpenAPI 3 document", content_type = "application/json")))]
async fn openapi_json() -> impl axum::response::IntoResponse {
    axum::Json(openapi())
}

async fn api_route_not_found() -> ApiError {
    ApiError::NotFound("No such API route")
}

async fn method_not_allowed() -> ApiError {
    ApiError::MethodNotAllowed
}

/// The whole application: the API, and the web app for every other path.
pub fn app(state: AppState) -> Router {
    let (api, _) = api_router().split_for_parts();
    // Browsers are told to keep to HTTPS only where the deployment serves it (secure cookies).
    let hsts = state
        .config
        .secure_cookies
        .then(|| HeaderValue::from_static("max-age=31536000"));
    api.method_not_allowed_fallback(method_not_allowed)
        .route("/api/{*rest}", any(api_route_not_found))
        .route("/api", any(api_route_not_found))
        .route("/s/{token}", get(routes::share::page))
        .fallback(web::serve)
        .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
        .layer(axum::middleware::map_response(extract::body_limit_envelope))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::STRICT_TRANSPORT_SECURITY,
            move |_: &axum::response::Response| hsts.clone(),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ))
        .layer(SetResponseHeaderLayer::if_not_present(
            header::REFERRER_POLICY,
            HeaderValue::from_static("same-origin"),
        ))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

/// Serves until `shutdown` resolves, then finishes in-flight requests; connections are held
/// to the configured time limits and caps.
pub async fn serve(
    listener: TcpListener,
    state: AppState,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> anyhow::Result<()> {
    let rules = state.config.connections.clone();
    connections::serve(listener, app(state), rules, shutdown).await?;
    Ok(())
}

/// Background upkeep every node runs: retrying queued deletions of stored bytes, dropping
/// live events older than their replay window, session revocations every node has seen,
/// sign-in failures a day old, and chat attachments of messages never sent.
pub async fn run_maintenance(state: AppState) {
    let mut every = tokio::time::interval(std::time::Duration::from_secs(60));
    loop {
        every.tick().await;
        if let Err(e) = state.store.prune_events().await {
            tracing::warn!(error = %e, "could not prune old events");
        }
        if let Err(e) = state.store.prune_session_revocations().await {
            tracing::warn!(error = %e, "could not prune old session revocations");
        }
        let a_day_ago = store::now().timestamp() - 24 * 3600;
        if let Err(e) = state.store.prune_sign_in_pairs(a_day_ago).await {
            tracing::warn!(error = %e, "could not prune old sign-in failures");
        }
        match remove_stale_drafts(&state).await {
            Ok(0) => {}
            Ok(removed) => tracing::info!(removed, "removed chat attachments never sent"),
            Err(e) => tracing::warn!(error = %e, "could not remove unsent chat attachments"),
        }
        match media_files::sweep_deletions(&state.store, &state.storage).await {
            Ok(0) => {}
            Ok(left) => tracing::warn!(left, "stored objects still waiting for deletion"),
            Err(e) => tracing::warn!(error = %e, "could not sweep stored objects"),
        }
    }
}

/// Chat attachments uploaded for a message that was not sent within this long are removed.
const DRAFT_LIFETIME: chrono::Duration = chrono::Duration::days(1);

/// Removes unsent chat attachments older than [`DRAFT_LIFETIME`], a batch at a time, their
/// bytes with them; returns how many objects were deleted.
async fn remove_stale_drafts(state: &AppState) -> anyhow::Result<usize> {
    let keys = state
        .store
        .remove_stale_drafts(store::now() - DRAFT_LIFETIME, 500)
        .await?;
    state
        .store
        .delete_queued_objects(&state.storage, &keys)
        .await;
    Ok(keys.len())
}

/// Hashes a new password the way sign-up does (argon2id), for operator commands.
pub fn hash_password(password: &domain::Password) -> anyhow::Result<String> {
    Ok(auth::hash_password_blocking(password.expose()))
}
