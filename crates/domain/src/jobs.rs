//! Generation jobs as the product speaks of them: what is made, where a job is in its life,
//! and what it costs.

use serde::{Deserialize, Serialize};

use crate::{Duration, Invalid, MediaKind};

/// What a job produces. The names are the API's `kind` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
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
    /// One image → the files a seller uploads (marketplace and social formats).
    Export,
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
        JobKind::Export,
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
            JobKind::Export => "export",
        }
    }

    /// Unknown text is an error, never a default kind.
    pub fn parse(text: &str) -> Result<Self, Invalid> {
        Self::ALL
            .iter()
            .copied()
            .find(|k| k.as_str() == text)
            .ok_or_else(|| {
                Invalid::new(
                    "kind",
                    format!("Unknown job kind '{}'", crate::echoed(text)),
                )
            })
    }

    /// The kind of media file the job delivers; an assistant reply delivers a chat
    /// message, no file.
    pub fn output(self) -> Option<MediaKind> {
        match self {
            JobKind::Video | JobKind::Animate => Some(MediaKind::Video),
            JobKind::Audio => Some(MediaKind::Audio),
            JobKind::AssistantReply => None,
            JobKind::Image
            | JobKind::ImageEdit
            | JobKind::Template
            | JobKind::Recommendation
            | JobKind::Export => Some(MediaKind::Image),
        }
    }

    /// The credits the job costs: one per picture or piece of music, a video its length in
    /// seconds; chatting and exporting are free.
    pub fn price(self, duration: Duration) -> i64 {
        match self {
            JobKind::Video | JobKind::Animate => i64::from(duration.seconds()),
            JobKind::AssistantReply | JobKind::Export => 0,
            JobKind::Image
            | JobKind::Template
            | JobKind::Recommendation
            | JobKind::ImageEdit
            | JobKind::Audio => 1,
        }
    }
}

/// `queued → running → processing → completed | failed`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
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

    /// Unknown text is an error, never a default status.
    pub fn parse(text: &str) -> Result<Self, Invalid> {
        [
            JobStatus::Queued,
            JobStatus::Running,
            JobStatus::Processing,
            JobStatus::Completed,
            JobStatus::Failed,
        ]
        .into_iter()
        .find(|s| s.as_str() == text)
        .ok_or_else(|| {
            Invalid::new(
                "status",
                format!("Unknown job status '{}'", crate::echoed(text)),
            )
        })
    }

    pub fn is_finished(self) -> bool {
        matches!(self, JobStatus::Completed | JobStatus::Failed)
    }
}

parse_from_text!(JobKind, JobStatus);

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
        assert_eq!(JobKind::Export.price(Duration::Five), 0);
    }

    #[test]
    fn names_round_trip() {
        for kind in JobKind::ALL {
            assert_eq!(JobKind::parse(kind.as_str()), Ok(*kind));
        }
        assert_eq!(JobStatus::parse("processing"), Ok(JobStatus::Processing));
        assert!(JobKind::parse("nonsense").is_err());
        assert!(JobKind::parse("Image").is_err());
        assert!(JobStatus::parse("done").is_err());
        for kind in JobKind::ALL {
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::json!(kind.as_str())
            );
        }
        assert_eq!(
            serde_json::to_value(JobStatus::Processing).unwrap(),
            serde_json::json!("processing")
        );
        assert_eq!(JobKind::AssistantReply.output(), None);
        assert_eq!(JobKind::Animate.output(), Some(MediaKind::Video));
    }

    #[test]
    fn backoff_grows() {
        assert_eq!(retry_backoff(1).as_secs(), 2);
        assert_eq!(retry_backoff(2).as_secs(), 8);
        assert!(retry_backoff(100) >= retry_backoff(3));
    }
}
