//! Frame rendering straight into YUV 4:2:0 (what the encoder takes): the layers are converted
//! once, then every frame is a bilinear resample per layer plus an alpha blend. No per-frame
//! allocation and no RGB→YUV pass per frame.
//!
//! Every layer is resampled through one affine map per frame (zoom and offset), never a
//! per-pixel warp, so the product layer keeps its exact shape in every frame.

use image::RgbaImage;

use super::motion::{Frame, Pose};

/// One colour plane as f32, so resampling needs no conversions.
struct Plane {
    w: usize,
    h: usize,
    data: Vec<f32>,
}

/// Per-frame lookup for one axis of a separable map: the two neighbouring source indices
/// and the weight of the second, for every output position.
#[derive(Default)]
struct Axis {
    i0: Vec<usize>,
    i1: Vec<usize>,
    t: Vec<f32>,
}

impl Axis {
    /// Fills the table for output positions `0..n` mapped by `a * i + b` into `0..len`.
    fn fill(&mut self, n: usize, a: f32, b: f32, len: usize) {
        self.i0.clear();
        self.i1.clear();
        self.t.clear();
        let last = (len - 1) as f32;
        for i in 0..n {
            let x = (a * i as f32 + b).clamp(0.0, last);
            let x0 = x as usize;
            self.i0.push(x0);
            self.i1.push((x0 + 1).min(len - 1));
            self.t.push(x - x0 as f32);
        }
    }
}

/// Bilinear sample through precomputed axis tables: column `x`, between rows `r0` and `r1`.
#[inline]
fn sample_at(r0: &[f32], r1: &[f32], ty: f32, cols: &Axis, x: usize) -> f32 {
    let (x0, x1, tx) = (cols.i0[x], cols.i1[x], cols.t[x]);
    let top = r0[x0] + (r0[x1] - r0[x0]) * tx;
    let bottom = r1[x0] + (r1[x1] - r1[x0]) * tx;
    top + (bottom - top) * ty
}

/// The two source rows (and the weight between them) for output row `y`.
#[inline]
fn rows<'a>(plane: &'a Plane, rows: &Axis, y: usize) -> (&'a [f32], &'a [f32], f32) {
    let w = plane.w;
    let (y0, y1) = (rows.i0[y], rows.i1[y]);
    (
        &plane.data[y0 * w..(y0 + 1) * w],
        &plane.data[y1 * w..(y1 + 1) * w],
        rows.t[y],
    )
}

/// A layer as premultiplied BT.601 limited-range planes: luma (Y·α), chroma ((U−128)·α,
/// (V−128)·α) at half resolution, and α at both resolutions.
struct Layer {
    y: Plane,
    u: Plane,
    v: Plane,
    alpha: Plane,
    alpha_half: Plane,
}

impl Layer {
    fn new(image: &RgbaImage) -> Layer {
        let (w, h) = (image.width() as usize, image.height() as usize);
        let (cw, ch) = (w.div_ceil(2), h.div_ceil(2));
        let mut y = vec![0f32; w * h];
        let mut alpha = vec![0f32; w * h];
        let mut u = vec![0f32; cw * ch];
        let mut v = vec![0f32; cw * ch];
        let mut alpha_half = vec![0f32; cw * ch];
        for (i, p) in image.pixels().enumerate() {
            let a = p.0[3] as f32 / 255.0;
            let [r, g, b] = [p.0[0], p.0[1], p.0[2]].map(|c| c as f32 * a);
            y[i] = 16.0 * a + (65.481 * r + 128.553 * g + 24.966 * b) / 255.0;
            alpha[i] = a;
            let c = (i / w / 2) * cw + (i % w) / 2;
            u[c] += 0.25 * (-37.797 * r - 74.203 * g + 112.0 * b) / 255.0;
            v[c] += 0.25 * (112.0 * r - 93.786 * g - 18.214 * b) / 255.0;
            alpha_half[c] += 0.25 * a;
        }
        let plane = |w, h, data| Plane { w, h, data };
        Layer {
            y: plane(w, h, y),
            u: plane(cw, ch, u),
            v: plane(cw, ch, v),
            alpha: plane(w, h, alpha),
            alpha_half: plane(cw, ch, alpha_half),
        }
    }
}

/// A soft out-of-focus mote: position in 0..1 of the layer (wrapping), radius as a fraction
/// of the frame height, peak brightness in luma levels.
struct Mote {
    u: f32,
    v: f32,
    radius: f32,
    strength: f32,
}

