//! The HTTP/1 serve loop: every connection is held to time limits and counted against caps,
//! so slow or idle clients cannot keep sockets (and file descriptors) forever.
//!
//! Time limits, checked on the socket between requests and on the body during one:
//! - a connection that has sent nothing since it opened or since its last response closes
//!   after the idle timeout;
//! - once a request's first byte arrives, its headers must be complete within the header
//!   read timeout;
//! - a request body must keep coming: no gap longer than the body read timeout, and after
//!   that first stretch at least the minimum rate on average.
//!
//! While a request is being answered the socket has no deadline: a live-event stream is a
//! long response, not an idle read.
//!
//! Caps: past the node's or one address's share of connections, a connection is served in
//! reserve mode — `/api/health` answers, everything else gets 503, and the connection closes
//! after one request — so a monitor can still see the node. Past the reserve too, a
//! connection gets a canned 503 and is closed at once.

use std::collections::HashMap;
use std::convert::Infallible;
use std::future::Future;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::{pin, Pin};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{ready, Context, Poll, Waker};
use std::time::Duration;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{header, HeaderValue, Request, Response};
use axum::response::IntoResponse;
use axum::Router;
use bytes::Bytes;
use http_body::{Body as HttpBody, Frame, SizeHint};
use hyper::body::Incoming;
use hyper_util::rt::TokioIo;
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::time::{Instant, Sleep};
use tower::ServiceExt;

use crate::error::ApiError;

/// Connections over a cap that may still be served in reserve mode, per node.
const RESERVE_CONNECTIONS: usize = 32;
/// A reserve connection's time limits are at most this, so idle ones make room quickly.
const RESERVE_TIMEOUT: Duration = Duration::from_secs(2);
const BUSY: &str = "The server is busy. Please try again in a moment.";

/// Time limits and caps of the serve loop.
#[derive(Debug, Clone)]
pub struct ConnectionRules {
    /// From a request's first byte until its headers are complete.
    pub header_read_timeout: Duration,
    /// Without a request, from the connection's opening or its last response.
    pub idle_timeout: Duration,
    /// The longest gap between two parts of a request body.
    pub body_read_timeout: Duration,
    /// After the first `body_read_timeout`, a body must average at least this rate.
    pub body_min_bytes_per_second: u64,
    /// Open connections per node before the reserve.
    pub max_connections: usize,
    /// Open connections per client address before the reserve; none: no per-address cap
    /// (behind a proxy every connection comes from the proxy).
    pub max_connections_per_address: Option<usize>,
}

impl Default for ConnectionRules {
    fn default() -> Self {
        Self {
            header_read_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            body_read_timeout: Duration::from_secs(30),
            body_min_bytes_per_second: 1024,
            max_connections: 512,
            max_connections_per_address: Some(64),
        }
    }
}

/// How a connection within the caps is served.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Admission {
    Normal,
    Reserve,
}

