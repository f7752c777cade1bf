//! A product photo's cutout: which pixels are the product. The studio separates it when the
//! photo is uploaded; the seller may correct it with a box around the product and strokes
//! over parts to keep or remove. The corrections are read here, once, at the edge.

use serde::de::Deserializer;
use serde::{Deserialize, Serialize};

use crate::Invalid;

/// Who made a stored cutout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum CutoutSource {
    /// The studio's automatic segmentation.
    Auto,
    /// Re-solved with the seller's box and strokes.
    Seller,
}

impl CutoutSource {
    pub fn as_str(self) -> &'static str {
        match self {
            CutoutSource::Auto => "auto",
            CutoutSource::Seller => "seller",
        }
    }

    /// Unknown text is an error, never a default.
    pub fn parse(text: &str) -> Result<Self, Invalid> {
        match text {
            "auto" => Ok(CutoutSource::Auto),
            "seller" => Ok(CutoutSource::Seller),
            other => Err(Invalid::new(
                "source",
                format!(
                    "Unknown cutout source '{}'. Expected auto or seller",
                    crate::echoed(other)
                ),
            )),
        }
    }
}

parse_from_text!(CutoutSource);

/// Below this confidence an automatic cutout is doubtful: the seller is told before anything
/// is spent, and exports' `product_cutout` rule fails until the seller adjusts it.
pub const DOUBTFUL_BELOW: f64 = 0.6;

/// What the seller is told when the automatic cutout is doubtful.
pub const DOUBTFUL_CUTOUT: &str = "We could not separate your product cleanly — adjust the cutout";

/// The warning a cutout of `source` with `confidence` carries, if any: only a doubtful
/// automatic one; a cutout the seller adjusted is theirs.
pub fn cutout_warning(source: CutoutSource, confidence: f64) -> Option<&'static str> {
    (source == CutoutSource::Auto && confidence < DOUBTFUL_BELOW).then_some(DOUBTFUL_CUTOUT)
}

/// The most strokes (keep and remove together) one correction holds.
pub const MAX_STROKES: usize = 200;
/// The most points all strokes of one correction hold together.
pub const MAX_POINTS: usize = 20_000;
/// The widest brush, in photo pixels (a photo is at most 4096 pixels on a side).
pub const MAX_BRUSH_PX: f32 = 1000.0;

/// A point in photo pixels: x to the right, y down, from the photo's top-left corner.
pub type Point = [f32; 2];
/// One brush stroke: the points the brush passed through, in order.
pub type Stroke = Vec<Point>;

/// The seller's corrections, as sent and as stored beside the cutout. Read strictly: at most
/// [`MAX_STROKES`] strokes and [`MAX_POINTS`] points, every number finite, a box with area,
/// a brush wider than nothing and at most [`MAX_BRUSH_PX`]. Whether the points lie on the
/// photo is checked against its size ([`CutoutHints::check_within`]).
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CutoutHints {
    /// The product lies inside this box: `[x0, y0, x1, y1]`, x1 > x0, y1 > y0.
    #[serde(rename = "box", skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<f32>>, min_items = 4, max_items = 4))]
    pub bounds: Option<[f32; 4]>,
    /// Strokes over parts of the product the cutout must keep: `[[[x, y], …], …]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "openapi", schema(schema_with = strokes_schema))]
    pub keep: Vec<Stroke>,
    /// Strokes over background the cutout took: `[[[x, y], …], …]`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "openapi", schema(schema_with = strokes_schema))]
    pub remove: Vec<Stroke>,
    /// The brush's diameter in photo pixels (default: a fortieth of the photo's longer
    /// side).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub brush_px: Option<f32>,
}

/// Strokes as the document states them: at most [`MAX_STROKES`] strokes of at most
/// [`MAX_POINTS`] points, each point `[x, y]`.
#[cfg(feature = "openapi")]
fn strokes_schema() -> utoipa::openapi::schema::Array {
    use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
    let point = ArrayBuilder::new()
        .items(ObjectBuilder::new().schema_type(Type::Number))
        .min_items(Some(2))
        .max_items(Some(2));
    let stroke = ArrayBuilder::new()
        .items(point)
        .min_items(Some(1))
        .max_items(Some(MAX_POINTS));
    ArrayBuilder::new()
        .items(stroke)
        .max_items(Some(MAX_STROKES))
        .build()
}

