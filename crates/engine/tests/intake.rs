//! Intake of uploaded product photos: formats by content, limits before decoding, polyglots
//! and bombs refused, upright copies without metadata, thumbnails. Every file is built here.

use std::io::Cursor;

use engine::intake::{
    prepare_reference_image, sniff, thumbnail_of, ImageKind, IntakeError, PreparedImage,
    MAX_UPLOAD_BYTES, THUMBNAIL_SIZE,
};
use image::metadata::Orientation;
use image::{DynamicImage, GenericImageView, ImageFormat, Rgb, RgbImage, Rgba, RgbaImage};
use jpeg_encoder::{ColorType, SamplingFactor};

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

/// Four flat quadrants: red, green / blue, white. Survives JPEG and shows every flip.
fn quadrants(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        match (x < width / 2, y < height / 2) {
            (true, true) => Rgb([220, 40, 40]),
            (false, true) => Rgb([40, 200, 40]),
            (true, false) => Rgb([40, 40, 220]),
            (false, false) => Rgb([240, 240, 240]),
        }
    })
}

fn jpeg_of(data: &[u8], width: u16, height: u16, color: ColorType, progressive: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, 90);
    encoder.set_sampling_factor(SamplingFactor::F_2_2);
    encoder.set_progressive(progressive);
    encoder.encode(data, width, height, color).unwrap();
    out
}

/// `jpeg` with `segment` (marker and payload) inserted right after SOI.
fn with_segment(jpeg: &[u8], marker: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, marker]);
    out.extend_from_slice(&((payload.len() + 2) as u16).to_be_bytes());
    out.extend_from_slice(payload);
    out.extend_from_slice(&jpeg[2..]);
    out
}

/// A big-endian Exif block with the given orientation and a GPS IFD holding a latitude.
fn exif(orientation: u16) -> Vec<u8> {
    let mut tiff = b"MM\0\x2a\0\0\0\x08".to_vec();
    // IFD0 at 8: Orientation, GPSInfo → 38.
    tiff.extend_from_slice(&2u16.to_be_bytes());
    tiff.extend_from_slice(&[0x01, 0x12, 0x00, 0x03, 0, 0, 0, 1]);
    tiff.extend_from_slice(&orientation.to_be_bytes());
    tiff.extend_from_slice(&[0, 0]);
    tiff.extend_from_slice(&[0x88, 0x25, 0x00, 0x04, 0, 0, 0, 1, 0, 0, 0, 38]);
    tiff.extend_from_slice(&0u32.to_be_bytes());
    // GPS IFD at 38: GPSLatitudeRef "N".
    tiff.extend_from_slice(&1u16.to_be_bytes());
    tiff.extend_from_slice(&[0x00, 0x01, 0x00, 0x02, 0, 0, 0, 2, b'N', 0, 0, 0]);
    tiff.extend_from_slice(&0u32.to_be_bytes());
    tiff
}

fn with_exif_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    with_segment(
        jpeg,
        0xE1,
        &[b"Exif\0\0".as_slice(), &exif(orientation)].concat(),
    )
}

/// The markers of a JPEG's segments before its first scan.
fn header_markers(jpeg: &[u8]) -> Vec<u8> {
    let mut markers = Vec::new();
    let mut at = 2;
    while jpeg[at + 1] != 0xDA {
        markers.push(jpeg[at + 1]);
        at += 2 + usize::from(u16::from_be_bytes([jpeg[at + 2], jpeg[at + 3]]));
    }
    markers
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(kind);
    chunk.extend_from_slice(data);
    let crc = crc32(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());
    chunk
}

