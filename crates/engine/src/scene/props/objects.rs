// Long by nature: one short drawing function per object, sharing the shading helpers here.
//! The everyday objects a scene or an edit draws, each shaded from the key light's side with
//! its own contact shadow.

use tiny_skia::{PathBuilder, Pixmap, Transform};

use super::Fruit;
use crate::scene::draw::{
    color, ellipse, fill, fill_solid, round_shader, rounded_rect, side_shader, soft_ellipse,
    stroke_solid, vertical_shader,
};
use crate::scene::noise::Rng;
use crate::scene::raster::{hex, mix, scale, Rgb};

pub(super) fn to8(c: Rgb) -> [u8; 3] {
    c.map(|v| (v.clamp(0.0, 1.0) * 255.0).round() as u8)
}

pub(super) fn sphere(pm: &mut Pixmap, cx: f32, base: f32, r: f32, c: Rgb, side: f32, shadow: Rgb) {
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
pub(super) fn block(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    w: f32,
    h: f32,
    c: Rgb,
    side: f32,
    shadow: Rgb,
) {
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
pub(super) fn vase(
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
pub(super) fn books(
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
pub(super) fn towels(
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

pub(super) fn pebbles(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    r: f32,
    side: f32,
    shadow: Rgb,
    rng: &mut Rng,
) {
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

pub(super) fn candle(pm: &mut Pixmap, cx: f32, base: f32, h: f32, side: f32, shadow: Rgb) {
    candle_of_width(pm, cx, base, h, h * 0.8, side, shadow);
}

/// A pillar candle `h` high and `w` wide, lit, with its glow and contact shadow.
pub(super) fn candle_of_width(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    h: f32,
    w: f32,
    side: f32,
    shadow: Rgb,
) {
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
pub(super) fn fruit_slice(
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
pub(super) fn leaf_spray(
    pm: &mut Pixmap,
    cx: f32,
    cy: f32,
    len: f32,
    side: f32,
    plan: bool,
    rng: &mut Rng,
) {
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
        crate::scene::draw::stroke(
            pm,
            rib.finish(),
            tiny_skia::Shader::SolidColor(color(scale(c, 1.3), 0.7)),
            (len * 0.018).max(0.5),
        );
    }
}

/// A five-petalled flower; `flat` squashes it in a front view.
#[allow(clippy::too_many_arguments)]
pub(super) fn flower(
    pm: &mut Pixmap,
    cx: f32,
    cy: f32,
    r: f32,
    c: Rgb,
    side: f32,
    shadow: Rgb,
    flat: f32,
) {
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
pub(super) fn fabric(
    pm: &mut Pixmap,
    x: f32,
    y: f32,
    w: f32,
    h: f32,
    c: Rgb,
    side: f32,
    shadow: Rgb,
) {
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
        crate::scene::draw::stroke(
            pm,
            fold.finish(),
            tiny_skia::Shader::SolidColor(color(scale(c, 0.78), 0.45)),
            (w * 0.02).max(0.8),
        );
    }
}

/// A water droplet: a dark rim where it refracts, a bright caustic and a specular dot.
pub(super) fn drop(pm: &mut Pixmap, cx: f32, cy: f32, r: f32, side: f32) {
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
pub(super) fn shell(pm: &mut Pixmap, cx: f32, cy: f32, r: f32, side: f32, shadow: Rgb) {
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
        crate::scene::draw::stroke(
            pm,
            rib.finish(),
            tiny_skia::Shader::SolidColor(color(hex(0xC9A58A), 0.7)),
            (r * 0.05).max(0.6),
        );
    }
}

pub(super) fn cup(pm: &mut Pixmap, cx: f32, base: f32, w: f32, c: Rgb, side: f32, shadow: Rgb) {
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
    crate::scene::draw::stroke(
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

/// A mug without a saucer, `w` wide (its handle included) and `h` high, its handle on the
/// side away from the light, with its contact shadow.
pub(super) fn mug(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    (w, h): (f32, f32),
    c: Rgb,
    side: f32,
    shadow: Rgb,
) {
    // The body is four fifths of the width; the handle the rest.
    let bw = w * 0.8;
    let bx = cx + side * w * 0.1 - bw / 2.0;
    soft_ellipse(
        pm,
        bx + bw / 2.0 - side * bw * 0.1,
        base,
        bw * 0.7,
        bw * 0.1,
        shadow,
        0.55,
    );
    let hx = bx + bw / 2.0 - side * bw * 0.5;
    let mut handle = PathBuilder::new();
    handle.push_oval(
        tiny_skia::Rect::from_xywh(hx - w * 0.12, base - h * 0.78, w * 0.24, h * 0.45)
            .unwrap_or(tiny_skia::Rect::from_xywh(0.0, 0.0, 1.0, 1.0).unwrap()),
    );
    crate::scene::draw::stroke(
        pm,
        handle.finish(),
        tiny_skia::Shader::SolidColor(color(scale(c, 0.85), 1.0)),
        (w * 0.06).max(1.0),
    );
    let top = base - h + bw * 0.07;
    fill(
        pm,
        rounded_rect(bx, top, bw, base - top, bw * 0.12),
        round_shader(bx, bx + bw, c, side, 0.4),
    );
    fill_solid(
        pm,
        ellipse(bx + bw / 2.0, top, bw / 2.0, bw * 0.07),
        scale(c, 0.9),
        1.0,
    );
    fill_solid(
        pm,
        ellipse(bx + bw / 2.0, top + bw * 0.01, bw * 0.43, bw * 0.055),
        hex(0x6B4128),
        1.0,
    );
}

pub(super) fn plant(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    h: f32,
    side: f32,
    shadow: Rgb,
    rng: &mut Rng,
) {
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

pub(super) fn notebook(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    w: f32,
    c: Rgb,
    side: f32,
    shadow: Rgb,
) {
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
pub(super) fn standing_books(
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

pub(super) fn cutting_board(pm: &mut Pixmap, cx: f32, base: f32, h: f32, side: f32, shadow: Rgb) {
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
pub(super) fn bud_vase(
    pm: &mut Pixmap,
    cx: f32,
    base: f32,
    h: f32,
    c: Rgb,
    side: f32,
    shadow: Rgb,
) {
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
    crate::scene::draw::stroke(
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

/// A point on the quadratic curve from `a` through control `k` to `b`.
pub(super) fn quad_at(a: (f32, f32), k: (f32, f32), b: (f32, f32), t: f32) -> (f32, f32) {
    let u = 1.0 - t;
    (
        u * u * a.0 + 2.0 * u * t * k.0 + t * t * b.0,
        u * u * a.1 + 2.0 * u * t * k.1 + t * t * b.1,
    )
}

/// A leaf: an almond shape from `at` pointing along `angle`, shaded from the light's side.
#[allow(clippy::too_many_arguments)]
pub(super) fn leaf(
    pm: &mut Pixmap,
    at: (f32, f32),
    angle: f32,
    len: f32,
    width: f32,
    c: Rgb,
    side: f32,
) {
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
