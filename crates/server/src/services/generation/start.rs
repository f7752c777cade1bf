//! Starting each kind of generation from its request: an image, a video (or an image
//! animated), a music track, a brush edit. Each checks what it names is the user's, settles
//! its settings and prompt, and enqueues its job.

use bytes::Bytes;
use domain::{
    AudioType, Choice, ImageEngine, LookupId, OptionalId, RequestedDuration, Settings, Variations,
};
use jobs::JobPayload;
use serde::Deserialize;
use store::{Job, Scene};
use utoipa::ToSchema;
use uuid::Uuid;

use super::{
    check_reference_image_count, check_video_allowed, enqueue, enqueue_variations, image_engine,
    prompt_text, reference_images, video_duration, GenerationContext, Target, ONLY_IMAGES_ANIMATE,
};
use crate::error::{ApiError, ApiResult};
use crate::services::ownership::{
    media_id_from_url, owned_file_from_url, owned_project, owned_scene, MESSAGE_NOT_FOUND,
    NO_SELECTION, SELECT_SCENE,
};
use crate::state::AppState;

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GenerateImageRequest {
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    project_id: OptionalId,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    scene_id: OptionalId,
    prompt: Option<String>,
    /// The assistant's refined prompt; used instead of `prompt` when present.
    refined_image_prompt: Option<String>,
    /// The chat message this generation belongs to.
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    parent_message_id: LookupId,
    #[serde(default)]
    context: GenerationContext,
    /// Ids of the user's reference images (at most 3); default: the scene's product images.
    #[schema(max_items = 3)]
    reference_images: Option<Vec<Uuid>>,
    /// Who draws the image: `hosted_exact` (the configured hosted image model paints the
    /// scene around the product photo's own pixels), `hosted` (the model redraws the whole
    /// picture, the product included) or `studio` (the studio's engine, offline). Default:
    /// hosted_exact when a hosted image model is configured, else studio; a hosted engine
    /// without one is a 400.
    #[serde(default)]
    #[schema(value_type = Option<ImageEngine>)]
    engine: Choice<ImageEngine>,
    /// How many images to make of this brief (1–4, default 1): one job each, each with
    /// its own seed and composition, 1 credit each, all started or none.
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 4)]
    #[serde(default)]
    variations: Variations,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GenerateVideoRequest {
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    project_id: OptionalId,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    scene_id: OptionalId,
    prompt: Option<String>,
    refined_video_prompt: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    parent_message_id: LookupId,
    #[serde(default)]
    context: GenerationContext,
    /// 5 or 10 seconds (`5`, `"5"` or `"5s"`); wins over the settings.
    #[serde(default)]
    #[schema(value_type = Option<String>, example = "5")]
    duration: RequestedDuration,
    /// Ids of the user's reference images (at most 3); default: the scene's product images.
    #[schema(max_items = 3)]
    reference_images: Option<Vec<Uuid>>,
    /// Animate this image asset instead of staging a new scene.
    source_image_id: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GenerateAudioRequest {
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    project_id: OptionalId,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    scene_id: OptionalId,
    prompt: Option<String>,
    /// Default `music`.
    #[serde(default)]
    #[schema(value_type = Option<AudioType>)]
    audio_type: Choice<AudioType>,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    parent_message_id: LookupId,
    #[serde(default)]
    context: GenerationContext,
}

/// A brush edit, read from its form.
#[derive(Debug, Default)]
pub struct ImageEditRequest {
    pub project_id: OptionalId,
    pub scene_id: OptionalId,
    pub prompt: Option<String>,
    pub original_image_url: Option<String>,
    pub parent_message_id: LookupId,
    /// JSON: `{quality, resolution}` or `{pre_production_settings}`.
    pub context: Option<String>,
    /// A PNG of the image's size; painted pixels are the area to change.
    pub mask: Option<Bytes>,
    /// The request's own host, so that absolute URLs to this server are recognised.
    pub host: Option<String>,
    /// `studio` or `hosted`, as for an image.
    pub engine: Option<ImageEngine>,
}

pub const MASK_PROBLEM: &str = "Failed to create mask from brush strokes";
pub const MASK_COVERS_TOO_MUCH: &str =
    "The brush covers too much of the image: leave part of it unpainted to fill from";
const ENTER_A_PROMPT: &str = "Please enter a prompt before generating.";

/// Where a request asks its job to go: its project, its campaign (required or not) and the
/// chat message it belongs to, as the request gave them.
struct Placement {
    project_id: OptionalId,
    scene_id: OptionalId,
    scene_required: bool,
    parent_message_id: LookupId,
}

/// The placement a start request asks for: every request names its project, campaign and
/// chat message in fields of the same names.
macro_rules! placement {
    ($request:expr, scene_required: $required:expr) => {
        Placement {
            project_id: $request.project_id,
            scene_id: $request.scene_id,
            scene_required: $required,
            parent_message_id: $request.parent_message_id,
        }
    };
}

/// The preamble every start shares: where the job goes, all of it the user's, and the
/// settings it runs with (the campaign's, overridden by the request's `context`, which is
/// read only once the place is known).
async fn prepare(
    state: &AppState,
    user_id: Uuid,
    placement: Placement,
    context: impl FnOnce() -> ApiResult<GenerationContext>,
) -> ApiResult<(Target, Settings)> {
    let project_id = placement
        .project_id
        .get()
        .ok_or_else(|| ApiError::validation("project_id", NO_SELECTION))?;
    let scene = match placement.scene_id.get() {
        Some(scene_id) => Some(owned_scene(state, user_id, project_id, scene_id).await?),
        None if placement.scene_required => {
            return Err(ApiError::validation("scene_id", SELECT_SCENE))
        }
        None => {
            owned_project(state, user_id, project_id).await?;
            None
        }
    };
    let message_id = match placement.parent_message_id {
        LookupId::Absent => None,
        LookupId::Id(id) => {
            Some(parent_message(state, user_id, project_id, scene.as_ref(), id).await?)
        }
        LookupId::Nothing => return Err(ApiError::NotFound(MESSAGE_NOT_FOUND)),
    };
    let settings = context()?.settings(scene.as_ref().map(|s| s.settings).unwrap_or_default());
    let target = Target {
        user_id,
        project_id,
        scene_id: scene.as_ref().map(|s| s.id),
        message_id,
    };
    Ok((target, settings))
}

/// The chat message a generation belongs to: one of the user's messages, in the job's
/// campaign (or, without one, its project); anything else names nothing the user has.
async fn parent_message(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
    scene: Option<&Scene>,
    id: Uuid,
) -> ApiResult<Uuid> {
    let not_found = || ApiError::NotFound(MESSAGE_NOT_FOUND);
    let message = state
        .store
        .message(user_id, id)
        .await
        .map_err(crate::error::not_found(MESSAGE_NOT_FOUND))?;
    let in_place = match scene {
        Some(scene) => message.scene_id == scene.id,
        None => message.project_id == project_id,
    };
    if !in_place {
        return Err(not_found());
    }
    Ok(message.id)
}

/// Picks the refined prompt over the plain one.
fn chosen_prompt(refined: Option<&str>, plain: Option<&str>) -> ApiResult<String> {
    let refined = prompt_text(refined)?;
    if !refined.is_empty() {
        return Ok(refined);
    }
    prompt_text(plain)
}

/// A prompt that is not empty.
fn required_prompt(text: Option<&str>) -> ApiResult<String> {
    let prompt = prompt_text(text)?;
    if prompt.is_empty() {
        return Err(ApiError::validation("prompt", ENTER_A_PROMPT));
    }
    Ok(prompt)
}

/// The product photos a staged image or video shows (those named, or else the campaign's);
/// with no prompt either, there is nothing to stage.
async fn staged_product(
    state: &AppState,
    target: &Target,
    prompt: &str,
    named: Option<&[Uuid]>,
) -> ApiResult<Vec<Uuid>> {
    let scene_id = target.scene_id.unwrap_or_default();
    let reference_image_ids = reference_images(state, target.user_id, scene_id, named).await?;
    if prompt.is_empty() && reference_image_ids.is_empty() {
        return Err(ApiError::validation("prompt", ENTER_A_PROMPT));
    }
    Ok(reference_image_ids)
}

/// Images from text and/or the campaign's product photos: one job per variation asked for
/// (1 credit each).
pub async fn start_image(
    state: &AppState,
    user_id: Uuid,
    request: GenerateImageRequest,
) -> ApiResult<Vec<Job>> {
    let count = request.variations.count();
    check_reference_image_count(request.reference_images.as_ref().map_or(0, Vec::len))?;
    let placement = placement!(request, scene_required: true);
    let (target, settings) = prepare(state, user_id, placement, || Ok(request.context)).await?;
    let prompt = chosen_prompt(
        request.refined_image_prompt.as_deref(),
        request.prompt.as_deref(),
    )?;
    let reference_image_ids =
        staged_product(state, &target, &prompt, request.reference_images.as_deref()).await?;
    let payload = JobPayload::Image {
        prompt,
        reference_image_ids,
        quality: settings.quality,
        resolution: settings.resolution,
        engine: image_engine(state, request.engine.get())?,
        variation: 0,
    };
    enqueue_variations(state, Uuid::new_v4(), target, payload, count).await
}

/// A video: a new scene set in motion, or — with `source_image_id` — one of the user's
/// images animated. Costs its duration in credits (5 or 10).
pub async fn start_video(
    state: &AppState,
    user_id: Uuid,
    request: GenerateVideoRequest,
) -> ApiResult<Job> {
    check_reference_image_count(request.reference_images.as_ref().map_or(0, Vec::len))?;
    let placement = placement!(request, scene_required: true);
    let (target, settings) = prepare(state, user_id, placement, || Ok(request.context)).await?;
    check_video_allowed(state, user_id).await?;
    let duration = video_duration(request.duration, settings);
    let prompt = chosen_prompt(
        request.refined_video_prompt.as_deref(),
        request.prompt.as_deref(),
    )?;
    let source = request
        .source_image_id
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty());
    let payload = match source {
        Some(source) => JobPayload::Animate {
            prompt,
            source_id: image_to_animate(state, user_id, source).await?,
            quality: settings.quality,
            duration,
        },
        None => {
            let reference_image_ids =
                staged_product(state, &target, &prompt, request.reference_images.as_deref())
                    .await?;
            JobPayload::Video {
                prompt,
                reference_image_ids,
                quality: settings.quality,
                resolution: settings.resolution,
                duration,
            }
        }
    };
    enqueue(state, target, payload).await
}

