//! Exemplar inpainting: multi-scale PatchMatch with patch voting (Wexler et al. 2007,
//! Barnes et al. 2009). The hole is filled coarse to fine; at every scale each patch that
//! touches the hole is matched to a patch lying wholly outside the hole, and every hole pixel
//! becomes the similarity-weighted vote of the matched patches covering it. Source patches
//! never overlap the hole, so the fill is built from real image content, not smeared colour.

use crate::{EngineError, Progress};

/// Patch radius: 7×7 patches.
const R: usize = 3;
const PATCH: usize = 2 * R + 1;
/// Coarsest scale's shorter side; below this a 7×7 patch sees too much of the picture.
const MIN_SIDE: usize = 32;

/// One scale of the pyramid: RGB pixels (3 bytes each), the hole, and the pixels no patch
/// may be copied from (`avoid`).
struct Level {
    w: usize,
    h: usize,
    rgb: Vec<u8>,
    hole: Vec<bool>,
    avoid: Vec<bool>,
}

impl Level {
    fn downsample(&self) -> Level {
        let (w, h) = (self.w.div_ceil(2), self.h.div_ceil(2));
        let mut rgb = vec![0u8; w * h * 3];
        let mut hole = vec![false; w * h];
        let mut avoid = vec![false; w * h];
        for y in 0..h {
            for x in 0..w {
                let mut sum = [0u32; 3];
                let mut known = 0u32;
                let mut any_hole = false;
                for (fx, fy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
                    let sx = (2 * x + fx).min(self.w - 1);
                    let sy = (2 * y + fy).min(self.h - 1);
                    let i = sy * self.w + sx;
                    avoid[y * w + x] |= self.avoid[i];
                    if self.hole[i] {
                        any_hole = true;
                    } else {
                        known += 1;
                        for (s, &v) in sum.iter_mut().zip(&self.rgb[i * 3..i * 3 + 3]) {
                            *s += v as u32;
                        }
                    }
                }
                let o = y * w + x;
                // A coarse pixel is known only if all its fine pixels are: the hole may
                // grow when scaled down, never shrink, so coarse sources stay clean.
                hole[o] = any_hole;
                for (dst, s) in rgb[o * 3..o * 3 + 3].iter_mut().zip(sum) {
                    if let Some(mean) = (s + known / 2).checked_div(known) {
                        *dst = mean as u8;
                    }
                }
            }
        }
        Level {
            w,
            h,
            rgb,
            hole,
            avoid,
        }
    }
}

/// Which patch centres are sources (wholly known) and which are targets (touching the hole).
struct Roles {
    source: Vec<bool>,
    sources: Vec<u32>,
    targets: Vec<u32>,
}

fn roles(level: &Level) -> Roles {
    roles_of(level.w, level.h, &level.hole, &level.avoid)
}

/// Integral image of `marked` so each patch's count is four lookups.
fn integral_of(w: usize, h: usize, marked: impl Fn(usize) -> bool) -> Vec<u32> {
    let mut integral = vec![0u32; (w + 1) * (h + 1)];
    for y in 0..h {
        let mut row = 0u32;
        for x in 0..w {
            row += marked(y * w + x) as u32;
            integral[(y + 1) * (w + 1) + x + 1] = integral[y * (w + 1) + x + 1] + row;
        }
    }
    integral
}

fn roles_of(w: usize, h: usize, hole: &[bool], avoid: &[bool]) -> Roles {
    let integral = integral_of(w, h, |i| hole[i]);
    let blocked = integral_of(w, h, |i| hole[i] || avoid[i]);
    let count = |integral: &[u32], (x0, y0, x1, y1): (usize, usize, usize, usize)| {
        integral[y1 * (w + 1) + x1] + integral[y0 * (w + 1) + x0]
            - integral[y0 * (w + 1) + x1]
            - integral[y1 * (w + 1) + x0]
    };
    let mut source = vec![false; w * h];
    let mut sources = Vec::new();
    let mut targets = Vec::new();
    for y in R..h - R {
        for x in R..w - R {
            let patch = (x - R, y - R, x + R + 1, y + R + 1);
            let i = y * w + x;
            if count(&integral, patch) > 0 {
                targets.push(i as u32);
            } else if count(&blocked, patch) == 0 {
                source[i] = true;
                sources.push(i as u32);
            }
        }
    }
    Roles {
        source,
        sources,
        targets,
    }
}

