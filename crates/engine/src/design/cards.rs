//! Cards over a reel: a title card (the ad's headline and offer over its first seconds) and
//! an end card (logo, tagline and call to action on the brand's colour over its last), set
//! with the same typesetting as ads and drawn as transparent layers laid over each frame.

use image::{Rgb, RgbImage, RgbaImage};

use super::compose::best_on_flat;
use super::layout::lay_out;
use super::place::{place_block, Block, LineSpec, INK, WHITE};
use super::render::render_layers;
use super::scene::{contrast, luminance, Scene};
use super::text::FontBook;
use super::*;

/// A card laid out for one reel size: what it is (boxes, words, colours) and its pixels on
/// a transparent canvas.
#[derive(Clone, Debug)]
pub struct Card {
    pub design: Design,
    pub layers: RgbaImage,
}

/// The darkness of the scrim under a title card's text. The picture under a title moves, so
/// its contrast cannot be measured once: black at this opacity leaves even a pure white
/// pixel at sRGB 112 or below, against which white text keeps 4.5:1 (4.6).
pub const TITLE_SCRIM: f32 = 0.56;

/// The title card over `first` (the reel's first frame, at the reel's size): the headline
/// high and the offer low (the story layout: inside the safe zones of a 9:16 frame), in the
/// quietest place of that frame, in white on a dark scrim. Refused like an ad when the
/// headline cannot be set legibly.
pub fn title_card(
    first: &RgbaImage,
    headline: &str,
    offer: Option<&str>,
    brand: &Brand,
    fonts: &FontBook,
) -> Result<Card, DesignRefused> {
    let copy = AdCopy {
        headline: headline.to_owned(),
        offer: offer.map(str::to_owned),
        ..AdCopy::default()
    };
    let brand = Brand {
        logo: None,
        ..brand.clone()
    };
    let mut d = lay_out(
        first,
        None,
        &copy,
        &brand,
        fonts,
        Template::Story,
        first.dimensions(),
    )?;
    let s = d.width.min(d.height) as f32;
    let pad = (0.03 * s) as i32;
    // One scrim per block of text: the boxes of layers that come close are merged.
    let mut blocks: Vec<Rect> = Vec::new();
    for layer in &mut d.layers {
        layer.colour = WHITE;
        let r = Rect::new(
            layer.bounds.x - pad,
            layer.bounds.y - pad,
            layer.bounds.w + 2 * pad,
            layer.bounds.h + 2 * pad,
        );
        match blocks.iter_mut().find(|b| b.intersects(r)) {
            Some(b) => *b = b.union(r),
            None => blocks.push(r),
        }
    }
    d.shapes.retain(|sh| sh.kind != ShapeKind::Scrim);
    d.shapes.extend(blocks.into_iter().map(|rect| Shape {
        kind: ShapeKind::Scrim,
        rect: rect.clip(d.width as i32, d.height as i32),
        colour: [0, 0, 0],
        alpha: TITLE_SCRIM,
        radius: 0.02 * s,
    }));
    let layers = render_layers(&d, fonts, None);
    Ok(Card { design: d, layers })
}

/// Of white, ink and black, the colour that reads best on `fill`: one of them always reaches
/// 4.5:1 on any flat colour.
fn readable_on(fill: [u8; 3]) -> [u8; 3] {
    let lf = luminance(fill);
    let plain = best_on_flat(fill, &[]);
    if contrast(lf, luminance(plain)) >= MIN_CONTRAST {
        return plain;
    }
    [WHITE, INK, [0, 0, 0]]
        .into_iter()
        .max_by(|a, b| contrast(lf, luminance(*a)).total_cmp(&contrast(lf, luminance(*b))))
        .unwrap_or(WHITE)
}

/// The end card on a `width`×`height` reel: the brand's first colour over the whole frame,
/// the logo (when the brand has one) centred in the upper part of the safe frame, `line`
/// (the tagline, or the headline) under it and the call to action as a button in the brand's
/// second colour, all inside the safe frame; text in white, ink or black, whichever reads at
/// 4.5:1 or more on what lies under it.
pub fn end_card(
    line: &str,
    cta: Option<&str>,
    brand: &Brand,
    fonts: &FontBook,
    (width, height): (u32, u32),
) -> Result<Card, DesignRefused> {
    if line.trim().is_empty() {
        return Err(DesignRefused {
            layer: Role::Headline,
            reason: "the end card has no words: write a tagline or a headline".into(),
        });
    }
    for name in [&brand.heading_font, &brand.body_font] {
        if fonts.get(name).is_none() {
            return Err(DesignRefused {
                layer: Role::Headline,
                reason: format!("the font \"{name}\" is not installed"),
            });
        }
    }
    let primary = brand.colours.first().copied().unwrap_or([24, 38, 66]);
    let accent = brand.colours.get(1).copied().unwrap_or([232, 93, 4]);
    let (w, h) = (width as i32, height as i32);
    let s = width.min(height) as f32;
    let safe = safe_frame(width, height);
    let full = Rect::new(0, 0, w, h);
    let scene = Scene::new(
        RgbImage::from_pixel(width, height, Rgb(primary)),
        None,
        full,
    );

    // The logo: up to 45 % of the short side wide and 22 % high, centred in the upper part.
    let logo = brand.logo.as_ref().map(|img| {
        let (lw, lh) = (img.width().max(1) as f32, img.height().max(1) as f32);
        let k = (0.45 * s / lw).min(0.22 * s / lh);
        let (bw, bh) = ((lw * k).round() as i32, (lh * k).round() as i32);
        let cy = safe.y + safe.h * 3 / 10;
        Rect::new(safe.x + (safe.w - bw) / 2, cy - bh / 2, bw, bh)
    });
    let top = logo.map_or(safe.y, |r| r.bottom() + (0.04 * s) as i32);
    let zone = Rect::new(safe.x, top, safe.w, safe.bottom() - top);
    let spec = |role, text: &str, max_cap, max_lines| LineSpec {
        role,
        text: text.trim().to_owned(),
        font: brand.heading_font.clone(),
        max_cap,
        max_lines,
        button: role == Role::Cta,
    };
    let mut lines = vec![spec(Role::Headline, line, 0.055, 3)];
    if let Some(cta) = cta.filter(|c| !c.trim().is_empty()) {
        lines.push(spec(Role::Cta, cta, 0.032, 1));
    }
    let block = Block {
        lines,
        max_width: (safe.w as f32 * 0.86) as i32,
        zone,
        centred: true,
        prefer: (
            zone.x as f32 + zone.w as f32 / 2.0,
            zone.y as f32 + zone.h as f32 * if logo.is_some() { 0.25 } else { 0.5 },
        ),
        backing: None,
    };
    let placed = place_block(&block, &scene, fonts, s, logo.as_slice(), accent)?;
    let mut layers = placed.layers;
    for layer in &mut layers {
        layer.colour = readable_on(if layer.role == Role::Cta {
            accent
        } else {
            primary
        });
    }
    let mut shapes = vec![Shape {
        kind: ShapeKind::Panel,
        rect: full,
        colour: primary,
        alpha: 1.0,
        radius: 0.0,
    }];
    shapes.extend(placed.shapes);
    let d = Design {
        width,
        height,
        template: Template::Story,
        photo: Rect::default(),
        fill: primary,
        shapes,
        layers,
        logo,
        copy: AdCopy {
            headline: line.trim().to_owned(),
            cta: cta.map(str::to_owned),
            logo: logo.is_some(),
            ..AdCopy::default()
        },
    };
    let layers = render_layers(&d, fonts, brand.logo.as_ref());
    Ok(Card { design: d, layers })
}
