//! The public image API the job handlers call: exact sizes, decodable output, determinism,
//! progress and cancellation, errors.

mod common;

use common::{Backdrop, Item};
use domain::{Quality, Resolution};
use engine::generate::{generate_image, ImageRequest, OutputFormat};
use engine::scene::{self, render_environment};
use engine::{codec, Cancelled, EngineError, NoProgress};

#[test]
fn every_resolution_comes_out_exactly_that_size_and_decodes() {
    for &resolution in Resolution::ALL {
        for format in [OutputFormat::Png, OutputFormat::Jpeg] {
            let req = ImageRequest {
                resolution,
                quality: Quality::Low,
                format,
                ..ImageRequest::new("perfume bottle on marble")
            };
            let out = generate_image(&req, &mut NoProgress).unwrap();
            assert_eq!(
                (out.width, out.height),
                (resolution.width(), resolution.height())
            );
            assert_eq!(out.mime, format.mime());
            let img = codec::decode(&out.bytes, 4096).unwrap();
            assert_eq!(img.dimensions(), (resolution.width(), resolution.height()));
        }
    }
}

#[test]
fn same_seed_same_bytes_other_seed_other_picture() {
    let req = ImageRequest {
        resolution: Resolution::Square,
        quality: Quality::Low,
        seed: 42,
        ..ImageRequest::new("coffee mug on a cozy bed at golden hour")
    };
    let a = generate_image(&req, &mut NoProgress).unwrap();
    let b = generate_image(&req, &mut NoProgress).unwrap();
    assert_eq!(a.bytes, b.bytes);
    let c = generate_image(&ImageRequest { seed: 43, ..req }, &mut NoProgress).unwrap();
    assert_ne!(a.bytes, c.bytes);
}

#[test]
fn progress_rises_to_one_and_cancelling_stops_the_render() {
    let photo = common::photo(Item::Can, Backdrop::Pink, 300, 400, 1);
    let bytes = codec::encode_png(&photo.image).unwrap();
    let photos: [&[u8]; 1] = [&bytes];
    let req = ImageRequest {
        reference_photos: &photos,
        resolution: Resolution::Square,
        quality: Quality::Low,
        ..ImageRequest::new("")
    };
    let mut seen: Vec<(String, f32)> = Vec::new();
    let mut record = |stage: &str, f: f32| -> Result<(), Cancelled> {
        seen.push((stage.to_string(), f));
        Ok(())
    };
    generate_image(&req, &mut record).unwrap();
    assert!(seen.windows(2).all(|w| w[0].1 <= w[1].1), "{seen:?}");
    assert_eq!(seen.last().unwrap().1, 1.0);
    for stage in ["cutout", "scene", "encode"] {
        assert!(
            seen.iter().any(|(s, _)| s == stage),
            "no {stage} stage in {seen:?}"
        );
    }
    let mut cancel = |_: &str, f: f32| if f >= 0.5 { Err(Cancelled) } else { Ok(()) };
    assert!(matches!(
        generate_image(&req, &mut cancel),
        Err(EngineError::Cancelled)
    ));
}

#[test]
fn unreadable_reference_photos_are_invalid_input() {
    let junk: [&[u8]; 1] = [b"definitely not a picture"];
    let req = ImageRequest {
        reference_photos: &junk,
        ..ImageRequest::new("")
    };
    assert!(matches!(
        generate_image(&req, &mut NoProgress),
        Err(EngineError::InvalidInput(_))
    ));
}

#[test]
fn layers_line_up_and_flatten_to_the_generated_picture() {
    let req = ImageRequest {
        resolution: Resolution::Landscape,
        quality: Quality::Low,
        format: OutputFormat::Png,
        ..ImageRequest::new("soda can outdoors")
    };
    let layers = scene::render_layers(&req, &mut NoProgress).unwrap();
    for layer in [&layers.background, &layers.product, &layers.shadow] {
        assert_eq!(layer.dimensions(), (1536, 1024));
    }
    assert!(layers.background.pixels().all(|p| p[3] == 255));
    assert!(layers.product.pixels().any(|p| p[3] == 255));
    assert_eq!(layers.product.get_pixel(0, 0)[3], 0);
    let png = generate_image(&req, &mut NoProgress).unwrap();
    assert_eq!(
        codec::decode(&png.bytes, 4096).unwrap(),
        scene::flatten(&layers)
    );
}

#[test]
fn environment_backdrops_have_the_asked_size_and_differ() {
    use domain::{ColorPalette, Environment, Lighting};
    let a = render_environment(
        Environment::LuxuryMarble,
        ColorPalette::NeutralClean,
        Lighting::SoftEven,
        200,
        120,
        Quality::Low,
        1,
    );
    let b = render_environment(
        Environment::NaturalOutdoor,
        ColorPalette::NeutralClean,
        Lighting::SoftEven,
        200,
        120,
        Quality::Low,
        1,
    );
    assert_eq!(a.dimensions(), (200, 120));
    assert_ne!(a, b);
}

#[test]
fn a_stand_in_product_is_stated_in_the_result() {
    let req = ImageRequest {
        resolution: domain::Resolution::Square,
        quality: domain::Quality::Low,
        ..ImageRequest::new("amber serum bottle on marble")
    };
    let image = engine::generate::generate_image(&req, &mut engine::NoProgress).unwrap();
    let stand_in = image.stand_in.expect("no photo: a mockup stands in");
    assert_eq!(stand_in.kind, engine::prompt::ProductKind::Bottle);
    let message = stand_in.message();
    assert!(
        message.contains("stand-in amber bottle") && message.contains("photo"),
        "{message}"
    );

    let photo = {
        let img = image::RgbaImage::from_fn(120, 160, |x, y| {
            if (40..80).contains(&x) && (30..140).contains(&y) {
                image::Rgba([30, 90, 160, 255])
            } else {
                image::Rgba([245, 245, 243, 255])
            }
        });
        engine::codec::encode_png(&img).unwrap()
    };
    let photos = [photo.as_slice()];
    let with_photo = ImageRequest {
        reference_photos: &photos,
        ..req
    };
    let image = engine::generate::generate_image(&with_photo, &mut engine::NoProgress).unwrap();
    assert!(
        image.stand_in.is_none(),
        "the seller's own product was staged"
    );
}
