//! The generation service behind every generate route: the rules every generation shares
//! (settings, prompts, reference images, variations, the image engine) and pricing and
//! enqueueing a job (debit and insert in one transaction). Each kind's start is in `start`.

use domain::{Duration, ImageEngine, RequestedDuration, Settings, SettingsInput};
use jobs::JobPayload;
use serde::Deserialize;
use store::{Job, NewJob};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::state::AppState;

mod start;

pub use start::{
    start_audio, start_image, start_image_edit, start_video, GenerateAudioRequest,
    GenerateImageRequest, GenerateVideoRequest, ImageEditRequest, MASK_PROBLEM,
};

/// Longest prompt accepted.
pub const MAX_PROMPT_CHARS: usize = 4000;

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
    pub fn settings(&self, base: Settings) -> Settings {
        let settings = self.direct.apply_to(base);
        match self.pre_production_settings {
            Some(pre) => pre.apply_to(settings),
            None => settings,
        }
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

/// Reference images to stage: the ones named (each must be the user's), else the scene's
/// product images; at most three, counted before any is looked up.
pub async fn reference_images(
    state: &AppState,
    user_id: Uuid,
    scene_id: Uuid,
    named: Option<&[Uuid]>,
) -> ApiResult<Vec<Uuid>> {
    check_reference_image_count(named.map_or(0, <[Uuid]>::len))?;
    let ids = match named {
        Some(named) if !named.is_empty() => {
            let mut ids = Vec::with_capacity(named.len());
            for &id in named {
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
    check_reference_image_count(ids.len())?;
    Ok(ids)
}

/// At most [`store::MAX_REFERENCE_IMAGES`] reference images per generation or message.
pub fn check_reference_image_count(count: usize) -> ApiResult<()> {
    if count > store::MAX_REFERENCE_IMAGES as usize {
        return Err(ApiError::validation(
            "reference_images",
            "You can only upload up to 3 reference images.",
        ));
    }
    Ok(())
}

/// Refuses videos to users without an active subscription when the operator requires one.
pub async fn check_video_allowed(state: &AppState, user_id: Uuid) -> ApiResult<()> {
    if state.config.video_requires_subscription
        && state.store.active_subscription(user_id).await?.is_none()
    {
        return Err(ApiError::UpgradeRequired(UPGRADE_FOR_VIDEO));
    }
    Ok(())
}

/// Where a job lands and what links it to the conversation.
#[derive(Debug, Clone, Copy)]
pub struct Target {
    pub user_id: Uuid,
    pub project_id: Uuid,
    pub scene_id: Option<Uuid>,
    pub message_id: Option<Uuid>,
}

/// Prices and enqueues the job: 402 with nothing written when the balance is short.
pub async fn enqueue(state: &AppState, target: Target, payload: JobPayload) -> ApiResult<Job> {
    enqueue_job(
        state,
        Uuid::new_v4(),
        target,
        payload,
        std::time::Duration::ZERO,
    )
    .await
}

/// Prices and enqueues `count` variations of one job, each with its own id (so its own
/// seed) and its own camera, the first with the id `first_id`: all of them in one
/// transaction, or a 402 with nothing written when the balance cannot pay for every one.
pub async fn enqueue_variations(
    state: &AppState,
    first_id: Uuid,
    target: Target,
    payload: JobPayload,
    count: u8,
) -> ApiResult<Vec<Job>> {
    let mut news = Vec::with_capacity(usize::from(count));
    for index in 0..count.max(1) {
        let id = if index == 0 { first_id } else { Uuid::new_v4() };
        news.push(new_job(
            id,
            target,
            payload.clone().as_variation(index),
            std::time::Duration::ZERO,
        )?);
    }
    let (jobs, _balance) = state.store.enqueue_jobs(&news).await?;
    Ok(jobs)
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

async fn enqueue_job(
    state: &AppState,
    id: Uuid,
    target: Target,
    payload: JobPayload,
    delay: std::time::Duration,
) -> ApiResult<Job> {
    let new = new_job(id, target, payload, delay)?;
    let (job, _balance) = state.store.enqueue_job(&new).await?;
    Ok(job)
}

pub(crate) fn new_job(
    id: Uuid,
    target: Target,
    payload: JobPayload,
    delay: std::time::Duration,
) -> ApiResult<NewJob> {
    Ok(NewJob {
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
        request_key: None,
    })
}

pub const NO_HOSTED_IMAGE_MODEL: &str =
    "No hosted image model is configured: leave engine out or choose studio";

/// The engine that draws one image: the one asked for, else the hosted image model painting
/// around the exact product when the operator configured one, else the studio's own. Asking
/// for a hosted engine without one is refused.
pub fn image_engine(state: &AppState, asked: Option<ImageEngine>) -> ApiResult<ImageEngine> {
    let hosted = state
        .config
        .providers
        .iter()
        .any(|p| p.capability == "image" && p.configured);
    match asked {
        None if hosted => Ok(ImageEngine::HostedExact),
        None => Ok(ImageEngine::Studio),
        Some(engine) if engine.is_hosted() && !hosted => {
            Err(ApiError::validation("engine", NO_HOSTED_IMAGE_MODEL))
        }
        Some(engine) => Ok(engine),
    }
}

/// A video's duration: an explicit field wins over the settings.
pub fn video_duration(explicit: RequestedDuration, settings: Settings) -> Duration {
    explicit.get().unwrap_or(settings.duration)
}

#[cfg(test)]
mod tests {
    use domain::Quality;

    use super::*;

    #[test]
    fn chat_settings_win_over_direct_ones() {
        let context: GenerationContext = serde_json::from_str(
            r#"{"quality":"low","pre_production_settings":{"quality":"high","duration":"10s"}}"#,
        )
        .unwrap();
        let s = context.settings(Settings::default());
        assert_eq!((s.quality, s.duration), (Quality::High, Duration::Ten));
        assert!(serde_json::from_str::<GenerationContext>(r#"{"resolution":"800x600"}"#).is_err());
    }
}
