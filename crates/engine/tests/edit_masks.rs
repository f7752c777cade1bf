//! Mask edits through the public API: what changes, what must not, and the inputs refused.

use domain::generation::Environment;
use engine::edit::{apply_edit, decode_mask, edit_image, EditOp};
use engine::{EngineError, NoProgress};
use image::{GrayImage, Luma, Rgba, RgbaImage};

/// A striped, slightly noisy wall (texture a blur cannot fake).
fn wall(w: u32, h: u32) -> RgbaImage {
    RgbaImage::from_fn(w, h, |x, y| {
        let stripe = if (x + y / 3) % 24 < 12 { 60 } else { 0 };
        let noise = ((x.wrapping_mul(7919) ^ y.wrapping_mul(104_729)) % 17) as u8;
        Rgba([
            150 + stripe + noise,
            120 + stripe / 2 + noise,
            90 + noise,
            255,
        ])
    })
}

/// The wall with a red disc ("the cup") on it, and a mask over the disc.
fn cup_scene(w: u32, h: u32) -> (RgbaImage, RgbaImage, GrayImage) {
    let background = wall(w, h);
    let (cx, cy, r) = (w as i64 / 2, h as i64 / 2, (w.min(h) / 6) as i64);
    let inside = |x: u32, y: u32, r: i64| {
        let (dx, dy) = (x as i64 - cx, y as i64 - cy);
        dx * dx + dy * dy <= r * r
    };
    let mut image = background.clone();
    for (x, y, p) in image.enumerate_pixels_mut() {
        if inside(x, y, r) {
            *p = Rgba([220, 20, 30, 255]);
        }
    }
    // The painted mask overshoots the object a little, as a brush does.
    let mask = GrayImage::from_fn(w, h, |x, y| {
        Luma([if inside(x, y, r + 6) { 255 } else { 0 }])
    });
    (background, image, mask)
}

fn png(image: &RgbaImage) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn gray_png(image: &GrayImage) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn decode(png: &[u8]) -> RgbaImage {
    image::load_from_memory(png).unwrap().to_rgba8()
}

fn masked_mean(image: &RgbaImage, mask: &GrayImage) -> [f64; 3] {
    let mut sum = [0f64; 3];
    let mut n = 0f64;
    for (p, m) in image.pixels().zip(mask.pixels()) {
        if m.0[0] != 0 {
            for (s, &v) in sum.iter_mut().zip(&p.0[..3]) {
                *s += v as f64;
            }
            n += 1.0;
        }
    }
    sum.map(|s| s / n)
}

#[test]
fn pixels_outside_the_mask_are_identical_for_every_operation() {
    let (_, image, mask) = cup_scene(160, 120);
    let ops = [
        EditOp::Remove,
        EditOp::Recolour { rgb: [40, 90, 200] },
        EditOp::Brightness { amount: 0.5 },
        EditOp::Brightness { amount: -0.5 },
        EditOp::Blur { strength: 2.0 },
        EditOp::Background {
            environment: Environment::LuxuryMarble,
        },
    ];
    for op in ops {
        let mut edited = image.clone();
        apply_edit(&mut edited, &mask, op, 7, &mut NoProgress).unwrap();
        let mut changed_inside = 0;
        for ((a, b), m) in image.pixels().zip(edited.pixels()).zip(mask.pixels()) {
            if m.0[0] == 0 {
                assert_eq!(a, b, "{op:?} changed a pixel outside the mask");
            } else if a != b {
                changed_inside += 1;
            }
        }
        assert!(
            changed_inside > 1000,
            "{op:?} changed only {changed_inside} pixels"
        );
    }
}

