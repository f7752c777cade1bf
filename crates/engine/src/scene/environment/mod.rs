//! The settings, painted procedurally: a backdrop above the horizon and a surface in
//! perspective below it, or, seen from above, the surface alone. Each returns albedo; light
//! and grade are applied by the caller through [`Light::illumination`], so every setting is
//! lit the same way.
//!
//! Every setting has its own materials (travertine and Calacatta, sea-glass tiles and
//! terrazzo, an upholstered headboard and linen, zellige and butcher block, …) in colours
//! of its own, which the palette tints but never replaces: a warm bathroom is still a
//! bathroom, not a warm studio.

use super::light::Light;
use super::noise::{hash2, Noise, Rng};
use super::raster::{hex, lerp, mix, scale, smoothstep, Canvas, Rgb};
use crate::prompt::Setting;

mod materials;
mod wall;

pub use materials::Materials;
use wall::*;

/// Perspective coordinates on the surface for canvas point `(u, v)` below the horizon:
/// `(across, depth, t)` where `t` is 0 at the back edge and 1 at the bottom of the frame.
#[inline]
fn floor_coords(u: f32, v: f32, horizon: f32, aspect: f32) -> (f32, f32, f32) {
    let t = ((v - horizon) / (1.0 - horizon).max(1e-3)).clamp(0.0, 1.0);
    let d = 1.0 / (t + 0.22);
    ((u - 0.5) * aspect * d, d, t)
}

/// Ridged, domain-warped noise: thin meandering veins.
#[inline]
fn marble(n: &Noise, x: f32, y: f32, octaves: u32) -> (f32, f32) {
    let w = n.fbm(x * 0.6, y * 0.6, 3);
    let q = n.fbm(x * 0.8 + w * 2.6 + 3.1, y * 0.8 + w * 2.6, octaves);
    let ridge = 1.0 - (q * 2.0 - 1.0).abs();
    // A thin core inside a faint halo, with strength varying along the vein.
    let strength = smoothstep(0.35, 0.65, n.fbm(x * 0.3 - 7.0, y * 0.3, 2));
    let main = (smoothstep(0.965, 0.995, ridge) * 0.8 + smoothstep(0.85, 0.99, ridge) * 0.25)
        * (0.35 + 0.65 * strength);
    let q2 = n.fbm(x * 2.1 + w * 1.8 + 11.0, y * 2.1 - 5.0, octaves.min(4));
    let fine = smoothstep(0.975, 0.997, 1.0 - (q2 * 2.0 - 1.0).abs()) * 0.35;
    let cloud = n.fbm(x * 0.4 + 40.0, y * 0.4, 3);
    (cloud, (main + fine).min(1.0))
}

/// Wood: planks `width` wide along one axis, grain running along them.
#[inline]
fn planks(
    n: &Noise,
    (base, detail): (Rgb, Rgb),
    across: f32,
    along: f32,
    width: f32,
    oct: u32,
    seed: u32,
) -> Rgb {
    let board = (across / width).floor();
    let f = across / width - board;
    let tint = 0.86 + 0.24 * hash2(board as i32 as u32, 7, seed);
    let grain = n.fbm(across * 6.0 + board * 13.0, along * 0.9, oct.min(4));
    let rings = 0.94 + 0.07 * (grain * 22.0 + along * 0.6).sin();
    let gap = smoothstep(0.0, 0.035, f) * smoothstep(1.0, 0.965, f);
    let wood = scale(base, tint * rings * (0.9 + 0.2 * grain));
    mix(scale(detail, 0.45), wood, 0.25 + 0.75 * gap)
}

