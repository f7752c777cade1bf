use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum_extra::extract::CookieJar;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::{self, SignInThrottle, SignUp};
use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{ClientIp, CurrentUser, Json};
use crate::models::{success, Success, UserView};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(signup))
        .routes(routes!(signin))
        .routes(routes!(signout))
        .routes(routes!(me))
}

#[derive(Deserialize, ToSchema)]
pub struct SignupRequest {
    email: String,
    password: String,
    given_name: Option<String>,
    family_name: Option<String>,
}

#[derive(Deserialize, ToSchema)]
pub struct SigninRequest {
    email: String,
    password: String,
}

#[derive(Serialize, ToSchema)]
pub struct AuthResponse {
    /// Use as `Authorization: Bearer <token>`; browsers get the same session as a cookie.
    token: String,
    user: UserView,
}

#[derive(Serialize, ToSchema)]
pub struct MeResponse {
    user: UserView,
}

pub(crate) fn user_agent(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
}

fn optional_name(name: Option<String>) -> Option<String> {
    name.map(|n| n.trim().to_owned()).filter(|n| !n.is_empty())
}

/// Creates an account (granted the signup credits) and signs it in.
#[utoipa::path(post, path = "/api/auth/signup", tag = "auth", operation_id = "signup",
    request_body = SignupRequest,
    responses((status = 201, body = AuthResponse), (status = 400, body = ErrorResponse),
        (status = 409, body = ErrorResponse), (status = 429, body = ErrorResponse)))]
async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(body): Json<SignupRequest>,
) -> ApiResult<(StatusCode, CookieJar, Json<AuthResponse>)> {
    auth::limit_sign_ups(
        &state.store,
        &state.config,
        ip,
        &body.email.trim().to_lowercase(),
    )
    .await?;
    let email = domain::Email::parse(&body.email)?;
    let password = domain::Password::parse(&body.password)?;
    let input = SignUp {
        email,
        password,
        given_name: optional_name(body.given_name),
        family_name: optional_name(body.family_name),
    };
    let device = auth::session_device(user_agent(&headers), ip);
    let (user, token) = auth::sign_up(&state.store, input, &device).await?;
    let jar = jar.add(auth::session_cookie(token.clone(), &state.config));
    Ok((
        StatusCode::CREATED,
        jar,
        Json(AuthResponse {
            token,
            user: user.into(),
        }),
    ))
}

/// Signs in with email and password.
#[utoipa::path(post, path = "/api/auth/signin", tag = "auth", operation_id = "signin",
    request_body = SigninRequest,
    responses((status = 200, body = AuthResponse), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 429, body = ErrorResponse)))]
async fn signin(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    Json(body): Json<SigninRequest>,
) -> ApiResult<(CookieJar, Json<AuthResponse>)> {
    let throttle = SignInThrottle::check(&state.store, &state.config, ip, &body.email).await?;
    let device = auth::session_device(user_agent(&headers), ip);
    let (user, token) = auth::sign_in(throttle, &body.email, &body.password, &device).await?;
    let jar = jar.add(auth::session_cookie(token.clone(), &state.config));
    Ok((
        jar,
        Json(AuthResponse {
            token,
            user: user.into(),
        }),
    ))
}

/// Revokes this session and clears the cookie.
#[utoipa::path(post, path = "/api/auth/signout", tag = "auth", operation_id = "signout",
    responses((status = 200, body = Success<Option<String>>), (status = 401, body = ErrorResponse)))]
async fn signout(
    State(state): State<AppState>,
    current: CurrentUser,
    jar: CookieJar,
) -> ApiResult<(CookieJar, Json<Success<Option<String>>>)> {
    auth::sign_out(
        &state.store,
        &state.sessions,
        current.session_id,
        &current.token_hash,
    )
    .await?;
    Ok((
        jar.add(auth::expired_session_cookie(&state.config)),
        success(None),
    ))
}

/// The signed-in user.
#[utoipa::path(get, path = "/api/auth/me", tag = "auth", operation_id = "me",
    responses((status = 200, body = MeResponse), (status = 401, body = ErrorResponse)))]
async fn me(current: CurrentUser) -> Json<MeResponse> {
    Json(MeResponse {
        user: current.user.into(),
    })
}
