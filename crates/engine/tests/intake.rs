//! Intake of uploaded product photos: formats by content, limits before decoding, upright
//! copies without metadata, thumbnails.

use std::io::Cursor;

use engine::intake::{
    prepare_reference_image, sniff, thumbnail_of, ImageKind, IntakeError, MAX_UPLOAD_BYTES,
};
use image::{ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};

fn encode(image: &RgbImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, format).unwrap();
    out.into_inner()
}

fn photo(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x * 255 / width) as u8, (y * 255 / height) as u8, 90])
    })
}

/// Inserts an APP1 Exif segment with the given orientation (and a fake GPS tag) after SOI.
fn with_exif_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    tiff.extend_from_slice(&2u16.to_be_bytes());
    tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1]);
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0]);
    // GPSInfo pointer (0x8825) to nowhere useful: only its presence matters here.
    tiff.extend_from_slice(&[0x88, 0x25, 0x00, 0x04, 0, 0, 0, 1, 0, 0, 0, 0]);
    tiff.extend_from_slice(&0u32.to_be_bytes());
    let mut app1 = b"Exif\0\0".to_vec();
    app1.extend_from_slice(&tiff);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&((app1.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&jpeg[2..]);
    out
}

#[test]
fn every_refusal_has_the_products_message() {
    assert_eq!(
        IntakeError::UnsupportedType.to_string(),
        "Please upload a valid image file (JPEG, PNG, WebP, or GIF)."
    );
    assert_eq!(
        IntakeError::TooLarge.to_string(),
        "Image size must be less than 15MB."
    );
    assert_eq!(
        IntakeError::DimensionsTooLarge.to_string(),
        "Image dimensions too large. Max 4096x4096 pixels."
    );
    assert_eq!(
        IntakeError::Corrupted.to_string(),
        "Invalid or corrupted image file"
    );
}

#[test]
fn each_format_is_accepted_and_thumbnailed() {
    let source = photo(640, 400);
    for (format, kind) in [
        (ImageFormat::Jpeg, ImageKind::Jpeg),
        (ImageFormat::Png, ImageKind::Png),
        (ImageFormat::Gif, ImageKind::Gif),
    ] {
        let prepared = prepare_reference_image(&encode(&source, format)).unwrap();
        assert_eq!(prepared.source_kind, kind);
        assert_eq!((prepared.width, prepared.height), (640, 400));
        let stored = image::load_from_memory(&prepared.bytes).unwrap();
        assert_eq!((stored.width(), stored.height()), (640, 400));
        let thumb = image::load_from_memory(&prepared.thumbnail).unwrap();
        assert_eq!((thumb.width(), thumb.height()), (256, 160));
        assert_eq!(
            (prepared.thumbnail_width, prepared.thumbnail_height),
            (256, 160)
        );
        assert_eq!(prepared.thumbnail_mime, "image/jpeg");
    }
    let mut webp = Cursor::new(Vec::new());
    image::DynamicImage::ImageRgb8(source)
        .to_rgba8()
        .write_to(&mut webp, ImageFormat::WebP)
        .unwrap();
    let prepared = prepare_reference_image(webp.get_ref()).unwrap();
    assert_eq!(
        (prepared.source_kind, prepared.mime),
        (ImageKind::Webp, "image/png")
    );
}

#[test]
fn small_images_are_not_upscaled_and_transparency_keeps_a_png_thumbnail() {
    let image = RgbaImage::from_fn(100, 50, |x, _| {
        Rgba([10, 20, 30, if x < 50 { 255 } else { 0 }])
    });
    let mut png = Cursor::new(Vec::new());
    image.write_to(&mut png, ImageFormat::Png).unwrap();
    let prepared = prepare_reference_image(png.get_ref()).unwrap();
    assert_eq!(
        (prepared.thumbnail_width, prepared.thumbnail_height),
        (100, 50)
    );
    assert_eq!(prepared.thumbnail_mime, "image/png");
    let stored = image::load_from_memory(&prepared.bytes).unwrap().to_rgba8();
    assert_eq!(stored.get_pixel(75, 10)[3], 0, "transparency survives");
    let (thumb, mime, w, h) = thumbnail_of(&prepared.bytes).unwrap();
    assert_eq!((mime, w, h), ("image/png", 100, 50));
    assert!(image::load_from_memory(&thumb).is_ok());
}

#[test]
fn exif_orientation_is_applied_and_metadata_stripped() {
    let source = photo(300, 200);
    let jpeg = encode(&source, ImageFormat::Jpeg);
    let rotated = prepare_reference_image(&with_exif_orientation(&jpeg, 6)).unwrap();
    assert_eq!((rotated.width, rotated.height), (200, 300));
    let stored = image::load_from_memory(&rotated.bytes).unwrap().to_rgb8();
    assert_eq!(stored.dimensions(), (200, 300));
    // Rotated 90° clockwise: the source's top-left (dark red-green) is now at the top-right.
    let top_right = stored.get_pixel(199, 0);
    assert!(top_right[0] < 40 && top_right[1] < 40, "{top_right:?}");
    assert!(!rotated.bytes.windows(4).any(|w| w == b"Exif"));

    // Upright photos keep their scan data byte for byte; only the metadata goes.
    let upright = prepare_reference_image(&with_exif_orientation(&jpeg, 1)).unwrap();
    assert!(!upright.bytes.windows(4).any(|w| w == b"Exif"));
    assert_eq!(
        upright.bytes.len(),
        jpeg.len(),
        "the plain JPEG had no metadata to drop"
    );
    assert_eq!(upright.bytes, jpeg);
}

