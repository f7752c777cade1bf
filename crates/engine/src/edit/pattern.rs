//! Removal over a repeating surface (tiles, bricks, planks, stripes): the surroundings'
//! period is measured by autocorrelation, and the hole is filled by copying the pixel one or
//! more periods away, so grout lines, mortar joints and seams run straight through where the
//! object was. Colours that are rare around the mask (the product, another object) are never
//! copied in.

/// The smallest period searched, in pixels: below it a "pattern" is only grain.
const MIN_PERIOD: usize = 6;
/// How strongly the surroundings must repeat at the period (normalised correlation).
const MIN_CORRELATION: f32 = 0.55;

/// The surroundings' period across (`.0`) and down (`.1`) the picture, when they repeat.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Period(pub Option<usize>, pub Option<usize>);

/// Luma per pixel.
fn luma(rgb: &[u8]) -> Vec<f32> {
    rgb.chunks_exact(3)
        .map(|p| 0.2126 * p[0] as f32 + 0.7152 * p[1] as f32 + 0.0722 * p[2] as f32)
        .collect()
}

/// The box around the mask grown by its own size on every side, clamped to the picture:
/// the surroundings whose pattern the fill continues.
fn window(hole: &[bool], w: usize, h: usize) -> Option<(usize, usize, usize, usize)> {
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for (i, _) in hole.iter().enumerate().filter(|(_, m)| **m) {
        let (x, y) = (i % w, i / w);
        (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
    }
    if x0 > x1 {
        return None;
    }
    let grow = (x1 - x0).max(y1 - y0) + 16;
    Some((
        x0.saturating_sub(grow),
        y0.saturating_sub(grow),
        (x1 + grow + 1).min(w),
        (y1 + grow + 1).min(h),
    ))
}

/// Normalised correlation of the known pixels in the window with themselves shifted by
/// `(dx, dy)`.
fn correlation(
    l: &[f32],
    known: &[bool],
    w: usize,
    (x0, y0, x1, y1): (usize, usize, usize, usize),
    (dx, dy): (usize, usize),
) -> f32 {
    let (mut sa, mut sb, mut saa, mut sbb, mut sab, mut n) = (0f64, 0f64, 0f64, 0f64, 0f64, 0f64);
    // A sparse grid of some 20,000 pixels is plenty for the measure, and keeps a search
    // over a large picture fast.
    let step = (((x1 - x0) * (y1 - y0)) as f64 / 20_000.0)
        .sqrt()
        .ceil()
        .max(1.0) as usize;
    for y in (y0..y1.saturating_sub(dy)).step_by(step) {
        for x in (x0..x1.saturating_sub(dx)).step_by(step) {
            let (i, j) = (y * w + x, (y + dy) * w + x + dx);
            if !known[i] || !known[j] {
                continue;
            }
            let (a, b) = (l[i] as f64, l[j] as f64);
            sa += a;
            sb += b;
            saa += a * a;
            sbb += b * b;
            sab += a * b;
            n += 1.0;
        }
    }
    if n < 64.0 {
        return 0.0;
    }
    let cov = sab / n - (sa / n) * (sb / n);
    let va = saa / n - (sa / n).powi(2);
    let vb = sbb / n - (sb / n).powi(2);
    if va < 4.0 || vb < 4.0 {
        return 0.0;
    }
    (cov / (va * vb).sqrt()) as f32
}

/// The period along one axis: the shift with the strongest correlation peak that rises well
/// above the dip before it (a smooth gradient correlates at small shifts but has no peak),
/// the shortest of near-equal peaks (tiles repeat at 1, 2, 3 periods).
fn period_along(corr: &[f32]) -> Option<usize> {
    let mut peaks = Vec::new();
    let mut dip = f32::MAX;
    for s in 1..corr.len().saturating_sub(1) {
        dip = dip.min(corr[s]);
        if s >= MIN_PERIOD
            && corr[s] >= corr[s - 1]
            && corr[s] >= corr[s + 1]
            && corr[s] >= MIN_CORRELATION
            && corr[s] - dip > 0.3
        {
            peaks.push((s, corr[s]));
        }
    }
    let best = peaks.iter().map(|p| p.1).fold(f32::MIN, f32::max);
    peaks.iter().find(|p| p.1 >= best - 0.05).map(|&(s, _)| s)
}

/// The surroundings' period, if they repeat across or down the picture.
pub(crate) fn detect(rgb: &[u8], w: usize, h: usize, hole: &[bool], avoid: &[bool]) -> Period {
    let Some(win) = window(hole, w, h) else {
        return Period(None, None);
    };
    let l = luma(rgb);
    let known: Vec<bool> = hole.iter().zip(avoid).map(|(m, a)| !m && !a).collect();
    let (ww, wh) = (win.2 - win.0, win.3 - win.1);
    let along = |horizontal: bool| {
        let longest = if horizontal { ww } else { wh } / 2;
        let corr: Vec<f32> = (0..longest.min(160))
            .map(|s| {
                let shift = if horizontal { (s, 0) } else { (0, s) };
                if s == 0 {
                    1.0
                } else {
                    correlation(&l, &known, w, win, shift)
                }
            })
            .collect();
        period_along(&corr)
    };
    Period(along(true), along(false))
}

/// The picture's smooth light: the mean luma of the known pixels in cells one period wide
/// (so the pattern itself averages out), interpolated across cells the hole covers, and
/// sampled bilinearly per pixel.
fn light_field(l: &[f32], known: &[bool], w: usize, h: usize, cell: usize) -> Vec<f32> {
    let (cw, ch) = (w.div_ceil(cell), h.div_ceil(cell));
    let mut sums = vec![[0f32; 3]; cw * ch];
    let mut counts = vec![0f32; cw * ch];
    for i in 0..w * h {
        if known[i] {
            let c = (i / w / cell) * cw + (i % w) / cell;
            sums[c][0] += l[i];
            counts[c] += 1.0;
        }
    }
    // Only cells mostly known count: a cell half over the hole holds a biased part of the
    // pattern.
    let full = (cell * cell) as f32 * 0.6;
    let weights: Vec<f32> = counts
        .iter()
        .map(|&n| if n >= full { 1.0 } else { 0.0 })
        .collect();
    let values: Vec<[f32; 3]> = sums
        .iter()
        .zip(&counts)
        .map(|(s, &n)| [s[0] / n.max(1.0), 0.0, 0.0])
        .collect();
    let grid = super::inpaint::push_pull(values, weights, cw, ch);
    (0..w * h)
        .map(|i| {
            let fx = (((i % w) as f32 + 0.5) / cell as f32 - 0.5).clamp(0.0, (cw - 1) as f32);
            let fy = (((i / w) as f32 + 0.5) / cell as f32 - 0.5).clamp(0.0, (ch - 1) as f32);
            let (x0, y0) = (fx as usize, fy as usize);
            let (x1, y1) = ((x0 + 1).min(cw - 1), (y0 + 1).min(ch - 1));
            let (tx, ty) = (fx - x0 as f32, fy - y0 as f32);
            let top = grid[y0 * cw + x0][0] * (1.0 - tx) + grid[y0 * cw + x1][0] * tx;
            let bottom = grid[y1 * cw + x0][0] * (1.0 - tx) + grid[y1 * cw + x1][0] * tx;
            top * (1.0 - ty) + bottom * ty
        })
        .collect()
}

/// Fills `hole` by copying, for each pixel, the nearest usable pixel a whole number of
/// periods away, relit from the light where it was taken to the light where it goes (a
/// copy from across a wall lit from one side would otherwise show as a lighter or darker
/// patch). Returns false (and leaves `rgb` alone) when the surroundings do not repeat or
/// some pixel has no usable copy.
pub(crate) fn fill(
    rgb: &mut [u8],
    w: usize,
    h: usize,
    hole: &[bool],
    avoid: &[bool],
    period: Period,
) -> bool {
    if period == Period(None, None) {
        return false;
    }
    let (px, py) = (period.0.unwrap_or(0) as i64, period.1.unwrap_or(0) as i64);
    let reach_x = if px > 0 { (w as i64 / px).min(12) } else { 0 };
    let reach_y = if py > 0 { (h as i64 / py).min(12) } else { 0 };
    let mut offsets: Vec<(i64, i64)> = (-reach_y..=reach_y)
        .flat_map(|j| (-reach_x..=reach_x).map(move |i| (i * px, j * py)))
        .filter(|&(dx, dy)| (dx, dy) != (0, 0))
        .collect();
    offsets.sort_by_key(|&(dx, dy)| dx * dx + dy * dy);
    let known: Vec<bool> = hole.iter().zip(avoid).map(|(m, a)| !m && !a).collect();
    let cell = (px.max(py) as usize).max(8);
    let light = light_field(&luma(rgb), &known, w, h, cell);
    let mut out = rgb.to_vec();
    for (i, _) in hole.iter().enumerate().filter(|(_, m)| **m) {
        let (x, y) = ((i % w) as i64, (i / w) as i64);
        let source = offsets.iter().find_map(|&(dx, dy)| {
            let (sx, sy) = (x + dx, y + dy);
            if sx < 0 || sy < 0 || sx >= w as i64 || sy >= h as i64 {
                return None;
            }
            let j = (sy * w as i64 + sx) as usize;
            (!hole[j] && !avoid[j]).then_some(j)
        });
        let Some(j) = source else {
            return false;
        };
        let relight = (light[i] / light[j].max(1.0)).clamp(0.7, 1.4);
        for c in 0..3 {
            out[i * 3 + c] = (rgb[j * 3 + c] as f32 * relight).round().clamp(0.0, 255.0) as u8;
        }
    }
    rgb.copy_from_slice(&out);
    true
}

/// Pixels outside the mask whose colour is rare just around it: the product or another
/// object, which a removal must not copy into the wall or table it fills.
pub(crate) fn foreign_colours(rgb: &[u8], w: usize, h: usize, hole: &[bool]) -> Vec<bool> {
    const LEVELS: usize = 16;
    let Some((x0, y0, x1, y1)) = window(hole, w, h) else {
        return vec![false; w * h];
    };
    let reach = ((x1 - x0).min(y1 - y0) / 8).max(6);
    let near = super::ring(hole, w, h, reach);
    let bin = |i: usize| -> [usize; 3] {
        std::array::from_fn(|c| rgb[i * 3 + c] as usize * LEVELS / 256)
    };
    let mut hist = vec![0u32; LEVELS * LEVELS * LEVELS];
    for &i in &near {
        let [r, g, b] = bin(i);
        hist[(r * LEVELS + g) * LEVELS + b] += 1;
    }
    // A colour is at home near the mask when it or a neighbouring shade makes up at least
    // 1 % of the ring.
    let floor = (near.len() as u32 / 100).max(1);
    let mut home = vec![false; hist.len()];
    for r in 0..LEVELS {
        for g in 0..LEVELS {
            for b in 0..LEVELS {
                let mut sum = 0;
                for nr in r.saturating_sub(1)..(r + 2).min(LEVELS) {
                    for ng in g.saturating_sub(1)..(g + 2).min(LEVELS) {
                        for nb in b.saturating_sub(1)..(b + 2).min(LEVELS) {
                            sum += hist[(nr * LEVELS + ng) * LEVELS + nb];
                        }
                    }
                }
                home[(r * LEVELS + g) * LEVELS + b] = sum >= floor;
            }
        }
    }
    (0..w * h)
        .map(|i| {
            if hole[i] {
                return false;
            }
            let [r, g, b] = bin(i);
            !home[(r * LEVELS + g) * LEVELS + b]
        })
        .collect()
}
