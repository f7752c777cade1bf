//! Product cutout from a seller's reference photo.
//!
//! A photo with real transparency keeps its alpha. Otherwise the background is modelled from
//! the border as a smooth colour field (seamless backdrops are rarely flat: they fall off
//! towards the top and corners), pixels are classified at a coarse scale, the background is
//! flood-filled in from the border (so backdrop-coloured parts enclosed by the product, such
//! as labels and highlights, stay product; the price is that a mug handle's hole does too), soft
//! shadows on the backdrop are recognised by keeping the backdrop's hue while darkening, and
//! the edge is then refined at full resolution into a feathered matte.
//!
//! The cutout's colour channels are the photo's own pixels wherever the matte is opaque; only
//! partly transparent edge pixels are un-mixed from the backdrop colour so no light fringe
//! follows the product into a dark scene.

use fast_image_resize::FilterType;
use image::{Rgba, RgbaImage};

use crate::scene::raster::{box_blur, resize_rgba};
use crate::segment::Hints;
use crate::{EngineError, Progress};

/// A product separated from its photo.
#[derive(Debug, Clone)]
pub struct Cutout {
    /// Tight crop around the product, straight (not premultiplied) alpha.
    pub image: RgbaImage,
    /// Where the crop sits in the source photo: x, y, width, height.
    pub rect: (u32, u32, u32, u32),
    /// The estimated backdrop colour under the product, or `None` when the photo's own alpha
    /// was used.
    pub background: Option<[u8; 3]>,
    /// How cleanly the product came out, 0..=1: 1 for a photo with its own transparency;
    /// lower when much of the matte is undecided, the product runs off the photo's border,
    /// the backdrop is busy, or the product fills almost nothing or almost everything.
    pub confidence: f32,
}

/// Largest side of the coarse classification grid: fine enough for product outlines,
/// coarse enough that flood fills and component labelling cost little.
const COARSE: u32 = 360;

/// Scales a cutout once with Lanczos3, weighting colour by alpha so transparent pixels never
/// bleed in. This is the only resampling the product's pixels ever go through.
pub fn scale(image: &RgbaImage, width: u32, height: u32) -> RgbaImage {
    resize_rgba(image, width, height, FilterType::Lanczos3, true)
}

/// Separates the product from `photo`. Stages: "cutout".
///
/// The mask comes from [`crate::segment`] (a seamless backdrop through the backdrop model
/// below, any other background through GrabCut); a photo with real transparency keeps its
/// own alpha, which is how a cutout the seller adjusted reaches every engine.
pub fn cut_out(photo: &RgbaImage, progress: &mut dyn Progress) -> Result<Cutout, EngineError> {
    let (w, h) = photo.dimensions();
    if w < 8 || h < 8 {
        return Err(EngineError::InvalidInput(format!(
            "reference image is {w}x{h}; at least 8x8 is needed"
        )));
    }
    progress.report("cutout", 0.0)?;
    let transparent = photo.pixels().filter(|p| p[3] < 200).count();
    if transparent * 200 > (w * h) as usize {
        let alpha: Vec<u8> = photo.pixels().map(|p| p[3]).collect();
        return crop(photo, &alpha, Edge::Own);
    }
    let solution = crate::segment::solve(photo, &Hints::default(), "cutout", progress)?;
    let alpha = solution.mask.into_raw();
    let out = match &solution.backdrop {
        Some(b) => crop(photo, &alpha, Edge::Backdrop(&b.model, b.k))?,
        None => crop(photo, &alpha, Edge::Product)?,
    };
    Ok(Cutout {
        background: solution.backdrop.as_ref().map(|b| b.colour),
        confidence: solution.confidence,
        ..out
    })
}

/// The seamless backdrop a studio photo was separated from.
pub(crate) struct Backdrop {
    model: BackgroundModel,
    k: u32,
    colour: [u8; 3],
}

/// A studio photo's matte from the backdrop model.
pub(crate) struct Studio {
    /// Full-resolution matte, row by row.
    pub alpha: Vec<u8>,
    pub confidence: f32,
    pub backdrop: Backdrop,
}

