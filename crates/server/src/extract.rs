//! Request extractors that turn transport details into the API's errors: JSON bodies with
//! field-named validation messages, the signed-in user, the client IP.

use std::net::{IpAddr, SocketAddr};

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum_extra::extract::CookieJar;
use serde::de::DeserializeOwned;
use serde::Serialize;

use crate::auth::{self, SESSION_COOKIE};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The answer to a body over its route's limit.
pub const BODY_TOO_LARGE: &str = "Request body is too large";

/// Every body-limit rejection in the API's error envelope: extractors other than [`Json`]
/// (raw bytes, forms) answer 413 in the framework's plain text.
pub async fn body_limit_envelope(response: Response) -> Response {
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if response.status() == StatusCode::PAYLOAD_TOO_LARGE && !is_json {
        return ApiError::PayloadTooLarge(BODY_TOO_LARGE.into()).into_response();
    }
    response
}

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
        if !json_content_type(req.headers()) {
            return Err(not_json());
        }
        let body = Bytes::from_request(req, state).await.map_err(|rejection| {
            match rejection.status() {
                StatusCode::PAYLOAD_TOO_LARGE => ApiError::PayloadTooLarge(BODY_TOO_LARGE.into()),
                _ => ApiError::Validation {
                    field: None,
                    message: "The request body could not be read".into(),
                },
            }
        })?;
        let axum::Json(value) = axum::Json::<T>::from_bytes(&body).map_err(json_rejection)?;
        if json_has_control_characters(&body) {
            return Err(control_characters());
        }
        Ok(Json(value))
    }
}

fn json_content_type(headers: &HeaderMap) -> bool {
    let Some(value) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = value.split(';').next().unwrap_or_default().trim();
    let Some((kind, subtype)) = essence.split_once('/') else {
        return false;
    };
    kind.eq_ignore_ascii_case("application")
        && (subtype.eq_ignore_ascii_case("json") || subtype.to_ascii_lowercase().ends_with("+json"))
}

/// Control characters are refused in every text the API takes (they have no place in
/// names, prompts or messages, and PostgreSQL cannot store U+0000); line breaks and tabs
/// are text.
pub fn is_refused_character(c: char) -> bool {
    c.is_control() && !matches!(c, '\n' | '\r' | '\t')
}

/// Invisible formatting characters (Unicode's format category): bidirectional overrides and
/// isolates, zero-width characters, the byte-order mark, tags. In a file name they make
/// `invoice\u{202E}gnp.exe` display as "invoiceexe.png".
pub fn is_format_character(c: char) -> bool {
    matches!(c,
        '\u{AD}' | '\u{600}'..='\u{605}' | '\u{61C}' | '\u{6DD}' | '\u{70F}' | '\u{8E2}'
        | '\u{180E}' | '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}'
        | '\u{2060}'..='\u{2064}' | '\u{2066}'..='\u{206F}' | '\u{FEFF}'
        | '\u{FFF9}'..='\u{FFFB}' | '\u{110BD}' | '\u{110CD}' | '\u{13430}'..='\u{1343F}'
        | '\u{1BCA0}'..='\u{1BCA3}' | '\u{1D173}'..='\u{1D17A}' | '\u{E0001}'
        | '\u{E0020}'..='\u{E007F}')
}

/// A text field of a form or query, checked against [`is_refused_character`].
pub fn checked_text(text: String) -> ApiResult<String> {
    if text.chars().any(is_refused_character) {
        return Err(control_characters());
    }
    Ok(text)
}

fn control_characters() -> ApiError {
    ApiError::Validation {
        field: None,
        message: CONTROL_CHARACTERS.into(),
    }
}

/// The answer to text with control characters in it.
pub const CONTROL_CHARACTERS: &str =
    "Text must not contain control characters (only line breaks and tabs are allowed)";

