//! Drawing a [`Design`]: picture, shapes, logo, then every glyph as the font outlines it.

use ab_glyph::Font;
use image::{Rgb, RgbImage, Rgba, RgbaImage};

use super::scene::{base, cover};
use super::text::{scale, FontBook};
use super::{Design, Shape};

/// Blends `colour` over `p` with coverage `a` (sRGB, like browsers do).
fn blend(p: &mut Rgb<u8>, colour: [u8; 3], a: f32) {
    for (v, &c) in p.0.iter_mut().zip(&colour) {
        *v = (*v as f32 * (1.0 - a) + c as f32 * a).round() as u8;
    }
}

/// Fills a rounded rectangle, antialiased by the distance to its edge.
pub(crate) fn draw_shape(img: &mut RgbImage, s: &Shape) {
    let (w, h) = img.dimensions();
    paint_shape(s, w, h, |x, y, colour, a| {
        blend(img.get_pixel_mut(x, y), colour, a)
    });
}

/// Hands `paint` every pixel of a `w`×`h` canvas the rounded rectangle covers, with its
/// colour and coverage.
fn paint_shape(s: &Shape, w: u32, h: u32, mut paint: impl FnMut(u32, u32, [u8; 3], f32)) {
    let r = s.rect.clip(w as i32, h as i32);
    let (cx, cy) = (
        s.rect.x as f32 + s.rect.w as f32 / 2.0,
        s.rect.y as f32 + s.rect.h as f32 / 2.0,
    );
    let (hw, hh) = (s.rect.w as f32 / 2.0, s.rect.h as f32 / 2.0);
    let rad = s.radius.min(hw).min(hh).max(0.0);
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            let qx = (x as f32 + 0.5 - cx).abs() - (hw - rad);
            let qy = (y as f32 + 0.5 - cy).abs() - (hh - rad);
            let d = qx.max(0.0).hypot(qy.max(0.0)) + qx.max(qy).min(0.0) - rad;
            let cov = (0.5 - d).clamp(0.0, 1.0) * s.alpha;
            if cov > 0.0 {
                paint(x as u32, y as u32, s.colour, cov);
            }
        }
    }
}

/// Hands `paint` every pixel of the logo fitted to `r` on a `w`×`h` canvas.
fn paint_logo(
    logo: &RgbaImage,
    r: super::Rect,
    w: u32,
    h: u32,
    mut paint: impl FnMut(u32, u32, [u8; 3], f32),
) {
    let fitted = cover(logo, r.w.max(1) as u32, r.h.max(1) as u32);
    for (x, y, p) in fitted.enumerate_pixels() {
        let (px, py) = (r.x + x as i32, r.y + y as i32);
        if px >= 0 && py >= 0 && (px as u32) < w && (py as u32) < h && p[3] > 0 {
            paint(
                px as u32,
                py as u32,
                [p[0], p[1], p[2]],
                p[3] as f32 / 255.0,
            );
        }
    }
}

/// Hands `paint` every pixel of every glyph of the design's text, as the font outlines it,
/// with the layer's colour and the glyph's coverage. Layers whose font is not in `fonts` are
/// skipped (the layout checked them).
fn paint_text(d: &Design, fonts: &FontBook, mut paint: impl FnMut(u32, u32, [u8; 3], f32)) {
    let (w, h) = (d.width as i32, d.height as i32);
    for layer in &d.layers {
        let Some(font) = fonts.get(&layer.font) else {
            continue;
        };
        let sc = scale(font, layer.size);
        for g in &layer.glyphs {
            let glyph = font
                .glyph_id(g.ch)
                .with_scale_and_position(sc, ab_glyph::point(g.x as f32, g.baseline as f32));
            let Some(outlined) = font.outline_glyph(glyph) else {
                continue;
            };
            let b = outlined.px_bounds();
            let (ox, oy) = (b.min.x as i32, b.min.y as i32);
            outlined.draw(|x, y, c| {
                let (px, py) = (ox + x as i32, oy + y as i32);
                if px >= 0 && py >= 0 && px < w && py < h && c > 0.0 {
                    paint(px as u32, py as u32, layer.colour, c.min(1.0));
                }
            });
        }
    }
}

