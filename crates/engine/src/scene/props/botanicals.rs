//! Stems and sprigs: vases holding stems, branches, herb bundles and dried flowers.

use tiny_skia::{Path, PathBuilder, Pixmap};

use super::objects::{flower, leaf, quad_at};
use super::Stems;
use crate::scene::draw::{
    ellipse, fill, fill_solid, round_shader, rounded_rect, soft_ellipse, stroke_solid,
};
use crate::scene::noise::Rng;
use crate::scene::raster::{hex, scale, Rgb};

/// A vase with stems standing in the box `(x, y, w, h)`: the stems fan out from its mouth
/// to fill the box's width and top, so the whole arrangement fills the area it is given.
#[allow(clippy::too_many_arguments)]
pub(super) fn stem_vase(
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
        stroke_solid(pm, pb.finish(), stem_c, 1.0, (size * 0.012).max(1.0));
        let stem = Stem {
            curve: (start, ctrl, tip),
            index: i,
            t,
            size,
            side,
        };
        match stems {
            Stems::Leafy => leafy_stem(pm, &stem, rng),
            Stems::Spikes(c) => bud_spike(pm, &stem, crate::scene::raster::rgb8(c), rng),
            Stems::Flowers(c) => flowering_stem(pm, &stem, crate::scene::raster::rgb8(c), shadow),
        }
    }
    let body = vase_body(cx, mouth, base, r, neck, vh);
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

/// One stem of a vase: its curve (start, control point, tip), which of the fan it is and
/// where across the fan (`t`, 0 to 1), the arrangement's size and the light side.
struct Stem {
    curve: ((f32, f32), (f32, f32), (f32, f32)),
    index: usize,
    t: f32,
    size: f32,
    side: f32,
}

/// Small round leaves alternating up the stem (eucalyptus, herbs).
fn leafy_stem(pm: &mut Pixmap, stem: &Stem, rng: &mut Rng) {
    let (start, ctrl, tip) = stem.curve;
    for k in 0..6 {
        let s = 0.35 + 0.12 * k as f32;
        let p = quad_at(start, ctrl, tip, s.min(1.0));
        let dir = if k % 2 == 0 { 1.0 } else { -1.0 };
        let angle = -std::f32::consts::FRAC_PI_2 + dir * 0.9 + (stem.t - 0.5) * 0.8;
        let c = scale(hex(0x8FA58C), rng.range(0.82, 1.12));
        leaf(
            pm,
            p,
            angle,
            stem.size * 0.075,
            stem.size * 0.032,
            c,
            stem.side,
        );
    }
}

/// A spike of small buds of colour `c` along the stem's top (lavender).
fn bud_spike(pm: &mut Pixmap, stem: &Stem, c: Rgb, rng: &mut Rng) {
    let (start, ctrl, tip) = stem.curve;
    let size = stem.size;
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
                stem.side,
                0.1,
            ),
        );
    }
}

/// Two leaves and a flower of colour `c` at the tip.
fn flowering_stem(pm: &mut Pixmap, stem: &Stem, c: Rgb, shadow: Rgb) {
    let (start, ctrl, tip) = stem.curve;
    let size = stem.size;
    for k in 0..2 {
        let p = quad_at(start, ctrl, tip, 0.55 + 0.15 * k as f32);
        let dir = if (stem.index + k).is_multiple_of(2) {
            1.0
        } else {
            -1.0
        };
        leaf(
            pm,
            p,
            -std::f32::consts::FRAC_PI_2 + dir * 1.0,
            size * 0.07,
            size * 0.028,
            hex(0x6F8F5A),
            stem.side,
        );
    }
    flower(pm, tip.0, tip.1, size * 0.07, c, stem.side, shadow, 0.9);
}

/// The vase's outline: a rounded body `2r` wide with a neck, standing on `base`.
fn vase_body(cx: f32, mouth: f32, base: f32, r: f32, neck: f32, vh: f32) -> Option<Path> {
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
    pb.finish()
}

/// A eucalyptus branch lying across the box: a curved stem with pairs of rounded,
/// sage-green leaves, each casting a soft shadow on the surface.
pub(super) fn branch(
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
    stroke_solid(pm, pb.finish(), hex(0x6B5E4E), 1.0, (size * 0.018).max(1.0));
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
        stroke_solid(
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
pub(super) fn herb_bundle(
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
        stroke_solid(pm, pb.finish(), hex(0x6F7F5C), 1.0, (size * 0.012).max(1.0));
        match bloom {
            Some(c) => {
                let c = crate::scene::raster::rgb8(c);
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
pub(super) fn dried_flowers(
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
        stroke_solid(pm, pb.finish(), hex(0xA08A68), 1.0, (size * 0.01).max(1.0));
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
