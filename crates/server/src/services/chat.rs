//! The chat with a campaign's creative assistant: a user's message is stored once (a repeat
//! within a few seconds shares the first answer), the assistant answers within a short wait
//! or the answer is finished in the background, and a brief the assistant settled on can be
//! turned into a generation.

use std::time::Duration;

use domain::{
    BriefKind, Choice, Generation, GenerationState, ImageEngine, LookupId, MediaItem, MediaKind,
    MessageContext, MessageRole, OptionalId, ProcessingStatus, SettingsInput, StructuredResponse,
    Variations,
};
use jobs::JobPayload;
use serde::Deserialize;
use store::{Message, Stored};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::models::Page;
use crate::services::designs::{self, CopyInput};
use crate::services::generation::{self, GenerationContext, Target};
use crate::services::ownership::{self, MESSAGE_NOT_FOUND};
use crate::services::scenes::SceneRef;
use crate::state::AppState;

/// The same content from the same sender in one campaign within this window is stored once.
const DUPLICATE_WINDOW_SECONDS: i64 = 5;
/// How long a send waits for the assistant before answering with a pending message.
const REPLY_WAIT: Duration = Duration::from_secs(2);
/// When the background reply job may start if the answer is still pending by then.
const REPLY_BACKSTOP: Duration = Duration::from_secs(120);

#[derive(Debug, Deserialize, ToSchema)]
pub struct SendRequest {
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    project_id: OptionalId,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    scene_id: OptionalId,
    /// Up to 4,000 characters; may be empty when reference images are attached.
    message: Option<String>,
    #[serde(default)]
    context: GenerationContext,
    /// Ids of the user's reference images attached to this message (at most 3).
    #[schema(max_items = 3)]
    reference_images: Option<Vec<Uuid>>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatGenerateRequest {
    /// The message's project; another names nothing of the user's.
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    project_id: LookupId,
    #[serde(default)]
    settings: SettingsInput,
    /// `image` (default) or `video`.
    #[serde(default)]
    #[schema(value_type = Option<BriefKind>)]
    media_type: Choice<BriefKind>,
    /// An edited prompt to use instead of the assistant's refined one.
    prompt: Option<String>,
    /// Who draws the image: `hosted_exact` (the configured hosted image model paints the
    /// scene around the product photo's own pixels), `hosted` (the model redraws the whole
    /// picture, the product included) or `studio` (the studio's engine, offline). Default:
    /// hosted_exact when a hosted image model is configured, else studio.
    #[serde(default)]
    #[schema(value_type = Option<ImageEngine>)]
    engine: Choice<ImageEngine>,
    /// How many images to make of the brief (1–4, default 1): one job each, each with its
    /// own seed and composition, 1 credit each, all started or none. Images only.
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 4)]
    #[serde(default)]
    variations: Variations,
}

pub const VARIATIONS_ARE_IMAGES: &str = "Variations are made of images only";

/// Sends the user's message to the campaign's assistant and answers with the assistant's
/// message: completed when it answered within the wait, else pending (finished later by
/// the still-running call, or by a backstop job if this process dies first).
pub async fn send(state: &AppState, user_id: Uuid, request: SendRequest) -> ApiResult<Message> {
    let question = user_message(state, user_id, request).await?;
    // Its attachments stop being drafts (which are removed after a day) before the message
    // exists, so a sent message never loses them.
    state
        .store
        .mark_reference_images_sent(user_id, &question.reference_image_ids)
        .await?;
    let stored = state
        .store
        .store_user_message(
            &question,
            chrono::Duration::seconds(DUPLICATE_WINDOW_SECONDS),
        )
        .await?;
    let question = match stored {
        Stored::New(message) => message,
        Stored::Duplicate(earlier) => match shared_answer(state, user_id, &earlier).await? {
            Some(answer) => return Ok(answer),
            None => earlier,
        },
    };
    answer(state, question).await
}

