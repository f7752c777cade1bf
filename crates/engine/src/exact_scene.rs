//! AI scenes with the exact product: the studio places the seller's cutout on the canvas, a
//! generative image model paints everything around it, and the seller's own product pixels
//! go back over the model's answer. Everything here is pure computation; the model call
//! belongs to the caller.
//!
//! Order of work: [`prepare`] cuts the product out, places it by the scene's composition and
//! encodes what the model is sent (the canvas and a mask in the provider's convention:
//! transparent where the model may paint, opaque over the product) with the words that keep
//! the painted scene consistent with the placed product; [`finish`] scales the answer to the
//! canvas, replaces the model's redraw of the product with the surroundings it painted,
//! darkens a contact shadow under the product and lays the product back on top.

use fast_image_resize::FilterType;
use image::{GrayImage, Luma, Rgba, RgbaImage};

use crate::cutout::{self, Cutout};
use crate::prompt::Setting;
use crate::scene::layout::{Layout, Rect};
use crate::scene::raster::{box_blur, resize_rgba};
use crate::scene::{self, SceneSpec};
use crate::{codec, EngineError, Progress, SubProgress};
use domain::Composition;

/// A matte at or above this is product: the mask protects it and the model may not paint it.
pub const PROTECT_ALPHA: u8 = 128;

/// Below this cutout confidence the product's outline was not found cleanly: the result may
/// show bits of the photo's backdrop along it, so the seller is told and offered a redraw.
pub const POOR_CUTOUT: f32 = crate::segment::DOUBTFUL;

/// The ground the placed product stands on in the canvas the model is sent; the model paints
/// it over, so a neutral grey biases the scene least.
const GROUND: [u8; 3] = [128, 128, 128];

/// The product placed on the canvas, ready for the model.
#[derive(Debug, Clone)]
pub struct Staged {
    /// Sent to the model: the product at its place on a plain ground, opaque.
    pub canvas: RgbaImage,
    /// The provider's mask: fully transparent where the model may paint, opaque over the
    /// product.
    pub mask: RgbaImage,
    /// The product alone at its place, canvas-sized, straight alpha: laid over the answer.
    pub product: RgbaImage,
    /// Where the product sits.
    pub placement: Rect,
    /// Seen from directly above (a flat lay): a drop shadow instead of a contact shadow.
    pub top_down: bool,
    /// -1: the light comes from the left; +1: from the right.
    pub light_side: f32,
    /// The product stands on a glossy surface (marble, glass, water…), which mirrors it.
    pub glossy: bool,
    /// Words that keep the painted scene consistent with the placed product.
    pub hints: String,
}

/// What [`prepare`] hands the caller for the model call.
#[derive(Debug, Clone)]
pub struct Prepared {
    pub staged: Staged,
    /// The canvas as PNG, for the edit call's image.
    pub canvas_png: Vec<u8>,
    /// The mask as PNG, same size.
    pub mask_png: Vec<u8>,
    /// How cleanly the product came out of its photo (see [`Cutout::confidence`]).
    pub confidence: f32,
    /// What the picture will show, in words (alt text).
    pub description: String,
}

/// Places `cutout` on a canvas of `spec`'s size at its composition's position and scale.
pub fn stage(cutout: &Cutout, spec: &SceneSpec) -> Staged {
    let (w, h) = (spec.width.max(1), spec.height.max(1));
    let source = &cutout.image;
    let scene::Plan { light, layout } = scene::plan(spec, source.width(), source.height());
    let product = place(source, layout.product, w, h);
    let mut canvas = RgbaImage::from_pixel(w, h, Rgba([GROUND[0], GROUND[1], GROUND[2], 255]));
    scene::over(&mut canvas, &product);
    let mask = RgbaImage::from_fn(w, h, |x, y| {
        let protect = product.get_pixel(x, y)[3] >= PROTECT_ALPHA;
        Rgba([0, 0, 0, if protect { 255 } else { 0 }])
    });
    let glossy = !layout.top_down && glossy_setting(spec.setting);
    Staged {
        hints: hints(spec, &layout, light.side, glossy),
        canvas,
        mask,
        product,
        placement: layout.product,
        top_down: layout.top_down,
        light_side: light.side,
        glossy,
    }
}

