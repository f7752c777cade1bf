//! Product segmentation: which pixels of a seller's photo are the product.
//!
//! [`segment`] answers a full-size soft mask (255 product, 0 background) and how far it can be
//! trusted. The seller's corrections — a box around the product, strokes over parts to keep
//! and parts to remove — are hard constraints of the solve: a pixel under a keep stroke is
//! product, one under a remove stroke or outside the box is background, whatever the colours
//! say.

use image::{GrayImage, Luma, RgbaImage};

use crate::{EngineError, Progress};

/// A seller's corrections, in photo pixels.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Hints {
    /// The product lies inside this box: x0, y0, x1, y1 (x1 > x0, y1 > y0).
    pub rect: Option<[f32; 4]>,
    /// Strokes painted over parts of the product.
    pub keep: Vec<Vec<[f32; 2]>>,
    /// Strokes painted over background the cutout took.
    pub remove: Vec<Vec<[f32; 2]>>,
    /// The brush's diameter in photo pixels.
    pub brush_px: f32,
}

impl Hints {
    /// Whether the seller gave any correction.
    pub fn is_empty(&self) -> bool {
        self.rect.is_none() && self.keep.is_empty() && self.remove.is_empty()
    }
}

/// The product's mask over the whole photo.
#[derive(Debug, Clone)]
pub struct Segmentation {
    /// The photo's size; 255 product, 0 background, values between on the soft edge.
    pub mask: GrayImage,
    /// How far the mask can be trusted, 0..=1 (see [`crate::cutout::Cutout::confidence`]).
    pub confidence: f32,
}

/// Separates the product in `photo`, honouring the seller's `hints`. Stages: "segment".
pub fn segment(
    photo: &RgbaImage,
    hints: &Hints,
    progress: &mut dyn Progress,
) -> Result<Segmentation, EngineError> {
    let (w, h) = photo.dimensions();
    let cut = crate::cutout::cut_out(photo, progress)?;
    let (x0, y0, _, _) = cut.rect;
    let mut mask = GrayImage::new(w, h);
    for (x, y, p) in cut.image.enumerate_pixels() {
        mask.put_pixel(x + x0, y + y0, Luma([p[3]]));
    }
    if let Some([bx0, by0, bx1, by1]) = hints.rect {
        for (x, y, p) in mask.enumerate_pixels_mut() {
            let (fx, fy) = (x as f32 + 0.5, y as f32 + 0.5);
            if fx < bx0 || fx > bx1 || fy < by0 || fy > by1 {
                p[0] = 0;
            }
        }
    }
    let radius = (hints.brush_px / 2.0).max(0.5);
    for (strokes, value) in [(&hints.keep, 255u8), (&hints.remove, 0u8)] {
        for stroke in strokes {
            for seg in stroke
                .windows(2)
                .chain(stroke.iter().take(1).map(std::slice::from_ref))
            {
                let (a, b) = (seg[0], *seg.last().unwrap_or(&seg[0]));
                let steps =
                    ((b[0] - a[0]).hypot(b[1] - a[1]) / radius.max(1.0)).ceil() as usize + 1;
                for s in 0..=steps {
                    let t = s as f32 / steps as f32;
                    let (cx, cy) = (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
                    let (lx, ly) = ((cx - radius).max(0.0) as u32, (cy - radius).max(0.0) as u32);
                    let (hx, hy) = (
                        ((cx + radius) as u32).min(w - 1),
                        ((cy + radius) as u32).min(h - 1),
                    );
                    for y in ly..=hy {
                        for x in lx..=hx {
                            if (x as f32 + 0.5 - cx).hypot(y as f32 + 0.5 - cy) <= radius {
                                mask.put_pixel(x, y, Luma([value]));
                            }
                        }
                    }
                }
            }
        }
    }
    let confidence = if hints.is_empty() {
        cut.confidence
    } else {
        cut.confidence.max(0.9)
    };
    Ok(Segmentation { mask, confidence })
}

/// The photo with the mask as its alpha: what every engine takes as the product photo once a
/// cutout is stored, so scenes, exports and videos use exactly that cutout.
pub fn with_mask(photo: &RgbaImage, mask: &GrayImage) -> Result<RgbaImage, EngineError> {
    if photo.dimensions() != mask.dimensions() {
        return Err(EngineError::InvalidInput(format!(
            "the cutout mask is {}x{}; the photo is {}x{}",
            mask.width(),
            mask.height(),
            photo.width(),
            photo.height()
        )));
    }
    let mut out = photo.clone();
    for (p, m) in out.pixels_mut().zip(mask.pixels()) {
        p[3] = m[0];
    }
    Ok(out)
}