/// Small deterministic generator (SplitMix64): the fill must be identical for a seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }
}

/// Sum of squared differences between the patches centred at `t` and `s`, giving up once
/// it reaches `limit` (the caller only needs to know it is no better).
fn distance(rgb: &[u8], w: usize, t: usize, s: usize, limit: u32) -> u32 {
    let row = PATCH * 3;
    let mut acc = 0u32;
    for dy in 0..PATCH {
        let to = (t + dy * w - R * w - R) * 3;
        let so = (s + dy * w - R * w - R) * 3;
        acc += rgb[to..to + row]
            .iter()
            .zip(&rgb[so..so + row])
            .map(|(&a, &b)| {
                let d = a as i32 - b as i32;
                (d * d) as u32
            })
            .sum::<u32>();
        if acc >= limit {
            return acc;
        }
    }
    acc
}

/// The nearest-neighbour field: for each pixel index that is a target, its source centre
/// and the distance to it.
struct Field {
    src: Vec<u32>,
    dist: Vec<u32>,
}

impl Field {
    fn random(level: &Level, roles: &Roles, rng: &mut Rng) -> Field {
        let mut src = vec![0u32; level.w * level.h];
        for &t in &roles.targets {
            src[t as usize] = roles.sources[rng.below(roles.sources.len())];
        }
        Field {
            src,
            dist: vec![u32::MAX; level.w * level.h],
        }
    }

    /// Doubles a coarse field: a fine target keeps its coarse match, shifted by its own
    /// position inside the 2×2 block.
    fn upsample(
        coarse: &Field,
        coarse_level: &Level,
        level: &Level,
        roles: &Roles,
        rng: &mut Rng,
    ) -> Field {
        let mut src = vec![0u32; level.w * level.h];
        for &t in &roles.targets {
            let (x, y) = (t as usize % level.w, t as usize / level.w);
            let c =
                (y / 2).min(coarse_level.h - 1) * coarse_level.w + (x / 2).min(coarse_level.w - 1);
            let cs = coarse.src[c] as usize;
            let (cx, cy) = (cs % coarse_level.w, cs / coarse_level.w);
            let sx = (2 * cx + (x & 1)).min(level.w - 1);
            let sy = (2 * cy + (y & 1)).min(level.h - 1);
            let candidate = sy * level.w + sx;
            src[t as usize] = if roles.source[candidate] {
                candidate as u32
            } else {
                roles.sources[rng.below(roles.sources.len())]
            };
        }
        Field {
            src,
            dist: vec![u32::MAX; level.w * level.h],
        }
    }

    fn measure(&mut self, level: &Level, roles: &Roles) {
        for &t in &roles.targets {
            let t = t as usize;
            self.dist[t] = distance(&level.rgb, level.w, t, self.src[t] as usize, u32::MAX);
        }
    }

