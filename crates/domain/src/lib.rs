//! Campaign Studio's domain: the product's words as types, each parsed once at the edge.
//! Nothing here does IO; the engine, the store and the server all depend on it.

/// `TryFrom<String>` through the type's strict `parse`, so stored text decodes to the type
/// or fails (unknown text is never read as a default).
macro_rules! parse_from_text {
    ($($name:ty),+ $(,)?) => {$(
        impl TryFrom<String> for $name {
            type Error = $crate::Invalid;
            fn try_from(text: String) -> Result<Self, $crate::Invalid> {
                Self::parse(&text)
            }
        }
    )+};
}

pub mod account;
pub mod brand;
pub mod chat;
pub mod credits;
pub mod cutout;
pub mod events;
pub mod file_metadata;
pub mod generation;
pub mod job_failure;
pub mod jobs;
pub mod media;
pub mod names;
pub mod request;

pub use account::{Email, Password};
pub use brand::{
    AdCopyText, AdRole, AdTemplate, BrandColour, BrandStyle, DesignLayer, DesignRecord,
    MAX_BRAND_COLOURS,
};
pub use chat::{
    AdProposal, Generation, GenerationState, MediaItem, MessageContext, MessageRole,
    ProcessingStatus, StructuredResponse, Substitution,
};
pub use credits::LedgerReason;
pub use cutout::{cutout_warning, CutoutHints, CutoutSource};
pub use events::LiveEvent;
pub use file_metadata::{
    Dimensions, ExportCheck, ExportMetadata, FileMetadata, Placement, RecipeSettings,
};
pub use generation::{
    AspectRatio, ColorPalette, Composition, Duration, Environment, Guidance, ImageEngine, Lighting,
    Quality, RequestedDuration, Resolution, Settings, SettingsInput, StyleGuide,
};
pub use job_failure::JobFailure;
pub use jobs::{JobKind, JobStatus};
pub use media::MediaKind;
pub use names::{ProjectName, SceneName};
pub use request::{
    AudioType, BriefKind, Choice, FeedbackReason, FeedbackType, LookupId, OptionalId, OutputType,
    Reaction, Variations, Word,
};

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

/// The longest piece of a user's input a message repeats back.
pub const ECHO_LIMIT: usize = 64;

/// `text` as a message may quote it: at most [`ECHO_LIMIT`] characters, then an ellipsis.
pub fn echoed(text: &str) -> String {
    if text.chars().count() <= ECHO_LIMIT {
        return text.to_owned();
    }
    let head: String = text.chars().take(ECHO_LIMIT).collect();
    format!("{head}…")
}
