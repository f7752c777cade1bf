//! The five environments, painted procedurally: a backdrop above the horizon and a surface
//! in perspective below it. Each returns albedo; light and grade are applied by the caller
//! through [`Light::illumination`], so every environment is lit the same way.

use domain::{ColorPalette, Environment};

use super::light::Light;
use super::noise::{hash2, Noise, Rng};
use super::raster::{hex, lerp, luma, mix, scale, smoothstep, Canvas, Rgb};
use crate::prompt::Tone;

/// Colours and finish of one environment under one palette.
#[derive(Debug, Clone)]
pub struct Materials {
    pub wall: Rgb,
    pub surface: Rgb,
    /// Veins, grout, wood grain, fabric folds.
    pub detail: Rgb,
    /// How mirror-like the surface is (0..1).
    pub reflectivity: f32,
    /// Studio sweeps have no visible horizon.
    pub seamless: bool,
}

fn near(a: Rgb, b: Rgb) -> bool {
    (a[0] - b[0]).abs() + (a[1] - b[1]).abs() + (a[2] - b[2]).abs() < 0.3
}

impl Materials {
    pub fn new(
        env: Environment,
        palette: ColorPalette,
        tone: Option<Tone>,
        accent: Option<Rgb>,
        avoid: &[Rgb],
    ) -> Self {
        use ColorPalette as P;
        let dark =
            tone == Some(Tone::Dark) || (palette == P::BoldDramatic && tone != Some(Tone::Light));
        let (wall, surface, detail, reflectivity) = match env {
            Environment::LuxuryMarble => {
                let (surface, veins) = if dark {
                    (hex(0x17171A), hex(0xD8D6D2))
                } else {
                    match palette {
                        P::WarmCozy => (hex(0xF2EBDF), hex(0xA89478)),
                        P::CoolFresh => (hex(0xEEF1F3), hex(0x8D99A6)),
                        P::SoftDreamy => (hex(0xF3E6E4), hex(0xC29AA0)),
                        _ => (hex(0xF1F0EE), hex(0x8E8E93)),
                    }
                };
                let wall = match palette {
                    P::WarmCozy => hex(0xD9C6AE),
                    P::CoolFresh => hex(0xC9D3D8),
                    P::BoldDramatic => hex(0x2A2A2E),
                    P::SoftDreamy => hex(0xE6D3D3),
                    P::NeutralClean => hex(0xDCD8D2),
                };
                (wall, surface, veins, 0.3)
            }
            Environment::CleanBathroom => {
                let tiles = match palette {
                    P::WarmCozy => hex(0xE9DCCB),
                    P::CoolFresh => hex(0xCFE4E4),
                    P::BoldDramatic => hex(0x1F4A46),
                    P::SoftDreamy => hex(0xF1DADA),
                    P::NeutralClean => hex(0xF0F0EE),
                };
                let counter = if dark { hex(0x3A3B3F) } else { hex(0xEDEBE7) };
                (tiles, counter, hex(0xB9B6B0), 0.2)
            }
            Environment::ProfessionalStudio => {
                let paper = match palette {
                    P::WarmCozy => hex(0xE3CDB4),
                    P::CoolFresh => hex(0xCFDFE8),
                    P::BoldDramatic => hex(0x25292E),
                    P::SoftDreamy => hex(0xEFD9E0),
                    P::NeutralClean => hex(0xEDEDEB),
                };
                let paper = match tone {
                    Some(Tone::Dark) => hex(0x2B2D31),
                    Some(Tone::Light) => mix(paper, [1.0; 3], 0.5),
                    None => paper,
                };
                (paper, paper, paper, 0.1)
            }
            Environment::NaturalOutdoor => {
                let wood = if dark {
                    hex(0x4A3426)
                } else {
                    match palette {
                        P::CoolFresh | P::NeutralClean => hex(0xA39A8C),
                        P::SoftDreamy => hex(0xC9B29A),
                        _ => hex(0xA0765A),
                    }
                };
                let foliage = match palette {
                    P::WarmCozy => hex(0x5E6B2E),
                    P::CoolFresh => hex(0x3F7A5A),
                    P::BoldDramatic => hex(0x1E3B22),
                    P::SoftDreamy => hex(0x9DB38A),
                    P::NeutralClean => hex(0x557A45),
                };
                (foliage, wood, scale(wood, 0.55), 0.0)
            }
            Environment::CozyBedroom => {
                let linen = if dark {
                    hex(0x2C3A36)
                } else {
                    match palette {
                        P::WarmCozy => hex(0xE2D5C3),
                        P::CoolFresh => hex(0xD9E1E8),
                        P::BoldDramatic => hex(0x2F4A40),
                        P::SoftDreamy => hex(0xF2DEDC),
                        P::NeutralClean => hex(0xF0EEEA),
                    }
                };
                let wall = match palette {
                    P::WarmCozy => hex(0xD6C1A8),
                    P::CoolFresh => hex(0xBCCAD3),
                    P::BoldDramatic => hex(0x3B3430),
                    P::SoftDreamy => hex(0xE3CCD0),
                    P::NeutralClean => hex(0xDAD4CC),
                };
                (wall, linen, scale(linen, 0.8), 0.0)
            }
        };
        let mut m = Materials {
            wall,
            surface,
            detail,
            reflectivity,
            seamless: env == Environment::ProfessionalStudio,
        };
        // A named colour becomes the backdrop (and the studio floor, which is the same paper).
        if let Some(accent) = accent {
            m.wall = mix(
                m.wall,
                accent,
                if env == Environment::NaturalOutdoor {
                    0.0
                } else {
                    0.85
                },
            );
            if m.seamless {
                m.surface = m.wall;
            }
        }
        // "not on white": move a backdrop the prompt rules out to a mid tone of itself.
        for a in avoid {
            if near(m.wall, *a) {
                m.wall = if luma(*a) > 0.5 {
                    scale(mix(m.wall, hex(0x9AA3A8), 0.5), 0.8)
                } else {
                    mix(m.wall, [0.85; 3], 0.6)
                };
            }
            if near(m.surface, *a) {
                m.surface = if m.seamless {
                    m.wall
                } else if luma(*a) > 0.5 {
                    scale(m.surface, 0.7)
                } else {
                    mix(m.surface, [0.85; 3], 0.6)
                };
            }
        }
        m
    }
}

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

