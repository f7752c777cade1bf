//! GrabCut at the working resolution: colour models for product and background, an
//! edge-aware smoothness term, and a minimum cut, iterated until the labelling settles.

use super::gmm::Gmm;
use super::maxflow::Grid;

/// What the seller (or the frame) fixed for a pixel, whatever the colours say.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fixed {
    Free,
    Product,
    Background,
}

/// The photo at the working resolution.
pub struct Work {
    pub w: usize,
    pub h: usize,
    /// CIELAB: distances there follow what the eye calls different.
    pub lab: Vec<[f32; 3]>,
}

/// Strength of the smoothness term against the colour models (nats per unit of edge): the
/// value GrabCut was published with, which holds across photos.
const GAMMA: f32 = 50.0;

/// Cost that no colour evidence can outweigh: a fixed pixel's terminal weight.
const HARD: f32 = 1.0e5;

/// Largest number of samples each colour model is fitted on; more changes nothing visible.
const SAMPLES: usize = 24_000;

/// The settled labelling and what the confidence is judged from.
pub struct Solved {
    pub fg: Vec<bool>,
    /// Per pixel: background cost − product cost (positive where the colours say product).
    pub evidence: Vec<f32>,
}

/// The smoothness term: neighbours of similar colour pay to be separated, neighbours across
/// a strong edge hardly do, so the cut runs along the product's outline.
pub fn smoothness(work: &Work) -> Grid {
    let (w, h) = (work.w, work.h);
    let mut grid = Grid::new(w, h);
    let d2 = |i: usize, j: usize| {
        let (a, b) = (work.lab[i], work.lab[j]);
        (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)
    };
    let mut sum = 0.0f64;
    let mut n = 0usize;
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if x + 1 < w {
                sum += d2(i, i + 1) as f64;
                n += 1;
            }
            if y + 1 < h {
                sum += d2(i, i + w) as f64;
                n += 1;
            }
        }
    }
    let beta = 1.0 / (2.0 * (sum / n.max(1) as f64) as f32).max(1e-3);
    let caps = (0..w * h)
        .flat_map(|i| {
            grid.arcs(i).map(move |(_, j, (dx, dy))| {
                let len = if dx != 0 && dy != 0 {
                    std::f32::consts::SQRT_2
                } else {
                    1.0
                };
                GAMMA / len * (-beta * d2(i, j)).exp()
            })
        })
        .collect();
    grid.set_caps(caps);
    grid
}

/// Every `step`-th colour of the pixels where `pick` holds, at most [`SAMPLES`] of them.
pub fn samples(work: &Work, pick: impl Fn(usize) -> bool) -> Vec<[f32; 3]> {
    let count = (0..work.lab.len()).filter(|&i| pick(i)).count();
    let step = count.div_ceil(SAMPLES).max(1);
    (0..work.lab.len())
        .filter(|&i| pick(i))
        .step_by(step)
        .map(|i| work.lab[i])
        .collect()
}

/// Runs GrabCut from `init` (a first guess of the product) with `fixed` labels held and
/// `bias` (nats, positive towards product) added to the colour evidence.
pub fn solve(
    work: &Work,
    grid: &Grid,
    fixed: &[Fixed],
    init: &[bool],
    bias: &[f32],
    rounds: usize,
    mut each_round: impl FnMut(usize) -> Result<(), crate::Cancelled>,
) -> Result<Solved, crate::Cancelled> {
    let n = work.lab.len();
    let mut fg: Vec<bool> = (0..n)
        .map(|i| match fixed[i] {
            Fixed::Product => true,
            Fixed::Background => false,
            Fixed::Free => init[i],
        })
        .collect();
    let mut evidence = vec![0f32; n];
    for round in 0..rounds {
        each_round(round)?;
        let (Some(product), Some(background)) = (
            Gmm::fit(&samples(work, |i| fg[i])),
            Gmm::fit(&samples(work, |i| !fg[i])),
        ) else {
            break;
        };
        let mut terminal = vec![0f32; n];
        for i in 0..n {
            let z = work.lab[i];
            evidence[i] = background.cost(z) - product.cost(z) + bias[i];
            terminal[i] = match fixed[i] {
                Fixed::Product => HARD,
                Fixed::Background => -HARD,
                Fixed::Free => evidence[i],
            };
        }
        let next = grid.min_cut(&terminal);
        let changed = next.iter().zip(&fg).filter(|(a, b)| a != b).count();
        fg = next;
        if changed * 1000 < n {
            break;
        }
    }
    Ok(Solved { fg, evidence })
}
