//! Exports read back with the `image` crate's own decoder and held to each target's rules:
//! exact sizes, pure white around the packshot, the product's fill and centring, alpha 0
//! around the cutout, the story's safe area, and the whole source kept when a picture is
//! extended rather than re-rendered. `EXPORT_SHEET=/tmp/dir` also writes every file and a
//! contact sheet there, to look at.

mod common;

use common::{Backdrop, Item};
use domain::{Quality, Resolution};
use engine::export::{export, ExportFile, Source, Target, STORY_UNSAFE_BAND};
use engine::generate::{generate_image, ImageRequest, OutputFormat};
use engine::{codec, NoProgress};
use image::{ImageFormat, RgbaImage};

fn photo_bytes(item: Item) -> Vec<u8> {
    let photo = common::photo(item, Backdrop::Grey, 1024, 1024, 3);
    codec::encode_png(&photo.image).unwrap()
}

fn decode(file: &ExportFile) -> RgbaImage {
    let format = if file.target.is_png() {
        ImageFormat::Png
    } else {
        ImageFormat::Jpeg
    };
    assert_eq!(image::guess_format(&file.bytes).unwrap(), format);
    image::load_from_memory_with_format(&file.bytes, format)
        .unwrap()
        .into_rgba8()
}

/// Box (x0, y0, x1, y1) of the pixels `inside` accepts.
fn bbox(img: &RgbaImage, inside: impl Fn(&image::Rgba<u8>) -> bool) -> [u32; 4] {
    let mut b = [u32::MAX, u32::MAX, 0, 0];
    for (x, y, p) in img.enumerate_pixels() {
        if inside(p) {
            b = [b[0].min(x), b[1].min(y), b[2].max(x + 1), b[3].max(y + 1)];
        }
    }
    assert!(b[2] > b[0], "nothing found");
    b
}

fn assert_packshot(img: &RgbaImage) {
    assert_eq!(img.dimensions(), (2000, 2000));
    let [x0, y0, x1, y1] = bbox(img, |p| p[0].min(p[1]).min(p[2]) < 250);
    // Pure white everywhere two JPEG blocks away from the product.
    for (x, y, p) in img.enumerate_pixels() {
        let near = x + 16 >= x0 && x < x1 + 16 && y + 16 >= y0 && y < y1 + 16;
        if !near {
            assert_eq!((p[0], p[1], p[2]), (255, 255, 255), "at {x},{y}");
        }
    }
    let fill = (x1 - x0).max(y1 - y0) as f32 / 2000.0;
    assert!((0.85..=0.95).contains(&fill), "fill {fill}");
    let (cx, cy) = ((x0 + x1) as f32 / 2.0, (y0 + y1) as f32 / 2.0);
    assert!(
        (cx - 1000.0).abs() <= 20.0 && (cy - 1000.0).abs() <= 20.0,
        "centre {cx},{cy}"
    );
}

fn assert_cutout(img: &RgbaImage) {
    let (w, h) = img.dimensions();
    for (x, y, p) in img.enumerate_pixels() {
        if x == 0 || y == 0 || x == w - 1 || y == h - 1 {
            assert_eq!(p[3], 0, "border at {x},{y}");
        }
    }
    let [x0, y0, x1, y1] = bbox(img, |p| p[3] > 0);
    let margins = [x0, y0, w - x1, h - y1];
    let longer = w.max(h);
    for m in margins {
        assert!(m >= 1 && m * 10 <= longer, "margins {margins:?} of {w}x{h}");
    }
    // The background is transparent, not merely light: most of the frame outside the
    // product's outline has alpha 0 and the product itself is opaque.
    assert!(img.pixels().filter(|p| p[3] == 255).count() > (w * h / 5) as usize);
}

fn look(files: &[ExportFile], name: &str) {
    let Ok(dir) = std::env::var("EXPORT_SHEET") else {
        return;
    };
    let dir = std::path::Path::new(&dir);
    std::fs::create_dir_all(dir).unwrap();
    let cell = 360u32;
    let mut sheet = RgbaImage::from_pixel(cell * 5, cell * 2, image::Rgba([90, 90, 90, 255]));
    for (i, f) in files.iter().enumerate() {
        std::fs::write(
            dir.join(format!(
                "{name}-{}.{}",
                f.target.as_str(),
                f.target.extension()
            )),
            &f.bytes,
        )
        .unwrap();
        let img = decode(f);
        let k = (cell - 10) as f32 / img.width().max(img.height()) as f32;
        let (w, h) = (
            (img.width() as f32 * k) as u32,
            (img.height() as f32 * k) as u32,
        );
        let small = image::imageops::resize(&img, w, h, image::imageops::FilterType::Triangle);
        let (cx, cy) = ((i as u32 % 5) * cell, (i as u32 / 5) * cell);
        image::imageops::overlay(
            &mut sheet,
            &small,
            (cx + (cell - w) / 2) as i64,
            (cy + (cell - h) / 2) as i64,
        );
    }
    sheet.save(dir.join(format!("{name}-sheet.png"))).unwrap();
}

