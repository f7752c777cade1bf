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
/// fully transparent (alpha 0, colour 0) outside it; and where the product is in it.
pub fn transparent(product: &RgbaImage) -> (RgbaImage, Placement) {
    let (pw, ph) = product.dimensions();
    let margin = ((pw.max(ph) as f32 * 0.03).round() as u32).max(4);
    let mut out = RgbaImage::new(pw + 2 * margin, ph + 2 * margin);
    image::imageops::replace(&mut out, product, margin as i64, margin as i64);
    let placement = Placement {
        x: margin as i32,
        y: margin as i32,
        width: pw,
        height: ph,
    };
    (out, placement)
}

/// `source` kept whole in a `width`×`height` frame (see [`fit`]), the rest filled with what
/// lies next to its edges, mirrored and softened (see [`backdrop`]).
pub fn extend(
    source: &RgbaImage,
    product: Option<Placement>,
    width: u32,
    height: u32,
    keep_safe: bool,
) -> (RgbaImage, Option<Placement>) {
    let placed = fit(source, product, width, height, keep_safe);
    let Fit {
        x: ox,
        y: oy,
        width: pw,
        height: ph,
        product: placement,
    } = placed;
    let mut out = backdrop(source, &placed, width, height);
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

/// Where a backdrop pixel takes its colour from, along one axis of the picture.
#[derive(Clone, Copy)]
enum Along {
    /// This row (or column) of the picture.
    At(u32),
    /// Past the strip mirrored before the picture's first row (or column).
    Before,
    /// Past the strip mirrored after its last.
    After,
}

impl Along {
    /// Position `at` of the frame, against a picture `n` long mirrored `strip` deep.
    fn of(at: i64, n: u32, strip: u32) -> Along {
        let (n, strip) = (i64::from(n), i64::from(strip));
        if at < 0 {
            let d = -at - 1;
            if d < strip {
                Along::At(d as u32)
            } else {
                Along::Before
            }
        } else if at < n {
            Along::At(at as u32)
        } else {
            let d = at - n;
            if d < strip {
                Along::At((n - 1 - d) as u32)
            } else {
                Along::After
            }
        }
    }
}

/// The frame's backdrop: the picture at its place `fit`, the strip along each of its edges
/// mirrored across that edge and, further out, that strip's colours carried on; all blurred
/// heavily. Only what lies next to an edge continues past it (so the product in the middle
/// never smears into a margin), its colours and light meeting the picture at the seam.
/// Worked at a quarter of the frame's size and enlarged smoothly: the blur is far wider than
/// the enlargement's steps, so no seam or streak shows.
pub(super) fn backdrop(source: &RgbaImage, fit: &Fit, width: u32, height: u32) -> RgbaImage {
    const SCALE: u32 = 4;
    let (cw, ch) = (width.div_ceil(SCALE), height.div_ceil(SCALE));
    let (pw, ph) = (
        fit.width.div_ceil(SCALE).max(1),
        fit.height.div_ceil(SCALE).max(1),
    );
    let small = resize_rgba(source, pw, ph, FilterType::Bilinear, false);
    let (sx, sy) = ((pw / 5).max(1), (ph / 5).max(1));
    let (x0, y0) = (i64::from(fit.x / SCALE), i64::from(fit.y / SCALE));
    let columns: Vec<Along> = (0..i64::from(cw))
        .map(|x| Along::of(x - x0, pw, sx))
        .collect();
    // Each edge strip's mean colour per column (top, bottom) or row (left, right).
    let mean = |pixels: &mut dyn Iterator<Item = (u32, u32)>| {
        let (mut sum, mut n) = ([0f32; 3], 0f32);
        for (x, y) in pixels {
            let p = small.get_pixel(x, y);
            for c in 0..3 {
                sum[c] += p[c] as f32;
            }
            n += 1.0;
        }
        sum.map(|v| v / n.max(1.0))
    };
    let top: Vec<[f32; 3]> = (0..pw)
        .map(|x| mean(&mut (0..sy).map(|y| (x, y))))
        .collect();
    let bottom: Vec<[f32; 3]> = (0..pw)
        .map(|x| mean(&mut (ph - sy..ph).map(|y| (x, y))))
        .collect();
    let left: Vec<[f32; 3]> = (0..ph)
        .map(|y| mean(&mut (0..sx).map(|x| (x, y))))
        .collect();
    let right: Vec<[f32; 3]> = (0..ph)
        .map(|y| mean(&mut (pw - sx..pw).map(|x| (x, y))))
        .collect();
    let mut planes = vec![vec![0f32; (cw * ch) as usize]; 3];
    for y in 0..ch {
        let row = Along::of(i64::from(y) - y0, ph, sy);
        for (x, &column) in columns.iter().enumerate() {
            let colour = match (column, row) {
                (Along::At(x), Along::At(y)) => {
                    let p = small.get_pixel(x, y);
                    [p[0] as f32, p[1] as f32, p[2] as f32]
                }
                (Along::At(x), Along::Before) => top[x as usize],
                (Along::At(x), Along::After) => bottom[x as usize],
                (Along::Before, Along::At(y)) => left[y as usize],
                (Along::After, Along::At(y)) => right[y as usize],
                (column, row) => {
                    let x = if matches!(column, Along::Before) {
                        0
                    } else {
                        pw - 1
                    };
                    if matches!(row, Along::Before) {
                        top[x as usize]
                    } else {
                        bottom[x as usize]
                    }
                }
            };
            let i = (y * cw) as usize + x;
            for (c, plane) in planes.iter_mut().enumerate() {
                plane[i] = colour[c];
            }
        }
    }
    let radius = (cw.min(ch) as usize / 12).max(1);
    for plane in &mut planes {
        box_blur(plane, cw as usize, ch as usize, radius, 3);
    }
    let mut blurred = RgbaImage::new(cw, ch);
    for (i, p) in blurred.pixels_mut().enumerate() {
        *p = Rgba([
            planes[0][i].round().clamp(0.0, 255.0) as u8,
            planes[1][i].round().clamp(0.0, 255.0) as u8,
            planes[2][i].round().clamp(0.0, 255.0) as u8,
            255,
        ]);
    }
    resize_rgba(&blurred, width, height, FilterType::CatmullRom, false)
}
