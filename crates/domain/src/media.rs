//! What kind of media a file is.

use serde::{Deserialize, Serialize};

use crate::Invalid;

/// The kind of a generated or stored media file. The API names it `file_type`, `type` or
/// `media_type` depending on the field; the value is always one of these words.
/// What the user gets as "music" is stored and named `audio`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum MediaKind {
    Image,
    Video,
    Audio,
}

impl MediaKind {
    pub const ALL: &'static [MediaKind] = &[MediaKind::Image, MediaKind::Video, MediaKind::Audio];

    pub fn as_str(self) -> &'static str {
        match self {
            MediaKind::Image => "image",
            MediaKind::Video => "video",
            MediaKind::Audio => "audio",
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
                    "media_type",
                    format!(
                        "Unknown media type '{}'. Expected image, video or audio",
                        crate::echoed(text)
                    ),
                )
            })
    }

    /// Whether the kind has a picture to show as a thumbnail (music has none).
    pub fn has_picture(self) -> bool {
        matches!(self, MediaKind::Image | MediaKind::Video)
    }
}

parse_from_text!(MediaKind);

impl std::fmt::Display for MediaKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_is_strict() {
        for kind in MediaKind::ALL {
            assert_eq!(MediaKind::parse(kind.as_str()), Ok(*kind));
            assert_eq!(
                serde_json::to_value(kind).unwrap(),
                serde_json::json!(kind.as_str())
            );
        }
        assert!(MediaKind::parse("music").is_err());
        assert!(MediaKind::parse("Image").is_err());
        assert!(MediaKind::parse("").is_err());
        assert!(serde_json::from_value::<MediaKind>(serde_json::json!("gif")).is_err());
    }
}
