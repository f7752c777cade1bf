//! Props: the podium and shapes of artistic compositions, the everyday objects of lifestyle
//! shots and the scattered things of flat lays. They are drawn into the background (always
//! behind the product, so the product's pixels are never covered), shaded from the same side
//! as the key light, each with its own contact shadow. The same library draws the objects a
//! mask edit asks for (see [`PropKind`]).

use domain::{ColorPalette, Composition};
use tiny_skia::{PathBuilder, Pixmap, Transform};

use super::draw::{
    color, ellipse, fill, fill_solid, round_shader, rounded_rect, side_shader, soft_ellipse,
    stroke_solid, vertical_shader,
};
use super::layout::Layout;
use super::light::Light;
use super::noise::Rng;
use super::raster::{hex, mix, scale, Rgb};
use crate::prompt::Setting;

pub struct Props<'a> {
    pub setting: Setting,
    pub composition: Composition,
    pub palette: ColorPalette,
    pub layout: &'a Layout,
    pub light: &'a Light,
    pub wall: Rgb,
    pub surface: Rgb,
    pub accent: Option<Rgb>,
    /// What the prompt asked for beside the product, drawn instead of the setting's own
    /// props unless those already show it.
    pub named: &'a [PropKind],
    /// Output pixels to pixmap pixels.
    pub scale: f32,
    pub seed: u64,
}

fn prop_colors(palette: ColorPalette) -> [Rgb; 3] {
    match palette {
        ColorPalette::WarmCozy => [hex(0xC7794F), hex(0xE8D7BE), hex(0x8C5A3C)],
        ColorPalette::CoolFresh => [hex(0x9CC5C9), hex(0xF2F5F5), hex(0x5C8C9A)],
        ColorPalette::BoldDramatic => [hex(0x8E1F2F), hex(0x1C1C1E), hex(0xC9A44C)],
        ColorPalette::SoftDreamy => [hex(0xE7B8C3), hex(0xF7EEF0), hex(0xB9A6D6)],
        ColorPalette::NeutralClean => [hex(0xD8D2C8), hex(0xF4F3F0), hex(0x9A948A)],
    }
}

/// Citrus for slices and whole fruit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fruit {
    Lemon,
    Orange,
    Lime,
    Grapefruit,
}

impl Fruit {
    /// (rind, flesh)
    fn colors(self) -> (Rgb, Rgb) {
        match self {
            Fruit::Lemon => (hex(0xE8C22E), hex(0xF4DE6A)),
            Fruit::Orange => (hex(0xE07A1F), hex(0xF29A3A)),
            Fruit::Lime => (hex(0x5E9A2E), hex(0xB5D66A)),
            Fruit::Grapefruit => (hex(0xE5845A), hex(0xEE7A6C)),
        }
    }
}

/// What stands in a vase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stems {
    /// Green stems with small round leaves (eucalyptus, herbs).
    Leafy,
    /// Stems ending in spikes of small buds of this colour (lavender).
    Spikes([u8; 3]),
    /// Stems each ending in a flower of this colour.
    Flowers([u8; 3]),
}

/// Things the engine can draw, in scenes and into a mask.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum PropKind {
    FruitSlices(Fruit),
    WholeFruit(Fruit),
    Leaves,
    Flowers([u8; 3]),
    Stones,
    Fabric([u8; 3]),
    WaterDrops,
    Shells,
    Books,
    /// Candles: as many as the space holds (a wide area, a group of different heights).
    Candle,
    /// Exactly this many candles (1 to 4), of different heights, side by side.
    Candles(u8),
    Cup,
    Plant,
    /// A vase holding stems; `glass` shows the stems through it.
    Vase {
        stems: Stems,
        glass: bool,
    },
    /// A stack of folded towels.
    Towels([u8; 3]),
    /// A branch with rounded leaves (eucalyptus), lying down.
    Branch,
    /// A bundle of sprigs tied with twine, lying down; `bloom` colours bud spikes at their
    /// tips (lavender), else they are leafy herbs (rosemary, thyme).
    Herbs {
        bloom: Option<[u8; 3]>,
    },
    /// Dried pampas plumes and stems in a ceramic vase.
    DriedFlowers,
}

impl PropKind {
    pub fn name(self) -> &'static str {
        match self {
            PropKind::FruitSlices(_) => "fruit slices",
            PropKind::WholeFruit(_) => "fruit",
            PropKind::Leaves => "leaves",
            PropKind::Flowers(_) => "flowers",
            PropKind::Stones => "stones",
            PropKind::Fabric(_) => "fabric",
            PropKind::WaterDrops => "water drops",
            PropKind::Shells => "shells",
            PropKind::Books => "books",
            PropKind::Candle => "candles",
            PropKind::Candles(1) => "a candle",
            PropKind::Candles(_) => "candles",
            PropKind::Cup => "a cup",
            PropKind::Plant => "a plant",
            PropKind::Vase { glass: true, .. } => "a glass vase with stems",
            PropKind::Vase { .. } => "a vase with stems",
            PropKind::Towels(_) => "folded towels",
            PropKind::Branch => "a eucalyptus branch",
            PropKind::Herbs { bloom: Some(_) } => "lavender sprigs",
            PropKind::Herbs { bloom: None } => "herbs",
            PropKind::DriedFlowers => "dried flowers",
        }
    }
}

/// Draws `kind` to fill the box `(x, y, w, h)` (pixmap pixels), standing on its bottom edge
/// in a front view, or laid out inside it seen from above (`plan`).
#[allow(clippy::too_many_arguments)]
pub fn draw_prop(
    pm: &mut Pixmap,
    kind: PropKind,
    (x, y, w, h): (f32, f32, f32, f32),
    side: f32,
    shadow: Rgb,
    plan: bool,
    rng: &mut Rng,
) {
    // Room below the objects for their contact shadows.
    let (cx, base) = (x + w / 2.0, y + h * 0.86);
    let s = w.min(h * 1.6);
    match kind {
        PropKind::FruitSlices(fruit) => {
            let r = (w / 4.2).min(h * if plan { 0.3 } else { 0.9 });
            let flat = if plan { 1.0 } else { 0.42 };
            let spots = [(-0.9, 0.1), (0.85, 0.25), (0.0, -0.2)];
            for (k, (dx, dy)) in spots.iter().enumerate() {
                let rr = r * [1.0, 0.9, 0.95][k];
                let py = if plan {
                    y + h / 2.0 + dy * h * 0.4
                } else {
                    base - rr * flat - (k as f32) * 0.02 * h
                };
                fruit_slice(pm, cx + dx * r * 1.1, py, rr, flat, fruit, side, shadow);
            }
        }
        PropKind::WholeFruit(fruit) => {
            let r = (w / 4.2).min(h / 2.1);
            let (rind, _) = fruit.colors();
            sphere(pm, cx - r * 1.05, base, r, rind, side, shadow);
            sphere(
                pm,
                cx + r * 1.1,
                base - r * 0.05,
                r * 0.92,
                scale(rind, 0.95),
                side,
                shadow,
            );
        }
        PropKind::Leaves => {
            let len = if plan { s * 0.5 } else { s * 0.62 };
            let (lx, ly) = if plan { (cx, y + h / 2.0) } else { (cx, base) };
            leaf_spray(pm, lx, ly, len, side, plan, rng);
        }
        PropKind::Flowers(c) => {
            let r = s * 0.16;
            let c = super::raster::rgb8(c);
            let spots: &[(f32, f32)] = &[(-1.0, 0.0), (1.0, 0.2), (0.1, -0.5), (-0.3, 0.7)];
            for (dx, dy) in spots {
                let fy = if plan {
                    y + h / 2.0 + dy * r * 1.4
                } else {
                    base - r * 0.5 - dy.abs() * r * 0.2
                };
                flower(
                    pm,
                    cx + dx * r * 1.5,
                    fy,
                    r,
                    c,
                    side,
                    shadow,
                    if plan { 1.0 } else { 0.55 },
                );
            }
        }
        PropKind::Stones if plan => {
            // Pebbles seen from above: rounded discs, lit on the key's side.
            for k in 0..4 {
                let r = s * [0.17, 0.13, 0.11, 0.09][k];
                let (dx, dy) = [(-0.18, 0.05), (0.2, -0.12), (0.05, 0.28), (0.3, 0.25)][k];
                let (px, py) = (cx + dx * w, y + h / 2.0 + dy * h);
                let c = scale(hex(0x9A958D), rng.range(0.75, 1.2));
                soft_ellipse(
                    pm,
                    px - side * r * 0.25,
                    py + r * 0.2,
                    r * 1.2,
                    r * 1.15,
                    shadow,
                    0.45,
                );
                fill(
                    pm,
                    ellipse(px, py, r, r * 0.86),
                    round_shader(px - r, px + r, c, side, 0.1),
                );
            }
        }
        PropKind::Stones => {
            pebbles(
                pm,
                cx,
                base - h * 0.05,
                (w / 4.0).min(h * 0.6),
                side,
                shadow,
                rng,
            );
        }
        PropKind::Fabric(c) => {
            fabric(pm, x, y, w, h, super::raster::rgb8(c), side, shadow);
        }
        PropKind::WaterDrops => {
            for _ in 0..14 {
                let r = rng.range(0.03, 0.09) * s;
                let dx = rng.range(0.1, 0.9) * w;
                let dy = rng.range(0.15, 0.9) * h;
                drop(pm, x + dx, y + dy, r, side);
            }
        }
        PropKind::Shells => {
            let r = (w / 4.5).min(h * 0.8);
            shell(pm, cx - r * 1.1, base - r * 0.2, r, side, shadow);
            shell(pm, cx + r * 1.2, base - r * 0.1, r * 0.8, side, shadow);
        }
        PropKind::Books => {
            let width = w.min(h * 3.0);
            // Standing in a taller space, a taller stack (a book is about an eighth of the width
            // high); seen from above, three.
            let count = if plan {
                3
            } else {
                ((h * 0.85 / (width * 0.117)) as usize).clamp(3, 9)
            };
            books(
                pm,
                cx,
                base,
                width,
                count,
                [hex(0x8C5A3C), hex(0x5C8C9A), hex(0xE8D7BE)],
                side,
                shadow,
            );
        }
        PropKind::Candle | PropKind::Candles(_) => {
            // A wide area holds a group of candles of different heights, not one small one.
            let count = match kind {
                PropKind::Candles(n) => n.clamp(1, 4) as usize,
                _ if w > h * 1.5 => 3,
                _ if w > h * 0.9 => 2,
                _ => 1,
            };
            let tall = (h * 0.7).min(w * 0.95 / (count as f32 * 0.95));
            let heights = [1.0, 0.72, 0.52, 0.84];
            let widths: f32 = heights[..count].iter().map(|k| k * tall * 0.8).sum();
            let gap = tall * 0.08;
            let mut left = cx - (widths + gap * (count - 1) as f32) / 2.0;
            for k in heights.iter().take(count) {
                let cw = k * tall * 0.8;
                candle(pm, left + cw / 2.0, base, k * tall, side, shadow);
                left += cw + gap;
            }
        }
        PropKind::Cup => cup(
            pm,
            cx,
            base,
            w.min(h * 1.4) * 0.7,
            hex(0xF2EEE8),
            side,
            shadow,
        ),
        PropKind::Plant => plant(pm, cx, base, h.min(w * 1.5), side, shadow, rng),
        PropKind::Vase { stems, glass } => {
            stem_vase(pm, (x, y, w, h), stems, glass, side, shadow, rng);
        }
        PropKind::Towels(c) => {
            let c = super::raster::rgb8(c);
            let width = (w * 0.92).min(h * 0.8 / 0.6);
            // Standing in a taller space, a taller stack (each towel is a fifth of the width
            // high); seen from above, three.
            let count = if plan {
                3
            } else {
                ((h * 0.85 / (width * 0.192)) as usize).clamp(3, 6)
            };
            towels(
                pm,
                cx,
                base,
                width,
                count,
                [c, scale(c, 0.93)],
                side,
                shadow,
            );
        }
        PropKind::Branch => branch(pm, (x, y, w, h), side, shadow, rng),
        PropKind::Herbs { bloom } => herb_bundle(pm, (x, y, w, h), bloom, side, shadow, rng),
        PropKind::DriedFlowers => dried_flowers(pm, (x, y, w, h), side, shadow, rng),
    }
}