/// `png` with `chunks` inserted right after IHDR.
fn with_png_chunks(png: &[u8], chunks: &[Vec<u8>]) -> Vec<u8> {
    [&png[..33], &chunks.concat(), &png[33..]].concat()
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

fn close(a: Rgb<u8>, b: Rgb<u8>) -> bool {
    (0..3).all(|c| (i32::from(a[c]) - i32::from(b[c])).abs() < 40)
}

/// The stored copy and the thumbnail decode as announced, and the thumbnail fits 256×256
/// without upscaling.
fn check_outputs(prepared: &PreparedImage) {
    let stored = image::load_from_memory(&prepared.bytes).unwrap();
    assert_eq!(stored.dimensions(), (prepared.width, prepared.height));
    let stored_kind = sniff(&prepared.bytes).unwrap();
    assert_eq!(
        (prepared.mime, prepared.extension),
        match stored_kind {
            ImageKind::Jpeg => ("image/jpeg", "jpg"),
            ImageKind::Png => ("image/png", "png"),
            other => panic!("stored as {other:?}"),
        }
    );
    let thumb = image::load_from_memory(&prepared.thumbnail).unwrap();
    assert_eq!(
        thumb.dimensions(),
        (prepared.thumbnail_width, prepared.thumbnail_height)
    );
    let longest = prepared.width.max(prepared.height);
    assert_eq!(
        prepared.thumbnail_width.max(prepared.thumbnail_height),
        longest.min(THUMBNAIL_SIZE)
    );
    // Same aspect ratio, to rounding.
    let (tw, th) = (prepared.thumbnail_width, prepared.thumbnail_height);
    assert!(
        (f64::from(tw) * f64::from(prepared.height) - f64::from(th) * f64::from(prepared.width))
            .abs()
            <= f64::from(longest)
    );
    let thumb_is_png = sniff(&prepared.thumbnail) == Some(ImageKind::Png);
    assert_eq!(
        prepared.thumbnail_mime,
        if thumb_is_png {
            "image/png"
        } else {
            "image/jpeg"
        }
    );
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
fn each_format_is_accepted_in_several_sizes() {
    for (width, height) in [(640, 400), (256, 256), (100, 300), (1, 1), (3000, 17)] {
        let source = photo(width, height);
        let mut webp = Cursor::new(Vec::new());
        DynamicImage::ImageRgb8(source.clone())
            .to_rgba8()
            .write_to(&mut webp, ImageFormat::WebP)
            .unwrap();
        for (kind, bytes, mime) in [
            (
                ImageKind::Jpeg,
                encode(&source, ImageFormat::Jpeg),
                "image/jpeg",
            ),
            (
                ImageKind::Png,
                encode(&source, ImageFormat::Png),
                "image/png",
            ),
            (
                ImageKind::Gif,
                encode(&source, ImageFormat::Gif),
                "image/png",
            ),
            // The `image` crate writes lossless WebP, which is stored as PNG.
            (ImageKind::Webp, webp.into_inner(), "image/png"),
        ] {
            let prepared = prepare_reference_image(&bytes).unwrap();
            assert_eq!(prepared.source_kind, kind);
            assert_eq!(
                (prepared.width, prepared.height),
                (width, height),
                "{kind:?}"
            );
            assert_eq!(prepared.mime, mime, "{kind:?}");
            assert_eq!(prepared.thumbnail_mime, "image/jpeg", "{kind:?} is opaque");
            check_outputs(&prepared);
        }
    }
}

#[test]
fn lossy_webp_is_stored_as_jpeg_and_transparent_webp_as_png() {
    // The 1×1 probes from Google's WebP FAQ: lossy, and lossy with an alpha channel.
    let lossy = b"RIFF\x22\0\0\0WEBPVP8 \x16\0\0\0\x30\x01\0\x9d\x01\x2a\x01\0\x01\0\x0e\xc0\xfe\x25\xa4\0\x03\x70\0\0\0\0";
    let alpha = b"RIFF\x4a\0\0\0WEBPVP8X\x0a\0\0\0\x10\0\0\0\0\0\0\0\0\0ALPH\x0c\0\0\0\x11\x07\x10\x11\xfd\x0f\x44\x44\xff\x03\0\0VP8 \x18\0\0\0\x14\x01\0\x9d\x01\x2a\x01\0\x01\0\0\0\xfe\0\0\x0d\xc0\0\xfe\xe6\xb5\0\0\0";
    let prepared = prepare_reference_image(lossy).unwrap();
    assert_eq!(
        (prepared.source_kind, prepared.mime, prepared.width),
        (ImageKind::Webp, "image/jpeg", 1)
    );
    check_outputs(&prepared);
    let prepared = prepare_reference_image(alpha).unwrap();
    assert_eq!(
        (prepared.mime, prepared.thumbnail_mime),
        ("image/png", "image/png")
    );
    check_outputs(&prepared);
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
    check_outputs(&prepared);
    let stored = image::load_from_memory(&prepared.bytes).unwrap().to_rgba8();
    assert_eq!(stored.get_pixel(75, 10)[3], 0, "transparency survives");
    let thumb = image::load_from_memory(&prepared.thumbnail)
        .unwrap()
        .to_rgba8();
    assert_eq!(thumb.get_pixel(90, 25)[3], 0);
}

#[test]
fn every_exif_orientation_is_applied_and_the_metadata_dropped() {
    let source = quadrants(64, 32);
    let jpeg = encode(&source, ImageFormat::Jpeg);
    for exif_orientation in 1..=8u16 {
        let mut expected = DynamicImage::ImageRgb8(source.clone());
        expected.apply_orientation(Orientation::from_exif(exif_orientation as u8).unwrap());
        let expected = expected.to_rgb8();
        let (w, h) = expected.dimensions();

        let prepared =
            prepare_reference_image(&with_exif_orientation(&jpeg, exif_orientation)).unwrap();
        assert_eq!(
            (prepared.width, prepared.height),
            (w, h),
            "{exif_orientation}"
        );
        assert_eq!(
            (prepared.thumbnail_width, prepared.thumbnail_height),
            (w, h),
            "{exif_orientation}: small images are not upscaled"
        );
        check_outputs(&prepared);
        let stored = image::load_from_memory(&prepared.bytes).unwrap().to_rgb8();
        let thumb = image::load_from_memory(&prepared.thumbnail)
            .unwrap()
            .to_rgb8();
        for (x, y) in [
            (w / 4, h / 4),
            (3 * w / 4, h / 4),
            (w / 4, 3 * h / 4),
            (3 * w / 4, 3 * h / 4),
        ] {
            let want = *expected.get_pixel(x, y);
            assert!(
                close(*stored.get_pixel(x, y), want),
                "{exif_orientation} at {x},{y}"
            );
            assert!(
                close(*thumb.get_pixel(x, y), want),
                "{exif_orientation} thumb at {x},{y}"
            );
        }
        assert!(
            !header_markers(&prepared.bytes).contains(&0xE1),
            "{exif_orientation}"
        );
        assert!(!contains(&prepared.bytes, b"Exif"));
    }
}

#[test]
fn an_upright_jpeg_keeps_its_scan_and_loses_its_metadata() {
    let jpeg = encode(&photo(300, 200), ImageFormat::Jpeg);
    let icc = [b"ICC_PROFILE\0\x01\x01".as_slice(), &[7; 40]].concat();
    let with_icc = with_segment(&jpeg, 0xE2, &icc);
    let noisy = [
        (0xE1, [b"Exif\0\0".as_slice(), &exif(1)].concat()),
        (0xE1, b"http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".to_vec()),
        (0xED, b"Photoshop 3.0\0IPTC".to_vec()),
        (0xE2, b"MPF\0II*\0".to_vec()),
        (0xFE, b"shot at 52.37N 4.89E".to_vec()),
    ]
    .iter()
    .fold(with_icc.clone(), |bytes, (marker, payload)| {
        with_segment(&bytes, *marker, payload)
    });
    let prepared = prepare_reference_image(&noisy).unwrap();
    // Byte for byte the file without its metadata: the colour profile stays.
    assert_eq!(prepared.bytes, with_icc);
    assert_eq!((prepared.width, prepared.height), (300, 200));
    check_outputs(&prepared);
}

#[test]
fn grey_progressive_restart_and_cmyk_jpegs_are_accepted() {
    let grey: Vec<u8> = (0..120 * 80).map(|i| (i % 120 * 2) as u8).collect();
    let grey_jpeg = jpeg_of(&grey, 120, 80, ColorType::Luma, false);
    let prepared = prepare_reference_image(&grey_jpeg).unwrap();
    assert_eq!(prepared.bytes, grey_jpeg);
    check_outputs(&prepared);
    let rotated = prepare_reference_image(&with_exif_orientation(&grey_jpeg, 8)).unwrap();
    assert_eq!((rotated.width, rotated.height), (80, 120));
    let stored = image::load_from_memory(&rotated.bytes).unwrap();
    assert_eq!(stored.color(), image::ColorType::L8, "grey stays grey");
    check_outputs(&rotated);

    let colour = photo(600, 500);
    let progressive = jpeg_of(colour.as_raw(), 600, 500, ColorType::Rgb, true);
    let prepared = prepare_reference_image(&progressive).unwrap();
    assert_eq!(prepared.bytes, progressive);
    assert_eq!(
        (prepared.thumbnail_width, prepared.thumbnail_height),
        (256, 213)
    );
    check_outputs(&prepared);

    // Restart markers every MCU row, as many cameras write them.
    let mut restarts = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut restarts, 90);
    encoder.set_restart_interval(38);
    encoder
        .encode(colour.as_raw(), 600, 500, ColorType::Rgb)
        .unwrap();
    assert!(contains(&restarts, &[0xFF, 0xD0]));
    let prepared = prepare_reference_image(&restarts).unwrap();
    assert_eq!(prepared.bytes, restarts);
    check_outputs(&prepared);

    // CMYK (Adobe, inverted as Photoshop writes it): half paper white, half full cyan.
    let cmyk: Vec<u8> = (0..64 * 32)
        .flat_map(|i| {
            if i % 64 < 32 {
                [0, 0, 0, 0]
            } else {
                [255, 0, 0, 0]
            }
        })
        .collect();
    let prepared =
        prepare_reference_image(&jpeg_of(&cmyk, 64, 32, ColorType::Cmyk, false)).unwrap();
    check_outputs(&prepared);
    let stored = image::load_from_memory(&prepared.bytes).unwrap().to_rgb8();
    assert!(close(*stored.get_pixel(8, 16), Rgb([255, 255, 255])));
    assert!(close(*stored.get_pixel(56, 16), Rgb([0, 255, 255])));
}

#[test]
fn png_metadata_chunks_are_dropped_and_exif_orientation_applied() {
    let source = quadrants(40, 20);
    let png = encode(&source, ImageFormat::Png);
    let tagged = with_png_chunks(
        &png,
        &[
            png_chunk(b"tEXt", b"Comment\0shot at 52.37N 4.89E"),
            png_chunk(b"tIME", &[7, 234, 1, 2, 3, 4, 5]),
            png_chunk(b"eXIf", &exif(1)),
            png_chunk(b"gAMA", &45455u32.to_be_bytes()),
        ],
    );
    let prepared = prepare_reference_image(&tagged).unwrap();
    assert_eq!(prepared.mime, "image/png");
    for dropped in [b"tEXt", b"tIME", b"eXIf"] {
        assert!(!contains(&prepared.bytes, dropped));
    }
    assert!(contains(&prepared.bytes, b"gAMA"), "colour chunks stay");
    let stored = image::load_from_memory(&prepared.bytes).unwrap().to_rgb8();
    assert_eq!(stored, source);
    check_outputs(&prepared);

    let rotated = with_png_chunks(&png, &[png_chunk(b"eXIf", &exif(6))]);
    let prepared = prepare_reference_image(&rotated).unwrap();
    assert_eq!((prepared.width, prepared.height), (20, 40));
    assert!(!contains(&prepared.bytes, b"eXIf"));
    let stored = image::load_from_memory(&prepared.bytes).unwrap().to_rgb8();
    // Rotated clockwise: the red top-left quadrant is now top-right.
    assert_eq!(*stored.get_pixel(15, 5), Rgb([220, 40, 40]));
    check_outputs(&prepared);
}

#[test]
fn dimension_limits_are_inclusive_and_read_from_the_header() {
    let square = RgbImage::from_pixel(4096, 4096, Rgb([240, 240, 240]));
    let prepared = prepare_reference_image(&encode(&square, ImageFormat::Png)).unwrap();
    assert_eq!((prepared.width, prepared.height), (4096, 4096));
    assert_eq!(
        (prepared.thumbnail_width, prepared.thumbnail_height),
        (256, 256)
    );
    for (w, h) in [(4097, 10), (10, 4097)] {
        let image = RgbImage::from_pixel(w, h, Rgb([240, 240, 240]));
        assert_eq!(
            prepare_reference_image(&encode(&image, ImageFormat::Png)).unwrap_err(),
            IntakeError::DimensionsTooLarge
        );
    }

    // A JPEG whose frame header claims 5000 rows.
    let mut jpeg = encode(&photo(64, 64), ImageFormat::Jpeg);
    let sof = (2..jpeg.len())
        .find(|&i| jpeg[i] == 0xFF && jpeg[i + 1] == 0xC0)
        .unwrap();
    jpeg[sof + 5..sof + 7].copy_from_slice(&5000u16.to_be_bytes());
    assert_eq!(
        prepare_reference_image(&jpeg).unwrap_err(),
        IntakeError::DimensionsTooLarge
    );
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
fn the_byte_limit_is_inclusive() {
    let jpeg = encode(&photo(64, 64), ImageFormat::Jpeg);
    // Comment segments fill a valid JPEG to exactly the limit.
    let mut padded = jpeg.clone();
    while padded.len() < MAX_UPLOAD_BYTES {
        let room = MAX_UPLOAD_BYTES - padded.len() - 4;
        padded = with_segment(&padded, 0xFE, &vec![b'x'; room.min(65_000)]);
    }
    assert_eq!(padded.len(), MAX_UPLOAD_BYTES);
    let prepared = prepare_reference_image(&padded).unwrap();
    assert_eq!(prepared.bytes, jpeg, "the comments are metadata");

    padded.push(0);
    assert_eq!(
        prepare_reference_image(&padded).unwrap_err(),
        IntakeError::TooLarge
    );
    // The size is checked before anything else.
    assert_eq!(
        prepare_reference_image(&vec![b'x'; MAX_UPLOAD_BYTES + 1]).unwrap_err(),
        IntakeError::TooLarge
    );
}

#[test]
fn hostile_files_are_refused() {
    let jpeg = encode(&photo(200, 100), ImageFormat::Jpeg);
    let png = encode(&photo(200, 100), ImageFormat::Png);
    let gif = encode(&photo(20, 10), ImageFormat::Gif);
    let mut webp = Cursor::new(Vec::new());
    RgbaImage::from_pixel(20, 10, Rgba([1, 2, 3, 255]))
        .write_to(&mut webp, ImageFormat::WebP)
        .unwrap();
    let webp = webp.into_inner();
    let zip = [b"PK\x03\x04".as_slice(), &[7; 100], b"PK\x05\x06", &[0; 18]].concat();
    let mut bad_crc = png.clone();
    let idat = (8..png.len()).find(|&i| &png[i..i + 4] == b"IDAT").unwrap();
    bad_crc[idat + 10] ^= 0x55;
    let mut no_frame = jpeg.clone();
    let sof = (2..jpeg.len())
        .find(|&i| jpeg[i] == 0xFF && jpeg[i + 1] == 0xC0)
        .unwrap();
    no_frame[sof + 1] = 0xE5;

    let unsupported = IntakeError::UnsupportedType;
    let corrupted = IntakeError::Corrupted;
    let cases: Vec<(&str, Vec<u8>, IntakeError)> = vec![
        // No image content at all: the type message, not "corrupted".
        ("empty", vec![], unsupported.clone()),
        (
            "svg",
            b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>".to_vec(),
            unsupported.clone(),
        ),
        (
            "svg with xml prolog",
            b"<?xml version='1.0'?><svg/>".to_vec(),
            unsupported.clone(),
        ),
        (
            "html",
            b"<!doctype html><p>hi".to_vec(),
            unsupported.clone(),
        ),
        (
            "pdf",
            b"%PDF-1.7\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF".to_vec(),
            unsupported.clone(),
        ),
        ("zip", zip.clone(), unsupported.clone()),
        (
            "bmp",
            b"BM\x3a\0\0\0\0\0\0\0\x36\0\0\0".to_vec(),
            unsupported,
        ),
        (
            "truncated jpeg",
            jpeg[..jpeg.len() - 200].to_vec(),
            corrupted.clone(),
        ),
        (
            "jpeg without its end marker",
            jpeg[..jpeg.len() - 2].to_vec(),
            corrupted.clone(),
        ),
        (
            "truncated png",
            png[..png.len() / 2].to_vec(),
            corrupted.clone(),
        ),
        ("png with a damaged IDAT", bad_crc, corrupted.clone()),
        ("jpeg without a frame header", no_frame, corrupted.clone()),
        (
            "truncated gif",
            gif[..gif.len() - 5].to_vec(),
            corrupted.clone(),
        ),
        (
            "truncated webp",
            webp[..webp.len() - 8].to_vec(),
            corrupted.clone(),
        ),
        (
            "jpeg + zip",
            [jpeg.clone(), zip.clone()].concat(),
            corrupted.clone(),
        ),
        (
            "jpeg + jpeg + zip",
            [jpeg.clone(), jpeg.clone(), zip.clone()].concat(),
            corrupted.clone(),
        ),
        (
            "jpeg + an unfinished jpeg",
            [jpeg.clone(), jpeg[..300].to_vec()].concat(),
            corrupted.clone(),
        ),
        (
            "png + zip",
            [png.clone(), zip.clone()].concat(),
            corrupted.clone(),
        ),
        (
            "png + 17 bytes",
            [png.clone(), vec![0; 17]].concat(),
            corrupted.clone(),
        ),
        (
            "gif + zip",
            [gif.clone(), zip.clone()].concat(),
            corrupted.clone(),
        ),
        (
            "webp + zip",
            [webp.clone(), zip].concat(),
            corrupted.clone(),
        ),
        (
            "magic only",
            vec![0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10],
            corrupted.clone(),
        ),
        (
            "png signature only",
            b"\x89PNG\r\n\x1a\n".to_vec(),
            corrupted.clone(),
        ),
        (
            "gif header only",
            b"GIF89a\x01\0\x01\0\0\0\0".to_vec(),
            corrupted,
        ),
    ];
    for (name, bytes, expected) in cases {
        assert_eq!(
            prepare_reference_image(&bytes).unwrap_err(),
            expected,
            "{name}"
        );
    }

    // A few bytes of padding are tolerated, and dropped.
    for (bytes, original) in [(&jpeg, &jpeg), (&png, &png)] {
        let padded = [bytes.clone(), vec![0; 16]].concat();
        assert_eq!(&prepare_reference_image(&padded).unwrap().bytes, original);
    }
    // So are a phone's extra images (multi-picture, gain map) after the primary JPEG.
    let with_gain_map = [jpeg.clone(), jpeg.clone(), vec![0; 4]].concat();
    assert_eq!(prepare_reference_image(&with_gain_map).unwrap().bytes, jpeg);
}

#[test]
fn gif_bombs_are_bounded() {
    // A huge logical screen: refused from the header.
    let mut screen = b"GIF89a".to_vec();
    screen.extend_from_slice(&[0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0, 0]);
    screen.extend_from_slice(&[
        0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]);
    assert_eq!(
        prepare_reference_image(&screen).unwrap_err(),
        IntakeError::DimensionsTooLarge
    );

    // A frame larger than its small screen: refused while walking the frames.
    let mut frame = b"GIF89a".to_vec();
    frame.extend_from_slice(&[4, 0, 4, 0, 0x00, 0, 0]);
    frame.extend_from_slice(&[
        0x2C, 0, 0, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF, 0, 0x02, 0x02, 0x44, 0x01, 0x00, 0x3B,
    ]);
    assert_eq!(
        prepare_reference_image(&frame).unwrap_err(),
        IntakeError::DimensionsTooLarge
    );

    // Two hundred thousand frames of a full 4096² screen (3 MB): the walk is linear and
    // only the first frame is decoded, so this is accepted, as its first frame.
    let mut many = b"GIF89a".to_vec();
    many.extend_from_slice(&[0x00, 0x10, 0x00, 0x10, 0x80, 0, 0, 0, 0, 0, 255, 255, 255]);
    for _ in 0..200_000 {
        many.extend_from_slice(&[
            0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0x02, 0x02, 0x44, 0x01, 0x00,
        ]);
    }
    many.push(0x3B);
    let prepared = prepare_reference_image(&many).unwrap();
    assert_eq!((prepared.width, prepared.height), (4096, 4096));
    assert_eq!(
        (prepared.thumbnail_width, prepared.thumbnail_height),
        (256, 256)
    );
}

#[test]
fn sniffing_needs_only_the_first_bytes() {
    assert_eq!(
        sniff(&encode(&photo(4, 4), ImageFormat::Png)[..12]),
        Some(ImageKind::Png)
    );
    assert_eq!(sniff(b"RIFF\0\0\0\0WEBP"), Some(ImageKind::Webp));
    assert_eq!(sniff(b"RIFF\0\0\0\0WAVE"), None);
    assert_eq!(sniff(b"PK\x03\x04"), None);
}

#[test]
fn thumbnails_of_trusted_images_follow_the_same_rules() {
    let jpeg = with_exif_orientation(&encode(&photo(1024, 512), ImageFormat::Jpeg), 6);
    let (bytes, mime, w, h) = thumbnail_of(&jpeg).unwrap();
    assert_eq!((mime, w, h), ("image/jpeg", 128, 256));
    assert_eq!(
        image::load_from_memory(&bytes).unwrap().dimensions(),
        (128, 256)
    );

    let clear = RgbaImage::from_fn(600, 300, |x, _| Rgba([200, 0, 0, (x % 256) as u8]));
    let mut png = Cursor::new(Vec::new());
    clear.write_to(&mut png, ImageFormat::Png).unwrap();
    let (bytes, mime, w, h) = thumbnail_of(png.get_ref()).unwrap();
    assert_eq!((mime, w, h), ("image/png", 256, 128));
    assert_eq!(
        image::load_from_memory(&bytes).unwrap().dimensions(),
        (256, 128)
    );

    assert_eq!(
        thumbnail_of(b"<svg/>").unwrap_err(),
        IntakeError::UnsupportedType
    );
}
