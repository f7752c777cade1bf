//! Product segmentation: which pixels of a seller's photo are the product.
//!
//! [`segment`] answers a full-size soft mask (255 product, 0 background) and how far it can be
//! trusted. The seller's corrections — a box around the product, strokes over parts to keep
//! and parts to remove — are hard constraints of the solve: a pixel under a keep stroke is
//! product, one under a remove stroke or outside the box is background, whatever the colours
//! say, and everything else is solved again around them.
//!
//! Two models, chosen by the photo's border. A seamless studio backdrop (one smooth colour
//! field around the frame) is separated by the backdrop model of [`crate::cutout`], which
//! knows white products on white sweeps and soft shadows on the backdrop. Any other
//! background — a table, a counter, a shelf, a room — is separated by GrabCut: colour
//! mixtures for product and background, an edge-aware smoothness term and a minimum graph
//! cut, solved at a working resolution of about a third of a megapixel and brought back to
//! the photo's resolution by a guided filter that follows the photo's own edges.

mod gmm;
mod grabcut;
mod maxflow;
mod refine;

use image::{GrayImage, Luma, RgbaImage};

use crate::scene::raster::resize_rgba;
use crate::{EngineError, Progress};
use grabcut::{Fixed, Work};

/// Below this confidence a cutout is doubtful: the seller is asked to adjust it before
/// anything is charged.
pub const DOUBTFUL: f32 = domain::cutout::DOUBTFUL_BELOW as f32;

/// Most strokes a correction may carry; more is not a correction but a drawing.
pub const MAX_STROKES: usize = domain::cutout::MAX_STROKES;

/// Working resolution of the solve, in pixels: thin parts a few photo pixels wide at phone
/// resolution still span a pixel or two, and a solve stays well under a second.
const WORKING_AREA: f32 = 160_000.0;

/// Nats of evidence each unit of the prior's log-odds is worth against the colour models,
/// on an automatic cutout: the network decides where the colours are ambiguous, the colours
/// move the outline onto the photo's edges. Measured on the real photos (README).
const PRIOR: f32 = 3.0;

/// The same once the seller corrected the cutout (box or strokes) and the network's product
/// fills at least [`FOUND_FILL`] of the box: the network was wrong somewhere, and the colours
/// the corrections teach must be able to overrule it there, but its outline still settles
/// the cut where the colours are ambiguous (a dark flank against a dark backdrop).
const PRIOR_CORRECTED: f32 = 2.0;

/// The same when the network's product fills at most [`MISSED_FILL`] of the seller's box:
/// it missed most of what the seller boxed, and barely leans.
const PRIOR_MISSED: f32 = 0.5;

/// Shares of the box the network's product fills, between which the weight runs from
/// [`PRIOR_MISSED`] to [`PRIOR_CORRECTED`]. On the real photos a found product fills 0.4–0.8
/// of its box, a missed one (leaves dropped, only the pot kept) under 0.15.
const MISSED_FILL: f32 = 0.2;
const FOUND_FILL: f32 = 0.35;

/// GrabCut rounds: the labelling rarely moves after the third.
const ROUNDS: usize = 4;

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
    /// A product probability over the whole photo, of any size (it is stretched to the
    /// photo's frame): 255 product, 0 background, as a salient-object network such as
    /// `segnet` answers it. It starts the solve and weighs on every free pixel alongside
    /// the colours; the box and strokes still override it. Not a seller's correction.
    pub prior: Option<GrayImage>,
}

impl Hints {
    /// Whether the seller gave any correction.
    /// A prior does not count: it is not the seller's.
    pub fn is_empty(&self) -> bool {
        self.rect.is_none() && self.keep.is_empty() && self.remove.is_empty()
    }

    /// Refuses hints that cannot describe this photo, with a reason the seller can act on.
    pub fn check(&self, width: u32, height: u32) -> Result<(), EngineError> {
        let (w, h) = (width as f32, height as f32);
        let bad = |why: String| Err(EngineError::InvalidInput(why));
        if let Some([x0, y0, x1, y1]) = self.rect {
            if [x0, y0, x1, y1].iter().any(|v| !v.is_finite()) {
                return bad("the box has a coordinate that is not a number".into());
            }
            if x0 < 0.0 || y0 < 0.0 || x1 > w || y1 > h {
                return bad(format!(
                    "the box reaches outside the {width}x{height} photo"
                ));
            }
            if x1 - x0 < 2.0 || y1 - y0 < 2.0 {
                return bad("the box is empty: x1 must exceed x0 and y1 exceed y0".into());
            }
        }
        if let Some(prior) = &self.prior {
            if prior.width() == 0 || prior.height() == 0 {
                return bad("the prior map is empty".into());
            }
        }
        let strokes = self.keep.len() + self.remove.len();
        if strokes > MAX_STROKES {
            return bad(format!(
                "{strokes} strokes; at most {MAX_STROKES} are taken at once"
            ));
        }
        for stroke in self.keep.iter().chain(&self.remove) {
            if stroke.is_empty() {
                return bad("a stroke has no points".into());
            }
            for &[x, y] in stroke {
                if !(x.is_finite() && y.is_finite()) || x < 0.0 || y < 0.0 || x > w || y > h {
                    return bad(format!(
                        "a stroke point ({x}, {y}) lies outside the {width}x{height} photo"
                    ));
                }
            }
        }
        if strokes > 0 && !(self.brush_px.is_finite() && self.brush_px > 0.0) {
            return bad("the brush size must be a positive number of pixels".into());
        }
        Ok(())
    }
}