fn motes(seed: u64) -> Vec<Mote> {
    let mut rng = crate::scene::noise::Rng::new(seed ^ 0x0D05_7A11);
    (0..34)
        .map(|_| {
            let big = rng.chance(0.3);
            Mote {
                u: rng.f32(),
                v: rng.range(0.05, 0.95),
                radius: if big {
                    rng.range(0.02, 0.04)
                } else {
                    rng.range(0.004, 0.012)
                },
                strength: if big {
                    rng.range(5.0, 11.0)
                } else {
                    rng.range(10.0, 24.0)
                },
            }
        })
        .collect()
}

/// Affine map from output pixel coordinates to layer pixel coordinates for a pose:
/// `layer = a * out + b` on each axis.
#[derive(Clone, Copy)]
struct Map {
    ax: f32,
    bx: f32,
    ay: f32,
    by: f32,
}

impl Map {
    fn new(pose: Pose, out_w: usize, out_h: usize, layer_w: usize, layer_h: usize) -> Map {
        // Normalised frame coordinate f in -0.5..0.5 shows layer coordinate f / zoom − d.
        let axis = |out: usize, layer: usize, d: f32| {
            let a = layer as f32 / (out as f32 * pose.zoom);
            let b = (0.5 / out as f32 - 0.5) / pose.zoom * layer as f32 - d * layer as f32
                + 0.5 * layer as f32
                - 0.5;
            (a, b)
        };
        let (ax, bx) = axis(out_w, layer_w, pose.dx);
        let (ay, by) = axis(out_h, layer_h, pose.dy);
        Map { ax, bx, ay, by }
    }

    /// The same map for the half-resolution chroma planes.
    fn half(self) -> Map {
        // Chroma pixel c covers output pixels 2c and 2c+1 (centre 2c + 0.5); the layer's
        // chroma pixel k covers layer pixels 2k and 2k+1.
        Map {
            ax: self.ax,
            bx: (self.ax * 0.5 + self.bx - 0.5) / 2.0,
            ay: self.ay,
            by: (self.ay * 0.5 + self.by - 0.5) / 2.0,
        }
    }
}

/// The prepared scene: a background and, when the product could be told apart, the product
/// as its own layer. Owns the frame buffers it renders into.
pub(super) struct Renderer {
    w: usize,
    h: usize,
    background: Layer,
    product: Option<Layer>,
    motes: Vec<Mote>,
    /// Luma the motes add to the background this frame, and per row the span it touched
    /// (empty when start ≥ end), so only that is added and cleared.
    glow: Vec<f32>,
    glow_spans: Vec<(usize, usize)>,
    sweep_lut: Vec<f32>,
    /// Axis tables of the background and product maps, luma then chroma, reused per frame.
    axes: [Axis; 8],
    pub y: Vec<u8>,
    pub u: Vec<u8>,
    pub v: Vec<u8>,
    /// The product's coverage in the last frame (0..255), kept only when asked for (see
    /// [`Renderer::keep_mask`]) and empty without a product layer.
    pub mask: Vec<u8>,
    keep_mask: bool,
}

impl Renderer {
    /// `background` and `product` are already scaled to the layer size (frame × max zoom).
    pub fn new(
        w: usize,
        h: usize,
        background: &RgbaImage,
        product: Option<&RgbaImage>,
        seed: u64,
    ) -> Renderer {
        Renderer {
            w,
            h,
            background: Layer::new(background),
            mask: Vec::new(),
            keep_mask: false,
            product: product.map(Layer::new),
            motes: motes(seed),
            glow: vec![0.0; w * h],
            glow_spans: vec![(0, 0); h],
            sweep_lut: vec![0.0; w + h + 1],
            axes: Default::default(),
            y: vec![0; w * h],
            u: vec![0; (w / 2) * (h / 2)],
            v: vec![0; (w / 2) * (h / 2)],
        }
    }

    /// Makes [`Renderer::render`] record the product's coverage in `mask` (for previews).
    pub fn keep_mask(&mut self) {
        if self.product.is_some() {
            self.keep_mask = true;
            self.mask = vec![0; self.w * self.h];
        }
    }