/// Glazed tiles `tw`×`th` with `grout` wide joints; rows offset by `offset`.
#[allow(clippy::too_many_arguments)]
#[inline]
fn tiles(
    n: &Noise,
    base: Rgb,
    grout: Rgb,
    x: f32,
    y: f32,
    (tw, th, gw, offset): (f32, f32, f32, f32),
    variation: f32,
    seed: u32,
) -> Rgb {
    let row = (y / th).floor();
    let fy = y / th - row;
    let off = if (row as i32) % 2 == 0 { 0.0 } else { offset };
    let col = (x / tw + off).floor();
    let fx = x / tw + off - col;
    let e = ((fx.min(1.0 - fx)) * tw).min(fy.min(1.0 - fy) * th);
    let tile = smoothstep(gw * 0.4, gw * 1.2, e);
    let var = 1.0 - variation + 2.0 * variation * hash2(col as i32 as u32, row as i32 as u32, seed);
    // Glazed tiles catch light on their upper bevel.
    let bevel = 1.0 + 0.07 * smoothstep(0.2, 0.0, fy) - 0.06 * smoothstep(0.8, 1.0, fy);
    let sheen = 1.0 + 0.05 * n.fbm(x * 1.5, y * 1.5, 2);
    mix(grout, scale(base, var * bevel * sheen), tile)
}

/// A soft disc of light, as out-of-focus highlights render.
pub fn bokeh(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, color: Rgb, strength: f32) {
    let (x0, x1) = ((cx - r - 1.0).floor() as i32, (cx + r + 1.0).ceil() as i32);
    let (y0, y1) = ((cy - r - 1.0).floor() as i32, (cy + r + 1.0).ceil() as i32);
    for y in y0.max(0)..y1.min(canvas.height as i32) {
        for x in x0.max(0)..x1.min(canvas.width as i32) {
            let d = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)).sqrt();
            let a = smoothstep(r, r * 0.82, d) * strength * (0.85 + 0.15 * d / r);
            if a > 0.0 {
                let p = &mut canvas.px[y as usize * canvas.width as usize + x as usize];
                for c in 0..3 {
                    p[c] += color[c] * a;
                }
            }
        }
    }
}

/// A broad soft glow (Gaussian falloff), as a lamp throws on a wall.
pub fn glow(canvas: &mut Canvas, cx: f32, cy: f32, r: f32, color: Rgb, strength: f32) {
    let (x0, x1) = (
        (cx - 2.0 * r).max(0.0) as u32,
        ((cx + 2.0 * r) as u32).min(canvas.width),
    );
    let (y0, y1) = (
        (cy - 2.0 * r).max(0.0) as u32,
        ((cy + 2.0 * r) as u32).min(canvas.height),
    );
    let inv = 1.0 / (r * r).max(1.0);
    for y in y0..y1 {
        for x in x0..x1 {
            let d2 = ((x as f32 + 0.5 - cx).powi(2) + (y as f32 + 0.5 - cy).powi(2)) * inv;
            let a = (-d2 * 1.5).exp() * strength;
            let p = &mut canvas.px[(y * canvas.width + x) as usize];
            for c in 0..3 {
                p[c] += color[c] * a;
            }
        }
    }
}

/// Everything the painter needs besides the canvas.
pub struct Paint<'a> {
    pub setting: Setting,
    pub materials: &'a Materials,
    pub light: &'a Light,
    pub noise: &'a Noise,
    pub horizon: f32,
    /// Where the key light is aimed, in 0..1 canvas fractions.
    pub focus: (f32, f32),
    pub octaves: u32,
    pub seed: u64,
    /// Seen from directly above: the surface fills the frame.
    pub top_down: bool,
}

/// Settings whose backdrop is the open sky rather than a lit room.
pub fn open_air(setting: Setting) -> bool {
    matches!(
        setting,
        Setting::Garden | Setting::Beach | Setting::OutdoorCafe
    )
}

