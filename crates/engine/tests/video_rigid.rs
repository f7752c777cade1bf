//! The product never bends: in every frame of every motion, the product's mask is the first
//! frame's mask moved by a similarity transform (IoU ≥ 0.95 after the best one), and the
//! product's own pixels, carried back by that transform, are the first frame's. Checked on
//! several seller photos (a bottle, a white tube on white, a red box, a shoe), both for scene
//! layers and for flat pictures the engine has to take apart itself.

#[path = "common/mod.rs"]
mod common;

use common::{Backdrop, Item};
use domain::generation::Duration;
use domain::{Quality, Resolution};
use engine::generate::{ImageRequest, OutputFormat};
use engine::video::{preview, Camera, VideoQuality, VideoSource};
use engine::{codec, scene, NoProgress};
use image::GrayImage;

const MOTIONS: &[&str] = &[
    "slow push-in",
    "pull back to reveal the set",
    "pan left across the table",
    "gentle pan",
    "parallax with drifting foliage",
    "a slow orbit around the product",
    "the product floating with a light sweep",
];

/// Every 12th frame of a 5 s clip at 24 fps, and the last.
fn frames() -> Vec<u32> {
    (0..120).step_by(12).chain([119]).collect()
}

struct Moments {
    area: f64,
    cx: f64,
    cy: f64,
    theta: f64,
}

fn moments(m: &GrayImage) -> Moments {
    let (mut a, mut sx, mut sy) = (0f64, 0f64, 0f64);
    for (x, y, p) in m.enumerate_pixels() {
        let w = p[0] as f64 / 255.0;
        a += w;
        sx += w * x as f64;
        sy += w * y as f64;
    }
    let (cx, cy) = (sx / a, sy / a);
    let (mut m20, mut m02, mut m11) = (0f64, 0f64, 0f64);
    for (x, y, p) in m.enumerate_pixels() {
        let w = p[0] as f64 / 255.0;
        let (dx, dy) = (x as f64 - cx, y as f64 - cy);
        m20 += w * dx * dx;
        m02 += w * dy * dy;
        m11 += w * dx * dy;
    }
    Moments {
        area: a,
        cx,
        cy,
        theta: 0.5 * (2.0 * m11).atan2(m20 - m02),
    }
}

/// The similarity taking frame-0 coordinates to frame-k ones: (scale, rotation, a, b).
type Similarity = (f64, f64, Moments, Moments);

/// Samples `m` (frame k) at the place frame-0 point (x, y) moves to.
fn carried(s: &Similarity, x: f64, y: f64) -> (f64, f64) {
    let (scale, rot, a, b) = s;
    let (dx, dy) = (x - a.cx, y - a.cy);
    let (c, n) = (rot.cos(), rot.sin());
    (
        b.cx + scale * (c * dx - n * dy),
        b.cy + scale * (n * dx + c * dy),
    )
}

/// Soft IoU, in the first frame's coordinates, of the first mask and the later one carried
/// back (bilinear, so sub-pixel moves are measured, not rounded).
fn iou_under(s: &Similarity, first: &GrayImage, later: &GrayImage) -> f64 {
    let (w, h) = later.dimensions();
    let at = |x: f64, y: f64| -> f64 {
        if x < 0.0 || y < 0.0 || x >= (w - 1) as f64 || y >= (h - 1) as f64 {
            return 0.0;
        }
        let (x0, y0) = (x as u32, y as u32);
        let (tx, ty) = (x - x0 as f64, y - y0 as f64);
        let p = |x, y| later.get_pixel(x, y)[0] as f64 / 255.0;
        let top = p(x0, y0) * (1.0 - tx) + p(x0 + 1, y0) * tx;
        let bottom = p(x0, y0 + 1) * (1.0 - tx) + p(x0 + 1, y0 + 1) * tx;
        top * (1.0 - ty) + bottom * ty
    };
    let (mut inter, mut union) = (0f64, 0f64);
    for (x, y, p) in first.enumerate_pixels() {
        let (lx, ly) = carried(s, x as f64, y as f64);
        let (a, b) = (p[0] as f64 / 255.0, at(lx, ly));
        inter += a.min(b);
        union += a.max(b);
    }
    inter / union.max(1e-9)
}

