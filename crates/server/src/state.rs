use std::sync::Arc;

use store::Store;

/// What the API needs to know beyond the database; built by the `studio` binary from its
/// validated configuration.
#[derive(Debug, Clone)]
pub struct ServerConfig {
    /// Sign-in and sign-up attempts allowed per account (email) per minute.
    pub auth_rate_limit_per_account: u32,
    /// Sign-in and sign-up attempts allowed per client IP per minute.
    pub auth_rate_limit_per_ip: u32,
    /// Below this balance the web app offers more credits.
    pub low_credit_threshold: i64,
    /// Mark the session cookie `Secure` (set when served over HTTPS).
    pub secure_cookies: bool,
    /// Origins besides the request's own host allowed to make cookie-authenticated
    /// mutating requests (e.g. a separately hosted web app).
    pub allowed_origins: Vec<String>,
    /// Take the client IP from `X-Forwarded-For` (only behind a trusted proxy).
    pub trust_forwarded_for: bool,
}

impl Default for ServerConfig {
    fn default() -> Self {
        Self {
            auth_rate_limit_per_account: 10,
            auth_rate_limit_per_ip: 30,
            low_credit_threshold: 10,
            secure_cookies: false,
            allowed_origins: Vec::new(),
            trust_forwarded_for: false,
        }
    }
}

#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<ServerConfig>,
}

impl AppState {
    pub fn new(store: Store, config: ServerConfig) -> Self {
        Self {
            store,
            config: Arc::new(config),
        }
    }
}