/// Largest spread (90th percentile of the border's distance from the fitted colour field)
/// of a seamless backdrop: paper, a sweep or a wall. A table's grain, a room or an outdoor
/// scene spread far wider.
const SEAMLESS_SPREAD: f32 = 9.0;

/// The backdrop model's matte when the photo's border is one smooth colour field (a studio
/// sweep); `None` for any other background. Refuses a seamless photo with nothing on it.
pub(crate) fn studio(photo: &RgbaImage) -> Result<Option<Studio>, EngineError> {
    let k = photo.width().max(photo.height()).div_ceil(COARSE);
    let coarse = Coarse::new(photo, k);
    let mut model = BackgroundModel::fit(&coarse, |x, y| {
        x < 2 || y < 2 || x + 2 >= coarse.w || y + 2 >= coarse.h
    });
    if model.spread > SEAMLESS_SPREAD || model.inliers < 0.8 {
        return Ok(None);
    }
    let mut fg = segment(&coarse, &model);
    // Refit on everything that is background, now that we know, and segment again.
    model = BackgroundModel::fit(&coarse, |x, y| !fg[(y * coarse.w + x) as usize]);
    fg = segment(&coarse, &model);
    if !fg.iter().any(|&f| f) {
        return Err(EngineError::InvalidInput(
            "no product found in the reference image".into(),
        ));
    }
    let alpha = refine(photo, &coarse, &fg, &model, k);
    let colour = model
        .at(0.5 * coarse.w as f32, coarse.h as f32 * 0.9)
        .map(|v| v.round().clamp(0.0, 255.0) as u8);
    Ok(Some(Studio {
        confidence: confidence(&alpha, &coarse, &fg, &model),
        alpha,
        backdrop: Backdrop { model, k, colour },
    }))
}

/// How far a segmented matte can be trusted (see [`Cutout::confidence`]).
fn confidence(alpha: &[u8], c: &Coarse, fg: &[bool], model: &BackgroundModel) -> f32 {
    let solid = alpha.iter().filter(|&&a| a >= 230).count() as f32;
    let soft = alpha.iter().filter(|&&a| a > 25 && a < 230).count() as f32;
    let coverage = (solid + soft) / alpha.len().max(1) as f32;
    // A clean outline is a band a few pixels wide: a small share of the product's area.
    let undecided = soft / (solid + soft).max(1.0);
    let (w, h) = (c.w as usize, c.h as usize);
    let border: Vec<bool> = (0..w * h)
        .filter(|&i| {
            let (x, y) = (i % w, i / w);
            x == 0 || y == 0 || x + 1 == w || y + 1 == h
        })
        .map(|i| fg[i])
        .collect();
    let on_border = border.iter().filter(|&&f| f).count() as f32 / border.len().max(1) as f32;
    let ramp = |v: f32, from: f32, to: f32| ((v - from) / (to - from)).clamp(0.0, 1.0);
    let sized = if (0.003..=0.9).contains(&coverage) {
        1.0
    } else {
        0.3
    };
    (1.0 - ramp(undecided, 0.12, 0.42))
        * (1.0 - ramp(on_border, 0.2, 0.6))
        * (1.0 - 0.5 * ramp(model.threshold, 32.0, 48.0))
        * sized
}

/// The photo averaged over k×k blocks.
struct Coarse {
    w: u32,
    h: u32,
    px: Vec<[f32; 3]>,
    /// The sharpest full-resolution step inside each cell (summed over the channels): thin
    /// outlines survive here though averaging blurs them out of `px`.
    edge: Vec<f32>,
}

