//! Product mockups for text-only prompts: a small vector library (bottle, jar, tube, box,
//! can, pouch, cup, phone-like slab) shaded from the scene's light side. The result is a
//! tight RGBA image with straight alpha, staged exactly like a cutout photo.

use image::{Rgba, RgbaImage};
use tiny_skia::{Path, PathBuilder, Pixmap};

use crate::prompt::ProductKind;
use crate::scene::draw::{
    ellipse, fill, fill_solid, round_shader, rounded_rect, stroke, vertical_shader,
};
use crate::scene::raster::{hex, mix, rgb8, scale, Rgb};

/// Width over height of each mockup.
fn aspect(kind: ProductKind) -> f32 {
    match kind {
        ProductKind::Bottle => 0.42,
        ProductKind::Jar => 1.05,
        ProductKind::Tube => 0.36,
        ProductKind::Box => 0.8,
        ProductKind::Can => 0.5,
        ProductKind::Pouch => 0.74,
        ProductKind::Cup => 1.12,
        ProductKind::Phone => 0.5,
    }
}

fn default_color(kind: ProductKind) -> Rgb {
    match kind {
        ProductKind::Bottle => hex(0xB8732A),
        ProductKind::Jar => hex(0xF1ECE4),
        ProductKind::Tube => hex(0xF4F2EE),
        ProductKind::Box => hex(0xE9DFCF),
        ProductKind::Can => hex(0xD9573F),
        ProductKind::Pouch => hex(0xC49A6C),
        ProductKind::Cup => hex(0xF2F0EC),
        ProductKind::Phone => hex(0x1D1E22),
    }
}

/// Draws `kind` `height` pixels tall, lit from `light_side` (-1 left, +1 right).
pub fn draw(kind: ProductKind, color: Option<[u8; 3]>, light_side: f32, height: u32) -> RgbaImage {
    let height = height.max(16);
    let width = ((height as f32 * aspect(kind)).round() as u32).max(8);
    let mut pm = Pixmap::new(width, height).expect("non-zero size");
    let c = color.map(rgb8).unwrap_or_else(|| default_color(kind));
    // Accent for caps, lids and labels: dark on light products, light on dark ones.
    let light_body = c[0] + c[1] + c[2] > 1.6;
    let look = Look {
        w: width as f32,
        h: height as f32,
        c,
        s: light_side,
        light_body,
        trim: if light_body {
            hex(0x2A2622)
        } else {
            hex(0xE8E2D6)
        },
        gold: hex(0xC9A45C),
    };
    match kind {
        ProductKind::Bottle => bottle(&mut pm, &look),
        ProductKind::Jar => jar(&mut pm, &look),
        ProductKind::Tube => tube(&mut pm, &look),
        ProductKind::Box => carton(&mut pm, &look),
        ProductKind::Can => can(&mut pm, &look),
        ProductKind::Pouch => pouch(&mut pm, &look),
        ProductKind::Cup => cup(&mut pm, &look),
        ProductKind::Phone => phone(&mut pm, &look),
    }
    demultiply(&pm)
}

/// What every mockup is drawn with: its size, body colour, light side and accents.
struct Look {
    w: f32,
    h: f32,
    /// The body colour.
    c: Rgb,
    /// The light side, -1 left to +1 right.
    s: f32,
    light_body: bool,
    /// Caps, lids and crimps.
    trim: Rgb,
    gold: Rgb,
}

/// A dropper bottle: gold cap, short neck, shouldered body and a label.
fn bottle(pm: &mut Pixmap, look: &Look) {
    let Look {
        w,
        h,
        c,
        s,
        light_body,
        gold,
        ..
    } = *look;
    let (neck_w, body_top) = (w * 0.34, h * 0.3);
    fill(
        pm,
        rounded_rect(w * 0.29, h * 0.02, w * 0.42, h * 0.16, w * 0.05),
        round_shader(w * 0.29, w * 0.71, gold, s, 0.9),
    );
    fill(
        pm,
        rounded_rect((w - neck_w) / 2.0, h * 0.17, neck_w, h * 0.08, 2.0),
        round_shader(0.0, w, scale(c, 0.8), s, 0.6),
    );
    let mut pb = PathBuilder::new();
    pb.move_to((w - neck_w) / 2.0, h * 0.24);
    pb.cubic_to(w * 0.05, h * 0.25, 0.0, h * 0.27, 0.0, body_top + h * 0.04);
    pb.line_to(0.0, h * 0.96);
    pb.quad_to(0.0, h, w * 0.06, h);
    pb.line_to(w * 0.94, h);
    pb.quad_to(w, h, w, h * 0.96);
    pb.line_to(w, body_top + h * 0.04);
    pb.cubic_to(
        w,
        h * 0.27,
        w * 0.95,
        h * 0.25,
        (w + neck_w) / 2.0,
        h * 0.24,
    );
    pb.close();
    fill(pm, pb.finish(), round_shader(0.0, w, c, s, 0.9));
    label(pm, w * 0.14, h * 0.5, w * 0.72, h * 0.3, light_body);
}

