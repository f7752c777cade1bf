//! `GET /api/events`: the signed-in user's live events as Server-Sent Events. Events are
//! read from the database (so a `Last-Event-ID` replays what a client missed, and events
//! raised by any worker or node arrive) and woken by the store's signals.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::time::Duration;

use axum::extract::{Query, State};
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use futures::Stream;
use serde::Deserialize;
use store::{Signal, Store, StoredEvent};
use tokio::sync::broadcast::{self, error::RecvError};
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::CurrentUser;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(events))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// Replay events after this id (for clients that cannot send the `Last-Event-ID`
    /// header); the header wins when both are given.
    last_event_id: Option<i64>,
}

struct Feed {
    store: Store,
    user_id: Uuid,
    after: i64,
    pending: VecDeque<StoredEvent>,
    signals: broadcast::Receiver<Signal>,
}

fn to_sse(event: StoredEvent) -> Event {
    let mut data = event.data;
    if let Some(object) = data.as_object_mut() {
        object.insert("event_id".into(), event.id.into());
    }
    Event::default()
        .id(event.id.to_string())
        .event(event.kind)
        .data(data.to_string())
}

impl Feed {
    async fn next(mut self) -> Option<(Result<Event, Infallible>, Self)> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                return Some((Ok(to_sse(event)), self));
            }
            match self.store.events_after(self.user_id, self.after, 200).await {
                Ok(events) if !events.is_empty() => {
                    self.after = events.last().map_or(self.after, |e| e.id);
                    self.pending.extend(events);
                    continue;
                }
                Ok(_) => {}
                Err(e) => {
                    tracing::warn!(error = %e, "could not read events");
                    tokio::time::sleep(Duration::from_secs(1)).await;
                    continue;
                }
            }
            loop {
                match self.signals.recv().await {
                    Ok(Signal::Events(user)) if user == self.user_id => break,
                    Ok(Signal::AnyEvents) | Err(RecvError::Lagged(_)) => break,
                    Ok(_) => {}
                    Err(RecvError::Closed) => return None,
                }
            }
        }
    }
}

/// Live events for the signed-in user: `job-progress`, `job-completed`, `job-failed`,
/// `storyboard-updated`, `credits-changed`. Each carries its id; reconnecting with
/// `Last-Event-ID` replays the missed ones (kept 24 h).
#[utoipa::path(get, path = "/api/events", tag = "events", operation_id = "events",
    params(EventsQuery),
    responses((status = 200, description = "An event stream", content_type = "text/event-stream"),
        (status = 401, body = ErrorResponse)))]
async fn events(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    Query(query): Query<EventsQuery>,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let user_id = current.user.id;
    // Subscribe before reading, so nothing raised in between is missed.
    let signals = state.store.subscribe();
    let resume = headers
        .get("last-event-id")
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse::<i64>().ok())
        .or(query.last_event_id);
    let after = match resume {
        Some(id) => id.max(0),
        None => state.store.latest_event_id(user_id).await?,
    };
    let feed = Feed {
        store: state.store.clone(),
        user_id,
        after,
        pending: VecDeque::new(),
        signals,
    };
    let stream = futures::stream::unfold(feed, Feed::next);
    Ok(Sse::new(stream).keep_alive(
        KeepAlive::new()
            .interval(Duration::from_secs(15))
            .text("heartbeat"),
    ))
}
