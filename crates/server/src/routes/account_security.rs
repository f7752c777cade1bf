//! Account security: change the password, see the open sessions, end them.

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use store::EndSessions;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::auth::{self, SignInThrottle};
use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{ClientIp, CurrentUser, Json, Path};
use crate::models::{success, Success};
use crate::services::account_security::describe_browser;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_sessions))
        .routes(routes!(end_session))
        .routes(routes!(end_other_sessions))
        .routes(routes!(change_password))
}

/// An open session of the signed-in user.
#[derive(Serialize, ToSchema)]
pub struct SessionView {
    id: Uuid,
    /// The browser and system, e.g. `Chrome on macOS`.
    browser: String,
    /// The address it signed in from.
    address: Option<String>,
    signed_in_at: DateTime<Utc>,
    /// Within the hour: a session's use is recorded at most hourly.
    last_seen_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
    /// The session of this request.
    current: bool,
}

#[derive(Serialize, ToSchema)]
pub struct SessionList {
    sessions: Vec<SessionView>,
    /// A session lasts this many days after its last use.
    session_days: i64,
}

#[derive(Serialize, ToSchema)]
pub struct SessionsEnded {
    /// How many sessions were ended.
    ended: usize,
}

#[derive(Deserialize, ToSchema)]
pub struct ChangePasswordRequest {
    current_password: String,
    new_password: String,
}

/// The signed-in user's open sessions, most recently used first.
#[utoipa::path(get, path = "/api/account/sessions", tag = "account", operation_id = "listSessions",
    responses((status = 200, body = Success<SessionList>), (status = 401, body = ErrorResponse)))]
async fn list_sessions(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Success<SessionList>>> {
    let sessions = state
        .store
        .sessions_of(current.user.id)
        .await?
        .into_iter()
        .map(|s| SessionView {
            id: s.id,
            browser: describe_browser(s.user_agent.as_deref()),
            address: s.address,
            signed_in_at: s.created_at,
            last_seen_at: s.last_seen_at,
            expires_at: s.expires_at,
            current: s.id == current.session_id,
        })
        .collect();
    Ok(success(SessionList {
        sessions,
        session_days: auth::SESSION_DAYS,
    }))
}

/// Ends one of the signed-in user's sessions, everywhere (its event streams close and its
/// media tokens stop working).
#[utoipa::path(delete, path = "/api/account/sessions/{session_id}", tag = "account", operation_id = "endSession",
    params(("session_id" = Uuid, Path)),
    responses((status = 200, body = Success<SessionsEnded>), (status = 401, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn end_session(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(session_id): Path<Uuid>,
) -> ApiResult<Json<Success<SessionsEnded>>> {
    let ended = auth::end_sessions(
        &state.store,
        &state.sessions,
        current.user.id,
        EndSessions::Only(session_id),
    )
    .await?;
    if ended == 0 {
        return Err(ApiError::NotFound("No such session"));
    }
    Ok(success(SessionsEnded { ended }))
}

/// Signs out everywhere else: ends every session of the user but this one.
#[utoipa::path(post, path = "/api/account/sessions/end-others", tag = "account", operation_id = "endOtherSessions",
    responses((status = 200, body = Success<SessionsEnded>), (status = 401, body = ErrorResponse)))]
async fn end_other_sessions(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Success<SessionsEnded>>> {
    let ended = auth::end_sessions(
        &state.store,
        &state.sessions,
        current.user.id,
        EndSessions::AllBut(current.session_id),
    )
    .await?;
    Ok(success(SessionsEnded { ended }))
}

/// Changes the password (the current one is asked for) and ends every other session.
#[utoipa::path(post, path = "/api/account/password", tag = "account", operation_id = "changePassword",
    request_body = ChangePasswordRequest,
    responses((status = 200, body = Success<SessionsEnded>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 429, body = ErrorResponse)))]
async fn change_password(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    current: CurrentUser,
    Json(body): Json<ChangePasswordRequest>,
) -> ApiResult<Json<Success<SessionsEnded>>> {
    let new_password = domain::Password::parse(&body.new_password)
        .map_err(|e| ApiError::validation("new_password", e.message))?;
    let throttle =
        SignInThrottle::check(&state.store, &state.config, ip, &current.user.email).await?;
    let ended = auth::change_password(
        throttle,
        &state.sessions,
        &current,
        &body.current_password,
        &new_password,
    )
    .await?;
    Ok(success(SessionsEnded { ended }))
}
