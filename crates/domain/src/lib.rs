//! Campaign Studio's domain: the product's words as types, each parsed once at the edge.
//! Nothing here does IO; the engine, the store and the server all depend on it.

pub mod account;
pub mod credits;
pub mod events;
pub mod generation;
pub mod job_failure;
pub mod jobs;
pub mod names;

pub use account::{Email, Password};
pub use events::LiveEvent;
pub use generation::{
    ColorPalette, Composition, Duration, Environment, Lighting, Quality, Resolution, Settings,
};
pub use job_failure::JobFailure;
pub use jobs::{JobKind, JobStatus, OutputKind};
pub use names::{ProjectName, SceneName};

/// A rule broken by user input. `message` is the text shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct Invalid {
    /// The request field at fault, when there is one.
    pub field: Option<&'static str>,
    pub message: String,
}

impl Invalid {
    pub fn new(field: &'static str, message: impl Into<String>) -> Self {
        Self {
            field: Some(field),
            message: message.into(),
        }
    }
}
