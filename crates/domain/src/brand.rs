//! A project's brand kit and the ad designs set in it, parsed once at the edge.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use uuid::Uuid;

use crate::{Invalid, Placement};

/// A brand kit holds at most this many colours.
pub const MAX_BRAND_COLOURS: usize = 5;
/// A tagline is one short line.
pub const MAX_TAGLINE_CHARS: usize = 80;
/// The longest headline, subline, offer or call to action a design takes.
pub const MAX_COPY_CHARS: usize = 200;

/// A brand colour, written `#rrggbb` (lower case once parsed).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BrandColour([u8; 3]);

impl BrandColour {
    pub const fn new(rgb: [u8; 3]) -> Self {
        Self(rgb)
    }

    pub fn parse(text: &str) -> Result<Self, Invalid> {
        let wrong = || {
            Invalid::new(
                "colours",
                format!(
                    "A colour is written #rrggbb (e.g. #1f4e79), not '{}'",
                    crate::echoed(text)
                ),
            )
        };
        let hex = text.trim().strip_prefix('#').ok_or_else(wrong)?;
        if hex.len() != 6 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Err(wrong());
        }
        let channel = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).map_err(|_| wrong());
        Ok(Self([channel(0)?, channel(2)?, channel(4)?]))
    }

    pub fn rgb(self) -> [u8; 3] {
        self.0
    }

    pub fn hex(self) -> String {
        let [r, g, b] = self.0;
        format!("#{r:02x}{g:02x}{b:02x}")
    }
}

impl Serialize for BrandColour {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex())
    }
}

impl<'de> Deserialize<'de> for BrandColour {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Self::parse(&text).map_err(|e| serde::de::Error::custom(e.message))
    }
}

/// What a seller sets in a brand kit (the logo is uploaded on its own).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct BrandStyle {
    /// The first fills bars and panels, the second buttons and badges.
    pub colours: Vec<BrandColour>,
    /// Font families of the bundled set: headlines are set in its bold, the rest in its
    /// regular.
    pub heading_font: String,
    pub body_font: String,
    pub tagline: Option<String>,
}

impl BrandStyle {
    /// The kit of a project that has none set yet.
    pub fn default_kit() -> Self {
        Self {
            colours: Vec::new(),
            heading_font: "League Spartan".into(),
            body_font: "Lato".into(),
            tagline: None,
        }
    }

    /// Checks what a seller sent: at most five `#rrggbb` colours (repeats dropped), fonts
    /// among `families`, a tagline of one line of at most 80 characters (blank: none).
    pub fn parse(
        colours: &[String],
        heading_font: &str,
        body_font: &str,
        tagline: Option<&str>,
        families: &[&str],
    ) -> Result<Self, Invalid> {
        let mut parsed: Vec<BrandColour> = Vec::new();
        for text in colours {
            let colour = BrandColour::parse(text)?;
            if !parsed.contains(&colour) {
                parsed.push(colour);
            }
        }
        if parsed.len() > MAX_BRAND_COLOURS {
            return Err(Invalid::new(
                "colours",
                format!("A brand kit holds at most {MAX_BRAND_COLOURS} colours"),
            ));
        }
        let font = |field: &'static str, name: &str| {
            let name = name.trim();
            families
                .iter()
                .find(|f| f.eq_ignore_ascii_case(name))
                .map(|f| (*f).to_owned())
                .ok_or_else(|| {
                    Invalid::new(
                        field,
                        format!(
                            "Unknown font '{}'. Choose one of: {}",
                            crate::echoed(name),
                            families.join(", ")
                        ),
                    )
                })
        };
        let tagline = match tagline.map(str::trim).filter(|t| !t.is_empty()) {
            None => None,
            Some(t) if t.chars().count() > MAX_TAGLINE_CHARS => {
                return Err(Invalid::new(
                    "tagline",
                    format!("The tagline must be at most {MAX_TAGLINE_CHARS} characters"),
                ))
            }
            Some(t) if t.chars().any(char::is_control) => {
                return Err(Invalid::new("tagline", "The tagline must be one line"))
            }
            Some(t) => Some(t.to_owned()),
        };
        Ok(Self {
            colours: parsed,
            heading_font: font("heading_font", heading_font)?,
            body_font: font("body_font", body_font)?,
            tagline,
        })
    }
}

/// The layouts of an ad design.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AdTemplate {
    /// Headline block in the quietest negative space, top-left first.
    HeadlineTopLeft,
    /// Headline block plus the offer in a round badge.
    OfferBadge,
    /// The picture above a brand-coloured bar with the headline and a button.
    BottomBar,
    /// The headline as a centred quote in the quietest band.
    CenteredQuote,
    /// The offer on a price tag beside the product.
    PriceTag,
    /// Story or reel: headline high, button low, inside the safe zones.
    Story,
    /// The picture on one side, a brand-coloured panel with the text on the other.
    SplitPanel,
    /// A brand-coloured banner across the top with the headline.
    TopBanner,
}

