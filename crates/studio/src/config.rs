//! Typed configuration: command-line flags > environment (`STUDIO_*`, `DATABASE_URL`) >
//! optional `studio.toml` > defaults that give the embedded, zero-configuration setup.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::{bail, Context};
use figment::providers::{Env, Format, Serialized, Toml};
use figment::Figment;
use serde::{Deserialize, Serialize};

/// Keys read from `STUDIO_<KEY>`; other `STUDIO_*` variables belong to other tools.
const ENV_KEYS: &[&str] = &[
    "bind",
    "data_dir",
    "database_url",
    "log",
    "auth_rate_limit_per_account",
    "auth_rate_limit_per_ip",
    "auth_rate_limit_window_seconds",
    "low_credit_threshold",
    "secure_cookies",
    "allowed_origins",
    "trust_forwarded_for",
    "storage_url",
    "s3_endpoint",
    "workers",
    "job_lease_seconds",
    "video_requires_subscription",
    "fault_injection",
    "llm_base_url",
    "llm_api_key",
    "llm_model",
    "llm_timeout_seconds",
    "image_provider",
    "image_model",
    "video_provider",
    "video_model",
    "runway_base_url",
    "audio_provider",
    "audio_model",
    "elevenlabs_base_url",
    "provider_download_hosts",
    "public_url",
    "watermark_free_plan",
    "header_read_timeout_seconds",
    "idle_timeout_seconds",
    "body_read_timeout_seconds",
    "body_min_bytes_per_second",
    "max_connections",
    "max_connections_per_address",
    "analytics_events_per_day",
    "upload_quota_files",
    "upload_quota_bytes",
    "memory_cache_seconds",
];
/// Keys read from the environment without the prefix, as other tools name them.
const RAW_ENV_KEYS: &[&str] = &[
    "database_url",
    "aws_region",
    "aws_access_key_id",
    "aws_secret_access_key",
    "openai_api_key",
    "openai_base_url",
    "runwayml_api_secret",
    "elevenlabs_api_key",
    "stripe_secret_key",
    "stripe_webhook_secret",
    "stripe_api_base",
    "stripe_creator_price_id",
];