/// Draws the composition's props into `pixmap` (the size of the background canvas).
pub fn draw(pixmap: &mut Pixmap, p: &Props) {
    let (w, h) = (pixmap.width() as f32, pixmap.height() as f32);
    let s = p.scale;
    let r = &p.layout.product;
    let (pcx, pbase, pw, ph) = (
        r.center_x() * s,
        r.bottom() as f32 * s,
        r.width as f32 * s,
        r.height as f32 * s,
    );
    let side = p.light.side;
    let mut colors = prop_colors(p.palette);
    if let Some(a) = p.accent {
        colors[0] = a;
    }
    let mut rng = Rng::new(p.seed ^ 0x9B0B);
    let shadow = p.light.shadow_color();

    if p.layout.top_down {
        flat_lay(pixmap, p, colors, &mut rng);
        return;
    }
    let own = !p.named.is_empty() && !shows_named(p.setting, p.named);
    if own {
        beside(pixmap, p, &mut rng);
    }
    match p.composition {
        Composition::ArtisticComposition => {
            // An arch on the wall framing the product, then the podium it stands on.
            let aw = (pw * 1.9).max(w * 0.36).min(w * 0.8);
            let ah = h * (p.layout.horizon - 0.12);
            let top = h * p.layout.horizon - ah;
            let arch_color = mix(p.wall, colors[0], 0.45);
            let path = |dx: f32| {
                let mut pb = PathBuilder::new();
                let (x0, x1) = (pcx - aw / 2.0 + dx, pcx + aw / 2.0 + dx);
                pb.move_to(x0, h * p.layout.horizon);
                pb.line_to(x0, top + aw / 2.0);
                pb.cubic_to(x0, top - aw * 0.05, x1, top - aw * 0.05, x1, top + aw / 2.0);
                pb.line_to(x1, h * p.layout.horizon);
                pb.close();
                pb.finish()
            };
            fill_solid(
                pixmap,
                path(-side * aw * 0.06),
                shadow,
                0.18 * p.light.shadow_opacity,
            );
            fill(
                pixmap,
                path(0.0),
                vertical_shader(
                    top,
                    h * p.layout.horizon,
                    scale(arch_color, 1.04),
                    scale(arch_color, 0.9),
                ),
            );
            if let Some(pod) = p.layout.podium {
                let (cx, top, rx, ry, bottom) = (
                    pod.cx * w,
                    pod.top * h,
                    pod.rx * w,
                    pod.ry * h,
                    pod.bottom * h,
                );
                soft_ellipse(
                    pixmap,
                    cx - side * rx * 0.15,
                    bottom,
                    rx * 1.35,
                    ry * 1.6,
                    shadow,
                    0.5 * p.light.shadow_opacity + 0.15,
                );
                let body = mix(p.surface, colors[1], 0.5);
                let mut pb = PathBuilder::new();
                pb.move_to(cx - rx, top);
                pb.line_to(cx - rx, bottom);
                pb.cubic_to(
                    cx - rx,
                    bottom + ry * 1.33,
                    cx + rx,
                    bottom + ry * 1.33,
                    cx + rx,
                    bottom,
                );
                pb.line_to(cx + rx, top);
                pb.close();
                fill(
                    pixmap,
                    pb.finish(),
                    round_shader(cx - rx, cx + rx, body, side, 0.2),
                );
                fill(
                    pixmap,
                    ellipse(cx, top, rx, ry),
                    vertical_shader(top - ry, top + ry, scale(body, 1.02), scale(body, 1.1)),
                );
            }
            let br = ph * 0.16;
            let bx = pcx + p.layout.prop_side * (aw * 0.55 + br);
            sphere(pixmap, bx, h * 0.9, br, colors[0], side, shadow);
        }
        Composition::LifestyleContext if own => {}
        Composition::LifestyleContext => {
            let ps = p.layout.prop_side;
            // Props stand a little further back than the product, beside it.
            let base = pbase - ph * 0.05;
            let near = pcx + ps * (pw * 0.5 + ph * 0.08);
            let other = pcx - ps * (pw * 0.5 + ph * 0.1);
            match p.setting {
                Setting::Marble => {
                    vase(
                        pixmap,
                        near + ps * ph * 0.28,
                        base,
                        ph * 0.7,
                        colors[1],
                        side,
                        shadow,
                        &mut rng,
                    );
                    books(
                        pixmap,
                        near + ps * ph * 0.2,
                        base + ph * 0.06,
                        ph * 0.5,
                        3,
                        [colors[0], colors[2], colors[1]],
                        side,
                        shadow,
                    );
                }
                Setting::Bathroom => {
                    towels(
                        pixmap,
                        near + ps * ph * 0.32,
                        base,
                        ph * 0.62,
                        3,
                        [colors[1], mix(colors[0], [1.0; 3], 0.4)],
                        side,
                        shadow,
                    );
                    pebbles(
                        pixmap,
                        other - ps * ph * 0.1,
                        pbase + ph * 0.03,
                        ph * 0.09,
                        side,
                        shadow,
                        &mut rng,
                    );
                }
                Setting::Studio => {
                    let pr = ph * 0.3;
                    block(
                        pixmap,
                        near + ps * pr * 1.2,
                        base,
                        pr * 1.5,
                        pr * 1.3,
                        colors[1],
                        side,
                        shadow,
                    );
                    sphere(
                        pixmap,
                        near + ps * pr * 0.6,
                        base + ph * 0.06,
                        pr * 0.7,
                        colors[0],
                        side,
                        shadow,
                    );
                }
                Setting::Garden => {
                    plant(
                        pixmap,
                        near + ps * ph * 0.3,
                        base,
                        ph * 0.7,
                        side,
                        shadow,
                        &mut rng,
                    );
                    pebbles(
                        pixmap,
                        other - ps * ph * 0.1,
                        pbase + ph * 0.03,
                        ph * 0.1,
                        side,
                        shadow,
                        &mut rng,
                    );
                    leaf_spray(
                        pixmap,
                        other - ps * ph * 0.2,
                        pbase + ph * 0.08,
                        ph * 0.32,
                        side,
                        false,
                        &mut rng,
                    );
                }
                Setting::Bedroom => {
                    books(
                        pixmap,
                        near + ps * ph * 0.3,
                        base,
                        ph * 0.62,
                        3,
                        [colors[0], colors[2], colors[1]],
                        side,
                        shadow,
                    );
                    candle(
                        pixmap,
                        near + ps * ph * 0.3,
                        base - ph * 0.21,
                        ph * 0.2,
                        side,
                        shadow,
                    );
                }
                Setting::KitchenCounter => {
                    cutting_board(pixmap, near + ps * ph * 0.35, base, ph * 0.8, side, shadow);
                    for k in 0..2 {
                        sphere(
                            pixmap,
                            other - ps * ph * (0.12 + 0.22 * k as f32),
                            pbase + ph * 0.02 * k as f32,
                            ph * 0.1,
                            Fruit::Lemon.colors().0,
                            side,
                            shadow,
                        );
                    }
                }
                Setting::WoodenTable => {
                    fabric(
                        pixmap,
                        near - ph * 0.35,
                        base - ph * 0.12,
                        ph * 0.75,
                        ph * 0.2,
                        mix(colors[1], hex(0xE9E2D6), 0.5),
                        side,
                        shadow,
                    );
                    for k in 0..2 {
                        fruit_slice(
                            pixmap,
                            other - ps * ph * (0.12 + 0.2 * k as f32),
                            pbase + ph * (0.01 + 0.03 * k as f32),
                            ph * 0.085,
                            0.42,
                            Fruit::Orange,
                            side,
                            shadow,
                        );
                    }
                }
                Setting::Desk => {
                    notebook(
                        pixmap,
                        near + ps * ph * 0.3,
                        base,
                        ph * 0.75,
                        colors[2],
                        side,
                        shadow,
                    );
                    plant(
                        pixmap,
                        other - ps * ph * 0.2,
                        base - ph * 0.02,
                        ph * 0.55,
                        side,
                        shadow,
                        &mut rng,
                    );
                }
                Setting::Shelf => {
                    standing_books(
                        pixmap,
                        near + ps * ph * 0.3,
                        base,
                        ph * 0.85,
                        [colors[0], colors[2], colors[1], hex(0x3E4A44)],
                        side,
                        shadow,
                        ps,
                    );
                    plant(
                        pixmap,
                        other - ps * ph * 0.18,
                        base,
                        ph * 0.5,
                        side,
                        shadow,
                        &mut rng,
                    );
                }
                Setting::Cafe | Setting::OutdoorCafe => {
                    cup(
                        pixmap,
                        near + ps * ph * 0.3,
                        base,
                        ph * 0.42,
                        hex(0xF2EEE8),
                        side,
                        shadow,
                    );
                    if p.setting == Setting::OutdoorCafe {
                        bud_vase(
                            pixmap,
                            other - ps * ph * 0.12,
                            base - ph * 0.02,
                            ph * 0.55,
                            colors[0],
                            side,
                            shadow,
                        );
                    }
                }
                Setting::Windowsill => {
                    plant(
                        pixmap,
                        near + ps * ph * 0.3,
                        base,
                        ph * 0.62,
                        side,
                        shadow,
                        &mut rng,
                    );
                }
                Setting::Vanity => {
                    towels(
                        pixmap,
                        other - ps * ph * 0.3,
                        base,
                        ph * 0.55,
                        3,
                        [colors[1], mix(colors[0], [1.0; 3], 0.4)],
                        side,
                        shadow,
                    );
                }
                Setting::Tray | Setting::StoneSlab => {
                    pebbles(
                        pixmap,
                        near + ps * ph * 0.1,
                        pbase + ph * 0.02,
                        ph * 0.09,
                        side,
                        shadow,
                        &mut rng,
                    );
                    leaf_spray(
                        pixmap,
                        other - ps * ph * 0.15,
                        pbase + ph * 0.04,
                        ph * 0.3,
                        side,
                        false,
                        &mut rng,
                    );
                }
                Setting::CuttingBoard => {
                    for k in 0..2 {
                        fruit_slice(
                            pixmap,
                            near + ps * ph * (0.1 + 0.2 * k as f32),
                            pbase + ph * (0.01 + 0.03 * k as f32),
                            ph * 0.085,
                            0.42,
                            Fruit::Lemon,
                            side,
                            shadow,
                        );
                    }
                    leaf_spray(
                        pixmap,
                        other - ps * ph * 0.15,
                        pbase + ph * 0.04,
                        ph * 0.3,
                        side,
                        false,
                        &mut rng,
                    );
                }
                Setting::BedsideTable => {
                    books(
                        pixmap,
                        near + ps * ph * 0.3,
                        base,
                        ph * 0.62,
                        3,
                        [colors[0], colors[2], colors[1]],
                        side,
                        shadow,
                    );
                    cup(
                        pixmap,
                        other - ps * ph * 0.22,
                        base,
                        ph * 0.32,
                        hex(0xF2EEE8),
                        side,
                        shadow,
                    );
                }
                Setting::Beach => {
                    shell(
                        pixmap,
                        near + ps * ph * 0.2,
                        base + ph * 0.02,
                        ph * 0.12,
                        side,
                        shadow,
                    );
                    pebbles(
                        pixmap,
                        other - ps * ph * 0.15,
                        pbase + ph * 0.04,
                        ph * 0.08,
                        side,
                        shadow,
                        &mut rng,
                    );
                    fabric(
                        pixmap,
                        near,
                        base + ph * 0.02,
                        ph * 0.9,
                        ph * 0.16,
                        hex(0x3C7FA6),
                        side,
                        shadow,
                    );
                }
            }
        }
        Composition::ProductHero | Composition::DetailCloseup => {}
    }
}

