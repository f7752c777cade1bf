//! The offline media engine. Everything here is pure computation: bytes and parameters in,
//! encoded media out, deterministic for a given seed. Long operations report progress and
//! can be cancelled through [`Progress`].

pub mod progress;

// Images: understanding prompts, cutting the product out, staging it in a scene.
pub mod codec;
pub mod cutout;
pub mod design;
pub mod exact_scene;
pub mod export;
pub mod generate;
pub mod intake;
mod jpeg_lossless;
pub mod mockup;
pub mod prompt;
pub mod scene;
pub mod segment;
pub mod templates;
pub mod watermark;

// Edits, motion and sound.
pub mod audio;
pub mod edit;
pub mod video;

pub use progress::{Cancelled, NoProgress, Progress, SubProgress};

/// Why the engine could not produce an output.
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The input is unusable (undecodable image, mask of the wrong size, …). Permanent.
    #[error("invalid input: {0}")]
    InvalidInput(String),
    /// The caller cancelled through the progress callback.
    #[error("cancelled")]
    Cancelled,
    /// An encoder failed; not the caller's fault.
    #[error("encoding failed: {0}")]
    Encode(String),
}

impl From<Cancelled> for EngineError {
    fn from(_: Cancelled) -> Self {
        EngineError::Cancelled
    }
}
