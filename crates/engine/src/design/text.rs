//! Typesetting: fonts handed in as bytes, words wrapped into a width, glyphs placed on whole
//! pixels (so the text is the font's own rendering, not resampled).

use std::collections::BTreeMap;

use ab_glyph::{Font, FontArc, GlyphId, PxScale};
use serde::{Deserialize, Serialize};

use super::Rect;
use crate::EngineError;

/// One font file of the bundled set: the caller reads `path` (installed by the Debian
/// `package`) and hands the bytes to [`FontBook::add`] under `name`.
#[derive(Clone, Copy, Debug)]
pub struct FontFile {
    pub name: &'static str,
    pub family: &'static str,
    pub package: &'static str,
    pub licence: &'static str,
    pub path: &'static str,
}

const fn f(
    name: &'static str,
    family: &'static str,
    package: &'static str,
    licence: &'static str,
    path: &'static str,
) -> FontFile {
    FontFile {
        name,
        family,
        package,
        licence,
        path,
    }
}

/// The bundled families (regular and bold of each), all open licences, all from Debian.
#[rustfmt::skip]
pub const CATALOGUE: &[FontFile] = &[
    f("DejaVu Sans", "DejaVu Sans", "fonts-dejavu-core", "Bitstream-Vera", "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    f("DejaVu Sans Bold", "DejaVu Sans", "fonts-dejavu-core", "Bitstream-Vera", "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"),
    f("Liberation Sans", "Liberation Sans", "fonts-liberation2", "OFL-1.1", "/usr/share/fonts/truetype/liberation2/LiberationSans-Regular.ttf"),
    f("Liberation Sans Bold", "Liberation Sans", "fonts-liberation2", "OFL-1.1", "/usr/share/fonts/truetype/liberation2/LiberationSans-Bold.ttf"),
    f("Liberation Serif", "Liberation Serif", "fonts-liberation2", "OFL-1.1", "/usr/share/fonts/truetype/liberation2/LiberationSerif-Regular.ttf"),
    f("Liberation Serif Bold", "Liberation Serif", "fonts-liberation2", "OFL-1.1", "/usr/share/fonts/truetype/liberation2/LiberationSerif-Bold.ttf"),
    f("Open Sans", "Open Sans", "fonts-open-sans", "Apache-2.0", "/usr/share/fonts/truetype/open-sans/OpenSans-Regular.ttf"),
    f("Open Sans Bold", "Open Sans", "fonts-open-sans", "Apache-2.0", "/usr/share/fonts/truetype/open-sans/OpenSans-Bold.ttf"),
    f("Roboto", "Roboto", "fonts-roboto-unhinted", "Apache-2.0", "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Regular.ttf"),
    f("Roboto Bold", "Roboto", "fonts-roboto-unhinted", "Apache-2.0", "/usr/share/fonts/truetype/roboto/unhinted/RobotoTTF/Roboto-Bold.ttf"),
    f("Roboto Slab", "Roboto Slab", "fonts-roboto-slab", "Apache-2.0", "/usr/share/fonts/opentype/roboto/slab/RobotoSlab-Regular.otf"),
    f("Roboto Slab Bold", "Roboto Slab", "fonts-roboto-slab", "Apache-2.0", "/usr/share/fonts/opentype/roboto/slab/RobotoSlab-Bold.otf"),
    f("Lato", "Lato", "fonts-lato", "OFL-1.1", "/usr/share/fonts/truetype/lato/Lato-Regular.ttf"),
    f("Lato Bold", "Lato", "fonts-lato", "OFL-1.1", "/usr/share/fonts/truetype/lato/Lato-Bold.ttf"),
    f("Carlito", "Carlito", "fonts-crosextra-carlito", "OFL-1.1", "/usr/share/fonts/truetype/crosextra/Carlito-Regular.ttf"),
    f("Carlito Bold", "Carlito", "fonts-crosextra-carlito", "OFL-1.1", "/usr/share/fonts/truetype/crosextra/Carlito-Bold.ttf"),
    f("Caladea", "Caladea", "fonts-crosextra-caladea", "Apache-2.0", "/usr/share/fonts/truetype/crosextra/Caladea-Regular.ttf"),
    f("Caladea Bold", "Caladea", "fonts-crosextra-caladea", "Apache-2.0", "/usr/share/fonts/truetype/crosextra/Caladea-Bold.ttf"),
    f("EB Garamond", "EB Garamond", "fonts-ebgaramond", "OFL-1.1", "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Regular.otf"),
    f("EB Garamond Bold", "EB Garamond", "fonts-ebgaramond", "OFL-1.1", "/usr/share/fonts/opentype/ebgaramond/EBGaramond12-Bold.otf"),
    f("Cantarell", "Cantarell", "fonts-cantarell", "OFL-1.1", "/usr/share/fonts/opentype/cantarell/Cantarell-Regular.otf"),
    f("Cantarell Bold", "Cantarell", "fonts-cantarell", "OFL-1.1", "/usr/share/fonts/opentype/cantarell/Cantarell-Bold.otf"),
    f("Inter", "Inter", "fonts-inter", "OFL-1.1", "/usr/share/fonts/opentype/inter/Inter-Regular.otf"),
    f("Inter Bold", "Inter", "fonts-inter", "OFL-1.1", "/usr/share/fonts/opentype/inter/Inter-Bold.otf"),
    f("League Spartan", "League Spartan", "fonts-league-spartan", "OFL-1.1", "/usr/share/fonts/opentype/league-spartan/LeagueSpartan-Regular.otf"),
    f("League Spartan Bold", "League Spartan", "fonts-league-spartan", "OFL-1.1", "/usr/share/fonts/opentype/league-spartan/LeagueSpartan-Bold.otf"),
    f("Comfortaa", "Comfortaa", "fonts-comfortaa", "OFL-1.1", "/usr/share/fonts/truetype/comfortaa/Comfortaa-Regular.ttf"),
    f("Comfortaa Bold", "Comfortaa", "fonts-comfortaa", "OFL-1.1", "/usr/share/fonts/truetype/comfortaa/Comfortaa-Bold.ttf"),
    f("Quicksand", "Quicksand", "fonts-quicksand", "OFL-1.1", "/usr/share/fonts/truetype/quicksand/Quicksand-Regular.ttf"),
    f("Quicksand Bold", "Quicksand", "fonts-quicksand", "OFL-1.1", "/usr/share/fonts/truetype/quicksand/Quicksand-Bold.ttf"),
];

/// The bundled families a brand kit chooses from, in catalogue order. Each has a regular
/// (named as the family) and a bold (the family's name and " Bold").
pub fn families() -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for f in CATALOGUE {
        if !out.contains(&f.family) {
            out.push(f.family);
        }
    }
    out
}