/// Whether a setting's own lifestyle props already show everything named (a bathroom's
/// towels and pebbles for "with towels and pebbles").
fn shows_named(setting: Setting, named: &[PropKind]) -> bool {
    use std::mem::discriminant as d;
    let own: &[PropKind] = match setting {
        Setting::Marble => &[PropKind::Books],
        Setting::Bathroom => &[PropKind::Towels([0; 3]), PropKind::Stones],
        Setting::Garden => &[PropKind::Plant, PropKind::Stones, PropKind::Leaves],
        Setting::Bedroom => &[PropKind::Books, PropKind::Candle],
        Setting::KitchenCounter => &[PropKind::WholeFruit(Fruit::Lemon)],
        Setting::WoodenTable => &[
            PropKind::Fabric([0; 3]),
            PropKind::FruitSlices(Fruit::Orange),
        ],
        Setting::Desk | Setting::Shelf => &[PropKind::Books, PropKind::Plant],
        Setting::Cafe | Setting::OutdoorCafe => &[PropKind::Cup],
        Setting::Beach => &[PropKind::Shells, PropKind::Stones, PropKind::Fabric([0; 3])],
        Setting::Windowsill => &[PropKind::Plant],
        Setting::Vanity => &[PropKind::Towels([0; 3])],
        Setting::Tray | Setting::StoneSlab => &[PropKind::Stones, PropKind::Leaves],
        Setting::CuttingBoard => &[PropKind::FruitSlices(Fruit::Lemon), PropKind::Leaves],
        Setting::BedsideTable => &[PropKind::Books, PropKind::Cup],
        Setting::Studio => &[],
    };
    named.iter().all(|n| own.iter().any(|o| d(o) == d(n)))
}

/// The props the prompt named, standing beside the product: the first on the props' side,
/// the second on the other, the third further out on the first's side. Each is drawn about
/// as tall as half the product, so it reads clearly without upstaging it.
fn beside(pm: &mut Pixmap, p: &Props, rng: &mut Rng) {
    let s = p.scale;
    let r = &p.layout.product;
    let (pcx, pbase, pw, ph) = (
        r.center_x() * s,
        r.bottom() as f32 * s,
        r.width as f32 * s,
        r.height as f32 * s,
    );
    let ps = p.layout.prop_side;
    let shadow = p.light.shadow_color();
    let (bw, bh) = (ph * 0.62, ph * 0.62);
    let base = pbase - ph * 0.03;
    let spots = [
        (pcx + ps * (pw * 0.5 + bw * 0.55), base),
        (pcx - ps * (pw * 0.5 + bw * 0.55), base + ph * 0.02),
        (pcx + ps * (pw * 0.5 + bw * 1.5), base - ph * 0.02),
    ];
    for (kind, (cx, base)) in p.named.iter().zip(spots) {
        // `draw_prop` stands a front view on 86 % of its box's height.
        let (x, y) = (cx - bw / 2.0, base - bh * 0.86);
        draw_prop(pm, *kind, (x, y, bw, bh), p.light.side, shadow, false, rng);
    }
}