impl Coarse {
    fn new(photo: &RgbaImage, k: u32) -> Self {
        let (pw, ph) = photo.dimensions();
        let (w, h) = (pw.div_ceil(k), ph.div_ceil(k));
        let mut sum = vec![[0.0f32; 4]; (w * h) as usize];
        let raw = photo.as_raw();
        for y in 0..ph {
            let row = &raw[(y * pw * 4) as usize..((y + 1) * pw * 4) as usize];
            let base = ((y / k) * w) as usize;
            for (x, p) in row.chunks_exact(4).enumerate() {
                let s = &mut sum[base + x / k as usize];
                s[0] += p[0] as f32;
                s[1] += p[1] as f32;
                s[2] += p[2] as f32;
                s[3] += 1.0;
            }
        }
        let px = sum
            .iter()
            .map(|s| [s[0] / s[3], s[1] / s[3], s[2] / s[3]])
            .collect();
        let mut edge = vec![0f32; (w * h) as usize];
        let step = |a: &[u8], b: &[u8]| {
            (a[0] as i32 - b[0] as i32).unsigned_abs()
                + (a[1] as i32 - b[1] as i32).unsigned_abs()
                + (a[2] as i32 - b[2] as i32).unsigned_abs()
        };
        for y in 0..ph.saturating_sub(1) {
            let row = &raw[(y * pw * 4) as usize..((y + 1) * pw * 4) as usize];
            let below = &raw[((y + 1) * pw * 4) as usize..((y + 2) * pw * 4) as usize];
            let base = ((y / k) * w) as usize;
            for x in 0..(pw - 1) as usize {
                let p = &row[x * 4..x * 4 + 3];
                let g = step(p, &row[x * 4 + 4..x * 4 + 7]).max(step(p, &below[x * 4..x * 4 + 3]));
                let e = &mut edge[base + x / k as usize];
                *e = e.max(g as f32);
            }
        }
        Coarse { w, h, px, edge }
    }
}

/// Backdrop colour as a quadratic surface in x and y per channel (coarse coordinates),
/// with the spread of the samples around it.
struct BackgroundModel {
    coef: [[f32; 6]; 3],
    /// Distance below which a pixel is backdrop.
    threshold: f32,
    /// 90th percentile of the inliers' distance from the fitted field.
    spread: f32,
    /// Share of the samples near the median colour (the rest is product or clutter).
    inliers: f32,
    /// The coarse grid size the basis is normalised by.
    grid: (f32, f32),
}

fn basis(x: f32, y: f32, w: f32, h: f32) -> [f32; 6] {
    let (u, v) = (x / w - 0.5, y / h - 0.5);
    [1.0, u, v, u * u, v * v, u * v]
}

impl BackgroundModel {
    fn fit(c: &Coarse, include: impl Fn(u32, u32) -> bool) -> Self {
        let samples: Vec<(u32, u32)> = (0..c.h)
            .flat_map(|y| (0..c.w).map(move |x| (x, y)))
            .filter(|&(x, y)| include(x, y))
            .collect();
        // A robust centre first: the per-channel median of the samples.
        let median = |ch: usize| {
            let mut v: Vec<f32> = samples
                .iter()
                .map(|&(x, y)| c.px[(y * c.w + x) as usize][ch])
                .collect();
            v.sort_by(|a, b| a.total_cmp(b));
            v.get(v.len() / 2).copied().unwrap_or(255.0)
        };
        let med = [median(0), median(1), median(2)];
        let total = samples.len();
        // Fit only samples near the median, so a product touching the border cannot bend it.
        let inliers: Vec<(u32, u32)> = samples
            .into_iter()
            .filter(|&(x, y)| dist(c.px[(y * c.w + x) as usize], med) < 60.0)
            .collect();
        let (wf, hf) = (c.w as f32, c.h as f32);
        let mut coef = [[0.0; 6]; 3];
        for (ch, out) in coef.iter_mut().enumerate() {
            let mut ata = [[0.0f64; 6]; 6];
            let mut atb = [0.0f64; 6];
            for &(x, y) in &inliers {
                let b = basis(x as f32, y as f32, wf, hf);
                let val = c.px[(y * c.w + x) as usize][ch] as f64;
                for i in 0..6 {
                    atb[i] += b[i] as f64 * val;
                    for j in 0..6 {
                        ata[i][j] += b[i] as f64 * b[j] as f64;
                    }
                }
            }
            *out = solve(ata, atb).unwrap_or([med[ch], 0.0, 0.0, 0.0, 0.0, 0.0]);
        }
        let mut model = BackgroundModel {
            coef,
            threshold: 0.0,
            spread: 0.0,
            inliers: 0.0,
            grid: (wf, hf),
        };
        let mut residuals: Vec<f32> = inliers
            .iter()
            .map(|&(x, y)| dist(c.px[(y * c.w + x) as usize], model.at(x as f32, y as f32)))
            .collect();
        residuals.sort_by(|a, b| a.total_cmp(b));
        let p90 = residuals
            .get(residuals.len() * 9 / 10)
            .copied()
            .unwrap_or(0.0);
        model.threshold = (p90 * 2.5).clamp(14.0, 48.0);
        model.spread = p90;
        model.inliers = inliers.len() as f32 / total.max(1) as f32;
        model
    }