/// Fonts by name, parsed once from the bytes the caller read.
#[derive(Clone, Default)]
pub struct FontBook {
    fonts: BTreeMap<String, FontArc>,
}

impl FontBook {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a TTF/OTF font under `name`; refuses bytes that are not a font.
    pub fn add(&mut self, name: &str, bytes: Vec<u8>) -> Result<(), EngineError> {
        let font = FontArc::try_from_vec(bytes).map_err(|_| {
            EngineError::InvalidInput(format!("{name}: not a TrueType/OpenType font"))
        })?;
        self.fonts.insert(name.to_owned(), font);
        Ok(())
    }

    pub fn get(&self, name: &str) -> Option<&FontArc> {
        self.fonts.get(name)
    }

    pub fn names(&self) -> impl Iterator<Item = &str> {
        self.fonts.keys().map(String::as_str)
    }
}

/// A glyph on the canvas: its pen origin on the baseline (whole pixels) and the pixel box
/// its ink covers.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlacedGlyph {
    pub ch: char,
    pub x: i32,
    pub baseline: i32,
    pub ink: Rect,
}

/// Font metrics at one size (the size is the em, in pixels).
pub(crate) struct Metrics {
    pub ascent: f32,
    pub descent: f32,
    pub cap: f32,
    pub line: f32,
}

fn em(font: &FontArc) -> f32 {
    font.units_per_em().unwrap_or(1000.0)
}

/// ab_glyph scales by the ascent−descent height; this turns an em size into that scale.
pub(crate) fn scale(font: &FontArc, size: f32) -> PxScale {
    PxScale::from(size * font.height_unscaled() / em(font))
}

pub(crate) fn metrics(font: &FontArc, size: f32) -> Metrics {
    let k = size / em(font);
    let cap = font
        .outline(font.glyph_id('H'))
        .map(|o| o.bounds.min.y) // ab_glyph keeps y_max in min.y
        .unwrap_or(0.7 * em(font));
    Metrics {
        ascent: font.ascent_unscaled() * k,
        descent: -font.descent_unscaled() * k,
        cap: cap * k,
        line: size * 1.18,
    }
}

