//! Where props go: a setting's own lifestyle props, the props a brief named beside the
//! product, and the scattered things of a flat lay.

use domain::Composition;
use tiny_skia::{PathBuilder, Pixmap};

use super::objects::{
    block, books, bud_vase, candle, cup, cutting_board, fabric, fruit_slice, leaf_spray, notebook,
    pebbles, plant, shell, sphere, standing_books, to8, towels, vase,
};
use super::{draw_prop, prop_colors};
use super::{Fruit, PropKind, Props, Stems};
use crate::prompt::Setting;
use crate::scene::draw::{ellipse, fill, fill_solid, round_shader, soft_ellipse, vertical_shader};
use crate::scene::noise::Rng;
use crate::scene::raster::{hex, mix, scale, Rgb};

/// The picture and the product's place in it, in canvas pixels, with the light's side, the
/// shadow colour and the props' colours: what every arrangement reads.
#[derive(Clone, Copy)]
struct Stage {
    w: f32,
    h: f32,
    /// The product's centre, base, width and height.
    pcx: f32,
    pbase: f32,
    pw: f32,
    ph: f32,
    side: f32,
    shadow: Rgb,
    colors: [Rgb; 3],
}

impl Stage {
    fn of(pixmap: &Pixmap, p: &Props) -> Stage {
        let s = p.scale;
        let r = &p.layout.product;
        let mut colors = prop_colors(p.palette);
        if let Some(a) = p.accent {
            colors[0] = a;
        }
        Stage {
            w: pixmap.width() as f32,
            h: pixmap.height() as f32,
            pcx: r.center_x() * s,
            pbase: r.bottom() as f32 * s,
            pw: r.width as f32 * s,
            ph: r.height as f32 * s,
            side: p.light.side,
            shadow: p.light.shadow_color(),
            colors,
        }
    }
}

/// Draws the composition's props into `pixmap` (the size of the background canvas).
pub fn draw(pixmap: &mut Pixmap, p: &Props) {
    let stage = Stage::of(pixmap, p);
    let mut rng = Rng::new(p.seed ^ 0x9B0B);
    if p.layout.top_down {
        flat_lay(pixmap, p, stage.colors, &mut rng);
        return;
    }
    let own = !p.named.is_empty() && !shows_named(p.setting, p.named);
    if own {
        beside(pixmap, p, &mut rng);
    }
    match p.composition {
        Composition::ArtisticComposition => arch_and_podium(pixmap, p, &stage),
        Composition::LifestyleContext if own => {}
        Composition::LifestyleContext => lifestyle_props(pixmap, p, &stage, &mut rng),
        Composition::ProductHero | Composition::DetailCloseup => {}
    }
}

/// An arch on the wall framing the product, then the podium it stands on, and a sphere beside it.
fn arch_and_podium(pixmap: &mut Pixmap, p: &Props, stage: &Stage) {
    let Stage {
        w,
        h,
        pcx,
        pw,
        ph,
        side,
        shadow,
        colors,
        ..
    } = *stage;
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

/// The setting's own lifestyle props, a little behind the product and beside it.
// Long by nature: one short arm per setting, each placing that setting's few props.
fn lifestyle_props(pixmap: &mut Pixmap, p: &Props, stage: &Stage, rng: &mut Rng) {
    let Stage {
        pcx,
        pbase,
        pw,
        ph,
        side,
        shadow,
        colors,
        ..
    } = *stage;
    let ps = p.layout.prop_side;
    // Props stand a little further back than the product, beside it.
    let base = pbase - ph * 0.05;
    let near = pcx + ps * (pw * 0.5 + ph * 0.08);
    let other = pcx - ps * (pw * 0.5 + ph * 0.1);
    let kit = Kit {
        colors,
        side,
        shadow,
        base,
    };
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
                rng,
            );
            kit.books(pixmap, near + ps * ph * 0.2, base + ph * 0.06, ph * 0.5);
        }
        Setting::Bathroom => {
            kit.towels(pixmap, near + ps * ph * 0.32, ph * 0.62);
            pebbles(
                pixmap,
                other - ps * ph * 0.1,
                pbase + ph * 0.03,
                ph * 0.09,
                side,
                shadow,
                rng,
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
                rng,
            );
            pebbles(
                pixmap,
                other - ps * ph * 0.1,
                pbase + ph * 0.03,
                ph * 0.1,
                side,
                shadow,
                rng,
            );
            leaf_spray(
                pixmap,
                other - ps * ph * 0.2,
                pbase + ph * 0.08,
                ph * 0.32,
                side,
                false,
                rng,
            );
        }
        Setting::Bedroom => {
            kit.books(pixmap, near + ps * ph * 0.3, base, ph * 0.62);
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
                rng,
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
                rng,
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
                rng,
            );
        }
        Setting::Vanity => {
            kit.towels(pixmap, other - ps * ph * 0.3, ph * 0.55);
        }
        Setting::Tray | Setting::StoneSlab => {
            pebbles(
                pixmap,
                near + ps * ph * 0.1,
                pbase + ph * 0.02,
                ph * 0.09,
                side,
                shadow,
                rng,
            );
            kit.sprig(
                pixmap,
                other - ps * ph * 0.15,
                pbase + ph * 0.04,
                ph * 0.3,
                rng,
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
            kit.sprig(
                pixmap,
                other - ps * ph * 0.15,
                pbase + ph * 0.04,
                ph * 0.3,
                rng,
            );
        }
        Setting::BedsideTable => {
            kit.books(pixmap, near + ps * ph * 0.3, base, ph * 0.62);
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
                rng,
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

/// The props a setting repeats, in the stage's colours and light, standing on `base`.
struct Kit {
    colors: [Rgb; 3],
    side: f32,
    shadow: Rgb,
    base: f32,
}

impl Kit {
    /// Three books `width` wide, lying on `base`.
    fn books(&self, pixmap: &mut Pixmap, x: f32, base: f32, width: f32) {
        let c = self.colors;
        books(
            pixmap,
            x,
            base,
            width,
            3,
            [c[0], c[2], c[1]],
            self.side,
            self.shadow,
        );
    }

    /// Three folded towels `width` wide.
    fn towels(&self, pixmap: &mut Pixmap, x: f32, width: f32) {
        let c = self.colors;
        towels(
            pixmap,
            x,
            self.base,
            width,
            3,
            [c[1], mix(c[0], [1.0; 3], 0.4)],
            self.side,
            self.shadow,
        );
    }

    /// A green sprig lying beside the product.
    fn sprig(&self, pixmap: &mut Pixmap, x: f32, y: f32, length: f32, rng: &mut Rng) {
        leaf_spray(pixmap, x, y, length, self.side, false, rng);
    }
}

/// Whether a setting's own lifestyle props already show everything named (a bathroom's
/// towels and pebbles for "with towels and pebbles").
pub(super) fn shows_named(setting: Setting, named: &[PropKind]) -> bool {
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
pub(super) fn beside(pm: &mut Pixmap, p: &Props, rng: &mut Rng) {
    let Stage {
        pcx,
        pbase,
        pw,
        ph,
        shadow,
        ..
    } = Stage::of(pm, p);
    let ps = p.layout.prop_side;
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
pub(super) fn flat_lay(pm: &mut Pixmap, p: &Props, colors: [Rgb; 3], rng: &mut Rng) {
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
            crate::scene::raster::rgb8(*c),
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
