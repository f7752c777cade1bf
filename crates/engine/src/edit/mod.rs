//! Mask edits: the user paints a mask over an image and says what to do there. Pixels
//! outside the mask are returned bit for bit; soft transitions (feathering) happen only
//! inside the mask.
//!
//! Nothing is pasted: a fill is built from the picture's own texture and meets it without a
//! seam (over tiles or bricks it continues their pattern), a replacement backdrop is blended
//! in seamlessly (its difference from the picture along the mask's edge is spread smoothly
//! inside, as in Poisson cloning), a new material is laid in the picture's perspective and
//! light, a new object is drawn at the size of the painted area with the picture's light,
//! shadow and grain over the picture as it is (over a fill only when it replaces what was
//! painted), and a new colour goes to the object under the brush
//! rather than to the brush's whole rectangle. An instruction the engine has no edit for is
//! refused before anything is drawn.
//!
//! Kept whole: the edit pipeline (mask, op, place, blend) reads best in one file.

pub(crate) mod inpaint;
mod instruction;
mod material;
mod pattern;
mod place;

use domain::generation::{ColorPalette, Lighting, Quality};
use image::{GrayImage, RgbaImage};

pub use instruction::{parse_instruction, EditOp, Material, MaterialKind, Unsupported, CAN_DO};

use crate::scene::props::PropKind;
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
    let op = parse_instruction(instruction)
        .map_err(|unsupported| EngineError::InvalidInput(unsupported.to_string()))?;
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
    crate::codec::check_decoding_cost(mask_png)?;
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

/// Whether `op` can be carried out under `mask`. Removing, recolouring and replacing a thing
/// with another rebuild what is under the brush from the rest of the picture, so they need
/// some of it left outside the mask; the other edits work on any mask.
pub fn mask_leaves_enough(mask: &GrayImage, op: EditOp) -> bool {
    match op {
        EditOp::Remove
        | EditOp::Recolour { .. }
        | EditOp::Place {
            replacing: true, ..
        } => {
            let hole: Vec<bool> = mask.pixels().map(|p| p.0[0] != 0).collect();
            inpaint::can_fill(mask.width() as usize, mask.height() as usize, &hole)
        }
        EditOp::Brightness { .. }
        | EditOp::Blur { .. }
        | EditOp::Background { .. }
        | EditOp::Material { .. }
        | EditOp::Place {
            replacing: false, ..
        } => true,
    }
}

/// Why `op` would not come out well under `mask`, in words the seller can act on; `None`
/// when it would. A placed object covers most of the painted area's box (at least half of
/// its longer side and of its area) while staying inside the painted shape, so one small
/// thing in a large or long area, or a stack in an area far taller than a stack stands, is
/// refused before anything is drawn or charged.
pub fn placement_refusal(mask: &GrayImage, op: EditOp) -> Option<&'static str> {
    let EditOp::Place { prop, count, .. } = op else {
        return None;
    };
    let inside: Vec<bool> = mask.pixels().map(|p| p.0[0] != 0).collect();
    if place::fills(&inside, mask.width(), mask.height(), prop, count) {
        return None;
    }
    // One thing of its own shape (a cup, a candle, a slice): only a long area is too
    // large for it, and several of it would fill that.
    let one = count <= 1
        && matches!(
            prop,
            PropKind::Candles(1)
                | PropKind::Cup
                | PropKind::Plant
                | PropKind::Vase { .. }
                | PropKind::DriedFlowers
                | PropKind::FruitSlices(_)
                | PropKind::WholeFruit(_)
        );
    let (mut top, mut bottom, mut left, mut right) = (u32::MAX, 0, u32::MAX, 0);
    for (x, y, _) in mask.enumerate_pixels().filter(|(_, _, p)| p.0[0] != 0) {
        (top, bottom, left, right) = (top.min(y), bottom.max(y), left.min(x), right.max(x));
    }
    let tall = bottom.saturating_sub(top) > right.saturating_sub(left);
    Some(if one {
        "That area is large for a single small object — paint a smaller area or ask for several."
    } else if tall && matches!(prop, PropKind::Books | PropKind::Towels(_)) {
        "A stack stands far lower than that area is tall — paint a lower, wider area, or ask for something taller such as a vase of flowers."
    } else {
        "That area's shape does not suit what you asked to place — paint an area closer to its shape, or a smaller one."
    })
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
            let filled = remove(image, &inside, seed, progress)?;
            let weight = feather_over(&inside, w, h, REMOVAL_FEATHER);
            blend_inside(image, &filled, &weight);
        }
        EditOp::Material { material } => {
            progress.report("laying the material", 0.0)?;
            let covered = material::cover(image, &inside, material, seed);
            blend_inside(image, &covered, &feather(&inside, w, h));
        }
        EditOp::Recolour { rgb } => {
            // What is under the brush without the object: the object is what differs.
            let behind = fill_with(
                image,
                &inside,
                seed,
                false,
                &mut SubProgress::new(progress, 0.0, 0.8),
            )?;
            progress.report("recolouring", 0.8)?;
            let object = objectness(image, &behind, &inside);
            let recoloured = recolour(image, &object, rgb);
            let weight: Vec<f32> = feather(&inside, w, h)
                .iter()
                .zip(&object)
                .map(|(f, o)| f * o)
                .collect();
            blend_inside(image, &recoloured, &weight);
        }
        EditOp::Place {
            prop,
            replacing,
            count,
        } => {
            // The seller painted where the new thing goes, not what should vanish: the scene
            // stays as it is around it (and the product under the brush stays the product)
            // unless the instruction replaces what was there.
            let behind = if replacing {
                remove(
                    image,
                    &inside,
                    seed,
                    &mut SubProgress::new(progress, 0.0, 0.85),
                )?
            } else {
                image.clone()
            };
            progress.report("drawing", 0.85)?;
            let placed = place::place(image, &behind, &inside, prop, count, seed);
            // The prop fades out before the brush's edge by itself; a wide feather would
            // blend a replaced thing's rim back in, as for a removal.
            let weight = feather_over(&inside, w, h, REMOVAL_FEATHER);
            blend_inside(image, &placed, &weight);
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
            let scene = seamless(image, &scene, &inside);
            blend_inside(image, &scene, &feather(&inside, w, h));
        }
    }
    progress.report("edited", 1.0)?;
    Ok(())
}