/// Said to the model of a glossy surface.
const GLOSSY_HINT: &str = " The surface is glossy and mirrors the product faintly beneath it.";

/// Has the product stand on a glossy surface (the brief asked for one), said to the model
/// too; a flat lay, seen from above, mirrors nothing.
pub fn make_glossy(staged: &mut Staged) {
    if staged.top_down || staged.glossy {
        return;
    }
    staged.glossy = true;
    staged.hints.push_str(GLOSSY_HINT);
}

/// Settings whose surface mirrors what stands on it.
fn glossy_setting(setting: Setting) -> bool {
    matches!(
        setting,
        Setting::Marble | Setting::Cafe | Setting::Vanity | Setting::Tray
    )
}

/// Words of a brief that ask for a surface that mirrors the product.
pub fn sounds_glossy(brief: &str) -> bool {
    const GLOSSY: &[&str] = &[
        "marble",
        "glass",
        "glossy",
        "gloss",
        "mirror",
        "mirrored",
        "water",
        "polished",
        "lacquer",
        "lacquered",
        "acrylic",
        "reflective",
        "reflection",
        "chrome",
        "wet",
    ];
    let brief = brief.to_lowercase();
    let matte = brief.contains("matte") || brief.contains("matt ");
    !matte
        && brief
            .split(|c: char| !c.is_alphanumeric())
            .any(|word| GLOSSY.contains(&word))
}

/// What the model is told besides the brief: where the product stands, on what, where the
/// light comes from and where its shadow falls, and that the product is not to be redrawn.
fn hints(spec: &SceneSpec, layout: &Layout, light_side: f32, glossy: bool) -> String {
    let from = if light_side < 0.0 { "left" } else { "right" };
    let away = if light_side < 0.0 { "right" } else { "left" };
    let surface = spec.setting.describe();
    let framing = match (layout.top_down, spec.composition) {
        (true, _) => "A flat lay seen from directly above".to_owned(),
        (false, Composition::DetailCloseup) => "A close-up with a shallow depth of field".into(),
        (false, Composition::LifestyleContext) => {
            "A lifestyle photograph with the product to one side".into()
        }
        (false, Composition::ArtisticComposition) => {
            "An artistic product photograph with the product on a low podium".into()
        }
        (false, Composition::ProductHero) => "A hero product photograph".into(),
    };
    let placement = if layout.top_down {
        format!("The product lies flat {surface}")
    } else {
        format!("The product stands {surface}, its base resting on the surface")
    };
    let surface = if glossy { GLOSSY_HINT } else { "" };
    format!(
        "{framing}. {placement}. The key light comes from the {from}, so the product casts a soft \
         shadow to the {away} on the surface beneath it.{surface} Keep the protected product \
         exactly as it is and paint only the scene around it, in the same perspective and light; \
         do not add another copy of the product."
    )
}

/// Cuts the product out of `photo`, places it as `spec` composes the scene and encodes the
/// canvas and mask the model is sent. Fails when no product is found in the photo.
/// Stages: "cutout", "staging".
pub fn prepare(
    photo: &RgbaImage,
    spec: &SceneSpec,
    progress: &mut dyn Progress,
) -> Result<Prepared, EngineError> {
    let cut = cutout::cut_out(photo, &mut SubProgress::new(progress, 0.0, 0.7))?;
    progress.report("staging", 0.7)?;
    let staged = stage(&cut, spec);
    let canvas_png = codec::encode_png(&staged.canvas)?;
    let mask_png = codec::encode_png(&staged.mask)?;
    progress.report("staging", 1.0)?;
    Ok(Prepared {
        staged,
        canvas_png,
        mask_png,
        confidence: cut.confidence,
        description: spec.describe(None),
    })
}

/// The model's answer (any size, any format `image` reads) with the seller's product laid
/// back over it, encoded as PNG at the canvas's size.
pub fn finish(staged: &Staged, answer: &[u8]) -> Result<Vec<u8>, EngineError> {
    let answer = codec::decode(answer, codec::MAX_DIMENSION)?;
    codec::encode_png(&composite(staged, &answer))
}

