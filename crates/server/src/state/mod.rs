use std::sync::Arc;

use store::{MediaStorage, Signer, Store};

use crate::sessions::SessionCache;

mod deployment;
mod image_work;

pub use deployment::{Plan, ProviderStatus};
pub use image_work::ImageWork;

/// What the API needs to know beyond the database; built by the `studio` binary from its
/// validated configuration.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Sign-in and sign-up attempts allowed per account (email) per window.
    pub auth_rate_limit_per_account: u32,
    /// Sign-in and sign-up attempts allowed per client IP per window.
    pub auth_rate_limit_per_ip: u32,
    /// The attempt counters' fixed windows, in seconds (a minute unless configured).
    pub auth_rate_limit_window_seconds: u32,
    /// Below this balance the web app offers more credits.
    pub low_credit_threshold: i64,
    /// Mark the session cookie `Secure` (set when served over HTTPS).
    pub secure_cookies: bool,
    /// Origins besides the request's own host allowed to make cookie-authenticated
    /// mutating requests (e.g. a separately hosted web app).
    pub allowed_origins: Vec<String>,
    /// Take the client IP from `X-Forwarded-For` (only behind a trusted proxy).
    pub trust_forwarded_for: bool,
    /// Videos need an active subscription (403 `upgrade_required` otherwise).
    pub video_requires_subscription: bool,
    /// What serves each generation capability, as `/api/health/providers` reports it.
    pub providers: Vec<ProviderStatus>,
    /// The plans on sale.
    pub plans: Vec<Plan>,
    /// The operator's Stripe account; none: purchases answer 503.
    pub stripe: Option<crate::stripe::StripeConfig>,
    /// Where browsers reach the web app (e.g. `https://studio.example.com`), for the
    /// links back from checkout; none: the request's host over http.
    pub public_url: Option<String>,
    /// Serve free-plan owners' generated pictures with the corner mark (when the worker made
    /// a marked copy); subscribers always get the clean file.
    pub watermark_free_plan: bool,
    /// Time limits and caps of HTTP connections.
    pub connections: crate::connections::ConnectionRules,
    /// Analytics events stored per user per day; more are dropped.
    pub analytics_events_per_day: u32,
    /// What one user may keep uploaded (product photos and chat attachments).
    pub upload_quota: store::UploadQuota,
    /// How long a session read from the database is trusted without reading it again (a
    /// sign-out elsewhere drops it at once through the store's signal).
    pub sessions_fresh_for: std::time::Duration,
}

impl ServerConfig {
    /// Where browsers reach the site, for links that leave the page (checkout's way back, a
    /// share page's preview tags): the configured public URL, else this request's host
    /// over http — right on one laptop; a deployment behind a proxy sets the public URL.
    pub fn public_origin(&self, headers: &axum::http::HeaderMap) -> String {
        match &self.public_url {
            Some(url) => url.clone(),
            None => {
                let host = headers
                    .get(axum::http::header::HOST)
                    .and_then(|h| h.to_str().ok())
                    .unwrap_or("localhost");
                format!("http://{host}")
            }
        }
    }
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            auth_rate_limit_per_account: 10,
            auth_rate_limit_per_ip: 30,
            auth_rate_limit_window_seconds: 60,
            low_credit_threshold: 10,
            secure_cookies: false,
            allowed_origins: Vec::new(),
            trust_forwarded_for: false,
            video_requires_subscription: false,
            providers: Vec::new(),
            plans: vec![Plan::creator(None)],
            stripe: None,
            public_url: None,
            watermark_free_plan: false,
            connections: crate::connections::ConnectionRules::default(),
            analytics_events_per_day: 500,
            upload_quota: store::UploadQuota {
                files: 1000,
                bytes: 2 * 1024 * 1024 * 1024,
            },
            sessions_fresh_for: store::DEFAULT_MEMORY_CACHE,
        }
    }
}

#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub storage: MediaStorage,
    pub signer: Arc<Signer>,
    pub config: Arc<ServerConfig>,
    /// Bounds how many images are decoded at once, so many uploads cannot exhaust memory.
    pub image_work: ImageWork,
    /// The chat's creative assistant (built-in or hosted).
    pub assistant: Arc<dyn ai::Assistant>,
    /// Stripe, when payments are configured.
    pub stripe: Option<Arc<crate::stripe::StripeClient>>,
    /// Sessions read recently (see [`ServerConfig::sessions_fresh_for`]).
    pub sessions: Arc<SessionCache>,
    /// The live-event streams open on this node, per user.
    pub event_streams: Arc<crate::event_streams::EventStreams>,
}

impl AppState {
    /// Loads (or creates, on the first node) the shared signing key.
    pub async fn new(
        store: Store,
        storage: MediaStorage,
        config: ServerConfig,
        assistant: Arc<dyn ai::Assistant>,
    ) -> anyhow::Result<Self> {
        let signer = Arc::new(store.media_signer().await?);
        let cores = std::thread::available_parallelism().map_or(2, usize::from);
        let stripe = match &config.stripe {
            Some(stripe) => Some(Arc::new(crate::stripe::StripeClient::new(stripe.clone())?)),
            None => None,
        };
        let sessions = Arc::new(SessionCache::new(config.sessions_fresh_for));
        tokio::spawn(sessions.clone().follow(store.subscribe()));
        Ok(Self {
            store,
            storage,
            signer,
            config: Arc::new(config),
            image_work: ImageWork::new(cores),
            assistant,
            stripe,
            sessions,
            event_streams: Arc::default(),
        })
    }
}