    /// The backdrop colour at coarse coordinates `(x, y)`.
    fn at(&self, x: f32, y: f32) -> [f32; 3] {
        let b = basis(x, y, self.grid.0, self.grid.1);
        self.coef.map(|c| c.iter().zip(b).map(|(a, b)| a * b).sum())
    }
}

fn solve(mut a: [[f64; 6]; 6], mut b: [f64; 6]) -> Option<[f32; 6]> {
    for i in 0..6 {
        let p = (i..6).max_by(|&r, &s| a[r][i].abs().total_cmp(&a[s][i].abs()))?;
        if a[p][i].abs() < 1e-9 {
            return None;
        }
        a.swap(i, p);
        b.swap(i, p);
        for r in 0..6 {
            if r != i {
                let f = a[r][i] / a[i][i];
                let pivot = a[i];
                for (dst, src) in a[r][i..].iter_mut().zip(&pivot[i..]) {
                    *dst -= f * src;
                }
                b[r] -= f * b[i];
            }
        }
    }
    Some(std::array::from_fn(|i| (b[i] / a[i][i]) as f32))
}

#[inline]
fn dist(a: [f32; 3], b: [f32; 3]) -> f32 {
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// A darker patch of the backdrop with the backdrop's hue: a shadow, not a product.
#[inline]
fn is_shadow(p: [f32; 3], bg: [f32; 3]) -> bool {
    let (lp, lb) = (p[0] + p[1] + p[2], bg[0] + bg[1] + bg[2]);
    if lb < 30.0 {
        return false;
    }
    let ratio = lp / lb;
    if !(0.3..0.97).contains(&ratio) {
        return false;
    }
    // Chromaticity difference, scaled to 0..255-ish units.
    let chroma = (0..3)
        .map(|i| (p[i] / lp.max(1.0) - bg[i] / lb).abs())
        .sum::<f32>()
        * 255.0;
    chroma < 6.0 + 6.0 * (1.0 - ratio)
}

/// Coarse foreground mask.
fn segment(c: &Coarse, model: &BackgroundModel) -> Vec<bool> {
    let (w, h) = (c.w as usize, c.h as usize);
    let n = w * h;
    let mut bg_like = vec![false; n];
    let mut shadow_like = vec![false; n];
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let b = model.at(x as f32, y as f32);
            let p = c.px[i];
            bg_like[i] = dist(p, b) < model.threshold;
            shadow_like[i] = !bg_like[i] && is_shadow(p, b);
        }
    }
    // Shadows lie on the floor: only shadow-like pixels near or below the product's base
    // are backdrop; higher up they are the product's own shading.
    let core_bottom = (0..h)
        .rev()
        .find(|&y| (0..w).any(|x| !bg_like[y * w + x] && !shadow_like[y * w + x]))
        .unwrap_or(h);
    let core_top = (0..h)
        .find(|&y| (0..w).any(|x| !bg_like[y * w + x] && !shadow_like[y * w + x]))
        .unwrap_or(0);
    let shadow_from = core_bottom.saturating_sub((core_bottom.saturating_sub(core_top)) / 8);
    // A white product on a white sweep matches the backdrop's colour but not its smoothness:
    // its outline is an edge the backdrop does not have. Edges stronger than anything along
    // the border bar the flood (shadows are soft, and follow their own rule).
    let edge = edges(c);
    let below = |i: usize| i / w >= shadow_from;

    // Flood the backdrop in from the border; whatever it cannot reach is product, which
    // fills holes such as a white label on a white backdrop. Once by colour alone, once
    // also stopped by edges.
    let by_colour = flood(w, h, |i| bg_like[i] || (shadow_like[i] && below(i)));
    // Through a shadow the flood goes on only at the product's foot, and into backdrop-
    // coloured cells only beneath the product: a white product turning from the light is
    // shaded in the backdrop's hue too, and its lit body beyond that shade matches the
    // backdrop; reached through the shade, it would be flooded as backdrop. Its shaded foot
    // meets its shadow with little contrast, so there the outline is closed by one more
    // cell (the shadow's rim is peeled off again below).
    let closed = widen(&edge, w, h);
    let open = flood(w, h, |i| bg_like[i] && !edge[i]);
    let by_edges = flood_from(w, h, (0..n).filter(|&i| open[i]).collect(), |i| {
        open[i]
            || (!closed[i] && ((shadow_like[i] && below(i)) || (bg_like[i] && i / w > core_bottom)))
    });
    let mut fg: Vec<bool> = by_edges.iter().map(|r| !r).collect();
    // What only the edges enclose is either a white product's body (its outline closed it
    // off) or a shadow on the floor (its rim did). A floor shadow is darker than the
    // backdrop in its own hue, and flat: foreshortened, far lower than the product is tall.
    let rows: Vec<usize> = (0..n).filter(|&i| fg[i]).map(|i| i / w).collect();
    let tall = rows
        .iter()
        .max()
        .zip(rows.iter().min())
        .map_or(0, |(a, b)| a - b + 1);
    for part in components(w, h, |i| by_colour[i] && !by_edges[i] && !edge[i]) {
        let shaded = part.iter().filter(|&&i| shadow_like[i]).count();
        let (top, bottom) = part
            .iter()
            .fold((usize::MAX, 0), |(t, b), &i| (t.min(i / w), b.max(i / w)));
        let flat = (bottom - top + 1) * 10 < tall * 3;
        // And it lies at the product's foot, not on it (a label is flat and pale too).
        let at_foot = top + (core_bottom.saturating_sub(core_top)) / 10 >= core_bottom;
        if shaded * 2 > part.len() && flat && at_foot {
            for i in part {
                fg[i] = false;
            }
        }
    }
    // The widening of an outline on the backdrop side is backdrop: peel backdrop-coloured
    // edge cells off the outside, two rings deep (the widening and the outline's own cell).
    // A shadow's own rim at the product's foot is peeled through to the end.
    let mut outside: Vec<bool> = fg.iter().map(|f| !f).collect();
    for round in 0..8 {
        let peel: Vec<usize> = (0..n)
            .filter(|&i| {
                fg[i]
                    && ((edge[i] && round < 2 && (bg_like[i] || shadow_like[i]))
                        || (closed[i] && shadow_like[i] && below(i)))
            })
            .filter(|&i| {
                let (x, y) = (i % w, i / w);
                [
                    (x.wrapping_sub(1), y),
                    (x + 1, y),
                    (x, y.wrapping_sub(1)),
                    (x, y + 1),
                ]
                .iter()
                .any(|&(nx, ny)| nx < w && ny < h && outside[ny * w + nx])
            })
            .collect();
        if peel.is_empty() {
            break;
        }
        for i in peel {
            fg[i] = false;
            outside[i] = true;
        }
    }

    // Drop specks: keep components at least 4% of the largest.
    let parts = components(w, h, |i| fg[i]);
    let largest = parts.iter().map(Vec::len).max().unwrap_or(0);
    for part in parts {
        if part.len() * 25 < largest {
            for i in part {
                fg[i] = false;
            }
        }
    }
    fg
}