/// Open connections, per node and per address.
#[derive(Default)]
struct Counts {
    total: usize,
    reserve: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A connection's place in [`Counts`], given back when the connection ends.
struct Slot {
    counts: Arc<Mutex<Counts>>,
    address: IpAddr,
    admission: Admission,
}

fn lock(counts: &Mutex<Counts>) -> std::sync::MutexGuard<'_, Counts> {
    // Every change leaves the counts consistent, so a panic elsewhere poisons nothing real.
    counts
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

impl Slot {
    fn take(counts: &Arc<Mutex<Counts>>, rules: &ConnectionRules, address: IpAddr) -> Option<Self> {
        let mut c = lock(counts);
        let from_address = c.by_address.get(&address).copied().unwrap_or(0);
        let within_address = rules
            .max_connections_per_address
            .is_none_or(|cap| from_address < cap);
        let admission = if c.total < rules.max_connections && within_address {
            Admission::Normal
        } else if c.reserve < RESERVE_CONNECTIONS {
            Admission::Reserve
        } else {
            return None;
        };
        match admission {
            Admission::Normal => {
                c.total += 1;
                *c.by_address.entry(address).or_default() += 1;
            }
            Admission::Reserve => c.reserve += 1,
        }
        Some(Slot {
            counts: counts.clone(),
            address,
            admission,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut c = lock(&self.counts);
        match self.admission {
            Admission::Normal => {
                c.total -= 1;
                if let Some(n) = c.by_address.get_mut(&self.address) {
                    *n -= 1;
                    if *n == 0 {
                        c.by_address.remove(&self.address);
                    }
                }
            }
            Admission::Reserve => c.reserve -= 1,
        }
    }
}

/// Serves `app` on `listener` until `shutdown` resolves, then lets open connections finish
/// their requests.
pub async fn serve(
    listener: TcpListener,
    app: Router,
    rules: ConnectionRules,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> io::Result<()> {
    let counts = Arc::new(Mutex::new(Counts::default()));
    let (stop_tx, stop_rx) = watch::channel(false);
    // Every connection task holds a receiver; when all are dropped, all connections ended.
    let (done_tx, done_rx) = watch::channel(());
    let mut shutdown = pin!(shutdown);
    loop {
        let (stream, remote) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of file descriptors or a connection reset before accept: keep
                    // serving the connections already open, and try again shortly.
                    tracing::warn!(error = %e, "could not accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let Some(slot) = Slot::take(&counts, &rules, remote.ip()) else {
            tokio::spawn(refuse(stream));
            continue;
        };
        let app = app.clone();
        let rules = rules.clone();
        let stop = stop_rx.clone();
        let done = done_rx.clone();
        tokio::spawn(async move {
            serve_connection(stream, remote, app, rules, slot, stop).await;
            drop(done);
        });
    }
    drop(listener);
    let _ = stop_tx.send(true);
    drop(done_rx);
    done_tx.closed().await;
    Ok(())
}

/// Answers a connection past every cap with 503 and closes it, without reading it.
async fn refuse(mut stream: TcpStream) {
    let body = ApiError::Unavailable(BUSY).into_response().into_body();
    let body = axum::body::to_bytes(body, 4096).await.unwrap_or_default();
    let head = format!(
        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\nretry-after: 1\r\n\
         connection: close\r\ncontent-length: {}\r\n\r\n",
        body.len()
    );
    let _ = tokio::time::timeout(RESERVE_TIMEOUT, async {
        stream.write_all(head.as_bytes()).await?;
        stream.write_all(&body).await?;
        stream.shutdown().await
    })
    .await;
}

async fn serve_connection(
    stream: TcpStream,
    remote: SocketAddr,
    app: Router,
    mut rules: ConnectionRules,
    slot: Slot,
    mut stop: watch::Receiver<bool>,
) {
    let reserve = slot.admission == Admission::Reserve;
    if reserve {
        rules.header_read_timeout = rules.header_read_timeout.min(RESERVE_TIMEOUT);
        rules.idle_timeout = rules.idle_timeout.min(RESERVE_TIMEOUT);
    }
    let activity = Arc::new(Activity::default());
    let io = TokioIo::new(Box::pin(TimedStream::new(stream, &rules, activity.clone())));
    let service = hyper::service::service_fn(move |request: Request<Incoming>| {
        let app = app.clone();
        let rules = rules.clone();
        let in_flight = InFlight::start(&activity);
        async move {
            let mut request = request.map(|body| Body::new(TimedBody::new(body, &rules)));
            request.extensions_mut().insert(ConnectInfo(remote));
            let response = if reserve && request.uri().path() != "/api/health" {
                ApiError::Unavailable(BUSY).into_response()
            } else {
                app.oneshot(request).await.unwrap_or_else(|e| match e {})
            };
            let (mut parts, body) = response.into_parts();
            if reserve {
                parts
                    .headers
                    .insert(header::CONNECTION, HeaderValue::from_static("close"));
            }
            Ok::<_, Infallible>(Response::from_parts(
                parts,
                Body::new(TrackedBody { body, in_flight }),
            ))
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    // The socket's own deadlines (below) replace hyper's header timer.
    builder
        .keep_alive(!reserve)
        .header_read_timeout(None::<Duration>);
    let mut connection = pin!(builder.serve_connection(io, service));
    let finished = tokio::select! {
        result = connection.as_mut() => Some(result),
        _ = stop.wait_for(|stop| *stop) => None,
    };
    let result = match finished {
        Some(result) => result,
        None => {
            // Answer what is in flight, take no new request.
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    if let Err(e) = result {
        tracing::debug!(error = %e, "connection ended with an error");
    }
    drop(slot);
}

/// A connection's requests in flight, and the socket reader to wake when the last ends (so
/// the idle deadline starts even if nothing else wakes the connection).
#[derive(Default)]
struct Activity {
    in_flight: AtomicUsize,
    reader: Mutex<Option<Waker>>,
}

impl Activity {
    fn busy(&self) -> bool {
        self.in_flight.load(Ordering::SeqCst) > 0
    }

    fn wake_reader_when_idle(&self, waker: &Waker) {
        *self
            .reader
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(waker.clone());
    }
}

/// Counts a request as in flight until its response body is done or dropped.
struct InFlight(Arc<Activity>);

impl InFlight {
    fn start(activity: &Arc<Activity>) -> Self {
        activity.in_flight.fetch_add(1, Ordering::SeqCst);
        InFlight(activity.clone())
    }
}

impl Drop for InFlight {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::SeqCst) == 1 {
            let reader = self
                .0
                .reader
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .take();
            if let Some(reader) = reader {
                reader.wake();
            }
        }
    }
}

pin_project_lite::pin_project! {
    /// A response body that keeps its request in flight while it is being sent.
    struct TrackedBody {
        #[pin]
        body: Body,
        in_flight: InFlight,
    }
}

impl HttpBody for TrackedBody {
    type Data = Bytes;
    type Error = axum::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, axum::Error>>> {
        self.project().body.poll_frame(cx)
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

/// Where a connection is between requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// A request is being answered: no deadline on the socket.
    Busy,
    /// Waiting for a request to start.
    Idle,
    /// A request has started arriving; its headers are not complete.
    Head,
}

pin_project_lite::pin_project! {
    /// A socket with the idle and header deadlines of [`ConnectionRules`].
    struct TimedStream {
        #[pin]
        stream: TcpStream,
        #[pin]
        deadline: Sleep,
        phase: Phase,
        header_read_timeout: Duration,
        idle_timeout: Duration,
        activity: Arc<Activity>,
    }
}

impl TimedStream {
    fn new(stream: TcpStream, rules: &ConnectionRules, activity: Arc<Activity>) -> Self {
        Self {
            stream,
            deadline: tokio::time::sleep(rules.idle_timeout),
            phase: Phase::Idle,
            header_read_timeout: rules.header_read_timeout,
            idle_timeout: rules.idle_timeout,
            activity,
        }
    }
}

impl AsyncRead for TimedStream {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let mut this = self.project();
        let before = buf.filled().len();
        let result = this.stream.poll_read(cx, buf);
        if result.is_pending() {
            // Before looking at the requests in flight, so the last one ending cannot slip
            // between the look and the registration.
            this.activity.wake_reader_when_idle(cx.waker());
        }
        if this.activity.busy() {
            *this.phase = Phase::Busy;
            return result;
        }
        let got_bytes = buf.filled().len() > before;
        match (*this.phase, got_bytes) {
            (Phase::Busy | Phase::Idle, true) => {
                *this.phase = Phase::Head;
                this.deadline
                    .as_mut()
                    .reset(Instant::now() + *this.header_read_timeout);
            }
            (Phase::Busy, false) => {
                *this.phase = Phase::Idle;
                this.deadline
                    .as_mut()
                    .reset(Instant::now() + *this.idle_timeout);
            }
            _ => {}
        }
        if result.is_pending() {
            ready!(this.deadline.poll(cx));
            return Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                match this.phase {
                    Phase::Head => "request headers took too long",
                    _ => "connection idle too long",
                },
            )));
        }
        result
    }
}

impl AsyncWrite for TimedStream {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        self.project().stream.poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        self.project().stream.poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().stream.poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        self.project().stream.poll_shutdown(cx)
    }
}

pin_project_lite::pin_project! {
    /// A request body held to the body deadlines of [`ConnectionRules`].
    struct TimedBody {
        #[pin]
        body: Incoming,
        #[pin]
        deadline: Sleep,
        // Set when the handler first reads the body: time spent before that is the server's.
        started: Option<Instant>,
        received: u64,
        gap: Duration,
        min_rate: u64,
    }
}

impl TimedBody {
    fn new(body: Incoming, rules: &ConnectionRules) -> Self {
        Self {
            body,
            deadline: tokio::time::sleep(rules.body_read_timeout),
            started: None,
            received: 0,
            gap: rules.body_read_timeout,
            min_rate: rules.body_min_bytes_per_second.max(1),
        }
    }
}

impl HttpBody for TimedBody {
    type Data = Bytes;
    type Error = io::Error;

    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, io::Error>>> {
        let mut this = self.project();
        let started = *this.started.get_or_insert_with(|| {
            let now = Instant::now();
            this.deadline.as_mut().reset(now + *this.gap);
            now
        });
        match this.body.poll_frame(cx) {
            Poll::Ready(frame) => {
                if let Some(Ok(data)) = frame.as_ref().map(|f| f.as_ref().map(Frame::data_ref)) {
                    *this.received += data.map_or(0, |d| d.len() as u64);
                    // The next part is due within the gap, and the body so far must be
                    // worth its time at the minimum rate after the first stretch.
                    let by_gap = Instant::now() + *this.gap;
                    let by_rate = started
                        + *this.gap
                        + Duration::from_secs_f64(*this.received as f64 / *this.min_rate as f64);
                    this.deadline.as_mut().reset(by_gap.min(by_rate));
                }
                Poll::Ready(frame.map(|f| f.map_err(io::Error::other)))
            }
            Poll::Pending => {
                ready!(this.deadline.poll(cx));
                Poll::Ready(Some(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the request body arrived too slowly",
                ))))
            }
        }
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.body.size_hint()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(max: usize, per_address: Option<usize>) -> ConnectionRules {
        ConnectionRules {
            max_connections: max,
            max_connections_per_address: per_address,
            ..ConnectionRules::default()
        }
    }

    #[test]
    fn caps_send_connections_to_the_reserve_then_refuse_them() {
        let counts = Arc::new(Mutex::new(Counts::default()));
        let rules = rules(3, Some(2));
        let a = IpAddr::from([10, 0, 0, 1]);
        let b = IpAddr::from([10, 0, 0, 2]);
        let a1 = Slot::take(&counts, &rules, a).unwrap();
        let _a2 = Slot::take(&counts, &rules, a).unwrap();
        assert_eq!(a1.admission, Admission::Normal);
        let a3 = Slot::take(&counts, &rules, a).unwrap();
        assert_eq!(a3.admission, Admission::Reserve, "past the address's share");
        let b1 = Slot::take(&counts, &rules, b).unwrap();
        assert_eq!(b1.admission, Admission::Normal);
        let b2 = Slot::take(&counts, &rules, b).unwrap();
        assert_eq!(b2.admission, Admission::Reserve, "past the node's share");
        let reserve: Vec<_> = (0..RESERVE_CONNECTIONS - 2)
            .map(|_| Slot::take(&counts, &rules, b).unwrap())
            .collect();
        assert!(Slot::take(&counts, &rules, b).is_none(), "past the reserve");
        drop(reserve);
        drop(a1);
        assert_eq!(
            Slot::take(&counts, &rules, b).unwrap().admission,
            Admission::Normal,
            "a closed connection gives its place back"
        );
        assert_eq!(lock(&counts).by_address.get(&a), Some(&1));
    }
}
