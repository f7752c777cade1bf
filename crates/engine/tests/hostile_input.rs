//! Property tests over hostile input: whatever bytes arrive as an upload or a mask, and
//! whatever text arrives as a prompt, the engine answers with a value or an error — it never
//! panics, and what it accepts is a real image. Cases: valid files of every accepted format
//! (and an EXIF-rotated JPEG, whose scan intake turns losslessly) with bytes flipped, truncated
//! or appended, and plain random bytes. `PROPTEST_CASES` sets how many (256 by default), which
//! bounds the run.

use std::io::Cursor;

use engine::edit::decode_mask;
use engine::intake::{prepare_reference_image, thumbnail_of};
use image::{GrayImage, ImageFormat, Luma, Rgb, RgbImage};
use proptest::prelude::*;

fn encoded(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
    let image = RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x * 37 % 256) as u8, (y * 53 % 256) as u8, 120])
    });
    let mut out = Cursor::new(Vec::new());
    match format {
        // The WebP encoder in `image` writes lossless only, from RGBA or RGB.
        ImageFormat::WebP | ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::Gif => {
            image.write_to(&mut out, format).unwrap()
        }
        other => panic!("no sample for {other:?}"),
    }
    out.into_inner()
}

/// A baseline 4:2:0 JPEG with restart markers and EXIF orientation 6, so that intake turns
/// its scan block by block without decoding its pixels.
fn rotated_jpeg(width: u16, height: u16) -> Vec<u8> {
    let image = RgbImage::from_fn(u32::from(width), u32::from(height), |x, y| {
        Rgb([
            (x * 37 % 256) as u8,
            (y * 53 % 256) as u8,
            ((x ^ y) * 9 % 256) as u8,
        ])
    });
    let mut jpeg = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut jpeg, 80);
    encoder.set_sampling_factor(jpeg_encoder::SamplingFactor::F_2_2);
    encoder.set_restart_interval(2);
    encoder
        .encode(image.as_raw(), width, height, jpeg_encoder::ColorType::Rgb)
        .unwrap();
    let exif = b"Exif\0\0MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0";
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&(exif.len() as u16 + 2).to_be_bytes());
    out.extend_from_slice(exif);
    out.extend_from_slice(&jpeg[2..]);
    out
}

fn mask_png(width: u32, height: u32) -> Vec<u8> {
    let mask = GrayImage::from_fn(width, height, |x, _| {
        Luma([if x < width / 2 { 255 } else { 0 }])
    });
    let mut out = Cursor::new(Vec::new());
    mask.write_to(&mut out, ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A valid file damaged: bytes overwritten, the end cut off, and/or junk appended.
fn damaged(base: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    let len = base.len();
    (
        prop::collection::vec((0..len, any::<u8>()), 0..8),
        0..=len,
        prop::collection::vec(any::<u8>(), 0..64),
    )
        .prop_map(move |(flips, cut, tail)| {
            let mut bytes = base.clone();
            for (at, value) in flips {
                bytes[at] = value;
            }
            bytes.truncate(cut.max(1));
            bytes.extend(tail);
            bytes
        })
}

/// A valid file with a few bytes overwritten and its length kept, so that the damage reaches
/// the decoders rather than the container checks.
fn flipped(base: Vec<u8>) -> impl Strategy<Value = Vec<u8>> {
    let len = base.len();
    prop::collection::vec((0..len, any::<u8>()), 1..4).prop_map(move |flips| {
        let mut bytes = base.clone();
        for (at, value) in flips {
            bytes[at] = value;
        }
        bytes
    })
}

fn uploads() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        damaged(encoded(ImageFormat::Png, 40, 30)),
        damaged(encoded(ImageFormat::Jpeg, 40, 30)),
        damaged(rotated_jpeg(48, 32)),
        flipped(rotated_jpeg(48, 32)),
        damaged(encoded(ImageFormat::Gif, 40, 30)),
        damaged(encoded(ImageFormat::WebP, 40, 30)),
        prop::collection::vec(any::<u8>(), 0..512),
    ]
}

proptest! {
    #[test]
    fn an_upload_is_accepted_as_a_real_image_or_refused(bytes in uploads()) {
        if let Ok(prepared) = prepare_reference_image(&bytes) {
            let stored = image::load_from_memory(&prepared.bytes).expect("the stored copy decodes");
            prop_assert_eq!((stored.width(), stored.height()), (prepared.width, prepared.height));
            image::load_from_memory(&prepared.thumbnail).expect("the thumbnail decodes");
        }
        // Thumbnails of our own outputs share the decoders: they must not panic either.
        let _ = thumbnail_of(&bytes);
    }

    #[test]
    fn a_mask_decodes_to_the_image_size_or_is_refused(
        bytes in prop_oneof![damaged(mask_png(32, 24)), prop::collection::vec(any::<u8>(), 0..256)],
        width in 1u32..64,
        height in 1u32..64,
    ) {
        if let Ok(mask) = decode_mask(&bytes, width, height) {
            prop_assert_eq!((mask.width(), mask.height()), (width, height));
        }
    }

    #[test]
    fn any_prompt_parses(prompt in ".{0,400}") {
        let _ = engine::prompt::parse(&prompt);
        let _ = engine::video::parse_motion(&prompt);
    }
}
