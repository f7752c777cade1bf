//! Pixel buffers and the few raster operations the compositor needs: a float RGB canvas for
//! procedural painting, resampling through `fast_image_resize`, and an O(n) box blur (three
//! passes approximate a Gaussian at any radius, where a true Gaussian costs ~20× more).

use fast_image_resize::{images::Image, FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer};
use image::RgbaImage;

use super::noise::hash2;

pub type Rgb = [f32; 3];

#[inline]
pub fn lerp(a: f32, b: f32, t: f32) -> f32 {
    a + (b - a) * t
}

#[inline]
pub fn mix(a: Rgb, b: Rgb, t: f32) -> Rgb {
    [
        lerp(a[0], b[0], t),
        lerp(a[1], b[1], t),
        lerp(a[2], b[2], t),
    ]
}

#[inline]
pub fn scale(c: Rgb, k: f32) -> Rgb {
    [c[0] * k, c[1] * k, c[2] * k]
}

#[inline]
pub fn mul(a: Rgb, b: Rgb) -> Rgb {
    [a[0] * b[0], a[1] * b[1], a[2] * b[2]]
}

#[inline]
pub fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

#[inline]
pub fn luma(c: Rgb) -> f32 {
    0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2]
}

/// `0xRRGGBB` to a float colour.
pub const fn hex(v: u32) -> Rgb {
    [
        ((v >> 16) & 255) as f32 / 255.0,
        ((v >> 8) & 255) as f32 / 255.0,
        (v & 255) as f32 / 255.0,
    ]
}

pub fn rgb8(c: [u8; 3]) -> Rgb {
    [
        c[0] as f32 / 255.0,
        c[1] as f32 / 255.0,
        c[2] as f32 / 255.0,
    ]
}

/// A float RGB image (sRGB-encoded values, nominally 0..1).
#[derive(Clone)]
pub struct Canvas {
    pub width: u32,
    pub height: u32,
    pub px: Vec<Rgb>,
}

impl Canvas {
    pub fn new(width: u32, height: u32, fill: Rgb) -> Self {
        Canvas {
            width,
            height,
            px: vec![fill; width as usize * height as usize],
        }
    }

    /// Blends `color` at `(x, y)` with coverage `alpha`; out-of-bounds writes are dropped.
    #[inline]
    pub fn blend(&mut self, x: i32, y: i32, color: Rgb, alpha: f32) {
        if x < 0 || y < 0 || x >= self.width as i32 || y >= self.height as i32 {
            return;
        }
        let p = &mut self.px[y as usize * self.width as usize + x as usize];
        *p = mix(*p, color, alpha.clamp(0.0, 1.0));
    }

    /// Quantises to 8 bits with a little ordered noise so smooth gradients do not band.
    pub fn to_rgba(&self, seed: u32) -> RgbaImage {
        let mut out = RgbaImage::new(self.width, self.height);
        for (i, (p, o)) in self.px.iter().zip(out.pixels_mut()).enumerate() {
            let x = i as u32 % self.width;
            let y = i as u32 / self.width;
            let d = hash2(x, y, seed) - 0.5;
            let q = |v: f32| (v * 255.0 + d).round().clamp(0.0, 255.0) as u8;
            o.0 = [q(p[0]), q(p[1]), q(p[2]), 255];
        }
        out
    }

    pub fn from_rgba(img: &RgbaImage) -> Self {
        Canvas {
            width: img.width(),
            height: img.height(),
            px: img.pixels().map(|p| rgb8([p[0], p[1], p[2]])).collect(),
        }
    }
}

fn resize_raw(
    src: Vec<u8>,
    (sw, sh): (u32, u32),
    (dw, dh): (u32, u32),
    pixel: PixelType,
    filter: FilterType,
    use_alpha: bool,
) -> Vec<u8> {
    if (sw, sh) == (dw, dh) {
        return src;
    }
    let src = Image::from_vec_u8(sw, sh, src, pixel).expect("buffer matches its size");
    let mut dst = Image::new(dw, dh, pixel);
    let options = ResizeOptions::new()
        .resize_alg(ResizeAlg::Convolution(filter))
        .use_alpha(use_alpha);
    Resizer::new()
        .resize(&src, &mut dst, &options)
        .expect("same pixel type, non-empty sizes");
    dst.into_vec()
}

