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

    fn read(json: &str) -> Result<SettingsInput, String> {
        serde_json::from_str(json).map_err(|e| {
            let detail = e.to_string();
            let problem = detail.split(" at line ").next().unwrap_or_default();
            Invalid::message_in_de_error(problem)
                .unwrap_or(problem)
                .to_owned()
        })
    }

    #[test]
    fn settings_input_reads_duration_in_the_spec_forms() {
        for raw in [
            r#"{"duration":5}"#,
            r#"{"duration":"5"}"#,
            r#"{"duration":"5s"}"#,
        ] {
            assert_eq!(read(raw).unwrap().duration, Some(Duration::Five), "{raw}");
        }
        for raw in [r#"{"duration":null}"#, r#"{"duration":""}"#, "{}"] {
            assert_eq!(read(raw).unwrap().duration, None, "{raw}");
        }
        assert_eq!(
            read(r#"{"duration":7}"#).unwrap_err(),
            "Unknown duration '7'. Expected 5 or 10 seconds"
        );
    }

    #[test]
    fn settings_input_refuses_unknown_words_while_read() {
        assert!(read(r#"{"quality":"ultra"}"#)
            .unwrap_err()
            .starts_with("Unknown quality 'ultra'. Expected one of: low, medium, high"));
        assert!(read(r#"{"resolution":"800x600"}"#)
            .unwrap_err()
            .starts_with("Unknown resolution '800x600'"));
        assert_eq!(
            read(r#"{"aspect_ratio":"4:3"}"#).unwrap_err(),
            "Unknown aspect_ratio '4:3'. Expected one of: 1:1, 3:2, 2:3"
        );
    }

    #[test]
    fn settings_input_keeps_what_is_not_given() {
        let base = Settings {
            quality: Quality::High,
            duration: Duration::Ten,
            ..Settings::default()
        };
        let settings = read(r#"{"resolution":"1024x1024"}"#)
            .unwrap()
            .apply_to(base);
        assert_eq!(
            settings,
            Settings {
                resolution: Resolution::Square,
                ..base
            }
        );
    }

    #[test]
    fn the_aspect_ratio_names_the_resolution_and_must_agree_with_it() {
        for (ratio, resolution) in [
            ("2:3", Resolution::Portrait),
            ("portrait", Resolution::Portrait),
            ("1:1", Resolution::Square),
            ("landscape", Resolution::Landscape),
        ] {
            let input = read(&format!(r#"{{"aspect_ratio":"{ratio}"}}"#)).unwrap();
            assert_eq!(input.resolution, Some(resolution), "{ratio}");
        }
        let agreed = read(r#"{"aspect_ratio":"3:2","resolution":"1536x1024"}"#).unwrap();
        assert_eq!(agreed.resolution, Some(Resolution::Landscape));
        assert_eq!(
            read(r#"{"aspect_ratio":"1:1","resolution":"1536x1024"}"#).unwrap_err(),
            "aspect_ratio 1:1 does not match resolution 1536x1024"
        );
    }
}

/// The shape of an image as the Generate panel names it: `1:1`, `3:2`, `2:3`, or the
/// resolution's own names (square, landscape, portrait).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AspectRatio {
    Square,
    Landscape,
    Portrait,
}

impl AspectRatio {
    pub fn resolution(self) -> Resolution {
        match self {
            AspectRatio::Square => Resolution::Square,
            AspectRatio::Landscape => Resolution::Landscape,
            AspectRatio::Portrait => Resolution::Portrait,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            AspectRatio::Square => "1:1",
            AspectRatio::Landscape => "3:2",
            AspectRatio::Portrait => "2:3",
        }
    }
}

impl crate::request::Word for AspectRatio {
    fn parse_word(text: &str) -> Result<Self, Invalid> {
        match text {
            "1:1" | "square" => Ok(AspectRatio::Square),
            "3:2" | "landscape" => Ok(AspectRatio::Landscape),
            "2:3" | "portrait" => Ok(AspectRatio::Portrait),
            other => Err(Invalid::new(
                "aspect_ratio",
                format!(
                    "Unknown aspect_ratio '{}'. Expected one of: 1:1, 3:2, 2:3",
                    crate::echoed(other)
                ),
            )),
        }
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for AspectRatio {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some([
                "1:1",
                "3:2",
                "2:3",
                "square",
                "landscape",
                "portrait",
            ]))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for AspectRatio {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("AspectRatio")
    }
}

/// A video length a request may leave out (absent, null or blank); given, it is `5`, `"5"`
/// or `"5s"` (or ten), read while the request is parsed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RequestedDuration(Option<Duration>);

impl RequestedDuration {
    pub fn get(self) -> Option<Duration> {
        self.0
    }
}

impl<'de> Deserialize<'de> for RequestedDuration {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        use serde::de;

        struct Seconds;

        impl<'de> de::Visitor<'de> for Seconds {
            type Value = RequestedDuration;

            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("5 or 10 seconds")
            }

            fn visit_str<E: de::Error>(self, text: &str) -> Result<RequestedDuration, E> {
                if text.trim().is_empty() {
                    return Ok(RequestedDuration(None));
                }
                Duration::parse(text)
                    .map(|d| RequestedDuration(Some(d)))
                    .map_err(Invalid::into_de_error)
            }

            fn visit_u64<E: de::Error>(self, n: u64) -> Result<RequestedDuration, E> {
                self.visit_str(&n.to_string())
            }

            fn visit_i64<E: de::Error>(self, n: i64) -> Result<RequestedDuration, E> {
                self.visit_str(&n.to_string())
            }

            fn visit_f64<E: de::Error>(self, n: f64) -> Result<RequestedDuration, E> {
                self.visit_str(&n.to_string())
            }

            fn visit_unit<E: de::Error>(self) -> Result<RequestedDuration, E> {
                Ok(RequestedDuration(None))
            }

            fn visit_none<E: de::Error>(self) -> Result<RequestedDuration, E> {
                Ok(RequestedDuration(None))
            }

            fn visit_some<D: serde::Deserializer<'de>>(
                self,
                d: D,
            ) -> Result<RequestedDuration, D::Error> {
                d.deserialize_any(self)
            }
        }

        deserializer.deserialize_any(Seconds)
    }
}

/// Generation settings as a request sends them, read once at the edge: every field optional
/// (a missing one keeps its current value). `aspect_ratio` names the resolution another way
/// and must agree with it when both are given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SettingsInput {
    pub quality: Option<Quality>,
    pub resolution: Option<Resolution>,
    pub duration: Option<Duration>,
}

impl SettingsInput {
    /// The given fields over `base`.
    pub fn apply_to(self, base: Settings) -> Settings {
        Settings {
            quality: self.quality.unwrap_or(base.quality),
            resolution: self.resolution.unwrap_or(base.resolution),
            duration: self.duration.unwrap_or(base.duration),
        }
    }
}

/// [`SettingsInput`] as it arrives, before its fields are checked against each other.
#[derive(Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
struct SettingsWire {
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Quality>))]
    quality: crate::request::Choice<Quality>,
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Resolution>))]
    resolution: crate::request::Choice<Resolution>,
    /// Another name for the resolution; must agree with `resolution` when both are given.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<AspectRatio>))]
    aspect_ratio: crate::request::Choice<AspectRatio>,
    /// Video length: `5`, `"5"` or `"5s"` (or ten).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<String>, example = "5"))]
    duration: RequestedDuration,
}

impl<'de> Deserialize<'de> for SettingsInput {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let given = SettingsWire::deserialize(deserializer)?;
        let mut resolution = given.resolution.get();
        if let Some(ratio) = given.aspect_ratio.get() {
            match resolution {
                Some(r) if r != ratio.resolution() => {
                    return Err(Invalid::new(
                        "aspect_ratio",
                        format!(
                            "aspect_ratio {} does not match resolution {}",
                            ratio.as_str(),
                            r.as_str()
                        ),
                    )
                    .into_de_error())
                }
                _ => resolution = Some(ratio.resolution()),
            }
        }
        Ok(Self {
            quality: given.quality.get(),
            resolution,
            duration: given.duration.get(),
        })
    }
}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for SettingsInput {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        <SettingsWire as utoipa::PartialSchema>::schema()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for SettingsInput {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("SettingsInput")
    }

    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        <SettingsWire as utoipa::ToSchema>::schemas(schemas);
    }
}