/// A cosmetics jar with a ridged gold lid.
fn jar(pm: &mut Pixmap, look: &Look) {
    let Look {
        w,
        h,
        c,
        s,
        light_body,
        gold,
        ..
    } = *look;
    fill(
        pm,
        rounded_rect(0.0, h * 0.3, w, h * 0.7, w * 0.08),
        round_shader(0.0, w, c, s, 0.5),
    );
    fill(
        pm,
        rounded_rect(w * 0.02, h * 0.04, w * 0.96, h * 0.28, w * 0.04),
        round_shader(0.0, w, gold, s, 0.9),
    );
    for i in 1..12 {
        let x = w * 0.02 + w * 0.96 * i as f32 / 12.0;
        fill_solid(
            pm,
            rounded_rect(x - 0.6, h * 0.06, 1.2, h * 0.24, 0.5),
            scale(gold, 0.75),
            0.5,
        );
    }
    label(pm, w * 0.18, h * 0.5, w * 0.64, h * 0.32, light_body);
}

/// A squeeze tube standing on its cap.
fn tube(pm: &mut Pixmap, look: &Look) {
    let Look {
        w,
        h,
        c,
        s,
        light_body,
        trim,
        ..
    } = *look;
    fill(
        pm,
        rounded_rect(0.0, 0.0, w, h * 0.06, 1.0),
        vertical_shader(0.0, h * 0.06, scale(c, 0.95), scale(c, 0.8)),
    );
    let mut pb = PathBuilder::new();
    pb.move_to(0.0, h * 0.05);
    pb.line_to(w, h * 0.05);
    pb.cubic_to(w, h * 0.45, w * 0.84, h * 0.7, w * 0.8, h * 0.84);
    pb.line_to(w * 0.2, h * 0.84);
    pb.cubic_to(w * 0.16, h * 0.7, 0.0, h * 0.45, 0.0, h * 0.05);
    pb.close();
    fill(pm, pb.finish(), round_shader(0.0, w, c, s, 0.5));
    fill(
        pm,
        rounded_rect(w * 0.18, h * 0.83, w * 0.64, h * 0.17, w * 0.08),
        round_shader(w * 0.18, w * 0.82, trim, s, 0.6),
    );
    label(pm, w * 0.16, h * 0.2, w * 0.68, h * 0.3, light_body);
}

/// A carton in a shallow three-quarter view.
fn carton(pm: &mut Pixmap, look: &Look) {
    let Look {
        w,
        h,
        c,
        s,
        light_body,
        ..
    } = *look;
    // Front, the side facing the light, and the top, in a shallow three-quarter view.
    let d = w * 0.2;
    let front_x = if s > 0.0 { 0.0 } else { d };
    let fw = w - d;
    let top = h * 0.1;
    let quad = |pts: [(f32, f32); 4]| -> Option<Path> {
        let mut pb = PathBuilder::new();
        pb.move_to(pts[0].0, pts[0].1);
        for p in &pts[1..] {
            pb.line_to(p.0, p.1);
        }
        pb.close();
        pb.finish()
    };
    let (sx0, sx1) = if s > 0.0 { (fw, w) } else { (0.0, d) };
    let side_pts = if s > 0.0 {
        [(sx0, top), (sx1, 0.0), (sx1, h - top), (sx0, h)]
    } else {
        [(sx1, top), (sx0, 0.0), (sx0, h - top), (sx1, h)]
    };
    fill(
        pm,
        quad(side_pts),
        vertical_shader(0.0, h, mix(c, [1.0; 3], 0.1), scale(c, 0.92)),
    );
    let top_pts = if s > 0.0 {
        [(0.0, top), (d, 0.0), (w, 0.0), (fw, top)]
    } else {
        [(d, top), (0.0, 0.0), (fw, 0.0), (w, top)]
    };
    fill_solid(pm, quad(top_pts), mix(c, [1.0; 3], 0.22), 1.0);
    fill(
        pm,
        quad([
            (front_x, top),
            (front_x + fw, top),
            (front_x + fw, h),
            (front_x, h),
        ]),
        vertical_shader(top, h, scale(c, 0.86), scale(c, 0.74)),
    );
    label(
        pm,
        front_x + fw * 0.15,
        h * 0.38,
        fw * 0.7,
        h * 0.3,
        light_body,
    );
}

