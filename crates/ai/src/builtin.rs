//! The built-in assistant: offline, deterministic, no IO. It reads the conversation like a
//! creative director would — the product in the user's words, the setting, light, palette,
//! framing, mood, audience, motion and what to leave out — and writes a professional photo
//! brief and a motion brief that the engine's prompt parser reads back as the same scene.
//!
//! When is a brief ready? As soon as a product is known — named in this message or an earlier
//! one, or shown in a reference image — and the message is not small talk ("hi", "thanks",
//! "help"). Whatever the user has not said is filled in, in this order: the last brief, the
//! scene's style preset, what the audience or occasion suggests, the product family's usual
//! look (a candle gets a cozy bedroom at golden hour), then the defaults (professional studio, neutral palette, daylight, hero). Without a
//! product, or when the message contradicts itself, the assistant asks instead.

mod compose;
mod honest;
mod lexicon;
mod read;
mod reply;
mod scene;
mod words;

use async_trait::async_trait;

pub(crate) use scene::clip;
pub(crate) use words::{fix_articles, looks_plural};

/// A word without its plural ending ("lemons" → "lemon").
pub(crate) fn singular_of(word: &str) -> String {
    words::singular(word).unwrap_or(word).to_string()
}

use crate::{Assistant, AssistantError, AssistantReply, AssistantRequest, StyleGuide, Turn};

pub struct BuiltinAssistant;

impl BuiltinAssistant {
    /// Answers one message. Pure: the same request always gets the same answer.
    pub fn respond(&self, request: &AssistantRequest) -> AssistantReply {
        reply::respond(request)
    }
}

#[async_trait]
impl Assistant for BuiltinAssistant {
    async fn reply(&self, request: &AssistantRequest) -> Result<AssistantReply, AssistantError> {
        Ok(self.respond(request))
    }
}

/// The style a scene's conversation settled on: the scene choices of its latest brief (or,
/// before any brief, the latest ones the user named) and the style words that recur — in
/// at least one brief or two of the user's messages. `None` when there is no style at all.
pub fn extract_style(history: &[Turn]) -> Option<StyleGuide> {
    scene::extract_style(history)
}
