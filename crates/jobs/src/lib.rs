//! Generation jobs: what each job carries ([`JobPayload`], ids and settings only), the
//! [`MediaProvider`]s that produce media (the offline engine by default), and the
//! [`Worker`] that claims jobs from the queue, runs them and records the outcome.

pub mod assistant;
mod cancel;
pub mod cutouts;
pub mod designs;
mod execute;
mod exports;
pub mod hosted_models;
pub mod lineage;
mod links;
mod payload;
mod provider;
mod worker;

pub use cancel::cancel_job;
pub use exports::export_asset_id;
pub use links::MediaLinks;
pub use payload::{Guidance, JobPayload, ReelCards};
pub use provider::{
    AudioInput, EditInput, EngineProvider, FaultInjection, ImageInput, KnownProduct, MediaOutput,
    MediaProvider, ProgressSink, ProviderError, VideoFrom, VideoInput,
};
pub use worker::{job_event, Worker, WorkerConfig};

mod templates;
pub use templates::{render_missing_thumbnails, sync_templates};