/// The user's generated image named by id or URL; anything else cannot be animated.
async fn image_to_animate(state: &AppState, user_id: Uuid, source: &str) -> ApiResult<Uuid> {
    let refused = || ApiError::Validation {
        field: None,
        message: ONLY_IMAGES_ANIMATE.into(),
    };
    let id = media_id_from_url(source, None).ok_or_else(refused)?;
    let asset = state
        .store
        .media_asset(user_id, id)
        .await
        .map_err(|e| match e {
            store::StoreError::NotFound => refused(),
            other => other.into(),
        })?;
    if asset.file_type != domain::MediaKind::Image {
        return Err(refused());
    }
    Ok(asset.id)
}

/// A music track (1 credit); the campaign is optional.
pub async fn start_audio(
    state: &AppState,
    user_id: Uuid,
    request: GenerateAudioRequest,
) -> ApiResult<Job> {
    let placement = placement!(request, scene_required: false);
    let (target, _) = prepare(state, user_id, placement, || Ok(request.context)).await?;
    let prompt = required_prompt(request.prompt.as_deref())?;
    let audio_type = request.audio_type.get().unwrap_or_default();
    let payload = JobPayload::Audio {
        prompt,
        audio_type: audio_type.as_str().to_owned(),
    };
    enqueue(state, target, payload).await
}

