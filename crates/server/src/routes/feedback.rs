//! Feedback on generated media (`POST /api/media/feedback`).

use axum::extract::State;
use domain::{FeedbackReason, Reaction};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::services::feedback::{self, FeedbackRequest};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(give_feedback))
}

#[derive(Serialize, ToSchema)]
pub struct FeedbackSaved {
    message_id: Uuid,
    reaction: Reaction,
    reason: Option<FeedbackReason>,
}

/// Feedback on a message's media; a second one from the same user replaces the first.
#[utoipa::path(post, path = "/api/media/feedback", tag = "feedback", operation_id = "giveFeedback",
    request_body = FeedbackRequest,
    responses((status = 200, body = crate::models::Success<FeedbackSaved>), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn give_feedback(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<FeedbackRequest>,
) -> ApiResult<Json<crate::models::Success<FeedbackSaved>>> {
    let feedback = feedback::give_feedback(&state, current.user.id, request).await?;
    Ok(crate::models::success(FeedbackSaved {
        message_id: feedback.message_id,
        reaction: feedback.reaction,
        reason: feedback.reason,
    }))
}
