//! Surfaces of a named material drawn into a mask: wood planks, marble, concrete, linen,
//! tiles, bricks… Each is a procedural texture laid in the picture's perspective (a surface
//! low in the frame recedes towards a horizon above it; anything else faces the camera) and
//! lit by the picture's own light (the brightness gradient of the mask's surroundings), with
//! the surroundings' grain on top.

use image::RgbaImage;

use crate::scene::noise::{hash2, Noise};

/// What a surface is made of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaterialKind {
    Walnut,
    Oak,
    Pine,
    Ash,
    Marble,
    Granite,
    Concrete,
    Terrazzo,
    Slate,
    Linen,
    Velvet,
    Paper,
    Sand,
    Grass,
    Water,
    Tiles,
    Brick,
}

impl MaterialKind {
    /// The material's usual colour.
    pub fn colour(self) -> [u8; 3] {
        match self {
            MaterialKind::Walnut => [112, 74, 50],
            MaterialKind::Oak => [184, 140, 94],
            MaterialKind::Pine => [214, 176, 122],
            MaterialKind::Ash => [216, 196, 164],
            MaterialKind::Marble => [236, 234, 230],
            MaterialKind::Granite => [128, 126, 124],
            MaterialKind::Concrete => [160, 158, 152],
            MaterialKind::Terrazzo => [226, 220, 210],
            MaterialKind::Slate => [82, 88, 96],
            MaterialKind::Linen => [216, 206, 188],
            MaterialKind::Velvet => [110, 40, 60],
            MaterialKind::Paper => [240, 236, 226],
            MaterialKind::Sand => [222, 198, 154],
            MaterialKind::Grass => [86, 136, 58],
            MaterialKind::Water => [70, 130, 160],
            MaterialKind::Tiles => [230, 232, 230],
            MaterialKind::Brick => [160, 78, 56],
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            MaterialKind::Walnut => "walnut",
            MaterialKind::Oak => "oak",
            MaterialKind::Pine => "pine",
            MaterialKind::Ash => "ash",
            MaterialKind::Marble => "marble",
            MaterialKind::Granite => "granite",
            MaterialKind::Concrete => "concrete",
            MaterialKind::Terrazzo => "terrazzo",
            MaterialKind::Slate => "slate",
            MaterialKind::Linen => "linen",
            MaterialKind::Velvet => "velvet",
            MaterialKind::Paper => "paper",
            MaterialKind::Sand => "sand",
            MaterialKind::Grass => "grass",
            MaterialKind::Water => "water",
            MaterialKind::Tiles => "tiles",
            MaterialKind::Brick => "brick",
        }
    }
}

/// A material in a colour: its usual one, or the one the seller named ("pale concrete",
/// "green velvet").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Material {
    pub kind: MaterialKind,
    pub colour: [u8; 3],
}

/// How texture coordinates follow the picture: facing the camera, or a floor receding to
/// a horizon at `horizon` (image rows), which is seen `squash` times flatter at the
/// mask's nearest row `near`.
struct Perspective {
    floor: Option<(f32, f32)>,
    cx: f32,
    squash: f32,
}