/// The model's answer scaled to the canvas, the product back on top of it.
///
/// Under the product's soft edge the answer shows the model's own redraw of the product,
/// which would mix into the edge as a ring of the wrong colour; there the surroundings the
/// model painted are carried in first, so the edge blends the seller's product with the
/// scene, as a photograph's would.
pub fn composite(staged: &Staged, answer: &RgbaImage) -> RgbaImage {
    let (w, h) = staged.product.dimensions();
    let mut out = if answer.dimensions() == (w, h) {
        answer.clone()
    } else {
        resize_rgba(answer, w, h, FilterType::Lanczos3, false)
    };
    for p in out.pixels_mut() {
        p[3] = 255;
    }
    fill_under(&mut out, &staged.product, staged.placement);
    if staged.top_down {
        drop_shadow(&mut out, staged);
    } else {
        contact_shadow(&mut out, staged);
        if staged.glossy {
            reflection(&mut out, staged);
        }
    }
    scene::over(&mut out, &staged.product);
    out
}

/// How strongly a glossy surface mirrors the product right at its base.
const REFLECTANCE: f32 = 0.3;

/// A glossy surface's reflection: the product flipped about its base, fading out over a
/// third of its height below it.
fn reflection(out: &mut RgbaImage, staged: &Staged) {
    let (w, h) = out.dimensions();
    let r = staged.placement;
    let product = &staged.product;
    let Some(base) = (r.y.max(0)..r.bottom().min(h as i32)).rev().find(|&y| {
        (r.x.max(0)..(r.x + r.width as i32).min(w as i32))
            .any(|x| product.get_pixel(x as u32, y as u32)[3] >= PROTECT_ALPHA)
    }) else {
        return;
    };
    let fade = (r.height as f32 * 0.33).max(1.0);
    for dy in 1..fade as i32 {
        let (y, from) = (base + dy, base + 1 - dy);
        if y >= h as i32 || from < 0 {
            break;
        }
        let t = 1.0 - dy as f32 / fade;
        let k = REFLECTANCE * t * t;
        for x in r.x.max(0)..(r.x + r.width as i32).min(w as i32) {
            let p = *product.get_pixel(x as u32, from as u32);
            let a = k * p[3] as f32 / 255.0;
            if a <= 0.002 {
                continue;
            }
            let o = out.get_pixel_mut(x as u32, y as u32);
            for c in 0..3 {
                o[c] = (o[c] as f32 * (1.0 - a) + p[c] as f32 * a).round() as u8;
            }
        }
    }
}

/// A rectangle grown by `margin` and clipped to a `w`×`h` image: (x0, y0, x1, y1), exclusive.
fn grown(r: Rect, margin: i32, w: u32, h: u32) -> (u32, u32, u32, u32) {
    let x0 = (r.x - margin).clamp(0, w as i32) as u32;
    let y0 = (r.y - margin).clamp(0, h as i32) as u32;
    let x1 = (r.x + r.width as i32 + margin).clamp(0, w as i32) as u32;
    let y1 = (r.y + r.height as i32 + margin).clamp(0, h as i32) as u32;
    (x0, y0, x1, y1)
}

