//! Generation options: quality, resolution and duration settings, and the Generate panel's
//! guided choices. Serialized with the snake_case names clients send.

use serde::{Deserialize, Serialize};

use crate::Invalid;

macro_rules! option_enum {
    ($(#[$meta:meta])* $name:ident, $field:literal, default $default:ident, [$($variant:ident => $text:literal),+ $(,)?]) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant,)+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self { $($name::$variant => $text),+ }
            }

            pub fn parse(text: &str) -> Result<Self, Invalid> {
                match text.trim() {
                    $($text => Ok($name::$variant),)+
                    other => Err(Invalid::new(
                        $field,
                        format!("Unknown {} '{}'. Expected one of: {}", $field, $crate::echoed(other), [$($text),+].join(", ")),
                    )),
                }
            }
        }

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

        impl $crate::request::Word for $name {
            fn parse_word(text: &str) -> Result<Self, Invalid> {
                Self::parse(text)
            }
        }

        impl Default for $name {
            fn default() -> Self {
                $name::$default
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

option_enum!(
    /// Where the product is staged.
    Environment, "environment", default ProfessionalStudio, [
    LuxuryMarble => "luxury_marble",
    CleanBathroom => "clean_bathroom",
    ProfessionalStudio => "professional_studio",
    NaturalOutdoor => "natural_outdoor",
    CozyBedroom => "cozy_bedroom",
]);

option_enum!(
    /// The colour mood of the scene.
    ColorPalette, "color_palette", default NeutralClean, [
    WarmCozy => "warm_cozy",
    CoolFresh => "cool_fresh",
    BoldDramatic => "bold_dramatic",
    SoftDreamy => "soft_dreamy",
    NeutralClean => "neutral_clean",
]);

option_enum!(
    /// The light falling on the scene.
    Lighting, "lighting", default NaturalDaylight, [
    NaturalDaylight => "natural_daylight",
    GoldenHour => "golden_hour",
    DramaticShadows => "dramatic_shadows",
    SoftEven => "soft_even",
]);

option_enum!(
    /// How the product is framed.
    Composition, "composition", default ProductHero, [
    ProductHero => "product_hero",
    LifestyleContext => "lifestyle_context",
    ArtisticComposition => "artistic_composition",
    DetailCloseup => "detail_closeup",
]);

option_enum!(
    /// Trades render time for detail.
    Quality, "quality", default Medium, [
    Low => "low",
    Medium => "medium",
    High => "high",
]);

option_enum!(
    /// What draws an image: the studio's own engine composites the seller's product pixels
    /// into a drawn scene; with a hosted image model (when the operator configured one)
    /// either the model paints the scene around the seller's product pixels
    /// (`hosted_exact`), or it redraws the whole picture, the product included (`hosted`).
    ImageEngine, "engine", default Studio, [
    HostedExact => "hosted_exact",
    Hosted => "hosted",
    Studio => "studio",
]);

impl ImageEngine {
    /// A hosted image model paints (some of) the picture.
    pub fn is_hosted(self) -> bool {
        matches!(self, ImageEngine::HostedExact | ImageEngine::Hosted)
    }
}

option_enum!(
    /// Output size of an image: 1024x1024, 1536x1024 or 1024x1536 only.
    Resolution, "resolution", default Portrait, [
    Square => "1024x1024",
    Landscape => "1536x1024",
    Portrait => "1024x1536",
]);

impl Resolution {
    pub fn width(self) -> u32 {
        match self {
            Resolution::Square | Resolution::Portrait => 1024,
            Resolution::Landscape => 1536,
        }
    }

    pub fn height(self) -> u32 {
        match self {
            Resolution::Square | Resolution::Landscape => 1024,
            Resolution::Portrait => 1536,
        }
    }

    /// The derived aspect ratio name: portrait for 1024x1536, landscape for 1536x1024, else square.
    pub fn aspect_ratio(self) -> &'static str {
        match self {
            Resolution::Square => "square",
            Resolution::Landscape => "landscape",
            Resolution::Portrait => "portrait",
        }
    }

    /// The Generate panel's ratio label (1:1, 3:2, 2:3).
    pub fn ratio(self) -> &'static str {
        match self {
            Resolution::Square => "1:1",
            Resolution::Landscape => "3:2",
            Resolution::Portrait => "2:3",
        }
    }
}

/// Video duration: 5 or 10 seconds (default 5).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[serde(into = "u32", try_from = "u32")]
pub enum Duration {
    #[default]
    Five,
    Ten,
}

impl Duration {
    pub fn seconds(self) -> u32 {
        match self {
            Duration::Five => 5,
            Duration::Ten => 10,
        }
    }

    /// Accepts the forms clients send: `5`, `"5"` and `"5s"`.
    pub fn parse(text: &str) -> Result<Self, Invalid> {
        let digits = text.trim().trim_end_matches('s').trim();
        match digits {
            "5" => Ok(Duration::Five),
            "10" => Ok(Duration::Ten),
            _ => Err(Invalid::new(
                "duration",
                format!(
                    "Unknown duration '{}'. Expected 5 or 10 seconds",
                    crate::echoed(text.trim())
                ),
            )),
        }
    }
}

impl From<Duration> for u32 {
    fn from(d: Duration) -> u32 {
        d.seconds()
    }
}

impl TryFrom<u32> for Duration {
    type Error = Invalid;
    fn try_from(seconds: u32) -> Result<Self, Invalid> {
        Duration::parse(&seconds.to_string())
    }
}

/// Generation settings stored per project and per scene.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Settings {
    pub quality: Quality,
    pub resolution: Resolution,
    /// Video length in seconds: 5 or 10.
    #[cfg_attr(feature = "openapi", schema(value_type = u32, example = 5))]
    pub duration: Duration,
}