/// Paints the setting's albedo times its light into `canvas`.
pub fn paint(canvas: &mut Canvas, p: &Paint) {
    let (w, h) = (canvas.width, canvas.height);
    let aspect = w as f32 / h as f32;
    let m = p.materials;
    let n = p.noise;
    let hz = p.horizon;
    let outside = open_air(p.setting);
    let seed = p.seed as u32;
    for y in 0..h {
        let v = (y as f32 + 0.5) / h as f32;
        for x in 0..w {
            let u = (x as f32 + 0.5) / w as f32;
            let wx = (u - 0.5) * aspect;
            let albedo = if p.top_down {
                plan_surface(p, u, v, aspect, seed)
            } else {
                match p.setting {
                    Setting::Studio => {
                        // Paper darkens towards the top of the sweep and away from the light.
                        let grad = lerp(0.8, 1.0, smoothstep(0.0, 0.8, v))
                            * (1.0 - 0.06 * smoothstep(0.88, 1.0, v));
                        let tooth = 0.985 + 0.03 * n.value(wx * 90.0, v * 90.0);
                        scale(m.wall, grad * tooth)
                    }
                    _ if v < hz => wall(p, u, v, wx, aspect, seed),
                    _ => surface(p, u, v, aspect, seed),
                }
            };
            let indoor_wall = !outside && !p.top_down && v < hz + 0.02;
            let mut lit = p.light.illumination(u, v, aspect, p.focus, indoor_wall);
            if outside && !p.top_down && v < hz {
                // The sky and far scenery are not lit by our key, only coloured by the hour.
                lit = mix(lit, p.light.key, 0.6);
            }
            canvas.px[(y * w + x) as usize] = [
                albedo[0] * lit[0] * 1.25,
                albedo[1] * lit[1] * 1.25,
                albedo[2] * lit[2] * 1.25,
            ];
        }
    }
    if !p.top_down {
        decorate(canvas, p, aspect);
    }
}

fn surface(p: &Paint, u: f32, v: f32, aspect: f32, seed: u32) -> Rgb {
    let (sx, sz, t) = floor_coords(u, v, p.horizon, aspect);
    // Far away, fine detail blurs out: fewer octaves with distance.
    let oct = (p.octaves as f32 - (sz - 1.0).max(0.0) * 0.8).clamp(2.0, 6.0) as u32;
    // The back edge of a counter catches a line of light.
    let edge = 1.0 + 0.12 * smoothstep(0.012, 0.0, t);
    let c = material(p, sx, sz, oct, seed, false);
    // A sill, a bedside table and a slab are boards: their front edge, then what is below.
    let board = match p.setting {
        Setting::Windowsill => Some((0.62, scale(p.materials.wall, 0.45))),
        Setting::BedsideTable => Some((0.6, scale(p.materials.surface, 0.5))),
        Setting::StoneSlab => Some((0.8, scale(p.materials.surface, 0.5))),
        _ => None,
    };
    if let Some((front, below)) = board {
        if t > front + 0.05 {
            let k = smoothstep(front + 0.05, 1.0, t);
            return scale(below, 0.8 + 0.25 * k);
        }
        if t > front {
            return scale(p.materials.surface, 0.72);
        }
    }
    if p.setting == Setting::Vanity {
        if let Some(c) = sink(p, (u, v), (sx, sz), aspect) {
            return c;
        }
    }
    if p.setting == Setting::Shelf {
        // The shelf is a board: its front edge, then the wall in its shadow below.
        let front = 0.45;
        if t > front + 0.1 {
            let below = smoothstep(front + 0.1, 1.0, t);
            return scale(p.materials.wall, 0.55 + 0.25 * below);
        }
        if t > front {
            return scale(p.materials.surface, 0.78);
        }
    }
    // The front of the surface sits outside the key light.
    scale(c, edge * (1.0 - 0.12 * smoothstep(0.6, 1.0, t)))
}

/// Where the vanity's sink sits across the wall (wall units), on the side away from props.
fn sink_u(side: f32, aspect: f32) -> f32 {
    side.signum() * 0.24 * aspect.clamp(0.7, 1.4)
}