/// New colour with the old shading: the target colour's luma plus each pixel's deviation
/// from the object's mean luma, and the target's chroma (YCbCr, BT.601). `weight` says how
/// much each pixel belongs to the object (the mean is taken over the object).
fn recolour(image: &RgbaImage, weight: &[f32], target: [u8; 3]) -> RgbaImage {
    let luma = |p: [u8; 3]| 0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32;
    let (sum, count) = image.pixels().zip(weight).filter(|(_, &m)| m > 0.0).fold(
        (0.0f64, 0f64),
        |(s, n), (p, &m)| {
            (
                s + (m * luma([p.0[0], p.0[1], p.0[2]])) as f64,
                n + m as f64,
            )
        },
    );
    let mean = (sum / count.max(1e-6)) as f32;
    let ty = luma(target);
    let cb = -0.168_736 * target[0] as f32 - 0.331_264 * target[1] as f32 + 0.5 * target[2] as f32;
    let cr = 0.5 * target[0] as f32 - 0.418_688 * target[1] as f32 - 0.081_312 * target[2] as f32;
    let mut out = image.clone();
    for (p, &m) in out.pixels_mut().zip(weight) {
        if m <= 0.0 {
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

/// What was behind the masked object: over a repeating surface, the surface's pattern
/// continued period by period; otherwise a PatchMatch fill. Neither copies a colour that is
/// rare around the mask (the product, other objects).
fn remove(
    image: &RgbaImage,
    inside: &[bool],
    seed: u64,
    progress: &mut dyn Progress,
) -> Result<RgbaImage, EngineError> {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let mut rgb: Vec<u8> = image
        .pixels()
        .flat_map(|p| [p.0[0], p.0[1], p.0[2]])
        .collect();
    let avoid = pattern::foreign_colours(&rgb, w, h, inside);
    let period = pattern::detect(&rgb, w, h, inside, &avoid);
    progress.report("finding the pattern", 0.1)?;
    if pattern::fill(&mut rgb, w, h, inside, &avoid, period) {
        progress.report("continuing the pattern", 0.6)?;
        let mut out = image.clone();
        for (px, rgb) in out.pixels_mut().zip(rgb.chunks_exact(3)) {
            px.0 = [rgb[0], rgb[1], rgb[2], px.0[3]];
        }
        return Ok(out);
    }
    fill_avoiding(image, inside, &avoid, seed, true, progress)
}

/// The masked area filled from the rest of the picture (PatchMatch), with or without the
/// surroundings' grain (an estimate of what is behind an object is better smooth: the
/// object is what differs from it); outside unchanged.
fn fill_with(
    image: &RgbaImage,
    inside: &[bool],
    seed: u64,
    grain: bool,
    progress: &mut dyn Progress,
) -> Result<RgbaImage, EngineError> {
    fill_avoiding(
        image,
        inside,
        &vec![false; inside.len()],
        seed,
        grain,
        progress,
    )
}

/// [`fill_with`], copying nothing from the `avoid` pixels.
fn fill_avoiding(
    image: &RgbaImage,
    inside: &[bool],
    avoid: &[bool],
    seed: u64,
    grain: bool,
    progress: &mut dyn Progress,
) -> Result<RgbaImage, EngineError> {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let mut rgb: Vec<u8> = image
        .pixels()
        .flat_map(|p| [p.0[0], p.0[1], p.0[2]])
        .collect();
    inpaint::inpaint_avoiding(&mut rgb, w, h, inside, avoid, seed, progress)?;
    let mut out = image.clone();
    for (px, rgb) in out.pixels_mut().zip(rgb.chunks_exact(3)) {
        px.0 = [rgb[0], rgb[1], rgb[2], px.0[3]];
    }
    if grain {
        regrain(image, &mut out, inside, seed);
    }
    Ok(out)
}

/// The fill's fine detail replaced by the surroundings' own: the fill keeps its broad
/// colour and shading, and takes its grain and speckle (the difference between a pixel and
/// its 5×5 average) block by block from nearby unmasked blocks of the picture. A fill of
/// averaged patches is otherwise smoother than the surface it stands for.
fn regrain(image: &RgbaImage, filled: &mut RgbaImage, inside: &[bool], seed: u64) {
    use crate::scene::noise::Rng;
    const B: i64 = 16;
    let (w, h) = (image.width() as i64, image.height() as i64);
    let detail = |img: &RgbaImage| -> Vec<[f32; 3]> {
        let mut planes: Vec<Vec<f32>> = (0..3)
            .map(|c| img.pixels().map(|p| p[c] as f32).collect())
            .collect();
        let raw: Vec<Vec<f32>> = planes.clone();
        for plane in planes.iter_mut() {
            crate::scene::raster::box_blur(plane, w as usize, h as usize, 2, 1);
        }
        (0..(w * h) as usize)
            .map(|i| std::array::from_fn(|c| raw[c][i] - planes[c][i]))
            .collect()
    };
    let source = detail(image);
    let own = detail(filled);
    // A block to take grain from is wholly outside the mask and holds no edge (the
    // product's outline copied in would show as streaks).
    let clear = |x0: i64, y0: i64| -> bool {
        x0 >= 0
            && y0 >= 0
            && x0 + B <= w
            && y0 + B <= h
            && (y0..y0 + B).all(|y| {
                (x0..x0 + B).all(|x| {
                    let i = (y * w + x) as usize;
                    !inside[i] && source[i].iter().all(|d| d.abs() <= 20.0)
                })
            })
    };
    let mut rng = Rng::new(seed ^ 0x6EA1);
    let mut by = 0;
    while by < h {
        let mut bx = 0;
        while bx < w {
            let any = (by..(by + B).min(h))
                .any(|y| (bx..(bx + B).min(w)).any(|x| inside[(y * w + x) as usize]));
            if any {
                // The nearest clear block found among random tries at growing distance.
                let mut from = None;
                for reach in [2, 4, 8, 16] {
                    for _ in 0..12 {
                        let (dx, dy) = (
                            (rng.range(-1.0, 1.0) * (reach * B) as f32) as i64,
                            (rng.range(-1.0, 1.0) * (reach * B) as f32) as i64,
                        );
                        if clear(bx + dx, by + dy) {
                            from = Some((dx, dy));
                            break;
                        }
                    }
                    if from.is_some() {
                        break;
                    }
                }
                if let Some((dx, dy)) = from {
                    for y in by..(by + B).min(h) {
                        for x in bx..(bx + B).min(w) {
                            let i = (y * w + x) as usize;
                            if !inside[i] {
                                continue;
                            }
                            let j = ((y + dy) * w + x + dx) as usize;
                            let p = filled.get_pixel_mut(x as u32, y as u32);
                            for c in 0..3 {
                                let v = p[c] as f32 - own[i][c] + source[j][c];
                                p[c] = v.round().clamp(0.0, 255.0) as u8;
                            }
                        }
                    }
                }
            }
            bx += B;
        }
        by += B;
    }
}

/// 0..1 per pixel: how much a masked pixel belongs to an object standing out from what is
/// behind it (`behind`, the fill). When nearly all or nearly none of the mask stands out,
/// the brush was the object's outline itself (a wall, a whole area): all of it counts.
fn objectness(image: &RgbaImage, behind: &RgbaImage, inside: &[bool]) -> Vec<f32> {
    let d: Vec<f32> = image
        .pixels()
        .zip(behind.pixels())
        .zip(inside)
        .map(|((p, q), &m)| {
            if !m {
                return 0.0;
            }
            let dist = (0..3)
                .map(|c| (p[c] as f32 - q[c] as f32).powi(2))
                .sum::<f32>()
                .sqrt();
            ((dist - 18.0) / 30.0).clamp(0.0, 1.0)
        })
        .collect();
    let masked = inside.iter().filter(|m| **m).count().max(1) as f32;
    let share = d.iter().sum::<f32>() / masked;
    if (0.08..0.92).contains(&share) {
        d
    } else {
        inside.iter().map(|&m| if m { 1.0 } else { 0.0 }).collect()
    }
}

/// `replacement` inside the mask, shifted by a smooth membrane so it meets `image` at the
/// mask's edge: the difference along the edge is interpolated inside (a harmonic-like fill
/// by push-pull), so the replacement keeps its texture and loses its seam.
fn seamless(image: &RgbaImage, replacement: &RgbaImage, inside: &[bool]) -> RgbaImage {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let mut offset = vec![[0f32; 3]; w * h];
    let mut weight = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if !inside[i] {
                continue;
            }
            let edge = [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ]
            .iter()
            .any(|&(nx, ny)| nx < w && ny < h && !inside[ny * w + nx]);
            if edge {
                let (p, q) = (
                    image.get_pixel(x as u32, y as u32),
                    replacement.get_pixel(x as u32, y as u32),
                );
                offset[i] = std::array::from_fn(|c| p[c] as f32 - q[c] as f32);
                weight[i] = 1.0;
            }
        }
    }
    let membrane = inpaint::push_pull(offset, weight, w, h);
    let mut out = replacement.clone();
    for ((p, m), &k) in out.pixels_mut().zip(&membrane).zip(inside) {
        if k {
            for c in 0..3 {
                p[c] = (p[c] as f32 + m[c]).round().clamp(0.0, 255.0) as u8;
            }
        }
    }
    out
}

/// Pixel indices outside the mask within `reach` pixels of it (a square neighbourhood).
fn ring(inside: &[bool], w: usize, h: usize, reach: usize) -> Vec<usize> {
    let mut near = vec![false; w * h];
    for y in 0..h {
        for x in 0..w {
            if !inside[y * w + x] {
                continue;
            }
            // Only edge pixels spread, which keeps this linear in the mask's perimeter.
            let edge = x == 0
                || y == 0
                || x + 1 == w
                || y + 1 == h
                || !inside[y * w + x - 1]
                || !inside[y * w + x + 1]
                || !inside[(y - 1) * w + x]
                || !inside[(y + 1) * w + x];
            if !edge {
                continue;
            }
            for ny in y.saturating_sub(reach)..(y + reach + 1).min(h) {
                for nx in x.saturating_sub(reach)..(x + reach + 1).min(w) {
                    near[ny * w + nx] = true;
                }
            }
        }
    }
    (0..w * h).filter(|&i| near[i] && !inside[i]).collect()
}

/// The feather of a removal, in pixels: narrow, since a wide one would blend the removed
/// object's rim back in; the fill already matches the surroundings at the boundary.
const REMOVAL_FEATHER: f32 = 2.5;

/// Weight 0..=1 per pixel: 0 outside the mask, rising to 1 over a few pixels inward from its
/// edge, so the change fades in without touching anything outside.
fn feather(inside: &[bool], w: usize, h: usize) -> Vec<f32> {
    feather_over(inside, w, h, (w.min(h) as f32 / 60.0).max(4.0))
}

/// [`feather`] over `width` pixels.
fn feather_over(inside: &[bool], w: usize, h: usize, width: f32) -> Vec<f32> {
    distance_inside(inside, w, h)
        .iter()
        .map(|&v| {
            let t = (v / width).min(1.0);
            t * t * (3.0 - 2.0 * t)
        })
        .collect()
}

/// Per pixel, the distance to the nearest pixel outside the mask (0 outside): a two-pass
/// chamfer transform with steps of 1 and √2.
fn distance_inside(inside: &[bool], w: usize, h: usize) -> Vec<f32> {
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
    // Pixels touching the image's edge count as one step from outside.
    d.iter().map(|&v| v.min(far)).collect()
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fill_needs_some_of_the_picture_outside_the_mask() {
        let whole = GrayImage::from_pixel(64, 64, image::Luma([255]));
        let mut spot = GrayImage::new(64, 64);
        spot.put_pixel(32, 32, image::Luma([255]));
        assert!(!mask_leaves_enough(&whole, EditOp::Remove));
        assert!(!mask_leaves_enough(
            &whole,
            EditOp::Recolour { rgb: [0, 0, 255] }
        ));
        assert!(mask_leaves_enough(&spot, EditOp::Remove));
        assert!(mask_leaves_enough(&whole, EditOp::Blur { strength: 1.0 }));
        let candle = crate::scene::props::PropKind::Candle;
        assert!(mask_leaves_enough(
            &whole,
            EditOp::Place {
                prop: candle,
                replacing: false,
                count: 1,
            }
        ));
        assert!(!mask_leaves_enough(
            &whole,
            EditOp::Place {
                prop: candle,
                replacing: true,
                count: 1,
            }
        ));
    }
}
