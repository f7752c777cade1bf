//! Request extractors that turn transport details into the API's errors: JSON bodies with
//! field-named validation messages, the signed-in user, the client IP.

use std::net::{IpAddr, SocketAddr};

use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::auth::{self, SESSION_COOKIE};
use crate::error::ApiError;
use crate::state::AppState;

/// The answer to a body over its route's limit.
pub const BODY_TOO_LARGE: &str = "Request body is too large";

/// A JSON body. Rejections become the contract's errors: 400 for malformed JSON or a
/// missing/mistyped field (named), 413 over the body limit, 415 without a JSON content type.
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, ApiError> {
        match axum::Json::<T>::from_request(req, state).await {
            Ok(axum::Json(value)) => Ok(Json(value)),
            Err(rejection) => Err(json_rejection(rejection)),
        }
    }
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

fn json_rejection(rejection: JsonRejection) -> ApiError {
    match rejection {
        JsonRejection::JsonDataError(e) => data_error(&e.body_text()),
        JsonRejection::JsonSyntaxError(_) => ApiError::Validation {
            field: None,
            message: "Request body is not valid JSON".into(),
        },
        JsonRejection::MissingJsonContentType(_) => ApiError::UnsupportedMediaType(
            "Expected a JSON body (Content-Type: application/json)".into(),
        ),
        other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::PayloadTooLarge(BODY_TOO_LARGE.into())
        }
        other => ApiError::Validation {
            field: None,
            message: other.body_text(),
        },
    }
}

/// Turns serde's "missing field `x`" / "x: invalid type…" into a message naming the field.
fn data_error(text: &str) -> ApiError {
    let detail = text
        .strip_prefix("Failed to deserialize the JSON body into the target type: ")
        .unwrap_or(text);
    let detail = detail.split(" at line ").next().unwrap_or(detail);
    if let Some(rest) = detail.split("missing field `").nth(1) {
        let field = rest.split('`').next().unwrap_or_default();
        let message = format!("Missing required field: {field}");
        return match field_name(field) {
            Some(field) => ApiError::Validation {
                field: Some(field),
                message,
            },
            None => ApiError::Validation {
                field: None,
                message,
            },
        };
    }
    let (field, message) = match detail.split_once(": ") {
        Some((path, problem)) if !path.contains(' ') => (
            field_name(path),
            format!("Invalid value for {path}: {problem}"),
        ),
        _ => (None, format!("Invalid request body: {detail}")),
    };
    ApiError::Validation { field, message }
}

/// The request fields the API knows, as static names for error bodies.
fn field_name(path: &str) -> Option<&'static str> {
    const FIELDS: &[&str] = &[
        "email",
        "password",
        "given_name",
        "family_name",
        "project_name",
        "pre_production_settings",
        "name",
        "settings",
        "preset_id",
        "scene_ids",
        "asset_id",
        "quality",
        "resolution",
        "duration",
    ];
    let last = path.rsplit('.').next().unwrap_or(path);
    FIELDS.iter().copied().find(|f| *f == last)
}

/// A path parameter; one that does not parse (a malformed id) names nothing that exists.
pub struct Path<T>(pub T);

impl<T, S> FromRequestParts<S> for Path<T>
where
    T: DeserializeOwned + Send,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(value)| Path(value))
            .map_err(|_| ApiError::NotFound("Not found"))
    }
}