/// The vanity's sink: a white basin set into the counter with a chrome tap behind it, on
/// the key light's side; `None` outside them.
fn sink(p: &Paint, (u, v): (f32, f32), (sx, sz): (f32, f32), aspect: f32) -> Option<Rgb> {
    let (cz, rx, rz) = (1.8, 0.4, 0.3);
    // Floor units at depth `cz` are wall units times the depth.
    let cx = sink_u(p.light.side, aspect) * cz;
    let d = ((sx - cx) / rx).powi(2) + ((sz - cz) / rz).powi(2);
    // The tap: a chrome column on the counter behind the basin.
    let tz = cz + rz + 0.1;
    let tv = p.horizon + (1.0 / tz - 0.22) * (1.0 - p.horizon);
    let tu = 0.5 + cx / (aspect * tz);
    let du = (u - tu) * aspect;
    if du.abs() < 0.012 && v < tv && v > tv - 0.055 {
        let k = 1.0 - (du / 0.012).powi(2);
        return Some(mix(scale(p.materials.trim, 0.55), [1.0; 3], k * 0.6));
    }
    if v < tv - 0.042 && v > tv - 0.055 && du.abs() < 0.05 && du * -cx.signum() >= -0.012 {
        return Some(mix(p.materials.trim, [1.0; 3], 0.3));
    }
    if d > 1.0 {
        // The basin's white rim, then a soft ring of shade on the counter.
        if d < 1.18 {
            return Some(hex(0xF4F4F2));
        }
        return (d < 1.3).then(|| scale(p.materials.surface, 0.8 + 0.17 * (d - 1.18) / 0.12));
    }
    // Inside the bowl: white ceramic, darker towards its far wall, a drain in the middle.
    let depth = 1.0 - d;
    let far = smoothstep(0.4, -0.6, (sz - cz) / rz);
    let bowl = scale(
        hex(0xF6F6F4),
        0.72 + 0.2 * far * (1.0 - depth) + 0.1 * depth,
    );
    let drain = smoothstep(0.02, 0.01, d);
    Some(mix(bowl, scale(p.materials.trim, 0.5), drain))
}

/// The surface seen from directly above: even scale everywhere, no horizon.
fn plan_surface(p: &Paint, u: f32, v: f32, aspect: f32, seed: u32) -> Rgb {
    let k = 2.4;
    let (sx, sz) = ((u - 0.5) * aspect * k, v * k + 1.0);
    let c = material(p, sx, sz, p.octaves, seed, true);
    // Light falls off gently towards the frame's edges, as under a large soft source.
    let du = u - 0.5;
    let dv = v - 0.5;
    scale(c, 1.0 - 0.1 * (du * du + dv * dv) * 2.0)
}