/// True when a JSON document (already known to be valid) holds a refused character in any
/// string, raw or escaped. Outside strings valid JSON has only structure and whitespace, so
/// every escape seen belongs to a string.
fn json_has_control_characters(body: &[u8]) -> bool {
    let Ok(text) = std::str::from_utf8(body) else {
        return false;
    };
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            // Raw \n, \r, \t and space are the only characters below U+0020 valid JSON
            // has (between tokens); the rest are refused wherever they stand.
            if is_refused_character(c) {
                return true;
            }
            continue;
        }
        match chars.next() {
            Some('b' | 'f') => return true,
            Some('u') => {
                let hex: String = chars.by_ref().take(4).collect();
                let refused = u32::from_str_radix(&hex, 16)
                    .ok()
                    .and_then(char::from_u32)
                    .is_some_and(is_refused_character);
                if refused {
                    return true;
                }
            }
            _ => {}
        }
    }
    false
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
        JsonRejection::MissingJsonContentType(_) => not_json(),
        other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => {
            ApiError::PayloadTooLarge(BODY_TOO_LARGE.into())
        }
        other => ApiError::Validation {
            field: None,
            message: other.body_text(),
        },
    }
}

fn not_json() -> ApiError {
    ApiError::UnsupportedMediaType("Expected a JSON body (Content-Type: application/json)".into())
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
    // A rule of the product's types, broken while reading: its message as written — a rule
    // of the whole body has no path before it.
    if let Some(message) = domain::Invalid::message_in_de_error(detail) {
        return ApiError::Validation {
            field: None,
            message: message.to_owned(),
        };
    }
    if let Some((path, problem)) = detail.split_once(": ").filter(|(p, _)| !p.contains(' ')) {
        if let Some(message) = domain::Invalid::message_in_de_error(problem) {
            return ApiError::Validation {
                field: field_name(path),
                message: message.to_owned(),
            };
        }
    }
    let (field, message) = match detail.split_once(": ") {
        Some((path, problem)) if !path.contains(' ') => {
            let path = domain::echoed(path);
            let message = match readable_problem(problem) {
                Some(problem) => format!("Invalid value for {path}: {problem}"),
                None => format!("Invalid value for {path}"),
            };
            (field_name(&path), message)
        }
        _ => (
            None,
            match readable_problem(detail) {
                Some(problem) => format!("Invalid request body: {problem}"),
                None => "Invalid request body".to_owned(),
            },
        ),
    };
    ApiError::Validation { field, message }
}

/// serde's description of a bad value, for a user: what was expected, without the value
/// itself beyond a short head, and never the server's own type names (`struct X`,
/// `untagged enum Y`), which say nothing to a client.
fn readable_problem(problem: &str) -> Option<String> {
    if problem.starts_with("UUID parsing failed") {
        return Some("expected a UUID".into());
    }
    let expected = problem
        .rsplit_once(", expected ")
        .map(|(_, expected)| expected)
        .or_else(|| problem.strip_prefix("expected "));
    if let Some(expected) = expected {
        return readable_expectation(expected).map(|e| format!("expected {e}"));
    }
    if problem.contains(" enum ") || problem.contains("struct ") {
        return None;
    }
    Some(domain::echoed(problem))
}

fn readable_expectation(expected: &str) -> Option<String> {
    let expected = expected.trim();
    let named = |prefix: &str| expected.starts_with(prefix);
    if named("struct ") || named("a map") || named("internally tagged") {
        return Some("an object".into());
    }
    if expected.contains(" enum ") || named("enum ") || named("variant ") {
        return None;
    }
    if matches!(
        expected,
        "u8" | "u16" | "u32" | "u64" | "usize" | "i8" | "i16" | "i32" | "i64" | "isize"
    ) {
        return Some("an integer".into());
    }
    if matches!(expected, "f32" | "f64") {
        return Some("a number".into());
    }
    if named("a sequence") || named("a tuple") {
        return Some("an array".into());
    }
    if expected.starts_with("UUID") || expected.contains("UUID") {
        return Some("a UUID".into());
    }
    Some(domain::echoed(expected))
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
        "tier",
        "events",
        "page",
        "per_page",
        "reference_images",
        "project_id",
        "scene_id",
        "parent_message_id",
        "engine",
        "audio_type",
        "media_type",
        "reaction",
        "reason",
        "feedbackType",
        "targets",
        "audio_asset_id",
        "variant",
        "format",
        "output_type",
        "variations",
    ];
    // An item of a list is named by its list: `reference_images[1]` is `reference_images`.
    let last = path.rsplit('.').next().unwrap_or(path);
    let last = last.split('[').next().unwrap_or(last);
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
        if path_has_control_characters(parts.uri.path()) {
            return Err(ApiError::NotFound("Not found"));
        }
        axum::extract::Path::<T>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Path(value)| Path(value))
            .map_err(|_| ApiError::NotFound("Not found"))
    }
}

