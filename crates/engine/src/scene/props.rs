//! Props: the podium and shapes of artistic compositions and the everyday objects of
//! lifestyle shots. They are drawn into the background (always behind the product, so the
//! product's pixels are never covered), shaded from the same side as the key light.

use domain::{ColorPalette, Composition, Environment};
use tiny_skia::{Paint, PathBuilder, Pixmap, Stroke, Transform};

use super::draw::{
    color, ellipse, fill, fill_solid, round_shader, rounded_rect, soft_ellipse, vertical_shader,
};
use super::layout::Layout;
use super::light::Light;
use super::noise::Rng;
use super::raster::{hex, mix, scale, Rgb};

pub struct Props<'a> {
    pub env: Environment,
    pub composition: Composition,
    pub palette: ColorPalette,
    pub layout: &'a Layout,
    pub light: &'a Light,
    pub wall: Rgb,
    pub surface: Rgb,
    pub accent: Option<Rgb>,
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
        Composition::LifestyleContext => {
            let ps = p.layout.prop_side;
            // Props stand a little further back than the product, beside it.
            let base = pbase - ph * 0.05;
            let near = pcx + ps * (pw * 0.5 + ph * 0.08);
            match p.env {
                Environment::LuxuryMarble => {
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
                        [colors[0], colors[2], colors[1]],
                        side,
                        shadow,
                    );
                }
                Environment::CleanBathroom => {
                    towels(
                        pixmap,
                        near + ps * ph * 0.32,
                        base,
                        ph * 0.62,
                        [colors[1], mix(colors[0], [1.0; 3], 0.4)],
                        side,
                        shadow,
                    );
                    pebbles(
                        pixmap,
                        pcx - ps * pw * 0.75,
                        pbase + ph * 0.03,
                        ph * 0.09,
                        side,
                        shadow,
                        &mut rng,
                    );
                }
                Environment::ProfessionalStudio => {
                    let pr = ph * 0.22;
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
                Environment::NaturalOutdoor => {
                    pebbles(
                        pixmap,
                        near + ps * ph * 0.15,
                        base + ph * 0.02,
                        ph * 0.1,
                        side,
                        shadow,
                        &mut rng,
                    );
                    leaves(
                        pixmap,
                        pcx - ps * pw * 0.8,
                        pbase + ph * 0.06,
                        ph * 0.25,
                        side,
                        &mut rng,
                    );
                }
                Environment::CozyBedroom => {
                    books(
                        pixmap,
                        near + ps * ph * 0.3,
                        base,
                        ph * 0.62,
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
            }
        }
        Composition::ProductHero | Composition::DetailCloseup => {}
    }
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
        if let Some(path) = pb.finish() {
            let paint = Paint {
                shader: tiny_skia::Shader::SolidColor(color(stem, 1.0)),
                anti_alias: true,
                ..Paint::default()
            };
            let stroke = Stroke {
                width: (h * 0.008).max(0.8),
                ..Stroke::default()
            };
            pm.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
        }
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

fn books(pm: &mut Pixmap, cx: f32, base: f32, w: f32, colors: [Rgb; 3], side: f32, shadow: Rgb) {
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
    for (i, c) in colors.iter().enumerate() {
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

fn towels(pm: &mut Pixmap, cx: f32, base: f32, w: f32, colors: [Rgb; 2], side: f32, shadow: Rgb) {
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
    for i in 0..3 {
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

fn leaves(pm: &mut Pixmap, cx: f32, base: f32, len: f32, side: f32, rng: &mut Rng) {
    for i in 0..4 {
        let a = -0.6 + i as f32 * 0.45 + rng.range(-0.15, 0.15);
        let c = scale(hex(0x4E7A3A), rng.range(0.8, 1.2));
        let (dx, dy) = (a.cos() * len, a.sin() * len * 0.35);
        let mut pb = PathBuilder::new();
        pb.move_to(cx, base);
        pb.quad_to(
            cx + dx * 0.5 - dy,
            base + dy * 0.5 - len * 0.12,
            cx + dx,
            base + dy,
        );
        pb.quad_to(cx + dx * 0.5 + dy, base + dy * 0.5 + len * 0.12, cx, base);
        pb.close();
        fill(
            pm,
            pb.finish(),
            round_shader(cx - len, cx + len, c, side, 0.2),
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