#[test]
fn edit_image_round_trips_through_png_and_keeps_the_outside() {
    let (_, image, mask) = cup_scene(128, 96);
    let edited = edit_image(
        &png(&image),
        &gray_png(&mask),
        "make it navy",
        1,
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!((edited.width, edited.height), (128, 96));
    assert_eq!(edited.op, EditOp::Recolour { rgb: [24, 38, 92] });
    let out = decode(&edited.png);
    for ((a, b), m) in image.pixels().zip(out.pixels()).zip(mask.pixels()) {
        if m.0[0] == 0 {
            assert_eq!(a, b);
        }
    }
}

#[test]
fn removal_fills_with_the_surrounding_texture_not_a_smear() {
    let (background, image, mask) = cup_scene(200, 160);
    let mut edited = image.clone();
    apply_edit(&mut edited, &mask, EditOp::Remove, 3, &mut NoProgress).unwrap();

    // The red object is gone: the fill's colour is the wall's.
    let fill = masked_mean(&edited, &mask);
    let truth = masked_mean(&background, &mask);
    for c in 0..3 {
        assert!(
            (fill[c] - truth[c]).abs() < 12.0,
            "channel {c}: fill {fill:?} vs wall {truth:?}"
        );
    }
    // The stripes go on through the hole: horizontal contrast inside the fill is of the
    // wall's order, where a smooth (blurred or averaged) fill would have next to none.
    let contrast = |img: &RgbaImage| {
        let mut sum = 0f64;
        let mut n = 0f64;
        for y in 0..img.height() {
            for x in 1..img.width() {
                if mask.get_pixel(x, y).0[0] != 0 && mask.get_pixel(x - 1, y).0[0] != 0 {
                    sum += (img.get_pixel(x, y).0[0] as f64 - img.get_pixel(x - 1, y).0[0] as f64)
                        .abs();
                    n += 1.0;
                }
            }
        }
        sum / n
    };
    let (got, want) = (contrast(&edited), contrast(&background));
    assert!(got > 0.5 * want, "fill contrast {got:.1} vs wall {want:.1}");
    // Most filled pixels are close to what was behind the object.
    let mut close = 0;
    let mut total = 0;
    for ((e, b), m) in edited.pixels().zip(background.pixels()).zip(mask.pixels()) {
        if m.0[0] != 0 {
            total += 1;
            if (0..3).all(|c| (e.0[c] as i32 - b.0[c] as i32).abs() <= 30) {
                close += 1;
            }
        }
    }
    assert!(
        close * 10 >= total * 6,
        "{close} of {total} filled pixels near the wall"
    );
}

#[test]
fn the_same_seed_gives_the_same_fill() {
    let (_, image, mask) = cup_scene(120, 90);
    let run = |seed| {
        let mut edited = image.clone();
        apply_edit(&mut edited, &mask, EditOp::Remove, seed, &mut NoProgress).unwrap();
        edited
    };
    assert_eq!(run(11), run(11));
}

#[test]
fn recolour_brighten_and_darken_move_the_masked_colour() {
    let (_, image, mask) = cup_scene(120, 90);
    let before = masked_mean(&image, &mask);
    let mut blue = image.clone();
    apply_edit(
        &mut blue,
        &mask,
        EditOp::Recolour { rgb: [40, 90, 200] },
        0,
        &mut NoProgress,
    )
    .unwrap();
    // The cup turns blue; the wall the brush overshot onto keeps its colour.
    let (w, h) = image.dimensions();
    let (cx, cy, r) = (w as f32 / 2.0, h as f32 / 2.0, (w.min(h) / 6) as f32);
    let cup = GrayImage::from_fn(w, h, |x, y| {
        let d = (x as f32 - cx).hypot(y as f32 - cy);
        Luma([if d <= r - 1.0 { 255 } else { 0 }])
    });
    let rim = GrayImage::from_fn(w, h, |x, y| {
        let d = (x as f32 - cx).hypot(y as f32 - cy);
        Luma([if d >= r + 2.0 && mask.get_pixel(x, y).0[0] != 0 {
            255
        } else {
            0
        }])
    });
    let after = masked_mean(&blue, &cup);
    assert!(after[2] > after[0] + 60.0, "not blue: {after:?}");
    let (rim_after, rim_before) = (masked_mean(&blue, &rim), masked_mean(&image, &rim));
    for c in 0..3 {
        assert!(
            (rim_after[c] - rim_before[c]).abs() < 8.0,
            "the wall around the cup changed: {rim_after:?} vs {rim_before:?}"
        );
    }
    let mut bright = image.clone();
    apply_edit(
        &mut bright,
        &mask,
        EditOp::Brightness { amount: 0.4 },
        0,
        &mut NoProgress,
    )
    .unwrap();
    let mut dark = image.clone();
    apply_edit(
        &mut dark,
        &mask,
        EditOp::Brightness { amount: -0.4 },
        0,
        &mut NoProgress,
    )
    .unwrap();
    let sum = |m: [f64; 3]| m.iter().sum::<f64>();
    assert!(sum(masked_mean(&bright, &mask)) > sum(before) + 30.0);
    assert!(sum(masked_mean(&dark, &mask)) < sum(before) - 30.0);
}

#[test]
fn a_mask_of_another_size_or_an_empty_mask_is_refused() {
    let (_, image, _) = cup_scene(64, 48);
    let wrong = GrayImage::from_pixel(48, 64, Luma([255]));
    let err = edit_image(&png(&image), &gray_png(&wrong), "erase", 0, &mut NoProgress).unwrap_err();
    assert!(matches!(err, EngineError::InvalidInput(_)), "{err:?}");
    let empty = GrayImage::new(64, 48);
    let err = decode_mask(&gray_png(&empty), 64, 48).unwrap_err();
    assert!(matches!(err, EngineError::InvalidInput(_)), "{err:?}");
    let err = edit_image(
        b"not an image",
        &gray_png(&empty),
        "erase",
        0,
        &mut NoProgress,
    )
    .unwrap_err();
    assert!(matches!(err, EngineError::InvalidInput(_)), "{err:?}");
}

#[test]
fn a_mask_over_everything_cannot_be_filled() {
    let image = wall(64, 48);
    let all = GrayImage::from_pixel(64, 48, Luma([255]));
    let mut edited = image.clone();
    let err = apply_edit(&mut edited, &all, EditOp::Remove, 0, &mut NoProgress).unwrap_err();
    assert!(matches!(err, EngineError::InvalidInput(_)), "{err:?}");
}

#[test]
fn cancelling_stops_the_fill() {
    let (_, image, mask) = cup_scene(160, 120);
    let mut edited = image.clone();
    let mut calls = 0;
    let mut cancel_after_two = |_: &str, _: f32| {
        calls += 1;
        if calls > 2 {
            Err(engine::Cancelled)
        } else {
            Ok(())
        }
    };
    let err = apply_edit(&mut edited, &mask, EditOp::Remove, 0, &mut cancel_after_two).unwrap_err();
    assert!(matches!(err, EngineError::Cancelled));
}
