//! Drawing a [`Design`]: picture, shapes, logo, then every glyph as the font outlines it.

use ab_glyph::Font;
use image::{Rgb, RgbImage, RgbaImage};

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
    let r = s.rect.clip(img.width() as i32, img.height() as i32);
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
                blend(img.get_pixel_mut(x as u32, y as u32), s.colour, cov);
            }
        }
    }
}

fn backdrop(picture: &RgbaImage, d: &Design, logo: Option<&RgbaImage>) -> RgbImage {
    let mut img = base(picture, d.width, d.height, d.photo, d.fill);
    for s in &d.shapes {
        draw_shape(&mut img, s);
    }
    if let (Some(r), Some(logo)) = (d.logo, logo) {
        let fitted = cover(logo, r.w.max(1) as u32, r.h.max(1) as u32);
        for (x, y, p) in fitted.enumerate_pixels() {
            let (px, py) = (r.x + x as i32, r.y + y as i32);
            if px >= 0 && py >= 0 && (px as u32) < img.width() && (py as u32) < img.height() {
                blend(
                    img.get_pixel_mut(px as u32, py as u32),
                    [p[0], p[1], p[2]],
                    p[3] as f32 / 255.0,
                );
            }
        }
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
    let (w, h) = (img.width() as i32, img.height() as i32);
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
                    blend(
                        img.get_pixel_mut(px as u32, py as u32),
                        layer.colour,
                        c.min(1.0),
                    );
                }
            });
        }
    }
    opaque(img)
}
