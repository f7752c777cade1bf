//! Whether what a request names is the user's: the project, campaign, job or file behind
//! an id, checked before anything else happens. Every service that takes ids from a
//! request asks here.

use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::state::AppState;

pub const NO_SELECTION: &str = "No campaign or project selected";
pub const SELECT_SCENE: &str = "Please select a campaign first";
pub const MESSAGE_NOT_FOUND: &str = "Message not found";

/// The user's scene in the user's project; anything else is 404.
pub async fn owned_scene(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
    scene_id: Uuid,
) -> ApiResult<store::Scene> {
    let scene = state
        .store
        .scene(user_id, scene_id)
        .await
        .map_err(not_found("Campaign not found"))?;
    if scene.project_id != project_id {
        return Err(ApiError::NotFound("Campaign not found"));
    }
    Ok(scene)
}

/// The user's project; anything else is 404.
pub async fn owned_project(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
) -> ApiResult<store::Project> {
    state
        .store
        .project(user_id, project_id)
        .await
        .map_err(not_found("Project not found"))
}

/// The user's job, or 404 (also for other users' ids).
pub async fn owned_job(state: &AppState, user_id: Uuid, id: &str) -> ApiResult<store::Job> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| ApiError::NotFound("Job not found"))?;
    state
        .store
        .job(user_id, id)
        .await
        .map_err(not_found("Job not found"))
}

/// The id named by a client URL, if it is one of our media URLs: a bare UUID,
/// `/api/media/file/{id}` (any query), `/media/file/{id}`, or the same on this very host.
/// Anything else (another host, a file path) is refused: the server never fetches URLs.
pub fn media_id_from_url(url: &str, own_host: Option<&str>) -> Option<Uuid> {
    let url = url.trim();
    if let Ok(id) = Uuid::parse_str(url) {
        return Some(id);
    }
    let path = match url.split_once("://") {
        Some((scheme, rest)) => {
            if scheme != "http" && scheme != "https" {
                return None;
            }
            let (host, path) = rest.split_at(rest.find('/')?);
            if Some(host) != own_host {
                return None;
            }
            path
        }
        None => url,
    };
    let path = path.split(['?', '#']).next()?;
    let id = path
        .strip_prefix("/api/media/file/")
        .or_else(|| path.strip_prefix("/media/file/"))?;
    Uuid::parse_str(id).ok()
}

/// Resolves a client URL to one of the user's stored files (media asset or reference image).
pub async fn owned_file_from_url(
    state: &AppState,
    user_id: Uuid,
    url: &str,
    own_host: Option<&str>,
    refusal: &'static str,
) -> ApiResult<store::StoredFile> {
    let id = media_id_from_url(url, own_host).ok_or(ApiError::Validation {
        field: None,
        message: refusal.into(),
    })?;
    state
        .store
        .stored_file(user_id, id)
        .await
        .map_err(|e| match e {
            store::StoreError::NotFound => ApiError::Validation {
                field: None,
                message: refusal.into(),
            },
            other => other.into(),
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_our_media_urls_resolve() {
        let id = Uuid::new_v4();
        assert_eq!(media_id_from_url(&id.to_string(), None), Some(id));
        assert_eq!(
            media_id_from_url(&format!("/api/media/file/{id}"), None),
            Some(id)
        );
        assert_eq!(
            media_id_from_url(&format!("/api/media/file/{id}?variant=thumbnail"), None),
            Some(id)
        );
        assert_eq!(
            media_id_from_url(&format!("/media/file/{id}"), None),
            Some(id)
        );
        assert_eq!(
            media_id_from_url(
                &format!("http://studio.local:8080/api/media/file/{id}"),
                Some("studio.local:8080")
            ),
            Some(id)
        );
        assert_eq!(
            media_id_from_url(
                &format!("https://evil.example/api/media/file/{id}"),
                Some("studio.local")
            ),
            None
        );
        assert_eq!(
            media_id_from_url(&format!("file:///api/media/file/{id}"), None),
            None
        );
        assert_eq!(media_id_from_url("/etc/passwd", None), None);
        assert_eq!(
            media_id_from_url(&format!("/api/media/file/{id}/../../x"), None),
            None
        );
    }
}