// Long by nature: one short arm per setting, each that setting's surface.
/// The setting's surface material at surface coordinates (`sx` across, `sz` in depth).
fn material(p: &Paint, sx: f32, sz: f32, oct: u32, seed: u32, plan: bool) -> Rgb {
    let (m, n) = (p.materials, p.noise);
    match p.setting {
        Setting::Marble | Setting::Cafe => {
            let (cloud, vein) = marble(n, sx * 1.1, sz * 1.9, oct);
            let base = scale(m.surface, 0.92 + 0.12 * cloud);
            mix(base, m.detail, vein * 0.85)
        }
        Setting::Bathroom => terrazzo(p, sx, sz, seed),
        Setting::Garden => decking(p, sx, sz, oct, seed),
        Setting::Bedroom => {
            let warp = n.fbm(sx * 0.7, sz * 0.9, 3);
            let folds = 0.5 + 0.5 * (sx * 4.0 + sz * 1.5 + warp * 6.0).sin();
            let wrinkle = n.fbm(sx * 4.0, sz * 6.0, oct.min(4));
            let weave = 0.985 + 0.03 * n.value(sx * 220.0, sz * 300.0);
            scale(m.surface, (0.78 + 0.16 * folds + 0.12 * wrinkle) * weave)
        }
        Setting::KitchenCounter => {
            // Butcher block: narrow staves of alternating tone along the counter.
            planks(
                n,
                (m.surface, m.detail),
                sz * 2.0,
                sx * 4.0,
                0.09,
                oct,
                seed ^ 0xB10C,
            )
        }
        Setting::WoodenTable => {
            // Wide boards running away from the camera.
            planks(n, (m.surface, m.detail), sx, sz * 3.0, 0.42, oct, seed)
        }
        Setting::Desk | Setting::Shelf => {
            let grain = n.fbm(sx * 0.8, sz * 40.0, oct.min(4));
            let rings = 0.96 + 0.05 * (grain * 16.0 + sx * 2.0).sin();
            let c = scale(m.surface, rings * (0.93 + 0.12 * grain));
            if p.setting == Setting::Desk && !plan {
                // A felt desk mat under the product.
                let mat = smoothstep(0.95, 0.9, sx.abs() / 1.4)
                    * smoothstep(1.02, 1.08, sz)
                    * smoothstep(2.6, 2.5, sz);
                mix(c, scale(m.trim, 1.0 + 0.05 * grain), mat * 0.9)
            } else {
                c
            }
        }
        Setting::OutdoorCafe => {
            // A bistro table of small stone tiles.
            tiles(
                n,
                m.surface,
                scale(m.surface, 0.75),
                sx,
                sz,
                (0.16, 0.16, 0.008, 0.0),
                0.06,
                seed,
            )
        }
        Setting::Beach => {
            let ripple = 0.94 + 0.06 * ((sz * 22.0 + n.fbm(sx * 2.0, sz * 2.0, 3) * 5.0).sin());
            let grain = 0.96 + 0.08 * n.value(sx * 260.0, sz * 260.0);
            let damp = n.fbm(sx * 0.8 + 30.0, sz * 0.8, 3);
            scale(m.surface, ripple * grain * (0.95 + 0.08 * damp))
        }
        Setting::Studio => {
            let tooth = 0.985 + 0.03 * n.value(sx * 90.0, sz * 90.0);
            scale(m.surface, tooth)
        }
        Setting::Windowsill | Setting::BedsideTable => {
            // Boards running along the sill or table top.
            planks(n, (m.surface, m.detail), sz * 1.6, sx * 2.0, 0.5, oct, seed)
        }
        Setting::Vanity => {
            // Quartz: fine speckle in a pale matrix.
            let speck = smoothstep(0.82, 0.9, n.value(sx * 160.0, sz * 220.0)) * 0.12;
            scale(
                m.surface,
                (0.97 + 0.05 * n.fbm(sx * 2.0, sz * 3.0, 3)) * (1.0 - speck),
            )
        }
        Setting::Tray | Setting::CuttingBoard => board_on_counter(p, sx, sz, oct, seed, plan),
        Setting::StoneSlab => {
            // Cleft slate: a fine grain, soft clouds and a few paler streaks.
            let cloud = n.fbm(sx * 0.9, sz * 1.3, oct.min(4));
            let grain = n.value(sx * 200.0, sz * 260.0);
            let streak =
                smoothstep(0.6, 0.75, n.fbm(sx * 1.6 + sz * 0.8 + 20.0, sz * 1.2, 3)) * 0.15;
            scale(
                mix(m.surface, [0.85; 3], streak),
                0.88 + 0.16 * cloud + 0.06 * grain,
            )
        }
    }
}

/// Terrazzo: chips of stone in a fine matrix.
fn terrazzo(p: &Paint, sx: f32, sz: f32, seed: u32) -> Rgb {
    let (m, n) = (p.materials, p.noise);
    let cell = |k: f32| {
        let (cx, cz) = ((sx * k).floor(), (sz * k * 1.6).floor());
        hash2(cx as i32 as u32, cz as i32 as u32, seed)
    };
    let chip = cell(38.0);
    let jitter = n.value(sx * 90.0, sz * 140.0);
    let base = scale(m.surface, 0.96 + 0.06 * n.fbm(sx * 2.0, sz * 3.0, 3));
    if chip > 0.86 && jitter > 0.35 {
        let tint = match (chip * 100.0) as u32 % 3 {
            0 => hex(0x8A8580),
            1 => hex(0xE9E4DC),
            _ => scale(m.wall, 0.75),
        };
        mix(base, tint, 0.85)
    } else {
        base
    }
}