fn backdrop(picture: &RgbaImage, d: &Design, logo: Option<&RgbaImage>) -> RgbImage {
    let mut img = base(picture, d.width, d.height, d.photo, d.fill);
    for s in &d.shapes {
        draw_shape(&mut img, s);
    }
    if let (Some(r), Some(logo)) = (d.logo, logo) {
        let (w, h) = img.dimensions();
        paint_logo(logo, r, w, h, |x, y, colour, a| {
            blend(img.get_pixel_mut(x, y), colour, a)
        });
    }
    img
}

fn opaque(img: RgbImage) -> RgbaImage {
    let (w, h) = img.dimensions();
    let mut raw = Vec::with_capacity((w * h * 4) as usize);
    for p in img.pixels() {
        raw.extend_from_slice(&[p[0], p[1], p[2], 255]);
    }
    RgbaImage::from_raw(w, h, raw).expect("size matches")
}

/// Everything but the text: what lies under each glyph.
pub fn render_backdrop(picture: &RgbaImage, d: &Design, logo: Option<&RgbaImage>) -> RgbaImage {
    opaque(backdrop(picture, d, logo))
}

/// The finished ad. Layers whose font is not in `fonts` are skipped (lay_out checked them).
pub fn render(
    picture: &RgbaImage,
    d: &Design,
    fonts: &FontBook,
    logo: Option<&RgbaImage>,
) -> RgbaImage {
    let mut img = backdrop(picture, d, logo);
    paint_text(d, fonts, |x, y, colour, a| {
        blend(img.get_pixel_mut(x, y), colour, a)
    });
    opaque(img)
}

/// Lays `colour` with coverage `a` over the straight-alpha pixel `p` (Porter–Duff over).
fn over(p: &mut Rgba<u8>, colour: [u8; 3], a: f32) {
    let below = p[3] as f32 / 255.0;
    let out = a + below * (1.0 - a);
    if out <= 0.0 {
        return;
    }
    for (v, &c) in p.0[..3].iter_mut().zip(&colour) {
        *v = ((c as f32 * a + *v as f32 * below * (1.0 - a)) / out).round() as u8;
    }
    p[3] = (out * 255.0).round() as u8;
}

/// The design's shapes, logo and text alone, on a transparent canvas (its picture and fill
/// left out): laid over moving pictures frame by frame with [`overlay`]. Drawn by the same
/// painters as [`render`], so over a picture it gives the same pixels.
pub fn render_layers(d: &Design, fonts: &FontBook, logo: Option<&RgbaImage>) -> RgbaImage {
    let (w, h) = (d.width, d.height);
    let mut img = RgbaImage::new(w, h);
    for s in &d.shapes {
        paint_shape(s, w, h, |x, y, colour, a| {
            over(img.get_pixel_mut(x, y), colour, a)
        });
    }
    if let (Some(r), Some(logo)) = (d.logo, logo) {
        paint_logo(logo, r, w, h, |x, y, colour, a| {
            over(img.get_pixel_mut(x, y), colour, a)
        });
    }
    paint_text(d, fonts, |x, y, colour, a| {
        over(img.get_pixel_mut(x, y), colour, a)
    });
    img
}

/// Blends `layers` (from [`render_layers`], the same size) over `frame` at `opacity` (0 … 1):
/// a card fading in or out.
pub fn overlay(frame: &mut RgbaImage, layers: &RgbaImage, opacity: f32) {
    if opacity <= 0.0 {
        return;
    }
    for (p, l) in frame.pixels_mut().zip(layers.pixels()) {
        let a = l[3] as f32 / 255.0 * opacity.min(1.0);
        if a > 0.0 {
            for c in 0..3 {
                p[c] = (p[c] as f32 * (1.0 - a) + l[c] as f32 * a).round() as u8;
            }
        }
    }
}