impl Perspective {
    fn of(inside: &[bool], w: usize, h: usize) -> Perspective {
        let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
        for (i, _) in inside.iter().enumerate().filter(|(_, m)| **m) {
            let (x, y) = (i % w, i / w);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
        let cx = (x0 + x1) as f32 / 2.0;
        // A mask wholly in the lower part of the frame is a table, counter or floor: seen
        // from above at an angle, its far edge is smaller than its near edge.
        let floor = (y0 as f32 > h as f32 * 0.45).then(|| {
            let (top, near) = (y0 as f32, y1 as f32 + 1.0);
            // The far edge shows at 0.6 of the near edge's scale.
            let horizon = (top - 0.6 * near) / 0.4;
            (horizon, near)
        });
        Perspective {
            floor,
            cx,
            squash: 1.7,
        }
    }

    /// Texture coordinates (pixels at the mask's nearest row) of an image pixel.
    fn uv(&self, x: f32, y: f32) -> (f32, f32) {
        match self.floor {
            None => (x, y),
            Some((horizon, near)) => {
                let d = near - horizon;
                let depth = d / (y - horizon).max(1.0);
                (
                    self.cx + (x - self.cx) * depth,
                    self.squash * d * depth + 1000.0,
                )
            }
        }
    }
}

/// The material's colour at texture point `(u, v)`, 0..=255 per channel. `s` is the size of
/// one texture unit in pixels (patterns scale with the picture).
fn albedo(m: Material, n: &Noise, u: f32, v: f32, s: f32, seed: u32) -> [f32; 3] {
    let t = Texel {
        c: m.colour.map(|v| v as f32),
        n,
        u,
        v,
        x: u / s,
        y: v / s,
        seed,
    };
    let (x, y) = (t.x, t.y);
    match m.kind {
        MaterialKind::Walnut | MaterialKind::Oak | MaterialKind::Pine | MaterialKind::Ash => {
            planks(&t)
        }
        MaterialKind::Marble => marble(&t),
        MaterialKind::Granite => {
            let h = t.speck(1.6 * s, 11);
            let k = if h < 0.22 {
                0.45
            } else if h > 0.86 {
                1.3
            } else {
                0.9 + 0.2 * t.speck(1.0, 12)
            };
            t.tone(k * (0.95 + 0.1 * n.fbm(x * 0.02, y * 0.02, 3)))
        }
        MaterialKind::Concrete => {
            let mottle = n.fbm(x * 0.012, y * 0.012, 5);
            let fine = t.speck(1.0, 21) - 0.5;
            let pit = if t.speck(3.0 * s, 22) < 0.012 {
                0.8
            } else {
                1.0
            };
            t.tone((0.9 + 0.2 * mottle + 0.06 * fine) * pit)
        }
        MaterialKind::Terrazzo => terrazzo(&t),
        MaterialKind::Slate => {
            let layers = n.fbm(x * 0.004, y * 0.05, 5);
            t.tone(0.85 + 0.3 * layers + 0.05 * (t.speck(1.0, 41) - 0.5))
        }
        MaterialKind::Linen => {
            let period = 3.0 * s;
            let warp = (u * std::f32::consts::TAU / period).sin();
            let weft = (v * std::f32::consts::TAU / period).sin();
            let slub = n.fbm(x * 0.5, y * 0.03, 2) - 0.5;
            let slub2 = n.fbm(x * 0.03 + 50.0, y * 0.5, 2) - 0.5;
            t.tone(0.97 + 0.05 * warp * weft + 0.1 * slub + 0.08 * slub2)
        }
        MaterialKind::Velvet => {
            let fold = n.fbm(x * 0.005, y * 0.005, 3);
            t.tone(0.7 + 0.55 * fold + 0.04 * (t.speck(1.0, 51) - 0.5))
        }
        MaterialKind::Paper => {
            let fibre = n.fbm(x * 0.3, y * 0.06, 3) - 0.5;
            t.tone(0.98 + 0.05 * fibre + 0.03 * (t.speck(1.0, 61) - 0.5))
        }
        MaterialKind::Sand => {
            let ripple = ((y * 0.16 + 4.0 * n.fbm(x * 0.01, y * 0.01, 3)) * 1.0).sin();
            t.tone(0.95 + 0.05 * ripple + 0.16 * (t.speck(1.0, 71) - 0.5))
        }
        MaterialKind::Grass => {
            // Blades: thin vertical streaks of varying length and shade.
            let blade = n.fbm(x * 0.7, y * 0.04, 3);
            let tip = n.fbm(x * 0.35 + 20.0, y * 0.02, 2);
            let k = 0.55 + 0.75 * blade;
            mix(
                t.tone(k),
                [196.0, 200.0, 110.0],
                (tip - 0.62).max(0.0) * 1.5,
            )
        }
        MaterialKind::Water => {
            let ripple = ((y * 0.22 + 5.0 * n.fbm(x * 0.008, y * 0.03, 4)) * 1.3).sin();
            let glint = (n.fbm(x * 0.03, y * 0.1, 3) - 0.64).max(0.0) * 3.0;
            mix(t.tone(0.9 + 0.14 * ripple), [236.0, 244.0, 248.0], glint)
        }
        MaterialKind::Tiles => tiles(&t),
        MaterialKind::Brick => bricks(&t),
    }
}

/// One point of a material's texture: its base colour, the noise, the point in pixels
/// (`u`, `v`) and in texture units (`x`, `y`), and the seed.
struct Texel<'a> {
    c: [f32; 3],
    n: &'a Noise,
    u: f32,
    v: f32,
    x: f32,
    y: f32,
    seed: u32,
}

impl Texel<'_> {
    /// The base colour at brightness `k`.
    fn tone(&self, k: f32) -> [f32; 3] {
        self.c.map(|v| v * k)
    }

    /// A random value, 0 to 1, constant over cells `scale` pixels wide.
    fn speck(&self, scale: f32, k: u32) -> f32 {
        hash2(
            (self.u / scale) as i32 as u32,
            (self.v / scale) as i32 as u32,
            self.seed ^ k,
        )
    }
}

/// `a` to `b` by `t` (clamped to 0..1).
fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t.clamp(0.0, 1.0))
}

