//! What the layout looks at: the picture fitted to its place on the canvas, how busy each
//! region is (edge energy), where the product is, and WCAG contrast.

use image::{GrayImage, Rgb, RgbImage, RgbaImage};

use super::Rect;
use crate::scene::raster::{resize_gray, resize_rgba};

/// sRGB 8-bit → linear light, per WCAG 2.x.
fn linear_table() -> &'static [f32; 256] {
    static TABLE: std::sync::OnceLock<[f32; 256]> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut t = [0.0; 256];
        for (i, v) in t.iter_mut().enumerate() {
            let c = i as f32 / 255.0;
            *v = if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            };
        }
        t
    })
}

/// WCAG relative luminance of an sRGB colour.
pub fn luminance(c: [u8; 3]) -> f32 {
    let t = linear_table();
    0.2126 * t[c[0] as usize] + 0.7152 * t[c[1] as usize] + 0.0722 * t[c[2] as usize]
}

/// WCAG contrast ratio of two relative luminances (1 … 21).
pub fn contrast(a: f32, b: f32) -> f32 {
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// Lowest contrast of `colour` against any pixel of `img` inside `r`.
pub fn worst_contrast(img: &RgbImage, r: Rect, colour: [u8; 3]) -> f32 {
    let lt = luminance(colour);
    let mut worst = 21.0f32;
    let r = r.clip(img.width() as i32, img.height() as i32);
    for y in r.y..r.y + r.h {
        for x in r.x..r.x + r.w {
            let p = img.get_pixel(x as u32, y as u32).0;
            worst = worst.min(contrast(lt, luminance(p)));
        }
    }
    worst
}

/// Summed-area table for O(1) sums over boxes.
pub(crate) struct Integral {
    w: usize,
    h: usize,
    sums: Vec<f64>,
}

impl Integral {
    fn new(w: usize, h: usize, value: impl Fn(usize, usize) -> f64) -> Self {
        let mut sums = vec![0.0; (w + 1) * (h + 1)];
        for y in 0..h {
            let mut row = 0.0;
            for x in 0..w {
                row += value(x, y);
                sums[(y + 1) * (w + 1) + x + 1] = sums[y * (w + 1) + x + 1] + row;
            }
        }
        Self { w, h, sums }
    }

    pub fn sum(&self, r: Rect) -> f64 {
        let r = r.clip(self.w as i32, self.h as i32);
        if r.w <= 0 || r.h <= 0 {
            return 0.0;
        }
        let (x0, y0, x1, y1) = (
            r.x as usize,
            r.y as usize,
            (r.x + r.w) as usize,
            (r.y + r.h) as usize,
        );
        let s = |x: usize, y: usize| self.sums[y * (self.w + 1) + x];
        s(x1, y1) - s(x0, y1) - s(x1, y0) + s(x0, y0)
    }
}

/// The canvas as the layout sees it.
pub(crate) struct Scene {
    pub base: RgbImage,
    energy: Integral,
    product: Integral,
}

/// Scales `src` to cover `r` and crops the centre (the design's photo rule).
pub(crate) fn cover(src: &RgbaImage, w: u32, h: u32) -> RgbaImage {
    let (iw, ih) = src.dimensions();
    let s = (w as f32 / iw as f32).max(h as f32 / ih as f32);
    let (cw, ch) = (
        ((w as f32 / s).round() as u32).clamp(1, iw),
        ((h as f32 / s).round() as u32).clamp(1, ih),
    );
    let view = image::imageops::crop_imm(src, (iw - cw) / 2, (ih - ch) / 2, cw, ch).to_image();
    resize_rgba(
        &view,
        w,
        h,
        fast_image_resize::FilterType::CatmullRom,
        false,
    )
}

fn cover_mask(mask: &GrayImage, w: u32, h: u32) -> GrayImage {
    let (iw, ih) = mask.dimensions();
    let s = (w as f32 / iw as f32).max(h as f32 / ih as f32);
    let (cw, ch) = (
        ((w as f32 / s).round() as u32).clamp(1, iw),
        ((h as f32 / s).round() as u32).clamp(1, ih),
    );
    let view = image::imageops::crop_imm(mask, (iw - cw) / 2, (ih - ch) / 2, cw, ch).to_image();
    GrayImage::from_raw(w, h, resize_gray(view.as_raw(), cw, ch, w, h)).expect("size matches")
}

/// The canvas before any shape or text: `fill`, with the picture covering `photo`.
pub(crate) fn base(picture: &RgbaImage, w: u32, h: u32, photo: Rect, fill: [u8; 3]) -> RgbImage {
    let mut out = RgbImage::from_pixel(w, h, Rgb(fill));
    let r = photo.clip(w as i32, h as i32);
    if r.w > 0 && r.h > 0 {
        let fitted = cover(picture, photo.w as u32, photo.h as u32);
        for y in r.y..r.y + r.h {
            for x in r.x..r.x + r.w {
                let p = fitted
                    .get_pixel((x - photo.x) as u32, (y - photo.y) as u32)
                    .0;
                let a = p[3] as u32;
                let px =
                    |c: usize| ((p[c] as u32 * a + fill[c] as u32 * (255 - a) + 127) / 255) as u8;
                out.put_pixel(x as u32, y as u32, Rgb([px(0), px(1), px(2)]));
            }
        }
    }
    out
}

impl Scene {
    pub fn new(base: RgbImage, mask: Option<&GrayImage>, photo: Rect) -> Self {
        let (w, h) = (base.width() as usize, base.height() as usize);
        // Luma of the sRGB values (perceptually even steps, no per-pixel power).
        let lum: Vec<f32> = base
            .pixels()
            .map(|p| (0.2126 * p[0] as f32 + 0.7152 * p[1] as f32 + 0.0722 * p[2] as f32) / 255.0)
            .collect();
        // Edge energy: absolute luminance differences to the right and below neighbours.
        let energy = Integral::new(w, h, |x, y| {
            let i = y * w + x;
            let dx = if x + 1 < w {
                (lum[i + 1] - lum[i]).abs()
            } else {
                0.0
            };
            let dy = if y + 1 < h {
                (lum[i + w] - lum[i]).abs()
            } else {
                0.0
            };
            (dx + dy) as f64
        });
        let mut inside = vec![0u8; w * h];
        if let Some(mask) = mask {
            let fitted = cover_mask(mask, photo.w.max(1) as u32, photo.h.max(1) as u32);
            for (x, y, p) in fitted.enumerate_pixels() {
                let (cx, cy) = (x as i32 + photo.x, y as i32 + photo.y);
                if p[0] >= 128 && cx >= 0 && cy >= 0 && (cx as usize) < w && (cy as usize) < h {
                    inside[cy as usize * w + cx as usize] = 1;
                }
            }
        }
        let product = Integral::new(w, h, |x, y| inside[y * w + x] as f64);
        Scene {
            base,
            energy,
            product,
        }
    }

    /// Mean edge energy inside `r` (0 = flat).
    pub fn busyness(&self, r: Rect) -> f64 {
        self.energy.sum(r) / (r.w.max(1) * r.h.max(1)) as f64
    }

    /// Product pixels inside `r`.
    pub fn product_in(&self, r: Rect) -> f64 {
        self.product.sum(r)
    }
}
