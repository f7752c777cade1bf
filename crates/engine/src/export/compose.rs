//! Making each target's picture without cropping through the product: a scene the engine
//! made is rendered again at the target's ratio; any other picture is kept whole and its
//! background extended around it; a packshot and a cutout come from the product alone.

use fast_image_resize::FilterType;
use image::{Rgba, RgbaImage};

use super::targets::STORY_UNSAFE_BAND;
use super::Placement;
use crate::cutout;
use crate::scene::raster::{box_blur, resize_rgba};

/// Alpha below this is matte noise, not product: cleared so no faint halo, shadow or speck
/// survives onto white or into a transparent file.
const ALPHA_FLOOR: u8 = 8;

/// How much of the longer side the packshot's product fills (the middle of 85–95 %).
const PACKSHOT_SHARE: f32 = 0.9;

/// The product's straight-alpha picture with matte noise cleared and cropped tight to what
/// remains; `None` when nothing is left.
pub fn clean_product(product: &RgbaImage) -> Option<RgbaImage> {
    let mut img = product.clone();
    for p in img.pixels_mut() {
        if p[3] < ALPHA_FLOOR {
            *p = Rgba([0, 0, 0, 0]);
        }
    }
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in img.enumerate_pixels() {
        if p[3] > 0 {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x + 1);
            y1 = y1.max(y + 1);
        }
    }
    (x1 > x0 && y1 > y0)
        .then(|| image::imageops::crop_imm(&img, x0, y0, x1 - x0, y1 - y0).to_image())
}

/// The product alone, centred on pure white, its longer side 90 % of the frame's.
pub fn packshot(product: &RgbaImage, width: u32, height: u32) -> (RgbaImage, Placement) {
    let (pw, ph) = product.dimensions();
    let s = (width.max(height) as f32 * PACKSHOT_SHARE) / pw.max(ph).max(1) as f32;
    let s = s.min(width as f32 / pw.max(1) as f32 * 0.95);
    let s = s.min(height as f32 / ph.max(1) as f32 * 0.95);
    let (sw, sh) = (
        ((pw as f32 * s).round() as u32).max(1),
        ((ph as f32 * s).round() as u32).max(1),
    );
    let scaled = cutout::scale(product, sw, sh);
    let mut out = RgbaImage::from_pixel(width, height, Rgba([255, 255, 255, 255]));
    let (ox, oy) = ((width - sw) / 2, (height - sh) / 2);
    for (x, y, p) in scaled.enumerate_pixels() {
        let a = if p[3] < ALPHA_FLOOR { 0 } else { p[3] as u32 };
        if a == 0 {
            continue;
        }
        let d = out.get_pixel_mut(ox + x, oy + y);
        for c in 0..3 {
            d[c] = ((p[c] as u32 * a + 255 * (255 - a) + 127) / 255) as u8;
        }
    }
    let placement = Placement {
        x: ox as i32,
        y: oy as i32,
        width: sw,
        height: sh,
    };
    (out, placement)
}

/// The product's cutout with a margin of 3 % of its longer side (at least 4 px) all round,
/// fully transparent (alpha 0, colour 0) outside it.
pub fn transparent(product: &RgbaImage) -> RgbaImage {
    let (pw, ph) = product.dimensions();
    let margin = ((pw.max(ph) as f32 * 0.03).round() as u32).max(4);
    let mut out = RgbaImage::new(pw + 2 * margin, ph + 2 * margin);
    image::imageops::replace(&mut out, product, margin as i64, margin as i64);
    out
}

/// `source` kept whole in a `width`×`height` frame (see [`fit`]), the rest filled with its
/// own background enlarged and softened.
pub fn extend(
    source: &RgbaImage,
    product: Option<Placement>,
    width: u32,
    height: u32,
    keep_safe: bool,
) -> (RgbaImage, Option<Placement>) {
    let Fit {
        x: ox,
        y: oy,
        width: pw,
        height: ph,
        product: placement,
    } = fit(source, product, width, height, keep_safe);
    let mut out = backdrop(source, width, height);
    let scaled = resize_rgba(source, pw, ph, FilterType::Lanczos3, false);
    // Seams inside the frame fade over a few per cent of its short side; edges that meet the
    // frame's own edge stay sharp.
    let feather = (width.min(height) as f32 * 0.04).max(8.0);
    let open = [ox > 0, oy > 0, ox + pw < width, oy + ph < height];
    for (x, y, p) in scaled.enumerate_pixels() {
        let mut d = f32::MAX;
        if open[0] {
            d = d.min(x as f32 + 0.5);
        }
        if open[1] {
            d = d.min(y as f32 + 0.5);
        }
        if open[2] {
            d = d.min((pw - x) as f32 - 0.5);
        }
        if open[3] {
            d = d.min((ph - y) as f32 - 0.5);
        }
        let a = (d / feather).clamp(0.0, 1.0);
        let o = out.get_pixel_mut(ox + x, oy + y);
        for c in 0..3 {
            o[c] = (p[c] as f32 * a + o[c] as f32 * (1.0 - a)).round() as u8;
        }
    }
    (out, placement)
}

