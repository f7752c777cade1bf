//! Vector drawing helpers over tiny-skia for props and product mockups: shaded cylinders,
//! rounded shapes and soft ellipses, all lit from [`Light::side`](super::light::Light).

use tiny_skia::{
    Color, FillRule, GradientStop, LinearGradient, Paint, Path, PathBuilder, Pixmap, Point,
    RadialGradient, Shader, SpreadMode, Transform,
};

use super::raster::{mix, scale, Canvas, Rgb};

pub fn color(c: Rgb, alpha: f32) -> Color {
    Color::from_rgba(
        c[0].clamp(0.0, 1.0),
        c[1].clamp(0.0, 1.0),
        c[2].clamp(0.0, 1.0),
        alpha.clamp(0.0, 1.0),
    )
    .unwrap_or(Color::BLACK)
}

pub fn rounded_rect(x: f32, y: f32, w: f32, h: f32, r: f32) -> Option<Path> {
    let r = r.min(w / 2.0).min(h / 2.0).max(0.0);
    let k = 0.5523 * r;
    let mut pb = PathBuilder::new();
    pb.move_to(x + r, y);
    pb.line_to(x + w - r, y);
    pb.cubic_to(x + w - r + k, y, x + w, y + r - k, x + w, y + r);
    pb.line_to(x + w, y + h - r);
    pb.cubic_to(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h);
    pb.line_to(x + r, y + h);
    pb.cubic_to(x + r - k, y + h, x, y + h - r + k, x, y + h - r);
    pb.line_to(x, y + r);
    pb.cubic_to(x, y + r - k, x + r - k, y, x + r, y);
    pb.close();
    pb.finish()
}

pub fn ellipse(cx: f32, cy: f32, rx: f32, ry: f32) -> Option<Path> {
    tiny_skia::Rect::from_ltrb(cx - rx, cy - ry, cx + rx, cy + ry).and_then(PathBuilder::from_oval)
}

/// Shading across a round body from `x0` to `x1`: lit on the light's side, a specular
/// stripe there, a darker core on the far side and a faint rim.
pub fn round_shader(x0: f32, x1: f32, base: Rgb, side: f32, gloss: f32) -> Shader<'static> {
    let lit = mix(base, [1.0; 3], 0.12);
    let core = scale(base, 0.55);
    let spec = mix(base, [1.0; 3], 0.35 + 0.5 * gloss);
    let mut stops = vec![
        (0.0, scale(base, 0.75)),
        (0.12, lit),
        (0.2, spec),
        (0.3, lit),
        (0.62, base),
        (0.88, core),
        (1.0, scale(base, 0.68)),
    ];
    // The stops above are lit from the left; light from the right mirrors them.
    if side > 0.0 {
        stops = stops.into_iter().rev().map(|(t, c)| (1.0 - t, c)).collect();
    }
    let stops = stops
        .into_iter()
        .map(|(t, c)| GradientStop::new(t, color(c, 1.0)))
        .collect();
    LinearGradient::new(
        Point::from_xy(x0, 0.0),
        Point::from_xy(x1.max(x0 + 1.0), 0.0),
        stops,
        SpreadMode::Pad,
        Transform::identity(),
    )
    .unwrap_or(Shader::SolidColor(color(base, 1.0)))
}

/// Light falling across a flat face from `x0` to `x1`: brighter on the light's side by
/// `amount`, darker on the other.
pub fn side_shader(x0: f32, x1: f32, base: Rgb, side: f32, amount: f32) -> Shader<'static> {
    let (lit, dim) = (scale(base, 1.0 + amount), scale(base, 1.0 - amount));
    let (a, b) = if side > 0.0 { (dim, lit) } else { (lit, dim) };
    LinearGradient::new(
        Point::from_xy(x0, 0.0),
        Point::from_xy(x1.max(x0 + 1.0), 0.0),
        vec![
            GradientStop::new(0.0, color(a, 1.0)),
            GradientStop::new(1.0, color(b, 1.0)),
        ],
        SpreadMode::Pad,
        Transform::identity(),
    )
    .unwrap_or(Shader::SolidColor(color(base, 1.0)))
}

/// A vertical gradient, e.g. a top face lighter at the back.
pub fn vertical_shader(y0: f32, y1: f32, top: Rgb, bottom: Rgb) -> Shader<'static> {
    LinearGradient::new(
        Point::from_xy(0.0, y0),
        Point::from_xy(0.0, y1.max(y0 + 1.0)),
        vec![
            GradientStop::new(0.0, color(top, 1.0)),
            GradientStop::new(1.0, color(bottom, 1.0)),
        ],
        SpreadMode::Pad,
        Transform::identity(),
    )
    .unwrap_or(Shader::SolidColor(color(top, 1.0)))
}

pub fn fill(pixmap: &mut Pixmap, path: Option<Path>, shader: Shader<'static>) {
    if let Some(path) = path {
        let paint = Paint {
            shader,
            anti_alias: true,
            ..Paint::default()
        };
        pixmap.fill_path(
            &path,
            &paint,
            FillRule::Winding,
            Transform::identity(),
            None,
        );
    }
}

pub fn stroke(pixmap: &mut Pixmap, path: Option<Path>, shader: Shader<'static>, width: f32) {
    if let Some(path) = path {
        let paint = Paint {
            shader,
            anti_alias: true,
            ..Paint::default()
        };
        let stroke = tiny_skia::Stroke {
            width,
            ..tiny_skia::Stroke::default()
        };
        pixmap.stroke_path(&path, &paint, &stroke, Transform::identity(), None);
    }
}

pub fn fill_solid(pixmap: &mut Pixmap, path: Option<Path>, c: Rgb, alpha: f32) {
    fill(pixmap, path, Shader::SolidColor(color(c, alpha)));
}

pub fn stroke_solid(pixmap: &mut Pixmap, path: Option<Path>, c: Rgb, alpha: f32, width: f32) {
    stroke(pixmap, path, Shader::SolidColor(color(c, alpha)), width);
}

/// A soft-edged elliptical shadow or glow.
pub fn soft_ellipse(pixmap: &mut Pixmap, cx: f32, cy: f32, rx: f32, ry: f32, c: Rgb, alpha: f32) {
    if rx < 0.5 || ry < 0.5 {
        return;
    }
    let stops = vec![
        GradientStop::new(0.0, color(c, alpha)),
        GradientStop::new(0.5, color(c, alpha * 0.6)),
        GradientStop::new(1.0, color(c, 0.0)),
    ];
    let transform = Transform::from_row(rx, 0.0, 0.0, ry, cx, cy);
    let Some(shader) = RadialGradient::new(
        Point::from_xy(0.0, 0.0),
        Point::from_xy(0.0, 0.0),
        1.0,
        stops,
        SpreadMode::Pad,
        transform,
    ) else {
        return;
    };
    fill(pixmap, ellipse(cx, cy, rx, ry), shader);
}

/// Composites a premultiplied pixmap over a float canvas of the same size.
pub fn composite(canvas: &mut Canvas, pixmap: &Pixmap) {
    for (p, s) in canvas.px.iter_mut().zip(pixmap.pixels()) {
        let a = s.alpha();
        if a == 0 {
            continue;
        }
        let inv = 1.0 - a as f32 / 255.0;
        p[0] = p[0] * inv + s.red() as f32 / 255.0;
        p[1] = p[1] * inv + s.green() as f32 / 255.0;
        p[2] = p[2] * inv + s.blue() as f32 / 255.0;
    }
}
