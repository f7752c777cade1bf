//! The generation service behind every generate route: checks what the request refers to
//! belongs to the user, settles the settings, prices and enqueues the job (debit and insert
//! in one transaction), and reads jobs back for the status views.

use domain::{Duration, Settings};
use jobs::JobPayload;
use serde::Deserialize;
use store::{Job, NewJob, Scene};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::models::SettingsInput;
use crate::state::AppState;

/// Longest prompt accepted.
pub const MAX_PROMPT_CHARS: usize = 4000;

pub const SELECT_SCENE: &str = "Please select a scene first";
pub const UPLOAD_AN_IMAGE: &str = "Please upload at least one image";
pub const ONLY_IMAGES_ANIMATE: &str =
    "Could not identify the asset ID. Only images can be animated.";
pub const UPGRADE_FOR_VIDEO: &str = "Upgrade required for video generation";

/// Generation settings in either form clients send: `{pre_production_settings: {…}}` (chat)
/// or `{quality, resolution}` at the top (image edit).
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GenerationContext {
    pub pre_production_settings: Option<SettingsInput>,
    #[serde(flatten)]
    pub direct: SettingsInput,
}

impl GenerationContext {
    /// The scene's stored settings overridden by the request's (chat form first).
    pub fn settings(&self, base: Settings) -> ApiResult<Settings> {
        let settings = self.direct.apply_to(base)?;
        match &self.pre_production_settings {
            Some(pre) => pre.apply_to(settings),
            None => Ok(settings),
        }
    }
}

/// The user's scene in the user's project; anything else is 404.
pub async fn owned_scene(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
    scene_id: Uuid,
) -> ApiResult<Scene> {
    let scene = state
        .store
        .scene(user_id, scene_id)
        .await
        .map_err(not_found("Scene not found"))?;
    if scene.project_id != project_id {
        return Err(ApiError::NotFound("Scene not found"));
    }
    Ok(scene)
}

pub async fn owned_project(state: &AppState, user_id: Uuid, project_id: Uuid) -> ApiResult<()> {
    state
        .store
        .project(user_id, project_id)
        .await
        .map_err(not_found("Project not found"))?;
    Ok(())
}

/// A required id field: missing → the given message, malformed → a validation error.
pub fn required_id(
    value: Option<&str>,
    field: &'static str,
    missing: &'static str,
) -> ApiResult<Uuid> {
    match value.map(str::trim).filter(|v| !v.is_empty()) {
        None => Err(ApiError::validation(field, missing)),
        Some(text) => Uuid::parse_str(text)
            .map_err(|_| ApiError::validation(field, format!("{field} must be a UUID"))),
    }
}

