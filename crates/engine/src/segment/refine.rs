//! From the working-resolution labelling to a full-resolution soft mask: a fast guided
//! filter (He & Sun) with the photo as the guide. Its coefficients are found at the working
//! resolution and applied to every full-resolution pixel, so the edge follows the photo's
//! own edge — sharp where the photo is sharp, soft where it is soft (hair, blur, a glass
//! rim) — at the cost of one pass over the full photo.

use image::{GrayImage, RgbaImage};

use crate::scene::raster::box_blur;

/// Box radius at the working resolution: the band either side of the cut in which the
/// photo's edge may move it.
const RADIUS: usize = 2;
/// Regularisation (guide in 0..1): how strong an edge must be to steer the mask; weaker
/// texture is smoothed over.
const EPS: f32 = 2.0e-3;

/// Per working pixel: the linear map `a·rgb + b` from guide colour to mask value.
pub struct Coefficients {
    w: usize,
    h: usize,
    a: [Vec<f32>; 3],
    b: Vec<f32>,
}

/// Fits the guided filter of `mask` (0..1) under `guide` (rgb 0..1), both `w`×`h`.
pub fn coefficients(guide: &[[f32; 3]], mask: &[f32], w: usize, h: usize) -> Coefficients {
    let n = w * h;
    let mean = |f: &dyn Fn(usize) -> f32| {
        let mut v: Vec<f32> = (0..n).map(f).collect();
        box_blur(&mut v, w, h, RADIUS, 1);
        v
    };
    let mi: [Vec<f32>; 3] = [0, 1, 2].map(|c| mean(&|i| guide[i][c]));
    let mp = mean(&|i| mask[i]);
    let mip: [Vec<f32>; 3] = [0, 1, 2].map(|c| mean(&|i| guide[i][c] * mask[i]));
    let pairs = [(0, 0), (0, 1), (0, 2), (1, 1), (1, 2), (2, 2)];
    let mii: Vec<Vec<f32>> = pairs
        .iter()
        .map(|&(r, c)| mean(&|i| guide[i][r] * guide[i][c]))
        .collect();
    let mut a = [vec![0f32; n], vec![0f32; n], vec![0f32; n]];
    let mut b = vec![0f32; n];
    for i in 0..n {
        let m = [mi[0][i], mi[1][i], mi[2][i]];
        let cov_ip = [0, 1, 2].map(|c| mip[c][i] - m[c] * mp[i]);
        let v = |k: usize| mii[k][i];
        let s = [
            [
                v(0) - m[0] * m[0] + EPS,
                v(1) - m[0] * m[1],
                v(2) - m[0] * m[2],
            ],
            [
                v(1) - m[0] * m[1],
                v(3) - m[1] * m[1] + EPS,
                v(4) - m[1] * m[2],
            ],
            [
                v(2) - m[0] * m[2],
                v(4) - m[1] * m[2],
                v(5) - m[2] * m[2] + EPS,
            ],
        ];
        let ai = solve3(s, cov_ip);
        for c in 0..3 {
            a[c][i] = ai[c];
        }
        b[i] = mp[i] - ai[0] * m[0] - ai[1] * m[1] - ai[2] * m[2];
    }
    for ch in a.iter_mut() {
        box_blur(ch, w, h, RADIUS, 1);
    }
    box_blur(&mut b, w, h, RADIUS, 1);
    Coefficients { w, h, a, b }
}

fn solve3(m: [[f32; 3]; 3], v: [f32; 3]) -> [f32; 3] {
    let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    if det.abs() < 1e-12 {
        return [0.0; 3];
    }
    let col = |k: usize| {
        let mut t = m;
        for r in 0..3 {
            t[r][k] = v[r];
        }
        t[0][0] * (t[1][1] * t[2][2] - t[1][2] * t[2][1])
            - t[0][1] * (t[1][0] * t[2][2] - t[1][2] * t[2][0])
            + t[0][2] * (t[1][0] * t[2][1] - t[1][1] * t[2][0])
    };
    [col(0) / det, col(1) / det, col(2) / det]
}

