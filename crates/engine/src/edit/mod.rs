//! Mask edits: the user paints a mask over an image and says what to do there. Pixels
//! outside the mask are returned bit for bit; soft transitions (feathering) happen only
//! inside the mask.

mod inpaint;
mod instruction;

use domain::generation::{ColorPalette, Lighting, Quality};
use image::{GrayImage, RgbaImage};

pub use instruction::{parse_instruction, EditOp};

use crate::{codec, EngineError, Progress, SubProgress};

/// An edited image, PNG encoded (lossless, so untouched pixels stay identical).
#[derive(Debug, Clone)]
pub struct EditedImage {
    pub png: Vec<u8>,
    pub width: u32,
    pub height: u32,
    /// What the instruction was understood as.
    pub op: EditOp,
}

/// Decodes `image` and `mask_png` (white = edit; alpha, if any, also gates the mask), applies
/// the operation named by `instruction` inside the mask and returns the result as PNG.
pub fn edit_image(
    image: &[u8],
    mask_png: &[u8],
    instruction: &str,
    seed: u64,
    progress: &mut dyn Progress,
) -> Result<EditedImage, EngineError> {
    progress.report("decoding", 0.0)?;
    let mut pixels = codec::decode(image, codec::MAX_DIMENSION)?;
    let mask = decode_mask(mask_png, pixels.width(), pixels.height())?;
    let op = parse_instruction(instruction);
    apply_edit(
        &mut pixels,
        &mask,
        op,
        seed,
        &mut SubProgress::new(progress, 0.02, 0.95),
    )?;
    progress.report("encoding", 0.95)?;
    let png = codec::encode_png(&pixels)?;
    progress.report("done", 1.0)?;
    Ok(EditedImage {
        png,
        width: pixels.width(),
        height: pixels.height(),
        op,
    })
}

/// Reads a mask PNG into a 0/255 mask of the image's size. Grey levels count as painted from
/// the midpoint up; transparent pixels never count.
pub fn decode_mask(mask_png: &[u8], width: u32, height: u32) -> Result<GrayImage, EngineError> {
    let mask = image::load_from_memory(mask_png)
        .map_err(|e| EngineError::InvalidInput(format!("cannot decode the mask: {e}")))?
        .to_luma_alpha8();
    if mask.dimensions() != (width, height) {
        return Err(EngineError::InvalidInput(format!(
            "the mask is {}×{} but the image is {width}×{height}",
            mask.width(),
            mask.height()
        )));
    }
    let out = GrayImage::from_fn(width, height, |x, y| {
        let [l, a] = mask.get_pixel(x, y).0;
        image::Luma([if l as u32 * a as u32 >= 128 * 255 {
            255
        } else {
            0
        }])
    });
    if !out.pixels().any(|p| p.0[0] != 0) {
        return Err(EngineError::InvalidInput("the mask is empty".into()));
    }
    Ok(out)
}

/// Applies `op` to `image` where `mask` is non-zero. `mask` must have the image's size.
pub fn apply_edit(
    image: &mut RgbaImage,
    mask: &GrayImage,
    op: EditOp,
    seed: u64,
    progress: &mut dyn Progress,
) -> Result<(), EngineError> {
    if mask.dimensions() != image.dimensions() {
        return Err(EngineError::InvalidInput(
            "the mask and the image differ in size".into(),
        ));
    }
    let (w, h) = (image.width() as usize, image.height() as usize);
    let inside: Vec<bool> = mask.pixels().map(|p| p.0[0] != 0).collect();
    match op {
        EditOp::Remove => {
            // Hard edge: feathering would blend the removed object's rim back in; PatchMatch
            // already matches the surroundings at the boundary.
            let mut rgb: Vec<u8> = image
                .pixels()
                .flat_map(|p| [p.0[0], p.0[1], p.0[2]])
                .collect();
            inpaint::inpaint(&mut rgb, w, h, &inside, seed, progress)?;
            for ((px, rgb), &m) in image.pixels_mut().zip(rgb.chunks_exact(3)).zip(&inside) {
                if m {
                    px.0 = [rgb[0], rgb[1], rgb[2], px.0[3]];
                }
            }
        }
        EditOp::Recolour { rgb } => {
            progress.report("recolouring", 0.0)?;
            let recoloured = recolour(image, &inside, rgb);
            blend_inside(image, &recoloured, &feather(&inside, w, h));
        }
        EditOp::Brightness { amount } => {
            progress.report("relighting", 0.0)?;
            let mut lit = image.clone();
            // A gamma curve keeps black and white fixed and never clips mid-tones.
            let gamma = if amount >= 0.0 {
                1.0 / (1.0 + 1.5 * amount)
            } else {
                1.0 - 1.5 * amount
            };
            let lut: Vec<u8> = (0..256)
                .map(|v| (255.0 * (v as f32 / 255.0).powf(gamma)).round() as u8)
                .collect();
            for p in lit.pixels_mut() {
                for c in 0..3 {
                    p.0[c] = lut[p.0[c] as usize];
                }
            }
            blend_inside(image, &lit, &feather(&inside, w, h));
        }
        EditOp::Blur { strength } => {
            progress.report("blurring", 0.0)?;
            let sigma = strength * (w.min(h) as f32 / 150.0).max(1.5);
            let blurred = image::imageops::blur(image, sigma);
            blend_inside(image, &blurred, &feather(&inside, w, h));
        }
        EditOp::Background { environment } => {
            progress.report("rendering background", 0.0)?;
            let scene = crate::scene::render_environment(
                environment,
                ColorPalette::default(),
                Lighting::default(),
                image.width(),
                image.height(),
                Quality::default(),
                seed,
            );
            blend_inside(image, &scene, &feather(&inside, w, h));
        }
    }
    progress.report("edited", 1.0)?;
    Ok(())
}