/// Everything the painter needs besides the canvas.
pub struct Paint<'a> {
    pub env: Environment,
    pub materials: &'a Materials,
    pub light: &'a Light,
    pub noise: &'a Noise,
    pub horizon: f32,
    /// Where the key light is aimed, in 0..1 canvas fractions.
    pub focus: (f32, f32),
    pub octaves: u32,
    pub seed: u64,
}

/// Paints the environment's albedo times its light into `canvas`.
pub fn paint(canvas: &mut Canvas, p: &Paint) {
    let (w, h) = (canvas.width, canvas.height);
    let aspect = w as f32 / h as f32;
    let m = p.materials;
    let n = p.noise;
    let hz = p.horizon;
    let indoor = p.env != Environment::NaturalOutdoor;
    let seed = p.seed as u32;
    for y in 0..h {
        let v = (y as f32 + 0.5) / h as f32;
        for x in 0..w {
            let u = (x as f32 + 0.5) / w as f32;
            let wx = (u - 0.5) * aspect;
            let albedo = match p.env {
                Environment::ProfessionalStudio => {
                    // Paper darkens towards the top of the sweep and away from the light.
                    let grad = lerp(0.8, 1.0, smoothstep(0.0, 0.8, v))
                        * (1.0 - 0.06 * smoothstep(0.88, 1.0, v));
                    let tooth = 0.985 + 0.03 * n.value(wx * 90.0, v * 90.0);
                    scale(m.wall, grad * tooth)
                }
                _ if v < hz => wall(p, u, v, wx, aspect, seed),
                _ => surface(p, u, v, aspect, seed),
            };
            let mut lit = p
                .light
                .illumination(u, v, aspect, p.focus, indoor && v < hz + 0.02);
            if p.env == Environment::NaturalOutdoor && v < hz {
                // The sky and far trees are not lit by our key; keep them as they are.
                lit = mix(lit, [1.0; 3], 0.6);
            }
            canvas.px[(y * w + x) as usize] = [
                albedo[0] * lit[0] * 1.25,
                albedo[1] * lit[1] * 1.25,
                albedo[2] * lit[2] * 1.25,
            ];
        }
    }
    decorate(canvas, p, aspect);
}