/// The body as sent, before its rules are checked.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SentHints {
    #[serde(rename = "box", default)]
    bounds: Option<[f32; 4]>,
    #[serde(default)]
    keep: Option<Vec<Stroke>>,
    #[serde(default)]
    remove: Option<Vec<Stroke>>,
    #[serde(default)]
    brush_px: Option<f32>,
}

impl CutoutHints {
    /// Whether the seller gave anything to re-solve with (a brush alone is not).
    pub fn is_empty(&self) -> bool {
        self.bounds.is_none() && self.keep.is_empty() && self.remove.is_empty()
    }

    fn checked(sent: SentHints) -> Result<Self, Invalid> {
        let hints = CutoutHints {
            bounds: sent.bounds,
            keep: sent.keep.unwrap_or_default(),
            remove: sent.remove.unwrap_or_default(),
            brush_px: sent.brush_px,
        };
        if hints.is_empty() {
            return Err(Invalid::new(
                "box",
                "Give a box around the product, keep strokes or remove strokes \
                 (to go back to the automatic cutout, delete the adjusted one)",
            ));
        }
        if let Some([x0, y0, x1, y1]) = hints.bounds {
            if [x0, y0, x1, y1].iter().any(|v| !v.is_finite()) {
                return Err(Invalid::new("box", "box must be four numbers"));
            }
            if x1 - x0 < 1.0 || y1 - y0 < 1.0 {
                return Err(Invalid::new(
                    "box",
                    "box must be [x0, y0, x1, y1] with x1 > x0 and y1 > y0 (an empty or inverted box holds no product)",
                ));
            }
        }
        let strokes = || hints.keep.iter().chain(&hints.remove);
        let count = strokes().count();
        if count > MAX_STROKES {
            return Err(Invalid::new(
                "keep",
                format!(
                    "At most {MAX_STROKES} strokes (keep and remove together); {count} were sent"
                ),
            ));
        }
        let points: usize = strokes().map(Vec::len).sum();
        if points > MAX_POINTS {
            return Err(Invalid::new(
                "keep",
                format!("At most {MAX_POINTS} points in all strokes together; {points} were sent"),
            ));
        }
        if strokes().any(Vec::is_empty) {
            return Err(Invalid::new(
                "keep",
                "Every stroke needs at least one point",
            ));
        }
        if strokes().flatten().flatten().any(|v| !v.is_finite()) {
            return Err(Invalid::new("keep", "Stroke points must be [x, y] numbers"));
        }
        if let Some(brush) = hints.brush_px {
            if !(brush.is_finite() && brush > 0.0 && brush <= MAX_BRUSH_PX) {
                return Err(Invalid::new(
                    "brush_px",
                    format!("brush_px must be more than 0 and at most {MAX_BRUSH_PX} photo pixels"),
                ));
            }
        }
        Ok(hints)
    }