/// The product's mask over the whole photo.
#[derive(Debug, Clone)]
pub struct Segmentation {
    /// The photo's size; 255 product, 0 background, values between on the soft edge.
    pub mask: GrayImage,
    /// How far the mask can be trusted, 0..=1: low when the product runs widely into the
    /// frame's border, fills most of the frame, stands on a busy background, or the cut
    /// runs where the photo shows no edge. Below [`DOUBTFUL`] the seller should adjust it.
    pub confidence: f32,
}

/// Separates the product in `photo`, honouring the seller's `hints`. Stages: "segment".
pub fn segment(
    photo: &RgbaImage,
    hints: &Hints,
    progress: &mut dyn Progress,
) -> Result<Segmentation, EngineError> {
    let solution = solve(photo, hints, "segment", progress)?;
    Ok(Segmentation {
        mask: solution.mask,
        confidence: solution.confidence,
    })
}

/// A solved mask, with the studio backdrop model when that is what separated it (the
/// cutout un-mixes its edge from that backdrop).
pub(crate) struct Solution {
    pub mask: GrayImage,
    pub confidence: f32,
    pub backdrop: Option<crate::cutout::Backdrop>,
}

pub(crate) fn solve(
    photo: &RgbaImage,
    hints: &Hints,
    stage: &str,
    progress: &mut dyn Progress,
) -> Result<Solution, EngineError> {
    let (pw, ph) = photo.dimensions();
    if pw < 8 || ph < 8 {
        return Err(EngineError::InvalidInput(format!(
            "reference image is {pw}x{ph}; at least 8x8 is needed"
        )));
    }
    hints.check(pw, ph)?;
    progress.report(stage, 0.0)?;
    // The studio backdrop check and the working image each take a pass over the full photo:
    // side by side, on two cores, a 12 MP photo waits for one of them.
    let (studio, (work, guide)) = std::thread::scope(|scope| {
        let work = scope.spawn(|| Work::new(photo));
        let studio = if hints.is_empty() {
            crate::cutout::studio(photo)
        } else {
            Ok(None)
        };
        (studio, work.join().expect("the working image is made"))
    });
    if let Some(s) = studio?.filter(|s| {
        // A dark product on a dark sweep can pass for backdrop: with a network's view,
        // the backdrop model is taken only where the two agree.
        hints
            .prior
            .as_ref()
            .is_none_or(|prior| overlap(&s.alpha, pw, ph, prior) >= 0.9)
    }) {
        progress.report(stage, 1.0)?;
        return Ok(Solution {
            mask: GrayImage::from_raw(pw, ph, s.alpha).expect("size matches"),
            confidence: s.confidence,
            backdrop: Some(s.backdrop),
        });
    }
    let (w, h) = (work.w, work.h);
    let fixed = fixed(&work, pw, ph, hints);
    let prior = hints.prior.as_ref().map(|p| stretch(p, w, h));
    let grid = grabcut::smoothness(&work);
    progress.report(stage, 0.3)?;
    let (solved, bias) = match &prior {
        // The network's view weighs on every free pixel. With the seller's box GrabCut
        // starts from the box, as it would without a network, so the colours inside and
        // outside the box can take back what the network dropped; a box over the whole
        // frame leaves no outside to learn the background from, and the solve starts from
        // the network's view as without one.
        Some(prior) => {
            let inside: Vec<bool> = match hints.rect {
                Some(rect) => rect_cells(&work, pw, ph, rect),
                None => vec![true; w * h],
            };
            let init: Vec<bool> = if inside.iter().all(|&b| b) {
                prior.iter().map(|&p| p >= 0.5).collect()
            } else {
                inside.clone()
            };
            let weight = if hints.is_empty() {
                PRIOR
            } else {
                corrected_weight(prior, &inside)
            };
            let votes = if hints.is_empty() {
                vec![1.0; w * h]
            } else {
                votes(&work, prior, &stroke_cells(&work, pw, ph, hints))
            };
            let bias: Vec<f32> = prior
                .iter()
                .zip(&votes)
                .map(|(&p, &v)| weight * v * logit(p))
                .collect();
            let solved = grabcut::solve(&work, &grid, &fixed, &init, &bias, ROUNDS, |r| {
                progress.report(stage, 0.3 + 0.5 * r as f32 / ROUNDS as f32)
            })?;
            (solved, bias)
        }
        None => {
            // With a box, GrabCut's own start: everything in the box may be product.
            // Without one, the automatic guess (strokes alone correct it).
            let (init, bias) = match hints.rect {
                Some(rect) => (rect_cells(&work, pw, ph, rect), vec![0.0; w * h]),
                None => auto_init(&work),
            };
            let mut solved = grabcut::solve(&work, &grid, &fixed, &init, &bias, ROUNDS, |r| {
                progress.report(stage, 0.3 + 0.4 * r as f32 / ROUNDS as f32)
            })?;
            // A first guess the colours led astray (the product fills the frame, or the
            // border's colours recur in it) collapses to specks: start again from the
            // middle of the frame, as if the seller had boxed it.
            if hints.rect.is_none() && solved.fg.iter().filter(|&&f| f).count() * 100 < w * h {
                solved =
                    grabcut::solve(&work, &grid, &fixed, &central(w, h), &bias, ROUNDS, |r| {
                        progress.report(stage, 0.7 + 0.1 * r as f32 / ROUNDS as f32)
                    })?;
            }
            (solved, bias)
        }
    };
    let fg = clean(&solved.fg, &fixed, w, h);
    if !fg.iter().any(|&f| f) {
        return Err(EngineError::InvalidInput(
            "no product found in the reference image".into(),
        ));
    }
    let mut confidence = confidence(
        &work,
        &fg,
        &solved.evidence,
        hints.rect.map(|r| rect_cells(&work, pw, ph, r)),
        prior.is_some(),
    );
    if let Some(prior) = &prior {
        // The colours' own say, without the network's lean.
        let colour: Vec<f32> = solved
            .evidence
            .iter()
            .zip(&bias)
            .map(|(&e, &b)| e - b)
            .collect();
        confidence *= agreement_with_prior(&fg, prior, &colour);
    }
    progress.report(stage, 0.85)?;
    let soft: Vec<f32> = fg.iter().map(|&f| if f { 1.0 } else { 0.0 }).collect();
    let co = refine::coefficients(&guide, &soft, w, h);
    let mut mask = refine::upsample(photo, &co, &fg);
    enforce(&mut mask, hints);
    progress.report(stage, 1.0)?;
    Ok(Solution {
        mask,
        confidence,
        backdrop: None,
    })
}

