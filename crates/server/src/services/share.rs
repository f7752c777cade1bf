//! Share links: made by a file's owner, listed and revoked by them, and resolved for anyone
//! who holds the link while it lasts.

use chrono::{DateTime, Duration, Utc};
use uuid::Uuid;

use crate::error::{not_found, ApiResult};
use crate::services::media::{self, MEDIA_NOT_FOUND};
use crate::state::AppState;

/// How long a new link works.
const SHARE_LINK_DAYS: i64 = 7;

pub const LINK_NOT_FOUND: &str = "Share link not found";

/// A link as its owner sees it, with the token that makes its URLs.
pub struct OwnedLink {
    pub link: store::ShareLink,
    pub token: String,
}

/// The page of a share link, for its token.
pub fn page_url(token: &str) -> String {
    format!("/s/{token}")
}

/// The raw file behind a share link, for its token.
pub fn file_url(token: &str) -> String {
    format!("/api/media/shared/{token}")
}

fn owned(state: &AppState, link: store::ShareLink) -> OwnedLink {
    let token = state.signer.share_link_token(link.id, link.expires_at);
    OwnedLink { link, token }
}

/// A new link to one of the user's files.
pub async fn create(state: &AppState, user_id: Uuid, file_id: Uuid) -> ApiResult<OwnedLink> {
    media::stored_file(state, user_id, file_id).await?;
    let expires_at = store::now() + Duration::days(SHARE_LINK_DAYS);
    let link = state
        .store
        .create_share_link(user_id, file_id, expires_at)
        .await?;
    Ok(owned(state, link))
}

/// The user's links that still work, newest first.
pub async fn list(state: &AppState, user_id: Uuid) -> ApiResult<Vec<OwnedLink>> {
    let links = state.store.live_share_links(user_id).await?;
    Ok(links.into_iter().map(|link| owned(state, link)).collect())
}

pub async fn revoke(state: &AppState, user_id: Uuid, id: Uuid) -> ApiResult<()> {
    state
        .store
        .revoke_share_link(user_id, id)
        .await
        .map_err(not_found(LINK_NOT_FOUND))
}

/// What a share token opens: one file of one user.
pub struct Shared {
    pub file_id: Uuid,
    pub user_id: Uuid,
    pub mime_type: String,
    pub project_name: Option<String>,
    /// None for the short-lived links hosted models fetch inputs by.
    pub expires_at: Option<DateTime<Utc>>,
}

/// Why a share token opens nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// Never valid, tampered with, or its file was deleted.
    Invalid,
    Expired,
    Revoked,
}

/// The file a token opens now, or why it opens none.
pub async fn open(state: &AppState, token: &str) -> ApiResult<Result<Shared, Closed>> {
    let now = store::now();
    if let Some((file_id, user_id)) = state.signer.verify_share_token(token, now) {
        return Ok(match media::stored_file(state, user_id, file_id).await {
            Ok(file) => Ok(Shared {
                file_id,
                user_id,
                mime_type: file.mime_type,
                project_name: None,
                expires_at: None,
            }),
            Err(crate::error::ApiError::NotFound(MEDIA_NOT_FOUND)) => Err(Closed::Invalid),
            Err(other) => return Err(other),
        });
    }
    // Signature first, then the row: an expired token is told apart from a forged one only
    // when the signature holds, so nothing is looked up for a forgery.
    let Some(id) = state
        .signer
        .verify_share_link_token(token, DateTime::<Utc>::MIN_UTC)
    else {
        return Ok(Err(Closed::Invalid));
    };
    let link = match state.store.share_link(id).await {
        Ok(link) => link,
        Err(store::StoreError::NotFound) => return Ok(Err(Closed::Invalid)),
        Err(other) => return Err(other.into()),
    };
    Ok(if link.revoked_at.is_some() {
        Err(Closed::Revoked)
    } else if link.expires_at <= now {
        Err(Closed::Expired)
    } else {
        match link.mime_type {
            Some(mime_type) => Ok(Shared {
                file_id: link.file_id,
                user_id: link.user_id,
                mime_type,
                project_name: link.project_name,
                expires_at: Some(link.expires_at),
            }),
            None => Err(Closed::Invalid),
        }
    })
}