/// IoU after the best similarity transform (translation and scale from the masks' moments,
/// rotation either none or the change of the principal axis), and that transform.
fn best_iou(first: &GrayImage, later: &GrayImage) -> (f64, Similarity) {
    let (a, b) = (moments(first), moments(later));
    let scale = (b.area / a.area).sqrt();
    let turn = b.theta - a.theta;
    let mut best: Option<(f64, Similarity)> = None;
    for rot in [0.0, turn] {
        let s: Similarity = (scale, rot, moments(first), moments(later));
        let iou = iou_under(&s, first, later);
        if best.as_ref().is_none_or(|(v, _)| iou > *v) {
            best = Some((iou, s));
        }
    }
    best.unwrap()
}

/// Mean difference (0..255) between the product's interior pixels in frame 0 and the same
/// points carried to frame k.
fn pixel_drift(
    s: &Similarity,
    first: &image::RgbaImage,
    first_mask: &GrayImage,
    later: &image::RgbaImage,
) -> f64 {
    let (w, h) = first.dimensions();
    let (mut sum, mut n) = (0f64, 0f64);
    for y in (4..h - 4).step_by(2) {
        for x in (4..w - 4).step_by(2) {
            // Interior only: edges blend with the (moving) background by design.
            let solid = (-3i32..=3).all(|d| {
                first_mask.get_pixel((x as i32 + d) as u32, y)[0] == 255
                    && first_mask.get_pixel(x, (y as i32 + d) as u32)[0] == 255
            });
            if !solid {
                continue;
            }
            let (lx, ly) = carried(s, x as f64, y as f64);
            if lx < 1.0 || ly < 1.0 || lx >= (w - 2) as f64 || ly >= (h - 2) as f64 {
                continue;
            }
            let q = bilinear(later, lx, ly);
            let p = first.get_pixel(x, y);
            for c in 0..3 {
                sum += (q[c] - p[c] as f64).abs();
            }
            n += 3.0;
        }
    }
    sum / n.max(1.0)
}

fn bilinear(img: &image::RgbaImage, x: f64, y: f64) -> [f64; 3] {
    let (x0, y0) = (x.floor() as u32, y.floor() as u32);
    let (tx, ty) = (x - x0 as f64, y - y0 as f64);
    let px = |x, y| img.get_pixel(x, y).0;
    let mut out = [0.0; 3];
    for (c, o) in out.iter_mut().enumerate() {
        let top = px(x0, y0)[c] as f64 * (1.0 - tx) + px(x0 + 1, y0)[c] as f64 * tx;
        let bottom = px(x0, y0 + 1)[c] as f64 * (1.0 - tx) + px(x0 + 1, y0 + 1)[c] as f64 * tx;
        *o = top * (1.0 - ty) + bottom * ty;
    }
    out
}

fn png(img: &image::RgbaImage) -> Vec<u8> {
    codec::encode_png(img).unwrap()
}

fn photos() -> Vec<(&'static str, Vec<u8>)> {
    [
        ("amber bottle on white", Item::AmberBottle, Backdrop::White),
        ("white tube on white", Item::Tube, Backdrop::White),
        ("red box on pink", Item::Box, Backdrop::Pink),
        ("sneaker on grey", Item::Shoe, Backdrop::Grey),
    ]
    .iter()
    .enumerate()
    .map(|(i, &(name, item, backdrop))| {
        (
            name,
            png(&common::photo(item, backdrop, 600, 800, i as u64 + 1).image),
        )
    })
    .collect()
}

