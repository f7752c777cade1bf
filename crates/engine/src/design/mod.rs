//! Ad designs: a seller's headline, offer and call to action set in exact type over their
//! picture, in their brand's colours and fonts.
//!
//! Pure: pictures, masks, font bytes and parameters in, a [`Design`] (every layer's text,
//! font, size, colour and box) and its rendering out. The rules it keeps:
//! - text never covers the product (the cutout mask, widened by 1.5 % of the short side);
//! - text sits in the quietest free region the template allows (least edge energy);
//! - every glyph has WCAG contrast ≥ 4.5:1 against every pixel under its ink box (a scrim
//!   behind the text block when the picture alone cannot give it);
//! - long text wraps (never mid-word) and shrinks to fit; below a legible size — capital
//!   height under 2.5 % of the frame's short side for the headline, 1.8 % for the other
//!   lines — the design is refused with a reason instead of clipped;
//! - all layers stay in the safe frame: 5 % of the short side from every edge, and in a tall
//!   story/reel frame (height ≥ 1.7 × width, e.g. 9:16) the top 14 % and the bottom 20 %
//!   hold no text and no logo.

mod cards;
mod compose;
mod layout;
mod palette;
mod place;
mod product;
mod render;
mod scene;
mod text;

use serde::{Deserialize, Serialize};

pub use cards::{end_card, title_card, Card, TITLE_SCRIM};
pub use layout::{lay_out, relay};
pub use palette::logo_colours;
pub use product::{layer_mask, product_mask};
pub use render::{overlay, render, render_backdrop, render_layers};
pub use scene::{contrast, luminance, worst_contrast};
pub use text::{families, FontBook, FontFile, PlacedGlyph, CATALOGUE};

/// Minimum WCAG contrast between text and what lies under it.
pub const MIN_CONTRAST: f32 = 4.5;
/// Legibility: smallest capital height, as a fraction of the frame's short side.
pub const HEADLINE_MIN_CAP: f32 = 0.025;
pub const TEXT_MIN_CAP: f32 = 0.018;
/// Story/reel zones of a tall frame, as fractions of its height.
pub const STORY_TOP: f32 = 0.14;
pub const STORY_BOTTOM: f32 = 0.20;
/// Margin kept free on every side, as a fraction of the short side.
pub const MARGIN: f32 = 0.05;

/// A pixel box on the canvas.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Self {
        Rect { x, y, w, h }
    }
    pub fn right(&self) -> i32 {
        self.x + self.w
    }
    pub fn bottom(&self) -> i32 {
        self.y + self.h
    }
    /// The part inside `[0, w) × [0, h)`.
    pub fn clip(&self, w: i32, h: i32) -> Rect {
        let (x0, y0) = (self.x.clamp(0, w), self.y.clamp(0, h));
        let (x1, y1) = (self.right().clamp(0, w), self.bottom().clamp(0, h));
        Rect::new(x0, y0, (x1 - x0).max(0), (y1 - y0).max(0))
    }
    pub fn union(&self, o: Rect) -> Rect {
        let (x0, y0) = (self.x.min(o.x), self.y.min(o.y));
        Rect::new(
            x0,
            y0,
            self.right().max(o.right()) - x0,
            self.bottom().max(o.bottom()) - y0,
        )
    }
    pub fn inset(&self, d: i32) -> Rect {
        Rect::new(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)
    }
    /// The common part (empty when they do not meet).
    pub fn intersect(&self, o: Rect) -> Rect {
        let (x0, y0) = (self.x.max(o.x), self.y.max(o.y));
        let (x1, y1) = (self.right().min(o.right()), self.bottom().min(o.bottom()));
        Rect::new(x0, y0, (x1 - x0).max(0), (y1 - y0).max(0))
    }
    pub fn intersects(&self, o: Rect) -> bool {
        self.x < o.right() && o.x < self.right() && self.y < o.bottom() && o.y < self.bottom()
    }
    pub fn contains(&self, o: Rect) -> bool {
        o.x >= self.x && o.y >= self.y && o.right() <= self.right() && o.bottom() <= self.bottom()
    }
}