/// The user's message as it will be stored, once everything it names is checked.
async fn user_message(state: &AppState, user_id: Uuid, request: SendRequest) -> ApiResult<Message> {
    let scene = SceneRef::required(request.project_id, request.scene_id)?
        .owned(state, user_id)
        .await?;
    let text = request.message.as_deref().unwrap_or("").trim().to_owned();
    if text.chars().count() > ai::MAX_MESSAGE_CHARS {
        return Err(ApiError::validation(
            "message",
            format!(
                "The message is too long: at most {} characters",
                ai::MAX_MESSAGE_CHARS
            ),
        ));
    }
    let settings = request.context.settings(scene.settings);
    let attached = attached_images(state, user_id, request.reference_images.as_deref()).await?;
    if text.is_empty() && attached.is_empty() {
        return Err(ApiError::validation(
            "message",
            "Please enter a message or attach a product image",
        ));
    }
    let context = MessageContext {
        scene_id: scene.id,
        pre_production_settings: settings,
    };
    let mut message = new_message(user_id, scene.project_id, MessageRole::User, context);
    message.content = text;
    message.reference_image_ids = attached;
    Ok(message)
}

/// The user's reference images attached to a message: at most three (counted before any is
/// looked up), each the user's own.
async fn attached_images(
    state: &AppState,
    user_id: Uuid,
    named: Option<&[Uuid]>,
) -> ApiResult<Vec<Uuid>> {
    generation::check_reference_image_count(named.map_or(0, <[Uuid]>::len))?;
    let mut attached = Vec::new();
    for &id in named.unwrap_or_default() {
        let image = state
            .store
            .reference_image(user_id, id)
            .await
            .map_err(not_found("Reference image not found"))?;
        attached.push(image.id);
    }
    Ok(attached)
}

/// A new message in the campaign of `context`.
fn new_message(
    user_id: Uuid,
    project_id: Uuid,
    role: MessageRole,
    context: MessageContext,
) -> Message {
    let at = store::now();
    Message {
        id: Uuid::new_v4(),
        user_id,
        project_id,
        scene_id: context.scene_id,
        role,
        content: String::new(),
        structured_response: None,
        parent_message_id: None,
        processing_status: ProcessingStatus::Completed,
        error: None,
        generation: None,
        media: Vec::new(),
        context,
        reference_image_ids: Vec::new(),
        created_at: at,
        updated_at: at,
    }
}

