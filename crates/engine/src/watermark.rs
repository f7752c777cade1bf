//! A small "CAMPAIGN STUDIO" mark in the bottom-right corner: white capitals on a
//! translucent dark pill, about 2.5 % of the short side tall, so it reads on light and dark
//! pictures alike without covering the product (which scenes stage in the middle).

use image::{Rgba, RgbaImage};

use crate::codec::{self, OutputFormat};
use crate::EngineError;

const TEXT: &str = "CAMPAIGN STUDIO";
const GLYPH_W: u32 = 5;
const GLYPH_H: u32 = 7;
/// Opacity of the pill and of the letters, out of 255.
const PILL_ALPHA: u32 = 130;
const TEXT_ALPHA: u32 = 220;

/// 5×7 capitals, one row per byte, the leftmost pixel in bit 4.
fn glyph(c: char) -> [u8; 7] {
    match c {
        'A' => [0x0E, 0x11, 0x11, 0x1F, 0x11, 0x11, 0x11],
        'C' => [0x0E, 0x11, 0x10, 0x10, 0x10, 0x11, 0x0E],
        'D' => [0x1E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x1E],
        'G' => [0x0E, 0x11, 0x10, 0x17, 0x11, 0x11, 0x0F],
        'I' => [0x0E, 0x04, 0x04, 0x04, 0x04, 0x04, 0x0E],
        'M' => [0x11, 0x1B, 0x15, 0x15, 0x11, 0x11, 0x11],
        'N' => [0x11, 0x19, 0x15, 0x13, 0x11, 0x11, 0x11],
        'O' => [0x0E, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        'P' => [0x1E, 0x11, 0x11, 0x1E, 0x10, 0x10, 0x10],
        'S' => [0x0F, 0x10, 0x10, 0x0E, 0x01, 0x01, 0x1E],
        'T' => [0x1F, 0x04, 0x04, 0x04, 0x04, 0x04, 0x04],
        'U' => [0x11, 0x11, 0x11, 0x11, 0x11, 0x11, 0x0E],
        _ => [0; 7],
    }
}

/// Where the mark goes on a `width`×`height` picture: its pixel scale and top-left corner.
struct Placement {
    scale: u32,
    x: u32,
    y: u32,
    pill_w: u32,
    pill_h: u32,
}

fn placement(width: u32, height: u32) -> Option<Placement> {
    let scale = (width.min(height) / 40 / GLYPH_H).max(1);
    let letters = TEXT.chars().count() as u32;
    let text_w = (letters * (GLYPH_W + 1) - 1) * scale;
    let pad = 2 * scale;
    let (pill_w, pill_h) = (text_w + 2 * pad, GLYPH_H * scale + 2 * pad);
    let margin = 3 * scale;
    // Too small a picture to mark without covering it.
    if pill_w + 2 * margin > width / 2 || pill_h + 2 * margin > height / 4 {
        return None;
    }
    Some(Placement {
        scale,
        x: width - margin - pill_w,
        y: height - margin - pill_h,
        pill_w,
        pill_h,
    })
}

fn blend(pixel: &mut Rgba<u8>, colour: [u8; 3], alpha: u32) {
    for (channel, target) in pixel.0.iter_mut().zip(colour) {
        *channel = ((*channel as u32 * (255 - alpha) + target as u32 * alpha + 127) / 255) as u8;
    }
}

/// Draws the mark onto `image` in place; pictures too small to carry it are left as they are.
pub fn mark(image: &mut RgbaImage) {
    let Some(p) = placement(image.width(), image.height()) else {
        return;
    };
    // The pill, with corners rounded by one text pixel.
    let r = p.scale;
    for dy in 0..p.pill_h {
        for dx in 0..p.pill_w {
            let corner_x = dx < r || dx >= p.pill_w - r;
            let corner_y = dy < r || dy >= p.pill_h - r;
            if corner_x && corner_y {
                continue;
            }
            blend(
                image.get_pixel_mut(p.x + dx, p.y + dy),
                [20, 20, 24],
                PILL_ALPHA,
            );
        }
    }
    let (left, top) = (p.x + 2 * p.scale, p.y + 2 * p.scale);
    for (i, c) in TEXT.chars().enumerate() {
        let rows = glyph(c);
        let gx = left + i as u32 * (GLYPH_W + 1) * p.scale;
        for (row, bits) in rows.iter().enumerate() {
            for col in 0..GLYPH_W {
                if bits & (0x10 >> col) == 0 {
                    continue;
                }
                for sy in 0..p.scale {
                    for sx in 0..p.scale {
                        blend(
                            image.get_pixel_mut(
                                gx + col * p.scale + sx,
                                top + row as u32 * p.scale + sy,
                            ),
                            [255, 255, 255],
                            TEXT_ALPHA,
                        );
                    }
                }
            }
        }
    }
}

/// The encoded picture `bytes` with the mark, in `format`.
pub fn mark_encoded(bytes: &[u8], format: OutputFormat) -> Result<Vec<u8>, EngineError> {
    let mut image = codec::decode(bytes, codec::MAX_DIMENSION * 2)?;
    mark(&mut image);
    codec::encode(&image, format)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grey(width: u32, height: u32, level: u8) -> RgbaImage {
        RgbaImage::from_pixel(width, height, Rgba([level, level, level, 255]))
    }

    fn changed(a: &RgbaImage, b: &RgbaImage, x0: u32, y0: u32, x1: u32, y1: u32) -> usize {
        (y0..y1)
            .flat_map(|y| (x0..x1).map(move |x| (x, y)))
            .filter(|&(x, y)| a.get_pixel(x, y) != b.get_pixel(x, y))
            .count()
    }

    #[test]
    fn the_mark_sits_in_the_bottom_right_corner_only() {
        for (w, h) in [(1024, 1024), (1536, 1024), (720, 1280)] {
            let clean = grey(w, h, 200);
            let mut marked = clean.clone();
            mark(&mut marked);
            let corner = changed(&clean, &marked, w * 3 / 4, h * 9 / 10, w, h);
            assert!(corner > 500, "{w}×{h}: only {corner} pixels marked");
            assert_eq!(changed(&clean, &marked, 0, 0, w / 2, h), 0, "{w}×{h}");
            assert_eq!(changed(&clean, &marked, 0, 0, w, h * 3 / 4), 0, "{w}×{h}");
        }
    }

    #[test]
    fn the_letters_read_on_light_and_dark_pictures() {
        for level in [0u8, 128, 255] {
            let clean = grey(1024, 1024, level);
            let mut image = clean.clone();
            mark(&mut image);
            let (min, max) = image
                .pixels()
                .zip(clean.pixels())
                .filter(|(a, b)| a != b)
                .map(|(p, _)| p.0[0])
                .fold((255u8, 0u8), |(lo, hi), v| (lo.min(v), hi.max(v)));
            // White letters over a darkened pill: a clear contrast whatever the background.
            assert!(max.saturating_sub(min) > 80, "level {level}: {min}..{max}");
        }
    }

    #[test]
    fn tiny_pictures_are_left_alone() {
        let clean = grey(64, 64, 90);
        let mut marked = clean.clone();
        mark(&mut marked);
        assert_eq!(clean, marked);
    }

    #[test]
    fn encoded_pictures_keep_their_size_and_format() {
        let clean = codec::encode_png(&grey(800, 600, 40)).unwrap();
        let marked = mark_encoded(&clean, OutputFormat::Jpeg).unwrap();
        assert_eq!(&marked[..2], &[0xFF, 0xD8]);
        let decoded = codec::decode(&marked, 4096).unwrap();
        assert_eq!(decoded.dimensions(), (800, 600));
    }
}
