//! The React app, embedded in the binary at compile time from `web/dist`. Unknown paths
//! answer `index.html` so client-side routes (`/create/{projectId}`) survive a reload.
//!
//! Every page carries a Content-Security-Policy: scripts, styles, fonts and API calls only
//! from this origin (inline styles are allowed: the toast library injects its stylesheet),
//! media from this origin plus the `blob:`/`data:` URLs the image editor makes, no plugins,
//! and no framing by other sites (with `X-Frame-Options` for browsers that predate
//! `frame-ancestors`).

use axum::http::{header, StatusCode, Uri};
use axum::response::{Html, IntoResponse, Response};
use rust_embed::RustEmbed;

#[derive(RustEmbed)]
#[folder = "../../web/dist"]
#[allow_missing = true]
struct WebApp;

const NOT_BUILT: &str = "<!doctype html><title>Campaign Studio</title>\
<p>The web app was not built into this binary. Run <code>scripts/run</code> from the repository \
(it builds <code>web/</code> first), or <code>cd web && npm ci && npm run build</code> and rebuild.</p>";

const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; \
font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; \
form-action 'self'; frame-ancestors 'none'";

const PAGE_HEADERS: [(header::HeaderName, &str); 2] = [
    (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
    (header::X_FRAME_OPTIONS, "DENY"),
];

pub async fn serve(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if let Some(file) = (!path.is_empty()).then(|| WebApp::get(path)).flatten() {
        // Vite fingerprints everything under assets/, so those never change.
        let cache = if path.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        return (
            PAGE_HEADERS,
            [
                (header::CONTENT_TYPE, file.metadata.mimetype().to_owned()),
                (header::CACHE_CONTROL, cache.to_owned()),
            ],
            file.data,
        )
            .into_response();
    }
    match WebApp::get("index.html") {
        Some(index) => (
            PAGE_HEADERS,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CACHE_CONTROL, "no-cache"),
            ],
            index.data,
        )
            .into_response(),
        None => (StatusCode::OK, PAGE_HEADERS, Html(NOT_BUILT)).into_response(),
    }
}
