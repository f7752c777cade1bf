//! Props: the podium and shapes of artistic compositions, the everyday objects of lifestyle
//! shots and the scattered things of flat lays. They are drawn into the background (always
//! behind the product, so the product's pixels are never covered), shaded from the same side
//! as the key light, each with its own contact shadow. The same library draws the objects a
//! mask edit asks for (see [`PropKind`]).

mod arrange;
mod botanicals;
mod objects;

use domain::{ColorPalette, Composition};
use tiny_skia::Pixmap;

use super::draw::{ellipse, fill, round_shader, soft_ellipse};
use super::layout::Layout;
use super::light::Light;
use super::noise::Rng;
use super::raster::{hex, scale, Rgb};
use crate::prompt::Setting;
use botanicals::{branch, dried_flowers, herb_bundle, stem_vase};
use objects::{
    books, candle, cup, drop, fabric, flower, fruit_slice, leaf_spray, pebbles, plant, shell,
    sphere, towels,
};

pub use arrange::draw;

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
    let spot = Spot {
        x,
        y,
        w,
        h,
        cx,
        base,
        s,
        side,
        shadow,
        plan,
    };
    match kind {
        PropKind::FruitSlices(fruit) => fruit_slices(pm, &spot, fruit),
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
        PropKind::Flowers(c) => flower_heads(pm, &spot, super::raster::rgb8(c)),
        PropKind::Stones if plan => pebbles_from_above(pm, &spot, rng),
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
        PropKind::WaterDrops => water_drops(pm, &spot, rng),
        PropKind::Shells => {
            let r = (w / 4.5).min(h * 0.8);
            shell(pm, cx - r * 1.1, base - r * 0.2, r, side, shadow);
            shell(pm, cx + r * 1.2, base - r * 0.1, r * 0.8, side, shadow);
        }
        PropKind::Books => book_stack(pm, &spot),
        PropKind::Candle => candle_group(pm, &spot, None),
        PropKind::Candles(n) => candle_group(pm, &spot, Some(n)),
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
        PropKind::Towels(c) => towel_stack(pm, &spot, super::raster::rgb8(c)),
        PropKind::Branch => branch(pm, (x, y, w, h), side, shadow, rng),
        PropKind::Herbs { bloom } => herb_bundle(pm, (x, y, w, h), bloom, side, shadow, rng),
        PropKind::DriedFlowers => dried_flowers(pm, (x, y, w, h), side, shadow, rng),
    }
}

/// One piece of `fruit` filling the box `(x, y, w, h)`, standing on its bottom edge with its
/// contact shadow: a slice (`sliced`) lying flat and seen from the front in a wide box,
/// tilted further towards the viewer the taller the box is, up to its whole round face; or
/// a whole fruit.
pub fn draw_one_fruit(
    pm: &mut Pixmap,
    fruit: Fruit,
    sliced: bool,
    (x, y, w, h): (f32, f32, f32, f32),
    side: f32,
    shadow: Rgb,
) {
    let (cx, base) = (x + w / 2.0, y + h * 0.94);
    if sliced {
        let flat = (h / w).clamp(0.3, 1.0);
        // Its cut face and the rind's edge below it: 2.18 radii high when tilted, 2 face-on.
        let tall = if flat < 0.9 { 2.18 } else { 2.0 };
        let r = (w * 0.48).min(h * 0.9 / (tall * flat));
        let cy = base - r * flat * (tall - 1.0);
        fruit_slice(pm, cx, cy, r, flat, fruit, side, shadow);
    } else {
        let r = (w * 0.48).min(h * 0.9 / 2.0);
        let (rind, _) = fruit.colors();
        sphere(pm, cx, base, r, rind, side, shadow);
    }
}

/// One lit pillar candle filling the box `(x, y, w, h)`: as wide as the box lets it be,
/// from a slim, taper-like pillar to a squat one, its flame and glow above it.
pub fn draw_one_candle(
    pm: &mut Pixmap,
    (x, y, w, h): (f32, f32, f32, f32),
    side: f32,
    shadow: Rgb,
) {
    // The flame stands a third of the body's height above it.
    let mut tall = h * 0.9 / 1.32;
    let wide = (w * 0.94).min(tall * 1.3);
    if wide < tall * 0.3 {
        tall = wide / 0.3;
    }
    objects::candle_of_width(pm, x + w / 2.0, y + h * 0.96, tall, wide, side, shadow);
}

/// One cup filling the box `(x, y, w, h)`: on its saucer in a wide box, a mug in a squarer
/// or taller one.
pub fn draw_one_cup(pm: &mut Pixmap, (x, y, w, h): (f32, f32, f32, f32), side: f32, shadow: Rgb) {
    let (cx, base) = (x + w / 2.0, y + h * 0.96);
    if w > h * 1.45 {
        cup(
            pm,
            cx,
            base,
            (w * 0.62).min(h * 0.95),
            hex(0xF2EEE8),
            side,
            shadow,
        );
    } else {
        let high = (h * 0.92).min(w * 1.6);
        let wide = (w * 0.94).min(high * 1.25);
        objects::mug(pm, cx, base, (wide, high), hex(0xF2EEE8), side, shadow);
    }
}

/// Where one prop is drawn and how it is lit: its box, the centre line and ground line the
/// objects stand on, the box's usable size, the light and the view.
struct Spot {
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    cx: f32,
    base: f32,
    s: f32,
    side: f32,
    shadow: Rgb,
    plan: bool,
}

