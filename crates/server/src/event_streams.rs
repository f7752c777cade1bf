//! The live-event streams open on this node, per user, capped: the registry a new stream
//! takes its place in and gives back when it ends.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;
use uuid::Uuid;

/// The most live-event streams one user may hold open on a node: a few tabs and devices each.
/// The oldest closes when another opens (an abandoned tab's stream may not have ended yet),
/// and a browser's event source reconnects on its own should that one still be in use.
const MAX_STREAMS_PER_USER: usize = 10;

/// One open stream: its number, and how it is told to close.
type OpenStream = (u64, Arc<Notify>);

/// The open streams of each user, oldest first.
#[derive(Default)]
pub struct EventStreams {
    open: Mutex<HashMap<Uuid, VecDeque<OpenStream>>>,
    next: std::sync::atomic::AtomicU64,
}

impl EventStreams {
    /// A place for a new stream of `user_id`, closing the oldest beyond the cap.
    pub(crate) fn open(self: &Arc<Self>, user_id: Uuid) -> StreamSlot {
        let id = self.next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let closed = Arc::new(Notify::new());
        let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
        let streams = open.entry(user_id).or_default();
        streams.push_back((id, closed.clone()));
        while streams.len() > MAX_STREAMS_PER_USER {
            if let Some((_, oldest)) = streams.pop_front() {
                // Stored as a permit when the stream is not waiting: it closes at its next wait.
                oldest.notify_one();
            }
        }
        StreamSlot {
            streams: self.clone(),
            user_id,
            id,
            closed,
        }
    }
}

/// A stream's place among its user's; given back when the stream ends.
pub(crate) struct StreamSlot {
    streams: Arc<EventStreams>,
    user_id: Uuid,
    id: u64,
    closed: Arc<Notify>,
}

impl StreamSlot {
    /// Completes when a newer stream of the same user took this one's place.
    pub(crate) async fn closed(&self) {
        self.closed.notified().await
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        let mut open = self.streams.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(streams) = open.get_mut(&self.user_id) {
            streams.retain(|(id, _)| *id != self.id);
            if streams.is_empty() {
                open.remove(&self.user_id);
            }
        }
    }
}