#[test]
fn limits_are_inclusive() {
    let square = RgbImage::from_pixel(4096, 4096, Rgb([240, 240, 240]));
    assert!(prepare_reference_image(&encode(&square, ImageFormat::Png)).is_ok());
    let wide = RgbImage::from_pixel(4097, 10, Rgb([240, 240, 240]));
    assert_eq!(
        prepare_reference_image(&encode(&wide, ImageFormat::Png)).unwrap_err(),
        IntakeError::DimensionsTooLarge
    );

    let mut padded = encode(&photo(64, 64), ImageFormat::Jpeg);
    padded.resize(MAX_UPLOAD_BYTES + 1, 0);
    assert_eq!(
        prepare_reference_image(&padded).unwrap_err(),
        IntakeError::TooLarge
    );
    padded.truncate(MAX_UPLOAD_BYTES);
    // At the limit the size passes; the zero padding then makes it a polyglot-like file.
    assert_eq!(
        prepare_reference_image(&padded).unwrap_err(),
        IntakeError::Corrupted
    );
}

#[test]
fn hostile_files_are_refused() {
    let jpeg = encode(&photo(200, 100), ImageFormat::Jpeg);
    let png = encode(&photo(200, 100), ImageFormat::Png);
    let cases: Vec<(&str, Vec<u8>, IntakeError)> = vec![
        ("empty", vec![], IntakeError::UnsupportedType),
        (
            "svg",
            b"<svg xmlns='http://www.w3.org/2000/svg'/>".to_vec(),
            IntakeError::UnsupportedType,
        ),
        (
            "html",
            b"<!doctype html><p>hi".to_vec(),
            IntakeError::UnsupportedType,
        ),
        (
            "pdf",
            b"%PDF-1.7\n%%EOF".to_vec(),
            IntakeError::UnsupportedType,
        ),
        (
            "truncated jpeg",
            jpeg[..jpeg.len() - 200].to_vec(),
            IntakeError::Corrupted,
        ),
        (
            "truncated png",
            png[..png.len() / 2].to_vec(),
            IntakeError::Corrupted,
        ),
        (
            "jpeg + zip",
            [jpeg.clone(), b"PK\x03\x04".to_vec(), vec![7; 100]].concat(),
            IntakeError::Corrupted,
        ),
        (
            "png + junk",
            [png.clone(), vec![1; 100]].concat(),
            IntakeError::Corrupted,
        ),
        (
            "magic only",
            vec![0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10],
            IntakeError::Corrupted,
        ),
    ];
    for (name, bytes, expected) in cases {
        assert_eq!(
            prepare_reference_image(&bytes).unwrap_err(),
            expected,
            "{name}"
        );
    }
    // A phone's extra images after the primary JPEG are tolerated and dropped.
    let with_gain_map = [jpeg.clone(), jpeg.clone()].concat();
    let prepared = prepare_reference_image(&with_gain_map).unwrap();
    assert_eq!(prepared.bytes, jpeg);
}

#[test]
fn a_png_that_lies_about_its_size_is_refused_before_decoding() {
    let mut png = encode(&photo(8, 8), ImageFormat::Png);
    png[16..20].copy_from_slice(&60000u32.to_be_bytes());
    png[20..24].copy_from_slice(&60000u32.to_be_bytes());
    let crc = crc32(&png[12..29]);
    png[29..33].copy_from_slice(&crc.to_be_bytes());
    assert_eq!(
        prepare_reference_image(&png).unwrap_err(),
        IntakeError::DimensionsTooLarge
    );
}

#[test]
fn gif_bombs_are_bounded() {
    // A huge logical screen.
    let mut screen = b"GIF89a".to_vec();
    screen.extend_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0, 0]);
    screen.extend_from_slice(&[
        0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]);
    assert_eq!(
        prepare_reference_image(&screen).unwrap_err(),
        IntakeError::DimensionsTooLarge
    );

    // Fifty thousand frames: the walk is linear and only the first frame is decoded.
    let mut many = b"GIF89a".to_vec();
    many.extend_from_slice(&[1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
    for _ in 0..50_000 {
        many.extend_from_slice(&[
            0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00,
        ]);
    }
    many.push(0x3B);
    let prepared = prepare_reference_image(&many).unwrap();
    assert_eq!((prepared.width, prepared.height), (1, 1));

    // A frame larger than its screen.
    let mut frame = b"GIF89a".to_vec();
    frame.extend_from_slice(&[4, 0, 4, 0, 0x00, 0, 0]);
    frame.extend_from_slice(&[
        0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]);
    assert_eq!(
        prepare_reference_image(&frame).unwrap_err(),
        IntakeError::DimensionsTooLarge
    );
}

#[test]
fn sniffing_needs_only_the_first_bytes() {
    assert_eq!(
        sniff(&encode(&photo(4, 4), ImageFormat::Png)[..16]),
        Some(ImageKind::Png)
    );
    assert_eq!(sniff(b"PK\x03\x04"), None);
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}