/// Planks running across the picture; each has its own tone, grain and joints.
fn planks(t: &Texel) -> [f32; 3] {
    let (n, x, y, seed) = (t.n, t.x, t.y, t.seed);
    let plank = 38.0;
    let row = (y / plank).floor();
    let within = y - row * plank;
    let jitter = hash2(row as i32 as u32, 3, seed) - 0.5;
    let offset = hash2(row as i32 as u32, 5, seed) * 300.0;
    let along = x + offset;
    let board = (along / 220.0).floor();
    let board_tone = hash2(row as i32 as u32, board as i32 as u32, seed ^ 7) - 0.5;
    let warp = n.fbm(along * 0.01, y * 0.05 + row * 7.0, 3) * 9.0;
    let rings = ((within + warp) * 0.7).sin() * 0.5 + 0.5;
    let streak = n.fbm(along * 0.004 + row * 13.0, y * 0.6, 4);
    let grain = 0.86 + 0.16 * streak + 0.08 * rings + 0.1 * jitter + 0.08 * board_tone;
    let mut k = grain;
    if within < 1.2 || along - board * 220.0 < 1.0 {
        k *= 0.55;
    }
    t.tone(k)
}

/// A clouded ground with broad grey veins and finer ones across them.
fn marble(t: &Texel) -> [f32; 3] {
    let (n, x, y) = (t.n, t.x, t.y);
    let turb = n.fbm(x * 0.008, y * 0.008, 5);
    let vein = ((x * 0.011 + y * 0.006 + 6.0 * turb) * 3.0).sin().abs();
    let fine = ((x * 0.02 - y * 0.013 + 9.0 * n.fbm(x * 0.015 + 40.0, y * 0.015, 4)) * 4.0)
        .sin()
        .abs();
    let cloud = 0.97 + 0.05 * n.fbm(x * 0.004 + 9.0, y * 0.004, 3);
    let grey = t.tone(0.62);
    let a = (1.0 - vein / 0.07).max(0.0).powi(2) * 0.8;
    let b = (1.0 - fine / 0.04).max(0.0).powi(2) * 0.35;
    mix(mix(t.tone(cloud), grey, a), grey, b)
}

/// Chips on a 14-unit lattice, each cell holding one chip near a random point.
fn terrazzo(t: &Texel) -> [f32; 3] {
    let (n, x, y, seed) = (t.n, t.x, t.y, t.seed);
    let cell = 14.0;
    let (gx, gy) = ((x / cell).floor(), (y / cell).floor());
    let mut out = t.tone(0.97 + 0.05 * n.fbm(x * 0.02, y * 0.02, 2));
    for dy in -1..=1 {
        for dx in -1..=1 {
            let (cx, cy) = (
                (gx + dx as f32) as i32 as u32,
                (gy + dy as f32) as i32 as u32,
            );
            let px = (gx + dx as f32 + hash2(cx, cy, seed ^ 31)) * cell;
            let py = (gy + dy as f32 + hash2(cx, cy, seed ^ 32)) * cell;
            let r = 2.0 + 4.5 * hash2(cx, cy, seed ^ 33);
            let squash = 0.55 + 0.45 * hash2(cx, cy, seed ^ 34);
            let (ex, ey) = ((x - px) / r, (y - py) / (r * squash));
            if ex * ex + ey * ey < 1.0 {
                let pick = (hash2(cx, cy, seed ^ 35) * 5.0) as usize;
                out = [
                    [120.0, 118.0, 114.0],
                    [176.0, 104.0, 78.0],
                    [140.0, 160.0, 140.0],
                    [54.0, 52.0, 50.0],
                    [250.0, 248.0, 244.0],
                ][pick.min(4)];
            }
        }
    }
    out
}

/// Square glazed tiles in grout, each a shade apart.
fn tiles(t: &Texel) -> [f32; 3] {
    let (x, y) = (t.x, t.y);
    let tile = 48.0;
    let (tx, ty) = ((x / tile).floor(), (y / tile).floor());
    let (fx, fy) = (x - tx * tile, y - ty * tile);
    let grout = 1.8;
    if fx < grout || fy < grout {
        return mix(t.tone(0.82), [150.0, 150.0, 146.0], 0.35);
    }
    let jitter = hash2(tx as i32 as u32, ty as i32 as u32, t.seed ^ 81) - 0.5;
    let glaze = 0.03 * ((fx + fy) / tile - 1.0);
    t.tone(0.99 + 0.06 * jitter - glaze)
}

