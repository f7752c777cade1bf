//! How a stored file was made: the record kept beside each media asset (`file_metadata`),
//! written by the job that made the file and read by the storyboard, exports and edits.
//! Every field is optional and absent fields are not written, so a record keeps exactly the
//! facts its maker knew; the field names are the stored and answered ones.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{Duration, Guidance, ImageEngine, JobKind, Quality, Resolution};

/// How a file was made, as stored beside it and shown on its card.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FileMetadata {
    /// The kind of job that made it (`export` for an export's file).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub generation_type: Option<JobKind>,
    /// `1:1`, `3:2` or `2:3`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub aspect_ratio: Option<String>,
    /// The file's extension: `png`, `jpg`, `mp4`, `wav`…
    #[serde(skip_serializing_if = "Option::is_none")]
    pub output_format: Option<String>,
    /// What was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    /// What the picture shows, in words, as the studio engine painted it (the card's alt
    /// text); none for hosted results, music and uploads.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub dimensions: Option<Dimensions>,
    /// Seconds, for video and audio.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub duration: Option<f64>,
    /// Bytes.
    #[serde(rename = "fileSize", skip_serializing_if = "Option::is_none")]
    pub file_size: Option<i64>,
    /// Set when no product photo was given and a drawn stand-in product was staged: says so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stand_in_product: Option<String>,
    /// Who drew an image: the studio's engine or a hosted model.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<ImageEngine>,
    /// The seed it was drawn with, as a decimal string (the number exceeds what JSON readers
    /// keep exactly; the same recipe and seed, the same picture from the studio's engine).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<String>,
    /// Which of a set of variations it is (0 for the first or only one).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub variation: Option<u8>,
    /// The template a template generation followed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template_name: Option<String>,
    /// The guided choices a recommendation was staged with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guidance: Option<Guidance>,
    /// The picture an edit or animation started from.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub source_id: Option<Uuid>,
    /// The kind of music asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio_type: Option<String>,
    /// The settings it was made with, to make it again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub settings: Option<RecipeSettings>,
    /// Set on a file an export made: what it is for, and the rules it was checked against.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub export: Option<ExportMetadata>,
    /// Set on an ad design: its copy, brand and text layers, to edit and set it again.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub design: Option<crate::DesignRecord>,
    /// Who painted an image's scene: the hosted model's name (`gpt-image-1`) or
    /// `studio engine`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scene_by: Option<String>,
    /// The product's pixels are the seller's own photo's (false: a model drew or redrew it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_exact: Option<bool>,
    /// Where the seller's product stands in the picture, when its pixels were kept exact.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_placement: Option<Placement>,
    /// How sure the cutout of the product photo was, 0 to 1.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cutout_confidence: Option<f64>,
    /// Who made the product photo's stored cutout the picture used: `auto` or `seller`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cutout_source: Option<crate::CutoutSource>,
    /// Set when the product came out of its photo poorly or not at all: says so, and that
    /// AI redraw may look better.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cutout_warning: Option<String>,
    /// What an edit did to the picture.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edit_operation: Option<String>,
    /// A video's frames per second.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fps: Option<u32>,
    /// A video's camera move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub camera: Option<String>,
    /// Music's tempo, in beats per minute.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bpm: Option<f64>,
    /// Music's mood.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mood: Option<String>,
    /// The hosted service that made it (absent: the studio's engine).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider: Option<String>,
    /// The hosted model that made it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// The hosted service's id for its work.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remote_id: Option<String>,
    /// The frame ratio a hosted video model was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ratio: Option<String>,
    /// The hosted model's own usage report, kept as it answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub usage: Option<serde_json::Value>,
}