/// Checks every motion of one source; returns (worst IoU, worst pixel drift).
fn check(
    name: &str,
    source: VideoSource,
    expect_layer: bool,
    failures: &mut Vec<String>,
) -> (f64, f64) {
    let (mut worst_iou, mut worst_drift) = (1f64, 0f64);
    for prompt in MOTIONS {
        let clip = preview(
            source,
            prompt,
            Duration::Five,
            VideoQuality::P480,
            24,
            5,
            &frames(),
        )
        .unwrap();
        if clip.product_masks.is_empty() {
            if expect_layer {
                failures.push(format!("{name} / {prompt}: the product was not lifted out"));
            }
            continue;
        }
        let (first, first_mask) = (&clip.frames[0], &clip.product_masks[0]);
        for (k, (frame, mask)) in clip
            .frames
            .iter()
            .zip(&clip.product_masks)
            .enumerate()
            .skip(1)
        {
            let (iou, s) = best_iou(first_mask, mask);
            worst_iou = worst_iou.min(iou);
            if iou < 0.95 {
                failures.push(format!(
                    "{name} / {prompt}: frame {} IoU {iou:.3}",
                    clip.indices[k]
                ));
            }
            if !clip.motion.light_sweep {
                let drift = pixel_drift(&s, first, first_mask, frame);
                worst_drift = worst_drift.max(drift);
                if drift > 6.0 {
                    failures.push(format!(
                        "{name} / {prompt}: frame {} product pixels drift {drift:.1} levels",
                        clip.indices[k]
                    ));
                }
            }
        }
        // The product really moves in most clips: a still product would pass trivially.
        let last = moments(clip.product_masks.last().unwrap());
        let start = moments(first_mask);
        let moved = (last.cx - start.cx).hypot(last.cy - start.cy)
            + (last.area / start.area - 1.0).abs() * 100.0;
        if clip.motion.camera != Camera::Orbit && !clip.motion.float && moved < 2.0 {
            failures.push(format!(
                "{name} / {prompt}: the product did not move ({moved:.1})"
            ));
        }
    }
    (worst_iou, worst_drift)
}

#[test]
fn the_product_moves_only_as_a_rigid_whole_in_every_motion() {
    let mut failures = Vec::new();
    let (mut worst_iou, mut worst_drift) = (1f64, 0f64);
    for (name, photo) in photos() {
        let before = (worst_iou, worst_drift);
        // Staged in a scene: the product layer moves against the background layer.
        let refs = [photo.as_slice()];
        let req = ImageRequest {
            reference_photos: &refs,
            resolution: Resolution::Square,
            quality: Quality::Low,
            seed: 3,
            format: OutputFormat::Png,
            ..ImageRequest::new("on marble with leaves, lifestyle")
        };
        let layers = scene::render_layers(&req, &mut NoProgress).unwrap();
        let source = VideoSource::Layers {
            background: &layers.background,
            product: &layers.product,
            shadow: Some(&layers.shadow),
        };
        let (iou, drift) = check(&format!("{name} in a scene"), source, true, &mut failures);
        worst_iou = worst_iou.min(iou);
        worst_drift = worst_drift.max(drift);

        // The seller's photo itself, animated: the engine lifts the product out.
        let (iou, drift) = check(
            &format!("{name}, flat photo"),
            VideoSource::Image(&photo),
            true,
            &mut failures,
        );
        worst_iou = worst_iou.min(iou);
        worst_drift = worst_drift.max(drift);

        // A flat studio render, as a generated still is animated later.
        let studio = ImageRequest {
            reference_photos: &refs,
            resolution: Resolution::Portrait,
            quality: Quality::Low,
            seed: 4,
            format: OutputFormat::Png,
            ..ImageRequest::new("clean studio packshot, soft even light")
        };
        let flat = png(&scene::flatten(
            &scene::render_layers(&studio, &mut NoProgress).unwrap(),
        ));
        let (iou, drift) = check(
            &format!("{name}, flat studio still"),
            VideoSource::Image(&flat),
            true,
            &mut failures,
        );
        worst_iou = worst_iou.min(iou);
        worst_drift = worst_drift.max(drift);
        if (worst_iou, worst_drift) != before {
            println!("{name}: worst IoU so far {worst_iou:.4}, drift {worst_drift:.2}");
        }
    }
    println!("worst IoU after the best similarity {worst_iou:.4}, worst product pixel drift {worst_drift:.2} levels");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_busy_flat_picture_moves_as_one_rigid_piece() {
    // Noise everywhere: nothing stands out, so nothing is lifted out and nothing warps.
    let noisy = image::RgbaImage::from_fn(480, 320, |x, y| {
        let v = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) >> 24;
        image::Rgba([v as u8, (v * 3) as u8, (255 - v) as u8, 255])
    });
    let clip = preview(
        VideoSource::Image(&png(&noisy)),
        "parallax",
        Duration::Five,
        VideoQuality::P480,
        24,
        1,
        &[0, 119],
    )
    .unwrap();
    assert!(clip.product_masks.is_empty());
}
