//! The chat: `POST /api/chat/send` (the assistant answers with a structured response),
//! `GET /api/chat/history`, `GET /api/chat/status/{id}` and
//! `POST /api/chat/generate/{messageId}` (a generation started from the assistant's brief).

use axum::extract::{Query, State};
use chrono::{DateTime, Utc};
use domain::{
    Generation, GenerationState, MediaItem, MediaKind, MessageContext, MessageRole,
    ProcessingStatus, StructuredResponse,
};
use jobs::JobPayload;
use serde::{Deserialize, Serialize};
use serde_json::json;
use store::{Message, Stored};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::media_files::{file_url, preview_url};
use crate::models::{success, SettingsInput, Success};
use crate::services::generation::{self, GenerationContext, Target};
use crate::services::scenes::SceneRef;
use crate::state::AppState;

/// The same content from the same sender in one scene within this window is stored once.
const DUPLICATE_WINDOW_SECONDS: i64 = 5;
/// How long a send waits for the assistant before answering with a pending message.
const REPLY_WAIT: std::time::Duration = std::time::Duration::from_secs(2);
/// When the background reply job may start if the answer is still pending by then.
const REPLY_BACKSTOP: std::time::Duration = std::time::Duration::from_secs(120);
const MESSAGE_NOT_FOUND: &str = "Message not found";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send))
        .routes(routes!(history))
        .routes(routes!(status))
        .routes(routes!(generate))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct SendRequest {
    project_id: Option<String>,
    scene_id: Option<String>,
    /// Up to 4,000 characters; may be empty when reference images are attached.
    message: Option<String>,
    #[serde(default)]
    context: GenerationContext,
    /// Ids of the user's reference images attached to this message.
    reference_images: Option<Vec<String>>,
}

/// A chat message as the client shows it.
#[derive(Serialize, ToSchema)]
pub struct MessageView {
    id: Uuid,
    content: String,
    /// `user` or `assistant`.
    role: &'static str,
    /// `user` or `ai`.
    sender: &'static str,
    /// `user` or `assistant`.
    #[serde(rename = "type")]
    kind: &'static str,
    timestamp: DateTime<Utc>,
    /// The user message an assistant message answers.
    parent_id: Option<Uuid>,
    parent_message_id: Option<Uuid>,
    /// pending, completed or failed.
    processing_status: &'static str,
    error: Option<String>,
    structured_response: Option<serde_json::Value>,
    /// Media generated from this message.
    media: serde_json::Value,
    /// The generation started from this message: action, state, flag, job_id, error.
    generation: Option<serde_json::Value>,
    context: serde_json::Value,
    reference_images: Vec<Uuid>,
}

impl From<Message> for MessageView {
    fn from(m: Message) -> Self {
        Self {
            sender: match m.role {
                MessageRole::User => "user",
                MessageRole::Assistant => "ai",
            },
            kind: m.role.as_str(),
            id: m.id,
            role: m.role.as_str(),
            timestamp: m.created_at,
            parent_id: m.parent_message_id,
            parent_message_id: m.parent_message_id,
            processing_status: m.processing_status.as_str(),
            structured_response: structured_json(&m),
            media: m.media.iter().map(media_json).collect(),
            generation: m.generation.as_ref().map(|g| json!(g)),
            context: json!(m.context),
            content: m.content,
            error: m.error,
            reference_images: m.reference_image_ids,
        }
    }
}

/// A generated media item as answered: the stored item with the URLs that serve it.
fn media_json(item: &MediaItem) -> serde_json::Value {
    json!({
        "type": item.kind,
        "url": file_url(item.asset_id),
        "id": item.asset_id,
        "asset_id": item.asset_id,
        "creditCost": item.credit_cost,
        "alt": item.alt,
        "width": item.width,
        "height": item.height,
        "thumbnailUrl": preview_url(item.asset_id, Some(item.kind)),
    })
}

/// The structured response as answered: the assistant's fields and, under `media`, the
/// latest media of each kind generated from the message.
fn structured_json(message: &Message) -> Option<serde_json::Value> {
    let mut value = json!(message.structured_response.as_ref()?);
    let media: serde_json::Map<String, serde_json::Value> = message
        .media
        .iter()
        .map(|item| {
            let link = json!({
                "url": file_url(item.asset_id),
                "asset_id": item.asset_id,
                "credit_cost": item.credit_cost,
            });
            (item.kind.as_str().to_owned(), link)
        })
        .collect();
    value["media"] = serde_json::Value::Object(media);
    Some(value)
}