/// A drinks can with a metal lid and base.
fn can(pm: &mut Pixmap, look: &Look) {
    let Look {
        w,
        h,
        c,
        s,
        light_body,
        ..
    } = *look;
    let r = w * 0.08;
    fill(
        pm,
        rounded_rect(0.0, r, w, h - r, r),
        round_shader(0.0, w, c, s, 0.8),
    );
    fill(
        pm,
        ellipse(w / 2.0, r, w / 2.0, r),
        vertical_shader(0.0, 2.0 * r, hex(0xD7D9DC), hex(0x9A9DA2)),
    );
    fill(
        pm,
        rounded_rect(0.0, h - r * 1.6, w, r * 1.6, r),
        round_shader(0.0, w, hex(0xB8BBC0), s, 0.8),
    );
    label(pm, w * 0.12, h * 0.35, w * 0.76, h * 0.3, light_body);
}

/// A stand-up pouch with a zip line.
fn pouch(pm: &mut Pixmap, look: &Look) {
    let Look {
        w,
        h,
        c,
        s,
        light_body,
        ..
    } = *look;
    let mut pb = PathBuilder::new();
    pb.move_to(w * 0.04, 0.0);
    pb.line_to(w * 0.96, 0.0);
    pb.cubic_to(w, h * 0.4, w, h * 0.8, w * 0.95, h);
    pb.line_to(w * 0.05, h);
    pb.cubic_to(0.0, h * 0.8, 0.0, h * 0.4, w * 0.04, 0.0);
    pb.close();
    fill(pm, pb.finish(), round_shader(0.0, w, c, s, 0.2));
    fill_solid(
        pm,
        rounded_rect(w * 0.05, h * 0.09, w * 0.9, h * 0.012, 1.0),
        scale(c, 0.7),
        0.9,
    );
    fill_solid(
        pm,
        rounded_rect(w * 0.05, h * 0.9, w * 0.9, h * 0.1, 3.0),
        scale(c, 0.85),
        0.6,
    );
    label(pm, w * 0.16, h * 0.34, w * 0.68, h * 0.34, light_body);
}

/// A mug of coffee, its handle away from the light.
fn cup(pm: &mut Pixmap, look: &Look) {
    let Look { w, h, c, s, .. } = *look;
    let bw = w * 0.8;
    let bx = if s > 0.0 { 0.0 } else { w - bw };
    let hx = if s > 0.0 { bw - w * 0.02 } else { w * 0.02 };
    let handle = ellipse(
        hx + if s > 0.0 { w * 0.08 } else { -w * 0.08 },
        h * 0.5,
        w * 0.11,
        w * 0.15,
    );
    stroke(
        pm,
        handle,
        round_shader(hx - w * 0.2, hx + w * 0.2, c, s, 0.5),
        w * 0.06,
    );
    fill(
        pm,
        rounded_rect(bx, h * 0.08, bw, h * 0.92, bw * 0.12),
        round_shader(bx, bx + bw, c, s, 0.6),
    );
    fill(
        pm,
        ellipse(bx + bw / 2.0, h * 0.09, bw / 2.0, h * 0.08),
        vertical_shader(h * 0.01, h * 0.17, scale(c, 0.85), c),
    );
    fill(
        pm,
        ellipse(bx + bw / 2.0, h * 0.1, bw * 0.45, h * 0.065),
        vertical_shader(h * 0.04, h * 0.16, hex(0x3B2416), hex(0x6B4026)),
    );
}