fn wall(p: &Paint, u: f32, v: f32, wx: f32, aspect: f32, seed: u32) -> Rgb {
    let (m, n, hz) = (p.materials, p.noise, p.horizon);
    // Ambient occlusion where the wall meets the surface.
    let ao = 1.0 - 0.22 * smoothstep(0.08, 0.0, hz - v);
    let c = match p.env {
        Environment::LuxuryMarble => {
            let mottle = 0.93 + 0.1 * n.fbm(wx * 2.5, v * 2.5, 3);
            scale(m.wall, mottle)
        }
        Environment::CleanBathroom => {
            let (th, tw, gw) = (0.06, 0.12, 0.0045);
            let row = (v / th).floor();
            let fy = v / th - row;
            let off = if (row as i32) % 2 == 0 { 0.0 } else { 0.5 };
            let col = (wx / tw + off).floor();
            let fx = wx / tw + off - col;
            let e = ((fx.min(1.0 - fx)) * tw).min(fy.min(1.0 - fy) * th);
            let tile = smoothstep(gw * 0.4, gw * 1.2, e);
            let var = 0.97 + 0.05 * hash2(col as i32 as u32, row as i32 as u32, seed);
            // Glazed tiles catch light on their upper bevel.
            let bevel = 1.0 + 0.07 * smoothstep(0.2, 0.0, fy) - 0.06 * smoothstep(0.8, 1.0, fy);
            let sheen = 1.0 + 0.05 * n.fbm(wx * 1.5, v * 1.5, 2);
            mix(m.detail, scale(m.wall, var * bevel * sheen), tile)
        }
        Environment::NaturalOutdoor => {
            let sky_top = mix(hex(0x7FA8D6), p.light.key, 0.25);
            let sky = mix(sky_top, hex(0xE8EEF2), smoothstep(0.0, hz, v));
            let edge = 0.18 + 0.22 * n.fbm(u * 3.0 * aspect, 1.7, 4);
            let f = smoothstep(edge - 0.04, edge + 0.08, v);
            let leaf = 0.55 + 0.6 * n.fbm(wx * 7.0, v * 7.0, p.octaves.min(4));
            mix(sky, scale(m.wall, leaf), f)
        }
        Environment::CozyBedroom => {
            let mottle = 0.95 + 0.07 * n.fbm(wx * 3.0, v * 3.0, 3);
            let mut c = scale(m.wall, mottle);
            // An upholstered headboard with vertical channels behind the bed.
            let top = hz - 0.26;
            if v > top && wx.abs() < 0.42 * aspect.min(1.2) {
                let channel = 0.86 + 0.14 * ((wx * 28.0).sin().abs()).sqrt();
                let hb = scale(mix(m.surface, m.wall, 0.5), 0.82 * channel);
                c = mix(c, hb, smoothstep(top, top + 0.01, v));
            }
            // Sheer curtains on the light's side: vertical folds glowing with the window.
            let side = p.light.side.signum();
            let cu = if side > 0.0 { u } else { 1.0 - u };
            let curtain = smoothstep(0.72, 0.8, cu);
            let folds = 0.8 + 0.2 * ((wx * 40.0 + 3.0 * n.value(wx * 3.0, 0.5)).sin());
            mix(
                c,
                scale(mix(p.light.key, [1.0; 3], 0.5), 1.15 * folds),
                curtain * 0.6,
            )
        }
        Environment::ProfessionalStudio => m.wall,
    };
    scale(c, ao)
}