/// New colour with the old shading: the target colour's luma plus each pixel's deviation
/// from the masked area's mean luma, and the target's chroma (YCbCr, BT.601).
fn recolour(image: &RgbaImage, inside: &[bool], target: [u8; 3]) -> RgbaImage {
    let luma = |p: [u8; 3]| 0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32;
    let (sum, count) = image
        .pixels()
        .zip(inside)
        .filter(|(_, &m)| m)
        .fold((0.0f64, 0u64), |(s, n), (p, _)| {
            (s + luma([p.0[0], p.0[1], p.0[2]]) as f64, n + 1)
        });
    let mean = (sum / count.max(1) as f64) as f32;
    let ty = luma(target);
    let cb = -0.168_736 * target[0] as f32 - 0.331_264 * target[1] as f32 + 0.5 * target[2] as f32;
    let cr = 0.5 * target[0] as f32 - 0.418_688 * target[1] as f32 - 0.081_312 * target[2] as f32;
    let mut out = image.clone();
    for (p, &m) in out.pixels_mut().zip(inside) {
        if !m {
            continue;
        }
        let y = ty + (luma([p.0[0], p.0[1], p.0[2]]) - mean);
        let r = y + 1.402 * cr;
        let g = y - 0.344_136 * cb - 0.714_136 * cr;
        let b = y + 1.772 * cb;
        let [r, g, b] = [r, g, b].map(|v| v.round().clamp(0.0, 255.0) as u8);
        p.0 = [r, g, b, p.0[3]];
    }
    out
}

/// Weight 0..=1 per pixel: 0 outside the mask, rising to 1 over a few pixels inward from its
/// edge, so the change fades in without touching anything outside.
fn feather(inside: &[bool], w: usize, h: usize) -> Vec<f32> {
    let width = (w.min(h) as f32 / 200.0).max(2.0);
    // Two-pass chamfer distance (steps of 1 and √2) to the nearest pixel outside the mask.
    let far = f32::MAX / 4.0;
    let mut d: Vec<f32> = inside.iter().map(|&m| if m { far } else { 0.0 }).collect();
    let diag = std::f32::consts::SQRT_2;
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if d[i] == 0.0 {
                continue;
            }
            let mut v = d[i];
            if x > 0 {
                v = v.min(d[i - 1] + 1.0);
            }
            if y > 0 {
                v = v.min(d[i - w] + 1.0);
                if x > 0 {
                    v = v.min(d[i - w - 1] + diag);
                }
                if x + 1 < w {
                    v = v.min(d[i - w + 1] + diag);
                }
            }
            d[i] = v;
        }
    }
    for y in (0..h).rev() {
        for x in (0..w).rev() {
            let i = y * w + x;
            if d[i] == 0.0 {
                continue;
            }
            let mut v = d[i];
            if x + 1 < w {
                v = v.min(d[i + 1] + 1.0);
            }
            if y + 1 < h {
                v = v.min(d[i + w] + 1.0);
                if x + 1 < w {
                    v = v.min(d[i + w + 1] + diag);
                }
                if x > 0 {
                    v = v.min(d[i + w - 1] + diag);
                }
            }
            d[i] = v;
        }
    }
    d.iter().map(|&v| (v / width).min(1.0)).collect()
}

/// `image = image·(1−weight) + edited·weight`, RGB only; weight 0 leaves a pixel untouched.
fn blend_inside(image: &mut RgbaImage, edited: &RgbaImage, weight: &[f32]) {
    for ((p, e), &t) in image.pixels_mut().zip(edited.pixels()).zip(weight) {
        if t <= 0.0 {
            continue;
        }
        for c in 0..3 {
            p.0[c] = (p.0[c] as f32 + (e.0[c] as f32 - p.0[c] as f32) * t).round() as u8;
        }
    }
}