/// Three slices of `fruit`, lying flat from above or leaning in a front view.
fn fruit_slices(pm: &mut Pixmap, spot: &Spot, fruit: Fruit) {
    let r = (spot.w / 4.2).min(spot.h * if spot.plan { 0.3 } else { 0.9 });
    let flat = if spot.plan { 1.0 } else { 0.42 };
    let spots = [(-0.9, 0.1), (0.85, 0.25), (0.0, -0.2)];
    for (k, (dx, dy)) in spots.iter().enumerate() {
        let rr = r * [1.0, 0.9, 0.95][k];
        let py = if spot.plan {
            spot.y + spot.h / 2.0 + dy * spot.h * 0.4
        } else {
            spot.base - rr * flat - (k as f32) * 0.02 * spot.h
        };
        fruit_slice(
            pm,
            spot.cx + dx * r * 1.1,
            py,
            rr,
            flat,
            fruit,
            spot.side,
            spot.shadow,
        );
    }
}

/// Four loose flower heads of colour `c`.
fn flower_heads(pm: &mut Pixmap, spot: &Spot, c: Rgb) {
    let r = spot.s * 0.16;
    let spots: &[(f32, f32)] = &[(-1.0, 0.0), (1.0, 0.2), (0.1, -0.5), (-0.3, 0.7)];
    for (dx, dy) in spots {
        let fy = if spot.plan {
            spot.y + spot.h / 2.0 + dy * r * 1.4
        } else {
            spot.base - r * 0.5 - dy.abs() * r * 0.2
        };
        flower(
            pm,
            spot.cx + dx * r * 1.5,
            fy,
            r,
            c,
            spot.side,
            spot.shadow,
            if spot.plan { 1.0 } else { 0.55 },
        );
    }
}

/// Pebbles seen from above: rounded discs, lit on the key's side.
fn pebbles_from_above(pm: &mut Pixmap, spot: &Spot, rng: &mut Rng) {
    for k in 0..4 {
        let r = spot.s * [0.17, 0.13, 0.11, 0.09][k];
        let (dx, dy) = [(-0.18, 0.05), (0.2, -0.12), (0.05, 0.28), (0.3, 0.25)][k];
        let (px, py) = (spot.cx + dx * spot.w, spot.y + spot.h / 2.0 + dy * spot.h);
        let c = scale(hex(0x9A958D), rng.range(0.75, 1.2));
        soft_ellipse(
            pm,
            px - spot.side * r * 0.25,
            py + r * 0.2,
            r * 1.2,
            r * 1.15,
            spot.shadow,
            0.45,
        );
        fill(
            pm,
            ellipse(px, py, r, r * 0.86),
            round_shader(px - r, px + r, c, spot.side, 0.1),
        );
    }
}

/// Fourteen drops of water scattered over the box.
fn water_drops(pm: &mut Pixmap, spot: &Spot, rng: &mut Rng) {
    for _ in 0..14 {
        let r = rng.range(0.03, 0.09) * spot.s;
        let dx = rng.range(0.1, 0.9) * spot.w;
        let dy = rng.range(0.15, 0.9) * spot.h;
        drop(pm, spot.x + dx, spot.y + dy, r, spot.side);
    }
}

/// A stack of books: standing in a taller space, a taller stack (a book is about an eighth
/// of the width high); seen from above, three.
fn book_stack(pm: &mut Pixmap, spot: &Spot) {
    let width = spot.w.min(spot.h * 3.0);
    let count = if spot.plan {
        3
    } else {
        ((spot.h * 0.85 / (width * 0.117)) as usize).clamp(3, 9)
    };
    books(
        pm,
        spot.cx,
        spot.base,
        width,
        count,
        [hex(0x8C5A3C), hex(0x5C8C9A), hex(0xE8D7BE)],
        spot.side,
        spot.shadow,
    );
}

/// Candles of different heights side by side: `asked` of them, or as many as the box
/// holds (a wide area holds a group, not one small candle).
fn candle_group(pm: &mut Pixmap, spot: &Spot, asked: Option<u8>) {
    let count = match asked {
        Some(n) => n.clamp(1, 4) as usize,
        None if spot.w > spot.h * 1.5 => 3,
        None if spot.w > spot.h * 0.9 => 2,
        None => 1,
    };
    let tall = (spot.h * 0.7).min(spot.w * 0.95 / (count as f32 * 0.95));
    let heights = [1.0, 0.72, 0.52, 0.84];
    let widths: f32 = heights[..count].iter().map(|k| k * tall * 0.8).sum();
    let gap = tall * 0.08;
    let mut left = spot.cx - (widths + gap * (count - 1) as f32) / 2.0;
    for k in heights.iter().take(count) {
        let cw = k * tall * 0.8;
        candle(
            pm,
            left + cw / 2.0,
            spot.base,
            k * tall,
            spot.side,
            spot.shadow,
        );
        left += cw + gap;
    }
}

/// Folded towels of colour `c`: standing in a taller space, a taller stack (each towel is
/// a fifth of the width high); seen from above, three.
fn towel_stack(pm: &mut Pixmap, spot: &Spot, c: Rgb) {
    let width = (spot.w * 0.92).min(spot.h * 0.8 / 0.6);
    let count = if spot.plan {
        3
    } else {
        ((spot.h * 0.85 / (width * 0.192)) as usize).clamp(3, 6)
    };
    towels(
        pm,
        spot.cx,
        spot.base,
        width,
        count,
        [c, scale(c, 0.93)],
        spot.side,
        spot.shadow,
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