/// A repeated send shares the first one's answer rather than asking the assistant twice;
/// the first send may still be waiting for it, so this waits as long as that one does.
async fn shared_answer(
    state: &AppState,
    user_id: Uuid,
    earlier: &Message,
) -> ApiResult<Option<Message>> {
    let deadline = tokio::time::Instant::now() + REPLY_WAIT + Duration::from_millis(500);
    loop {
        if let Some(reply) = state.store.reply_to(user_id, earlier.id).await? {
            return Ok(Some(reply));
        }
        if tokio::time::Instant::now() >= deadline {
            return Ok(None);
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Asks the assistant on a task of its own, so that a call outlasting the wait still
/// finishes the answer it left pending.
async fn answer(state: &AppState, question: Message) -> ApiResult<Message> {
    let request =
        jobs::assistant::assistant_request(&state.store, &state.storage, &question).await?;
    let assistant = state.assistant.clone();
    let mut call = tokio::spawn(async move { assistant.reply(&request).await });
    let answered = match tokio::time::timeout(REPLY_WAIT, &mut call).await {
        Ok(Ok(Ok(reply))) => Some(reply),
        Ok(Ok(Err(e))) => {
            tracing::warn!(error = %e, "the assistant failed; the answer is retried in the background");
            None
        }
        Ok(Err(e)) => return Err(ApiError::Internal(e.into())),
        Err(_) => None,
    };
    let mut answer = new_message(
        question.user_id,
        question.project_id,
        MessageRole::Assistant,
        question.context,
    );
    answer.parent_message_id = Some(question.id);
    if let Some(mut reply) = answered {
        answer.media = set_proposed_ad(state, &question, &mut reply).await?;
        answer.content = reply.content;
        answer.structured_response = Some(reply.structured);
        return Ok(state.store.insert_message(&answer).await?);
    }
    answer.processing_status = ProcessingStatus::Pending;
    let pending = state.store.insert_message(&answer).await?;
    let target = Target {
        user_id: question.user_id,
        project_id: question.project_id,
        scene_id: Some(question.scene_id),
        message_id: None,
    };
    let payload = JobPayload::AssistantReply {
        message_id: pending.id,
    };
    generation::enqueue_backstop(state, target, payload, REPLY_BACKSTOP).await?;
    let state = state.clone();
    let answer_id = pending.id;
    tokio::spawn(async move {
        if let Ok(Ok(mut reply)) = call.await {
            let media = match set_proposed_ad(&state, &question, &mut reply).await {
                Ok(media) => media,
                Err(e) => {
                    tracing::warn!(error = %e, "could not set the proposed ad; the reply job answers");
                    return;
                }
            };
            let completed = state
                .store
                .complete_message(answer_id, &reply.content, &reply.structured, &media)
                .await;
            if let Err(e) = completed {
                tracing::warn!(error = %e, "could not record a late answer; the reply job will");
            }
        }
    });
    Ok(pending)
}

/// Sets the ad the assistant proposed on the scene's newest picture at once — typesetting,
/// free, no job — in the brand kit (its logo when it has one); the answer carries the design
/// as its media. A line the layout cannot set legibly leaves the copy proposed, and the answer
/// says why in the layout's words.
async fn set_proposed_ad(
    state: &AppState,
    question: &Message,
    reply: &mut ai::AssistantReply,
) -> ApiResult<Vec<MediaItem>> {
    let Some(ad) = reply.structured.ad.as_mut() else {
        return Ok(Vec::new());
    };
    let (user_id, project_id) = (question.user_id, question.project_id);
    let Some(picture) =
        jobs::assistant::latest_picture(&state.store, user_id, project_id, question.scene_id)
            .await?
    else {
        return Ok(Vec::new());
    };
    let kit = state.store.brand_kit(user_id, project_id).await?;
    let copy = CopyInput {
        headline: ad.headline.clone(),
        subline: None,
        offer: ad.offer.clone(),
        cta: Some(ad.cta.clone()),
        logo: kit.logo.is_some(),
    };
    match designs::make(state, user_id, picture.id, copy, ad.template).await {
        Ok(design) => {
            ad.design_id = Some(design.id);
            Ok(vec![MediaItem {
                kind: MediaKind::Image,
                asset_id: design.id,
                credit_cost: design.credit_cost,
                alt: Some(ad.headline.clone()),
                width: design.width,
                height: design.height,
            }])
        }
        Err(ApiError::Validation { message, .. }) => {
            reply.content = reply.content.replace(
                ai::ad::SET_ON_PICTURE,
                &format!("I couldn't set it on your latest picture: {message}"),
            );
            Ok(Vec::new())
        }
        Err(e) => Err(e),
    }
}

/// A campaign's conversation, a page at a time (page 1 = the newest messages), with the
/// number of messages in all.
pub async fn history(
    state: &AppState,
    user_id: Uuid,
    scene: SceneRef,
    page: Page<50>,
) -> ApiResult<(Vec<Message>, i64)> {
    let scene = scene.owned(state, user_id).await?;
    Ok(state
        .store
        .scene_messages(user_id, scene.id, page.number, page.size)
        .await?)
}

/// The user's message named by an id as the client sent it.
pub async fn message(state: &AppState, user_id: Uuid, id: &str) -> ApiResult<Message> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| ApiError::NotFound(MESSAGE_NOT_FOUND))?;
    state
        .store
        .message(user_id, id)
        .await
        .map_err(not_found(MESSAGE_NOT_FOUND))
}

/// Starts the generation an assistant message is ready for, from its refined prompt (or an
/// edited one), one job per variation asked for. The message's generation names the first
/// job before the jobs exist, so a job that finishes at once cannot be overwritten; it is
/// restored if the jobs cannot start.
pub async fn generate_from_message(
    state: &AppState,
    user_id: Uuid,
    message_id: &str,
    request: ChatGenerateRequest,
) -> ApiResult<(Message, Vec<store::Job>)> {
    let count = request.variations.count();
    let message = message(state, user_id, message_id).await?;
    let elsewhere = match request.project_id {
        LookupId::Absent => false,
        LookupId::Id(project_id) => project_id != message.project_id,
        LookupId::Nothing => true,
    };
    if elsewhere {
        return Err(ApiError::NotFound(MESSAGE_NOT_FOUND));
    }
    let scene =
        ownership::owned_scene(state, user_id, message.project_id, message.scene_id).await?;
    let (kind, flag) = brief_kind(request.media_type.get().unwrap_or_default());
    if kind != MediaKind::Image && count > 1 {
        return Err(ApiError::validation("variations", VARIATIONS_ARE_IMAGES));
    }
    let prompt = brief_prompt(&message, kind, request.prompt.as_deref())?;
    if kind == MediaKind::Video {
        generation::check_video_allowed(state, user_id).await?;
    }
    let settings = request.settings.apply_to(scene.settings);
    let engine = generation::image_engine(state, request.engine.get())?;
    let reference_image_ids = brief_photos(state, user_id, &message).await?;
    let payload = match kind {
        MediaKind::Video => JobPayload::Video {
            prompt,
            reference_image_ids,
            quality: settings.quality,
            resolution: settings.resolution,
            duration: settings.duration,
        },
        _ => JobPayload::Image {
            prompt,
            reference_image_ids,
            quality: settings.quality,
            resolution: settings.resolution,
            engine,
            variation: 0,
        },
    };
    let target = Target {
        user_id,
        project_id: message.project_id,
        scene_id: Some(scene.id),
        message_id: Some(message.id),
    };
    let job_id = Uuid::new_v4();
    let started = Generation {
        action: kind,
        state: GenerationState::Generating,
        flag: Some(flag.to_owned()),
        job_id,
        error: None,
    };
    state
        .store
        .set_message_generation(user_id, message.id, Some(&started))
        .await?;
    match generation::enqueue_variations(state, job_id, target, payload, count).await {
        Ok(jobs) => Ok((message, jobs)),
        Err(e) => {
            state
                .store
                .set_message_generation(user_id, message.id, message.generation.as_ref())
                .await?;
            Err(e)
        }
    }
}

/// Which brief to follow: `image` (the default) or `video`, with the flag the assistant
/// set when that brief was ready.
fn brief_kind(kind: BriefKind) -> (MediaKind, &'static str) {
    match kind {
        BriefKind::Image => (MediaKind::Image, "ready_for_image"),
        BriefKind::Video => (MediaKind::Video, "ready_for_video"),
    }
}

/// The edited prompt if one was sent, else the assistant's refined prompt for that kind.
fn brief_prompt(message: &Message, kind: MediaKind, edited: Option<&str>) -> ApiResult<String> {
    let edited = generation::prompt_text(edited)?;
    if !edited.is_empty() {
        return Ok(edited);
    }
    let structured: Option<&StructuredResponse> = message.structured_response.as_ref();
    let refined = structured.and_then(|s| match kind {
        MediaKind::Video => s.refined_video_prompt.as_deref(),
        _ => s.refined_image_prompt.as_deref(),
    });
    refined
        .map(str::trim)
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| {
            ApiError::validation(
                "media_type",
                format!("Cannot regenerate: no {} prompt found", kind.as_str()),
            )
        })
}

