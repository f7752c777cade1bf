//! Gaussian mixture colour models for the product and the background.

/// Components per model: enough for a product's few materials or a table's grain, few enough
/// that a model fitted on a small region does not memorise it.
pub const COMPONENTS: usize = 5;

/// Smallest variance along any colour axis (Lab units²): keeps a flat region from making
/// its model infinitely sure of itself.
const MIN_VAR: f32 = 4.0;

#[derive(Clone, Debug)]
struct Component {
    mean: [f32; 3],
    inv: [[f32; 3]; 3],
    /// log(weight) − ½·log det Σ − 3/2·log 2π.
    log_norm: f32,
}

/// A mixture of full-covariance Gaussians over colour.
#[derive(Clone, Debug)]
pub struct Gmm {
    parts: Vec<Component>,
}

impl Gmm {
    /// Fits `COMPONENTS` Gaussians to `samples` (k-means start, then two rounds of hard EM).
    /// Answers `None` for fewer than a handful of samples.
    pub fn fit(samples: &[[f32; 3]]) -> Option<Gmm> {
        if samples.len() < 8 {
            return None;
        }
        let k = COMPONENTS.min(samples.len() / 4).max(1);
        // Farthest-point seeds: deterministic, and they find small distinct colours (a dark
        // corner, a label) that random seeds would miss.
        let mut centres = vec![mean(samples)];
        let mut near = vec![f32::MAX; samples.len()];
        while centres.len() < k {
            let last = *centres.last().expect("one centre");
            let mut far = (0, -1.0f32);
            for (i, s) in samples.iter().enumerate() {
                near[i] = near[i].min(dist2(*s, last));
                if near[i] > far.1 {
                    far = (i, near[i]);
                }
            }
            centres.push(samples[far.0]);
        }
        let mut label = vec![0usize; samples.len()];
        for _ in 0..6 {
            for (l, s) in label.iter_mut().zip(samples) {
                *l = (0..k)
                    .min_by(|&a, &b| dist2(*s, centres[a]).total_cmp(&dist2(*s, centres[b])))
                    .unwrap_or(0);
            }
            let mut sums = vec![([0f32; 3], 0usize); k];
            for (l, s) in label.iter().zip(samples) {
                for (sum, v) in sums[*l].0.iter_mut().zip(s) {
                    *sum += v;
                }
                sums[*l].1 += 1;
            }
            for (c, (sum, n)) in centres.iter_mut().zip(sums) {
                if n > 0 {
                    *c = sum.map(|v| v / n as f32);
                }
            }
        }
        let mut gmm = Gmm::from_labels(samples, &label, k)?;
        for _ in 0..2 {
            for (l, s) in label.iter_mut().zip(samples) {
                *l = gmm.best(*s);
            }
            gmm = Gmm::from_labels(samples, &label, gmm.parts.len())?;
        }
        Some(gmm)
    }

    fn from_labels(samples: &[[f32; 3]], label: &[usize], k: usize) -> Option<Gmm> {
        let mut acc = vec![([0f64; 3], [[0f64; 3]; 3], 0usize); k];
        for (s, &l) in samples.iter().zip(label) {
            let a = &mut acc[l];
            for i in 0..3 {
                a.0[i] += s[i] as f64;
                for j in 0..3 {
                    a.1[i][j] += s[i] as f64 * s[j] as f64;
                }
            }
            a.2 += 1;
        }
        let total = samples.len() as f32;
        let parts: Vec<Component> = acc
            .into_iter()
            .filter(|a| a.2 >= 3)
            .map(|(sum, sq, n)| {
                let nf = n as f64;
                let mean = sum.map(|v| v / nf);
                let mut cov = [[0f32; 3]; 3];
                for i in 0..3 {
                    for j in 0..3 {
                        cov[i][j] = (sq[i][j] / nf - mean[i] * mean[j]) as f32;
                    }
                    cov[i][i] += MIN_VAR;
                }
                let (inv, det) = invert(cov);
                let weight = n as f32 / total;
                Component {
                    mean: mean.map(|v| v as f32),
                    inv,
                    log_norm: weight.ln() - 0.5 * det.max(1e-6).ln() - 2.756_815_6,
                }
            })
            .collect();
        (!parts.is_empty()).then_some(Gmm { parts })
    }

    fn log_part(c: &Component, z: [f32; 3]) -> f32 {
        let d = [z[0] - c.mean[0], z[1] - c.mean[1], z[2] - c.mean[2]];
        let mut q = 0.0;
        for i in 0..3 {
            q += d[i] * (c.inv[i][0] * d[0] + c.inv[i][1] * d[1] + c.inv[i][2] * d[2]);
        }
        c.log_norm - 0.5 * q
    }

    fn best(&self, z: [f32; 3]) -> usize {
        let mut best = (0, f32::MIN);
        for (k, c) in self.parts.iter().enumerate() {
            let l = Self::log_part(c, z);
            if l > best.1 {
                best = (k, l);
            }
        }
        best.0
    }

    /// −log p(z): the cost of calling colour `z` a member of this model.
    pub fn cost(&self, z: [f32; 3]) -> f32 {
        let mut logs = [f32::MIN; COMPONENTS];
        for (l, c) in logs.iter_mut().zip(&self.parts) {
            *l = Self::log_part(c, z);
        }
        let top = logs.iter().copied().fold(f32::MIN, f32::max);
        let sum: f32 = logs[..self.parts.len()]
            .iter()
            .map(|l| (l - top).exp())
            .sum();
        -(top + sum.ln())
    }
}

fn mean(samples: &[[f32; 3]]) -> [f32; 3] {
    let mut s = [0f64; 3];
    for p in samples {
        for c in 0..3 {
            s[c] += p[c] as f64;
        }
    }
    s.map(|v| (v / samples.len().max(1) as f64) as f32)
}

fn dist2(a: [f32; 3], b: [f32; 3]) -> f32 {
    (a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)
}

/// Inverse and determinant of a symmetric positive-definite 3×3 matrix.
fn invert(m: [[f32; 3]; 3]) -> ([[f32; 3]; 3], f32) {
    let det = m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
        - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
        + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
    let det = det.max(1e-6);
    let inv = [
        [
            (m[1][1] * m[2][2] - m[1][2] * m[2][1]) / det,
            (m[0][2] * m[2][1] - m[0][1] * m[2][2]) / det,
            (m[0][1] * m[1][2] - m[0][2] * m[1][1]) / det,
        ],
        [
            (m[1][2] * m[2][0] - m[1][0] * m[2][2]) / det,
            (m[0][0] * m[2][2] - m[0][2] * m[2][0]) / det,
            (m[0][2] * m[1][0] - m[0][0] * m[1][2]) / det,
        ],
        [
            (m[1][0] * m[2][1] - m[1][1] * m[2][0]) / det,
            (m[0][1] * m[2][0] - m[0][0] * m[2][1]) / det,
            (m[0][0] * m[1][1] - m[0][1] * m[1][0]) / det,
        ],
    ];
    (inv, det)
}