/// Edits one of the user's images inside a brush mask (1 credit). The mask is stored for
/// the job before it is queued, and deleted again when the job cannot be queued.
pub async fn start_image_edit(
    state: &AppState,
    user_id: Uuid,
    request: ImageEditRequest,
) -> ApiResult<Job> {
    let placement = placement!(request, scene_required: false);
    let context = request.context.as_deref();
    let (target, _) = prepare(state, user_id, placement, || edit_context(context)).await?;
    let prompt = required_prompt(request.prompt.as_deref())?;
    let engine = image_engine(state, request.engine)?;
    // The studio engine says up front which edits it can do; a hosted model takes any.
    let op = match engine {
        ImageEngine::Studio => Some(
            engine::edit::parse_instruction(&prompt)
                .map_err(|refused| ApiError::validation("prompt", refused.to_string()))?,
        ),
        ImageEngine::Hosted | ImageEngine::HostedExact => None,
    };
    let url = request
        .original_image_url
        .as_deref()
        .filter(|u| !u.trim().is_empty())
        .ok_or_else(|| {
            ApiError::validation("original_image_url", "original_image_url is required")
        })?;
    let original = owned_file_from_url(
        state,
        user_id,
        url,
        request.host.as_deref(),
        "original_image_url must be one of your images",
    )
    .await?;
    let mask = checked_mask(state, &original, request.mask, op).await?;
    let mask_key = format!("job-inputs/{}/mask.png", Uuid::new_v4());
    state
        .storage
        .put(&mask_key, mask)
        .await
        .map_err(|e| ApiError::storing(&mask_key, e))?;
    let payload = JobPayload::ImageEdit {
        prompt,
        source_id: original.id,
        mask_key: mask_key.clone(),
        engine,
    };
    match enqueue(state, target, payload).await {
        Ok(job) => Ok(job),
        Err(e) => {
            state.storage.delete_all(&[mask_key]).await;
            Err(e)
        }
    }
}

