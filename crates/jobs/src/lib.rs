//! Generation jobs: what each job carries ([`JobPayload`], ids and settings only), the
//! [`MediaProvider`]s that produce media (the offline engine by default), and the
//! [`Worker`] that claims jobs from the queue, runs them and records the outcome.

pub mod assistant;
mod cancel;
mod execute;
pub mod hosted_models;
mod payload;
mod provider;
mod worker;

pub use cancel::{cancel_job, CANCELLED};
pub use payload::{Guidance, JobPayload};
pub use provider::{
    AudioInput, EditInput, EngineProvider, FaultInjection, ImageInput, MediaOutput, MediaProvider,
    ProgressSink, ProviderError, VideoFrom, VideoInput,
};
pub use worker::{job_event, Worker, WorkerConfig};

/// The URL that serves a stored media file (the API contract's media route).
pub fn file_url(id: uuid::Uuid) -> String {
    format!("/api/media/file/{id}")
}

/// The URL of a media file's thumbnail.
pub fn thumbnail_url(id: uuid::Uuid) -> String {
    format!("/api/media/file/{id}?variant=thumbnail")
}

/// The thumbnail URL of a job's output, if it has a picture (music has none).
pub fn preview_url(id: uuid::Uuid, output: domain::OutputKind) -> Option<String> {
    matches!(
        output,
        domain::OutputKind::Image | domain::OutputKind::Video
    )
    .then(|| thumbnail_url(id))
}

mod templates;
pub use templates::{render_missing_thumbnails, sync_templates};