#[derive(Debug, Clone, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Address the HTTP server listens on.
    pub bind: String,
    /// Where the SQLite database and media live by default.
    pub data_dir: PathBuf,
    /// `sqlite://…` or `postgres://…`; default `sqlite://<data_dir>/studio.db`.
    pub database_url: Option<String>,
    /// Log filter, e.g. `info` or `server=debug,info`.
    pub log: String,
    pub auth_rate_limit_per_account: u32,
    pub auth_rate_limit_per_ip: u32,
    pub auth_rate_limit_window_seconds: u32,
    pub low_credit_threshold: i64,
    pub secure_cookies: bool,
    pub allowed_origins: Vec<String>,
    pub trust_forwarded_for: bool,
    /// `file:///abs/path` or `s3://bucket[/prefix]`; default `<data_dir>/media`.
    pub storage_url: Option<String>,
    /// Endpoint of an S3-compatible service (e.g. `http://127.0.0.1:9000`).
    pub s3_endpoint: Option<String>,
    pub aws_region: Option<String>,
    pub aws_access_key_id: Option<String>,
    pub aws_secret_access_key: Option<String>,
    /// Jobs run at once by each worker process (default: the number of cores).
    pub workers: Option<usize>,
    /// How long a claimed job is held without a heartbeat (1–30 s).
    pub job_lease_seconds: u64,
    /// Videos need an active subscription.
    pub video_requires_subscription: bool,
    /// Tests only: prompts with `[fail:permanent]` or `[fail:transient=N]` fail on purpose.
    pub fault_injection: bool,
    /// An OpenAI-compatible endpoint for the assistant (e.g. `https://api.openai.com/v1`);
    /// none: the built-in assistant.
    pub llm_base_url: Option<String>,
    pub llm_api_key: Option<String>,
    pub llm_model: String,
    /// For one call to the hosted assistant.
    pub llm_timeout_seconds: u64,
    /// `offline` or `openai` (then `openai_api_key` is required).
    pub image_provider: String,
    pub openai_api_key: Option<String>,
    /// An OpenAI-compatible Images API, ending with `/v1`.
    pub openai_base_url: String,
    pub image_model: String,
    /// `offline` or `runway` (then `runwayml_api_secret` is required).
    pub video_provider: String,
    pub runwayml_api_secret: Option<String>,
    /// The image-to-video model the video API is asked for.
    pub video_model: String,
    /// Scheme and host of the video API.
    pub runway_base_url: String,
    /// `offline` or `elevenlabs` (then `elevenlabs_api_key` is required).
    pub audio_provider: String,
    pub elevenlabs_api_key: Option<String>,
    /// The music model the music API is asked for.
    pub audio_model: String,
    /// Scheme and host of the music API.
    pub elevenlabs_base_url: String,
    /// Hosts besides the video API's own that finished clips may be downloaded from:
    /// a list, or one comma-separated string as the environment gives it.
    #[serde(deserialize_with = "crate::providers::host_list")]
    pub provider_download_hosts: Vec<String>,
    /// Where browsers reach the web app, e.g. `https://studio.example.com` (links back
    /// from checkout); default: the request's host over http.
    pub public_url: Option<String>,
    /// Stripe: both keys, or neither (then purchases answer 503).
    pub stripe_secret_key: Option<String>,
    pub stripe_webhook_secret: Option<String>,
    /// Scheme and host of Stripe's API.
    pub stripe_api_base: String,
    /// The Stripe Price of the built-in Creator Plan.
    pub stripe_creator_price_id: Option<String>,
    /// Plans on sale (`[[plans]]`); none: the built-in Creator Plan.
    pub plans: Vec<server::Plan>,
    /// Mark free-plan images with a small "Campaign Studio" corner mark (subscribers' never
    /// are). Only with payments configured, as a free user could otherwise never remove it;
    /// unset: on whenever payments are.
    pub watermark_free_plan: Option<bool>,
    /// From a request's first byte until its headers are complete.
    pub header_read_timeout_seconds: u64,
    /// A connection without a request closes after this long.
    pub idle_timeout_seconds: u64,
    /// The longest gap between two parts of a request body.
    pub body_read_timeout_seconds: u64,
    /// After the first `body_read_timeout_seconds`, a request body must average this rate.
    pub body_min_bytes_per_second: u64,
    /// Open connections per node (a small reserve beyond answers only `/api/health`).
    pub max_connections: usize,
    /// Open connections per client address; not applied with `trust_forwarded_for`, where
    /// every connection comes from the proxy.
    pub max_connections_per_address: usize,
    /// Analytics events stored per user per day; more are dropped.
    pub analytics_events_per_day: u32,
    /// Product photos and chat attachments one user may keep: how many, and their bytes.
    pub upload_quota_files: i64,
    pub upload_quota_bytes: i64,
    /// How long a node trusts a session or credit badge it read from the database before
    /// reading it again. Changes reach every node at once through the store's signals, so
    /// this only bounds what a missed signal could let through; tests set it long so that
    /// only the signal can make a change visible.
    pub memory_cache_seconds: u64,
}

impl Default for Config {
    fn default() -> Self {
        let server = server::ServerConfig::default();
        let connections = &server.connections;
        Self {
            bind: "127.0.0.1:8080".into(),
            data_dir: PathBuf::from("data"),
            database_url: None,
            log: "info".into(),
            auth_rate_limit_per_account: server.auth_rate_limit_per_account,
            auth_rate_limit_per_ip: server.auth_rate_limit_per_ip,
            auth_rate_limit_window_seconds: server.auth_rate_limit_window_seconds,
            low_credit_threshold: server.low_credit_threshold,
            secure_cookies: server.secure_cookies,
            allowed_origins: server.allowed_origins,
            trust_forwarded_for: server.trust_forwarded_for,
            storage_url: None,
            s3_endpoint: None,
            aws_region: None,
            aws_access_key_id: None,
            aws_secret_access_key: None,
            workers: None,
            job_lease_seconds: 30,
            video_requires_subscription: false,
            fault_injection: false,
            llm_base_url: None,
            llm_api_key: None,
            llm_model: "gpt-4o-mini".into(),
            llm_timeout_seconds: 30,
            image_provider: "offline".into(),
            openai_api_key: None,
            openai_base_url: "https://api.openai.com/v1".into(),
            image_model: "gpt-image-1".into(),
            video_provider: "offline".into(),
            runwayml_api_secret: None,
            video_model: "gen4_turbo".into(),
            runway_base_url: "https://api.dev.runwayml.com".into(),
            audio_provider: "offline".into(),
            elevenlabs_api_key: None,
            audio_model: "music_v1".into(),
            elevenlabs_base_url: "https://api.elevenlabs.io".into(),
            provider_download_hosts: Vec::new(),
            public_url: None,
            stripe_secret_key: None,
            stripe_webhook_secret: None,
            stripe_api_base: "https://api.stripe.com".into(),
            stripe_creator_price_id: None,
            plans: Vec::new(),
            watermark_free_plan: None,
            header_read_timeout_seconds: connections.header_read_timeout.as_secs(),
            idle_timeout_seconds: connections.idle_timeout.as_secs(),
            body_read_timeout_seconds: connections.body_read_timeout.as_secs(),
            body_min_bytes_per_second: connections.body_min_bytes_per_second,
            max_connections: connections.max_connections,
            max_connections_per_address: connections.max_connections_per_address.unwrap_or(64),
            analytics_events_per_day: server.analytics_events_per_day,
            upload_quota_files: server.upload_quota.files,
            upload_quota_bytes: server.upload_quota.bytes,
            memory_cache_seconds: server.sessions_fresh_for.as_secs(),
        }
    }
}

