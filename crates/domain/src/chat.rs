//! A scene's chat as stored: who wrote a message, whether its answer is ready, the
//! assistant's structured answer, and the generation and media started from a message.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{AdTemplate, Invalid, MediaKind, Settings};

macro_rules! word_enum {
    ($(#[$meta:meta])* $name:ident, $field:literal, [$($variant:ident => $text:literal),+ $(,)?]) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(rename_all = "lowercase")]
        pub enum $name {
            $($variant,)+
        }

        impl $name {
            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            /// Unknown text is an error, never a default.
            pub fn parse(text: &str) -> Result<Self, Invalid> {
                match text {
                    $($text => Ok($name::$variant),)+
                    other => Err(Invalid::new($field, format!("Unknown {} '{}'", $field, $crate::echoed(other)))),
                }
            }
        }

        parse_from_text!($name);

        // Written out because the derive does not see serde renames passed through macro_rules.
        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(utoipa::openapi::schema::Type::String)
                    .enum_values(Some([$($text),+]))
                    .into()
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for $name {
            fn name() -> std::borrow::Cow<'static, str> {
                std::borrow::Cow::Borrowed(stringify!($name))
            }
        }
    };
}

word_enum!(
    /// Who wrote a chat message.
    MessageRole, "role", [User => "user", Assistant => "assistant"]
);

word_enum!(
    /// Whether a message is ready: an assistant's answer is `pending` until it is written.
    ProcessingStatus, "processing_status", [
    Pending => "pending",
    Completed => "completed",
    Failed => "failed",
]);

word_enum!(
    /// Where the generation started from a message is.
    GenerationState, "state", [
    Generating => "generating",
    Completed => "completed",
    Failed => "failed",
]);

/// The assistant's structured answer: refined prompts, what it is ready to generate, and
/// next steps. The media generated from it are answered beside it, from the message's media.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StructuredResponse {
    pub refined_image_prompt: Option<String>,
    pub refined_video_prompt: Option<String>,
    pub ready_for_image: bool,
    pub ready_for_video: bool,
    pub clarification_needed: bool,
    /// Three short, clickable next steps.
    pub suggestions: Vec<String>,
    pub additional_comments: Option<String>,
    /// The things the seller named that the picture shows, in their words.
    #[serde(default)]
    pub drawn: Vec<String>,
    /// The things the seller named that the picture shows as the nearest thing it can draw.
    #[serde(default)]
    pub substituted: Vec<Substitution>,
    /// The things the seller named that the picture leaves out, in their words.
    #[serde(default)]
    pub not_drawn: Vec<String>,
    /// The ad the assistant proposes when the seller asks for one: set on the campaign's
    /// latest picture, or waiting for a picture when there is none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ad: Option<AdProposal>,
}

/// The copy of an ad the assistant proposes, in the seller's words where they gave them,
/// and the layout it suits.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AdProposal {
    pub headline: String,
    /// The seller's offer ("20% off"); absent when they named none, never invented.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<String>,
    /// The call to action, e.g. "Shop the sale".
    pub cta: String,
    pub template: AdTemplate,
    /// The design set from this proposal, once there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub design_id: Option<Uuid>,
}

/// A thing the seller asked for and what the picture shows in its place.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Substitution {
    /// In the seller's words: "a bamboo mat".
    pub asked: String,
    /// What is drawn instead: "a wooden tray on a marble counter".
    pub used: String,
}

/// The generation started from a chat message: the job making it and where it is.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Generation {
    /// What is generated; written `generate_image`, `generate_video`, `generate_audio`.
    #[serde(with = "action")]
    #[cfg_attr(feature = "openapi", schema(schema_with = action::schema))]
    pub action: MediaKind,
    pub state: GenerationState,
    /// The structured-response flag that allowed it (`ready_for_image`, `ready_for_video`);
    /// absent when the generation was not started from the assistant's brief.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<String>,
    pub job_id: Uuid,
    /// Why the job failed, in words for the user.
    pub error: Option<String>,
}

mod action {
    use serde::{Deserialize, Deserializer, Serializer};

    use crate::MediaKind;

    const PREFIX: &str = "generate_";

    #[cfg(feature = "openapi")]
    pub fn schema() -> utoipa::openapi::schema::Object {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(
                MediaKind::ALL.iter().map(|kind| format!("{PREFIX}{kind}")),
            ))
            .build()
    }

    pub fn serialize<S: Serializer>(kind: &MediaKind, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&format!("{PREFIX}{kind}"))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<MediaKind, D::Error> {
        let text = String::deserialize(d)?;
        text.strip_prefix(PREFIX)
            .ok_or_else(|| format!("unknown generation action '{text}'"))
            .and_then(|kind| MediaKind::parse(kind).map_err(|e| e.message))
            .map_err(serde::de::Error::custom)
    }
}