/// A phone-like slab with a lit screen.
fn phone(pm: &mut Pixmap, look: &Look) {
    let Look { w, h, c, s, .. } = *look;
    fill(
        pm,
        rounded_rect(0.0, 0.0, w, h, w * 0.14),
        round_shader(0.0, w, c, s, 0.7),
    );
    let (m, sw, sh) = (w * 0.05, w * 0.9, h - w * 0.1);
    fill(
        pm,
        rounded_rect(m, m, sw, sh, w * 0.1),
        vertical_shader(m, m + sh, hex(0x3A5BA8), hex(0xE08A7A)),
    );
    fill_solid(
        pm,
        rounded_rect(w * 0.38, m * 1.6, w * 0.24, w * 0.06, w * 0.03),
        hex(0x0B0B0D),
        1.0,
    );
    // A screen reflection sweeping away from the light.
    let mut pb = PathBuilder::new();
    let (x0, x1) = if s > 0.0 {
        (w * 0.55, w * 0.95)
    } else {
        (w * 0.05, w * 0.45)
    };
    pb.move_to(x0, m);
    pb.line_to(x1, m);
    pb.line_to(x1 - w * 0.5 * s.signum(), m + sh);
    pb.line_to(x0 - w * 0.5 * s.signum(), m + sh);
    pb.close();
    fill_solid(pm, pb.finish(), [1.0; 3], 0.08);
}

/// A paper label with a brand mark: a bar of "name" and two lines of small print.
fn label(pm: &mut Pixmap, x: f32, y: f32, w: f32, h: f32, light_body: bool) {
    let paper = if light_body {
        hex(0xFBF8F2)
    } else {
        hex(0xF2EBDD)
    };
    let ink = hex(0x2A2622);
    fill(
        pm,
        rounded_rect(x, y, w, h, w * 0.03),
        vertical_shader(y, y + h, paper, scale(paper, 0.93)),
    );
    fill_solid(
        pm,
        rounded_rect(x + w * 0.18, y + h * 0.28, w * 0.64, h * 0.16, 1.0),
        ink,
        0.9,
    );
    fill_solid(
        pm,
        rounded_rect(x + w * 0.28, y + h * 0.56, w * 0.44, h * 0.06, 1.0),
        ink,
        0.55,
    );
    fill_solid(
        pm,
        rounded_rect(x + w * 0.34, y + h * 0.7, w * 0.32, h * 0.05, 1.0),
        ink,
        0.4,
    );
}

fn demultiply(pm: &Pixmap) -> RgbaImage {
    let mut out = RgbaImage::new(pm.width(), pm.height());
    for (o, p) in out.pixels_mut().zip(pm.pixels()) {
        let c = p.demultiply();
        *o = Rgba([c.red(), c.green(), c.blue(), c.alpha()]);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_mockup_is_solid_where_its_body_is() {
        for &kind in ProductKind::ALL {
            for side in [-1.0, 1.0] {
                let img = draw(kind, None, side, 200);
                assert_eq!(img.height(), 200);
                let (w, h) = img.dimensions();
                assert_eq!(img.get_pixel(w / 2, h * 3 / 5)[3], 255, "{kind:?} centre");
                let opaque = img.pixels().filter(|p| p[3] == 255).count() as f32;
                assert!(opaque > 0.4 * (w * h) as f32, "{kind:?} is mostly empty");
            }
        }
    }

    /// The stand-in is modelled by the scene's key light: moving the light from the left to
    /// the right moves its brightness to the right.
    #[test]
    fn every_mockup_is_lit_from_the_lights_side() {
        // How far right of the body's middle its brightness is centred: a cup's handle or a
        // box's side face changes sides with the light, so the body's own middle is the mark.
        let centre = |img: &RgbaImage| {
            let (mut sa, mut sax, mut sl, mut slx) = (0f32, 0f32, 0f32, 0f32);
            for (x, _, p) in img.enumerate_pixels() {
                let a = p[3] as f32 / 255.0;
                let l = (0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32) * a;
                sa += a;
                sax += a * x as f32;
                sl += l;
                slx += l * x as f32;
            }
            slx / sl.max(1.0) - sax / sa.max(1.0)
        };
        for &kind in ProductKind::ALL {
            let moved = centre(&draw(kind, None, 1.0, 200)) - centre(&draw(kind, None, -1.0, 200));
            assert!(moved > 0.5, "{kind:?}: brightness moves {moved:+.1} px");
        }
    }

    #[test]
    fn a_named_colour_tints_the_body() {
        let red = draw(ProductKind::Can, Some([200, 30, 40]), 1.0, 200);
        let blue = draw(ProductKind::Can, Some([30, 60, 200]), 1.0, 200);
        let p = red.get_pixel(50, 40);
        let q = blue.get_pixel(50, 40);
        assert!(p[0] > p[2] && q[2] > q[0], "{p:?} {q:?}");
    }
}
