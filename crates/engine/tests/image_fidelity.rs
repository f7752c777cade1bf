//! The product's pixels are never redrawn: inside the matte, the generated image equals the
//! reference photo's product scaled once.

mod common;

use common::{Backdrop, Item};
use domain::{Composition, Quality, Resolution};
use engine::generate::ImageRequest;
use engine::scene::{self, SceneSpec};
use engine::{codec, cutout, NoProgress};

#[test]
fn opaque_product_pixels_are_the_photo_scaled_once() {
    let photo = common::photo(Item::Bottle, Backdrop::White, 500, 700, 4);
    let bytes = codec::encode_png(&photo.image).unwrap();
    let photos: [&[u8]; 1] = [&bytes];
    let cut = cutout::cut_out(&codec::decode(&bytes, 4096).unwrap(), &mut NoProgress).unwrap();

    // The cutout itself carries the photo's own pixels wherever it is opaque.
    let (rx, ry, _, _) = cut.rect;
    let mut opaque_in_cutout = 0;
    for (x, y, p) in cut.image.enumerate_pixels() {
        if p[3] == 255 {
            assert_eq!(
                p.0[..3],
                photo.image.get_pixel(x + rx, y + ry).0[..3],
                "cutout pixel {x},{y}"
            );
            opaque_in_cutout += 1;
        }
    }
    assert!(opaque_in_cutout > 10_000);

    for composition in Composition::ALL {
        for quality in [Quality::Low, Quality::High] {
            let req = ImageRequest {
                reference_photos: &photos,
                composition: Some(*composition),
                resolution: Resolution::Square,
                quality,
                seed: 9,
                // Glossy marble: a reflection and shadows right under the product.
                ..ImageRequest::new("on marble at golden hour")
            };
            let flat = scene::flatten(&scene::render_layers(&req, &mut NoProgress).unwrap());
            let (spec, _) = SceneSpec::from_request(&req);
            let rect = scene::plan(&spec, cut.image.width(), cut.image.height())
                .layout
                .product;
            let expected = cutout::scale(&cut.image, rect.width, rect.height);
            let mut checked = 0;
            for (x, y, e) in expected.enumerate_pixels() {
                if e[3] == 255 {
                    let got = flat.get_pixel(x + rect.x as u32, y + rect.y as u32);
                    assert_eq!(
                        got.0[..3],
                        e.0[..3],
                        "{composition:?} {quality:?} at {x},{y}"
                    );
                    checked += 1;
                }
            }
            assert!(
                checked > 5_000,
                "{composition:?}: only {checked} opaque pixels"
            );
        }
    }
}

#[test]
fn the_single_scaling_is_a_high_quality_resample() {
    // Compared with an independent Lanczos3 resize, interior pixels agree closely.
    let photo = common::photo(Item::Box, Backdrop::Grey, 600, 600, 2);
    let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
    let (w, h) = (cut.image.width() * 2 / 5, cut.image.height() * 2 / 5);
    let ours = cutout::scale(&cut.image, w, h);
    let reference =
        image::imageops::resize(&cut.image, w, h, image::imageops::FilterType::Lanczos3);
    let (mut diff, mut n) = (0u64, 0u64);
    for (x, y, p) in ours.enumerate_pixels() {
        let inner = x > 3 && y > 3 && x + 4 < w && y + 4 < h;
        if inner && p[3] == 255 && reference.get_pixel(x, y)[3] == 255 {
            for c in 0..3 {
                diff += (p[c] as i64 - reference.get_pixel(x, y)[c] as i64).unsigned_abs();
            }
            n += 3;
        }
    }
    assert!(n > 1000);
    assert!(
        (diff as f64 / n as f64) < 1.5,
        "mean difference {}",
        diff as f64 / n as f64
    );
}