/// The photos the brief was written for: those attached to it or to the question it
/// answers, else the campaign's product photos; at most three.
async fn brief_photos(state: &AppState, user_id: Uuid, message: &Message) -> ApiResult<Vec<Uuid>> {
    let mut ids = message.reference_image_ids.clone();
    if let Some(parent) = message.parent_message_id {
        if let Ok(parent) = state.store.message(user_id, parent).await {
            ids.extend(parent.reference_image_ids);
        }
    }
    if ids.is_empty() {
        ids = generation::reference_images(state, user_id, message.scene_id, None).await?;
    }
    ids.truncate(store::MAX_REFERENCE_IMAGES as usize);
    Ok(ids)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::testing::TestWorld;

    fn say(world: &TestWorld, text: &str) -> SendRequest {
        SendRequest {
            project_id: Some(world.project_id).into(),
            scene_id: Some(world.scene_id).into(),
            message: Some(text.into()),
            context: GenerationContext::default(),
            reference_images: None,
        }
    }

    #[tokio::test]
    async fn a_message_is_answered_and_a_repeat_shares_the_answer() {
        let world = TestWorld::new().await;
        let text = "my white ceramic mug on a wooden kitchen table, morning light";
        let answer = send(&world.state, world.user_id, say(&world, text))
            .await
            .unwrap();
        assert_eq!(answer.role, MessageRole::Assistant);
        assert_eq!(answer.processing_status, ProcessingStatus::Completed);
        let brief = answer.structured_response.clone().unwrap();
        assert!(brief.refined_image_prompt.is_some(), "{brief:?}");
        let again = send(&world.state, world.user_id, say(&world, text))
            .await
            .unwrap();
        assert_eq!(again.id, answer.id);
        let scene = SceneRef {
            project_id: world.project_id,
            scene_id: world.scene_id,
        };
        let page = Page::new(None, None).unwrap();
        let (messages, total) = history(&world.state, world.user_id, scene, page)
            .await
            .unwrap();
        assert_eq!(total, 2, "{messages:?}");
    }

    #[tokio::test]
    async fn an_empty_message_or_a_strangers_campaign_is_refused() {
        let world = TestWorld::new().await;
        let error = send(&world.state, world.user_id, say(&world, "   "))
            .await
            .unwrap_err();
        assert_eq!(
            error.to_string(),
            "Please enter a message or attach a product image"
        );
        let (stranger, _, _) = TestWorld::seller(&world.state, "stranger@example.com").await;
        let error = send(&world.state, stranger, say(&world, "hello"))
            .await
            .unwrap_err();
        assert!(matches!(error, ApiError::NotFound(_)), "{error:?}");
        let error = message(&world.state, world.user_id, "not-an-id")
            .await
            .unwrap_err();
        assert!(
            matches!(error, ApiError::NotFound(MESSAGE_NOT_FOUND)),
            "{error:?}"
        );
    }

    #[tokio::test]
    async fn a_brief_becomes_a_generation_that_the_message_names() {
        let world = TestWorld::new().await;
        let answer = send(
            &world.state,
            world.user_id,
            say(&world, "an amber serum bottle on marble"),
        )
        .await
        .unwrap();
        let request = || ChatGenerateRequest {
            project_id: LookupId::Absent,
            settings: SettingsInput::default(),
            media_type: Choice::default(),
            prompt: None,
            engine: Choice::default(),
            variations: Variations::default(),
        };
        let (_, job) = generate_from_message(
            &world.state,
            world.user_id,
            &answer.id.to_string(),
            request(),
        )
        .await
        .unwrap();
        let stored = message(&world.state, world.user_id, &answer.id.to_string())
            .await
            .unwrap();
        let generation = stored.generation.unwrap();
        assert_eq!(generation.job_id, job[0].id);
        assert_eq!(generation.state, GenerationState::Generating);
        let gif = serde_json::json!({ "media_type": "gif" });
        let error = serde_json::from_value::<ChatGenerateRequest>(gif).unwrap_err();
        assert!(
            error
                .to_string()
                .ends_with("Unknown media_type 'gif'. Expected image or video"),
            "{error}"
        );
    }
}