/// Values given on the command line; only those present override.
#[derive(Debug, Default, Serialize)]
pub struct Overrides {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bind: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub data_dir: Option<PathBuf>,
}

impl Config {
    pub fn load(config_file: Option<&Path>, overrides: Overrides) -> anyhow::Result<Self> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        match config_file {
            Some(path) => {
                if !path.is_file() {
                    bail!("config file {} does not exist", path.display());
                }
                figment = figment.merge(Toml::file(path));
            }
            None => figment = figment.merge(Toml::file("studio.toml")),
        }
        figment = figment
            .merge(Env::raw().only(RAW_ENV_KEYS))
            .merge(Env::prefixed("STUDIO_").only(ENV_KEYS))
            .merge(Serialized::defaults(overrides));
        let config: Config = figment
            .extract()
            .map_err(|e| anyhow::anyhow!("invalid configuration: {e}"))?;
        config.validate()?;
        Ok(config)
    }

    fn validate(&self) -> anyhow::Result<()> {
        self.bind_addr()?;
        let url = self.database_url();
        if !(url.starts_with("sqlite:")
            || url.starts_with("postgres://")
            || url.starts_with("postgresql://"))
        {
            bail!("invalid configuration: database_url must start with sqlite:, postgres:// or postgresql:// (got {url:?})");
        }
        if self.auth_rate_limit_per_account == 0 || self.auth_rate_limit_per_ip == 0 {
            bail!("invalid configuration: auth rate limits must be at least 1 attempt a window");
        }
        if self.auth_rate_limit_window_seconds == 0 {
            bail!("invalid configuration: auth_rate_limit_window_seconds must be at least 1");
        }
        if self.low_credit_threshold < 0 {
            bail!("invalid configuration: low_credit_threshold cannot be negative");
        }
        if self.upload_quota_files < 1 || self.upload_quota_bytes < 1 {
            bail!("invalid configuration: upload_quota_files and upload_quota_bytes must be at least 1");
        }
        if let Some(url) = &self.storage_url {
            if !(url.starts_with("file:///") || url.starts_with("s3://")) {
                bail!("invalid configuration: storage_url must be file:///absolute/path or s3://bucket (got {url:?})");
            }
        }
        if !(1..=30).contains(&self.job_lease_seconds) {
            bail!("invalid configuration: job_lease_seconds must be between 1 and 30");
        }
        if self.workers == Some(0) {
            bail!("invalid configuration: workers must be at least 1 (use serve --no-workers for none)");
        }
        if let Some(url) = &self.llm_base_url {
            if !(url.starts_with("http://") || url.starts_with("https://")) {
                bail!("invalid configuration: llm_base_url must start with http:// or https:// (got {url:?})");
            }
        }
        if !(1..=300).contains(&self.llm_timeout_seconds) {
            bail!("invalid configuration: llm_timeout_seconds must be between 1 and 300");
        }
        for (name, seconds) in [
            (
                "header_read_timeout_seconds",
                self.header_read_timeout_seconds,
            ),
            ("idle_timeout_seconds", self.idle_timeout_seconds),
            ("body_read_timeout_seconds", self.body_read_timeout_seconds),
        ] {
            if !(1..=3600).contains(&seconds) {
                bail!("invalid configuration: {name} must be between 1 and 3600");
            }
        }
        if self.body_min_bytes_per_second == 0 {
            bail!("invalid configuration: body_min_bytes_per_second must be at least 1");
        }
        if self.max_connections == 0 || self.max_connections_per_address == 0 {
            bail!("invalid configuration: max_connections and max_connections_per_address must be at least 1");
        }
        if !(1..=3600).contains(&self.memory_cache_seconds) {
            bail!("invalid configuration: memory_cache_seconds must be between 1 and 3600");
        }
        if self.analytics_events_per_day == 0 {
            bail!("invalid configuration: analytics_events_per_day must be at least 1");
        }
        self.validate_providers()?;
        self.validate_payments()?;
        for origin in &self.allowed_origins {
            if !(origin.starts_with("http://") || origin.starts_with("https://")) {
                bail!("invalid configuration: allowed_origins entries look like https://host[:port] (got {origin:?})");
            }
        }
        Ok(())
    }

    pub fn bind_addr(&self) -> anyhow::Result<SocketAddr> {
        self.bind.parse().with_context(|| {
            format!(
                "invalid configuration: bind must be an address like 127.0.0.1:8080 (got {:?})",
                self.bind
            )
        })
    }

    pub fn database_url(&self) -> String {
        self.database_url
            .clone()
            .unwrap_or_else(|| format!("sqlite://{}", self.data_dir.join("studio.db").display()))
    }

    pub fn storage_config(&self) -> store::StorageConfig {
        store::StorageConfig {
            url: self.storage_url.clone(),
            data_dir: self.data_dir.clone(),
            s3_endpoint: self.s3_endpoint.clone(),
            s3_region: self.aws_region.clone(),
            s3_access_key_id: self.aws_access_key_id.clone(),
            s3_secret_access_key: self.aws_secret_access_key.clone(),
        }
    }

    pub fn server_config(&self) -> server::ServerConfig {
        server::ServerConfig {
            auth_rate_limit_per_account: self.auth_rate_limit_per_account,
            auth_rate_limit_per_ip: self.auth_rate_limit_per_ip,
            auth_rate_limit_window_seconds: self.auth_rate_limit_window_seconds,
            low_credit_threshold: self.low_credit_threshold,
            secure_cookies: self.secure_cookies,
            allowed_origins: self.allowed_origins.clone(),
            trust_forwarded_for: self.trust_forwarded_for,
            video_requires_subscription: self.video_requires_subscription,
            providers: self.provider_statuses(),
            plans: self.plans_on_sale(),
            stripe: self.stripe_config(),
            public_url: self
                .public_url
                .as_deref()
                .map(|u| u.trim_end_matches('/').to_owned()),
            watermark_free_plan: self.watermarks_free_plan(),
            connections: server::ConnectionRules {
                header_read_timeout: Duration::from_secs(self.header_read_timeout_seconds),
                idle_timeout: Duration::from_secs(self.idle_timeout_seconds),
                body_read_timeout: Duration::from_secs(self.body_read_timeout_seconds),
                body_min_bytes_per_second: self.body_min_bytes_per_second,
                max_connections: self.max_connections,
                max_connections_per_address: (!self.trust_forwarded_for)
                    .then_some(self.max_connections_per_address),
            },
            analytics_events_per_day: self.analytics_events_per_day,
            upload_quota: store::UploadQuota {
                files: self.upload_quota_files,
                bytes: self.upload_quota_bytes,
            },
            sessions_fresh_for: self.memory_cache(),
        }
    }

    /// How long sessions and credit badges read from the database are kept in memory.
    pub fn memory_cache(&self) -> Duration {
        Duration::from_secs(self.memory_cache_seconds)
    }

    /// Whether free-plan pictures are marked: the operator's choice, and payments configured.
    pub fn watermarks_free_plan(&self) -> bool {
        self.stripe_config().is_some() && self.watermark_free_plan.unwrap_or(true)
    }

    pub fn worker_config(&self) -> jobs::WorkerConfig {
        let defaults = jobs::WorkerConfig::default();
        jobs::WorkerConfig {
            concurrency: self.workers.unwrap_or(defaults.concurrency),
            lease: std::time::Duration::from_secs(self.job_lease_seconds),
            watermark: self.watermarks_free_plan(),
            ..defaults
        }
    }

    /// The assistant: the hosted one when an endpoint is configured (it falls back to the
    /// built-in one on failure), else the built-in one.
    pub fn assistant(&self) -> anyhow::Result<std::sync::Arc<dyn ai::Assistant>> {
        Ok(match &self.llm_base_url {
            Some(base_url) => std::sync::Arc::new(ai::hosted::HostedAssistant::new(
                ai::hosted::HostedConfig {
                    base_url: base_url.clone(),
                    api_key: self.llm_api_key.clone(),
                    model: self.llm_model.clone(),
                    timeout: std::time::Duration::from_secs(self.llm_timeout_seconds),
                    retries: 2,
                },
            )?),
            None => std::sync::Arc::new(ai::builtin::BuiltinAssistant),
        })
    }
}