    /// Every point and the box must lie on a `width`×`height` photo (its edges included).
    pub fn check_within(&self, width: u32, height: u32) -> Result<(), Invalid> {
        let (w, h) = (width as f32, height as f32);
        let on = |x: f32, y: f32| (0.0..=w).contains(&x) && (0.0..=h).contains(&y);
        if let Some([x0, y0, x1, y1]) = self.bounds {
            if !(on(x0, y0) && on(x1, y1)) {
                return Err(Invalid::new(
                    "box",
                    format!("The box must lie on the photo (0–{width} × 0–{height} pixels)"),
                ));
            }
        }
        for (field, strokes) in [("keep", &self.keep), ("remove", &self.remove)] {
            if let Some([x, y]) = strokes.iter().flatten().find(|[x, y]| !on(*x, *y)) {
                return Err(Invalid::new(
                    field,
                    format!(
                        "The point [{x}, {y}] is outside the photo (0–{width} × 0–{height} pixels)"
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The brush diameter to paint with on a photo whose longer side is `longest` pixels.
    pub fn brush_on(&self, longest: u32) -> f32 {
        self.brush_px
            .unwrap_or_else(|| (longest as f32 / 40.0).max(4.0))
    }
}

impl<'de> Deserialize<'de> for CutoutHints {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let sent = SentHints::deserialize(deserializer)?;
        CutoutHints::checked(sent).map_err(Invalid::into_de_error)
    }
}

/// Stored hints are read without the sender's rules: they were checked when sent.
impl CutoutHints {
    pub fn from_stored(value: serde_json::Value) -> Result<Self, serde_json::Error> {
        let sent: SentHints = serde_json::from_value(value)?;
        Ok(CutoutHints {
            bounds: sent.bounds,
            keep: sent.keep.unwrap_or_default(),
            remove: sent.remove.unwrap_or_default(),
            brush_px: sent.brush_px,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(json: &str) -> Result<CutoutHints, String> {
        serde_json::from_str::<CutoutHints>(json).map_err(|e| {
            let text = e.to_string();
            let problem = text.split(" at line ").next().unwrap_or(&text).to_owned();
            Invalid::message_in_de_error(&problem)
                .map(str::to_owned)
                .unwrap_or(problem)
        })
    }

    #[test]
    fn a_box_and_strokes_are_read() {
        let hints =
            read(r#"{"box": [10, 20, 300, 400], "keep": [[[50, 60], [70, 80]]], "brush_px": 12}"#)
                .unwrap();
        assert_eq!(hints.bounds, Some([10.0, 20.0, 300.0, 400.0]));
        assert_eq!(hints.keep, vec![vec![[50.0, 60.0], [70.0, 80.0]]]);
        assert!(hints.remove.is_empty());
        assert_eq!(hints.brush_on(4000), 12.0);
        assert!(hints.check_within(320, 400).is_ok());
        let stored = serde_json::to_value(&hints).unwrap();
        assert_eq!(CutoutHints::from_stored(stored).unwrap(), hints);
    }

    #[test]
    fn broken_rules_are_refused_naming_them() {
        let refused = |json: &str, words: &str| {
            let message = read(json).unwrap_err();
            assert!(message.contains(words), "{json}: {message}");
        };
        refused("{}", "Give a box");
        refused(r#"{"brush_px": 10}"#, "Give a box");
        refused(r#"{"box": [10, 10, 10, 50]}"#, "empty or inverted");
        refused(r#"{"box": [50, 10, 10, 50]}"#, "empty or inverted");
        refused(r#"{"keep": [[]]}"#, "at least one point");
        refused(r#"{"keep": [[[1, 1]]], "brush_px": 0}"#, "brush_px must be");
        refused(
            r#"{"keep": [[[1, 1]]], "brush_px": -3}"#,
            "brush_px must be",
        );
        refused(
            r#"{"keep": [[[1, 1]]], "brush_px": 5000}"#,
            "brush_px must be",
        );
        let many = format!(r#"{{"remove": [{}]}}"#, vec!["[[1, 1]]"; 10_000].join(","));
        refused(&many, "At most 200 strokes");
        let long = format!(r#"{{"keep": [[{}]]}}"#, vec!["[1, 1]"; 20_001].join(","));
        refused(&long, "At most 20000 points");
        assert!(read(r#"{"box": "all of it"}"#).is_err());
        assert!(read(r#"{"keep": [[[1]]]}"#).is_err());
        assert!(read(r#"{"keep": [[[1, 1]]], "colour": "red"}"#).is_err());
    }

    #[test]
    fn points_off_the_photo_are_refused() {
        let hints = read(r#"{"remove": [[[10, 10], [321, 10]]]}"#).unwrap();
        let refused = hints.check_within(320, 200).unwrap_err();
        assert_eq!(refused.field, Some("remove"));
        assert!(refused.message.contains("[321, 10]"), "{}", refused.message);
        let boxed = read(r#"{"box": [-1, 0, 100, 100]}"#).unwrap();
        assert!(boxed.check_within(320, 200).is_err());
        assert!(boxed
            .check_within(320, 200)
            .unwrap_err()
            .message
            .contains("box"));
    }

    #[test]
    fn only_a_doubtful_automatic_cutout_warns() {
        assert_eq!(
            cutout_warning(CutoutSource::Auto, 0.3),
            Some(DOUBTFUL_CUTOUT)
        );
        assert_eq!(cutout_warning(CutoutSource::Auto, 0.9), None);
        assert_eq!(cutout_warning(CutoutSource::Seller, 0.3), None);
        assert!(CutoutSource::parse("robot").is_err());
    }
}