/// A flat lay's props: seen from above, scattered around the product on the surface.
fn flat_lay(pm: &mut Pixmap, p: &Props, colors: [Rgb; 3], rng: &mut Rng) {
    let (w, h) = (pm.width() as f32, pm.height() as f32);
    let s = p.scale;
    let r = &p.layout.product;
    let (x0, y0, x1, y1) = (
        r.x as f32 * s,
        r.y as f32 * s,
        (r.x as f32 + r.width as f32) * s,
        r.bottom() as f32 * s,
    );
    let side = p.light.side;
    let shadow = p.light.shadow_color();
    let kinds: Vec<PropKind> = match p.setting {
        // What the prompt named comes first, then the setting's own for a fuller lay. Seen
        // from above, what stands in a vase lies on the surface.
        _ if !p.named.is_empty() => {
            let mut kinds: Vec<PropKind> = p
                .named
                .iter()
                .map(|k| match *k {
                    PropKind::Vase {
                        stems: Stems::Flowers(c) | Stems::Spikes(c),
                        ..
                    } => PropKind::Flowers(c),
                    PropKind::Vase { .. } => PropKind::Branch,
                    PropKind::DriedFlowers => PropKind::Herbs {
                        bloom: Some([226, 206, 170]),
                    },
                    other => other,
                })
                .collect();
            kinds.push(PropKind::Leaves);
            kinds
        }
        Setting::KitchenCounter | Setting::WoodenTable => vec![
            PropKind::FruitSlices(Fruit::Orange),
            PropKind::Leaves,
            PropKind::FruitSlices(Fruit::Lemon),
            PropKind::Fabric([233, 226, 214]),
        ],
        Setting::Bathroom => vec![
            PropKind::Stones,
            PropKind::WaterDrops,
            PropKind::Leaves,
            PropKind::Fabric([240, 240, 236]),
        ],
        Setting::Garden | Setting::OutdoorCafe => vec![
            PropKind::Leaves,
            PropKind::Flowers([236, 200, 90]),
            PropKind::Stones,
            PropKind::FruitSlices(Fruit::Lime),
        ],
        Setting::Beach => vec![
            PropKind::Shells,
            PropKind::Stones,
            PropKind::Leaves,
            PropKind::Shells,
        ],
        Setting::Bedroom | Setting::Shelf | Setting::Cafe | Setting::BedsideTable => vec![
            PropKind::Flowers([232, 176, 190]),
            PropKind::Leaves,
            PropKind::Fabric([215, 196, 176]),
            PropKind::Flowers([246, 238, 226]),
        ],
        _ => vec![
            PropKind::Leaves,
            PropKind::Flowers(to8(colors[0])),
            PropKind::Stones,
            PropKind::Fabric(to8(mix(colors[1], p.surface, 0.3))),
        ],
    };
    let m = w.min(h);
    // A cloth running in from a corner, under everything else.
    if let Some(PropKind::Fabric(c)) = kinds.iter().find(|k| matches!(k, PropKind::Fabric(_))) {
        let (fw, fh) = (m * 0.62, m * 0.42);
        let fx = if p.layout.prop_side > 0.0 {
            w - fw * 0.85
        } else {
            -fw * 0.15
        };
        fabric(
            pm,
            fx,
            h - fh * 0.9,
            fw,
            fh,
            super::raster::rgb8(*c),
            side,
            shadow,
        );
    }
    let small: Vec<PropKind> = kinds
        .iter()
        .copied()
        .filter(|k| !matches!(k, PropKind::Fabric(_)))
        .collect();
    let clean = matches!(
        p.composition,
        Composition::ProductHero | Composition::DetailCloseup
    );
    let size = m * if clean { 0.3 } else { 0.36 };
    let gap = size * 0.08;
    // Around the product (beside it, above and below it where the frame has room), and in
    // the corners of the frame for a fuller lay.
    let mut spots = vec![
        (x1 + gap, y0 + (y1 - y0) * 0.1, size),
        (x0 - size - gap, y1 - size - (y1 - y0) * 0.1, size),
    ];
    let end = size * 0.8;
    if y0 - gap - end * 0.8 > 0.0 {
        spots.push((x0 - end * 0.6, y0 - gap - end, end));
    }
    if y1 + gap + end * 0.8 < h {
        spots.push((x1 - end * 0.4, y1 + gap, end));
    }
    if !clean {
        spots.push((w * 0.04, h * 0.04, size));
        spots.push((w - size * 1.04, h * 0.06, size));
        spots.push((x1 + gap, y1 - size * 0.6, size));
    }
    for (k, (sx, sy, size)) in spots.iter().enumerate() {
        draw_prop(
            pm,
            small[k % small.len()],
            (*sx, *sy, *size, *size),
            side,
            shadow,
            true,
            rng,
        );
    }
}

fn to8(c: Rgb) -> [u8; 3] {
    c.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
}

fn sphere(pm: &mut Pixmap, cx: f32, base: f32, r: f32, c: Rgb, side: f32, shadow: Rgb) {
    soft_ellipse(
        pm,
        cx - side * r * 0.4,
        base,
        r * 1.2,
        r * 0.22,
        shadow,
        0.55,
    );
    let cy = base - r;
    let stops = vec![
        tiny_skia::GradientStop::new(0.0, color(mix(c, [1.0; 3], 0.35), 1.0)),
        tiny_skia::GradientStop::new(0.55, color(c, 1.0)),
        tiny_skia::GradientStop::new(1.0, color(scale(c, 0.55), 1.0)),
    ];
    let shader = tiny_skia::RadialGradient::new(
        tiny_skia::Point::from_xy(cx + side * r * 0.35, cy - r * 0.4),
        tiny_skia::Point::from_xy(cx + side * r * 0.35, cy - r * 0.4),
        r * 1.6,
        stops,
        tiny_skia::SpreadMode::Pad,
        Transform::identity(),
    );
    if let Some(shader) = shader {
        fill(pm, ellipse(cx, cy, r, r), shader);
    }
}

#[allow(clippy::too_many_arguments)]
fn block(pm: &mut Pixmap, cx: f32, base: f32, w: f32, h: f32, c: Rgb, side: f32, shadow: Rgb) {
    soft_ellipse(pm, cx - side * w * 0.2, base, w * 0.7, w * 0.1, shadow, 0.5);
    let top = w * 0.12;
    fill(
        pm,
        rounded_rect(cx - w / 2.0, base - h, w, h, w * 0.02),
        round_shader(cx - w / 2.0, cx + w / 2.0, c, side, 0.0),
    );
    fill(
        pm,
        ellipse(cx, base - h, w / 2.0, top),
        vertical_shader(
            base - h - top,
            base - h + top,
            scale(c, 1.05),
            scale(c, 1.12),
        ),
    );
}

#[allow(clippy::too_many_arguments)]
fn vase(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    h: f32,
    c: Rgb,
    side: f32,
    shadow: Rgb,
    rng: &mut Rng,
) {
    let body_h = h * 0.45;
    let r = body_h * 0.42;
    // Eucalyptus stems first, so the vase mouth covers their ends.
    let stem = scale(hex(0x5F6F55), 0.9);
    let leaf = hex(0x93A38A);
    for i in 0..5 {
        let a = (i as f32 - 2.0) * 0.32 + rng.range(-0.1, 0.1);
        let (x0, y0) = (cx, base - body_h * 0.9);
        let len = h * rng.range(0.55, 0.75);
        let (x1, y1) = (x0 + a.sin() * len, y0 - a.cos() * len);
        let mut pb = PathBuilder::new();
        pb.move_to(x0, y0);
        pb.quad_to(x0 + a.sin() * len * 0.2, y0 - len * 0.6, x1, y1);
        stroke_solid(pm, pb.finish(), stem, 1.0, (h * 0.008).max(0.8));
        for k in 1..8 {
            let t = k as f32 / 8.0;
            let lx = x0 + (x1 - x0) * t + a.sin() * len * 0.2 * (1.0 - t) * t * 2.0;
            let ly = y0 + (y1 - y0) * t;
            let lr = h * 0.035 * (1.1 - t * 0.4);
            let off = if k % 2 == 0 { lr } else { -lr };
            let shade = 0.85 + 0.3 * rng.f32();
            fill_solid(
                pm,
                ellipse(lx + off, ly, lr, lr * 0.85),
                scale(leaf, shade),
                0.95,
            );
        }
    }
    soft_ellipse(
        pm,
        cx - side * r * 0.5,
        base,
        r * 1.5,
        r * 0.22,
        shadow,
        0.55,
    );
    let mut pb = PathBuilder::new();
    let neck = r * 0.38;
    pb.move_to(cx - neck, base - body_h);
    pb.cubic_to(
        cx - neck,
        base - body_h * 0.8,
        cx - r * 1.1,
        base - body_h * 0.7,
        cx - r,
        base - body_h * 0.35,
    );
    pb.cubic_to(
        cx - r * 0.95,
        base - body_h * 0.05,
        cx - r * 0.6,
        base,
        cx,
        base,
    );
    pb.cubic_to(
        cx + r * 0.6,
        base,
        cx + r * 0.95,
        base - body_h * 0.05,
        cx + r,
        base - body_h * 0.35,
    );
    pb.cubic_to(
        cx + r * 1.1,
        base - body_h * 0.7,
        cx + neck,
        base - body_h * 0.8,
        cx + neck,
        base - body_h,
    );
    pb.close();
    fill(pm, pb.finish(), round_shader(cx - r, cx + r, c, side, 0.3));
    fill_solid(
        pm,
        ellipse(cx, base - body_h, neck, neck * 0.25),
        scale(c, 0.5),
        1.0,
    );
}

/// A stack of `count` books `w` wide lying on `base`, in turn in the three colours.
#[allow(clippy::too_many_arguments)]
fn books(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    w: f32,
    count: usize,
    colors: [Rgb; 3],
    side: f32,
    shadow: Rgb,
) {
    soft_ellipse(
        pm,
        cx - side * w * 0.1,
        base,
        w * 0.62,
        w * 0.06,
        shadow,
        0.55,
    );
    let mut y = base;
    for (n, i) in (0..count).map(|n| (n, n % 3)) {
        let c = &colors[(i + n / 3) % 3];
        let bh = w * [0.13, 0.1, 0.12][i];
        let bw = w * [1.0, 0.92, 0.96][i];
        let x = cx - bw / 2.0 + [0.0, 0.03, -0.04][i] * w;
        fill(
            pm,
            rounded_rect(x, y - bh, bw, bh, bh * 0.15),
            round_shader(x, x + bw, *c, side, 0.0),
        );
        // Page edges on the spine's far side.
        let px = if side > 0.0 {
            x + bw * 0.02
        } else {
            x + bw * 0.9
        };
        fill_solid(
            pm,
            rounded_rect(px, y - bh * 0.82, bw * 0.08, bh * 0.64, 1.0),
            hex(0xEFE8DA),
            1.0,
        );
        y -= bh;
    }
}

/// A stack of `count` folded towels `w` wide standing on `base`.
#[allow(clippy::too_many_arguments)]
fn towels(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    w: f32,
    count: usize,
    colors: [Rgb; 2],
    side: f32,
    shadow: Rgb,
) {
    soft_ellipse(
        pm,
        cx - side * w * 0.1,
        base,
        w * 0.62,
        w * 0.07,
        shadow,
        0.5,
    );
    let mut y = base;
    for i in 0..count {
        let c = colors[i % 2];
        let th = w * 0.2;
        let tw = w * (1.0 - i as f32 * 0.05);
        fill(
            pm,
            rounded_rect(cx - tw / 2.0, y - th, tw, th, th * 0.45),
            round_shader(cx - tw / 2.0, cx + tw / 2.0, c, side, 0.0),
        );
        fill_solid(
            pm,
            rounded_rect(cx - tw * 0.44, y - th * 0.55, tw * 0.88, th * 0.06, 1.0),
            scale(c, 0.86),
            0.7,
        );
        y -= th * 0.96;
    }
}