/// The Generate panel's guided choices (also a template's staging); a missing one is read
/// from the prompt.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Guidance {
    pub environment: Option<Environment>,
    pub color_palette: Option<ColorPalette>,
    pub lighting: Option<Lighting>,
    pub composition: Option<Composition>,
}

/// A saved style a campaign applies: the guided choices plus words that recur in its briefs.
/// A choice left out (or a field a record lacks) reads as not chosen.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default)]
pub struct StyleGuide {
    pub environment: Option<Environment>,
    pub color_palette: Option<ColorPalette>,
    pub lighting: Option<Lighting>,
    pub composition: Option<Composition>,
    /// Words that recur in the campaign's briefs ("moody", "minimal", "pastel").
    pub descriptors: Vec<String>,
}

impl StyleGuide {
    pub fn is_empty(&self) -> bool {
        self.environment.is_none()
            && self.color_palette.is_none()
            && self.lighting.is_none()
            && self.composition.is_none()
            && self.descriptors.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duration_accepts_the_spec_forms() {
        for text in ["5", "5s", " 5s ", "5 s"] {
            assert_eq!(Duration::parse(text), Ok(Duration::Five), "{text}");
        }
        assert_eq!(Duration::parse("10s"), Ok(Duration::Ten));
        assert!(Duration::parse("7").is_err());
        assert!(Duration::parse("").is_err());
    }

    #[test]
    fn options_round_trip_through_their_names() {
        for e in Environment::ALL {
            assert_eq!(Environment::parse(e.as_str()), Ok(*e));
        }
        assert_eq!(Resolution::parse("1536x1024"), Ok(Resolution::Landscape));
        assert_eq!(Resolution::Portrait.aspect_ratio(), "portrait");
        let err = Lighting::parse("moonlight").unwrap_err();
        assert_eq!(err.field, Some("lighting"));
        assert!(err.message.contains("golden_hour"));
    }

    #[test]
    fn settings_default_to_the_spec() {
        let s = Settings::default();
        assert_eq!(
            (s.quality, s.resolution, s.duration),
            (Quality::Medium, Resolution::Portrait, Duration::Five)
        );
    }
}