impl FileMetadata {
    /// Takes from `other` every fact this record does not already hold.
    pub fn or(self, other: FileMetadata) -> FileMetadata {
        FileMetadata {
            generation_type: self.generation_type.or(other.generation_type),
            aspect_ratio: self.aspect_ratio.or(other.aspect_ratio),
            output_format: self.output_format.or(other.output_format),
            prompt: self.prompt.or(other.prompt),
            description: self.description.or(other.description),
            dimensions: self.dimensions.or(other.dimensions),
            duration: self.duration.or(other.duration),
            file_size: self.file_size.or(other.file_size),
            stand_in_product: self.stand_in_product.or(other.stand_in_product),
            engine: self.engine.or(other.engine),
            seed: self.seed.or(other.seed),
            variation: self.variation.or(other.variation),
            template_id: self.template_id.or(other.template_id),
            template_name: self.template_name.or(other.template_name),
            guidance: self.guidance.or(other.guidance),
            source_id: self.source_id.or(other.source_id),
            audio_type: self.audio_type.or(other.audio_type),
            settings: self.settings.or(other.settings),
            export: self.export.or(other.export),
            design: self.design.or(other.design),
            scene_by: self.scene_by.or(other.scene_by),
            product_exact: self.product_exact.or(other.product_exact),
            product_placement: self.product_placement.or(other.product_placement),
            cutout_confidence: self.cutout_confidence.or(other.cutout_confidence),
            cutout_source: self.cutout_source.or(other.cutout_source),
            cutout_warning: self.cutout_warning.or(other.cutout_warning),
            edit_operation: self.edit_operation.or(other.edit_operation),
            fps: self.fps.or(other.fps),
            camera: self.camera.or(other.camera),
            bpm: self.bpm.or(other.bpm),
            mood: self.mood.or(other.mood),
            provider: self.provider.or(other.provider),
            model: self.model.or(other.model),
            remote_id: self.remote_id.or(other.remote_id),
            ratio: self.ratio.or(other.ratio),
            usage: self.usage.or(other.usage),
        }
    }

    /// What the picture shows when the engine said so, else what was asked for.
    pub fn alt_text(&self) -> Option<&str> {
        self.description.as_deref().or(self.prompt.as_deref())
    }

    /// Where the product stands, when the picture kept the seller's own product pixels.
    pub fn exact_placement(&self) -> Option<Placement> {
        match self.product_exact {
            Some(true) => self
                .product_placement
                .filter(|p| p.width > 0 && p.height > 0),
            _ => None,
        }
    }
}

/// A record that is not one the studio wrote (hand-edited, or from a version that wrote
/// another shape) reads as empty: the file still shows, without the facts.
impl From<serde_json::Value> for FileMetadata {
    fn from(stored: serde_json::Value) -> Self {
        serde_json::from_value(stored).unwrap_or_default()
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Dimensions {
    pub width: u32,
    pub height: u32,
}

/// A rectangle in a picture's pixels (left, top, size).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Placement {
    pub x: i32,
    pub y: i32,
    pub width: u32,
    pub height: u32,
}

/// The settings beside the brief: what "use this brief again" fills in.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RecipeSettings {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quality: Option<Quality>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolution: Option<Resolution>,
    /// Seconds, for a video.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u32>))]
    pub duration: Option<Duration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub template_id: Option<String>,
    /// The guided choices of the Generate panel's assistant mode.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub guidance: Option<Guidance>,
    /// The product photos staged (reference image ids).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference_image_ids: Option<Vec<Uuid>>,
    /// The product photo the assistant mode staged (a reference image or an image asset).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub product_image_id: Option<Uuid>,
    /// The kind of music asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub audio_type: Option<String>,
}

/// What an export's file is for, and the rules it was checked against.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ExportMetadata {
    /// The target name, e.g. `amazon_main`.
    pub target: String,
    pub source_asset_id: Uuid,
    /// The music under a reel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub audio_asset_id: Option<Uuid>,
    pub checks: Vec<ExportCheck>,
    /// The export job that made it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job_id: Option<Uuid>,
}