fn pebbles(pm: &mut Pixmap, cx: f32, base: f32, r: f32, side: f32, shadow: Rgb, rng: &mut Rng) {
    for i in 0..3 {
        let pr = r * [1.0, 0.75, 0.6][i];
        let x = cx + [0.0, 1.5, -1.3][i] * r;
        let y = base + [0.0, 0.25, 0.35][i] * r;
        let c = scale(hex(0x8D8A84), rng.range(0.7, 1.2));
        soft_ellipse(pm, x - side * pr * 0.3, y, pr * 1.2, pr * 0.3, shadow, 0.5);
        fill(
            pm,
            ellipse(x, y - pr * 0.45, pr, pr * 0.5),
            round_shader(x - pr, x + pr, c, side, 0.1),
        );
    }
}

fn candle(pm: &mut Pixmap, cx: f32, base: f32, h: f32, side: f32, shadow: Rgb) {
    let w = h * 0.8;
    soft_ellipse(
        pm,
        cx,
        base - h - h * 0.5,
        h * 1.3,
        h * 1.3,
        hex(0xFFB347),
        0.22,
    );
    soft_ellipse(pm, cx - side * w * 0.2, base, w * 0.6, w * 0.1, shadow, 0.4);
    fill(
        pm,
        rounded_rect(cx - w / 2.0, base - h, w, h, w * 0.08),
        round_shader(cx - w / 2.0, cx + w / 2.0, hex(0x6E5A4A), side, 0.6),
    );
    fill_solid(
        pm,
        ellipse(cx, base - h, w / 2.0, w * 0.1),
        hex(0xF1E6D2),
        1.0,
    );
    fill_solid(
        pm,
        ellipse(cx, base - h - h * 0.16, h * 0.05, h * 0.14),
        hex(0xFFE3A3),
        1.0,
    );
}

/// A citrus slice: rind, pith, segments; `flat` squashes it for a slice lying on a surface
/// seen from the front (1 = seen from above).
#[allow(clippy::too_many_arguments)]
fn fruit_slice(
    pm: &mut Pixmap,
    cx: f32,
    cy: f32,
    r: f32,
    flat: f32,
    fruit: Fruit,
    side: f32,
    shadow: Rgb,
) {
    let (rind, flesh) = fruit.colors();
    let ry = r * flat;
    soft_ellipse(
        pm,
        cx - side * r * 0.2,
        cy + ry * 0.6,
        r * 1.2,
        ry * 1.7,
        shadow,
        0.5,
    );
    // Where the slice touches the surface, a tight, darker line.
    soft_ellipse(
        pm,
        cx - side * r * 0.05,
        cy + ry * 1.1,
        r * 0.95,
        ry * 0.5,
        shadow,
        0.75,
    );
    if flat < 0.9 {
        // The slice's edge, seen below its cut face.
        fill_solid(
            pm,
            ellipse(cx, cy + ry * 0.18, r, ry),
            scale(rind, 0.8),
            1.0,
        );
    }
    fill(
        pm,
        ellipse(cx, cy, r, ry),
        side_shader(cx - r, cx + r, rind, side, 0.14),
    );
    fill(
        pm,
        ellipse(cx, cy, r * 0.9, ry * 0.9),
        side_shader(cx - r, cx + r, hex(0xF6F0DC), side, 0.06),
    );
    fill(
        pm,
        ellipse(cx, cy, r * 0.84, ry * 0.84),
        side_shader(cx - r, cx + r, flesh, side, 0.16),
    );
    for k in 0..10 {
        let a = k as f32 / 10.0 * std::f32::consts::TAU;
        let mut pb = PathBuilder::new();
        pb.move_to(cx, cy);
        pb.line_to(cx + a.cos() * r * 0.84, cy + a.sin() * ry * 0.84);
        stroke_solid(pm, pb.finish(), hex(0xF7EFD6), 0.9, (r * 0.05).max(0.6));
    }
    fill_solid(pm, ellipse(cx, cy, r * 0.1, ry * 0.1), hex(0xF7EFD6), 1.0);
    // Juice catches the light on the key's side.
    fill_solid(
        pm,
        ellipse(cx + side * r * 0.35, cy - ry * 0.3, r * 0.22, ry * 0.12),
        [1.0; 3],
        0.35,
    );
}

/// A spray of leaves from one point, fanning away from it.
fn leaf_spray(pm: &mut Pixmap, cx: f32, cy: f32, len: f32, side: f32, plan: bool, rng: &mut Rng) {
    let count = 5;
    // Seen from above the leaves fan all round; from the front they lie on the surface,
    // fanning left, back and right.
    let (start, step) = if plan {
        (
            rng.range(0.0, std::f32::consts::TAU),
            std::f32::consts::TAU / count as f32,
        )
    } else {
        (
            -std::f32::consts::PI + 0.35,
            (std::f32::consts::PI - 0.7) / (count - 1) as f32,
        )
    };
    if !plan {
        soft_ellipse(
            pm,
            cx - side * len * 0.1,
            cy - len * 0.1,
            len * 1.0,
            len * 0.3,
            [0.0; 3],
            0.22,
        );
    }
    for i in 0..count {
        let a = start + i as f32 * step + rng.range(-0.15, 0.15);
        let c = scale(hex(0x4E7A3A), rng.range(0.8, 1.2));
        let squash = if plan { 1.0 } else { 0.5 };
        let (dx, dy) = (a.cos() * len, a.sin() * len * squash);
        let (nx, ny) = (
            -dy / len.max(1.0) * len * 0.22,
            dx / len.max(1.0) * len * 0.22 * squash.max(0.5),
        );
        let mut pb = PathBuilder::new();
        pb.move_to(cx, cy);
        pb.quad_to(cx + dx * 0.5 + nx, cy + dy * 0.5 + ny, cx + dx, cy + dy);
        pb.quad_to(cx + dx * 0.5 - nx, cy + dy * 0.5 - ny, cx, cy);
        pb.close();
        fill(
            pm,
            pb.finish(),
            round_shader(cx - len, cx + len, c, side, 0.2),
        );
        // The midrib.
        let mut rib = PathBuilder::new();
        rib.move_to(cx, cy);
        rib.line_to(cx + dx * 0.95, cy + dy * 0.95);
        super::draw::stroke(
            pm,
            rib.finish(),
            tiny_skia::Shader::SolidColor(color(scale(c, 1.3), 0.7)),
            (len * 0.018).max(0.5),
        );
    }
}

/// A five-petalled flower; `flat` squashes it in a front view.
#[allow(clippy::too_many_arguments)]
fn flower(pm: &mut Pixmap, cx: f32, cy: f32, r: f32, c: Rgb, side: f32, shadow: Rgb, flat: f32) {
    soft_ellipse(
        pm,
        cx - side * r * 0.15,
        cy + r * 0.2 * flat,
        r * 1.2,
        r * 1.1 * flat,
        shadow,
        0.35,
    );
    for k in 0..5 {
        let a = k as f32 / 5.0 * std::f32::consts::TAU + 0.3;
        let (px, py) = (cx + a.cos() * r * 0.55, cy + a.sin() * r * 0.55 * flat);
        let shade = 0.92 + 0.12 * (a.cos() * side).max(0.0);
        fill_solid(
            pm,
            ellipse(px, py, r * 0.5, r * 0.5 * flat),
            scale(c, shade),
            1.0,
        );
    }
    fill_solid(
        pm,
        ellipse(cx, cy, r * 0.26, r * 0.26 * flat),
        hex(0xD9A030),
        1.0,
    );
}

/// A draped cloth: a soft rounded shape with a few folds.
#[allow(clippy::too_many_arguments)]
fn fabric(pm: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, c: Rgb, side: f32, shadow: Rgb) {
    soft_ellipse(
        pm,
        x + w / 2.0 - side * w * 0.03,
        y + h * 0.6,
        w * 0.56,
        h * 0.55,
        shadow,
        0.3,
    );
    let mut pb = PathBuilder::new();
    pb.move_to(x + w * 0.05, y + h * 0.2);
    pb.cubic_to(
        x + w * 0.3,
        y,
        x + w * 0.6,
        y + h * 0.15,
        x + w * 0.95,
        y + h * 0.05,
    );
    pb.cubic_to(
        x + w,
        y + h * 0.4,
        x + w * 0.9,
        y + h * 0.7,
        x + w * 0.97,
        y + h * 0.95,
    );
    pb.cubic_to(
        x + w * 0.6,
        y + h,
        x + w * 0.3,
        y + h * 0.85,
        x + w * 0.02,
        y + h * 0.92,
    );
    pb.cubic_to(
        x,
        y + h * 0.6,
        x + w * 0.08,
        y + h * 0.4,
        x + w * 0.05,
        y + h * 0.2,
    );
    pb.close();
    fill(pm, pb.finish(), round_shader(x, x + w, c, side, 0.0));
    for k in 0..3 {
        let fx = x + w * (0.25 + 0.25 * k as f32);
        let mut fold = PathBuilder::new();
        fold.move_to(fx, y + h * 0.15);
        fold.quad_to(fx + w * 0.06, y + h * 0.5, fx - w * 0.02, y + h * 0.88);
        super::draw::stroke(
            pm,
            fold.finish(),
            tiny_skia::Shader::SolidColor(color(scale(c, 0.78), 0.45)),
            (w * 0.02).max(0.8),
        );
    }
}