/// Replaces the answer wherever the product is not fully opaque but covers something
/// (its soft edge, grown by two pixels for a redraw slightly larger than the product) with
/// the surroundings, by normalised convolution: a blur of the pixels outside, divided by the
/// blur of where they are.
fn fill_under(out: &mut RgbaImage, product: &RgbaImage, placement: Rect) {
    let (w, h) = out.dimensions();
    let (x0, y0, x1, y1) = grown(placement, 40, w, h);
    let (bw, bh) = ((x1 - x0) as usize, (y1 - y0) as usize);
    if bw == 0 || bh == 0 {
        return;
    }
    let covered: Vec<bool> = (0..bw * bh)
        .map(|i| product.get_pixel(x0 + (i % bw) as u32, y0 + (i / bw) as u32)[3] > 0)
        .collect();
    // Grown by two pixels: the hole the fill replaces.
    let mut hole = covered.clone();
    for _ in 0..2 {
        let prev = hole.clone();
        for y in 0..bh {
            for x in 0..bw {
                let i = y * bw + x;
                if prev[i] {
                    continue;
                }
                let near = (x > 0 && prev[i - 1])
                    || (x + 1 < bw && prev[i + 1])
                    || (y > 0 && prev[i - bw])
                    || (y + 1 < bh && prev[i + bw]);
                hole[i] = near;
            }
        }
    }
    let needs = |i: usize| -> bool {
        hole[i] && product.get_pixel(x0 + (i % bw) as u32, y0 + (i / bw) as u32)[3] < 255
    };
    let mut filled = vec![false; bw * bh];
    for radius in [4usize, 24] {
        let mut planes = [
            vec![0f32; bw * bh],
            vec![0f32; bw * bh],
            vec![0f32; bw * bh],
            vec![0f32; bw * bh],
        ];
        for i in 0..bw * bh {
            if !hole[i] || filled[i] {
                let p = out.get_pixel(x0 + (i % bw) as u32, y0 + (i / bw) as u32);
                for c in 0..3 {
                    planes[c][i] = p[c] as f32;
                }
                planes[3][i] = 1.0;
            }
        }
        for plane in planes.iter_mut() {
            box_blur(plane, bw, bh, radius, 3);
        }
        for i in 0..bw * bh {
            if filled[i] || !needs(i) || planes[3][i] < 1e-3 {
                continue;
            }
            let weight = planes[3][i];
            let p = out.get_pixel_mut(x0 + (i % bw) as u32, y0 + (i / bw) as u32);
            for c in 0..3 {
                p[c] = (planes[c][i] / weight).round().clamp(0.0, 255.0) as u8;
            }
            filled[i] = true;
        }
    }
}

/// Rec. 601 luma of a pixel.
fn luma(p: &Rgba<u8>) -> f32 {
    0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32
}

/// The mean luma of the answer over a rectangle (clipped), leaving out the product.
fn mean_luma(
    out: &RgbaImage,
    product: &RgbaImage,
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
) -> Option<f32> {
    let (w, h) = out.dimensions();
    let (mut sum, mut n) = (0f32, 0u32);
    for y in y0.max(0)..y1.min(h as i32) {
        for x in x0.max(0)..x1.min(w as i32) {
            if product.get_pixel(x as u32, y as u32)[3] == 0 {
                sum += luma(out.get_pixel(x as u32, y as u32));
                n += 1;
            }
        }
    }
    (n > 0).then(|| sum / n as f32)
}

/// How dark a contact shadow the scene takes: deeper on a light surface, shallower where
/// the model already darkened the ground under the product (its own shadow is kept).
fn shadow_strength(out: &RgbaImage, staged: &Staged, base: i32) -> f32 {
    let r = staged.placement;
    let band = (r.height as i32 / 25).max(3);
    let under = mean_luma(
        out,
        &staged.product,
        r.x,
        base,
        r.x + r.width as i32,
        base + band,
    );
    let beside = {
        let left = mean_luma(
            out,
            &staged.product,
            r.x - r.width as i32 / 2,
            base,
            r.x,
            base + band,
        );
        let right = mean_luma(
            out,
            &staged.product,
            r.x + r.width as i32,
            base,
            r.x + r.width as i32 * 3 / 2,
            base + band,
        );
        match (left, right) {
            (Some(a), Some(b)) => Some(a.max(b)),
            (a, b) => a.or(b),
        }
    };
    let (Some(under), Some(beside)) = (under, beside) else {
        return 0.0;
    };
    let light = (beside / 255.0).clamp(0.0, 1.0).sqrt();
    let already = ((beside - under) / beside.max(1.0)).clamp(0.0, 1.0);
    0.55 * light * (1.0 - (already * 4.0).min(0.7))
}

