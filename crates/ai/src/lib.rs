//! The creative assistant: turns what a seller writes into refined image and video prompts,
//! asks when it must, and says when a generation is ready. [`Assistant`] is the contract;
//! [`builtin::BuiltinAssistant`] answers offline and deterministically, the hosted one calls
//! any OpenAI-compatible chat-completions endpoint and falls back to the built-in one.
//! No database, no HTTP routes: the server passes everything in.

pub mod ad;
pub mod builtin;
pub mod hosted;
mod phrases;

use async_trait::async_trait;
use domain::Settings;
use serde::{Deserialize, Serialize};

/// The longest user message accepted (characters).
pub const MAX_MESSAGE_CHARS: usize = 4000;

/// Who wrote a turn: the chat's message role.
pub use domain::MessageRole as Role;
/// The assistant's structured answer, as the chat stores it.
pub use domain::StructuredResponse;
/// An ad the assistant proposes and the layouts it chooses from.
pub use domain::{AdProposal, AdTemplate};

/// One earlier message of the scene's conversation, oldest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Turn {
    pub role: Role,
    pub content: String,
    /// The assistant's structured answer, for assistant turns.
    pub structured: Option<StructuredResponse>,
}

/// What the server knows about an attached or scene reference image.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ReferenceFacts {
    pub width: u32,
    pub height: u32,
    /// The photo has a transparent background (a cut-out product).
    pub transparent_background: bool,
    /// Named dominant colours of the product, most dominant first (e.g. "amber", "white").
    pub dominant_colors: Vec<String>,
}

pub use domain::StyleGuide;

/// The user's latest feedback on this scene's media, which the next answer must heed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FeedbackHint {
    /// `positive` or `negative`.
    pub reaction: String,
    /// poor_quality, inaccurate, wrong_style, distorted, other (negative only).
    pub reason: Option<String>,
    pub comment: Option<String>,
}

/// Everything the assistant may use to answer one message.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct AssistantRequest {
    /// The user's message (may be empty when images are attached).
    pub message: String,
    /// The scene's conversation before this message, oldest first (bounded by the caller).
    pub history: Vec<Turn>,
    /// The scene's applied style preset.
    pub style: Option<StyleGuide>,
    /// Reference images attached to this message, or else the scene's product images.
    pub reference_images: Vec<ReferenceFacts>,
    pub settings: Settings,
    pub feedback: Option<FeedbackHint>,
    /// The campaign has a picture an ad can be set on.
    pub latest_picture: bool,
}

/// The assistant's answer: the chat text and its structured part.
#[derive(Debug, Clone, PartialEq)]
pub struct AssistantReply {
    pub content: String,
    pub structured: StructuredResponse,
}

#[derive(Debug, thiserror::Error)]
pub enum AssistantError {
    /// Worth retrying later (timeouts, 429, 5xx).
    #[error("the assistant is unavailable: {0}")]
    Unavailable(String),
}

#[async_trait]
pub trait Assistant: Send + Sync {
    async fn reply(&self, request: &AssistantRequest) -> Result<AssistantReply, AssistantError>;
}

/// The style a scene's conversation has settled on, for saving as a preset; `None` when the
/// conversation holds no style guidance.
pub fn extract_style(history: &[Turn]) -> Option<StyleGuide> {
    builtin::extract_style(history)
}