/// A media file generated from a chat message, as stored on the message. Its URLs are
/// not stored: they are shaped when the message is answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MediaItem {
    #[serde(rename = "type")]
    pub kind: MediaKind,
    pub asset_id: Uuid,
    #[serde(rename = "creditCost")]
    pub credit_cost: i64,
    /// The prompt the media was made from.
    pub alt: Option<String>,
    pub width: Option<i64>,
    pub height: Option<i64>,
}

/// What a chat message was sent with: its scene and the settings chosen for it.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct MessageContext {
    pub scene_id: Uuid,
    /// Stored with the duration written as `"5s"`.
    #[serde(with = "pre_production")]
    #[cfg_attr(feature = "openapi", schema(value_type = PreProductionSettings))]
    pub pre_production_settings: Settings,
}

/// The settings a message was sent with, as written: the duration as text such as `5s`.
#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct PreProductionSettings {
    quality: crate::Quality,
    resolution: crate::Resolution,
    duration: String,
}

mod pre_production {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::PreProductionSettings as Stored;
    use crate::{Duration, Settings};

    pub fn serialize<S: Serializer>(settings: &Settings, s: S) -> Result<S::Ok, S::Error> {
        Stored {
            quality: settings.quality,
            resolution: settings.resolution,
            duration: format!("{}s", settings.duration.seconds()),
        }
        .serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Settings, D::Error> {
        let stored = Stored::deserialize(d)?;
        Ok(Settings {
            quality: stored.quality,
            resolution: stored.resolution,
            duration: Duration::parse(&stored.duration)
                .map_err(|e| serde::de::Error::custom(e.message))?,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::{Duration, Quality, Resolution};

    #[test]
    fn words_parse_strictly() {
        assert_eq!(MessageRole::parse("assistant"), Ok(MessageRole::Assistant));
        assert!(MessageRole::parse("ai").is_err());
        assert_eq!(
            ProcessingStatus::parse("pending"),
            Ok(ProcessingStatus::Pending)
        );
        assert!(ProcessingStatus::parse("done").is_err());
        assert!(ProcessingStatus::parse("").is_err());
        assert!(serde_json::from_value::<MessageRole>(json!("system")).is_err());
    }

    #[test]
    fn generation_keeps_its_stored_shape() {
        let job_id = Uuid::new_v4();
        let stored = json!({
            "action": "generate_video",
            "state": "generating",
            "flag": "ready_for_video",
            "job_id": job_id,
            "error": null,
        });
        let generation: Generation = serde_json::from_value(stored.clone()).unwrap();
        assert_eq!(generation.action, MediaKind::Video);
        assert_eq!(serde_json::to_value(&generation).unwrap(), stored);
        let unflagged = Generation {
            flag: None,
            ..generation
        };
        assert!(serde_json::to_value(unflagged)
            .unwrap()
            .get("flag")
            .is_none());
        let wrong = json!({"action": "generate_text", "state": "completed", "job_id": job_id, "error": null});
        assert!(serde_json::from_value::<Generation>(wrong).is_err());
    }

    #[test]
    fn media_items_written_with_urls_still_read() {
        let asset = Uuid::new_v4();
        let older = json!({
            "type": "image",
            "url": format!("/api/media/file/{asset}"),
            "id": asset,
            "asset_id": asset,
            "creditCost": 1,
            "alt": "a mug",
            "width": 1024,
            "height": 1536,
            "thumbnailUrl": format!("/api/media/file/{asset}?variant=thumbnail"),
        });
        let item: MediaItem = serde_json::from_value(older).unwrap();
        assert_eq!(
            item,
            MediaItem {
                kind: MediaKind::Image,
                asset_id: asset,
                credit_cost: 1,
                alt: Some("a mug".into()),
                width: Some(1024),
                height: Some(1536),
            }
        );
    }

    #[test]
    fn context_writes_the_duration_in_seconds() {
        let context = MessageContext {
            scene_id: Uuid::nil(),
            pre_production_settings: Settings {
                quality: Quality::High,
                resolution: Resolution::Square,
                duration: Duration::Ten,
            },
        };
        let value = serde_json::to_value(context).unwrap();
        assert_eq!(
            value["pre_production_settings"],
            json!({"quality": "high", "resolution": "1024x1024", "duration": "10s"})
        );
        assert_eq!(
            serde_json::from_value::<MessageContext>(value).unwrap(),
            context
        );
    }
}