/// Which line of an ad a text layer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum AdRole {
    Headline,
    Subline,
    Offer,
    Cta,
}

/// The words of an ad.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct AdCopyText {
    pub headline: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subline: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cta: Option<String>,
    /// Whether the brand kit's logo is placed.
    #[serde(default)]
    pub logo: bool,
}

impl AdCopyText {
    /// Trims every line (a blank optional line is none) and keeps each to one line of at most
    /// 200 characters. An empty headline is left to the layout, which says so.
    pub fn parse(
        headline: &str,
        subline: Option<&str>,
        offer: Option<&str>,
        cta: Option<&str>,
        logo: bool,
    ) -> Result<Self, Invalid> {
        fn line(field: &'static str, text: &str) -> Result<String, Invalid> {
            let text = text.trim();
            if text.chars().count() > MAX_COPY_CHARS {
                return Err(Invalid::new(
                    field,
                    format!("The {field} must be at most {MAX_COPY_CHARS} characters"),
                ));
            }
            if text.chars().any(char::is_control) {
                return Err(Invalid::new(field, format!("The {field} must be one line")));
            }
            Ok(text.to_owned())
        }
        let optional = |field, text: Option<&str>| {
            text.map(|t| line(field, t))
                .transpose()
                .map(|t| t.filter(|t| !t.is_empty()))
        };
        Ok(Self {
            headline: line("headline", headline)?,
            subline: optional("subline", subline)?,
            offer: optional("offer", offer)?,
            cta: optional("cta", cta)?,
            logo,
        })
    }
}

/// One line of copy as set on the picture.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DesignLayer {
    pub role: AdRole,
    pub text: String,
    /// The font's name in the bundled set, e.g. "League Spartan Bold".
    pub font: String,
    /// Em size in pixels.
    pub size: f32,
    #[cfg_attr(feature = "openapi", schema(value_type = String, example = "#ffffff"))]
    pub colour: BrandColour,
    /// The box of its lines, in the design's pixels.
    #[serde(rename = "box")]
    pub bounds: Placement,
}

/// An ad design: the picture it was set on, the copy, the brand it was set in and every text
/// layer as laid out. Editing the copy lays it out again from these.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct DesignRecord {
    /// The clean picture under the text.
    pub source_asset_id: Uuid,
    pub template: AdTemplate,
    pub copy: AdCopyText,
    #[cfg_attr(feature = "openapi", schema(value_type = Vec<String>))]
    pub colours: Vec<BrandColour>,
    pub heading_font: String,
    pub body_font: String,
    pub layers: Vec<DesignLayer>,
    /// Where the logo stands, when one was placed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub logo: Option<Placement>,
}

#[cfg(test)]
mod tests {
    use super::*;

    const FAMILIES: &[&str] = &["Lato", "League Spartan"];

    #[test]
    fn colours_are_hex_triplets() {
        assert_eq!(BrandColour::parse("#1F4E79").unwrap().hex(), "#1f4e79");
        assert_eq!(BrandColour::parse("#1f4e79").unwrap().rgb(), [31, 78, 121]);
        for bad in ["1f4e79", "#1f4e7", "#1f4e79a", "#gg0000", "red", ""] {
            let e = BrandColour::parse(bad).unwrap_err();
            assert_eq!(e.field, Some("colours"), "{bad}");
        }
    }

    #[test]
    fn a_kit_holds_five_colours_and_known_fonts() {
        let six: Vec<String> = (0..6).map(|i| format!("#00000{i}")).collect();
        let e = BrandStyle::parse(&six, "Lato", "Lato", None, FAMILIES).unwrap_err();
        assert_eq!(e.message, "A brand kit holds at most 5 colours");
        let repeats = vec!["#ffffff".to_owned(), "#FFFFFF".to_owned()];
        let kit =
            BrandStyle::parse(&repeats, "league spartan", "Lato", Some("  "), FAMILIES).unwrap();
        assert_eq!(kit.colours.len(), 1);
        assert_eq!(kit.heading_font, "League Spartan");
        assert_eq!(kit.tagline, None);
        let e = BrandStyle::parse(&[], "Comic Sans", "Lato", None, FAMILIES).unwrap_err();
        assert_eq!(e.field, Some("heading_font"));
        assert!(e.message.contains("Lato, League Spartan"), "{}", e.message);
        let long = "x".repeat(81);
        let e = BrandStyle::parse(&[], "Lato", "Lato", Some(&long), FAMILIES).unwrap_err();
        assert_eq!(e.field, Some("tagline"));
    }

    #[test]
    fn copy_is_trimmed_to_lines() {
        let copy = AdCopyText::parse(" Sale ", Some(" "), Some("20% off"), None, true).unwrap();
        assert_eq!(copy.headline, "Sale");
        assert_eq!(copy.subline, None);
        assert_eq!(copy.offer.as_deref(), Some("20% off"));
        let e = AdCopyText::parse("a\nb", None, None, None, false).unwrap_err();
        assert_eq!(e.field, Some("headline"));
    }
}