fn check_all(files: &[ExportFile]) {
    assert_eq!(files.len(), Target::PICTURES.len());
    for (file, target) in files.iter().zip(Target::PICTURES) {
        assert_eq!(file.target, *target, "files come in the order asked");
        let img = decode(file);
        if let Some(size) = target.size() {
            assert_eq!(img.dimensions(), size, "{target:?}");
        }
        assert_eq!((file.width, file.height), img.dimensions());
        if let Some(max) = target.max_bytes() {
            assert!((file.bytes.len() as u64) < max);
        }
        // Every rule of the file holds; `source_resolution` judges the seller's photo (these
        // are small), and is held to its own test below.
        for c in file.checks.iter().filter(|c| c.rule != "source_resolution") {
            assert!(c.ok, "{target:?}: {} failed: {}", c.rule, c.detail);
        }
        match target {
            Target::AmazonMain => assert_packshot(&img),
            Target::TransparentPng => assert_cutout(&img),
            Target::InstagramStory => {
                let at = file
                    .placement
                    .expect("the story knows where the product is");
                assert!(at.y >= STORY_UNSAFE_BAND as i32, "{at:?}");
                assert!(at.bottom() <= (1920 - STORY_UNSAFE_BAND) as i32, "{at:?}");
                assert!(file.checks.iter().any(|c| c.rule == "safe_area" && c.ok));
            }
            _ => {
                // A scene, not a packshot: its frame is not blank white.
                let white = img
                    .pixels()
                    .filter(|p| p[0] == 255 && p[1] == 255 && p[2] == 255)
                    .count();
                assert!(
                    white * 2 < (img.width() * img.height()) as usize,
                    "{target:?}"
                );
            }
        }
    }
    let main = &files[0];
    for rule in [
        "white_background",
        "product_fill",
        "centred",
        "product_whole",
    ] {
        assert!(main.checks.iter().any(|c| c.rule == rule), "{rule} checked");
    }
}

#[test]
fn an_engine_image_becomes_all_nine_files_each_keeping_its_rules() {
    let photo = photo_bytes(Item::AmberBottle);
    let photos = [photo.as_slice()];
    let req = ImageRequest {
        reference_photos: &photos,
        resolution: Resolution::Portrait,
        quality: Quality::Medium,
        seed: 11,
        format: OutputFormat::Jpeg,
        ..ImageRequest::new("serum bottle on marble, close-up")
    };
    let files = export(&Source::Engine(req), Target::PICTURES, &mut NoProgress).unwrap();
    check_all(&files);
    look(&files, "engine");
    // Same request, same files.
    let again = export(
        &Source::Engine(req),
        &[Target::InstagramFeed],
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!(again[0].bytes, files[4].bytes);
}

#[test]
fn a_stand_in_scene_exports_its_drawn_product() {
    let req = ImageRequest {
        resolution: Resolution::Square,
        quality: Quality::Low,
        seed: 5,
        ..ImageRequest::new("a blue can on a beach")
    };
    let files = export(&Source::Engine(req), Target::PICTURES, &mut NoProgress).unwrap();
    check_all(&files);
}

#[test]
fn another_picture_is_kept_whole_with_its_background_extended() {
    // A picture the engine cannot re-render (as a hosted model's would be): a portrait
    // scene, exported square and as a story.
    let photo = photo_bytes(Item::Box);
    let photos = [photo.as_slice()];
    let made = generate_image(
        &ImageRequest {
            reference_photos: &photos,
            resolution: Resolution::Portrait,
            quality: Quality::Low,
            seed: 2,
            format: OutputFormat::Jpeg,
            ..ImageRequest::new("gift box in a cozy living room")
        },
        &mut NoProgress,
    )
    .unwrap();
    let files = export(
        &Source::Picture(&made.bytes),
        Target::PICTURES,
        &mut NoProgress,
    )
    .unwrap();
    check_all(&files);
    look(&files, "picture");

    // Nothing of the source is cropped: the square holds the whole portrait picture,
    // scaled to the square's height and centred.
    let source = codec::decode(&made.bytes, 4096).unwrap();
    let square = decode(&files[1]);
    let (w, h) = ((1024.0 * 2000.0 / 1536.0) as u32, 2000);
    let x0 = (2000 - w) / 2;
    let inner = image::imageops::crop_imm(&square, x0 + 60, 0, w - 120, h).to_image();
    let expect = image::imageops::resize(&source, w, h, image::imageops::FilterType::Triangle);
    let expect = image::imageops::crop_imm(&expect, 60, 0, w - 120, h).to_image();
    let diff: f64 = inner
        .pixels()
        .zip(expect.pixels())
        .map(|(a, b)| {
            (0..3)
                .map(|c| (a[c] as f64 - b[c] as f64).abs())
                .sum::<f64>()
        })
        .sum::<f64>()
        / (inner.width() * inner.height() * 3) as f64;
    assert!(diff < 6.0, "mean difference {diff}");
}

#[test]
fn a_picture_with_its_product_photo_has_a_packshot_of_the_photo_alone() {
    // A scene whose product shares the frame with a room (a hosted model's or an edited
    // picture would too): the packshot and the cutout come from the product photo.
    let photo = common::photo(Item::Box, Backdrop::Grey, 1024, 1024, 3);
    let photo_png = codec::encode_png(&photo.image).unwrap();
    let photos = [photo_png.as_slice()];
    let made = generate_image(
        &ImageRequest {
            reference_photos: &photos,
            resolution: Resolution::Portrait,
            quality: Quality::Low,
            seed: 4,
            format: OutputFormat::Jpeg,
            ..ImageRequest::new("gift box in a cozy living room with plants")
        },
        &mut NoProgress,
    )
    .unwrap();
    let source = Source::PictureOf {
        picture: &made.bytes,
        product_photo: &photo_png,
    };
    let files = export(&source, Target::PICTURES, &mut NoProgress).unwrap();
    check_all(&files);
    look(&files, "picture-of-photo");
    let main = files
        .iter()
        .find(|f| f.target == Target::AmazonMain)
        .unwrap();
    let packshot = decode(main);
    assert_packshot(&packshot);
    // The product on white has the photo's product's proportions: nothing of the room
    // came with it.
    let (w, _) = photo.image.dimensions();
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (i, m) in photo.mask.iter().enumerate() {
        if *m >= 128 {
            let (x, y) = (i as u32 % w, i as u32 / w);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x + 1), y1.max(y + 1));
        }
    }
    let photo_ratio = (x1 - x0) as f32 / (y1 - y0) as f32;
    let [a0, b0, a1, b1] = bbox(&packshot, |p| p[0].min(p[1]).min(p[2]) < 250);
    let ratio = (a1 - a0) as f32 / (b1 - b0) as f32;
    assert!(
        (ratio - photo_ratio).abs() <= photo_ratio * 0.04,
        "packshot {ratio}, photo {photo_ratio}"
    );
}