/// A prompt within the limit (may be empty).
pub fn prompt_text(text: Option<&str>) -> ApiResult<String> {
    let text = text.unwrap_or("").trim();
    if text.chars().count() > MAX_PROMPT_CHARS {
        return Err(ApiError::validation(
            "prompt",
            format!("The prompt is too long: at most {MAX_PROMPT_CHARS} characters"),
        ));
    }
    Ok(text.to_owned())
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

/// Reference images to stage: the ones named (each must be the user's), else the scene's
/// product images; at most three.
pub async fn reference_images(
    state: &AppState,
    user_id: Uuid,
    scene_id: Uuid,
    named: Option<&[String]>,
) -> ApiResult<Vec<Uuid>> {
    let ids = match named {
        Some(named) if !named.is_empty() => {
            let mut ids = Vec::with_capacity(named.len());
            for text in named {
                let id = Uuid::parse_str(text.trim()).map_err(|_| {
                    ApiError::validation(
                        "reference_images",
                        "Reference images are given by their ids",
                    )
                })?;
                state
                    .store
                    .reference_image(user_id, id)
                    .await
                    .map_err(not_found("Reference image not found"))?;
                ids.push(id);
            }
            ids
        }
        _ => state
            .store
            .scene_reference_images(user_id, scene_id)
            .await?
            .into_iter()
            .map(|image| image.id)
            .collect(),
    };
    if ids.len() > store::MAX_REFERENCE_IMAGES as usize {
        return Err(ApiError::validation(
            "reference_images",
            "You can only upload up to 3 reference images.",
        ));
    }
    Ok(ids)
}

/// Refuses videos to users without a paid plan when the operator requires one.
pub fn check_video_allowed(state: &AppState) -> ApiResult<()> {
    // Subscriptions arrive with billing; until then nobody has an active one.
    if state.config.video_requires_subscription {
        return Err(ApiError::UpgradeRequired(UPGRADE_FOR_VIDEO));
    }
    Ok(())
}

/// Where a job lands and what links it to the conversation.
pub struct Target {
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Option<Uuid>,
    pub message_id: Option<Uuid>,
}

/// Prices and enqueues the job: 402 with nothing written when the balance is short.
pub async fn enqueue(state: &AppState, target: Target, payload: JobPayload) -> ApiResult<Job> {
    enqueue_as(state, Uuid::new_v4(), target, payload).await
}

/// [`enqueue`] for a job that only runs if nothing else has done its work by `delay`.
pub async fn enqueue_backstop(
    state: &AppState,
    target: Target,
    payload: JobPayload,
    delay: std::time::Duration,
) -> ApiResult<Job> {
    enqueue_job(state, Uuid::new_v4(), target, payload, delay).await
}

/// [`enqueue`] with the job's id chosen by the caller (to record it before the job runs).
pub async fn enqueue_as(
    state: &AppState,
    id: Uuid,
    target: Target,
    payload: JobPayload,
) -> ApiResult<Job> {
    enqueue_job(state, id, target, payload, std::time::Duration::ZERO).await
}

async fn enqueue_job(
    state: &AppState,
    id: Uuid,
    target: Target,
    payload: JobPayload,
    delay: std::time::Duration,
) -> ApiResult<Job> {
    let new = NewJob {
        id,
        user_id: target.user_id,
        project_id: target.project_id,
        scene_id: target.scene_id,
        message_id: target.message_id,
        kind: payload.kind(),
        credit_cost: payload.price(),
        payload: serde_json::to_value(&payload).map_err(|e| ApiError::Internal(e.into()))?,
        max_attempts: domain::jobs::MAX_ATTEMPTS,
        delay,
    };
    let (job, _balance) = state.store.enqueue_job(&new).await?;
    Ok(job)
}

/// The user's job, or 404 (also for other users' ids).
pub async fn owned_job(state: &AppState, user_id: Uuid, id: &str) -> ApiResult<Job> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| ApiError::NotFound("Job not found"))?;
    state
        .store
        .job(user_id, id)
        .await
        .map_err(not_found("Job not found"))
}

/// A video's duration: an explicit field wins over the settings.
pub fn video_duration(
    explicit: Option<&crate::models::DurationInput>,
    settings: Settings,
) -> ApiResult<Duration> {
    use crate::models::DurationInput;
    Ok(match explicit {
        Some(DurationInput::Seconds(s)) => Duration::parse(&s.to_string())?,
        Some(DurationInput::Text(t)) => Duration::parse(t)?,
        None => settings.duration,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use domain::Quality;

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

    #[test]
    fn chat_settings_win_over_direct_ones() {
        let context: GenerationContext = serde_json::from_str(
            r#"{"quality":"low","pre_production_settings":{"quality":"high","duration":"10s"}}"#,
        )
        .unwrap();
        let s = context.settings(Settings::default()).unwrap();
        assert_eq!((s.quality, s.duration), (Quality::High, Duration::Ten));
        let bad: GenerationContext = serde_json::from_str(r#"{"resolution":"800x600"}"#).unwrap();
        assert!(bad.settings(Settings::default()).is_err());
    }
}