    /// Paints the motes for this frame into the glow buffer (cleared where the last frame
    /// painted), placed by their own pose so they drift at their own depth.
    fn paint_motes(&mut self, pose: Pose) {
        let (w, h) = (self.w, self.h);
        for (y, span) in self.glow_spans.iter_mut().enumerate() {
            if span.0 < span.1 {
                self.glow[y * w + span.0..y * w + span.1]
                    .iter_mut()
                    .for_each(|g| *g = 0.0);
            }
            *span = (w, 0);
        }
        let hf = h as f32;
        for m in &self.motes {
            // The field wraps, so a drift never runs out of motes.
            let u = ((m.u - 0.5) * pose.zoom + pose.dx * pose.zoom).rem_euclid(1.0);
            let v = ((m.v - 0.5) * pose.zoom + 0.5 + pose.dy).rem_euclid(1.0);
            let (cx, cy) = (u * w as f32, v * hf);
            let r = m.radius * hf * pose.zoom;
            let (y0, y1) = (
                (cy - r).floor().max(0.0) as usize,
                ((cy + r).ceil() as usize).min(h),
            );
            let (x0, x1) = (
                (cx - r).floor().max(0.0) as usize,
                ((cx + r).ceil() as usize).min(w),
            );
            if y0 >= y1 || x0 >= x1 {
                continue;
            }
            let inv = 1.0 / (r * r).max(1.0);
            for y in y0..y1 {
                let span = &mut self.glow_spans[y];
                *span = (span.0.min(x0), span.1.max(x1));
                let dy = y as f32 + 0.5 - cy;
                let row = &mut self.glow[y * w..(y + 1) * w];
                for (x, g) in row.iter_mut().enumerate().take(x1).skip(x0) {
                    let dx = x as f32 + 0.5 - cx;
                    let d2 = (dx * dx + dy * dy) * inv;
                    if d2 < 1.0 {
                        // A flat disc with a soft rim, as defocused highlights look.
                        let rim = ((1.0 - d2) * 4.0).min(1.0);
                        *g += m.strength * rim;
                    }
                }
            }
        }
    }