    /// One PatchMatch sweep: propagate good matches from the previous neighbours in scan
    /// order, then try random candidates at halving distances around the best.
    fn improve(
        &mut self,
        level: &Level,
        roles: &Roles,
        search: usize,
        forward: bool,
        rng: &mut Rng,
    ) {
        let w = level.w as isize;
        let step: isize = if forward { 1 } else { -1 };
        let n = roles.targets.len();
        for k in 0..n {
            let t = roles.targets[if forward { k } else { n - 1 - k }] as usize;
            let mut best = self.src[t] as usize;
            let mut best_d = self.dist[t];
            for back in [step, step * w] {
                let p = t as isize - back;
                if p < 0 || p as usize >= self.src.len() || self.dist[p as usize] == u32::MAX {
                    continue;
                }
                // A neighbour's match shifted by the same step; it must stay a source.
                let candidate = self.src[p as usize] as isize + back;
                if candidate < 0 || candidate as usize >= self.src.len() {
                    continue;
                }
                let candidate = candidate as usize;
                if candidate != best && roles.source[candidate] {
                    let d = distance(&level.rgb, level.w, t, candidate, best_d);
                    if d < best_d {
                        best = candidate;
                        best_d = d;
                    }
                }
            }
            let mut radius = search;
            while radius >= 1 {
                let (bx, by) = ((best % level.w) as isize, (best / level.w) as isize);
                let span = 2 * radius + 1;
                let cx = (bx + rng.below(span) as isize - radius as isize)
                    .clamp(R as isize, (level.w - 1 - R) as isize);
                let cy = (by + rng.below(span) as isize - radius as isize)
                    .clamp(R as isize, (level.h - 1 - R) as isize);
                let candidate = (cy * w + cx) as usize;
                if candidate != best && roles.source[candidate] {
                    let d = distance(&level.rgb, level.w, t, candidate, best_d);
                    if d < best_d {
                        best = candidate;
                        best_d = d;
                    }
                }
                radius /= 2;
            }
            self.src[t] = best as u32;
            self.dist[t] = best_d;
        }
    }

    /// Rebuilds the hole: each hole pixel is the weighted mean of what every target patch
    /// covering it proposes, weighted by how well that patch matched.
    fn vote(&self, level: &mut Level, roles: &Roles, acc: &mut [[f32; 4]]) {
        let w = level.w;
        let mut dists: Vec<u32> = roles
            .targets
            .iter()
            .map(|&t| self.dist[t as usize])
            .collect();
        let q = (dists.len() * 3 / 4).min(dists.len() - 1);
        let (_, &mut p75, _) = dists.select_nth_unstable(q);
        // Scale the weights by a typical match error so they neither all vanish nor all
        // tie; a perfect match of a flat region must not divide by zero.
        let sigma2 = (p75 as f32 / (PATCH * PATCH * 3) as f32).max(4.0);
        for a in acc.iter_mut() {
            *a = [0.0; 4];
        }
        for &t in &roles.targets {
            let t = t as usize;
            let s = self.src[t] as usize;
            let mse = self.dist[t] as f32 / (PATCH * PATCH * 3) as f32;
            let weight = (-mse / (2.0 * sigma2)).exp().max(1e-6);
            for dy in 0..PATCH {
                for dx in 0..PATCH {
                    let p = t + dy * w + dx - R * w - R;
                    if !level.hole[p] {
                        continue;
                    }
                    let q = s + dy * w + dx - R * w - R;
                    let a = &mut acc[p];
                    a[0] += weight * level.rgb[q * 3] as f32;
                    a[1] += weight * level.rgb[q * 3 + 1] as f32;
                    a[2] += weight * level.rgb[q * 3 + 2] as f32;
                    a[3] += weight;
                }
            }
        }
        for (p, a) in acc.iter().enumerate() {
            if a[3] > 0.0 {
                for c in 0..3 {
                    level.rgb[p * 3 + c] = (a[c] / a[3]).round() as u8;
                }
            }
        }
    }
}