#[test]
fn an_extension_continues_the_pictures_edges_never_its_product() {
    // A landscape picture on a pale gradient with a tall red product in the middle, made a
    // story: the picture fills rows 600–1320, the bands above and below are extended.
    let picture = RgbaImage::from_fn(1200, 800, |x, y| {
        let (fx, fy) = (x as f32 / 1200.0, y as f32 / 800.0);
        if (0.4..0.6).contains(&fx) && (0.22..0.78).contains(&fy) {
            image::Rgba([200, 40, 50, 255])
        } else {
            image::Rgba([
                (170.0 + 60.0 * fx) as u8,
                (180.0 + 50.0 * fy) as u8,
                200,
                255,
            ])
        }
    });
    let (story, _) = engine::export::compose::extend(&picture, None, 1080, 1920, false);
    // The bands continue the backdrop's colours (never redder than its own 40 levels); no
    // blurred ghost of the product reaches them.
    for y in (0..520).chain(1400..1920) {
        for x in 0..1080 {
            let p = story.get_pixel(x, y);
            let red = p[0] as i32 - (p[1] as i32 + p[2] as i32) / 2;
            assert!(red < 60, "({x}, {y}) is red: {p:?}");
        }
    }
}

#[test]
fn a_product_enlarged_more_than_twice_fails_source_resolution_naming_the_photo_it_needs() {
    let photo = common::photo(Item::Box, Backdrop::Grey, 600, 400, 3);
    let photo_png = codec::encode_png(&photo.image).unwrap();
    let photos = [photo_png.as_slice()];
    let req = ImageRequest {
        reference_photos: &photos,
        resolution: Resolution::Square,
        quality: Quality::Low,
        seed: 5,
        ..ImageRequest::new("gift box on a marble counter")
    };
    let files = export(
        &Source::Engine(req),
        &[
            Target::AmazonMain,
            Target::TransparentPng,
            Target::FacebookFeed,
        ],
        &mut NoProgress,
    )
    .unwrap();
    let rule = |target: Target| {
        files
            .iter()
            .find(|f| f.target == target)
            .and_then(|f| f.checks.iter().find(|c| c.rule == "source_resolution"))
            .unwrap_or_else(|| panic!("{target:?} has no source_resolution check"))
            .clone()
    };
    // The packshot's product is 90 % of 2000 px: from a product a few hundred pixels long,
    // that is several times its pixels.
    let main = rule(Target::AmazonMain);
    assert!(!main.ok, "{}", main.detail);
    let factor: f32 = main
        .detail
        .strip_prefix("the product is enlarged ")
        .and_then(|rest| rest.split('×').next())
        .and_then(|f| f.parse().ok())
        .unwrap_or_else(|| panic!("{}", main.detail));
    assert!(factor > 2.0, "{}", main.detail);
    assert!(
        main.detail
            .contains("; a photo at least 900 px on the product's long side is needed"),
        "{}",
        main.detail
    );
    // The cutout keeps the photo's own pixels.
    let cutout = rule(Target::TransparentPng);
    assert!(cutout.ok, "{}", cutout.detail);
    assert!(
        cutout.detail.starts_with("the product is shown at 1.0×"),
        "{}",
        cutout.detail
    );
    // A feed post's product is judged where the scene placed it.
    let feed = rule(Target::FacebookFeed);
    assert!(feed.detail.contains('×'), "{}", feed.detail);
}