fn edit_context(text: Option<&str>) -> ApiResult<GenerationContext> {
    match text.map(str::trim).filter(|c| !c.is_empty()) {
        // A broken rule of a setting is answered as written; anything else is no context.
        Some(text) => serde_json::from_str(text).map_err(|e| {
            let detail = e.to_string();
            let problem = detail.split(" at line ").next().unwrap_or_default();
            let message = domain::Invalid::message_in_de_error(problem)
                .unwrap_or("context must be a JSON object of quality and resolution");
            ApiError::validation("context", message)
        }),
        None => Ok(GenerationContext::default()),
    }
}

/// The brush mask must be a PNG of the image's size with painted pixels, leave enough of
/// the picture unpainted for the studio engine's edit `op` (a removal fills from it), and
/// suit what is placed in it (one small thing does not fill a large area); it
/// is decoded off the async threads, within the bound on concurrent image work.
async fn checked_mask(
    state: &AppState,
    original: &store::StoredFile,
    mask: Option<Bytes>,
    op: Option<engine::edit::EditOp>,
) -> ApiResult<Bytes> {
    let not_an_image = || ApiError::validation("original_image_url", "Only images can be edited");
    if !original.mime_type.starts_with("image/") {
        return Err(not_an_image());
    }
    let (Some(width), Some(height)) = (original.width, original.height) else {
        return Err(not_an_image());
    };
    let (width, height) = (
        u32::try_from(width).unwrap_or(0),
        u32::try_from(height).unwrap_or(0),
    );
    let mask = mask.ok_or_else(|| ApiError::validation("mask", MASK_PROBLEM))?;
    let decoded = mask.clone();
    let _permit = state.image_work.place(width, height).await;
    let checked = tokio::task::spawn_blocking(move || {
        engine::edit::decode_mask(&decoded, width, height).map(|mask| {
            (
                mask.pixels().any(|p| p.0[0] > 0),
                op.is_none_or(|op| engine::edit::mask_leaves_enough(&mask, op)),
                op.and_then(|op| engine::edit::placement_refusal(&mask, op)),
            )
        })
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))?;
    match checked {
        Ok((true, true, None)) => Ok(mask),
        Ok((true, true, Some(refusal))) => Err(ApiError::validation("mask", refusal)),
        Ok((true, false, _)) => Err(ApiError::validation("mask", MASK_COVERS_TOO_MUCH)),
        _ => Err(ApiError::validation("mask", MASK_PROBLEM)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::generation::NO_HOSTED_IMAGE_MODEL;
    use crate::services::testing::{png, TestWorld};

    fn image_request(world: &TestWorld, prompt: &str) -> GenerateImageRequest {
        GenerateImageRequest {
            project_id: Some(world.project_id).into(),
            scene_id: Some(world.scene_id).into(),
            prompt: Some(prompt.into()),
            ..GenerateImageRequest::default()
        }
    }

    async fn credits(world: &TestWorld) -> i64 {
        world
            .state
            .store
            .balance(world.user_id)
            .await
            .unwrap()
            .balance
    }

    #[tokio::test]
    async fn an_image_is_queued_and_paid_once() {
        let world = TestWorld::new().await;
        let job = start_image(
            &world.state,
            world.user_id,
            image_request(&world, "a serum on marble"),
        )
        .await
        .unwrap()
        .remove(0);
        assert_eq!(job.scene_id, Some(world.scene_id));
        assert_eq!(job.credit_cost, 1);
        assert_eq!(credits(&world).await, 9);
    }

    #[tokio::test]
    async fn refused_generations_cost_nothing_and_store_nothing() {
        let world = TestWorld::new().await;
        let error = start_image(&world.state, world.user_id, image_request(&world, "  "))
            .await
            .unwrap_err();
        assert_eq!(error.to_string(), ENTER_A_PROMPT);
        let mut elsewhere = image_request(&world, "a serum");
        let (_, their_project, their_scene) =
            TestWorld::seller(&world.state, "other@example.com").await;
        elsewhere.project_id = Some(their_project).into();
        elsewhere.scene_id = Some(their_scene).into();
        let error = start_image(&world.state, world.user_id, elsewhere)
            .await
            .unwrap_err();
        assert!(
            matches!(error, ApiError::NotFound("Campaign not found")),
            "{error:?}"
        );
        // Ten credits buy two 5-second videos, not a third.
        for _ in 0..2 {
            start_video(
                &world.state,
                world.user_id,
                GenerateVideoRequest {
                    project_id: Some(world.project_id).into(),
                    scene_id: Some(world.scene_id).into(),
                    prompt: Some("a slow orbit".into()),
                    ..GenerateVideoRequest::default()
                },
            )
            .await
            .unwrap();
        }
        let error = start_image(
            &world.state,
            world.user_id,
            image_request(&world, "one more"),
        )
        .await
        .unwrap_err();
        assert!(matches!(error, ApiError::InsufficientCredits), "{error:?}");
        assert_eq!(credits(&world).await, 0);
        assert!(world.stored_files().is_empty());
    }

    #[tokio::test]
    async fn an_unpainted_mask_is_refused_before_anything_is_stored() {
        let world = TestWorld::new().await;
        let photo = crate::services::reference_images::add_reference_image(
            &world.state,
            world.user_id,
            crate::services::reference_images::Upload {
                file: Some(png(64, 48)),
                project_id: domain::LookupId::Id(world.project_id),
                scene_id: domain::LookupId::Id(world.scene_id),
                ..Default::default()
            },
        )
        .await
        .unwrap();
        let stored_before = world.stored_files();
        let blank = image::GrayImage::new(64, 48);
        let mut mask = std::io::Cursor::new(Vec::new());
        blank.write_to(&mut mask, image::ImageFormat::Png).unwrap();
        let request = |mask: Vec<u8>| ImageEditRequest {
            project_id: Some(world.project_id).into(),
            prompt: Some("add a lemon slice".into()),
            original_image_url: Some(format!("/api/media/file/{}", photo.id)),
            mask: Some(Bytes::from(mask)),
            ..ImageEditRequest::default()
        };
        let error = start_image_edit(&world.state, world.user_id, request(mask.into_inner()))
            .await
            .unwrap_err();
        assert_eq!(error.to_string(), MASK_PROBLEM);
        let error = start_image_edit(&world.state, world.user_id, request(b"no png".to_vec()))
            .await
            .unwrap_err();
        assert_eq!(error.to_string(), MASK_PROBLEM);
        assert_eq!(world.stored_files(), stored_before);
        assert_eq!(credits(&world).await, 10);
    }

    #[tokio::test]
    async fn the_engine_is_chosen_per_image_and_hosted_needs_a_hosted_model() {
        let world = TestWorld::new().await;
        let engine_of = |job: &Job| {
            serde_json::from_value::<JobPayload>(job.payload.clone())
                .unwrap()
                .image_engine()
        };
        let job = start_image(&world.state, world.user_id, image_request(&world, "a jar"))
            .await
            .unwrap()
            .remove(0);
        assert_eq!(engine_of(&job), Some(ImageEngine::Studio), "nothing hosted");
        let mut asking = image_request(&world, "a jar");
        asking.engine = Some(ImageEngine::Hosted).into();
        let error = start_image(&world.state, world.user_id, asking)
            .await
            .unwrap_err();
        assert_eq!(error.to_string(), NO_HOSTED_IMAGE_MODEL);

        let mut hosted = world.state.clone();
        hosted.config = std::sync::Arc::new(crate::state::ServerConfig {
            providers: vec![crate::routes::providers::ProviderStatus {
                capability: "image".into(),
                provider: "openai".into(),
                model: "gpt-image-1".into(),
                configured: true,
                engines: Vec::new(),
            }],
            ..(*world.state.config).clone()
        });
        let job = start_image(&hosted, world.user_id, image_request(&world, "a jar"))
            .await
            .unwrap()
            .remove(0);
        assert_eq!(
            engine_of(&job),
            Some(ImageEngine::HostedExact),
            "the default"
        );
        let mut studio = image_request(&world, "a jar");
        studio.engine = Some(ImageEngine::Studio).into();
        let job = start_image(&hosted, world.user_id, studio)
            .await
            .unwrap()
            .remove(0);
        assert_eq!(engine_of(&job), Some(ImageEngine::Studio));
        let unknown = serde_json::json!({ "engine": "dall-e" });
        assert!(serde_json::from_value::<GenerateImageRequest>(unknown).is_err());
    }

    #[tokio::test]
    async fn a_set_of_variations_is_paid_whole_or_not_at_all() {
        let world = TestWorld::new().await;
        let mut four = image_request(&world, "a serum on marble");
        four.variations = Variations::new(4).unwrap();
        let jobs = start_image(&world.state, world.user_id, four)
            .await
            .unwrap();
        assert_eq!(jobs.len(), 4);
        let variations: Vec<u8> = jobs
            .iter()
            .map(|job| {
                serde_json::from_value::<JobPayload>(job.payload.clone())
                    .unwrap()
                    .variation()
            })
            .collect();
        assert_eq!(variations, [0, 1, 2, 3]);
        assert_eq!(credits(&world).await, 6);
        // Six credits left: a second set of four fits, a third does not, and costs nothing.
        let mut again = image_request(&world, "a serum on linen");
        again.variations = Variations::new(4).unwrap();
        start_image(&world.state, world.user_id, again)
            .await
            .unwrap();
        let mut refused = image_request(&world, "a serum on slate");
        refused.variations = Variations::new(4).unwrap();
        let error = start_image(&world.state, world.user_id, refused)
            .await
            .unwrap_err();
        assert!(matches!(error, ApiError::InsufficientCredits), "{error:?}");
        assert_eq!(credits(&world).await, 2);
    }
}