/// Bricks in running bond with pale mortar joints.
fn bricks(t: &Texel) -> [f32; 3] {
    let (x, y) = (t.x, t.y);
    let (bh, bw, mortar) = (22.0, 50.0, 2.2);
    let row = (y / bh).floor();
    let shift = if row as i32 % 2 == 0 { 0.0 } else { bw / 2.0 };
    let col = ((x + shift) / bw).floor();
    let (fx, fy) = (x + shift - col * bw, y - row * bh);
    if fx < mortar || fy < mortar {
        return [196.0, 190.0, 178.0].map(|v| v * (0.95 + 0.1 * t.speck(1.0, 91)));
    }
    let jitter = hash2(col as i32 as u32, row as i32 as u32, t.seed ^ 92) - 0.5;
    let rough = t.n.fbm(x * 0.15, y * 0.15, 3) - 0.5;
    t.tone(1.0 + 0.22 * jitter + 0.16 * rough)
}

/// `material` painted over the whole picture where `inside`, lit and grained like the
/// picture around the mask; outside unchanged.
pub(crate) fn cover(
    image: &RgbaImage,
    inside: &[bool],
    material: Material,
    seed: u64,
) -> RgbaImage {
    let (w, h) = (image.width() as usize, image.height() as usize);
    let perspective = Perspective::of(inside, w, h);
    let unit = (w.min(h) as f32 / 480.0).max(0.5);
    let noise = Noise::new(seed ^ 0x3A7E);
    let light = Light::around(image, inside);
    let mut out = image.clone();
    for (i, _) in inside.iter().enumerate().filter(|(_, m)| **m) {
        let (x, y) = ((i % w) as f32, (i / w) as f32);
        let (u, v) = perspective.uv(x, y);
        let base = albedo(material, &noise, u, v, unit, seed as u32);
        let k = light.at(x, y);
        let grain = (hash2(x as u32, y as u32, seed as u32 ^ 0x9A) - 0.5) * 2.0 * light.grain;
        let p = out.get_pixel_mut(x as u32, y as u32);
        for c in 0..3 {
            p[c] = (base[c] * k + grain).round().clamp(0.0, 255.0) as u8;
        }
    }
    out
}

/// The picture's light around the mask: its brightness as a plane `a + b·x + c·y` fitted
/// to the unmasked pixels near the mask (so the new surface keeps the fall-off of the
/// light across it), and the amplitude of its grain.
struct Light {
    plane: [f32; 3],
    centre: (f32, f32),
    grain: f32,
}

impl Light {
    fn around(image: &RgbaImage, inside: &[bool]) -> Light {
        let (w, h) = (image.width() as usize, image.height() as usize);
        let reach = (w.min(h) / 12).max(4);
        let ring = super::ring(inside, w, h, reach);
        let luma = |i: usize| {
            let p = image.get_pixel((i % w) as u32, (i / w) as u32);
            0.2126 * p[0] as f64 + 0.7152 * p[1] as f64 + 0.0722 * p[2] as f64
        };
        let (mut sx, mut sy, mut n) = (0f64, 0f64, 0f64);
        for &i in &ring {
            sx += (i % w) as f64;
            sy += (i / w) as f64;
            n += 1.0;
        }
        if n < 3.0 {
            return Light {
                plane: [1.0, 0.0, 0.0],
                centre: (0.0, 0.0),
                grain: 0.0,
            };
        }
        let (mx, my) = (sx / n, sy / n);
        // Least squares for l = a + b·dx + c·dy, with dx, dy centred (so a is the mean).
        let (mut sxx, mut sxy, mut syy, mut sl, mut slx, mut sly) =
            (0f64, 0f64, 0f64, 0f64, 0f64, 0f64);
        let mut steps = Vec::with_capacity(ring.len());
        for &i in &ring {
            let (dx, dy) = ((i % w) as f64 - mx, (i / w) as f64 - my);
            let l = luma(i);
            sxx += dx * dx;
            sxy += dx * dy;
            syy += dy * dy;
            sl += l;
            slx += l * dx;
            sly += l * dy;
            if i % w + 1 < w && !inside[i + 1] {
                steps.push((l - luma(i + 1)).abs() as f32);
            }
        }
        let a = sl / n;
        let det = sxx * syy - sxy * sxy;
        let (b, c) = if det.abs() > 1e-9 {
            ((slx * syy - sly * sxy) / det, (sly * sxx - slx * sxy) / det)
        } else {
            (0.0, 0.0)
        };
        // The typical step between neighbours, edges of the pattern left out (median).
        steps.sort_by(f32::total_cmp);
        let grain = steps.get(steps.len() / 2).copied().unwrap_or(0.0).min(6.0);
        let a = a.max(1.0);
        Light {
            plane: [1.0, (b / a) as f32, (c / a) as f32],
            centre: (mx as f32, my as f32),
            grain,
        }
    }

    /// The light at a pixel relative to the surroundings' mean: 1 is as bright as average.
    fn at(&self, x: f32, y: f32) -> f32 {
        let [a, b, c] = self.plane;
        (a + b * (x - self.centre.0) + c * (y - self.centre.1)).clamp(0.75, 1.25)
    }
}
