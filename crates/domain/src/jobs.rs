//! Generation jobs as the product speaks of them: what is made, where a job is in its life,
//! and what it costs.

use crate::credits::{price, Priced};
use crate::Duration;

/// What a job produces. The names are the API's `kind` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobKind {
    /// Text and/or reference images → image.
    Image,
    /// Text or an image → video.
    Video,
    /// Music.
    Audio,
    /// An image, a brush mask and an instruction → edited image.
    ImageEdit,
    /// A named recipe applied to the scene's reference images.
    Template,
    /// AI Assistant mode of the Generate panel: product image + guided choices.
    Recommendation,
    /// An existing image asset → video.
    Animate,
    /// The assistant's answer to a chat message that took too long to wait for.
    AssistantReply,
}

impl JobKind {
    pub const ALL: &'static [JobKind] = &[
        JobKind::Image,
        JobKind::Video,
        JobKind::Audio,
        JobKind::ImageEdit,
        JobKind::Template,
        JobKind::Recommendation,
        JobKind::Animate,
        JobKind::AssistantReply,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            JobKind::Image => "image",
            JobKind::Video => "video",
            JobKind::Audio => "audio",
            JobKind::ImageEdit => "image_edit",
            JobKind::Template => "template",
            JobKind::Recommendation => "recommendation",
            JobKind::Animate => "animate",
            JobKind::AssistantReply => "assistant_reply",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|k| k.as_str() == text)
    }

    /// The kind of file the job delivers.
    pub fn output(self) -> OutputKind {
        match self {
            JobKind::Video | JobKind::Animate => OutputKind::Video,
            JobKind::Audio => OutputKind::Audio,
            JobKind::AssistantReply => OutputKind::Text,
            _ => OutputKind::Image,
        }
    }

    /// The credits the job costs; `duration` matters for videos only.
    pub fn price(self, duration: Duration) -> i64 {
        match self {
            JobKind::Image => price(Priced::Image),
            JobKind::Template => price(Priced::Template),
            JobKind::Recommendation => price(Priced::Recommendation),
            JobKind::ImageEdit => price(Priced::Edit),
            JobKind::Audio => price(Priced::Audio),
            JobKind::Video | JobKind::Animate => {
                price(Priced::Video(Some(f64::from(duration.seconds()))))
            }
            // Chatting is free.
            JobKind::AssistantReply => 0,
        }
    }
}

/// The file type a job delivers, as `media_assets.file_type` names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OutputKind {
    Image,
    Video,
    Audio,
    /// A chat message (no media file).
    Text,
}

/// `queued → running → processing → completed | failed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum JobStatus {
    /// Waiting for a worker (also between retries).
    Queued,
    /// Claimed by a worker, not yet producing.
    Running,
    /// The provider is producing the media.
    Processing,
    Completed,
    Failed,
}

impl JobStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            JobStatus::Queued => "queued",
            JobStatus::Running => "running",
            JobStatus::Processing => "processing",
            JobStatus::Completed => "completed",
            JobStatus::Failed => "failed",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        [
            JobStatus::Queued,
            JobStatus::Running,
            JobStatus::Processing,
            JobStatus::Completed,
            JobStatus::Failed,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
    }

    pub fn is_finished(self) -> bool {
        matches!(self, JobStatus::Completed | JobStatus::Failed)
    }
}

/// Attempts a job gets before a transient failure becomes final.
pub const MAX_ATTEMPTS: i64 = 3;

/// Wait before retry `attempt` (1-based) after a transient failure: 2 s, 8 s, 32 s….
pub fn retry_backoff(attempt: i64) -> std::time::Duration {
    let exponent = u32::try_from(attempt.clamp(1, 6) - 1).unwrap_or(0);
    std::time::Duration::from_secs(2 * 4u64.pow(exponent))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_follow_the_spec() {
        assert_eq!(JobKind::Image.price(Duration::Ten), 1);
        assert_eq!(JobKind::ImageEdit.price(Duration::Five), 1);
        assert_eq!(JobKind::Audio.price(Duration::Five), 1);
        assert_eq!(JobKind::Video.price(Duration::Five), 5);
        assert_eq!(JobKind::Animate.price(Duration::Ten), 10);
        assert_eq!(JobKind::AssistantReply.price(Duration::Five), 0);
    }

    #[test]
    fn names_round_trip() {
        for kind in JobKind::ALL {
            assert_eq!(JobKind::parse(kind.as_str()), Some(*kind));
        }
        assert_eq!(JobStatus::parse("processing"), Some(JobStatus::Processing));
        assert_eq!(JobKind::parse("nonsense"), None);
    }

    #[test]
    fn backoff_grows() {
        assert_eq!(retry_backoff(1).as_secs(), 2);
        assert_eq!(retry_backoff(2).as_secs(), 8);
        assert!(retry_backoff(100) >= retry_backoff(3));
    }
}