/// Where text and logo may go on a `w`×`h` canvas (see the module rules).
pub fn safe_frame(w: u32, h: u32) -> Rect {
    let m = (MARGIN * w.min(h) as f32).round() as i32;
    let (w, h) = (w as i32, h as i32);
    if h as f32 >= 1.7 * w as f32 {
        let top = (STORY_TOP * h as f32).ceil() as i32;
        let bottom = (STORY_BOTTOM * h as f32).ceil() as i32;
        Rect::new(m, top, w - 2 * m, h - top - bottom)
    } else {
        Rect::new(m, m, w - 2 * m, h - 2 * m)
    }
}

/// The layouts a seller picks from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Template {
    /// Headline block in the quietest negative space, top-left first.
    HeadlineTopLeft,
    /// Headline block plus the offer in a round badge.
    OfferBadge,
    /// Photo above a brand-coloured bar holding headline and call-to-action button.
    BottomBar,
    /// The headline as a centred quote in the quietest band.
    CenteredQuote,
    /// The offer on a price tag next to the product.
    PriceTag,
    /// Story/reel: headline high, button low, both inside the safe zones.
    Story,
    /// Photo on one side, a brand-coloured panel with the text on the other.
    SplitPanel,
    /// A brand-coloured banner across the top with the headline; photo below.
    TopBanner,
}

impl Template {
    pub const ALL: [Template; 8] = [
        Template::HeadlineTopLeft,
        Template::OfferBadge,
        Template::BottomBar,
        Template::CenteredQuote,
        Template::PriceTag,
        Template::Story,
        Template::SplitPanel,
        Template::TopBanner,
    ];
}

/// Which line of the ad a layer is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    Headline,
    Subline,
    Offer,
    Cta,
    Logo,
}

/// What the seller wrote.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct AdCopy {
    pub headline: String,
    pub subline: Option<String>,
    pub offer: Option<String>,
    pub cta: Option<String>,
    pub logo: bool,
}

/// The project's brand kit. `colours[0]` fills bars and panels, `colours[1]` buttons and
/// badges; fonts are names in the [`FontBook`].
#[derive(Clone, Debug)]
pub struct Brand {
    pub colours: Vec<[u8; 3]>,
    pub heading_font: String,
    pub body_font: String,
    pub logo: Option<image::RgbaImage>,
}

/// One line of copy as set: `bounds` is the box of its lines, `glyphs` every glyph placed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TextLayer {
    pub role: Role,
    pub text: String,
    pub font: String,
    /// Em size in pixels.
    pub size: f32,
    pub colour: [u8; 3],
    pub bounds: Rect,
    pub lines: Vec<String>,
    pub centred: bool,
    pub glyphs: Vec<PlacedGlyph>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ShapeKind {
    /// A bar or panel of the template.
    Panel,
    /// Darkens or lightens the picture under a text block for contrast.
    Scrim,
    Button,
    Badge,
    Tag,
}

/// A filled rounded rectangle drawn under the text.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Shape {
    pub kind: ShapeKind,
    pub rect: Rect,
    pub colour: [u8; 3],
    pub alpha: f32,
    pub radius: f32,
}

/// A laid-out ad, stored as is and rendered exactly.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Design {
    pub width: u32,
    pub height: u32,
    pub template: Template,
    /// Where the picture is drawn (scaled to cover, centre-cropped).
    pub photo: Rect,
    /// Canvas colour outside the photo.
    pub fill: [u8; 3],
    /// Drawn in order, under the logo and the text.
    pub shapes: Vec<Shape>,
    pub layers: Vec<TextLayer>,
    pub logo: Option<Rect>,
    pub copy: AdCopy,
}

/// Why a design was not made, in words a seller can act on.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct DesignRefused {
    pub layer: Role,
    pub reason: String,
}
