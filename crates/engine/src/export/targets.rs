//! Where a seller uploads a picture or a reel, and what each place takes: size, format and
//! the rules checked on the produced file.

use serde::{Deserialize, Serialize};

/// A place an exported file is made for. The names are the API's `targets` values.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Target {
    /// A marketplace main image: the product alone on pure white.
    AmazonMain,
    AmazonLifestyle,
    Etsy,
    Shopify,
    InstagramFeed,
    InstagramStory,
    FacebookFeed,
    Pinterest,
    /// The product's cutout on a transparent background.
    TransparentPng,
    /// A vertical reel (9:16): a video with music, H.264 and AAC-LC in an MP4.
    Reel,
    /// A square reel for feeds.
    ReelSquare,
    /// A 4:5 reel for feeds.
    ReelFeed,
}

/// What a target's file shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    /// The product alone, centred on pure white.
    Packshot,
    /// The scene, composed for the target's ratio.
    Scene,
    /// The product alone with alpha, trimmed.
    Cutout,
    /// A video with music, kept whole in the target's frame.
    Reel,
}

/// Why a target name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TargetError {
    #[error("Unknown export target '{0}'. Expected one of: {list}", list = Target::names())]
    Unknown(String),
}

/// Rows at the top and bottom of a story that the app's own controls cover.
pub const STORY_UNSAFE_BAND: u32 = 250;

/// How much of the longer side the packshot's product fills.
pub const PACKSHOT_FILL: std::ops::RangeInclusive<f32> = 0.85..=0.95;

impl Target {
    /// The targets made from a picture.
    pub const PICTURES: &'static [Target] = &[
        Target::AmazonMain,
        Target::AmazonLifestyle,
        Target::Etsy,
        Target::Shopify,
        Target::InstagramFeed,
        Target::InstagramStory,
        Target::FacebookFeed,
        Target::Pinterest,
        Target::TransparentPng,
    ];

    /// The targets made from a video and a music track.
    pub const REELS: &'static [Target] = &[Target::Reel, Target::ReelSquare, Target::ReelFeed];

    pub fn as_str(self) -> &'static str {
        match self {
            Target::AmazonMain => "amazon_main",
            Target::AmazonLifestyle => "amazon_lifestyle",
            Target::Etsy => "etsy",
            Target::Shopify => "shopify",
            Target::InstagramFeed => "instagram_feed",
            Target::InstagramStory => "instagram_story",
            Target::FacebookFeed => "facebook_feed",
            Target::Pinterest => "pinterest",
            Target::TransparentPng => "transparent_png",
            Target::Reel => "reel",
            Target::ReelSquare => "reel_square",
            Target::ReelFeed => "reel_feed",
        }
    }

    /// For people: "Amazon main image".
    pub fn label(self) -> &'static str {
        match self {
            Target::AmazonMain => "Amazon main image",
            Target::AmazonLifestyle => "Amazon lifestyle image",
            Target::Etsy => "Etsy listing photo",
            Target::Shopify => "Shopify product image",
            Target::InstagramFeed => "Instagram feed post",
            Target::InstagramStory => "Instagram story",
            Target::FacebookFeed => "Facebook feed post",
            Target::Pinterest => "Pinterest pin",
            Target::TransparentPng => "Transparent PNG",
            Target::Reel => "Reel (9:16)",
            Target::ReelSquare => "Square reel",
            Target::ReelFeed => "Feed reel (4:5)",
        }
    }

    fn names() -> String {
        Self::PICTURES
            .iter()
            .chain(Self::REELS)
            .map(|t| t.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// Unknown text is an error, never a default target.
    pub fn parse(text: &str) -> Result<Self, TargetError> {
        if let Some(t) = Self::PICTURES
            .iter()
            .chain(Self::REELS)
            .find(|t| t.as_str() == text)
        {
            return Ok(*t);
        }
        let shown: String = text.chars().take(40).collect();
        Err(TargetError::Unknown(shown))
    }

    /// The exact pixel size, or `None` when the file is trimmed to the product.
    pub fn size(self) -> Option<(u32, u32)> {
        match self {
            Target::AmazonMain | Target::AmazonLifestyle => Some((2000, 2000)),
            Target::Etsy => Some((2000, 1600)),
            Target::Shopify => Some((2048, 2048)),
            Target::InstagramFeed | Target::ReelFeed => Some((1080, 1350)),
            Target::InstagramStory | Target::Reel => Some((1080, 1920)),
            Target::FacebookFeed | Target::ReelSquare => Some((1080, 1080)),
            Target::Pinterest => Some((1000, 1500)),
            Target::TransparentPng => None,
        }
    }

    pub fn look(self) -> Look {
        match self {
            Target::AmazonMain => Look::Packshot,
            Target::TransparentPng => Look::Cutout,
            Target::Reel | Target::ReelSquare | Target::ReelFeed => Look::Reel,
            _ => Look::Scene,
        }
    }

    /// The largest file the place accepts.
    pub fn max_bytes(self) -> Option<u64> {
        match self {
            Target::AmazonMain | Target::AmazonLifestyle | Target::Etsy => Some(10_000_000),
            Target::Shopify => Some(20_000_000),
            _ => None,
        }
    }

    pub fn is_png(self) -> bool {
        self == Target::TransparentPng
    }

    pub fn is_reel(self) -> bool {
        self.look() == Look::Reel
    }

    pub fn extension(self) -> &'static str {
        if self.is_reel() {
            "mp4"
        } else if self.is_png() {
            "png"
        } else {
            "jpg"
        }
    }

    pub fn mime(self) -> &'static str {
        if self.is_reel() {
            "video/mp4"
        } else if self.is_png() {
            "image/png"
        } else {
            "image/jpeg"
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_unknown_names_are_refused() {
        for t in Target::PICTURES.iter().chain(Target::REELS) {
            assert_eq!(Target::parse(t.as_str()), Ok(*t));
            assert_eq!(
                serde_json::to_value(t).unwrap(),
                serde_json::json!(t.as_str())
            );
        }
        assert!(Target::REELS
            .iter()
            .all(|t| t.is_reel() && t.mime() == "video/mp4"));
        assert!(Target::PICTURES.iter().all(|t| !t.is_reel()));
        let unknown = Target::parse("tiktok").unwrap_err().to_string();
        assert!(unknown.contains("'tiktok'") && unknown.contains("amazon_main"));
        assert!(Target::parse("Amazon_Main").is_err());
    }
}