fn surface(p: &Paint, u: f32, v: f32, aspect: f32, seed: u32) -> Rgb {
    let (m, n) = (p.materials, p.noise);
    let (sx, sz, t) = floor_coords(u, v, p.horizon, aspect);
    // Far away, fine detail blurs out: fewer octaves with distance.
    let oct = (p.octaves as f32 - (sz - 1.0).max(0.0) * 0.8).clamp(2.0, 6.0) as u32;
    // The back edge of a counter catches a line of light.
    let edge = 1.0 + 0.12 * smoothstep(0.012, 0.0, t);
    let c = match p.env {
        Environment::LuxuryMarble => {
            let (cloud, vein) = marble(n, sx * 1.1, sz * 1.9, oct);
            let base = scale(m.surface, 0.92 + 0.12 * cloud);
            mix(base, m.detail, vein * 0.85)
        }
        Environment::CleanBathroom => {
            let cx = (sx * 140.0).floor() as i32 as u32;
            let cz = (sz * 140.0).floor() as i32 as u32;
            let speck = hash2(cx, cz, seed);
            let fleck = if speck < 0.03 {
                0.93
            } else if speck > 0.985 {
                1.03
            } else {
                1.0
            };
            scale(
                m.surface,
                (0.95 + 0.06 * n.fbm(sx * 2.0, sz * 3.0, 3)) * fleck,
            )
        }
        Environment::NaturalOutdoor => {
            let board = (sz * 3.2).floor();
            let fb = sz * 3.2 - board;
            let tint = 0.85 + 0.25 * hash2(board as i32 as u32, 7, seed);
            let grain = n.fbm(sx * 1.2 + board * 13.0, sz * 60.0, oct.min(4));
            let rings = 0.95 + 0.06 * ((grain * 18.0).sin());
            let gap = smoothstep(0.0, 0.04, fb) * smoothstep(1.0, 0.96, fb);
            let wood = scale(m.surface, tint * rings * (0.9 + 0.2 * grain));
            mix(scale(m.detail, 0.35), wood, 0.2 + 0.8 * gap)
        }
        Environment::CozyBedroom => {
            let warp = n.fbm(sx * 0.7, sz * 0.9, 3);
            let folds = 0.5 + 0.5 * (sx * 4.0 + sz * 1.5 + warp * 6.0).sin();
            let wrinkle = n.fbm(sx * 4.0, sz * 6.0, oct.min(4));
            scale(m.surface, 0.84 + 0.1 * folds + 0.1 * wrinkle)
        }
        Environment::ProfessionalStudio => m.surface,
    };
    // The front of the surface sits outside the key light.
    scale(c, edge * (1.0 - 0.12 * smoothstep(0.6, 1.0, t)))
}

/// Light sources and out-of-focus highlights on top of the painted backdrop.
fn decorate(canvas: &mut Canvas, p: &Paint, aspect: f32) {
    let (w, h) = (canvas.width as f32, canvas.height as f32);
    let mut rng = Rng::new(p.seed ^ 0xB0CE);
    match p.env {
        Environment::NaturalOutdoor => {
            // Sun through leaves: a scatter of soft discs over the foliage.
            let warm = mix(p.light.key, hex(0xF4F7D0), 0.4);
            for _ in 0..(60.0 * aspect) as u32 {
                let u = rng.f32();
                let v = rng.range(0.12, p.horizon - 0.02);
                let r = rng.range(0.012, 0.04) * h;
                let light_side = 0.5 + 0.5 * p.light.side * (u - 0.5) * 2.0;
                let s = rng.range(0.05, 0.28) * (0.5 + light_side);
                bokeh(canvas, u * w, v * h, r, warm, s);
            }
        }
        Environment::CozyBedroom
            if p.light.glow > 0.0 || p.light.gobo == super::light::Gobo::Blinds =>
        {
            // A string of warm fairy lights sagging across the wall.
            let n = (14.0 * aspect) as u32;
            for i in 0..n {
                let u = (i as f32 + 0.5) / n as f32;
                let sag = 0.06 * (1.0 - (2.0 * u - 1.0).powi(2));
                let v = 0.12 + sag + rng.range(-0.008, 0.008);
                bokeh(canvas, u * w, v * h, 0.012 * h, hex(0xFFC874), 0.55);
            }
        }
        Environment::LuxuryMarble | Environment::CleanBathroom => {
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