/// A water droplet: a dark rim where it refracts, a bright caustic and a specular dot.
fn drop(pm: &mut Pixmap, cx: f32, cy: f32, r: f32, side: f32) {
    fill_solid(pm, ellipse(cx, cy, r, r * 0.9), [0.0; 3], 0.16);
    // The specular dot faces the light; the light focused through the drop lands low on
    // the far side.
    fill_solid(
        pm,
        ellipse(cx - side * r * 0.15, cy + r * 0.2, r * 0.6, r * 0.45),
        [1.0; 3],
        0.3,
    );
    fill_solid(
        pm,
        ellipse(cx + side * r * 0.35, cy - r * 0.35, r * 0.22, r * 0.18),
        [1.0; 3],
        0.85,
    );
}

/// A scallop shell seen from above its hinge.
fn shell(pm: &mut Pixmap, cx: f32, cy: f32, r: f32, side: f32, shadow: Rgb) {
    soft_ellipse(
        pm,
        cx - side * r * 0.2,
        cy + r * 0.3,
        r * 1.2,
        r * 0.5,
        shadow,
        0.4,
    );
    let c = hex(0xF0DCC8);
    let mut pb = PathBuilder::new();
    pb.move_to(cx, cy + r * 0.3);
    pb.cubic_to(
        cx - r * 1.3,
        cy - r * 0.1,
        cx - r * 0.7,
        cy - r * 1.1,
        cx,
        cy - r,
    );
    pb.cubic_to(
        cx + r * 0.7,
        cy - r * 1.1,
        cx + r * 1.3,
        cy - r * 0.1,
        cx,
        cy + r * 0.3,
    );
    pb.close();
    fill(pm, pb.finish(), round_shader(cx - r, cx + r, c, side, 0.3));
    for k in -3..=3 {
        let a = k as f32 * 0.32;
        let mut rib = PathBuilder::new();
        rib.move_to(cx, cy + r * 0.25);
        rib.line_to(cx + a.sin() * r * 0.95, cy - a.cos() * r * 0.9);
        super::draw::stroke(
            pm,
            rib.finish(),
            tiny_skia::Shader::SolidColor(color(hex(0xC9A58A), 0.7)),
            (r * 0.05).max(0.6),
        );
    }
}

fn cup(pm: &mut Pixmap, cx: f32, base: f32, w: f32, c: Rgb, side: f32, shadow: Rgb) {
    let h = w * 0.75;
    soft_ellipse(
        pm,
        cx - side * w * 0.15,
        base,
        w * 0.9,
        w * 0.12,
        shadow,
        0.5,
    );
    // The saucer, then the cup and its handle, then the coffee.
    fill(
        pm,
        ellipse(cx, base - w * 0.04, w * 0.75, w * 0.1),
        round_shader(cx - w * 0.75, cx + w * 0.75, c, side, 0.2),
    );
    let hx = cx - side * w * 0.48;
    let mut handle = PathBuilder::new();
    handle.push_oval(
        tiny_skia::Rect::from_xywh(hx - w * 0.12, base - h * 0.8, w * 0.24, h * 0.45)
            .unwrap_or(tiny_skia::Rect::from_xywh(0.0, 0.0, 1.0, 1.0).unwrap()),
    );
    super::draw::stroke(
        pm,
        handle.finish(),
        tiny_skia::Shader::SolidColor(color(scale(c, 0.85), 1.0)),
        (w * 0.05).max(1.0),
    );
    fill(
        pm,
        rounded_rect(cx - w * 0.4, base - h - w * 0.04, w * 0.8, h, w * 0.18),
        round_shader(cx - w * 0.4, cx + w * 0.4, c, side, 0.4),
    );
    fill_solid(
        pm,
        ellipse(cx, base - h - w * 0.04, w * 0.4, w * 0.08),
        scale(c, 0.9),
        1.0,
    );
    fill_solid(
        pm,
        ellipse(cx, base - h - w * 0.03, w * 0.34, w * 0.06),
        hex(0x6B4128),
        1.0,
    );
}

fn plant(pm: &mut Pixmap, cx: f32, base: f32, h: f32, side: f32, shadow: Rgb, rng: &mut Rng) {
    let pw = h * 0.42;
    let ph = h * 0.36;
    soft_ellipse(
        pm,
        cx - side * pw * 0.2,
        base,
        pw * 0.7,
        pw * 0.1,
        shadow,
        0.5,
    );
    for i in 0..7 {
        let a = -std::f32::consts::FRAC_PI_2 + (i as f32 - 3.0) * 0.32 + rng.range(-0.1, 0.1);
        let len = h * rng.range(0.45, 0.62);
        let (x0, y0) = (cx, base - ph);
        let (x1, y1) = (x0 + a.cos() * len, y0 + a.sin() * len);
        let c = scale(hex(0x4F7F45), rng.range(0.85, 1.15));
        let (nx, ny) = (-(y1 - y0) * 0.16, (x1 - x0) * 0.16);
        let mut pb = PathBuilder::new();
        pb.move_to(x0, y0);
        pb.quad_to((x0 + x1) / 2.0 + nx, (y0 + y1) / 2.0 + ny, x1, y1);
        pb.quad_to((x0 + x1) / 2.0 - nx, (y0 + y1) / 2.0 - ny, x0, y0);
        pb.close();
        fill(
            pm,
            pb.finish(),
            round_shader(cx - len, cx + len, c, side, 0.2),
        );
    }
    fill(
        pm,
        rounded_rect(cx - pw / 2.0, base - ph, pw, ph, pw * 0.12),
        round_shader(cx - pw / 2.0, cx + pw / 2.0, hex(0xC8734E), side, 0.1),
    );
    fill_solid(
        pm,
        rounded_rect(cx - pw * 0.54, base - ph, pw * 1.08, ph * 0.14, pw * 0.05),
        hex(0xB5653F),
        1.0,
    );
}

fn notebook(pm: &mut Pixmap, cx: f32, base: f32, w: f32, c: Rgb, side: f32, shadow: Rgb) {
    let h = w * 0.09;
    soft_ellipse(
        pm,
        cx - side * w * 0.1,
        base,
        w * 0.6,
        w * 0.07,
        shadow,
        0.5,
    );
    fill(
        pm,
        rounded_rect(cx - w / 2.0, base - h, w, h, h * 0.3),
        round_shader(cx - w / 2.0, cx + w / 2.0, c, side, 0.0),
    );
    fill_solid(
        pm,
        rounded_rect(cx - w * 0.48, base - h * 0.55, w * 0.96, h * 0.3, 1.0),
        hex(0xF3EEE2),
        1.0,
    );
    // A pencil lying on it.
    fill(
        pm,
        rounded_rect(cx - w * 0.35, base - h * 1.45, w * 0.6, h * 0.45, h * 0.2),
        round_shader(cx - w * 0.35, cx + w * 0.25, hex(0xE2B43B), side, 0.3),
    );
}

#[allow(clippy::too_many_arguments)]
fn standing_books(
    pm: &mut Pixmap,
    x: f32,
    base: f32,
    h: f32,
    colors: [Rgb; 4],
    side: f32,
    shadow: Rgb,
    dir: f32,
) {
    soft_ellipse(pm, x, base, h * 0.5, h * 0.05, shadow, 0.5);
    let mut bx = x - h * 0.2;
    for (k, c) in colors.iter().enumerate() {
        let bw = h * [0.12, 0.09, 0.14, 0.1][k];
        let bh = h * [0.95, 0.82, 1.0, 0.88][k];
        let px = if dir > 0.0 { bx } else { 2.0 * x - bx - bw };
        fill(
            pm,
            rounded_rect(px, base - bh, bw, bh, bw * 0.1),
            round_shader(px, px + bw, *c, side, 0.0),
        );
        fill_solid(
            pm,
            rounded_rect(px + bw * 0.15, base - bh * 0.75, bw * 0.7, bh * 0.06, 0.5),
            hex(0xE8DCC0),
            0.8,
        );
        bx += bw;
    }
}

fn cutting_board(pm: &mut Pixmap, cx: f32, base: f32, h: f32, side: f32, shadow: Rgb) {
    let w = h * 0.55;
    // Leaning against the backsplash: tall, with a handle and a hole.
    soft_ellipse(
        pm,
        cx - side * w * 0.2,
        base,
        w * 0.7,
        w * 0.08,
        shadow,
        0.45,
    );
    let c = hex(0xC89560);
    fill(
        pm,
        rounded_rect(cx - w / 2.0, base - h * 0.8, w, h * 0.8, w * 0.2),
        round_shader(cx - w / 2.0, cx + w / 2.0, c, side, 0.1),
    );
    fill(
        pm,
        rounded_rect(cx - w * 0.16, base - h, w * 0.32, h * 0.25, w * 0.12),
        round_shader(cx - w * 0.16, cx + w * 0.16, c, side, 0.1),
    );
    fill_solid(
        pm,
        ellipse(cx, base - h * 0.9, w * 0.06, w * 0.06),
        scale(c, 0.45),
        1.0,
    );
}

