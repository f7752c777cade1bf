//! The chat: `POST /api/chat/send` (the assistant answers with a structured response),
//! `GET /api/chat/history`, `GET /api/chat/status/{id}` and
//! `POST /api/chat/generate/{messageId}` (a generation started from the assistant's brief).

use axum::extract::State;
use chrono::{DateTime, Utc};
use domain::{
    Generation, MediaItem, MediaKind, MessageContext, MessageRole, OptionalId, ProcessingStatus,
    StructuredResponse,
};
use serde::{Deserialize, Serialize};
use store::Message;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path, Query};
use crate::media_files::{file_url, preview_url};
use crate::models::{success, Page, Success};
use crate::routes::compat;
use crate::routes::jobs::StartedJob;
use crate::services::chat::{self, ChatGenerateRequest, SendRequest};
use crate::services::scenes::SceneRef;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send))
        .routes(routes!(history))
        .routes(routes!(status))
        .routes(routes!(generate))
}

/// A chat message as the client shows it.
#[derive(Serialize, ToSchema)]
pub struct MessageView {
    id: Uuid,
    content: String,
    role: MessageRole,
    timestamp: DateTime<Utc>,
    /// The user message an assistant message answers.
    parent_id: Option<Uuid>,
    processing_status: ProcessingStatus,
    error: Option<String>,
    structured_response: Option<StructuredAnswer>,
    /// Media generated from this message, oldest first.
    media: Vec<MessageMedia>,
    /// The generation started from this message.
    generation: Option<Generation>,
    context: MessageContext,
    reference_images: Vec<Uuid>,
}

impl From<Message> for MessageView {
    fn from(m: Message) -> Self {
        Self {
            id: m.id,
            role: m.role,
            timestamp: m.created_at,
            parent_id: m.parent_message_id,
            processing_status: m.processing_status,
            structured_response: structured_answer(&m),
            media: m.media.iter().map(MessageMedia::from).collect(),
            generation: m.generation,
            context: m.context,
            content: m.content,
            error: m.error,
            reference_images: m.reference_image_ids,
        }
    }
}

/// A generated media item as answered: the stored item with the URLs that serve it.
#[derive(Serialize, ToSchema)]
pub struct MessageMedia {
    #[serde(rename = "type")]
    kind: MediaKind,
    /// The asset's id.
    id: Uuid,
    url: String,
    /// None for music, which has no picture.
    #[serde(rename = "thumbnailUrl")]
    thumbnail_url: Option<String>,
    #[serde(rename = "creditCost")]
    credit_cost: i64,
    /// The prompt the media was made from.
    alt: Option<String>,
    width: Option<i64>,
    height: Option<i64>,
}

impl From<&MediaItem> for MessageMedia {
    fn from(item: &MediaItem) -> Self {
        Self {
            kind: item.kind,
            id: item.asset_id,
            url: file_url(item.asset_id),
            thumbnail_url: preview_url(item.asset_id, Some(item.kind)),
            credit_cost: item.credit_cost,
            alt: item.alt.clone(),
            width: item.width,
            height: item.height,
        }
    }
}

/// The structured response as answered: the assistant's fields and, under `media`, the
/// latest media of each kind generated from the message.
#[derive(Serialize, ToSchema)]
pub struct StructuredAnswer {
    #[serde(flatten)]
    response: StructuredResponse,
    media: LatestMedia,
}

/// The latest media of each kind generated from a message; a kind not generated is absent.
#[derive(Default, Serialize, ToSchema)]
pub struct LatestMedia {
    #[serde(skip_serializing_if = "Option::is_none")]
    image: Option<MediaLink>,
    #[serde(skip_serializing_if = "Option::is_none")]
    video: Option<MediaLink>,
    #[serde(skip_serializing_if = "Option::is_none")]
    audio: Option<MediaLink>,
}

