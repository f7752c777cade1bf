//! Share links: the owner's list and revocation, and the public page a link opens (its
//! HTML is `share_page`'s).

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::MediaKind;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::media_files::preview_url;
use crate::models::{success, Success};
use crate::services::share::{self, OwnedLink, Shared};
use crate::share_page::{self, OpenPage};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_links))
        .routes(routes!(revoke_link))
}

/// A share link as its owner sees it.
#[derive(Serialize, ToSchema)]
pub struct ShareLinkView {
    id: Uuid,
    /// The public page; works without signing in until `expires_at` unless revoked.
    url: String,
    /// The file itself, for embedding.
    file_url: String,
    file_id: Uuid,
    file_type: MediaKind,
    project_name: Option<String>,
    /// The owner's thumbnail of the file; none for music.
    preview_url: Option<String>,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

pub fn kind_of(mime: &str) -> MediaKind {
    if mime.starts_with("video/") {
        MediaKind::Video
    } else if mime.starts_with("audio/") {
        MediaKind::Audio
    } else {
        MediaKind::Image
    }
}

impl From<OwnedLink> for ShareLinkView {
    fn from(owned: OwnedLink) -> Self {
        let link = owned.link;
        let kind = kind_of(link.mime_type.as_deref().unwrap_or_default());
        Self {
            id: link.id,
            url: share::page_url(&owned.token),
            file_url: share::file_url(&owned.token),
            file_id: link.file_id,
            file_type: kind,
            project_name: link.project_name,
            preview_url: preview_url(link.file_id, Some(kind)),
            created_at: link.created_at,
            expires_at: link.expires_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ShareLinks {
    links: Vec<ShareLinkView>,
}

/// The signed-in user's share links that still work, newest first.
#[utoipa::path(get, path = "/api/share-links", tag = "media", operation_id = "shareLinks",
    responses((status = 200, body = Success<ShareLinks>), (status = 401, body = ErrorResponse)))]
async fn list_links(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Success<ShareLinks>>> {
    let links = share::list(&state, current.user.id).await?;
    Ok(success(ShareLinks {
        links: links.into_iter().map(Into::into).collect(),
    }))
}

/// Stops a share link from working: its page then says so.
#[utoipa::path(delete, path = "/api/share-links/{id}", tag = "media", operation_id = "revokeShareLink",
    params(("id" = Uuid, Path, description = "Share link id")),
    responses((status = 204, description = "Revoked"), (status = 404, body = ErrorResponse)))]
async fn revoke_link(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    share::revoke(&state, current.user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A name as the page shows it: without control and invisible formatting characters, so a
/// bidirectional override or a zero-width space cannot make a title or a link preview read
/// as something else (download names drop the same characters).
fn visible(name: &str) -> String {
    name.chars()
        .filter(|&c| !c.is_control() && !crate::extract::is_format_character(c))
        .collect()
}

/// Whether a request is a browser navigating (so an error should be a page, not JSON).
pub fn wants_page(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"))
}

/// The public page of a share link.
pub async fn page(
    State(state): State<AppState>,
    axum::extract::Path(token): axum::extract::Path<String>,
    headers: HeaderMap,
) -> Response {
    match share::open(&state, &token).await {
        Ok(Ok(shared)) => open_page(&state, &headers, &token, &shared),
        Ok(Err(closed)) => share_page::closed(closed),
        Err(error) => error.into_response(),
    }
}

fn open_page(state: &AppState, headers: &HeaderMap, token: &str, shared: &Shared) -> Response {
    let origin = state.config.public_origin(headers);
    let project = shared
        .project_name
        .as_deref()
        .map(visible)
        .filter(|name| !name.trim().is_empty())
        .unwrap_or_else(|| "A file from Campaign Studio".to_owned());
    let page_url = share::page_url(token);
    let file_url = share::file_url(token);
    OpenPage::new(
        &origin,
        &project,
        kind_of(&shared.mime_type),
        &shared.mime_type,
        &page_url,
        &file_url,
        shared.expires_at,
    )
    .into_response()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_lose_their_invisible_characters() {
        assert_eq!(
            visible("Sale\u{202E}gpj.exe\u{200B} \u{2066}Best\u{2069}\u{FEFF}"),
            "Salegpj.exe Best"
        );
        assert_eq!(visible("Crème & Co"), "Crème & Co");
    }

    #[test]
    fn kinds_follow_the_file_type() {
        assert_eq!(kind_of("video/mp4"), MediaKind::Video);
        assert_eq!(kind_of("audio/ogg"), MediaKind::Audio);
        assert_eq!(kind_of("image/png"), MediaKind::Image);
    }
}