#[allow(clippy::too_many_arguments)]
fn bud_vase(pm: &mut Pixmap, cx: f32, base: f32, h: f32, c: Rgb, side: f32, shadow: Rgb) {
    let r = h * 0.12;
    soft_ellipse(
        pm,
        cx - side * r * 0.4,
        base,
        r * 1.5,
        r * 0.25,
        shadow,
        0.5,
    );
    let mut stem = PathBuilder::new();
    stem.move_to(cx, base - r);
    stem.quad_to(cx + r * 0.6, base - h * 0.6, cx + r * 0.3, base - h * 0.9);
    super::draw::stroke(
        pm,
        stem.finish(),
        tiny_skia::Shader::SolidColor(color(hex(0x4F7A45), 1.0)),
        (h * 0.015).max(0.8),
    );
    flower(
        pm,
        cx + r * 0.3,
        base - h * 0.92,
        h * 0.1,
        c,
        side,
        shadow,
        0.9,
    );
    fill(
        pm,
        ellipse(cx, base - r, r, r),
        round_shader(cx - r, cx + r, hex(0xDDE6E6), side, 0.6),
    );
    fill(
        pm,
        rounded_rect(cx - r * 0.3, base - r * 2.6, r * 0.6, r * 1.8, r * 0.2),
        round_shader(cx - r * 0.3, cx + r * 0.3, hex(0xDDE6E6), side, 0.6),
    );
}

/// A stroked line of `width` in colour `c`.
fn line(pm: &mut Pixmap, path: Option<tiny_skia::Path>, c: Rgb, alpha: f32, width: f32) {
    super::draw::stroke(
        pm,
        path,
        tiny_skia::Shader::SolidColor(color(c, alpha)),
        width,
    );
}

/// A point on the quadratic curve from `a` through control `k` to `b`.
fn quad_at(a: (f32, f32), k: (f32, f32), b: (f32, f32), t: f32) -> (f32, f32) {
    let u = 1.0 - t;
    (
        u * u * a.0 + 2.0 * u * t * k.0 + t * t * b.0,
        u * u * a.1 + 2.0 * u * t * k.1 + t * t * b.1,
    )
}

/// A leaf: an almond shape from `at` pointing along `angle`, shaded from the light's side.
#[allow(clippy::too_many_arguments)]
fn leaf(pm: &mut Pixmap, at: (f32, f32), angle: f32, len: f32, width: f32, c: Rgb, side: f32) {
    let (dx, dy) = (angle.cos() * len, angle.sin() * len);
    let (nx, ny) = (-angle.sin() * width, angle.cos() * width);
    let mut pb = PathBuilder::new();
    pb.move_to(at.0, at.1);
    pb.quad_to(
        at.0 + dx * 0.5 + nx,
        at.1 + dy * 0.5 + ny,
        at.0 + dx,
        at.1 + dy,
    );
    pb.quad_to(at.0 + dx * 0.5 - nx, at.1 + dy * 0.5 - ny, at.0, at.1);
    pb.close();
    let (x0, x1) = (at.0.min(at.0 + dx) - width, at.0.max(at.0 + dx) + width);
    fill(pm, pb.finish(), round_shader(x0, x1, c, side, 0.15));
}

/// A vase with stems standing in the box `(x, y, w, h)`: the stems fan out from its mouth
/// to fill the box's width and top, so the whole arrangement fills the area it is given.
#[allow(clippy::too_many_arguments)]
fn stem_vase(
    pm: &mut Pixmap,
    (x, y, w, h): (f32, f32, f32, f32),
    stems: Stems,
    glass: bool,
    side: f32,
    shadow: Rgb,
    rng: &mut Rng,
) {
    let (cx, base) = (x + w / 2.0, y + h * 0.92);
    let vh = h * 0.42;
    let r = (vh * 0.36).min(w * 0.22);
    let neck = r * 0.55;
    let mouth = base - vh;
    soft_ellipse(
        pm,
        cx - side * r * 0.5,
        base,
        r * 1.7,
        r * 0.25,
        shadow,
        0.55,
    );
    let stem_c = hex(0x5E7350);
    let count = 7;
    let size = w.min(h);
    for i in 0..count {
        let t = i as f32 / (count - 1) as f32;
        // Tips spread over the box's top, the middle ones highest.
        let tip = (
            cx + (t - 0.5) * w * 0.84 + rng.range(-0.02, 0.02) * w,
            y + h * (0.03 + 0.22 * (2.0 * t - 1.0).powi(2)) + rng.range(0.0, 0.04) * h,
        );
        let start = (
            cx + (t - 0.5) * neck,
            if glass {
                base - r * 0.3
            } else {
                mouth + r * 0.3
            },
        );
        let ctrl = (cx + (t - 0.5) * neck * 2.0, mouth - vh * 0.35);
        let mut pb = PathBuilder::new();
        pb.move_to(start.0, start.1);
        pb.quad_to(ctrl.0, ctrl.1, tip.0, tip.1);
        line(pm, pb.finish(), stem_c, 1.0, (size * 0.012).max(1.0));
        match stems {
            Stems::Leafy => {
                for k in 0..6 {
                    let s = 0.35 + 0.12 * k as f32;
                    let p = quad_at(start, ctrl, tip, s.min(1.0));
                    let dir = if k % 2 == 0 { 1.0 } else { -1.0 };
                    let angle = -std::f32::consts::FRAC_PI_2 + dir * 0.9 + (t - 0.5) * 0.8;
                    let c = scale(hex(0x8FA58C), rng.range(0.82, 1.12));
                    leaf(pm, p, angle, size * 0.075, size * 0.032, c, side);
                }
            }
            Stems::Spikes(c) => {
                let c = super::raster::rgb8(c);
                for k in 0..14 {
                    let s = 0.62 + 0.38 * k as f32 / 13.0;
                    let p = quad_at(start, ctrl, tip, s);
                    let off = if k % 2 == 0 { 1.0 } else { -1.0 } * size * 0.008;
                    let rr = size * 0.014 * (1.1 - 0.4 * (s - 0.62) / 0.38);
                    fill(
                        pm,
                        ellipse(p.0 + off, p.1, rr, rr * 1.5),
                        round_shader(
                            p.0 - rr,
                            p.0 + rr,
                            scale(c, rng.range(0.85, 1.1)),
                            side,
                            0.1,
                        ),
                    );
                }
            }
            Stems::Flowers(c) => {
                for k in 0..2 {
                    let p = quad_at(start, ctrl, tip, 0.55 + 0.15 * k as f32);
                    let dir = if (i + k) % 2 == 0 { 1.0 } else { -1.0 };
                    leaf(
                        pm,
                        p,
                        -std::f32::consts::FRAC_PI_2 + dir * 1.0,
                        size * 0.07,
                        size * 0.028,
                        hex(0x6F8F5A),
                        side,
                    );
                }
                flower(
                    pm,
                    tip.0,
                    tip.1,
                    size * 0.07,
                    super::raster::rgb8(c),
                    side,
                    shadow,
                    0.9,
                );
            }
        }
    }
    // The vase: a rounded body with a neck.
    let mut pb = PathBuilder::new();
    pb.move_to(cx - neck, mouth);
    pb.cubic_to(
        cx - neck,
        mouth + vh * 0.2,
        cx - r * 1.1,
        mouth + vh * 0.3,
        cx - r,
        base - vh * 0.35,
    );
    pb.cubic_to(
        cx - r * 0.95,
        base - vh * 0.05,
        cx - r * 0.6,
        base,
        cx,
        base,
    );
    pb.cubic_to(
        cx + r * 0.6,
        base,
        cx + r * 0.95,
        base - vh * 0.05,
        cx + r,
        base - vh * 0.35,
    );
    pb.cubic_to(
        cx + r * 1.1,
        mouth + vh * 0.3,
        cx + neck,
        mouth + vh * 0.2,
        cx + neck,
        mouth,
    );
    pb.close();
    let body = pb.finish();
    if glass {
        // Clear glass: the stems show through a faint tint; water fills the lower part;
        // the rim and the lit side catch bright highlights.
        fill_solid(pm, body.clone(), hex(0xDCEBEA), 0.28);
        fill_solid(
            pm,
            rounded_rect(cx - r * 0.92, base - vh * 0.55, r * 1.84, vh * 0.5, r * 0.6),
            hex(0xB9D3D4),
            0.25,
        );
        stroke_solid(pm, body, hex(0xF4FBFB), 0.85, (size * 0.01).max(1.0));
        fill_solid(
            pm,
            rounded_rect(
                cx + side * r * 0.55 - r * 0.06,
                mouth + vh * 0.3,
                r * 0.12,
                vh * 0.45,
                r * 0.06,
            ),
            [1.0; 3],
            0.8,
        );
        fill_solid(
            pm,
            ellipse(cx, mouth, neck, neck * 0.25),
            hex(0xE8F3F3),
            0.8,
        );
    } else {
        fill(
            pm,
            body,
            round_shader(cx - r, cx + r, hex(0xE9E1D3), side, 0.3),
        );
        fill_solid(
            pm,
            ellipse(cx, mouth, neck, neck * 0.25),
            hex(0x6E665A),
            1.0,
        );
    }
}