/// Fills the coarsest hole by repeatedly averaging known neighbours inward (onion peel), a
/// smooth start that PatchMatch then replaces with real texture.
fn onion_peel(level: &mut Level) {
    let (w, h) = (level.w, level.h);
    let mut known: Vec<bool> = level.hole.iter().map(|&hole| !hole).collect();
    let mut pending: Vec<usize> = (0..w * h).filter(|&i| !known[i]).collect();
    while !pending.is_empty() {
        let mut filled = Vec::new();
        let mut rest = Vec::new();
        for &i in &pending {
            let (x, y) = (i % w, i / w);
            let mut sum = [0u32; 3];
            let mut n = 0;
            for (dx, dy) in [
                (-1isize, 0isize),
                (1, 0),
                (0, -1),
                (0, 1),
                (-1, -1),
                (1, 1),
                (-1, 1),
                (1, -1),
            ] {
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                if nx < 0 || ny < 0 || nx >= w as isize || ny >= h as isize {
                    continue;
                }
                let j = ny as usize * w + nx as usize;
                if known[j] {
                    n += 1;
                    for (s, &v) in sum.iter_mut().zip(&level.rgb[j * 3..j * 3 + 3]) {
                        *s += v as u32;
                    }
                }
            }
            if n > 0 {
                filled.push((i, sum.map(|s| ((s + n / 2) / n) as u8)));
            } else {
                rest.push(i);
            }
        }
        if filled.is_empty() {
            break;
        }
        for (i, rgb) in filled {
            level.rgb[i * 3..i * 3 + 3].copy_from_slice(&rgb);
            known[i] = true;
        }
        pending = rest;
    }
}

/// Rounds of match-then-vote at a scale (depth 0 is the finest) and the random-search radius.
/// Coarse scales are cheap and settle the structure, so they iterate more and search the
/// whole picture; the finest scale only sharpens what the coarser ones settled.
fn schedule(depth: usize, scales: usize, longest_side: usize) -> (usize, usize) {
    if depth + 1 == scales {
        (6, longest_side)
    } else if depth == 0 {
        (2, longest_side / 8)
    } else {
        (3, longest_side / 4)
    }
}

/// The full-scale roles of a hole that can be filled: the image must hold a patch twice
/// over, and the hole must leave at least one whole patch of the picture to copy from.
fn fill_roles(
    width: usize,
    height: usize,
    hole: &[bool],
    avoid: &[bool],
) -> Result<Roles, EngineError> {
    if width < 2 * PATCH || height < 2 * PATCH {
        return Err(EngineError::InvalidInput(format!(
            "image is too small to fill ({width}×{height})"
        )));
    }
    let roles = roles_of(width, height, hole, avoid);
    if roles.sources.is_empty() {
        return Err(EngineError::InvalidInput(
            "the mask leaves no part of the image to fill from".into(),
        ));
    }
    Ok(roles)
}

/// Whether [`inpaint`] can fill this hole (an empty hole needs nothing).
pub(crate) fn can_fill(width: usize, height: usize, hole: &[bool]) -> bool {
    !hole.contains(&true) || fill_roles(width, height, hole, &vec![false; hole.len()]).is_ok()
}

/// Fills the `hole` pixels of an RGB image (3 bytes a pixel) in place.
pub(crate) fn inpaint(
    rgb: &mut [u8],
    width: usize,
    height: usize,
    hole: &[bool],
    seed: u64,
    progress: &mut dyn Progress,
) -> Result<(), EngineError> {
    let avoid = vec![false; hole.len()];
    inpaint_avoiding(rgb, width, height, hole, &avoid, seed, progress)
}

