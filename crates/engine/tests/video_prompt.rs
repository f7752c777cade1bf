//! The clip's words reach the picture: "orbit" gives an orbit (the set slides one way and the
//! product, rigid, the other), never a push-in; a "golden hour" clip is lit warm and low, not
//! staged on a neutral white backdrop.

use domain::generation::Duration;
use domain::{Quality, Resolution};
use engine::generate::ImageRequest;
use engine::video::{parse_motion, preview, Camera, VideoQuality, VideoSource};
use engine::{scene, NoProgress};
use image::{GrayImage, Rgba, RgbaImage};

const FPS: u32 = 24;
const LAST: u32 = 5 * FPS - 1;

/// A backdrop whose columns are all different (bands of varying brightness and hue), so a
/// sideways slide of the set can be measured; and a product layer, an opaque box in the
/// middle.
fn set(w: u32, h: u32) -> (RgbaImage, RgbaImage) {
    let band = |x: u32| {
        let k = (x / 6) as u64;
        (k.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40) as u32 % 160
    };
    let background = RgbaImage::from_fn(w, h, |x, y| {
        let v = 50 + band(x) as u8;
        Rgba([v, (v / 2).wrapping_add((y / 40) as u8), 255 - v, 255])
    });
    let product = RgbaImage::from_fn(w, h, |x, y| {
        let inside = (w * 35 / 100..w * 65 / 100).contains(&x) && (h / 4..h * 3 / 4).contains(&y);
        if inside {
            Rgba([200, 40, 40, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    (background, product)
}

/// Column means of the frame's top band, which lies above the product.
fn top_profile(frame: &RgbaImage) -> Vec<f64> {
    let (w, h) = frame.dimensions();
    let rows = h / 6;
    (0..w)
        .map(|x| {
            (0..rows)
                .map(|y| {
                    let p = frame.get_pixel(x, y);
                    p[0] as f64 + p[2] as f64
                })
                .sum::<f64>()
                / rows as f64
        })
        .collect()
}

/// The 1-D similarity (zoom about the centre, then a sideways shift in pixels, positive to
/// the right) that best carries the middle third of profile `a` onto `b`.
fn fit(a: &[f64], b: &[f64]) -> (f64, f64) {
    let n = a.len();
    let centre = n as f64 / 2.0;
    let sample = |x: f64| {
        let x = x.clamp(0.0, (n - 1) as f64);
        let i = (x as usize).min(n - 2);
        let f = x - i as f64;
        b[i] * (1.0 - f) + b[i + 1] * f
    };
    let cost = |zoom: f64, shift: f64| {
        (n / 3..n * 2 / 3)
            .map(|x| (a[x] - sample(centre + zoom * (x as f64 - centre) + shift)).abs())
            .sum::<f64>()
    };
    let reach = (n / 6) as i32;
    let mut best = (f64::MAX, 1.0, 0.0);
    for z in 0..=60 {
        let zoom = 0.85 + z as f64 * 0.005;
        for s in -reach..=reach {
            let c = cost(zoom, s as f64);
            if c < best.0 {
                best = (c, zoom, s as f64);
            }
        }
    }
    (best.1, best.2)
}

/// Area and centroid x of a product mask.
fn area_and_centre(mask: &GrayImage) -> (f64, f64) {
    let (mut a, mut sx) = (0f64, 0f64);
    for (x, _, p) in mask.enumerate_pixels() {
        let w = p[0] as f64 / 255.0;
        a += w;
        sx += w * x as f64;
    }
    (a, sx / a)
}

#[test]
fn orbit_words_give_an_orbit_not_a_push_in() {
    for words in [
        "a slow orbit around the serum",
        "orbiting shot of my white mug",
        "the camera circles around the bottle",
        "360 turntable of the sneaker",
    ] {
        assert_eq!(parse_motion(words).camera, Camera::Orbit, "{words}");
    }
    assert_eq!(parse_motion("slowly zoom in").camera, Camera::PushIn);

    let (background, product) = set(640, 960);
    let run = |words: &str| {
        let clip = preview(
            VideoSource::Layers {
                background: &background,
                product: &product,
                shadow: None,
            },
            words,
            Duration::Five,
            VideoQuality::P480,
            FPS,
            3,
            &[0, LAST],
        )
        .unwrap();
        let width = clip.frames[0].width() as f64;
        let (set_zoom, set_shift) =
            fit(&top_profile(&clip.frames[0]), &top_profile(&clip.frames[1]));
        let set_slide = set_shift / width;
        let (a0, c0) = area_and_centre(&clip.product_masks[0]);
        let (a1, c1) = area_and_centre(&clip.product_masks[1]);
        (
            clip.motion.camera,
            set_slide,
            set_zoom,
            (c1 - c0) / width,
            a1 / a0,
        )
    };

    let (camera, set_slide, set_zoom, product_slide, growth) = run("a slow orbit around the serum");
    println!("orbit: set slides {set_slide:+.3} (zoom ×{set_zoom:.3}), product {product_slide:+.3} of the width, area ×{growth:.3}");
    assert_eq!(camera, Camera::Orbit);
    assert!(
        set_slide.abs() > 0.02,
        "the set slides only {set_slide:.3} of the width"
    );
    assert!(
        product_slide.abs() > 0.005 && product_slide.signum() != set_slide.signum(),
        "the product slides {product_slide:.3} against the set's {set_slide:.3}"
    );

    let (camera, set_slide, set_zoom, product_slide, growth) = run("slowly zoom in on the serum");
    println!("push-in: set slides {set_slide:+.3} (zoom ×{set_zoom:.3}), product {product_slide:+.3} of the width, area ×{growth:.3}");
    assert_eq!(camera, Camera::PushIn);
    assert!(
        set_slide.abs() < 0.005 && product_slide.abs() < 0.005,
        "a push-in slides: set {set_slide:.3}, product {product_slide:.3}"
    );
    assert!(
        growth > 1.1 && set_zoom > 1.03,
        "a push-in grows the product only ×{growth:.3}, the set ×{set_zoom:.3}"
    );
}

/// (R − B) / brightness of the frame's pixels outside the product, in percent.
fn warmth(frame: &RgbaImage, mask: &GrayImage) -> f64 {
    let (mut sum, mut n) = (0f64, 0f64);
    for (p, m) in frame.pixels().zip(mask.pixels()) {
        if m[0] == 0 {
            sum += 100.0 * (p[0] as f64 - p[2] as f64)
                / (p[0] as f64 + p[1] as f64 + p[2] as f64 + 30.0);
            n += 1.0;
        }
    }
    sum / n
}

fn mean_luma(frame: &RgbaImage, mask: &GrayImage) -> f64 {
    let (mut sum, mut n) = (0f64, 0f64);
    for (p, m) in frame.pixels().zip(mask.pixels()) {
        if m[0] == 0 {
            sum += 0.299 * p[0] as f64 + 0.587 * p[1] as f64 + 0.114 * p[2] as f64;
            n += 1.0;
        }
    }
    sum / n
}

/// How far the cast shadow reaches beside the product, as a share of the frame's width: a
/// low sun throws long shadows.
fn shadow_reach(layers: &scene::Layers) -> f64 {
    let (w, _) = layers.shadow.dimensions();
    let opaque = |x: u32, y: u32| layers.product.get_pixel(x, y)[3] > 128;
    let (x0, x1) = layers
        .product
        .enumerate_pixels()
        .filter(|(x, y, _)| opaque(*x, *y))
        .fold((w, 0), |(lo, hi), (x, _, _)| (lo.min(x), hi.max(x)));
    let reach = layers
        .shadow
        .enumerate_pixels()
        .filter(|(x, y, p)| p[3] > 40 && !opaque(*x, *y))
        .map(|(x, _, _)| x0.saturating_sub(x).max(x.saturating_sub(x1)))
        .max()
        .unwrap_or(0);
    reach as f64 / w as f64
}

#[test]
fn a_golden_hour_clip_is_warm_and_low_not_on_neutral_white() {
    let clip_of = |words: &str| {
        let request = ImageRequest {
            resolution: Resolution::Square,
            quality: Quality::Low,
            seed: 5,
            ..ImageRequest::new(words)
        };
        let layers = scene::render_layers(&request, &mut NoProgress).unwrap();
        let clip = preview(
            VideoSource::Layers {
                background: &layers.background,
                product: &layers.product,
                shadow: Some(&layers.shadow),
            },
            words,
            Duration::Five,
            VideoQuality::P480,
            FPS,
            5,
            &[0],
        )
        .unwrap();
        let (frame, mask) = (&clip.frames[0], &clip.product_masks[0]);
        (
            warmth(frame, mask),
            mean_luma(frame, mask),
            shadow_reach(&layers),
        )
    };
    let (golden_warmth, golden_luma, golden_reach) =
        clip_of("amber serum bottle, slow orbit at golden hour");
    let (plain_warmth, plain_luma, plain_reach) = clip_of("amber serum bottle, slow orbit");
    println!(
        "golden hour: warmth {golden_warmth:.1}, luma {golden_luma:.0}, shadow reach {golden_reach:.3}; \
         unnamed light: warmth {plain_warmth:.1}, luma {plain_luma:.0}, shadow reach {plain_reach:.3}"
    );
    assert!(
        golden_warmth > plain_warmth + 8.0 && golden_warmth > 10.0,
        "golden hour warmth {golden_warmth:.1} against {plain_warmth:.1}"
    );
    assert!(
        golden_luma < 215.0,
        "a golden-hour backdrop averages {golden_luma:.0}: near white"
    );
    assert!(
        golden_reach > plain_reach * 1.3,
        "golden-hour shadows reach {golden_reach:.3}, unnamed light's {plain_reach:.3}"
    );
}