/// Darkens the ground where the product touches it: a soft band under the columns whose
/// lowest opaque pixel is at the product's base.
fn contact_shadow(out: &mut RgbaImage, staged: &Staged) {
    let (w, h) = out.dimensions();
    let r = staged.placement;
    let product = &staged.product;
    // The lowest protected pixel of each column of the product.
    let feet: Vec<Option<i32>> = (0..r.width as i32)
        .map(|dx| {
            let x = r.x + dx;
            if x < 0 || x >= w as i32 {
                return None;
            }
            (r.y.max(0)..(r.bottom()).min(h as i32))
                .rev()
                .find(|&y| product.get_pixel(x as u32, y as u32)[3] >= PROTECT_ALPHA)
        })
        .collect();
    let Some(base) = feet.iter().flatten().max().copied() else {
        return;
    };
    let strength = shadow_strength(out, staged, base + 1);
    if strength <= 0.01 {
        return;
    }
    let sigma = (r.height as f32 * 0.018).max(2.0);
    let reach = (r.height as f32 * 0.04).max(3.0);
    let margin = (sigma * 4.0).ceil() as i32;
    let (x0, y0, x1, y1) = grown(r, margin, w, h);
    let (bw, bh) = ((x1 - x0) as usize, (y1 - y0) as usize);
    if bw == 0 || bh == 0 {
        return;
    }
    let mut density = vec![0f32; bw * bh];
    // The light side's shadow is pushed a little the other way.
    let shift = (-staged.light_side * sigma).round() as i32;
    for (dx, foot) in feet.iter().enumerate() {
        let Some(foot) = foot else { continue };
        // Only columns resting on the surface touch it.
        if (base - foot) as f32 > reach {
            continue;
        }
        let x = r.x + dx as i32 + shift - x0 as i32;
        if x < 0 || x >= bw as i32 {
            continue;
        }
        for y in (base - margin / 2).max(y0 as i32)..(base + margin).min(y1 as i32) {
            let t = (y - base) as f32 / sigma;
            let v = (-0.5 * t * t).exp();
            density[(y - y0 as i32) as usize * bw + x as usize] = v;
        }
    }
    let blur = (sigma as usize).max(1);
    box_blur(&mut density, bw, bh, blur, 3);
    darken(out, &density, (x0, y0, bw, bh), strength);
}

/// A flat lay's shadow: the product's silhouette, softened and offset away from the light.
fn drop_shadow(out: &mut RgbaImage, staged: &Staged) {
    let (w, h) = out.dimensions();
    let r = staged.placement;
    let offset = (r.height.max(r.width) as f32 * 0.025).max(2.0);
    let sigma = (offset * 0.9) as usize;
    let margin = (offset * 2.0 + sigma as f32 * 3.0).ceil() as i32;
    let (x0, y0, x1, y1) = grown(r, margin, w, h);
    let (bw, bh) = ((x1 - x0) as usize, (y1 - y0) as usize);
    if bw == 0 || bh == 0 {
        return;
    }
    let (dx, dy) = ((-staged.light_side * offset) as i32, offset as i32);
    let mut density = vec![0f32; bw * bh];
    for y in 0..bh as i32 {
        for x in 0..bw as i32 {
            let (sx, sy) = (x + x0 as i32 - dx, y + y0 as i32 - dy);
            if sx >= 0 && sy >= 0 && sx < w as i32 && sy < h as i32 {
                density[y as usize * bw + x as usize] =
                    staged.product.get_pixel(sx as u32, sy as u32)[3] as f32 / 255.0;
            }
        }
    }
    box_blur(&mut density, bw, bh, sigma.max(1), 3);
    let beside =
        mean_luma(out, &staged.product, r.x - margin, r.y, r.x, r.bottom()).unwrap_or(200.0);
    let strength = 0.35 * (beside / 255.0).clamp(0.0, 1.0).sqrt();
    darken(out, &density, (x0, y0, bw, bh), strength);
}

/// Multiplies the pixels of a region by `1 − strength × density`.
fn darken(out: &mut RgbaImage, density: &[f32], region: (u32, u32, usize, usize), strength: f32) {
    let (x0, y0, bw, bh) = region;
    for y in 0..bh {
        for x in 0..bw {
            let d = density[y * bw + x];
            if d <= 0.002 {
                continue;
            }
            let k = 1.0 - strength * d.min(1.0);
            let p = out.get_pixel_mut(x0 + x as u32, y0 + y as u32);
            for c in 0..3 {
                p[c] = (p[c] as f32 * k).round() as u8;
            }
        }
    }
}

