//! Extending a picture to another ratio with a generative image model: the picture, kept
//! whole, sits in the frame; the model is asked to paint only the margins (an edit whose
//! mask is opaque over the picture); the picture's own pixels are laid back over its
//! answer, so the product in it stays exactly as it was. Without a model, or when it fails,
//! the picture's own background is extended, blurred; each file says which was done.

use fast_image_resize::FilterType;
use image::{Rgba, RgbaImage};

use super::compose::{self, Fit};
use super::{Check, Placement};
use crate::codec;
use crate::scene::raster::resize_rgba;

/// The longest side of the canvas the model is sent: image models paint at about this size.
pub const MODEL_SIDE: u32 = 1536;

/// The name of the check that says how a picture's margins were made.
pub const RULE: &str = "extension";

/// A generative image model that paints margins; called from the export's worker threads.
pub trait Outpainter: Sync {
    /// Paints the transparent part of `mask` on `canvas` (PNGs of one size); the answer as
    /// image bytes of any size, or why it could not.
    fn paint(&self, canvas_png: &[u8], mask_png: &[u8]) -> Result<Vec<u8>, String>;
    /// Who paints, as the file's checks name it.
    fn name(&self) -> &str;
}

/// What the model is sent for one frame.
#[derive(Debug, Clone)]
pub struct Staged {
    /// The frame at the model's size: the picture with its blurred extension as a start.
    pub canvas: RgbaImage,
    /// Opaque over the picture, fully transparent over the margins the model paints.
    pub mask: RgbaImage,
    /// The blurred extension at the frame's size (the fallback).
    pub blurred: RgbaImage,
    /// Where the picture goes in the frame.
    pub fit: Fit,
}

/// The canvas and mask for extending `source` to `width`×`height` (see [`compose::fit`]).
pub fn stage(
    source: &RgbaImage,
    product: Option<Placement>,
    width: u32,
    height: u32,
    keep_safe: bool,
) -> Staged {
    let fit = compose::fit(source, product, width, height, keep_safe);
    let (blurred, _) = compose::extend(source, product, width, height, keep_safe);
    let k = (MODEL_SIDE as f32 / width.max(height) as f32).min(1.0);
    let (cw, ch) = (
        ((width as f32 * k).round() as u32).max(1),
        ((height as f32 * k).round() as u32).max(1),
    );
    let canvas = if (cw, ch) == (width, height) {
        blurred.clone()
    } else {
        resize_rgba(&blurred, cw, ch, FilterType::Lanczos3, false)
    };
    let edge = |v: u32| (v as f32 * k).round() as u32;
    let (x0, y0) = (edge(fit.x), edge(fit.y));
    let (x1, y1) = (edge(fit.x + fit.width), edge(fit.y + fit.height));
    let mask = RgbaImage::from_fn(cw, ch, |x, y| {
        let picture = x >= x0 && x < x1 && y >= y0 && y < y1;
        Rgba([0, 0, 0, if picture { 255 } else { 0 }])
    });
    Staged {
        canvas,
        mask,
        blurred,
        fit,
    }
}

/// The model's answer scaled to the frame with `source`, scaled into its place as the
/// blurred extension has it, laid back over it.
pub fn finish(staged: &Staged, source: &RgbaImage, answer: &RgbaImage) -> RgbaImage {
    let (w, h) = staged.blurred.dimensions();
    let mut out = if answer.dimensions() == (w, h) {
        answer.clone()
    } else {
        resize_rgba(answer, w, h, FilterType::Lanczos3, false)
    };
    for p in out.pixels_mut() {
        p[3] = 255;
    }
    let fit = staged.fit;
    let scaled = resize_rgba(source, fit.width, fit.height, FilterType::Lanczos3, false);
    image::imageops::replace(&mut out, &scaled, i64::from(fit.x), i64::from(fit.y));
    out
}

/// `source` extended to `width`×`height`, the margins painted by `painter` when there is
/// one and it answers, else blurred from the picture's own background; with the check that
/// says which (`None` when the picture fills the frame and nothing was extended).
pub fn extend(
    source: &RgbaImage,
    product: Option<Placement>,
    width: u32,
    height: u32,
    keep_safe: bool,
    painter: Option<&dyn Outpainter>,
) -> (RgbaImage, Option<Placement>, Option<Check>) {
    let staged = stage(source, product, width, height, keep_safe);
    let fit = staged.fit;
    if (fit.x, fit.y, fit.width, fit.height) == (0, 0, width, height) {
        return (staged.blurred, fit.product, None);
    }
    let blurred = |detail: String| Check {
        rule: RULE,
        ok: true,
        detail,
    };
    let Some(painter) = painter else {
        let note = blurred("The margins continue the picture's own background, blurred.".into());
        return (staged.blurred, fit.product, Some(note));
    };
    match paint(&staged, source, painter) {
        Ok(image) => {
            let note = Check {
                rule: RULE,
                ok: true,
                detail: format!(
                    "The margins were painted by {} around the picture, which is unchanged.",
                    painter.name()
                ),
            };
            (image, fit.product, Some(note))
        }
        // Why goes to the painter's log; the file says only that the fallback was used.
        Err(_) => {
            let note = blurred(format!(
                "The margins continue the picture's own background, blurred: {} could not \
                 paint them.",
                painter.name()
            ));
            (staged.blurred, fit.product, Some(note))
        }
    }
}

fn paint(
    staged: &Staged,
    source: &RgbaImage,
    painter: &dyn Outpainter,
) -> Result<RgbaImage, String> {
    let canvas = codec::encode_png(&staged.canvas).map_err(|e| e.to_string())?;
    let mask = codec::encode_png(&staged.mask).map_err(|e| e.to_string())?;
    let answer = painter.paint(&canvas, &mask)?;
    let answer = codec::decode(&answer, codec::MAX_DIMENSION).map_err(|e| e.to_string())?;
    Ok(finish(staged, source, &answer))
}