#[derive(Serialize, ToSchema)]
pub struct MediaLink {
    url: String,
    asset_id: Uuid,
    credit_cost: i64,
}

fn structured_answer(message: &Message) -> Option<StructuredAnswer> {
    let mut media = LatestMedia::default();
    for item in &message.media {
        let link = Some(MediaLink {
            url: file_url(item.asset_id),
            asset_id: item.asset_id,
            credit_cost: item.credit_cost,
        });
        match item.kind {
            MediaKind::Image => media.image = link,
            MediaKind::Video => media.video = link,
            MediaKind::Audio => media.audio = link,
        }
    }
    Some(StructuredAnswer {
        response: message.structured_response.clone()?,
        media,
    })
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
    structured_response: Option<StructuredAnswer>,
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
    let answer = chat::send(&state, current.user.id, request).await?;
    Ok(success(send_response(answer)))
}

fn send_response(message: Message) -> SendResponse {
    SendResponse {
        metadata: MessageMetadata {
            scene_id: message.scene_id,
        },
        structured_response: structured_answer(&message),
        message: message.into(),
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryQuery {
    #[serde(default)]
    #[param(value_type = Option<Uuid>)]
    project_id: OptionalId,
    #[serde(default)]
    #[param(value_type = Option<Uuid>)]
    scene_id: OptionalId,
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
    params(HistoryQuery, Page<50>),
    responses((status = 200, body = Success<History>), (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn history(
    State(state): State<AppState>,
    current: CurrentUser,
    Query(query): Query<HistoryQuery>,
    page: Page<50>,
) -> ApiResult<Json<Success<History>>> {
    let scene = SceneRef::required(query.project_id, query.scene_id)?;
    let (messages, total) = chat::history(&state, current.user.id, scene, page).await?;
    Ok(success(History {
        messages: messages.into_iter().map(Into::into).collect(),
        pagination: Pagination {
            page: page.number,
            per_page: page.size,
            total,
        },
    }))
}

#[derive(Serialize, ToSchema)]
pub struct StatusAnswer {
    message: String,
    structured_response: Option<StructuredAnswer>,
}

/// The chat status poll's shape: everything at the top level.
#[derive(Serialize, ToSchema)]
pub struct MessageStatus {
    processing_status: ProcessingStatus,
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
    let message = chat::message(&state, current.user.id, &id).await?;
    let response =
        (message.processing_status == ProcessingStatus::Completed).then(|| StatusAnswer {
            message: message.content.clone(),
            structured_response: structured_answer(&message),
        });
    Ok(Json(MessageStatus {
        processing_status: message.processing_status,
        response,
        error: message.error,
    }))
}

/// The jobs a message started: the started-job answer of every generate route, and the
/// message.
#[derive(Serialize, ToSchema)]
pub struct ChatGenerationStarted {
    message_id: Uuid,
    #[serde(flatten)]
    job: StartedJob,
    /// The first job again, under the older contract's name.
    video_generation: compat::VideoGeneration,
}

/// Starts the generation an assistant message is ready for, from its refined prompt (or an
/// edited one): one job per variation asked for (images: 1–4, 1 credit each, all started or
/// none); the message's `generation` follows the jobs.
#[utoipa::path(post, path = "/api/chat/generate/{message_id}", tag = "chat", operation_id = "chatGenerate",
    params(("message_id" = String, Path)),
    request_body = ChatGenerateRequest,
    responses((status = 200, body = Success<ChatGenerationStarted>), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 403, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(message_id): Path<String>,
    Json(request): Json<ChatGenerateRequest>,
) -> ApiResult<Json<Success<ChatGenerationStarted>>> {
    let (message, jobs) =
        chat::generate_from_message(&state, current.user.id, &message_id, request).await?;
    let job = StartedJob::set(&jobs);
    Ok(success(ChatGenerationStarted {
        message_id: message.id,
        video_generation: compat::VideoGeneration { id: job.job_id },
        job,
    }))
}