/// Size whose capital height is `cap` pixels.
pub(crate) fn size_for_cap(font: &FontArc, cap: f32) -> f32 {
    cap / (metrics(font, 1.0).cap).max(0.1)
}

/// Pen advances of `text` with kerning, in pixels.
fn advances(font: &FontArc, size: f32, text: &str) -> Vec<(char, GlyphId, f32)> {
    let k = size / em(font);
    let mut out = Vec::with_capacity(text.len());
    let mut pen = 0.0;
    let mut prev: Option<GlyphId> = None;
    for ch in text.chars() {
        let id = font.glyph_id(ch);
        if let Some(p) = prev {
            pen += font.kern_unscaled(p, id) * k;
        }
        out.push((ch, id, pen));
        pen += font.h_advance_unscaled(id) * k;
        prev = Some(id);
    }
    out.push(('\0', GlyphId(0), pen));
    out
}

pub(crate) fn width(font: &FontArc, size: f32, text: &str) -> f32 {
    advances(font, size, text).last().map_or(0.0, |a| a.2)
}

/// Characters the font has no glyph for (they would render as boxes).
pub(crate) fn missing_glyphs(font: &FontArc, text: &str) -> Vec<char> {
    text.chars()
        .filter(|c| !c.is_whitespace() && font.glyph_id(*c).0 == 0)
        .collect()
}

/// Greedy word wrap into `max_width`. `None` when one word alone is wider (words are never
/// broken) or more than `max_lines` lines are needed.
pub(crate) fn wrap(
    font: &FontArc,
    size: f32,
    text: &str,
    max_width: f32,
    max_lines: usize,
) -> Option<Vec<String>> {
    let mut lines: Vec<String> = Vec::new();
    let mut current = String::new();
    for word in text.split_whitespace() {
        if width(font, size, word) > max_width {
            return None;
        }
        let candidate = if current.is_empty() {
            word.to_owned()
        } else {
            format!("{current} {word}")
        };
        if width(font, size, &candidate) <= max_width {
            current = candidate;
        } else {
            lines.push(std::mem::replace(&mut current, word.to_owned()));
        }
    }
    if !current.is_empty() {
        lines.push(current);
    }
    (lines.len() <= max_lines).then_some(lines)
}

/// Places `lines` with their top at `top`, each aligned in `[left, left + width]`.
pub(crate) fn place(
    font: &FontArc,
    size: f32,
    lines: &[String],
    left: i32,
    top: i32,
    width: i32,
    centred: bool,
) -> Vec<PlacedGlyph> {
    let m = metrics(font, size);
    let sc = scale(font, size);
    let mut glyphs = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let baseline = (top as f32 + m.ascent + i as f32 * m.line).round() as i32;
        let adv = advances(font, size, line);
        let w = adv.last().map_or(0.0, |a| a.2);
        let x0 = if centred {
            left as f32 + (width as f32 - w) / 2.0
        } else {
            left as f32
        };
        let start = glyphs.len();
        for &(ch, id, pen) in &adv[..adv.len() - 1] {
            let x = (x0 + pen).round() as i32;
            let glyph = id.with_scale_and_position(sc, ab_glyph::point(x as f32, baseline as f32));
            if let Some(outlined) = font.outline_glyph(glyph) {
                let b = outlined.px_bounds();
                let ink = Rect::new(
                    b.min.x as i32,
                    b.min.y as i32,
                    (b.max.x - b.min.x) as i32,
                    (b.max.y - b.min.y) as i32,
                );
                glyphs.push(PlacedGlyph {
                    ch,
                    x,
                    baseline,
                    ink,
                });
            }
        }
        // A glyph's ink can overhang its advance (an 'A' or a 'J' at the line's edge): the
        // line moves by whole pixels so its ink stays within the measured width.
        let line = &mut glyphs[start..];
        if let (Some(ink_left), Some(ink_right)) = (
            line.iter().map(|g| g.ink.x).min(),
            line.iter().map(|g| g.ink.right()).max(),
        ) {
            let dx = if ink_left < left {
                left - ink_left
            } else {
                -(ink_right - (left + width)).clamp(0, ink_left - left)
            };
            for g in line {
                g.x += dx;
                g.ink.x += dx;
            }
        }
    }
    glyphs
}

/// Height of `n` lines set at `size`.
pub(crate) fn block_height(font: &FontArc, size: f32, n: usize) -> f32 {
    let m = metrics(font, size);
    m.ascent + m.descent + (n.max(1) - 1) as f32 * m.line
}