/// Garden decking: boards across the view with dark gaps between them.
fn decking(p: &Paint, sx: f32, sz: f32, oct: u32, seed: u32) -> Rgb {
    let (m, n) = (p.materials, p.noise);
    let board = (sz * 3.2).floor();
    let fb = sz * 3.2 - board;
    let tint = 0.85 + 0.25 * hash2(board as i32 as u32, 7, seed);
    let grain = n.fbm(sx * 1.2 + board * 13.0, sz * 60.0, oct.min(4));
    let rings = 0.95 + 0.06 * ((grain * 18.0).sin());
    let gap = smoothstep(0.0, 0.04, fb) * smoothstep(1.0, 0.96, fb);
    let wood = scale(m.surface, tint * rings * (0.9 + 0.2 * grain));
    mix(scale(m.detail, 0.35), wood, 0.2 + 0.8 * gap)
}

/// A tray on marble or a cutting board on a speckled counter: a rounded rectangle of wood
/// under the product, seen in perspective or from above.
fn board_on_counter(p: &Paint, sx: f32, sz: f32, oct: u32, seed: u32, plan: bool) -> Rgb {
    let (m, n) = (p.materials, p.noise);
    let under = if p.setting == Setting::Tray {
        let (cloud, vein) = marble(n, sx * 1.1, sz * 1.9, oct);
        mix(scale(m.surface, 0.92 + 0.12 * cloud), m.detail, vein * 0.85)
    } else {
        let speck = smoothstep(0.85, 0.92, n.value(sx * 150.0, sz * 200.0)) * 0.1;
        scale(
            m.surface,
            0.97 * (1.0 - speck) + 0.05 * n.fbm(sx * 2.0, sz * 3.0, 3),
        )
    };
    // The board or tray under the product: a rounded rectangle on the counter, with
    // a lit rim on a tray and a dark edge where a board's thickness shows.
    let (wood, rim) = if p.setting == Setting::Tray {
        (m.wall2, 0.06)
    } else {
        (m.detail, 0.0)
    };
    let (hx, z0, z1) = match (plan, p.setting) {
        (true, _) => (1.6, 1.4, 3.8),
        (false, Setting::Tray) => (0.5, 1.12, 2.2),
        (false, _) => (0.44, 1.15, 2.4),
    };
    let ex = (sx.abs() - (hx - 0.15)).max(0.0);
    let ez = ((sz - (z0 + z1) / 2.0).abs() - ((z1 - z0) / 2.0 - 0.15)).max(0.0);
    let e = (ex * ex + ez * ez).sqrt();
    let inside = smoothstep(0.15, 0.14, e);
    if inside <= 0.0 {
        // The board's shadow on the counter, in front of it.
        let shade = smoothstep(0.3, 0.15, e) * 0.25;
        return scale(under, 1.0 - shade);
    }
    let grain = planks(
        n,
        (wood, scale(wood, 0.7)),
        sx * 0.5,
        sz * 6.0,
        2.0,
        oct,
        seed ^ 0xB0A2,
    );
    let edge = smoothstep(0.15 - rim - 0.02, 0.15 - rim, e);
    let c = if rim > 0.0 {
        mix(grain, scale(wood, 1.25), edge)
    } else {
        let front = (sz < z0 + 0.1 && !plan) as i32 as f32;
        mix(
            grain,
            scale(wood, 0.6),
            front * smoothstep(z0 + 0.1, z0, sz),
        )
    };
    mix(under, c, inside)
}