/// The full-resolution mask: each photo pixel through the bilinearly interpolated
/// coefficients. `settled` (working resolution) says where the labelling is the same all
/// around, which is answered outright without the filter's faint halo.
pub fn upsample(photo: &RgbaImage, co: &Coefficients, fg: &[bool]) -> GrayImage {
    let (pw, ph) = photo.dimensions();
    let (w, h) = (co.w, co.h);
    let settled: Vec<Option<bool>> = (0..w * h)
        .map(|i| {
            let (x, y) = (i % w, i / w);
            let v = fg[i];
            let r = RADIUS as isize + 1;
            let same = (-r..=r).all(|dy| {
                (-r..=r).all(|dx| {
                    let (nx, ny) = (x as isize + dx, y as isize + dy);
                    nx < 0
                        || ny < 0
                        || nx >= w as isize
                        || ny >= h as isize
                        || fg[ny as usize * w + nx as usize] == v
                })
            });
            same.then_some(v)
        })
        .collect();
    let sx = w as f32 / pw as f32;
    let sy = h as f32 / ph as f32;
    let mut out = vec![0u8; (pw * ph) as usize];
    let rows = out.chunks_mut(pw as usize).enumerate();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(4);
    let per = (ph as usize).div_ceil(threads);
    let raw = photo.as_raw();
    // Each photo column's left working column and weight, and the runs of photo columns that
    // share a working column: where a run's four working corners are settled alike, the whole
    // run is answered at once (most of a large photo).
    let cols: Vec<(usize, f32)> = (0..pw as usize)
        .map(|x| {
            let fx = ((x as f32 + 0.5) * sx - 0.5).clamp(0.0, (w - 1) as f32);
            let x0 = fx.floor() as usize;
            (x0, fx - x0 as f32)
        })
        .collect();
    let mut runs: Vec<(usize, usize, usize)> = Vec::new();
    for (x, &(x0, _)) in cols.iter().enumerate() {
        match runs.last_mut() {
            Some(run) if run.2 == x0 => run.1 = x + 1,
            _ => runs.push((x, x + 1, x0)),
        }
    }
    std::thread::scope(|scope| {
        let mut rows = rows.peekable();
        while rows.peek().is_some() {
            let chunk: Vec<(usize, &mut [u8])> = rows.by_ref().take(per).collect();
            let (co, settled, cols, runs) = (&co, &settled, &cols, &runs);
            scope.spawn(move || {
                for (y, row) in chunk {
                    let fy = ((y as f32 + 0.5) * sy - 0.5).clamp(0.0, (h - 1) as f32);
                    let y0 = fy.floor() as usize;
                    let y1 = (y0 + 1).min(h - 1);
                    let ty = fy - y0 as f32;
                    for &(start, end, x0) in runs {
                        let x1 = (x0 + 1).min(w - 1);
                        let corners = [y0 * w + x0, y0 * w + x1, y1 * w + x0, y1 * w + x1];
                        if let Some(v) = settled[corners[0]] {
                            if corners.iter().all(|&c| settled[c] == Some(v)) {
                                row[start..end].fill(if v { 255 } else { 0 });
                                continue;
                            }
                        }
                        for (x, o) in row.iter_mut().enumerate().take(end).skip(start) {
                            let tx = cols[x].1;
                            let lerp = |v: &[f32]| {
                                let top = v[corners[0]] * (1.0 - tx) + v[corners[1]] * tx;
                                let bottom = v[corners[2]] * (1.0 - tx) + v[corners[3]] * tx;
                                top * (1.0 - ty) + bottom * ty
                            };
                            let p = (y * pw as usize + x) * 4;
                            let mut q = lerp(&co.b);
                            for c in 0..3 {
                                q += lerp(&co.a[c]) * raw[p + c] as f32 / 255.0;
                            }
                            // Values within a few percent of 0 or 1 are the filter's ripple.
                            let q = ((q - 0.04) / 0.92).clamp(0.0, 1.0);
                            *o = (q * 255.0).round() as u8;
                        }
                    }
                }
            });
        }
    });
    GrayImage::from_raw(pw, ph, out).expect("size matches")
}
