//! The job enum stored in `jobs.payload`: per kind, the ids of its inputs and its settings.
//! Bytes never travel in it; workers read them from object storage.

use domain::{Duration, ImageEngine, JobKind, Quality, Resolution};
use engine::export::Target;
use serde::{Deserialize, Serialize};
use uuid::Uuid;

pub use domain::Guidance;

/// Jobs queued before the engine was chosen per generation used whatever was configured:
/// the hosted image model when there is one.
fn as_configured() -> ImageEngine {
    ImageEngine::Hosted
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum JobPayload {
    Image {
        prompt: String,
        /// The user's reference images (product photos); the first is staged.
        reference_image_ids: Vec<Uuid>,
        quality: Quality,
        resolution: Resolution,
        /// `hosted` is served by the configured hosted image model (the engine where there
        /// is none); `studio` always by the engine.
        #[serde(default = "as_configured")]
        engine: ImageEngine,
        /// Which of a set of variations this job is (0 for a single image).
        #[serde(default)]
        variation: u8,
    },
    Video {
        prompt: String,
        reference_image_ids: Vec<Uuid>,
        quality: Quality,
        resolution: Resolution,
        duration: Duration,
    },
    Audio {
        prompt: String,
        audio_type: String,
    },
    ImageEdit {
        prompt: String,
        /// The media asset or reference image being edited.
        source_id: Uuid,
        /// The brush mask, stored for the job's lifetime.
        mask_key: String,
        #[serde(default = "as_configured")]
        engine: ImageEngine,
    },
    Template {
        template_id: String,
        reference_image_ids: Vec<Uuid>,
        quality: Quality,
        resolution: Resolution,
        #[serde(default = "as_configured")]
        engine: ImageEngine,
        /// Which of a set of variations this job is (0 for a single image).
        #[serde(default)]
        variation: u8,
    },
    Recommendation {
        /// The product photo (a reference image or an image asset).
        source_id: Uuid,
        guidance: Guidance,
        creative_direction: String,
        quality: Quality,
        resolution: Resolution,
        #[serde(default = "as_configured")]
        engine: ImageEngine,
        /// Which of a set of variations this job is (0 for a single image).
        #[serde(default)]
        variation: u8,
    },
    Animate {
        prompt: String,
        /// The image asset to animate.
        source_id: Uuid,
        quality: Quality,
        duration: Duration,
    },
    /// The assistant's answer to a chat message, finished in the background.
    AssistantReply {
        /// The pending assistant message (its parent is the user's message).
        message_id: Uuid,
    },
    /// One file per target made from an image asset (or reels from a video asset and a
    /// music asset), each stored as an asset of its campaign.
    Export {
        /// The image or video asset exported.
        source_id: Uuid,
        targets: Vec<Target>,
        /// The music of reels.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        audio_asset_id: Option<Uuid>,
        /// Title and end cards laid over reels.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<ReelCards>,
    },
}

/// Cards over reels, set from an ad design: its headline and offer on the title card; the
/// brand kit's logo and tagline (else the headline) and the ad's call to action on the end
/// card.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReelCards {
    /// The user's ad design whose words the cards carry.
    pub design_id: Uuid,
    pub title: bool,
    pub end: bool,
}

impl JobPayload {
    pub fn kind(&self) -> JobKind {
        match self {
            JobPayload::Image { .. } => JobKind::Image,
            JobPayload::Video { .. } => JobKind::Video,
            JobPayload::Audio { .. } => JobKind::Audio,
            JobPayload::ImageEdit { .. } => JobKind::ImageEdit,
            JobPayload::Template { .. } => JobKind::Template,
            JobPayload::Recommendation { .. } => JobKind::Recommendation,
            JobPayload::Animate { .. } => JobKind::Animate,
            JobPayload::AssistantReply { .. } => JobKind::AssistantReply,
            JobPayload::Export { .. } => JobKind::Export,
        }
    }

    /// The job's price in credits.
    pub fn price(&self) -> i64 {
        let duration = match self {
            JobPayload::Video { duration, .. } | JobPayload::Animate { duration, .. } => *duration,
            _ => Duration::default(),
        };
        self.kind().price(duration)
    }

    /// The prompt recorded in the asset's metadata.
    pub fn prompt(&self) -> &str {
        match self {
            JobPayload::Image { prompt, .. }
            | JobPayload::Video { prompt, .. }
            | JobPayload::Audio { prompt, .. }
            | JobPayload::ImageEdit { prompt, .. }
            | JobPayload::Animate { prompt, .. } => prompt,
            JobPayload::Recommendation {
                creative_direction, ..
            } => creative_direction,
            JobPayload::Template { template_id, .. } => template_id,
            JobPayload::AssistantReply { .. } | JobPayload::Export { .. } => "",
        }
    }

    /// Which engine draws the job's image; `None` for jobs that make no image.
    pub fn image_engine(&self) -> Option<ImageEngine> {
        match self {
            JobPayload::Image { engine, .. }
            | JobPayload::ImageEdit { engine, .. }
            | JobPayload::Template { engine, .. }
            | JobPayload::Recommendation { engine, .. } => Some(*engine),
            _ => None,
        }
    }

    /// Which of a set of variations the job is (0 for anything else).
    pub fn variation(&self) -> u8 {
        match self {
            JobPayload::Image { variation, .. }
            | JobPayload::Template { variation, .. }
            | JobPayload::Recommendation { variation, .. } => *variation,
            _ => 0,
        }
    }

    /// The same job as variation `index` of a set; jobs that make no set stay as they are.
    pub fn as_variation(mut self, index: u8) -> Self {
        if let JobPayload::Image { variation, .. }
        | JobPayload::Template { variation, .. }
        | JobPayload::Recommendation { variation, .. } = &mut self
        {
            *variation = index;
        }
        self
    }

    /// Object keys that exist only for this job and go when it finishes.
    pub fn scratch_keys(&self) -> Vec<String> {
        match self {
            JobPayload::ImageEdit { mask_key, .. } => vec![mask_key.clone()],
            _ => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tag_is_the_job_kind() {
        let payload = JobPayload::Animate {
            prompt: "slow push in".into(),
            source_id: Uuid::nil(),
            quality: Quality::High,
            duration: Duration::Ten,
        };
        let json = serde_json::to_value(&payload).unwrap();
        assert_eq!(json["kind"], payload.kind().as_str());
        assert_eq!(json["duration"], 10);
        assert_eq!(serde_json::from_value::<JobPayload>(json).unwrap(), payload);
        assert_eq!(payload.price(), 10);
    }

    #[test]
    fn an_image_job_queued_before_the_choice_follows_the_configuration() {
        let old = serde_json::json!({
            "kind": "image", "prompt": "a jar", "reference_image_ids": [],
            "quality": "low", "resolution": "1024x1024",
        });
        let payload: JobPayload = serde_json::from_value(old).unwrap();
        assert_eq!(payload.image_engine(), Some(ImageEngine::Hosted));
        let mut chosen = serde_json::to_value(&payload).unwrap();
        chosen["engine"] = "studio".into();
        let payload: JobPayload = serde_json::from_value(chosen).unwrap();
        assert_eq!(payload.image_engine(), Some(ImageEngine::Studio));
    }
}