/// The photo with the mask as its alpha: what every engine takes as the product photo once a
/// cutout is stored, so scenes, exports and videos use exactly that cutout. A partly
/// transparent edge pixel takes the colour of the nearest fully opaque product pixel: the
/// photo's own pixel there is mixed with the background, which would ring the product in a
/// new scene.
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
    let (w, h) = photo.dimensions();
    for y in 0..h {
        for x in 0..w {
            let a = mask.get_pixel(x, y)[0];
            if a == 0 || a == 255 {
                continue;
            }
            if let Some(c) = nearest_opaque(photo, mask, x, y) {
                let p = out.get_pixel_mut(x, y);
                p[0] = c[0];
                p[1] = c[1];
                p[2] = c[2];
            }
        }
    }
    Ok(out)
}

/// The mean colour of the fully opaque pixels in the smallest square (up to 3 pixels out)
/// around `(x, y)` that has any.
pub(crate) fn nearest_opaque(
    photo: &RgbaImage,
    alpha: &GrayImage,
    x: u32,
    y: u32,
) -> Option<[u8; 3]> {
    let (w, h) = photo.dimensions();
    for r in 1..=3u32 {
        let (mut sum, mut n) = ([0u32; 3], 0u32);
        for ny in y.saturating_sub(r)..(y + r + 1).min(h) {
            for nx in x.saturating_sub(r)..(x + r + 1).min(w) {
                if alpha.get_pixel(nx, ny)[0] == 255 {
                    let p = photo.get_pixel(nx, ny);
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
}

/// How much the network's log-odds weigh once the seller corrected the cutout: where the
/// network's product fills a fair share of the seller's box (or frame) it saw the product
/// and its outline still counts; where it fills little of it, it missed what the seller
/// boxed (a plant's leaves, with only the pot found) and the colours the corrections teach
/// must be able to overrule it.
fn corrected_weight(prior: &[f32], inside: &[bool]) -> f32 {
    let boxed = inside.iter().filter(|&&b| b).count().max(1) as f32;
    let found = prior
        .iter()
        .zip(inside)
        .filter(|(&p, &b)| b && p >= 0.5)
        .count() as f32;
    let t = ((found / boxed - MISSED_FILL) / (FOUND_FILL - MISSED_FILL)).clamp(0.0, 1.0);
    PRIOR_MISSED + (PRIOR_CORRECTED - PRIOR_MISSED) * t
}

/// Below this many working cells a stroke's mistaken part teaches no colour model.
const MISTAKE_CELLS: usize = 12;

/// Nats over which a colour goes from looking like the network's mistake to not: above the
/// mistake's own typical cost, or short of explaining it better than the rest of what the
/// network called background.
const MISTAKE_SOFT: f32 = 3.0;

/// Which working cells lie under the seller's keep strokes and under the remove strokes.
fn stroke_cells(work: &Work, pw: u32, ph: u32, hints: &Hints) -> [Vec<bool>; 2] {
    let (w, h) = (work.w, work.h);
    let (sx, sy) = (w as f32 / pw as f32, h as f32 / ph as f32);
    let radius = (hints.brush_px / 2.0 * sx.max(sy)).max(0.75);
    [&hints.keep, &hints.remove].map(|strokes| {
        let mut cells = vec![false; w * h];
        for stroke in strokes {
            let points: Vec<[f32; 2]> = stroke.iter().map(|&[x, y]| [x * sx, y * sy]).collect();
            stamp(&points, radius, w as u32, h as u32, |x, y| {
                cells[y as usize * w + x as usize] = true
            });
        }
        cells
    })
}

/// How the network's vote counts on each working cell once the seller's strokes showed where
/// it was wrong: 1 in full, 0 not at all, −1 turned round. The part of a stroke that
/// contradicts the network teaches the colours of its mistake, and every other cell of
/// those colours on which the network says the same is doubted:
/// - a remove stroke over what it called product (the road seen through one opening of a
///   barrier): it fills every opening alike, so on that colour its vote turns round — and
///   as the openings make up most of what it called product, a colour is judged by the
///   mistake alone;
/// - a keep stroke over what it dropped (a boat's thin rod frame against the water, a
///   glass's rim): there its vote falls away, only where the colour is better explained by
///   the stroke than by the rest of what it called background (an aloe's leaves share their
///   green with the cloth behind them, which must stay background).
fn votes(work: &Work, prior: &[f32], [keep, remove]: &[Vec<bool>; 2]) -> Vec<f32> {
    let n = work.w * work.h;
    let lab = &work.lab;
    let mut votes = vec![1.0f32; n];
    let says_product = |i: usize| prior[i] >= 0.5;
    if let Some((mistake, typical)) = mistake(work, remove, says_product) {
        for (i, v) in votes.iter_mut().enumerate() {
            if says_product(i) {
                let unlike = ((mistake.cost(lab[i]) - typical) / MISTAKE_SOFT).clamp(0.0, 1.0);
                *v = v.min(2.0 * unlike - 1.0);
            }
        }
    }
    let dropped = |i: usize| !says_product(i);
    if let Some((mistake, typical)) = mistake(work, keep, dropped) {
        if let Some(rest) = gmm::Gmm::fit(&grabcut::samples(work, |i| !keep[i] && dropped(i))) {
            for (i, v) in votes.iter_mut().enumerate() {
                if dropped(i) {
                    let cost = mistake.cost(lab[i]);
                    let unlike = ((cost - typical) / MISTAKE_SOFT)
                        .max((cost - rest.cost(lab[i])) / MISTAKE_SOFT + 1.0)
                        .clamp(0.0, 1.0);
                    *v = v.min(unlike);
                }
            }
        }
    }
    votes
}

/// The colour model of the stroke cells where `wrong` holds, with the cost nine in ten of
/// them stay under; `None` where the stroke barely contradicts the network.
fn mistake(work: &Work, stroke: &[bool], wrong: impl Fn(usize) -> bool) -> Option<(gmm::Gmm, f32)> {
    let cells: Vec<[f32; 3]> = (0..work.lab.len())
        .filter(|&i| stroke[i] && wrong(i))
        .map(|i| work.lab[i])
        .collect();
    if cells.len() < MISTAKE_CELLS {
        return None;
    }
    let model = gmm::Gmm::fit(&cells)?;
    let mut own: Vec<f32> = cells.iter().map(|&z| model.cost(z)).collect();
    own.sort_by(|a, b| a.total_cmp(b));
    let typical = own[own.len() * 9 / 10];
    Some((model, typical))
}

/// Intersection over union of a full-resolution alpha (`pw`×`ph`, ≥ 128 product) and a
/// prior (≥ 128 product), compared at the prior's pixels.
fn overlap(alpha: &[u8], pw: u32, ph: u32, prior: &GrayImage) -> f32 {
    let (w, h) = prior.dimensions();
    let (mut both, mut either) = (0u32, 0u32);
    for (x, y, p) in prior.enumerate_pixels() {
        let ax = (((x as f32 + 0.5) * pw as f32 / w as f32) as u32).min(pw - 1);
        let ay = (((y as f32 + 0.5) * ph as f32 / h as f32) as u32).min(ph - 1);
        let a = alpha[(ay * pw + ax) as usize] >= 128;
        let b = p[0] >= 128;
        both += u32::from(a && b);
        either += u32::from(a || b);
    }
    both as f32 / either.max(1) as f32
}

/// Log-odds of a probability, held within ±4 (the network's extremes are not certainties).
fn logit(p: f32) -> f32 {
    let p = p.clamp(0.018, 0.982);
    (p / (1.0 - p)).ln()
}

/// The prior bilinearly stretched to `w`×`h`, as probabilities 0..1.
fn stretch(prior: &GrayImage, w: usize, h: usize) -> Vec<f32> {
    let (pw, ph) = (prior.width() as usize, prior.height() as usize);
    let v = |x: usize, y: usize| prior.as_raw()[y * pw + x] as f32 / 255.0;
    (0..w * h)
        .map(|i| {
            let fx =
                (((i % w) as f32 + 0.5) * pw as f32 / w as f32 - 0.5).clamp(0.0, (pw - 1) as f32);
            let fy =
                (((i / w) as f32 + 0.5) * ph as f32 / h as f32 - 0.5).clamp(0.0, (ph - 1) as f32);
            let (x0, y0) = (fx as usize, fy as usize);
            let (x1, y1) = ((x0 + 1).min(pw - 1), (y0 + 1).min(ph - 1));
            let (tx, ty) = (fx - x0 as f32, fy - y0 as f32);
            let top = v(x0, y0) * (1.0 - tx) + v(x1, y0) * tx;
            let bottom = v(x0, y1) * (1.0 - tx) + v(x1, y1) * tx;
            top * (1.0 - ty) + bottom * ty
        })
        .collect()
}

/// How far the cutout, the prior and the photo's colours tell the same story, 0..1. Each
/// factor is a way a cutout that looks clean (product clear of the frame, cut on real
/// edges) was wrong on the real photos, and none of them depends on how large the product
/// is:
/// - the colours overruled the network over much of the product, or the network hesitates
///   over much of what was kept: one of them is wrong (leaves dropped by the network, kept
///   by nothing);
/// - the network itself is unsure what the product is: much of its map, against the area it
///   calls product, lies between 0.1 and 0.9 instead of near 0 or 1 (a motorbike among a
///   garage's clutter, a plant among boxes; a clean product photo leaves under a sixth);
/// - over much of the product the photo's colours say background and only the network
///   holds it: the openings of a holed product filled with the road seen through them, a
///   black glass lost in a black room (a clean cutout leaves under a quarter).
fn agreement_with_prior(fg: &[bool], prior: &[f32], colour: &[f32]) -> f32 {
    let ramp = |v: f32, from: f32, to: f32| ((v - from) / (to - from)).clamp(0.0, 1.0);
    let area = fg.iter().filter(|&&f| f).count().max(1) as f32;
    let share = |pick: &dyn Fn(usize) -> bool| (0..fg.len()).filter(|&i| pick(i)).count() as f32;
    let overruled = share(&|i| fg[i] != (prior[i] >= 0.5)) / area;
    let unsure = share(&|i| fg[i] && (0.15..0.85).contains(&prior[i])) / area;
    let network_area = share(&|i| prior[i] >= 0.5).max(1.0);
    let hesitant = share(&|i| (0.1..0.9).contains(&prior[i])) / network_area;
    let colours_against = share(&|i| fg[i] && colour[i] < 0.0) / area;
    (1.0 - ramp(overruled, 0.05, 0.3))
        * (1.0 - ramp(unsure, 0.1, 0.35))
        * (1.0 - ramp(hesitant, 0.18, 0.35))
        * (1.0 - ramp(colours_against, 0.3, 0.5))
}

impl Work {
    /// The photo at the working resolution, in Lab, with its sRGB (0..1) as the guide.
    fn new(photo: &RgbaImage) -> (Work, Vec<[f32; 3]>) {
        let (pw, ph) = photo.dimensions();
        let scale = (WORKING_AREA / (pw as f32 * ph as f32)).sqrt().min(1.0);
        let (w, h) = (
            ((pw as f32 * scale).round() as u32).max(8),
            ((ph as f32 * scale).round() as u32).max(8),
        );
        let small = if (w, h) == (pw, ph) {
            photo.clone()
        } else {
            resize_rgba(photo, w, h, fast_image_resize::FilterType::Box, false)
        };
        let guide: Vec<[f32; 3]> = small
            .pixels()
            .map(|p| [p[0], p[1], p[2]].map(|v| v as f32 / 255.0))
            .collect();
        let lab = guide.iter().map(|&c| lab(c.map(linear))).collect();
        (
            Work {
                w: w as usize,
                h: h as usize,
                lab,
            },
            guide,
        )
    }
}

fn linear(v: f32) -> f32 {
    if v <= 0.04045 {
        v / 12.92
    } else {
        ((v + 0.055) / 1.055).powf(2.4)
    }
}

/// CIELAB (D65) of a linear sRGB colour.
fn lab(c: [f32; 3]) -> [f32; 3] {
    let x = (0.4124 * c[0] + 0.3576 * c[1] + 0.1805 * c[2]) / 0.950_47;
    let y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    let z = (0.0193 * c[0] + 0.1192 * c[1] + 0.9505 * c[2]) / 1.088_83;
    let f = |t: f32| {
        if t > 0.008_856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    let (fx, fy, fz) = (f(x), f(y), f(z));
    [116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)]
}

/// Width of the frame's border ring at the working resolution.
fn ring(work: &Work) -> usize {
    (work.w.min(work.h) / 40).max(2)
}

/// A first guess of the product with no help from the seller, and a nudge towards the
/// background along the frame. A product is what the border is not: the background's
/// colours are learnt from the border ring, and the pixels the border explains worst, in
/// connected regions near the centre, are taken as the product's start. GrabCut then learns
/// the product's own colours from there.
fn auto_init(work: &Work) -> (Vec<bool>, Vec<f32>) {
    let (w, h) = (work.w, work.h);
    let n = w * h;
    let b = ring(work);
    let on_ring = |i: usize| {
        let (x, y) = (i % w, i / w);
        x < b || y < b || x + b >= w || y + b >= h
    };
    let bias: Vec<f32> = (0..n)
        .map(|i| if on_ring(i) { -2.0 } else { 0.0 })
        .collect();
    let ring_lab: Vec<[f32; 3]> = (0..n)
        .filter(|&i| on_ring(i))
        .map(|i| work.lab[i])
        .collect();
    let Some(background) = gmm::Gmm::fit(&ring_lab) else {
        return (central(w, h), bias);
    };
    let cost: Vec<f32> = work.lab.iter().map(|&z| background.cost(z)).collect();
    let mut ring_cost: Vec<f32> = (0..n).filter(|&i| on_ring(i)).map(|i| cost[i]).collect();
    ring_cost.sort_by(|a, b| a.total_cmp(b));
    let t = ring_cost[ring_cost.len() * 97 / 100] + 1.0;
    let candidate: Vec<bool> = (0..n).map(|i| cost[i] > t && !on_ring(i)).collect();
    let parts = components(w, h, |i| candidate[i]);
    let score = |part: &Vec<usize>| {
        let (sx, sy) = part.iter().fold((0.0, 0.0), |(sx, sy), &i| {
            (sx + (i % w) as f32, sy + (i / w) as f32)
        });
        let (cx, cy) = (
            sx / part.len() as f32 / w as f32 - 0.5,
            sy / part.len() as f32 / h as f32 - 0.5,
        );
        part.len() as f32 * (-(cx * cx + cy * cy) / (2.0 * 0.25 * 0.25)).exp()
    };
    let best = parts.iter().map(score).fold(0.0, f32::max);
    let mut init = vec![false; n];
    for part in &parts {
        if part.len() * 500 >= n && score(part) * 4.0 >= best {
            for &i in part {
                init[i] = true;
            }
        }
    }
    if init.iter().filter(|&&f| f).count() * 200 < n {
        return (central(w, h), bias);
    }
    (fill_holes(&init, w, h), bias)
}

/// The frame inside a tenth of its size from each edge: the guess when the colours give
/// none.
fn central(w: usize, h: usize) -> Vec<bool> {
    (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            x * 10 >= w && x * 10 < w * 9 && y * 10 >= h && y * 10 < h * 9
        })
        .collect()
}

/// `fg` with every background region that does not reach the frame's border made product.
fn fill_holes(fg: &[bool], w: usize, h: usize) -> Vec<bool> {
    let mut out = fg.to_vec();
    for part in components(w, h, |i| !fg[i]) {
        let touches = part.iter().any(|&i| {
            let (x, y) = (i % w, i / w);
            x == 0 || y == 0 || x + 1 == w || y + 1 == h
        });
        if !touches {
            for i in part {
                out[i] = true;
            }
        }
    }
    out
}

/// Working cells whose centres lie inside a photo-pixel rectangle.
fn rect_cells(work: &Work, pw: u32, ph: u32, [x0, y0, x1, y1]: [f32; 4]) -> Vec<bool> {
    let (sx, sy) = (work.w as f32 / pw as f32, work.h as f32 / ph as f32);
    (0..work.w * work.h)
        .map(|i| {
            let (x, y) = ((i % work.w) as f32 + 0.5, (i / work.w) as f32 + 0.5);
            x >= x0 * sx && x <= x1 * sx && y >= y0 * sy && y <= y1 * sy
        })
        .collect()
}

/// The hints as fixed labels at the working resolution: outside the box and under remove
/// strokes background, under keep strokes product (a remove stroke wins where they cross).
fn fixed(work: &Work, pw: u32, ph: u32, hints: &Hints) -> Vec<Fixed> {
    let (w, h) = (work.w, work.h);
    let mut fixed = vec![Fixed::Free; w * h];
    if let Some(rect) = hints.rect {
        for (f, inside) in fixed.iter_mut().zip(rect_cells(work, pw, ph, rect)) {
            if !inside {
                *f = Fixed::Background;
            }
        }
    }
    let (sx, sy) = (w as f32 / pw as f32, h as f32 / ph as f32);
    // A thin brush still marks the cell it crosses.
    let radius = (hints.brush_px / 2.0 * sx.max(sy)).max(0.75);
    for (strokes, label) in [
        (&hints.keep, Fixed::Product),
        (&hints.remove, Fixed::Background),
    ] {
        for stroke in strokes {
            let points: Vec<[f32; 2]> = stroke.iter().map(|&[x, y]| [x * sx, y * sy]).collect();
            stamp(&points, radius, w as u32, h as u32, |x, y| {
                fixed[y as usize * w + x as usize] = label
            });
        }
    }
    fixed
}

/// Calls `paint` for every pixel whose centre lies within `radius` of the polyline.
fn stamp(points: &[[f32; 2]], radius: f32, w: u32, h: u32, mut paint: impl FnMut(u32, u32)) {
    let segments: Vec<([f32; 2], [f32; 2])> = if points.len() == 1 {
        vec![(points[0], points[0])]
    } else {
        points.windows(2).map(|p| (p[0], p[1])).collect()
    };
    for (a, b) in segments {
        let lx = (a[0].min(b[0]) - radius).floor().max(0.0) as u32;
        let ly = (a[1].min(b[1]) - radius).floor().max(0.0) as u32;
        let hx = ((a[0].max(b[0]) + radius).ceil() as u32).min(w - 1);
        let hy = ((a[1].max(b[1]) + radius).ceil() as u32).min(h - 1);
        let (dx, dy) = (b[0] - a[0], b[1] - a[1]);
        let len2 = dx * dx + dy * dy;
        for y in ly..=hy {
            for x in lx..=hx {
                let (px, py) = (x as f32 + 0.5, y as f32 + 0.5);
                let t = if len2 > 0.0 {
                    (((px - a[0]) * dx + (py - a[1]) * dy) / len2).clamp(0.0, 1.0)
                } else {
                    0.0
                };
                let (cx, cy) = (a[0] + t * dx, a[1] + t * dy);
                if (px - cx).hypot(py - cy) <= radius {
                    paint(x, y);
                }
            }
        }
    }
}

/// The hints once more at full resolution, so the mask honours them to the pixel.
fn enforce(mask: &mut GrayImage, hints: &Hints) {
    let (w, h) = mask.dimensions();
    if let Some([x0, y0, x1, y1]) = hints.rect {
        // Pixels whose centre lies outside the box, cleared a row's run at a time.
        let inside = |v: u32, lo: f32, hi: f32| (v as f32 + 0.5) >= lo && (v as f32 + 0.5) <= hi;
        let (left, right) = (
            (0..w).find(|&x| inside(x, x0, x1)).unwrap_or(w),
            (0..w)
                .rev()
                .find(|&x| inside(x, x0, x1))
                .map_or(0, |x| x + 1),
        );
        for (y, row) in mask.chunks_mut(w as usize).enumerate() {
            if !inside(y as u32, y0, y1) || left >= right {
                row.fill(0);
            } else {
                row[..left as usize].fill(0);
                row[right as usize..].fill(0);
            }
        }
    }
    let radius = (hints.brush_px / 2.0).max(0.5);
    for (strokes, value) in [(&hints.keep, 255u8), (&hints.remove, 0u8)] {
        for stroke in strokes {
            stamp(stroke, radius, w, h, |x, y| {
                mask.put_pixel(x, y, Luma([value]))
            });
        }
    }
}

/// Drops specks: product parts under 4 % of the largest (unless the seller kept them) and
/// background pockets under 0.2 % of the product that the seller did not mark.
fn clean(fg: &[bool], fixed: &[Fixed], w: usize, h: usize) -> Vec<bool> {
    let mut out = fg.to_vec();
    let parts = components(w, h, |i| fg[i]);
    let largest = parts.iter().map(Vec::len).max().unwrap_or(0);
    for part in parts {
        let kept = part.iter().any(|&i| fixed[i] == Fixed::Product);
        if part.len() * 25 < largest && !kept {
            for i in part {
                out[i] = false;
            }
        }
    }
    let area = out.iter().filter(|&&f| f).count();
    for part in components(w, h, |i| !out[i]) {
        let border = part.iter().any(|&i| {
            let (x, y) = (i % w, i / w);
            x == 0 || y == 0 || x + 1 == w || y + 1 == h
        });
        let marked = part.iter().any(|&i| fixed[i] == Fixed::Background);
        if !border && !marked && part.len() * 500 < area {
            for i in part {
                out[i] = true;
            }
        }
    }
    out
}

/// 8-connected components of the cells where `inside` holds.
fn components(w: usize, h: usize, inside: impl Fn(usize) -> bool) -> Vec<Vec<usize>> {
    let mut seen = vec![false; w * h];
    let mut out = Vec::new();
    for start in 0..w * h {
        if seen[start] || !inside(start) {
            continue;
        }
        seen[start] = true;
        let mut part = Vec::new();
        let mut stack = vec![start];
        while let Some(i) = stack.pop() {
            part.push(i);
            let (x, y) = ((i % w) as isize, (i / w) as isize);
            for dy in -1..=1 {
                for dx in -1..=1 {
                    let (nx, ny) = (x + dx, y + dy);
                    if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                        continue;
                    }
                    let j = ny as usize * w + nx as usize;
                    if !seen[j] && inside(j) {
                        seen[j] = true;
                        stack.push(j);
                    }
                }
            }
        }
        out.push(part);
    }
    out
}

/// How far a GrabCut mask can be trusted, from what a reviewer would look at: does the
/// product run into the frame (or the seller's box), does it fill nearly everything or
/// nothing, does the cut follow real edges — stronger than the background's own texture —
/// and do the colours agree with the labels. With a network's prior (`with_prior`) a weak
/// cut counts less: a soft-edged photo (an old scan) has weak edges everywhere, and whether
/// the outline is the product's is judged against the network instead.
fn confidence(
    work: &Work,
    fg: &[bool],
    evidence: &[f32],
    rect: Option<Vec<bool>>,
    with_prior: bool,
) -> f32 {
    let (w, h) = (work.w, work.h);
    let n = w * h;
    let ramp = |v: f32, from: f32, to: f32| ((v - from) / (to - from)).clamp(0.0, 1.0);
    // The frame the product should stand clear of: the box's inner ring, or the photo's.
    let edge_of_frame: Vec<usize> = match &rect {
        Some(inside) => (0..n)
            .filter(|&i| {
                let (x, y) = (i % w, i / w);
                inside[i]
                    && (x == 0
                        || y == 0
                        || x + 1 == w
                        || y + 1 == h
                        || !inside[i - 1]
                        || !inside[i + 1]
                        || !inside[i - w]
                        || !inside[i + w])
            })
            .collect(),
        None => (0..n)
            .filter(|&i| {
                let (x, y) = (i % w, i / w);
                x == 0 || y == 0 || x + 1 == w || y + 1 == h
            })
            .collect(),
    };
    let on_border =
        edge_of_frame.iter().filter(|&&i| fg[i]).count() as f32 / edge_of_frame.len().max(1) as f32;
    let area = fg.iter().filter(|&&f| f).count() as f32 / n as f32;
    let sized = (1.0 - ramp(area, 0.55, 0.85)) * ramp(area, 0.001, 0.01);

    let diff = |i: usize, j: usize| {
        let (a, b) = (work.lab[i], work.lab[j]);
        ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
    };
    let (mut cut, mut cut_n, mut texture, mut texture_n) = (0.0f64, 0usize, 0.0f64, 0usize);
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            for j in [(x + 1 < w).then(|| i + 1), (y + 1 < h).then(|| i + w)]
                .into_iter()
                .flatten()
            {
                if fg[i] != fg[j] {
                    cut += diff(i, j) as f64;
                    cut_n += 1;
                } else if !fg[i] {
                    texture += diff(i, j) as f64;
                    texture_n += 1;
                }
            }
        }
    }
    let cut = (cut / cut_n.max(1) as f64) as f32;
    let texture = (texture / texture_n.max(1) as f64) as f32;
    // A cut along a real outline is several times sharper than the background's texture.
    let contrast = ramp(cut / (texture + 0.5), 1.5, 3.5);
    // Pixels the labels contradict their own colours on: the smoothness (or nothing) decided.
    let disputed = (0..n)
        .filter(|&i| (fg[i] && evidence[i] < 0.0) || (!fg[i] && evidence[i] > 0.0))
        .count() as f32
        / (area * n as f32).max(1.0);
    let agreement = 1.0 - ramp(disputed, 0.1, 0.4);
    let floor = if with_prior { 0.6 } else { 0.2 };
    (1.0 - ramp(on_border, 0.08, 0.35)) * sized * (floor + (1.0 - floor) * contrast) * agreement
}
