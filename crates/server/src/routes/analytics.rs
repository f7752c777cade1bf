//! `POST /api/analytics/events`: first-party analytics, batched by the web app, capped per
//! user per day.

use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json};
use crate::models::{success, Success};
use crate::rate_limit::{count_in_window, Window};
use crate::state::AppState;

/// Events in one request.
pub const MAX_EVENTS: usize = 50;
/// Bytes of one event's properties, serialized.
pub const MAX_PROPERTIES_BYTES: usize = 2048;
/// Requests per user per minute.
const REQUESTS_PER_MINUTE: u32 = 30;
/// A full batch with its names and timestamps fits well inside this.
const BODY_LIMIT: usize = 160 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(record))
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
}

#[derive(Deserialize, ToSchema)]
pub struct AnalyticsEvent {
    /// Lower-case words joined by `_`, e.g. `purchase_modal_view`.
    name: String,
    /// A small JSON object.
    #[serde(default)]
    #[schema(value_type = Object)]
    properties: Option<serde_json::Value>,
    /// When it happened in the browser; default: when it arrived.
    occurred_at: Option<DateTime<Utc>>,
}

#[derive(Deserialize, ToSchema)]
pub struct AnalyticsBatch {
    /// At most 50.
    #[schema(max_items = 50)]
    events: Vec<AnalyticsEvent>,
}

#[derive(Serialize, ToSchema)]
pub struct AnalyticsAccepted {
    /// Events stored; fewer than sent once the user's daily cap is reached.
    accepted: usize,
}

fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    chars.next().is_some_and(|c| c.is_ascii_lowercase())
        && name.len() <= 64
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Parses and caps a batch: at most [`MAX_EVENTS`], names like `page_view`, properties a
/// JSON object of at most [`MAX_PROPERTIES_BYTES`].
fn parse(batch: AnalyticsBatch) -> ApiResult<Vec<store::NewAnalyticsEvent>> {
    if batch.events.len() > MAX_EVENTS {
        return Err(ApiError::validation(
            "events",
            format!("At most {MAX_EVENTS} events per request"),
        ));
    }
    let now = store::now();
    batch
        .events
        .into_iter()
        .map(|event| {
            if !valid_name(&event.name) {
                return Err(ApiError::validation(
                    "name",
                    "Event names are lower-case words joined by _ (at most 64 characters)",
                ));
            }
            let properties = event
                .properties
                .unwrap_or_else(|| serde_json::Value::Object(Default::default()));
            if !properties.is_object() {
                return Err(ApiError::validation(
                    "properties",
                    "Event properties must be a JSON object",
                ));
            }
            if properties.to_string().len() > MAX_PROPERTIES_BYTES {
                return Err(ApiError::validation(
                    "properties",
                    format!("Event properties are limited to {MAX_PROPERTIES_BYTES} bytes"),
                ));
            }
            Ok(store::NewAnalyticsEvent {
                name: event.name,
                properties,
                // A browser clock in the future would reorder the funnel.
                occurred_at: event.occurred_at.map_or(now, |at| at.min(now)),
            })
        })
        .collect()
}

/// Stores a batch of the signed-in user's analytics events.
#[utoipa::path(post, path = "/api/analytics/events", tag = "analytics", operation_id = "recordAnalytics",
    request_body = AnalyticsBatch,
    responses((status = 202, body = Success<AnalyticsAccepted>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 413, body = ErrorResponse),
        (status = 429, body = ErrorResponse)))]
async fn record(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(batch): Json<AnalyticsBatch>,
) -> ApiResult<(StatusCode, Json<Success<AnalyticsAccepted>>)> {
    count_in_window(
        &state.store,
        Window::MINUTE,
        &format!("analytics:user:{}", current.user.id),
        REQUESTS_PER_MINUTE,
    )
    .await?;
    let events = parse(batch)?;
    // Past the user's daily cap events are dropped without an error: analytics must never
    // get in a person's way.
    let accepted = state
        .store
        .record_analytics(
            current.user.id,
            &events,
            state.config.analytics_events_per_day,
        )
        .await?;
    Ok((
        StatusCode::ACCEPTED,
        success(AnalyticsAccepted { accepted }),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_lower_case_words() {
        for good in ["page_view", "purchase_modal_cta_click", "a", "x9"] {
            assert!(valid_name(good), "{good}");
        }
        for bad in ["", "Page", "9x", "_x", "page-view", &"a".repeat(65)] {
            assert!(!valid_name(bad), "{bad}");
        }
    }
}