/// Where a picture kept whole goes in a frame of another ratio.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fit {
    pub x: u32,
    pub y: u32,
    pub width: u32,
    pub height: u32,
    /// Where the picture's product lands in the frame.
    pub product: Option<Placement>,
}

/// `source` scaled to fit a `width`×`height` frame whole, centred; with `keep_safe` the
/// product (at `product` in the source) is kept out of a story's top and bottom bands,
/// shrinking the picture if it must.
pub fn fit(
    source: &RgbaImage,
    product: Option<Placement>,
    width: u32,
    height: u32,
    keep_safe: bool,
) -> Fit {
    let (sw, sh) = source.dimensions();
    let (wf, hf) = (width as f32, height as f32);
    let mut s = (wf / sw as f32).min(hf / sh as f32);
    let band = STORY_UNSAFE_BAND as f32;
    let safe_h = (hf - 2.0 * band).max(1.0);
    if let (true, Some(p)) = (keep_safe, product) {
        s = s.min(safe_h * 0.96 / p.height.max(1) as f32);
    }
    let (pw, ph) = (
        ((sw as f32 * s).round() as u32).clamp(1, width),
        ((sh as f32 * s).round() as u32).clamp(1, height),
    );
    let ox = (width - pw) as f32 / 2.0;
    let mut oy = (height - ph) as f32 / 2.0;
    let placed_product = product.map(|p| (p.y as f32 * s, p.height as f32 * s));
    if let (true, Some((py, pph))) = (keep_safe, placed_product) {
        let top = oy + py;
        if top < band {
            oy += band - top;
        }
        let bottom = oy + py + pph;
        if bottom > hf - band {
            oy -= bottom - (hf - band);
        }
        oy = oy.clamp(0.0, (height - ph) as f32);
    }
    let (ox, oy) = (ox.round() as u32, oy.round() as u32);
    Fit {
        x: ox,
        y: oy,
        width: pw,
        height: ph,
        product: product.map(|p| Placement {
            x: ox as i32 + (p.x as f32 * s).round() as i32,
            y: oy as i32 + (p.y as f32 * s).round() as i32,
            width: ((p.width as f32 * s).round() as u32).max(1),
            height: ((p.height as f32 * s).round() as u32).max(1),
        }),
    }
}

/// The source enlarged to cover the frame and blurred heavily: the picture's own colours
/// and light continue past its edges without repeating any object in it.
pub(super) fn backdrop(source: &RgbaImage, width: u32, height: u32) -> RgbaImage {
    const SMALL: u32 = 16;
    let (sw, sh) = source.dimensions();
    let cover = (width as f32 / sw as f32).max(height as f32 / sh as f32);
    let (cw, ch) = (
        ((sw as f32 * cover / SMALL as f32).round() as u32).max(1),
        ((sh as f32 * cover / SMALL as f32).round() as u32).max(1),
    );
    let small = resize_rgba(source, cw, ch, FilterType::Bilinear, false);
    let (tw, th) = (
        width.div_ceil(SMALL).min(cw),
        height.div_ceil(SMALL).min(ch),
    );
    let crop = image::imageops::crop_imm(&small, (cw - tw) / 2, (ch - th) / 2, tw, th).to_image();
    let mut planes: Vec<Vec<f32>> = (0..3)
        .map(|c| crop.pixels().map(|p| p[c] as f32).collect())
        .collect();
    let radius = (tw.min(th) as usize / 10).max(1);
    for plane in &mut planes {
        box_blur(plane, tw as usize, th as usize, radius, 3);
    }
    let mut blurred = RgbaImage::new(tw, th);
    for (i, p) in blurred.pixels_mut().enumerate() {
        *p = Rgba([
            planes[0][i].round().clamp(0.0, 255.0) as u8,
            planes[1][i].round().clamp(0.0, 255.0) as u8,
            planes[2][i].round().clamp(0.0, 255.0) as u8,
            255,
        ]);
    }
    resize_rgba(&blurred, width, height, FilterType::Bilinear, false)
}