/// Cells holding a step sharper than the backdrop has anywhere along the border: a product's
/// outline, however close its colour is to the backdrop's.
fn edges(c: &Coarse) -> Vec<bool> {
    let (w, h) = (c.w as usize, c.h as usize);
    let mut border: Vec<f32> = (0..w * h)
        .filter(|&i| {
            let (x, y) = (i % w, i / w);
            x < 3 || y < 3 || x + 3 >= w || y + 3 >= h
        })
        .map(|i| c.edge[i])
        .collect();
    border.sort_by(|a, b| a.total_cmp(b));
    let p98 = border.get(border.len() * 98 / 100).copied().unwrap_or(0.0);
    let t = (p98 * 2.0).max(24.0);
    let strong: Vec<bool> = c.edge.iter().map(|&g| g > t).collect();
    // Widened by a cell so a faint stretch of outline leaves no gap to leak through; the
    // backdrop side of the widening is handed back after the flood.
    widen(&strong, w, h)
}

/// `cells` grown by one cell in the four directions.
fn widen(cells: &[bool], w: usize, h: usize) -> Vec<bool> {
    let mut out = cells.to_vec();
    for y in 0..h {
        for x in 0..w {
            if cells[y * w + x] {
                for (nx, ny) in [
                    (x.wrapping_sub(1), y),
                    (x + 1, y),
                    (x, y.wrapping_sub(1)),
                    (x, y + 1),
                ] {
                    if nx < w && ny < h {
                        out[ny * w + nx] = true;
                    }
                }
            }
        }
    }
    out
}

