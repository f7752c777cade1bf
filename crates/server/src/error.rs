//! One error type for every handler: the contract's envelope
//! `{"status":"error","error":{"code","message"},"message"}` with the matching status.
//! Internal errors are logged and answered with a generic message.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{message}")]
    Validation {
        field: Option<&'static str>,
        message: String,
    },
    #[error("{0}")]
    Unauthenticated(&'static str),
    #[error("{0}")]
    Forbidden(&'static str),
    #[error("Insufficient credits")]
    InsufficientCredits,
    /// A paid plan is needed; answered with a top-level `upgrade_required: true`.
    #[error("{0}")]
    UpgradeRequired(&'static str),
    #[error("{0}")]
    NotFound(&'static str),
    #[error("{0}")]
    Conflict(String),
    /// The body (or an uploaded file in it) is over its limit.
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    UnsupportedMediaType(String),
    /// A service the request needs is not set up (503).
    #[error("{0}")]
    Unavailable(&'static str),
    /// A service the request relies on failed; its detail is logged where it happened (502).
    #[error("{0}")]
    BadGateway(&'static str),
    #[error("This method is not allowed on this route")]
    MethodNotAllowed,
    #[error("Too many attempts. Please wait a minute and try again.")]
    RateLimited { retry_after_seconds: u64 },
    /// The account has the most free exports it may have in flight (429 with `Retry-After`).
    #[error(
        "You have {} exports being made. Wait for one to finish, then export again.",
        store::EXPORTS_IN_FLIGHT
    )]
    ExportsInFlight,
    /// Media storage has no space left; the detail is logged.
    #[error("There is no space left to store this file. Please try again later.")]
    StorageFull,
    /// The database is unreachable for now; answered at once (never a hang) with a hint to
    /// retry. The detail is logged.
    #[error("The service is temporarily unavailable. Please try again in a moment.")]
    DatabaseUnavailable(#[source] store::StoreError),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

/// The error envelope of the API contract.
#[derive(Serialize, ToSchema)]
pub struct ErrorResponse {
    /// Always `error`.
    pub status: &'static str,
    pub error: ErrorBody,
    /// The same text as `error.message`.
    pub message: String,
    /// Present (true) when the action needs a paid plan.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upgrade_required: Option<bool>,
}

#[derive(Serialize, ToSchema)]
pub struct ErrorBody {
    pub code: &'static str,
    pub message: String,
    /// The request field the message is about, when there is one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<&'static str>,
}

impl ApiError {
    pub fn validation(field: &'static str, message: impl Into<String>) -> Self {
        ApiError::Validation {
            field: Some(field),
            message: message.into(),
        }
    }

    fn status_and_code(&self) -> (StatusCode, &'static str) {
        match self {
            ApiError::Validation { .. } => (StatusCode::BAD_REQUEST, "validation_error"),
            ApiError::Unauthenticated(_) => (StatusCode::UNAUTHORIZED, "unauthenticated"),
            ApiError::Forbidden(_) => (StatusCode::FORBIDDEN, "forbidden"),
            ApiError::InsufficientCredits => (StatusCode::PAYMENT_REQUIRED, "insufficient_credits"),
            ApiError::UpgradeRequired(_) => (StatusCode::FORBIDDEN, "upgrade_required"),
            ApiError::NotFound(_) => (StatusCode::NOT_FOUND, "not_found"),
            ApiError::Conflict(_) => (StatusCode::CONFLICT, "conflict"),
            ApiError::PayloadTooLarge(_) => (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large"),
            ApiError::UnsupportedMediaType(_) => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
            }
            ApiError::Unavailable(_) => (StatusCode::SERVICE_UNAVAILABLE, "service_unavailable"),
            ApiError::BadGateway(_) => (StatusCode::BAD_GATEWAY, "bad_gateway"),
            ApiError::MethodNotAllowed => (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed"),
            ApiError::RateLimited { .. } | ApiError::ExportsInFlight => {
                (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
            }
            ApiError::DatabaseUnavailable(_) => {
                (StatusCode::SERVICE_UNAVAILABLE, "service_unavailable")
            }
            ApiError::StorageFull => (StatusCode::INSUFFICIENT_STORAGE, "insufficient_storage"),
            ApiError::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, "internal_error"),
        }
    }
}

impl From<domain::Invalid> for ApiError {
    fn from(e: domain::Invalid) -> Self {
        ApiError::Validation {
            field: e.field,
            message: e.message,
        }
    }
}

impl From<store::StoreError> for ApiError {
    fn from(e: store::StoreError) -> Self {
        match e {
            store::StoreError::NotFound => ApiError::NotFound("Not found"),
            store::StoreError::InsufficientCredits => ApiError::InsufficientCredits,
            store::StoreError::Conflict => ApiError::Conflict("This already exists".into()),
            store::StoreError::Invalid(message) => ApiError::Validation {
                field: None,
                message,
            },
            unavailable @ store::StoreError::Unavailable(_) => {
                ApiError::DatabaseUnavailable(unavailable)
            }
            other => ApiError::Internal(other.into()),
        }
    }
}

impl ApiError {
    /// The HTTP status and the text a user may read. Internal errors are logged here and
    /// answered with a generic text, so their detail never leaves the server.
    pub fn status_and_message(&self) -> (StatusCode, String) {
        let (status, _) = self.status_and_code();
        let message = match self {
            ApiError::Internal(e) => {
                tracing::error!(error = ?e, "internal error");
                "Something went wrong on our side. Please try again.".to_owned()
            }
            ApiError::DatabaseUnavailable(e) => {
                tracing::warn!(error = %e, "database unavailable");
                self.to_string()
            }
            other => other.to_string(),
        };
        (status, message)
    }
}

/// Refused images keep the product's wording and their own status: 415 for what is no
/// image, 413 over the size limit, 400 for the rest.
impl From<engine::intake::IntakeError> for ApiError {
    fn from(e: engine::intake::IntakeError) -> Self {
        use engine::intake::IntakeError;
        match e {
            IntakeError::UnsupportedType => ApiError::UnsupportedMediaType(e.to_string()),
            IntakeError::TooLarge => ApiError::PayloadTooLarge(e.to_string()),
            IntakeError::DimensionsTooLarge | IntakeError::Corrupted | IntakeError::TooComplex => {
                ApiError::Validation {
                    field: Some("file"),
                    message: e.to_string(),
                }
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (_, code) = self.status_and_code();
        let (status, message) = self.status_and_message();
        let field = match &self {
            ApiError::Validation { field, .. } => *field,
            _ => None,
        };
        let body = ErrorResponse {
            status: "error",
            error: ErrorBody {
                code,
                message: message.clone(),
                field,
            },
            message,
            upgrade_required: matches!(self, ApiError::UpgradeRequired(_)).then_some(true),
        };
        let mut response = (status, axum::Json(body)).into_response();
        let retry_after = match self {
            ApiError::RateLimited {
                retry_after_seconds,
            } => Some(retry_after_seconds),
            ApiError::DatabaseUnavailable(_) => Some(5),
            // About as long as an export of every picture target takes.
            ApiError::ExportsInFlight => Some(EXPORT_RETRY_SECONDS),
            _ => None,
        };
        if let Some(seconds) = retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// When an account with the most exports in flight may try again.
const EXPORT_RETRY_SECONDS: u64 = 5;

impl ApiError {
    /// A failed write to media storage: out of space is said plainly, anything else is
    /// internal. `what` names the object for the log.
    pub fn storing(what: &str, e: store::StorageError) -> Self {
        if e.is_out_of_space() {
            tracing::error!(object = what, error = %e, "media storage is full");
            ApiError::StorageFull
        } else {
            ApiError::Internal(anyhow::Error::new(e).context(format!("storing {what}")))
        }
    }
}

/// Maps a store error, naming the missing resource: `.map_err(not_found("Campaign not found"))`.
pub fn not_found(message: &'static str) -> impl Fn(store::StoreError) -> ApiError {
    move |e| match e {
        store::StoreError::NotFound => ApiError::NotFound(message),
        other => other.into(),
    }
}
