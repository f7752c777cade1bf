//! Synthetic seller photos for tests, benches and the contact sheet: a product on a seamless
//! backdrop, lit from above-left, with the soft shadow and slight falloff a real photo has,
//! plus sensor noise. The product's true matte comes along so cutouts can be scored. `ffmpeg`
//! reads produced media back with ffprobe and ffmpeg.
#![allow(dead_code)]

pub mod ffmpeg;

use engine::mockup;
use engine::prompt::ProductKind;
use engine::scene::draw::{fill, round_shader, soft_ellipse};
use engine::scene::noise::{hash2, Rng};
use engine::scene::raster::{hex, Rgb};
use image::{Rgba, RgbaImage};
use tiny_skia::{PathBuilder, Pixmap};

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Item {
    Bottle,
    /// An amber serum bottle, the product most sellers start with.
    AmberBottle,
    /// A white ceramic mug.
    Mug,
    Jar,
    Box,
    Shoe,
    Can,
    Tube,
}

pub const ITEMS: &[Item] = &[
    Item::Bottle,
    Item::Jar,
    Item::Box,
    Item::Shoe,
    Item::Can,
    Item::Tube,
];

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Backdrop {
    White,
    Grey,
    Pink,
    Teal,
}

pub const BACKDROPS: &[Backdrop] = &[
    Backdrop::White,
    Backdrop::Grey,
    Backdrop::Pink,
    Backdrop::Teal,
];

fn backdrop_color(b: Backdrop) -> Rgb {
    match b {
        Backdrop::White => hex(0xF6F6F4),
        Backdrop::Grey => hex(0xB4B6B8),
        Backdrop::Pink => hex(0xEBC6C6),
        Backdrop::Teal => hex(0x5E9AA2),
    }
}

pub struct Photo {
    pub image: RgbaImage,
    /// The product's true coverage, 0..255, same size as `image`.
    pub mask: Vec<u8>,
}

/// The product drawn alone (straight alpha), `h` pixels tall.
fn product(item: Item, h: u32) -> RgbaImage {
    match item {
        Item::Bottle => mockup::draw(ProductKind::Bottle, Some([40, 90, 70]), -1.0, h),
        Item::AmberBottle => mockup::draw(ProductKind::Bottle, Some([176, 98, 28]), -1.0, h),
        Item::Mug => mockup::draw(ProductKind::Cup, Some([244, 242, 238]), -1.0, h * 3 / 5),
        Item::Jar => mockup::draw(ProductKind::Jar, Some([235, 228, 218]), -1.0, h * 3 / 5),
        Item::Box => mockup::draw(ProductKind::Box, Some([196, 62, 58]), -1.0, h * 4 / 5),
        Item::Can => mockup::draw(ProductKind::Can, Some([40, 70, 160]), -1.0, h * 4 / 5),
        Item::Tube => mockup::draw(ProductKind::Tube, Some([250, 250, 248]), -1.0, h),
        Item::Shoe => shoe(h / 2),
    }
}

/// A sneaker in side view.
fn shoe(h: u32) -> RgbaImage {
    let w = h * 2;
    let (wf, hf) = (w as f32, h as f32);
    let mut pm = Pixmap::new(w, h).unwrap();
    let mut pb = PathBuilder::new();
    pb.move_to(wf * 0.02, hf * 0.55);
    pb.cubic_to(
        wf * 0.02,
        hf * 0.2,
        wf * 0.2,
        hf * 0.02,
        wf * 0.3,
        hf * 0.04,
    );
    pb.line_to(wf * 0.42, hf * 0.1);
    pb.cubic_to(
        wf * 0.55,
        hf * 0.3,
        wf * 0.8,
        hf * 0.35,
        wf * 0.95,
        hf * 0.55,
    );
    pb.cubic_to(wf, hf * 0.65, wf, hf * 0.8, wf * 0.96, hf * 0.82);
    pb.line_to(wf * 0.03, hf * 0.82);
    pb.close();
    fill(
        &mut pm,
        pb.finish(),
        round_shader(0.0, wf, hex(0x2F3B52), -1.0, 0.3),
    );
    let mut sole = PathBuilder::new();
    sole.move_to(wf * 0.02, hf * 0.78);
    sole.line_to(wf * 0.98, hf * 0.78);
    sole.cubic_to(wf, hf * 0.9, wf * 0.97, hf, wf * 0.9, hf);
    sole.line_to(wf * 0.06, hf);
    sole.cubic_to(wf * 0.01, hf, 0.0, hf * 0.9, wf * 0.02, hf * 0.78);
    sole.close();
    fill(
        &mut pm,
        sole.finish(),
        round_shader(0.0, wf, hex(0xF2F0EA), -1.0, 0.1),
    );
    let mut swoosh = PathBuilder::new();
    swoosh.move_to(wf * 0.3, hf * 0.6);
    swoosh.quad_to(wf * 0.6, hf * 0.7, wf * 0.85, hf * 0.45);
    swoosh.quad_to(wf * 0.6, hf * 0.62, wf * 0.3, hf * 0.6);
    fill(
        &mut pm,
        swoosh.finish(),
        round_shader(0.0, wf, hex(0xE8E4DA), -1.0, 0.2),
    );
    RgbaImage::from_fn(w, h, |x, y| {
        let c = pm.pixel(x, y).unwrap().demultiply();
        Rgba([c.red(), c.green(), c.blue(), c.alpha()])
    })
}