/// Cells reachable from the border through cells where `passable` holds (4-connected).
fn flood(w: usize, h: usize, passable: impl Fn(usize) -> bool) -> Vec<bool> {
    let mut border = Vec::with_capacity(2 * (w + h));
    for x in 0..w {
        border.push(x);
        border.push((h - 1) * w + x);
    }
    for y in 0..h {
        border.push(y * w);
        border.push(y * w + w - 1);
    }
    flood_from(w, h, border, passable)
}

/// Cells reachable from `seeds` through cells where `passable` holds (4-connected).
fn flood_from(
    w: usize,
    h: usize,
    mut stack: Vec<usize>,
    passable: impl Fn(usize) -> bool,
) -> Vec<bool> {
    let mut reached = vec![false; w * h];
    while let Some(i) = stack.pop() {
        if reached[i] || !passable(i) {
            continue;
        }
        reached[i] = true;
        let (x, y) = (i % w, i / w);
        if x > 0 {
            stack.push(i - 1);
        }
        if x + 1 < w {
            stack.push(i + 1);
        }
        if y > 0 {
            stack.push(i - w);
        }
        if y + 1 < h {
            stack.push(i + w);
        }
    }
    reached
}

/// 4-connected components of the cells where `inside` holds.
fn components(w: usize, h: usize, inside: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
    let n = w * h;
    let mut seen = vec![false; n];
    let mut out = Vec::new();
    for start in 0..n {
        if seen[start] || !inside(start) {
            continue;
        }
        let mut comp = Vec::new();
        let mut stack = vec![start];
        seen[start] = true;
        while let Some(i) = stack.pop() {
            comp.push(i);
            let (x, y) = (i % w, i / w);
            let mut visit = |j: usize| {
                if !seen[j] && inside(j) {
                    seen[j] = true;
                    stack.push(j);
                }
            };
            if x > 0 {
                visit(i - 1);
            }
            if x + 1 < w {
                visit(i + 1);
            }
            if y > 0 {
                visit(i - w);
            }
            if y + 1 < h {
                visit(i + w);
            }
        }
        out.push(comp);
    }
    out
}