/// True when a percent-encoded path holds an encoded control character (`%00`…).
fn path_has_control_characters(path: &str) -> bool {
    path.split('%').skip(1).any(|encoded| {
        encoded
            .get(..2)
            .and_then(|hex| u8::from_str_radix(hex, 16).ok())
            .is_some_and(|byte| is_refused_character(char::from(byte)))
    })
}

/// A query string. One that does not parse answers the API's 400 naming the parameter,
/// and parameters are held to the same rule on control characters as every other text.
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, ApiError> {
        let pairs = axum::extract::Query::<Vec<(String, String)>>::try_from_uri(&parts.uri)
            .map_err(|_| ApiError::Validation {
                field: None,
                message: "The query string is not valid".into(),
            })?;
        if pairs
            .0
            .iter()
            .any(|(key, value)| key.chars().chain(value.chars()).any(is_refused_character))
        {
            return Err(control_characters());
        }
        axum::extract::Query::<T>::try_from_uri(&parts.uri)
            .map(|axum::extract::Query(value)| Query(value))
            .map_err(|rejection| query_error(&rejection.body_text()))
    }
}

/// serde_urlencoded's "page: invalid digit found in string" (or "missing field `x`") as
/// the API's 400, the parameter named and nothing of the value echoed.
fn query_error(text: &str) -> ApiError {
    let detail = text
        .strip_prefix("Failed to deserialize query string: ")
        .unwrap_or(text);
    if let Some(rest) = detail.split("missing field `").nth(1) {
        let name = domain::echoed(rest.split('`').next().unwrap_or_default());
        return ApiError::Validation {
            field: field_name(&name),
            message: format!("Missing required query parameter: {name}"),
        };
    }
    match detail.split_once(": ") {
        // A rule of the product's types, broken while reading: its message as written.
        Some((name, problem)) if !name.contains(' ') => {
            if let Some(message) = domain::Invalid::message_in_de_error(problem) {
                return ApiError::Validation {
                    field: field_name(name),
                    message: message.to_owned(),
                };
            }
            let name = domain::echoed(name);
            ApiError::Validation {
                field: field_name(&name),
                message: format!("Invalid value for query parameter {name}"),
            }
        }
        _ => ApiError::Validation {
            field: None,
            message: "The query string is not valid".into(),
        },
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
        if let Some(token) = bearer_token(parts).filter(|t| store::Signer::is_media_token(t)) {
            let (user_id, session_id) = state
                .signer
                .verify_media_token(&token, store::now())
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
        assert_eq!(message, "Invalid value for name: expected a string");
    }

    #[test]
    fn messages_hide_server_types_and_long_values() {
        let prefix = "Failed to deserialize the JSON body into the target type: ";
        let (field, message) = field_of(data_error(&format!(
            "{prefix}duration: data did not match any variant of untagged enum DurationInput at line 1 column 9"
        )));
        assert_eq!(field, Some("duration"));
        assert_eq!(message, "Invalid value for duration");
        let (_, message) = field_of(data_error(&format!(
            "{prefix}invalid type: sequence, expected struct UpdateSceneRequest at line 1 column 1"
        )));
        assert_eq!(message, "Invalid request body: expected an object");
        let long = "x".repeat(1000);
        let (_, message) = field_of(data_error(&format!("{prefix}{long}")));
        assert!(message.chars().count() < 100, "{message}");
    }

    #[test]
    fn escaped_control_characters_are_found() {
        assert!(json_has_control_characters(br#"{"a": "x\u0000"}"#));
        assert!(json_has_control_characters(br#"{"a": "\b"}"#));
        assert!(json_has_control_characters(
            "{\"a\": \"\u{85}\"}".as_bytes()
        ));
        assert!(!json_has_control_characters(
            br#"{"a": "\\u0000 \n\t\r\u00e9"}"#
        ));
        assert!(!json_has_control_characters(b"{\n\t\"a\": 1}"));
    }
}