/// A `w`×`h` photo of `item` on `backdrop`.
pub fn photo(item: Item, backdrop: Backdrop, w: u32, h: u32, seed: u64) -> Photo {
    let mut rng = Rng::new(seed);
    let bg = backdrop_color(backdrop);
    let prod = product(item, (h as f32 * 0.62) as u32);
    let prod = if prod.width() > w * 8 / 10 {
        image::imageops::resize(
            &prod,
            w * 8 / 10,
            prod.height() * (w * 8 / 10) / prod.width(),
            image::imageops::FilterType::Triangle,
        )
    } else {
        prod
    };
    let (pw, ph) = prod.dimensions();
    let px = (w - pw) / 2 + (rng.f32() * 0.04 * w as f32) as u32;
    let py = (h as f32 * 0.84) as u32 - ph;

    // Shadow on the sweep: a contact shadow and a soft cast shadow to the right.
    let mut shade = Pixmap::new(w, h).unwrap();
    let base_y = (py + ph) as f32;
    let cx = px as f32 + pw as f32 / 2.0;
    soft_ellipse(
        &mut shade,
        cx + pw as f32 * 0.25,
        base_y - 2.0,
        pw as f32 * 0.8,
        ph as f32 * 0.06,
        [0.0; 3],
        0.35,
    );
    soft_ellipse(
        &mut shade,
        cx,
        base_y,
        pw as f32 * 0.55,
        ph as f32 * 0.025,
        [0.0; 3],
        0.55,
    );

    let mut image = RgbaImage::new(w, h);
    let mut mask = vec![0u8; (w * h) as usize];
    for y in 0..h {
        for x in 0..w {
            let (u, v) = (x as f32 / w as f32, y as f32 / h as f32);
            // Seamless paper: lit from the top left, falling off to the corners.
            let fall = 1.0 - 0.1 * ((u - 0.4).powi(2) + (v - 0.45).powi(2)) - 0.05 * (1.0 - v);
            let s = shade.pixel(x, y).unwrap().alpha() as f32 / 255.0;
            let mut c = [
                bg[0] * fall * (1.0 - s),
                bg[1] * fall * (1.0 - s),
                bg[2] * fall * (1.0 - s),
            ];
            if x >= px && y >= py && x < px + pw && y < py + ph {
                let p = prod.get_pixel(x - px, y - py);
                let a = p[3] as f32 / 255.0;
                for ch in 0..3 {
                    c[ch] = c[ch] * (1.0 - a) + p[ch] as f32 / 255.0 * a;
                }
                mask[(y * w + x) as usize] = p[3];
            }
            let n = (hash2(x, y, seed as u32) - 0.5) * 5.0;
            let q = |v: f32| (v * 255.0 + n).round().clamp(0.0, 255.0) as u8;
            image.put_pixel(x, y, Rgba([q(c[0]), q(c[1]), q(c[2]), 255]));
        }
    }
    Photo { image, mask }
}

/// Intersection over union of a cutout (placed back at its rect) against the true mask.
pub fn iou(cut: &engine::cutout::Cutout, photo: &Photo) -> f32 {
    let (w, _) = photo.image.dimensions();
    let (rx, ry, _, _) = cut.rect;
    let mut predicted = vec![false; photo.mask.len()];
    for (x, y, p) in cut.image.enumerate_pixels() {
        if p[3] >= 128 {
            predicted[((y + ry) * w + x + rx) as usize] = true;
        }
    }
    let (mut inter, mut union) = (0u32, 0u32);
    for (p, &m) in predicted.iter().zip(&photo.mask) {
        let t = m >= 128;
        inter += (*p && t) as u32;
        union += (*p || t) as u32;
    }
    inter as f32 / union.max(1) as f32
}

/// A plain product shot for video tests: a disc on a pale gradient, and optionally a white
/// upper half (a bright, busy frame for text over it).
pub struct DiscShot {
    pub width: u32,
    pub height: u32,
    pub disc: [u8; 3],
    /// The disc's squared radius, as a share of the frame's width (of each side when not `round`).
    pub radius_squared: f32,
    /// Round on screen; else stretched with the frame.
    pub round: bool,
    pub white_top: bool,
}

impl DiscShot {
    /// A red disc, round, on the gradient alone.
    pub fn red(width: u32, height: u32) -> Self {
        Self {
            width,
            height,
            disc: [200, 40, 50],
            radius_squared: 0.01,
            round: true,
            white_top: false,
        }
    }

    pub fn png(&self) -> Vec<u8> {
        let (w, h) = (self.width, self.height);
        let image = RgbaImage::from_fn(w, h, |x, y| {
            let (fx, fy) = (x as f32 / w as f32, y as f32 / h as f32);
            let stretch = if self.round { h as f32 / w as f32 } else { 1.0 };
            let (dx, dy) = (fx - 0.5, (fy - 0.5) * stretch);
            if dx * dx + dy * dy < self.radius_squared {
                let [r, g, b] = self.disc;
                Rgba([r, g, b, 255])
            } else if self.white_top && fy < 0.5 {
                Rgba([250, 250, 250, 255])
            } else {
                Rgba([
                    (170.0 + 60.0 * fx) as u8,
                    (180.0 + 50.0 * fy) as u8,
                    200,
                    255,
                ])
            }
        });
        let mut out = std::io::Cursor::new(Vec::new());
        image.write_to(&mut out, image::ImageFormat::Png).unwrap();
        out.into_inner()
    }
}