/// Full-resolution matte: the coarse mask decides far from its edge; near it, the colour
/// distance to the backdrop model does.
fn refine(photo: &RgbaImage, c: &Coarse, fg: &[bool], model: &BackgroundModel, k: u32) -> Vec<u8> {
    let (pw, ph) = photo.dimensions();
    let (cw, ch) = (c.w as usize, c.h as usize);
    let mask = |x: i64, y: i64| -> f32 {
        let (x, y) = (
            x.clamp(0, cw as i64 - 1) as usize,
            y.clamp(0, ch as i64 - 1) as usize,
        );
        if fg[y * cw + x] {
            1.0
        } else {
            0.0
        }
    };
    let t_lo = model.threshold * 0.6;
    let t_hi = model.threshold * 2.2 + 12.0;
    let raw = photo.as_raw();
    let kf = k as f32;
    let mut alpha = vec![0u8; (pw * ph) as usize];
    for y in 0..ph {
        let cy = (y as f32 + 0.5) / kf - 0.5;
        let y0 = cy.floor();
        let fy = cy - y0;
        for x in 0..pw {
            let cx = (x as f32 + 0.5) / kf - 0.5;
            let x0 = cx.floor();
            let fx = cx - x0;
            let (xi, yi) = (x0 as i64, y0 as i64);
            let (a, b, cc, d) = (
                mask(xi, yi),
                mask(xi + 1, yi),
                mask(xi, yi + 1),
                mask(xi + 1, yi + 1),
            );
            let i = (y * pw + x) as usize;
            if a == b && b == cc && cc == d {
                alpha[i] = (a * 255.0) as u8;
                continue;
            }
            let m = (a * (1.0 - fx) + b * fx) * (1.0 - fy) + (cc * (1.0 - fx) + d * fx) * fy;
            let p = &raw[i * 4..i * 4 + 3];
            let p = [p[0] as f32, p[1] as f32, p[2] as f32];
            let bg = model.at(cx.max(0.0), cy.max(0.0));
            let from_colour = if is_shadow(p, bg) {
                0.0
            } else {
                ((dist(p, bg) - t_lo) / (t_hi - t_lo)).clamp(0.0, 1.0)
            };
            let lo = ((m - 0.5) * 2.0).clamp(0.0, 1.0);
            let hi = (m * 2.0).clamp(0.0, 1.0);
            alpha[i] = (from_colour.clamp(lo, hi) * 255.0).round() as u8;
        }
    }
    alpha
}

/// How the matte's edge pixels get their colour.
#[derive(Clone, Copy)]
enum Edge<'a> {
    /// The photo's own alpha and colours, untouched.
    Own,
    /// A matte from the backdrop model: feathered by a pixel, and edge pixels un-mixed from
    /// the backdrop.
    Backdrop(&'a BackgroundModel, u32),
    /// A matte from the segmentation: edge pixels take the product's nearest opaque colour.
    Product,
}

