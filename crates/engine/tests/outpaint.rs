//! A picture extended to another ratio by an image model: the model is sent the frame with a
//! mask opaque exactly over the picture, paints the margins, and the picture (its product
//! with it) comes back unchanged over the answer. A stand-in model recolours everything it
//! is sent, the picture included; another one fails, and the blurred extension is used.

mod common;

use std::sync::Mutex;

use common::{Backdrop, Item};
use domain::{Quality, Resolution};
use engine::export::{export, export_with, Outpainter, Source, Target};
use engine::generate::{generate_image, ImageRequest, OutputFormat};
use engine::{codec, NoProgress};
use image::RgbaImage;

/// Answers with what it was sent, recoloured everywhere; keeps what it was sent.
#[derive(Default)]
struct Recolouring {
    sent: Mutex<Vec<(RgbaImage, RgbaImage)>>,
}

impl Outpainter for Recolouring {
    fn paint(&self, canvas_png: &[u8], mask_png: &[u8]) -> Result<Vec<u8>, String> {
        let canvas = codec::decode(canvas_png, 8192).unwrap();
        let mask = codec::decode(mask_png, 8192).unwrap();
        let answer = RgbaImage::from_fn(canvas.width(), canvas.height(), |x, y| {
            let p = canvas.get_pixel(x, y);
            image::Rgba([255 - p[0], p[2], p[1], 255])
        });
        self.sent.lock().unwrap().push((canvas, mask));
        Ok(codec::encode_png(&answer).unwrap())
    }

    fn name(&self) -> &str {
        "gpt-image-1"
    }
}

struct Failing;

impl Outpainter for Failing {
    fn paint(&self, _: &[u8], _: &[u8]) -> Result<Vec<u8>, String> {
        Err("the provider is down".into())
    }

    fn name(&self) -> &str {
        "gpt-image-1"
    }
}

/// A portrait scene with a product (1024×1536), as a hosted model's picture would be.
fn portrait() -> Vec<u8> {
    let photo = common::photo(Item::Box, Backdrop::Grey, 1024, 1024, 3);
    let photo = codec::encode_png(&photo.image).unwrap();
    let photos = [photo.as_slice()];
    generate_image(
        &ImageRequest {
            reference_photos: &photos,
            resolution: Resolution::Portrait,
            quality: Quality::Low,
            seed: 2,
            format: OutputFormat::Png,
            ..ImageRequest::new("gift box on a marble counter")
        },
        &mut NoProgress,
    )
    .unwrap()
    .bytes
}

fn mean_diff(a: &RgbaImage, b: &RgbaImage, x0: u32, x1: u32) -> f64 {
    let (mut diff, mut n) = (0f64, 0u64);
    for y in 0..a.height() {
        for x in x0..x1 {
            let (p, q) = (a.get_pixel(x, y), b.get_pixel(x, y));
            diff += (0..3)
                .map(|c| (p[c] as f64 - q[c] as f64).abs())
                .sum::<f64>()
                / 3.0;
            n += 1;
        }
    }
    diff / n as f64
}

#[test]
fn the_model_paints_the_margins_and_the_picture_stays() {
    let picture = portrait();
    let model = Recolouring::default();
    let targets = [Target::AmazonLifestyle];
    let painted = export_with(
        &Source::Picture(&picture),
        &targets,
        Some(&model),
        &mut NoProgress,
    )
    .unwrap();
    let blurred = export(&Source::Picture(&picture), &targets, &mut NoProgress).unwrap();

    // One request: the 2000×2000 frame at the model's 1536×1536, the mask opaque exactly
    // over the picture (1024×1536 scaled to the frame's height: 1333×2000 from x = 333).
    let sent = model.sent.lock().unwrap();
    assert_eq!(sent.len(), 1);
    let (canvas, mask) = &sent[0];
    assert_eq!(canvas.dimensions(), (1536, 1536));
    assert_eq!(mask.dimensions(), (1536, 1536));
    let k = 1536.0 / 2000.0;
    let (x0, x1) = ((333.0 * k) as f32, ((333.0 + 1333.0) * k) as f32);
    let mut wrong = 0;
    for (x, _, p) in mask.enumerate_pixels() {
        assert!(p[3] == 0 || p[3] == 255, "transparent or opaque only");
        let centre = x as f32 + 0.5;
        let inside = centre > x0 && centre < x1;
        if (p[3] == 255) != inside && (centre - x0).abs() > 1.0 && (centre - x1).abs() > 1.0 {
            wrong += 1;
        }
    }
    assert_eq!(wrong, 0, "the mask is opaque exactly over the picture");

    // The picture (and its product) is the same pixels as the blurred extension's; the
    // margins are the model's recolouring, not the blur.
    let decode = |bytes: &[u8]| codec::decode(bytes, 4096).unwrap();
    let (a, b) = (decode(&painted[0].bytes), decode(&blurred[0].bytes));
    assert!(mean_diff(&a, &b, 333 + 60, 333 + 1333 - 60) <= 1.0);
    let answer_margin = mean_diff(&a, &b, 0, 300);
    assert!(
        answer_margin > 15.0,
        "the margin is the model's: {answer_margin}"
    );
    let said = painted[0]
        .checks
        .iter()
        .find(|c| c.rule == "extension")
        .unwrap();
    assert!(
        said.detail.contains("painted by gpt-image-1"),
        "{}",
        said.detail
    );
    let said = blurred[0]
        .checks
        .iter()
        .find(|c| c.rule == "extension")
        .unwrap();
    assert!(said.detail.contains("blurred"), "{}", said.detail);
}

#[test]
fn a_failing_model_leaves_the_blurred_extension_and_says_so() {
    let picture = portrait();
    let targets = [Target::Etsy];
    let files = export_with(
        &Source::Picture(&picture),
        &targets,
        Some(&Failing),
        &mut NoProgress,
    )
    .unwrap();
    let blurred = export(&Source::Picture(&picture), &targets, &mut NoProgress).unwrap();
    assert_eq!(files[0].bytes, blurred[0].bytes);
    let said = files[0]
        .checks
        .iter()
        .find(|c| c.rule == "extension")
        .unwrap();
    assert!(said.ok);
    assert!(said.detail.contains("could not paint"), "{}", said.detail);
}

#[test]
fn a_picture_of_the_frames_ratio_is_not_extended() {
    let picture = portrait();
    let model = Recolouring::default();
    // Pinterest is 2:3, the picture's own ratio: nothing to paint.
    let files = export_with(
        &Source::Picture(&picture),
        &[Target::Pinterest],
        Some(&model),
        &mut NoProgress,
    )
    .unwrap();
    assert!(model.sent.lock().unwrap().is_empty());
    assert!(files[0].checks.iter().all(|c| c.rule != "extension"));
}