#[derive(Serialize, ToSchema)]
pub struct MessageMetadata {
    scene_id: Uuid,
}

#[derive(Serialize, ToSchema)]
pub struct SendResponse {
    /// The assistant's answer (its `parent_id` is the user's message).
    message: MessageView,
    metadata: MessageMetadata,
    /// The same as `message.structured_response`; null while pending.
    structured_response: Option<serde_json::Value>,
}

/// Sends a message to the scene's assistant; answers with the assistant's message.
#[utoipa::path(post, path = "/api/chat/send", tag = "chat", operation_id = "chatSend",
    request_body = SendRequest,
    responses((status = 200, body = Success<SendResponse>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn send(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<SendRequest>,
) -> ApiResult<Json<Success<SendResponse>>> {
    let user_id = current.user.id;
    let scene = SceneRef::parse(request.project_id.as_deref(), request.scene_id.as_deref())?
        .owned(&state, user_id)
        .await?;
    let project_id = scene.project_id;
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
    let settings = request.context.settings(scene.settings)?;
    let mut attached = Vec::new();
    for id in request.reference_images.as_deref().unwrap_or_default() {
        let id = Uuid::parse_str(id.trim()).map_err(|_| {
            ApiError::validation(
                "reference_images",
                "Reference images are given by their ids",
            )
        })?;
        attached.push(
            state
                .store
                .reference_image(user_id, id)
                .await
                .map_err(not_found("Reference image not found"))?,
        );
    }
    if attached.len() > store::MAX_REFERENCE_IMAGES as usize {
        return Err(ApiError::validation(
            "reference_images",
            "You can only upload up to 3 reference images.",
        ));
    }
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
    let sent_at = store::now();
    let user_message = Message {
        id: Uuid::new_v4(),
        user_id,
        project_id,
        scene_id: scene.id,
        role: MessageRole::User,
        content: text.clone(),
        structured_response: None,
        parent_message_id: None,
        processing_status: ProcessingStatus::Completed,
        error: None,
        generation: None,
        media: Vec::new(),
        context,
        reference_image_ids: attached.iter().map(|i| i.id).collect(),
        created_at: sent_at,
        updated_at: sent_at,
    };
    let stored = state
        .store
        .store_user_message(
            &user_message,
            chrono::Duration::seconds(DUPLICATE_WINDOW_SECONDS),
        )
        .await?;
    let user_message = match stored {
        Stored::Duplicate(earlier) => {
            // The first send may still be waiting for its answer: share it rather than ask twice.
            let deadline =
                tokio::time::Instant::now() + REPLY_WAIT + std::time::Duration::from_millis(500);
            loop {
                if let Some(reply) = state.store.reply_to(user_id, earlier.id).await? {
                    return Ok(success(send_response(reply)));
                }
                if tokio::time::Instant::now() >= deadline {
                    break;
                }
                tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            }
            earlier
        }
        Stored::New(message) => message,
    };

    let request =
        jobs::assistant::assistant_request(&state.store, &state.storage, &user_message).await?;
    let answer_id = Uuid::new_v4();
    let answer =
        |content: String, structured: Option<StructuredResponse>, status: ProcessingStatus| {
            let at = store::now();
            Message {
                id: answer_id,
                user_id,
                project_id,
                scene_id: scene.id,
                role: MessageRole::Assistant,
                content,
                structured_response: structured,
                parent_message_id: Some(user_message.id),
                processing_status: status,
                error: None,
                generation: None,
                media: Vec::new(),
                context,
                reference_image_ids: Vec::new(),
                created_at: at,
                updated_at: at,
            }
        };
    // The call runs on its own task: if it outlasts the wait, it still finishes the answer.
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
    let answer = match answered {
        Some(reply) => {
            state
                .store
                .insert_message(&answer(
                    reply.content,
                    Some(reply.structured),
                    ProcessingStatus::Completed,
                ))
                .await?
        }
        None => {
            let pending = state
                .store
                .insert_message(&answer(String::new(), None, ProcessingStatus::Pending))
                .await?;
            let target = Target {
                user_id,
                project_id,
                scene_id: Some(scene.id),
                message_id: None,
            };
            // The call below usually finishes the answer; this job finishes it if the
            // process dies first.
            let payload = JobPayload::AssistantReply {
                message_id: pending.id,
            };
            generation::enqueue_backstop(&state, target, payload, REPLY_BACKSTOP).await?;
            let store = state.store.clone();
            tokio::spawn(async move {
                if let Ok(Ok(reply)) = call.await {
                    if let Err(e) = store
                        .complete_message(answer_id, &reply.content, &reply.structured)
                        .await
                    {
                        tracing::warn!(error = %e, "could not record a late answer; the reply job will");
                    }
                }
            });
            pending
        }
    };
    Ok(success(send_response(answer)))
}

fn send_response(message: Message) -> SendResponse {
    SendResponse {
        metadata: MessageMetadata {
            scene_id: message.scene_id,
        },
        structured_response: structured_json(&message),
        message: message.into(),
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    project_id: Option<String>,
    scene_id: Option<String>,
    /// 1 (default) is the newest page.
    page: Option<i64>,
    /// Default 50, at most 200.
    per_page: Option<i64>,
}

#[derive(Serialize, ToSchema)]
pub struct Pagination {
    page: i64,
    per_page: i64,
    total: i64,
}

#[derive(Serialize, ToSchema)]
pub struct History {
    /// Oldest first within the page.
    messages: Vec<MessageView>,
    pagination: Pagination,
}

/// A scene's conversation, a page at a time (page 1 = the newest messages).
#[utoipa::path(get, path = "/api/chat/history", tag = "chat", operation_id = "chatHistory",
    params(HistoryQuery),
    responses((status = 200, body = Success<History>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn history(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<HistoryQuery>,
) -> ApiResult<Json<Success<History>>> {
    let scene = SceneRef::parse(query.project_id.as_deref(), query.scene_id.as_deref())?
        .owned(&state, current.user.id)
        .await?;
    let page = query.page.unwrap_or(1);
    let per_page = query.per_page.unwrap_or(50);
    if page < 1 {
        return Err(ApiError::validation("page", "page must be 1 or more"));
    }
    if !(1..=200).contains(&per_page) {
        return Err(ApiError::validation(
            "per_page",
            "per_page must be between 1 and 200",
        ));
    }
    let (messages, total) = state
        .store
        .scene_messages(current.user.id, scene.id, page, per_page)
        .await?;
    Ok(success(History {
        messages: messages.into_iter().map(Into::into).collect(),
        pagination: Pagination {
            page,
            per_page,
            total,
        },
    }))
}

#[derive(Serialize, ToSchema)]
pub struct StatusAnswer {
    message: String,
    structured_response: Option<serde_json::Value>,
}

/// The chat status poll's shape: everything at the top level.
#[derive(Serialize, ToSchema)]
pub struct MessageStatus {
    /// pending, completed or failed.
    processing_status: &'static str,
    response: Option<StatusAnswer>,
    error: Option<String>,
}

/// The processing state of an assistant message.
#[utoipa::path(get, path = "/api/chat/status/{id}", tag = "chat", operation_id = "chatStatus",
    params(("id" = String, Path)),
    responses((status = 200, body = MessageStatus), (status = 404, body = ErrorResponse)))]
async fn status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<MessageStatus>> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| ApiError::NotFound(MESSAGE_NOT_FOUND))?;
    let message = state
        .store
        .message(current.user.id, id)
        .await
        .map_err(not_found(MESSAGE_NOT_FOUND))?;
    let response =
        (message.processing_status == ProcessingStatus::Completed).then(|| StatusAnswer {
            message: message.content.clone(),
            structured_response: structured_json(&message),
        });
    Ok(Json(MessageStatus {
        processing_status: message.processing_status.as_str(),
        response,
        error: message.error,
    }))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ChatGenerateRequest {
    project_id: Option<String>,
    #[serde(default)]
    settings: SettingsInput,
    /// `image` (default) or `video`.
    media_type: Option<String>,
    /// An edited prompt to use instead of the assistant's refined one.
    prompt: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct VideoGeneration {
    /// The job id.
    id: Uuid,
}

#[derive(Serialize, ToSchema)]
pub struct ChatGenerateResponse {
    message_id: Uuid,
    job_id: Uuid,
    /// The same job, where older clients read it.
    video_generation: VideoGeneration,
    status: &'static str,
    credit_cost: i64,
}

/// Starts the generation an assistant message is ready for, from its refined prompt (or an
/// edited one); the message's `generation` follows the job.
#[utoipa::path(post, path = "/api/chat/generate/{message_id}", tag = "chat", operation_id = "chatGenerate",
    params(("message_id" = String, Path)),
    request_body = ChatGenerateRequest,
    responses((status = 200, body = Success<ChatGenerateResponse>), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(message_id): Path<String>,
    Json(request): Json<ChatGenerateRequest>,
) -> ApiResult<Json<Success<ChatGenerateResponse>>> {
    let user_id = current.user.id;
    let message_id =
        Uuid::parse_str(message_id.trim()).map_err(|_| ApiError::NotFound(MESSAGE_NOT_FOUND))?;
    let message = state
        .store
        .message(user_id, message_id)
        .await
        .map_err(not_found(MESSAGE_NOT_FOUND))?;
    if let Some(project) = request
        .project_id
        .as_deref()
        .map(str::trim)
        .filter(|p| !p.is_empty())
    {
        if Uuid::parse_str(project).ok() != Some(message.project_id) {
            return Err(ApiError::NotFound(MESSAGE_NOT_FOUND));
        }
    }
    let scene =
        generation::owned_scene(&state, user_id, message.project_id, message.scene_id).await?;
    let media_type = request
        .media_type
        .as_deref()
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .unwrap_or("image");
    let structured = message.structured_response.clone().unwrap_or_default();
    let (kind, refined, flag) = match media_type {
        "image" => (
            MediaKind::Image,
            structured.refined_image_prompt,
            "ready_for_image",
        ),
        "video" => (
            MediaKind::Video,
            structured.refined_video_prompt,
            "ready_for_video",
        ),
        other => {
            return Err(ApiError::validation(
                "media_type",
                format!("Unknown media_type '{other}'. Expected image or video"),
            ))
        }
    };
    let edited = generation::prompt_text(request.prompt.as_deref())?;
    let prompt = if edited.is_empty() {
        refined
            .as_deref()
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .map(str::to_owned)
            .ok_or_else(|| {
                ApiError::validation(
                    "media_type",
                    format!("Cannot regenerate: no {media_type} prompt found"),
                )
            })?
    } else {
        edited
    };
    if kind == MediaKind::Video {
        generation::check_video_allowed(&state)?;
    }
    let settings = request.settings.apply_to(scene.settings)?;
    let mut reference_image_ids = message.reference_image_ids.clone();
    if let Some(parent) = message.parent_message_id {
        if let Ok(parent) = state.store.message(user_id, parent).await {
            reference_image_ids.extend(parent.reference_image_ids);
        }
    }
    if reference_image_ids.is_empty() {
        reference_image_ids = generation::reference_images(&state, user_id, scene.id, None).await?;
    }
    reference_image_ids.truncate(store::MAX_REFERENCE_IMAGES as usize);
    let payload = if kind == MediaKind::Video {
        JobPayload::Video {
            prompt,
            reference_image_ids,
            quality: settings.quality,
            resolution: settings.resolution,
            duration: settings.duration,
        }
    } else {
        JobPayload::Image {
            prompt,
            reference_image_ids,
            quality: settings.quality,
            resolution: settings.resolution,
        }
    };
    let target = Target {
        user_id,
        project_id: message.project_id,
        scene_id: Some(scene.id),
        message_id: Some(message.id),
    };
    // Recorded before the job exists, so a job that finishes at once cannot be overwritten.
    let job_id = Uuid::new_v4();
    let generation = Generation {
        action: kind,
        state: GenerationState::Generating,
        flag: Some(flag.to_owned()),
        job_id,
        error: None,
    };
    state
        .store
        .set_message_generation(user_id, message.id, Some(&generation))
        .await?;
    let job = match generation::enqueue_as(&state, job_id, target, payload).await {
        Ok(job) => job,
        Err(e) => {
            state
                .store
                .set_message_generation(user_id, message.id, message.generation.as_ref())
                .await?;
            return Err(e);
        }
    };
    Ok(success(ChatGenerateResponse {
        message_id: message.id,
        job_id: job.id,
        video_generation: VideoGeneration { id: job.id },
        status: job.status.as_str(),
        credit_cost: job.credit_cost,
    }))
}