/// Light sources and out-of-focus highlights on top of the painted backdrop.
fn decorate(canvas: &mut Canvas, p: &Paint, aspect: f32) {
    let (w, h) = (canvas.width as f32, canvas.height as f32);
    let mut rng = Rng::new(p.seed ^ 0xB0CE);
    match p.setting {
        Setting::Garden | Setting::OutdoorCafe => {
            // Sun through leaves: a scatter of soft discs over the foliage.
            let warm = mix(p.light.key, hex(0xF4F7D0), 0.4);
            let count = if p.setting == Setting::Garden {
                60.0
            } else {
                24.0
            };
            for _ in 0..(count * aspect) as u32 {
                let u = rng.f32();
                let v = rng.range(0.12, p.horizon - 0.02);
                let r = rng.range(0.012, 0.04) * h;
                let light_side = 0.5 + 0.5 * p.light.side * (u - 0.5) * 2.0;
                let s = rng.range(0.05, 0.28) * (0.5 + light_side);
                bokeh(canvas, u * w, v * h, r, warm, s);
            }
        }
        Setting::Beach => {
            // Sun glitter on the water.
            let sea = (p.horizon - 0.14, p.horizon);
            for _ in 0..(70.0 * aspect) as u32 {
                let u = rng.f32();
                let v = rng.range(sea.0, sea.1);
                bokeh(
                    canvas,
                    u * w,
                    v * h,
                    rng.range(0.002, 0.006) * h,
                    p.light.key,
                    0.5,
                );
            }
        }
        Setting::Cafe => {
            // Warm pendant lamps and their out-of-focus glow.
            for i in 0..(7.0 * aspect).max(3.0) as u32 {
                let u = (i as f32 + rng.range(0.2, 0.8)) / (7.0 * aspect).max(3.0);
                let v = rng.range(0.08, p.horizon - 0.2);
                let r = rng.range(0.025, 0.05) * h;
                bokeh(
                    canvas,
                    u * w,
                    v * h,
                    r,
                    p.materials.wall2,
                    rng.range(0.25, 0.5),
                );
            }
        }
        Setting::BedsideTable => {
            // The bedside lamp's glow on the wall above the table.
            let side = p.light.side.signum();
            glow(
                canvas,
                (0.5 + side * 0.3) * w,
                (p.horizon - 0.25) * h,
                0.16 * h,
                hex(0xFFD9A0),
                0.16,
            );
        }
        Setting::Bedroom => {
            // A bedside lamp's glow on the wall, away from the window.
            let side = -p.light.side.signum();
            let u = 0.5 + side * 0.36;
            glow(
                canvas,
                u * w,
                (p.horizon - 0.22) * h,
                0.14 * h,
                hex(0xFFD9A0),
                if p.light.glow > 0.0 { 0.22 } else { 0.1 },
            );
            if p.light.glow > 0.0 || p.light.gobo == super::light::Gobo::Blinds {
                // A string of warm fairy lights sagging across the wall.
                let n = (14.0 * aspect) as u32;
                for i in 0..n {
                    let u = (i as f32 + 0.5) / n as f32;
                    let sag = 0.06 * (1.0 - (2.0 * u - 1.0).powi(2));
                    let v = 0.1 + sag + rng.range(-0.008, 0.008);
                    bokeh(canvas, u * w, v * h, 0.012 * h, hex(0xFFC874), 0.55);
                }
            }
        }
        Setting::Marble | Setting::Bathroom | Setting::KitchenCounter => {
            // A few soft highlights, as from a room behind the camera reflected in glass.
            for _ in 0..6 {
                let u = 0.5 + p.light.side * rng.range(0.15, 0.48);
                let v = rng.range(0.05, p.horizon - 0.1);
                bokeh(
                    canvas,
                    u * w,
                    v * h,
                    rng.range(0.03, 0.07) * h,
                    p.light.key,
                    0.05,
                );
            }
        }
        _ => {}
    }
}