/// One rule an exported file was checked against.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct ExportCheck {
    /// A stable name, e.g. `size` or `white_background`.
    pub rule: String,
    pub ok: bool,
    /// What was found, in words a seller can act on.
    pub detail: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip(stored: serde_json::Value) {
        let read: FileMetadata = serde_json::from_value(stored.clone()).expect("reads");
        assert_ne!(read, FileMetadata::default());
        assert_eq!(serde_json::to_value(&read).unwrap(), stored);
    }

    #[test]
    fn a_generated_image_record_reads_and_writes_back_the_same_fields() {
        round_trip(serde_json::json!({
            "generation_type": "image",
            "prompt": "a candle on marble",
            "seed": "18446744073709551615",
            "engine": "studio",
            "variation": 2,
            "settings": {
                "quality": "high",
                "resolution": "1024x1536",
                "reference_image_ids": ["3f1c1d7e-7a45-4c1b-9b36-0c1e4c0f0a11"]
            },
            "aspect_ratio": "2:3",
            "output_format": "png",
            "fileSize": 123456,
            "dimensions": { "width": 1024, "height": 1536 },
            "stand_in_product": "No product photo was given: a drawn stand-in was staged.",
            "description": "A candle on a marble counter",
            "scene_by": "studio engine",
            "product_exact": false
        }));
    }

    #[test]
    fn hosted_edit_video_music_and_export_records_round_trip() {
        round_trip(serde_json::json!({
            "generation_type": "image_edit",
            "prompt": "make the sky pink",
            "seed": "7",
            "engine": "hosted_exact",
            "variation": 0,
            "settings": {},
            "source_id": "3f1c1d7e-7a45-4c1b-9b36-0c1e4c0f0a11",
            "output_format": "png",
            "fileSize": 99,
            "dimensions": { "width": 1024, "height": 1024 },
            "aspect_ratio": "1:1",
            "provider": "openai",
            "model": "gpt-image-1",
            "usage": { "total_tokens": 100 },
            "scene_by": "gpt-image-1",
            "edit_operation": "hosted_edit",
            "product_exact": true,
            "product_placement": { "x": -4, "y": 10, "width": 300, "height": 420 },
            "cutout_confidence": 0.82
        }));
        round_trip(serde_json::json!({
            "generation_type": "recommendation",
            "guidance": { "environment": "luxury_marble", "color_palette": null,
                          "lighting": "golden_hour", "composition": null },
            "settings": { "quality": "low", "resolution": "1024x1024", "product_image_id":
                          "3f1c1d7e-7a45-4c1b-9b36-0c1e4c0f0a11",
                          "guidance": { "environment": "luxury_marble", "color_palette": null,
                                        "lighting": "golden_hour", "composition": null } },
            "template_id": "t1",
            "template_name": "Marble"
        }));
        round_trip(serde_json::json!({
            "generation_type": "video",
            "settings": { "quality": "medium", "resolution": "1536x1024", "duration": 10,
                          "reference_image_ids": [] },
            "duration": 10.0, "fps": 24, "camera": "PushIn",
            "provider": "runway", "remote_id": "task-1", "ratio": "1280:720"
        }));
        round_trip(serde_json::json!({
            "generation_type": "audio", "audio_type": "music",
            "settings": { "audio_type": "music" }, "bpm": 96.0, "mood": "Calm", "duration": 30.0
        }));
        round_trip(serde_json::json!({
            "generation_type": "export",
            "export": {
                "target": "amazon_main",
                "source_asset_id": "3f1c1d7e-7a45-4c1b-9b36-0c1e4c0f0a11",
                "checks": [{ "rule": "size", "ok": true, "detail": "2000 x 2000 px" }],
                "job_id": "7d1c1d7e-7a45-4c1b-9b36-0c1e4c0f0a12"
            },
            "dimensions": { "width": 2000, "height": 2000 },
            "output_format": "jpg",
            "fileSize": 5000
        }));
    }

    #[test]
    fn a_record_of_another_shape_reads_as_empty() {
        let read = FileMetadata::from(serde_json::json!({ "seed": 12, "prompt": "x" }));
        assert_eq!(read, FileMetadata::default());
        let read = FileMetadata::from(serde_json::json!({ "prompt": "x", "unheard_of": 1 }));
        assert_eq!(read.prompt.as_deref(), Some("x"));
    }
}