/// [`inpaint`], copying from no patch that holds an `avoid` pixel (unless nothing else is
/// left to copy from).
pub(crate) fn inpaint_avoiding(
    rgb: &mut [u8],
    width: usize,
    height: usize,
    hole: &[bool],
    avoid: &[bool],
    seed: u64,
    progress: &mut dyn Progress,
) -> Result<(), EngineError> {
    if !hole.contains(&true) {
        return Ok(());
    }
    let nothing = vec![false; hole.len()];
    let (first, avoid) = match fill_roles(width, height, hole, avoid) {
        Ok(roles) => (roles, avoid),
        Err(_) => (fill_roles(width, height, hole, &nothing)?, &nothing[..]),
    };
    let mut levels = vec![Level {
        w: width,
        h: height,
        rgb: rgb.to_vec(),
        hole: hole.to_vec(),
        avoid: avoid.to_vec(),
    }];
    let mut level_roles = vec![first];
    loop {
        let last = levels.last().expect("pyramid has a level");
        if last.w.min(last.h) / 2 < MIN_SIDE {
            break;
        }
        let next = last.downsample();
        let next_roles = roles(&next);
        // Stop when the grown hole leaves too little to copy from at that scale.
        if next_roles.sources.len() < next_roles.targets.len().max(64) {
            break;
        }
        levels.push(next);
        level_roles.push(next_roles);
    }

    let mut rng = Rng(seed ^ 0x5EED_1A55_0F00_D5ED);
    let scales = levels.len();
    let longest = |l: &Level| l.w.max(l.h);
    let total_work: usize = (0..scales)
        .map(|depth| level_roles[depth].targets.len() * schedule(depth, scales, 1).0)
        .sum::<usize>()
        .max(1);
    let mut done_work = 0usize;
    // (level, its roles, its field) of the scale just finished, coarsest first.
    let mut coarser: Option<(Level, Roles, Field)> = None;
    for depth in (0..scales).rev() {
        let mut level = levels.pop().expect("one level per scale");
        let level_roles = level_roles.pop().expect("one role set per scale");
        let mut field = match &coarser {
            None => {
                onion_peel(&mut level);
                Field::random(&level, &level_roles, &mut rng)
            }
            Some((coarse, _, coarse_field)) => {
                // Start the finer scale from the coarser fill, pixel-doubled.
                for i in 0..level.w * level.h {
                    if level.hole[i] {
                        let (x, y) = (i % level.w, i / level.w);
                        let c = (y / 2) * coarse.w + x / 2;
                        level.rgb[i * 3..i * 3 + 3].copy_from_slice(&coarse.rgb[c * 3..c * 3 + 3]);
                    }
                }
                Field::upsample(coarse_field, coarse, &level, &level_roles, &mut rng)
            }
        };
        let (em_rounds, search) = schedule(depth, scales, longest(&level));
        let mut acc = vec![[0f32; 4]; level.w * level.h];
        for round in 0..em_rounds {
            field.measure(&level, &level_roles);
            for pass in 0..2 {
                field.improve(
                    &level,
                    &level_roles,
                    search.max(1),
                    (round + pass) % 2 == 0,
                    &mut rng,
                );
                done_work += level_roles.targets.len() / 2;
                progress.report(
                    "inpainting",
                    (done_work as f32 / total_work as f32).min(1.0),
                )?;
            }
            field.vote(&mut level, &level_roles, &mut acc);
        }
        coarser = Some((level, level_roles, field));
    }
    let (mut finest, finest_roles, finest_field) = coarser.expect("at least one scale");
    sharpen(&mut finest, &finest_roles, &finest_field);
    remove_seams(&mut finest);
    rgb.copy_from_slice(&finest.rgb);
    Ok(())
}

/// Voting averages overlapping patches, which softens fine texture (grain, speckle, tile
/// edges) into a smudge. At the finest scale each hole pixel that is a patch centre takes
/// its own best match's centre pixel instead: real pixels of the picture, copied whole.
/// Seams this may leave between neighbouring copies are small (neighbours mostly copy
/// neighbouring sources) and the membrane of [`remove_seams`] evens out the rest.
fn sharpen(level: &mut Level, roles: &Roles, field: &Field) {
    let copied: Vec<(usize, [u8; 3])> = roles
        .targets
        .iter()
        .map(|&t| t as usize)
        .filter(|&t| level.hole[t])
        .map(|t| {
            let s = field.src[t] as usize;
            (
                t,
                [level.rgb[s * 3], level.rgb[s * 3 + 1], level.rgb[s * 3 + 2]],
            )
        })
        .collect();
    for (t, rgb) in copied {
        level.rgb[t * 3..t * 3 + 3].copy_from_slice(&rgb);
    }
}