/// Resamples an RGBA image. With `use_alpha` colours are weighted by alpha, so transparent
/// pixels never bleed their (meaningless) colour into the result.
pub fn resize_rgba(
    src: &RgbaImage,
    width: u32,
    height: u32,
    filter: FilterType,
    use_alpha: bool,
) -> RgbaImage {
    let raw = resize_raw(
        src.as_raw().clone(),
        src.dimensions(),
        (width.max(1), height.max(1)),
        PixelType::U8x4,
        filter,
        use_alpha,
    );
    RgbaImage::from_raw(width.max(1), height.max(1), raw).expect("size matches")
}

/// Resamples a one-channel 8-bit mask.
pub fn resize_gray(src: &[u8], sw: u32, sh: u32, width: u32, height: u32) -> Vec<u8> {
    resize_raw(
        src.to_vec(),
        (sw, sh),
        (width.max(1), height.max(1)),
        PixelType::U8,
        FilterType::Bilinear,
        false,
    )
}

/// Box blur of a float plane, `passes` times (3 ≈ Gaussian with σ ≈ radius).
pub fn box_blur(buf: &mut [f32], width: usize, height: usize, radius: usize, passes: usize) {
    if radius == 0 || width == 0 || height == 0 {
        return;
    }
    let mut line = vec![0.0f32; width.max(height)];
    for _ in 0..passes {
        for y in 0..height {
            let row = &mut buf[y * width..(y + 1) * width];
            blur_line(row, &mut line[..width], radius, 1);
        }
        for x in 0..width {
            blur_line(&mut buf[x..], &mut line[..height], radius, width);
        }
    }
}

/// Blurs `n` samples of `data` spaced `stride` apart, clamping at the ends.
fn blur_line(data: &mut [f32], tmp: &mut [f32], radius: usize, stride: usize) {
    let n = tmp.len();
    for (i, t) in tmp.iter_mut().enumerate() {
        *t = data[i * stride];
    }
    let r = radius as isize;
    let at = |i: isize| tmp[i.clamp(0, n as isize - 1) as usize];
    let norm = 1.0 / (2 * radius + 1) as f32;
    let mut sum: f32 = (-r..=r).map(at).sum();
    for i in 0..n {
        data[i * stride] = sum * norm;
        sum += at(i as isize + r + 1) - at(i as isize - r);
    }
}

/// Blurs a float plane cheaply at any radius: shrink by `factor`, box-blur, enlarge.
pub fn soft_blur(buf: &[f32], width: u32, height: u32, radius: f32) -> Vec<f32> {
    let factor = (radius / 3.0).floor().clamp(1.0, 16.0) as u32;
    let (sw, sh) = ((width / factor).max(1), (height / factor).max(1));
    let to_u8 = |v: &f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    let bytes: Vec<u8> = buf.iter().map(to_u8).collect();
    let small = resize_raw(
        bytes,
        (width, height),
        (sw, sh),
        PixelType::U8,
        FilterType::Box,
        false,
    );
    let mut plane: Vec<f32> = small.iter().map(|&v| v as f32 / 255.0).collect();
    let r = ((radius / factor as f32).round() as usize).max(1);
    box_blur(&mut plane, sw as usize, sh as usize, r, 3);
    let bytes: Vec<u8> = plane.iter().map(to_u8).collect();
    resize_gray(&bytes, sw, sh, width, height)
        .iter()
        .map(|&v| v as f32 / 255.0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn box_blur_preserves_mass_and_spreads_a_spike() {
        let (w, h) = (21, 21);
        let mut buf = vec![0.0; w * h];
        buf[10 * w + 10] = 1.0;
        box_blur(&mut buf, w, h, 2, 3);
        let total: f32 = buf.iter().sum();
        assert!((total - 1.0).abs() < 1e-3, "{total}");
        assert!(buf[10 * w + 10] < 0.2 && buf[10 * w + 13] > 0.0);
    }

    #[test]
    fn resize_hits_the_requested_size() {
        let img = RgbaImage::from_pixel(40, 30, image::Rgba([10, 20, 30, 255]));
        let out = resize_rgba(&img, 17, 9, FilterType::Lanczos3, true);
        assert_eq!(out.dimensions(), (17, 9));
        assert_eq!(out.get_pixel(8, 4).0, [10, 20, 30, 255]);
    }
}
