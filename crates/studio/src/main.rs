//! `studio`: the one binary of Campaign Studio.

mod admin;
mod config;
mod payments;
mod providers;
mod render;

use std::path::PathBuf;

use anyhow::Context;
use clap::{Parser, Subcommand};
use tokio::net::TcpListener;

use crate::config::{Config, Overrides};

#[derive(Parser, Debug)]
#[command(
    name = "studio",
    version,
    about = "Campaign Studio: an AI marketing-content studio that runs offline."
)]
struct Cli {
    /// Configuration file (TOML). Default: ./studio.toml when present.
    #[arg(long, global = true, value_name = "PATH")]
    config: Option<PathBuf>,
    /// Where the SQLite database and media live (default ./data).
    #[arg(long, global = true, value_name = "DIR")]
    data_dir: Option<PathBuf>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Serve the API and the web app.
    Serve {
        /// Address to listen on (default 127.0.0.1:8080; port 0 picks a free one).
        #[arg(long, value_name = "ADDR")]
        bind: Option<String>,
        /// Serve only the API, without background workers (for scale-out API nodes).
        #[arg(long)]
        no_workers: bool,
    },
    /// Run generation jobs from the queue (no HTTP); as many processes as wanted.
    Worker,
    /// Apply database migrations (serve also applies them on start).
    Migrate,
    /// Operator tasks: accounts, credits, feature flags, demo data.
    Admin {
        #[command(subcommand)]
        command: admin::AdminCommand,
    },
    /// Run the offline media engine from the shell.
    Render(render::RenderArgs),
    /// Print the OpenAPI document of the HTTP API.
    Openapi,
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Command::Render(args) => render::run(args),
        Command::Openapi => {
            println!("{}", serde_json::to_string_pretty(&server::openapi())?);
            Ok(())
        }
        command => {
            let bind = match &command {
                Command::Serve { bind, .. } => bind.clone(),
                _ => None,
            };
            let config = Config::load(
                cli.config.as_deref(),
                Overrides {
                    bind,
                    data_dir: cli.data_dir,
                },
            )?;
            init_logging(&config.log);
            let runtime = tokio::runtime::Runtime::new()?;
            runtime.block_on(run(command, config))
        }
    }
}

fn init_logging(filter: &str) {
    let filter = tracing_subscriber::EnvFilter::try_from_env("RUST_LOG")
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(filter));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .init();
}

async fn open_store(config: &Config) -> anyhow::Result<store::Store> {
    let url = config.database_url();
    if config.database_url.is_none() {
        std::fs::create_dir_all(&config.data_dir).with_context(|| {
            format!("cannot create data directory {}", config.data_dir.display())
        })?;
    }
    let store = store::Store::connect(&url)
        .await
        .with_context(|| format!("cannot open the database {}", redact(&url)))?
        .trust_badges_for(config.memory_cache());
    store
        .migrate()
        .await
        .context("cannot apply database migrations")?;
    Ok(store)
}

/// Hides a password in a database URL before it is printed.
fn redact(url: &str) -> String {
    match (url.find("://"), url.rfind('@')) {
        (Some(scheme), Some(at)) if at > scheme => {
            let credentials = &url[scheme + 3..at];
            match credentials.split_once(':') {
                Some((user, _)) => format!("{}://{user}:***@{}", &url[..scheme], &url[at + 1..]),
                None => url.to_owned(),
            }
        }
        _ => url.to_owned(),
    }
}

async fn run(command: Command, config: Config) -> anyhow::Result<()> {
    match command {
        Command::Serve { no_workers, .. } => serve(config, no_workers).await,
        Command::Worker => worker(config).await,
        Command::Migrate => {
            let store = open_store(&config).await?;
            store.close().await;
            println!("migrations applied to {}", redact(&config.database_url()));
            Ok(())
        }
        Command::Admin { command } => {
            let store = open_store(&config).await?;
            let storage = store::MediaStorage::open(&config.storage_config())
                .context("cannot open media storage")?;
            let result = admin::run(&store, &storage, command).await;
            store.close().await;
            result
        }
        Command::Render(_) | Command::Openapi => unreachable!("handled without a runtime"),
    }
}

async fn open_storage(config: &Config) -> anyhow::Result<store::MediaStorage> {
    let storage =
        store::MediaStorage::open(&config.storage_config()).context("cannot open media storage")?;
    storage
        .ping()
        .await
        .with_context(|| format!("cannot reach media storage {}", storage.description()))?;
    Ok(storage)
}

