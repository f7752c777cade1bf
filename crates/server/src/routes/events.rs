//! `GET /api/events`: the signed-in user's live events as Server-Sent Events. Events are
//! read from the database (so a `Last-Event-ID` replays what a client missed, and events
//! raised by any worker or node arrive) and woken by the store's signals.

use std::collections::VecDeque;
use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::sse::{Event, KeepAlive, Sse};
use domain::events::{AssetRef, CreditsChanged, JobEvent, StoryboardUpdated};
use domain::{LiveEvent, MediaKind};
use futures::Stream;
use serde::{Deserialize, Serialize};
use store::{Signal, Store, StoredEvent};
use tokio::sync::broadcast::{self, error::RecvError};
use utoipa::{IntoParams, OpenApi, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::auth;
use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::event_streams::StreamSlot;
use crate::extract::{CurrentUser, Query};
use crate::media_files::{file_url, preview_url};
use crate::sessions::SessionCache;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::with_openapi(EventSchemas::openapi()).routes(routes!(events))
}

/// The data of each event, as schemas of the OpenAPI document (from which the web app's
/// types are generated); every event's data also carries its `event_id`.
#[derive(OpenApi)]
#[openapi(components(schemas(
    JobEvent<JobAsset>,
    JobAsset,
    CreditsChanged,
    StoryboardUpdated
)))]
struct EventSchemas;

/// A completed job's media asset as sent: where its file and thumbnail are served.
#[derive(Debug, Serialize, ToSchema)]
pub struct JobAsset {
    id: Uuid,
    url: String,
    /// None for music, which has no picture.
    thumbnail_url: Option<String>,
    file_type: MediaKind,
    credit_cost: i64,
}

fn sent_asset(asset: AssetRef) -> JobAsset {
    JobAsset {
        id: asset.id,
        url: file_url(asset.id),
        thumbnail_url: preview_url(asset.id, Some(asset.file_type)),
        file_type: asset.file_type,
        credit_cost: asset.credit_cost,
    }
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct EventsQuery {
    /// Replay events after this id (for clients that cannot send the `Last-Event-ID`
    /// header); the header wins when both are given.
    last_event_id: Option<i64>,
}

struct Feed {
    slot: StreamSlot,
    store: Store,
    sessions: Arc<SessionCache>,
    user_id: Uuid,
    session_id: Uuid,
    token_hash: [u8; 32],
    after: i64,
    pending: VecDeque<StoredEvent>,
    signals: broadcast::Receiver<Signal>,
}

/// The stored event as sent, with its asset's URLs and its id; `None` (logged) for a
/// stored event that no longer reads as one.
fn to_sse(stored: StoredEvent) -> Option<Event> {
    let sent = LiveEvent::<AssetRef>::from_stored(&stored.kind, stored.data)
        .map(|event| event.map_asset(sent_asset))
        .and_then(|event| Ok((event.name(), event.data()?)));
    let (name, mut data) = match sent {
        Ok(sent) => sent,
        Err(e) => {
            tracing::warn!(event_id = stored.id, error = %e, "skipped an unreadable stored event");
            return None;
        }
    };
    if let Some(object) = data.as_object_mut() {
        object.insert("event_id".into(), stored.id.into());
    }
    Some(
        Event::default()
            .id(stored.id.to_string())
            .event(name)
            .data(data.to_string()),
    )
}

/// What the feed heard while waiting.
enum Wake {
    Events,
    /// Sessions may have been revoked unseen: look the session up again.
    Sessions,
    Closed,
}

impl Feed {
    /// The next event; the stream ends when its session is revoked or expires, checked
    /// before every delivery and at once when a revocation is signalled.
    async fn next(mut self) -> Option<(Result<Event, Infallible>, Self)> {
        loop {
            if let Some(event) = self.pending.pop_front() {
                if !self.session_open().await {
                    return None;
                }
                match to_sse(event) {
                    Some(event) => return Some((Ok(event), self)),
                    None => continue,
                }
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
            match self.wait().await {
                Wake::Events => {}
                Wake::Sessions if self.session_open().await => {}
                Wake::Sessions | Wake::Closed => return None,
            }
        }
    }

    async fn wait(&mut self) -> Wake {
        loop {
            let received = tokio::select! {
                _ = self.slot.closed() => return Wake::Closed,
                received = self.signals.recv() => received,
            };
            match received {
                Ok(Signal::Events(user)) if user == self.user_id => return Wake::Events,
                Ok(Signal::AnyEvents) => return Wake::Events,
                Ok(Signal::SessionRevoked(id)) if id == self.session_id => return Wake::Closed,
                Ok(Signal::AnySessions) | Err(RecvError::Lagged(_)) => return Wake::Sessions,
                Ok(_) => {}
                Err(RecvError::Closed) => return Wake::Closed,
            }
        }
    }

    /// Whether the stream's session still stands (read from memory when fresh). A database
    /// that cannot answer keeps the stream: the next delivery asks again.
    async fn session_open(&self) -> bool {
        match auth::open_session(&self.store, &self.sessions, &self.token_hash).await {
            Ok(session) => session.session_id == self.session_id,
            Err(ApiError::Unauthenticated(_)) => false,
            Err(e) => {
                tracing::warn!(error = ?e, "could not check an event stream's session");
                true
            }
        }
    }
}

/// Live events for the signed-in user: `job-progress`, `job-completed`, `job-failed`,
/// `storyboard-updated`, `credits-changed`. Each carries its id; reconnecting with
/// `Last-Event-ID` replays the missed ones (kept 24 h). A user holds at most ten streams on a
/// node; opening another ends the oldest.
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
    // The stream ends when its session signs out, on whichever node.
    let feed = Feed {
        slot: state.event_streams.open(user_id),
        store: state.store.clone(),
        sessions: state.sessions.clone(),
        user_id,
        session_id: current.session_id,
        token_hash: current.token_hash,
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