/// The signed-in user of this request, from `Authorization: Bearer` or the session cookie.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub user: store::User,
    pub session_id: uuid::Uuid,
    pub token_hash: [u8; 32],
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        let (token, from_cookie) = match bearer_token(parts) {
            Some(token) => (token, false),
            None => {
                let jar = CookieJar::from_headers(&parts.headers);
                let token = jar
                    .get(SESSION_COOKIE)
                    .map(|c| c.value().to_owned())
                    .ok_or(ApiError::Unauthenticated(auth::SIGN_IN_REQUIRED))?;
                (token, true)
            }
        };
        // The cookie rides along on cross-site requests; a mutating one must come from us.
        if from_cookie
            && !is_safe_method(&parts.method)
            && !same_origin(parts, &state.config.allowed_origins)
        {
            return Err(ApiError::Forbidden("Cross-site request refused"));
        }
        let token_hash = auth::token_hash(&token);
        let session = auth::open_session(&state.store, &state.sessions, &token_hash).await?;
        Ok(CurrentUser {
            user: session.user,
            session_id: session.session_id,
            token_hash,
        })
    }
}

fn bearer_token(parts: &Parts) -> Option<String> {
    let value = parts.headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    scheme
        .eq_ignore_ascii_case("bearer")
        .then(|| token.trim().to_owned())
}

fn is_safe_method(method: &Method) -> bool {
    matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS)
}

/// True when the request's `Origin` is this host (or an allowed origin). Browsers send
/// `Origin` on every non-GET fetch, so a missing one is refused too.
fn same_origin(parts: &Parts, allowed: &[String]) -> bool {
    let Some(origin) = parts
        .headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    if allowed.iter().any(|a| a.trim_end_matches('/') == origin) {
        return true;
    }
    let host = parts
        .headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok());
    let origin_host = origin.split_once("://").map(|(_, rest)| rest);
    matches!((origin_host, host), (Some(o), Some(h)) if o.eq_ignore_ascii_case(h))
}

/// Who may read media on this request: a session (bearer or cookie) or a short-lived media
/// token from `GET /api/media/auth` used as a bearer while its session is open.
pub struct MediaReader {
    pub user_id: uuid::Uuid,
}

impl FromRequestParts<AppState> for MediaReader {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if let Some(token) =
            bearer_token(parts).filter(|t| crate::signing::Signer::is_media_token(t))
        {
            let (user_id, session_id) = state
                .signer
                .verify_media_token(&token, chrono::Utc::now())
                .ok_or(ApiError::Unauthenticated(auth::SIGN_IN_REQUIRED))?;
            // The token lives only as long as the session that asked for it.
            if !state.store.session_open(user_id, session_id).await? {
                return Err(ApiError::Unauthenticated(auth::SIGN_IN_REQUIRED));
            }
            return Ok(MediaReader { user_id });
        }
        let current = CurrentUser::from_request_parts(parts, state).await?;
        Ok(MediaReader {
            user_id: current.user.id,
        })
    }
}

/// The client's IP address, for per-IP rate limits.
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, ApiError> {
        if state.config.trust_forwarded_for {
            let forwarded = parts
                .headers
                .get("x-forwarded-for")
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.split(',').next())
                .and_then(|ip| ip.trim().parse().ok());
            if let Some(ip) = forwarded {
                return Ok(ClientIp(ip));
            }
        }
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map(|ConnectInfo(addr)| addr.ip())
            .unwrap_or(IpAddr::from([127, 0, 0, 1]));
        Ok(ClientIp(ip))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn field_of(e: ApiError) -> (Option<&'static str>, String) {
        match e {
            ApiError::Validation { field, message } => (field, message),
            other => panic!("unexpected {other:?}"),
        }
    }

    #[test]
    fn missing_fields_are_named() {
        let (field, message) = field_of(data_error(
            "Failed to deserialize the JSON body into the target type: missing field `project_name` at line 1 column 2",
        ));
        assert_eq!(field, Some("project_name"));
        assert_eq!(message, "Missing required field: project_name");
    }

    #[test]
    fn mistyped_fields_are_named() {
        let (field, message) = field_of(data_error(
            "Failed to deserialize the JSON body into the target type: name: invalid type: integer `5`, expected a string at line 1 column 9",
        ));
        assert_eq!(field, Some("name"));
        assert!(
            message.starts_with("Invalid value for name: invalid type"),
            "{message}"
        );
    }
}