/// Copied patches carry their own brightness; in smooth areas (sky, blurred backgrounds) a
/// few levels of difference show as a seam along the mask. Measure the offset between the
/// fill's rim and the known pixels next to it, spread it smoothly over the hole (a membrane,
/// as in seamless cloning) and add it: the colour meets at the edge, the texture stays.
fn remove_seams(level: &mut Level) {
    const SEAM_LIMIT: f32 = 48.0;
    let (w, h) = (level.w, level.h);
    let mut offset = vec![[0f32; 3]; w * h];
    let mut weight = vec![0f32; w * h];
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            if !level.hole[i] {
                continue;
            }
            let mut sum = [0f32; 3];
            let mut n = 0f32;
            for (nx, ny) in [
                (x.wrapping_sub(1), y),
                (x + 1, y),
                (x, y.wrapping_sub(1)),
                (x, y + 1),
            ] {
                if nx < w && ny < h && !level.hole[ny * w + nx] {
                    let j = ny * w + nx;
                    for (s, &v) in sum.iter_mut().zip(&level.rgb[j * 3..j * 3 + 3]) {
                        *s += v as f32;
                    }
                    n += 1.0;
                }
            }
            if n > 0.0 {
                for c in 0..3 {
                    offset[i][c] = sum[c] / n - level.rgb[i * 3 + c] as f32;
                }
                // A large step is an object edge meeting the mask, not a seam: spreading it
                // would smear that object's colour into the fill.
                if offset[i].iter().all(|d| d.abs() <= SEAM_LIMIT) {
                    weight[i] = 1.0;
                }
            }
        }
    }
    let membrane = push_pull(offset, weight, w, h);
    for (i, m) in membrane.iter().enumerate() {
        if level.hole[i] {
            for (v, d) in level.rgb[i * 3..i * 3 + 3].iter_mut().zip(m) {
                *v = (*v as f32 + d).round().clamp(0.0, 255.0) as u8;
            }
        }
    }
}

/// Scattered-data interpolation: average the known samples down a pyramid until every cell
/// has some, then fill each finer level's gaps from the bilinearly upsampled coarser one.
pub(crate) fn push_pull(
    values: Vec<[f32; 3]>,
    weights: Vec<f32>,
    w: usize,
    h: usize,
) -> Vec<[f32; 3]> {
    if w <= 1 && h <= 1 || weights.iter().all(|&k| k >= 1.0) {
        return values;
    }
    let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
    let mut coarse_values = vec![[0f32; 3]; cw * ch];
    let mut coarse_weights = vec![0f32; cw * ch];
    for y in 0..h {
        for x in 0..w {
            let (i, o) = (y * w + x, (y / 2) * cw + x / 2);
            for c in 0..3 {
                coarse_values[o][c] += values[i][c] * weights[i];
            }
            coarse_weights[o] += weights[i];
        }
    }
    for (v, &k) in coarse_values.iter_mut().zip(&coarse_weights) {
        if k > 0.0 {
            *v = v.map(|c| c / k);
        }
    }
    let coarse_weights: Vec<f32> = coarse_weights.iter().map(|k| k.min(1.0)).collect();
    let coarse = push_pull(coarse_values, coarse_weights, cw, ch);
    let mut out = values;
    for y in 0..h {
        for x in 0..w {
            let i = y * w + x;
            let k = weights[i].min(1.0);
            if k >= 1.0 {
                continue;
            }
            // Bilinear sample of the coarse level at this pixel's centre.
            let fx = ((x as f32 + 0.5) / 2.0 - 0.5).clamp(0.0, (cw - 1) as f32);
            let fy = ((y as f32 + 0.5) / 2.0 - 0.5).clamp(0.0, (ch - 1) as f32);
            let (x0, y0) = (fx as usize, fy as usize);
            let (x1, y1) = ((x0 + 1).min(cw - 1), (y0 + 1).min(ch - 1));
            let (tx, ty) = (fx - x0 as f32, fy - y0 as f32);
            for c in 0..3 {
                let top = coarse[y0 * cw + x0][c] * (1.0 - tx) + coarse[y0 * cw + x1][c] * tx;
                let bottom = coarse[y1 * cw + x0][c] * (1.0 - tx) + coarse[y1 * cw + x1][c] * tx;
                let smooth = top * (1.0 - ty) + bottom * ty;
                out[i][c] = out[i][c] * k + smooth * (1.0 - k);
            }
        }
    }
    out
}