/// The product layer of a `w`×`h` picture: `product` (a cutout, straight alpha) scaled into
/// `placement`, transparent elsewhere. Staging places the product this way, so the layer of
/// a stored scene is found again from its product photo and placement.
pub fn place(product: &RgbaImage, placement: Rect, w: u32, h: u32) -> RgbaImage {
    let placed = cutout::scale(product, placement.width.max(1), placement.height.max(1));
    let mut layer = RgbaImage::new(w, h);
    image::imageops::replace(&mut layer, &placed, placement.x as i64, placement.y as i64);
    layer
}

/// A product photo's cutout must match the picture this closely (mean difference per
/// channel over the product's opaque core) to count as found in it.
const FOUND_WITHIN: f32 = 14.0;

/// Finds the seller's product, cut out of its `photo`, in `picture`: the picture's own
/// product is cut out, and the photo's cutout scaled to where it stands must show the same
/// pixels. Returns the product layer at the picture's size; `None` when it is not there
/// (the product was redrawn, or the picture's product cannot be separated). The layer comes
/// with where the cutout was placed.
pub fn locate(photo: &Cutout, picture: &RgbaImage) -> Option<(RgbaImage, Rect)> {
    let found = cutout::cut_out(picture, &mut crate::NoProgress).ok()?;
    let (x, y, width, height) = found.rect;
    let placement = Rect {
        x: x as i32,
        y: y as i32,
        width,
        height,
    };
    let layer = place(&photo.image, placement, picture.width(), picture.height());
    shows(picture, &layer).then_some((layer, placement))
}

/// Whether `picture` shows the product `layer` holds, pixel for pixel within
/// [`FOUND_WITHIN`] over its opaque core.
pub fn shows(picture: &RgbaImage, layer: &RgbaImage) -> bool {
    let (mut diff, mut n) = (0f64, 0u64);
    for (p, q) in picture.pixels().zip(layer.pixels()) {
        if q[3] == 255 {
            diff += (0..3)
                .map(|c| (p[c] as f64 - q[c] as f64).abs())
                .sum::<f64>()
                / 3.0;
            n += 1;
        }
    }
    n > 0 && diff / n as f64 <= f64::from(FOUND_WITHIN)
}

/// The product layer of a picture with no product photo to compare with: its own product,
/// cut out, when it separates cleanly.
pub fn own_product(picture: &RgbaImage) -> Option<RgbaImage> {
    let cut = cutout::cut_out(picture, &mut crate::NoProgress).ok()?;
    if cut.confidence < POOR_CUTOUT {
        return None;
    }
    let mut layer = RgbaImage::new(picture.width(), picture.height());
    image::imageops::replace(
        &mut layer,
        &cut.image,
        i64::from(cut.rect.0),
        i64::from(cut.rect.1),
    );
    Some(layer)
}

/// Painting up to this share of the product's core is a brush that spilled over its edge,
/// not a request to change it.
const SPILL: f64 = 0.02;

/// A mask edit around the product: with the product `layer` of the picture and the painted
/// `area` (255 = edit), the area without the product when the painting leaves the product
/// alone (at most a spill over its edge), so the product's own pixels stay; `None` when the
/// painting covers the product, which is then the person's to change.
pub fn keep_product(layer: &RgbaImage, area: &GrayImage) -> Option<GrayImage> {
    let (mut core, mut painted) = (0u64, 0u64);
    for (p, a) in layer.pixels().zip(area.pixels()) {
        if p[3] >= PROTECT_ALPHA {
            core += 1;
            if a[0] >= 128 {
                painted += 1;
            }
        }
    }
    if core == 0 || painted as f64 > core as f64 * SPILL {
        return None;
    }
    let (w, h) = area.dimensions();
    Some(GrayImage::from_fn(w, h, |x, y| {
        let free = area.get_pixel(x, y)[0] >= 128 && layer.get_pixel(x, y)[3] == 0;
        Luma([if free { 255 } else { 0 }])
    }))
}