    pub fn render(&mut self, frame: &Frame, sweep_from_right: bool, particles: bool) {
        let (w, h) = (self.w, self.h);
        // A flat picture is one rigid layer: it follows the background's pose.
        let product_pose = if self.product.is_some() {
            frame.product
        } else {
            frame.background
        };
        if particles {
            self.paint_motes(frame.particles);
        }
        let bg = &self.background;
        let bg_map = Map::new(frame.background, w, h, bg.y.w, bg.y.h);
        let fg_map = Map::new(product_pose, w, h, bg.y.w, bg.y.h);

        // The sweep is a soft diagonal band; its profile along x + y is tabulated per frame.
        if let Some(position) = frame.sweep {
            for (k, value) in self.sweep_lut.iter_mut().enumerate() {
                let mut q = k as f32 / (w + h) as f32;
                if sweep_from_right {
                    q = 1.0 - q;
                }
                let d = (q - position) / 0.07;
                *value = (-d * d).exp();
            }
        }

        let (cw, ch) = (w / 2, h / 2);
        let (bg_half, fg_half) = (bg_map.half(), fg_map.half());
        let [bgx, bgy, fgx, fgy, bgcx, bgcy, fgcx, fgcy] = &mut self.axes;
        bgx.fill(w, bg_map.ax, bg_map.bx, bg.y.w);
        bgy.fill(h, bg_map.ay, bg_map.by, bg.y.h);
        fgx.fill(w, fg_map.ax, fg_map.bx, bg.y.w);
        fgy.fill(h, fg_map.ay, fg_map.by, bg.y.h);
        bgcx.fill(cw, bg_half.ax, bg_half.bx, bg.u.w);
        bgcy.fill(ch, bg_half.ay, bg_half.by, bg.u.h);
        fgcx.fill(cw, fg_half.ax, fg_half.bx, bg.u.w);
        fgcy.fill(ch, fg_half.ay, fg_half.by, bg.u.h);
        let (bgx, bgy, fgx, fgy) = (&*bgx, &*bgy, &*fgx, &*fgy);
        let (bgcx, bgcy, fgcx, fgcy) = (&*bgcx, &*bgcy, &*fgcx, &*fgcy);
        let sweep = frame.sweep.is_some().then_some(&self.sweep_lut);
        // Light crossing the set: a broad band on the backdrop, a glint on the product.
        const SWEEP_BACK: f32 = 26.0;
        const SWEEP_GLINT: f32 = 48.0;

        for py in 0..h {
            let row = &mut self.y[py * w..(py + 1) * w];
            let (b0, b1, bty) = rows(&bg.y, bgy, py);
            let span = if particles {
                self.glow_spans[py]
            } else {
                (0, 0)
            };
            let glow = &self.glow[py * w..(py + 1) * w];
            match &self.product {
                Some(fg) => {
                    let (a0, a1, aty) = rows(&fg.alpha, fgy, py);
                    let (f0, f1, fty) = rows(&fg.y, fgy, py);
                    for (px, out) in row.iter_mut().enumerate() {
                        let back = sample_at(b0, b1, bty, bgx, px);
                        let a = sample_at(a0, a1, aty, fgx, px);
                        let mut value = if a > 0.0 {
                            sample_at(f0, f1, fty, fgx, px) + (1.0 - a) * back
                        } else {
                            back
                        };
                        if let Some(lut) = sweep {
                            value += lut[px + py] * (SWEEP_BACK * (1.0 - a) + SWEEP_GLINT * a);
                        }
                        *out = (value + 0.5).clamp(16.0, 235.0) as u8;
                    }
                    // Motes drift behind the product: where it covers them they fade.
                    for px in span.0..span.1 {
                        let a = sample_at(a0, a1, aty, fgx, px);
                        let lit = row[px] as f32 + glow[px] * (1.0 - a);
                        row[px] = (lit + 0.5).clamp(16.0, 235.0) as u8;
                    }
                    if self.keep_mask {
                        let mask = &mut self.mask[py * w..(py + 1) * w];
                        for (px, m) in mask.iter_mut().enumerate() {
                            *m = (sample_at(a0, a1, aty, fgx, px) * 255.0 + 0.5) as u8;
                        }
                    }
                }
                None => {
                    for (px, out) in row.iter_mut().enumerate() {
                        let mut value = sample_at(b0, b1, bty, bgx, px);
                        if let Some(lut) = sweep {
                            value += SWEEP_BACK * lut[px + py];
                        }
                        *out = (value + 0.5).clamp(16.0, 235.0) as u8;
                    }
                    for px in span.0..span.1 {
                        let lit = row[px] as f32 + glow[px];
                        row[px] = (lit + 0.5).clamp(16.0, 235.0) as u8;
                    }
                }
            }
        }

        for cy in 0..ch {
            let (u0, u1, uty) = rows(&bg.u, bgcy, cy);
            let (v0, v1, vty) = rows(&bg.v, bgcy, cy);
            for cx in 0..cw {
                let bu = sample_at(u0, u1, uty, bgcx, cx);
                let bv = sample_at(v0, v1, vty, bgcx, cx);
                let (u, v) = match &self.product {
                    Some(fg) => {
                        let (a0, a1, aty) = rows(&fg.alpha_half, fgcy, cy);
                        let a = sample_at(a0, a1, aty, fgcx, cx);
                        if a > 0.0 {
                            let (fu0, fu1, fuy) = rows(&fg.u, fgcy, cy);
                            let (fv0, fv1, fvy) = rows(&fg.v, fgcy, cy);
                            (
                                sample_at(fu0, fu1, fuy, fgcx, cx) + (1.0 - a) * bu,
                                sample_at(fv0, fv1, fvy, fgcx, cx) + (1.0 - a) * bv,
                            )
                        } else {
                            (bu, bv)
                        }
                    }
                    None => (bu, bv),
                };
                let i = cy * cw + cx;
                self.u[i] = (128.5 + u).clamp(16.0, 240.0) as u8;
                self.v[i] = (128.5 + v).clamp(16.0, 240.0) as u8;
            }
        }
    }
    /// The current frame as RGBA (BT.601 limited range, the inverse of the conversion above).
    pub fn to_rgba(&self) -> RgbaImage {
        let (w, cw) = (self.w, self.w / 2);
        RgbaImage::from_fn(self.w as u32, self.h as u32, |x, y| {
            let (x, y) = (x as usize, y as usize);
            let l = (self.y[y * w + x] as f32 - 16.0) * 255.0 / 219.0;
            let c = (y / 2).min(self.h / 2 - 1) * cw + (x / 2).min(cw - 1);
            let (u, v) = (
                (self.u[c] as f32 - 128.0) * 255.0 / 224.0,
                (self.v[c] as f32 - 128.0) * 255.0 / 224.0,
            );
            let r = l + 1.402 * v;
            let g = l - 0.344_136 * u - 0.714_136 * v;
            let b = l + 1.772 * u;
            let [r, g, b] = [r, g, b].map(|c| c.round().clamp(0.0, 255.0) as u8);
            image::Rgba([r, g, b, 255])
        })
    }
}
