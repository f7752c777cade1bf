//! Telling the product apart from a flat picture, so it can move as one rigid layer against
//! its surroundings instead of being warped with them.
//!
//! The cutout's backdrop model finds the product when it stands on a plain or gently lit
//! backdrop; when the picture is too busy for that, the answer is `None` and the caller
//! moves the picture as a whole. Behind the product, the background is filled from its
//! surroundings at low resolution (only its rim is ever revealed, and it is soft anyway).

use image::{imageops, Rgba, RgbaImage};

use crate::cutout;
use crate::edit::inpaint::inpaint;
use crate::NoProgress;

/// The shortest side the hole behind the product is filled at.
const FILL_SIDE: u32 = 240;

/// `(background, product)`, both the picture's size; `None` when no single product stands
/// out clearly enough to lift.
pub(super) fn separate(picture: &RgbaImage, seed: u64) -> Option<(RgbaImage, RgbaImage)> {
    let (w, h) = picture.dimensions();
    let cut = cutout::cut_out(picture, &mut NoProgress).ok()?;
    let (rx, ry, rw, rh) = cut.rect;
    let solid = cut.image.pixels().filter(|p| p[3] >= 128).count() as f32;
    let frame = (w * h) as f32;
    // A product is a compact thing inside the frame, not most of it nor a scatter of bits.
    let plausible = (0.015..0.6).contains(&(solid / frame))
        && rw < w * 19 / 20
        && rh < h * 19 / 20
        && solid / (rw * rh) as f32 > 0.3
        && [rx == 0, ry == 0, rx + rw >= w, ry + rh >= h]
            .iter()
            .filter(|t| **t)
            .count()
            <= 1;
    if !plausible {
        return None;
    }
    let mut product = RgbaImage::new(w, h);
    imageops::replace(&mut product, &cut.image, rx as i64, ry as i64);

    // The hole: the product and a margin for its fringe, at fill resolution.
    let k = (w.min(h) as f32 / FILL_SIDE as f32).max(1.0);
    let (sw, sh) = (
        ((w as f32 / k).round() as u32).max(16),
        ((h as f32 / k).round() as u32).max(16),
    );
    let small = imageops::resize(picture, sw, sh, imageops::FilterType::Triangle);
    let coverage = imageops::resize(&product, sw, sh, imageops::FilterType::Triangle);
    let margin = 2i64;
    let mut hole = vec![false; (sw * sh) as usize];
    for (x, y, p) in coverage.enumerate_pixels() {
        if p[3] > 4 {
            for dy in -margin..=margin {
                for dx in -margin..=margin {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx >= 0 && ny >= 0 && nx < sw as i64 && ny < sh as i64 {
                        hole[(ny as u32 * sw + nx as u32) as usize] = true;
                    }
                }
            }
        }
    }
    let mut rgb: Vec<u8> = small.pixels().flat_map(|p| [p[0], p[1], p[2]]).collect();
    inpaint(
        &mut rgb,
        sw as usize,
        sh as usize,
        &hole,
        seed,
        &mut NoProgress,
    )
    .ok()?;
    let filled = RgbaImage::from_fn(sw, sh, |x, y| {
        let i = ((y * sw + x) * 3) as usize;
        Rgba([rgb[i], rgb[i + 1], rgb[i + 2], 255])
    });
    let mut weight = RgbaImage::from_fn(sw, sh, |x, y| {
        let v = if hole[(y * sw + x) as usize] { 255 } else { 0 };
        Rgba([v, v, v, 255])
    });
    weight = imageops::blur(&weight, 1.0);
    let filled = imageops::resize(&filled, w, h, imageops::FilterType::CatmullRom);
    let weight = imageops::resize(&weight, w, h, imageops::FilterType::Triangle);
    let mut background = picture.clone();
    for ((b, f), k) in background
        .pixels_mut()
        .zip(filled.pixels())
        .zip(weight.pixels())
    {
        let t = k[0] as u32;
        if t == 0 {
            continue;
        }
        for c in 0..3 {
            b[c] = ((b[c] as u32 * (255 - t) + f[c] as u32 * t + 127) / 255) as u8;
        }
    }
    Some((background, product))
}