/// A eucalyptus branch lying across the box: a curved stem with pairs of rounded,
/// sage-green leaves, each casting a soft shadow on the surface.
fn branch(
    pm: &mut Pixmap,
    (x, y, w, h): (f32, f32, f32, f32),
    side: f32,
    shadow: Rgb,
    rng: &mut Rng,
) {
    let size = w.min(h);
    let a = (x + w * 0.06, y + h * 0.8);
    let b = (x + w * 0.94, y + h * 0.22);
    let k = (x + w * 0.45, y + h * 0.3);
    let leaves = 9;
    let spots: Vec<((f32, f32), f32, f32)> = (0..leaves)
        .flat_map(|i| {
            let t = 0.08 + 0.9 * i as f32 / (leaves - 1) as f32;
            let p = quad_at(a, k, b, t);
            let q = quad_at(a, k, b, (t + 0.01).min(1.0));
            let along = (q.1 - p.1).atan2(q.0 - p.0);
            let r = size * (0.16 - 0.06 * t) * 0.55;
            [(p, along + 1.2, r), (p, along - 1.2, r * 0.92)]
        })
        .collect();
    for &(p, angle, r) in &spots {
        let c = (p.0 + angle.cos() * r, p.1 + angle.sin() * r);
        soft_ellipse(
            pm,
            c.0 - side * r * 0.25,
            c.1 + r * 0.35,
            r * 1.1,
            r * 0.9,
            shadow,
            0.35,
        );
    }
    let mut pb = PathBuilder::new();
    pb.move_to(a.0, a.1);
    pb.quad_to(k.0, k.1, b.0, b.1);
    line(pm, pb.finish(), hex(0x6B5E4E), 1.0, (size * 0.018).max(1.0));
    for &(p, angle, r) in &spots {
        let c = (p.0 + angle.cos() * r * 0.95, p.1 + angle.sin() * r * 0.95);
        let tone = scale(hex(0x8FA893), rng.range(0.85, 1.1));
        fill(
            pm,
            ellipse(c.0, c.1, r, r * 0.86),
            round_shader(c.0 - r, c.0 + r, tone, side, 0.2),
        );
        let mut rib = PathBuilder::new();
        rib.move_to(p.0, p.1);
        rib.line_to(c.0 + angle.cos() * r * 0.7, c.1 + angle.sin() * r * 0.7);
        line(
            pm,
            rib.finish(),
            scale(tone, 1.2),
            0.6,
            (size * 0.006).max(0.6),
        );
    }
}

/// A bundle of sprigs lying across the box, tied with twine: lavender (bud spikes of
/// `bloom`) or leafy herbs.
fn herb_bundle(
    pm: &mut Pixmap,
    (x, y, w, h): (f32, f32, f32, f32),
    bloom: Option<[u8; 3]>,
    side: f32,
    shadow: Rgb,
    rng: &mut Rng,
) {
    let size = w.min(h);
    let tie = (x + w * 0.3, y + h * 0.72);
    soft_ellipse(
        pm,
        x + w * 0.5 - side * w * 0.04,
        y + h * 0.62,
        w * 0.5,
        h * 0.3,
        shadow,
        0.3,
    );
    let sprigs = 7;
    for i in 0..sprigs {
        let t = i as f32 / (sprigs - 1) as f32;
        let start = (x + w * 0.04, tie.1 + (t - 0.5) * h * 0.12);
        let tip = (x + w * (0.9 + 0.06 * rng.f32()), y + h * (0.1 + 0.5 * t));
        let ctrl = (tie.0, tie.1 + (t - 0.5) * h * 0.05);
        let mut pb = PathBuilder::new();
        pb.move_to(start.0, start.1);
        pb.quad_to(ctrl.0, ctrl.1, tip.0, tip.1);
        line(pm, pb.finish(), hex(0x6F7F5C), 1.0, (size * 0.012).max(1.0));
        match bloom {
            Some(c) => {
                let c = super::raster::rgb8(c);
                for k in 0..16 {
                    let s = 0.55 + 0.45 * k as f32 / 15.0;
                    let p = quad_at(start, ctrl, tip, s);
                    let off = if k % 2 == 0 { 1.0 } else { -1.0 } * size * 0.012;
                    let rr = size * 0.022 * (1.1 - 0.5 * (s - 0.55) / 0.45);
                    fill(
                        pm,
                        ellipse(p.0, p.1 + off, rr * 1.4, rr),
                        round_shader(
                            p.0 - rr,
                            p.0 + rr,
                            scale(c, rng.range(0.85, 1.1)),
                            side,
                            0.1,
                        ),
                    );
                }
            }
            None => {
                for k in 0..12 {
                    let s = 0.35 + 0.65 * k as f32 / 11.0;
                    let p = quad_at(start, ctrl, tip, s);
                    let dir = if k % 2 == 0 { 1.0 } else { -1.0 };
                    let angle = -0.3 + dir * 0.9;
                    let c = scale(hex(0x5C7A4A), rng.range(0.85, 1.15));
                    leaf(pm, p, angle, size * 0.07, size * 0.014, c, side);
                }
            }
        }
    }
    // The twine.
    for k in 0..3 {
        let tx = tie.0 + (k as f32 - 1.0) * size * 0.02;
        fill_solid(
            pm,
            rounded_rect(
                tx - size * 0.008,
                tie.1 - h * 0.1,
                size * 0.016,
                h * 0.2,
                size * 0.008,
            ),
            hex(0xC8A878),
            1.0,
        );
    }
}

/// Dried pampas plumes and bare stems in a ceramic vase standing in the box.
fn dried_flowers(
    pm: &mut Pixmap,
    (x, y, w, h): (f32, f32, f32, f32),
    side: f32,
    shadow: Rgb,
    rng: &mut Rng,
) {
    let (cx, base) = (x + w / 2.0, y + h * 0.92);
    let vh = h * 0.4;
    let r = (vh * 0.38).min(w * 0.22);
    let size = w.min(h);
    soft_ellipse(
        pm,
        cx - side * r * 0.5,
        base,
        r * 1.7,
        r * 0.25,
        shadow,
        0.55,
    );
    let plume = hex(0xE6D5B8);
    for i in 0..5 {
        let t = i as f32 / 4.0;
        let start = (cx + (t - 0.5) * r * 0.6, base - vh * 0.8);
        let tip = (
            cx + (t - 0.5) * w * 0.8,
            y + h * (0.05 + 0.18 * (2.0 * t - 1.0).powi(2)),
        );
        let ctrl = (cx + (t - 0.5) * r, base - vh * 1.5);
        let mut pb = PathBuilder::new();
        pb.move_to(start.0, start.1);
        pb.quad_to(ctrl.0, ctrl.1, tip.0, tip.1);
        line(pm, pb.finish(), hex(0xA08A68), 1.0, (size * 0.01).max(1.0));
        // A plume: many soft strands along the last third of the stem.
        for k in 0..18 {
            let s = 0.62 + 0.38 * k as f32 / 17.0;
            let p = quad_at(start, ctrl, tip, s);
            let spread = size * 0.05 * (1.0 - (s - 0.81).abs() * 3.0).max(0.3);
            let c = scale(plume, rng.range(0.88, 1.06));
            fill(
                pm,
                ellipse(
                    p.0 + rng.range(-0.5, 0.5) * spread,
                    p.1,
                    spread,
                    spread * 0.7,
                ),
                round_shader(p.0 - spread, p.0 + spread, c, side, 0.0),
            );
        }
    }
    let mut pb = PathBuilder::new();
    let neck = r * 0.5;
    let mouth = base - vh;
    pb.move_to(cx - neck, mouth);
    pb.cubic_to(
        cx - r * 1.2,
        mouth + vh * 0.3,
        cx - r,
        base - vh * 0.1,
        cx - r * 0.7,
        base,
    );
    pb.line_to(cx + r * 0.7, base);
    pb.cubic_to(
        cx + r,
        base - vh * 0.1,
        cx + r * 1.2,
        mouth + vh * 0.3,
        cx + neck,
        mouth,
    );
    pb.close();
    fill(
        pm,
        pb.finish(),
        round_shader(cx - r, cx + r, hex(0xC9B49A), side, 0.1),
    );
    fill_solid(
        pm,
        ellipse(cx, mouth, neck, neck * 0.25),
        hex(0x5E5246),
        1.0,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Where the prop's brightness is centred across the canvas (pixels): its pixels' x
    /// weighted by how much brightness each adds over a black ground. Contact shadows are
    /// dark and add almost nothing, and they move the other way, so they never help.
    /// With `glints_only`, only the near-white specular pixels count: a clear water drop's
    /// glint faces the light while the light focused through it lands on the far side.
    fn light_centre(kind: PropKind, side: f32, plan: bool, glints_only: bool) -> f32 {
        let w = 240u32;
        let mut pm = Pixmap::new(w, 200).unwrap();
        let mut rng = Rng::new(7);
        draw_prop(
            &mut pm,
            kind,
            (20.0, 20.0, 200.0, 160.0),
            side,
            hex(0x2A2520),
            plan,
            &mut rng,
        );
        let (mut sl, mut slx) = (0f32, 0f32);
        for (i, p) in pm.pixels().iter().enumerate() {
            // Premultiplied: a half-transparent pixel adds half its brightness.
            let l = 0.299 * p.red() as f32 + 0.587 * p.green() as f32 + 0.114 * p.blue() as f32;
            if glints_only && l < 200.0 {
                continue;
            }
            sl += l;
            slx += l * (i as u32 % w) as f32;
        }
        slx / sl.max(1.0)
    }

    /// Props are modelled by the scene's key light, not only grounded by a contact shadow:
    /// the side facing the light is the brighter one, and moving the light moves that side.
    #[test]
    fn props_are_lit_from_the_key_lights_side() {
        let kinds = [
            PropKind::FruitSlices(Fruit::Orange),
            PropKind::WholeFruit(Fruit::Lemon),
            PropKind::Leaves,
            PropKind::Flowers([230, 180, 190]),
            PropKind::Stones,
            PropKind::Fabric([200, 190, 170]),
            PropKind::WaterDrops,
            PropKind::Shells,
            PropKind::Books,
            PropKind::Candle,
            PropKind::Cup,
            PropKind::Plant,
        ];
        let mut failures = Vec::new();
        for kind in kinds {
            for plan in [false, true] {
                let glints = kind == PropKind::WaterDrops;
                let moved =
                    light_centre(kind, 1.0, plan, glints) - light_centre(kind, -1.0, plan, glints);
                if moved < 1.0 {
                    failures.push(format!(
                        "{} (plan {plan}): moving the light from left to right moves the prop's brightness {moved:+.1} px",
                        kind.name()
                    ));
                }
            }
        }
        assert!(failures.is_empty(), "{}", failures.join("\n"));
    }
}