/// Copies the template catalogue into the database now and renders missing thumbnails in
/// the background.
async fn prepare_templates(
    store: &store::Store,
    storage: &store::MediaStorage,
) -> anyhow::Result<()> {
    jobs::sync_templates(store)
        .await
        .context("cannot store the template catalogue")?;
    let (store, storage) = (store.clone(), storage.clone());
    tokio::spawn(async move {
        match jobs::render_missing_thumbnails(&store, &storage).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(rendered = n, "template thumbnails rendered"),
            Err(e) => tracing::warn!(error = %e, "could not render template thumbnails"),
        }
    });
    Ok(())
}

/// Starts the background tasks of a process: cross-process signals and, unless disabled,
/// job workers. Returns the sender that stops the workers and their handle.
async fn start_workers(
    config: &Config,
    store: &store::Store,
    storage: &store::MediaStorage,
    assistant: std::sync::Arc<dyn ai::Assistant>,
) -> anyhow::Result<(
    tokio::sync::watch::Sender<bool>,
    tokio::task::JoinHandle<()>,
)> {
    let (stop, stopped) = tokio::sync::watch::channel(false);
    let mut worker = jobs::Worker::new(
        store.clone(),
        storage.clone(),
        config.media_provider()?,
        assistant,
        config.worker_config(),
    );
    // With a public URL, hosted models fetch stored pictures by signed link.
    if let Some(public_url) = &config.public_url {
        worker = worker.with_media_links(jobs::MediaLinks {
            public_url: public_url.trim_end_matches('/').to_owned(),
            signer: std::sync::Arc::new(store.media_signer().await?),
        });
    }
    Ok((stop, tokio::spawn(worker.run(stopped))))
}

async fn serve(config: Config, no_workers: bool) -> anyhow::Result<()> {
    let addr = config.bind_addr()?;
    let store = open_store(&config).await?;
    let storage = open_storage(&config).await?;
    let listener = TcpListener::bind(addr)
        .await
        .with_context(|| format!("cannot listen on {addr}"))?;
    let local = listener.local_addr()?;
    tracing::info!(
        workers = !no_workers,
        database = %redact(&config.database_url()),
        storage = storage.description(),
        "starting"
    );
    prepare_templates(&store, &storage).await?;
    let relay = tokio::spawn({
        let store = store.clone();
        async move { store.relay_signals().await }
    });
    let assistant = config.assistant()?;
    let workers = if no_workers {
        None
    } else {
        Some(start_workers(&config, &store, &storage, assistant.clone()).await?)
    };
    let state =
        server::AppState::new(store.clone(), storage, config.server_config(), assistant).await?;
    let maintenance = tokio::spawn(server::run_maintenance(state.clone()));
    println!("studio listening on http://{local}");
    let (stopping, mut stop_requested) = tokio::sync::watch::channel(false);
    tokio::spawn(async move {
        shutdown_signal().await;
        let _ = stopping.send(true);
    });
    let mut graceful = stop_requested.clone();
    let http = server::serve(listener, state, async move {
        let _ = graceful.wait_for(|stop| *stop).await;
    });
    // Live event streams never end by themselves: give requests a moment, then stop.
    tokio::select! {
        result = http => result?,
        () = async {
            let _ = stop_requested.wait_for(|stop| *stop).await;
            tokio::time::sleep(std::time::Duration::from_secs(3)).await;
        } => {}
    }
    if let Some((stop, handle)) = workers {
        let _ = stop.send(true);
        let _ = handle.await;
    }
    maintenance.abort();
    relay.abort();
    store.close().await;
    Ok(())
}

async fn worker(config: Config) -> anyhow::Result<()> {
    let store = open_store(&config).await?;
    let storage = open_storage(&config).await?;
    prepare_templates(&store, &storage).await?;
    let relay = tokio::spawn({
        let store = store.clone();
        async move { store.relay_signals().await }
    });
    let (stop, handle) = start_workers(&config, &store, &storage, config.assistant()?).await?;
    println!(
        "studio worker running {} jobs at once",
        config.worker_config().concurrency
    );
    shutdown_signal().await;
    let _ = stop.send(true);
    let _ = handle.await;
    relay.abort();
    store.close().await;
    Ok(())
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::redact;

    #[test]
    fn database_passwords_are_not_printed() {
        assert_eq!(
            redact("postgres://app:s3cret@db:5432/studio"),
            "postgres://app:***@db:5432/studio"
        );
        assert_eq!(redact("sqlite://data/studio.db"), "sqlite://data/studio.db");
    }
}