/// Crops to the matte's extent and colours its partly transparent edge (see [`Edge`]).
fn crop(photo: &RgbaImage, alpha: &[u8], edge: Edge) -> Result<Cutout, EngineError> {
    let model = match edge {
        Edge::Backdrop(m, k) => Some((m, k)),
        Edge::Own | Edge::Product => None,
    };
    let (pw, ph) = photo.dimensions();
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for y in 0..ph {
        for x in 0..pw {
            if alpha[(y * pw + x) as usize] > 8 {
                x0 = x0.min(x);
                x1 = x1.max(x);
                y0 = y0.min(y);
                y1 = y1.max(y);
            }
        }
    }
    if x0 > x1 {
        return Err(EngineError::InvalidInput(
            "no product found in the reference image".into(),
        ));
    }
    let (cw, ch) = (x1 - x0 + 1, y1 - y0 + 1);
    let raw: Vec<f32> = (0..ch)
        .flat_map(|y| (0..cw).map(move |x| (x, y)))
        .map(|(x, y)| alpha[((y + y0) * pw + x + x0) as usize] as f32 / 255.0)
        .collect();
    // The matte's outer band (two pixels next to the backdrop) keeps no pixel of the
    // backdrop's colour: the coarse outline can run a pixel or two wide, and what it takes
    // of the backdrop would ring the product once laid on a scene.
    let mut raw = raw;
    if let Some((m, k)) = model {
        let band = 2u32;
        let near_outside = |x: u32, y: u32| {
            (y.saturating_sub(band)..(y + band + 1).min(ch)).any(|ny| {
                (x.saturating_sub(band)..(x + band + 1).min(cw))
                    .any(|nx| raw[(ny * cw + nx) as usize] == 0.0)
            }) || x < band
                || y < band
                || x + band >= cw
                || y + band >= ch
        };
        let backdrop: Vec<usize> = (0..ch)
            .flat_map(|y| (0..cw).map(move |x| (x, y)))
            .filter(|&(x, y)| raw[(y * cw + x) as usize] > 0.0 && near_outside(x, y))
            .filter(|&(x, y)| {
                let p = photo.get_pixel(x + x0, y + y0);
                let bg = m.at((x + x0) as f32 / k as f32, (y + y0) as f32 / k as f32);
                dist([p[0] as f32, p[1] as f32, p[2] as f32], bg) < m.threshold
            })
            .map(|(x, y)| (y * cw + x) as usize)
            .collect();
        for i in backdrop {
            raw[i] = 0.0;
        }
    }
    let mut a = raw.clone();
    if model.is_some() {
        // The feather: a one-pixel blur softens the stair-steps of the coarse grid.
        box_blur(&mut a, cw as usize, ch as usize, 1, 1);
    }
    // The colour of a pixel on the matte's edge is the product's nearest fully opaque
    // colour: the photo's own pixel there mixes in the backdrop (a light or dark ring once
    // laid on a scene), and un-mixing it by a matte that is a pixel too wide or too narrow
    // only moves the ring. Where no opaque pixel is near, it is un-mixed from the backdrop.
    const REACH: u32 = 3;
    let inner = |x: u32, y: u32| -> Option<[u8; 3]> {
        for radius in 1..=REACH {
            let (mut sum, mut n) = ([0u32; 3], 0u32);
            for ny in y.saturating_sub(radius)..(y + radius + 1).min(ch) {
                for nx in x.saturating_sub(radius)..(x + radius + 1).min(cw) {
                    if raw[(ny * cw + nx) as usize] >= 0.999 {
                        let p = photo.get_pixel(nx + x0, ny + y0);
                        for c in 0..3 {
                            sum[c] += p[c] as u32;
                        }
                        n += 1;
                    }
                }
            }
            if n > 0 {
                return Some(sum.map(|v| ((v + n / 2) / n) as u8));
            }
        }
        None
    };
    let image = RgbaImage::from_fn(cw, ch, |x, y| {
        let src = photo.get_pixel(x + x0, y + y0);
        let av = a[(y * cw + x) as usize];
        let a8 = (av * 255.0).round() as u8;
        let r = raw[(y * cw + x) as usize];
        match edge {
            Edge::Own => *src,
            Edge::Product if a8 == 0 || a8 == 255 => Rgba([src[0], src[1], src[2], a8]),
            Edge::Product => {
                let [cr, cg, cb] = inner(x, y).unwrap_or([src[0], src[1], src[2]]);
                Rgba([cr, cg, cb, a8])
            }
            Edge::Backdrop(..) if r >= 0.999 || a8 == 0 => Rgba([src[0], src[1], src[2], a8]),
            Edge::Backdrop(m, k) => {
                let [cr, cg, cb] = inner(x, y).unwrap_or_else(|| {
                    let bg = m.at((x + x0) as f32 / k as f32, (y + y0) as f32 / k as f32);
                    let r = r.max(av).max(0.05);
                    [0, 1, 2].map(|ch| {
                        ((src[ch] as f32 - (1.0 - r) * bg[ch]) / r)
                            .round()
                            .clamp(0.0, 255.0) as u8
                    })
                });
                Rgba([cr, cg, cb, a8])
            }
        }
    });
    Ok(Cutout {
        image,
        rect: (x0, y0, cw, ch),
        background: None,
        confidence: 1.0,
    })
}
