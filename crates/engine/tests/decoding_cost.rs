//! Bounded work per upload: every file that can be crafted under the upload size limit, of
//! every accepted format, is either refused by intake and by the engine, or asks for no more
//! decoding work than the policy allows. Cases are the costly shapes: progressive JPEGs with
//! up to thousands of (repeated) scans over large images, PNGs split into tens of thousands of
//! chunks or carrying thousands of ancillary ones, GIFs with thousands of frames, WebPs with
//! thousands of chunks. The work is counted by this test from each file's structure (scans
//! and passes over the JPEG's blocks, chunks, frames), not timed; what it costs in time is
//! the intake bench's figure. `PROPTEST_CASES` sets how many cases (24 by default: each
//! builds files of up to 15 MB).

use std::io::Cursor;

use engine::codec;
use engine::intake::{self, check_decoding_cost, prepare_reference_image, IntakeError};
use image::{ImageFormat, Luma, Rgb, RgbImage};
use proptest::prelude::*;

/// A progressive JPEG of `width`×`height` (flat but for a gradient, so its scans are tiny)
/// with `bands` AC scans per component, its scans then repeated `repeats` times, trimmed to
/// stay under the upload limit.
fn progressive_jpeg(width: u16, height: u16, grey: bool, bands: u8, repeats: usize) -> Vec<u8> {
    let mut jpeg = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut jpeg, 90);
    encoder.set_progressive_scans(bands);
    let (w, h) = (u32::from(width), u32::from(height));
    if grey {
        let image = image::GrayImage::from_fn(w, h, |x, _| Luma([(x * 255 / w) as u8]));
        encoder
            .encode(image.as_raw(), width, height, jpeg_encoder::ColorType::Luma)
            .unwrap();
    } else {
        let image = RgbImage::from_fn(w, h, |x, y| {
            Rgb([(x * 255 / w) as u8, (y * 255 / h) as u8, 90])
        });
        encoder
            .encode(image.as_raw(), width, height, jpeg_encoder::ColorType::Rgb)
            .unwrap();
    }
    let first_scan = first_marker(&jpeg, 0xDA);
    let eoi = jpeg.len() - 2;
    let scans = jpeg[first_scan..eoi].to_vec();
    let room = (intake::MAX_UPLOAD_BYTES - jpeg.len()) / scans.len().max(1);
    let mut out = jpeg[..eoi].to_vec();
    for _ in 0..repeats.min(room) {
        out.extend_from_slice(&scans);
    }
    out.extend_from_slice(&[0xFF, 0xD9]);
    out
}

/// The offset of the first segment with `marker`, walking the segments from SOI.
fn first_marker(jpeg: &[u8], marker: u8) -> usize {
    let mut at = 2;
    while jpeg[at + 1] != marker {
        at += 2 + usize::from(u16::from_be_bytes([jpeg[at + 2], jpeg[at + 3]]));
    }
    at
}

fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(kind);
    chunk.extend_from_slice(data);
    let crc = crc32(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());
    chunk
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn encoded(image: &RgbImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Cursor::new(Vec::new());
    image.write_to(&mut out, format).unwrap();
    out.into_inner()
}

fn gradient(width: u32, height: u32) -> RgbImage {
    RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, ((x ^ y) % 256) as u8])
    })
}

/// A PNG whose image data is cut into chunks of `idat_size` bytes, with `extra` tEXt chunks
/// before it.
fn chunky_png(width: u32, height: u32, idat_size: usize, extra: usize) -> Vec<u8> {
    let png = encoded(&gradient(width, height), ImageFormat::Png);
    let mut at = 8;
    let (mut head, mut data, mut tail) = (png[..8].to_vec(), Vec::new(), Vec::new());
    while at < png.len() {
        let length = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        let kind = &png[at + 4..at + 8];
        let end = at + 12 + length;
        match kind {
            b"IDAT" => data.extend_from_slice(&png[at + 8..at + 8 + length]),
            b"IEND" => tail.extend_from_slice(&png[at..end]),
            _ => head.extend_from_slice(&png[at..end]),
        }
        at = end;
    }
    let room = intake::MAX_UPLOAD_BYTES - head.len() - data.len() - tail.len();
    for i in 0..extra.min(room / 20) {
        head.extend(png_chunk(b"tEXt", format!("k\0{i}").as_bytes()));
    }
    let idat_size = idat_size.max((data.len() * 12).div_ceil(room) + 1);
    for piece in data.chunks(idat_size) {
        head.extend(png_chunk(b"IDAT", piece));
    }
    head.extend(tail);
    head
}

/// A 1×1 GIF frame of a two-colour local palette.
const GIF_FRAME: &[u8] = &[
    0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255, 2, 2, 0x44, 0x01, 0,
];

/// A GIF whose first frame is `width`×`height` and then `frames` 1×1 frames.
fn many_frame_gif(width: u32, height: u32, frames: usize) -> Vec<u8> {
    let mut gif = encoded(&gradient(width, height), ImageFormat::Gif);
    gif.pop(); // the trailer
    let room = (intake::MAX_UPLOAD_BYTES - gif.len()) / GIF_FRAME.len();
    for _ in 0..frames.min(room) {
        gif.extend_from_slice(GIF_FRAME);
    }
    gif.push(0x3B);
    gif
}

/// A lossless WebP with `extra` unknown chunks after its bitstream.
fn chunky_webp(width: u32, height: u32, extra: usize) -> Vec<u8> {
    let mut webp = encoded(&gradient(width, height), ImageFormat::WebP);
    let room = (intake::MAX_UPLOAD_BYTES - webp.len()) / 10;
    for _ in 0..extra.min(room) {
        webp.extend_from_slice(b"JUNK\x02\0\0\0ab");
    }
    let riff = (webp.len() - 8) as u32;
    webp[4..8].copy_from_slice(&riff.to_le_bytes());
    webp
}

/// The decoding work a file's structure asks for, counted by walking it.
#[derive(Debug)]
enum Work {
    /// Scans, and entropy-decoding passes over all of the image's blocks (each scan decodes
    /// every block of the components it names).
    Jpeg {
        scans: usize,
        passes: f64,
    },
    /// Chunks in all, and those that are not image data.
    Png {
        chunks: usize,
        ancillary: usize,
    },
    Gif {
        frames: usize,
    },
    Webp {
        chunks: usize,
    },
}

impl Work {
    fn of(format: &str, bytes: &[u8]) -> Work {
        match format {
            "jpeg" => jpeg_work(bytes),
            "png" => {
                let (mut chunks, mut ancillary, mut at) = (0, 0, 8);
                while at + 8 <= bytes.len() {
                    let length = u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
                    chunks += 1;
                    ancillary += usize::from(&bytes[at + 4..at + 8] != b"IDAT");
                    at += 12 + length as usize;
                }
                Work::Png { chunks, ancillary }
            }
            // The picture's own frame, and the 1×1 ones before the trailer.
            "gif" => {
                let mut rest = &bytes[..bytes.len() - 1];
                let mut frames = 1;
                while let Some(before) = rest.strip_suffix(GIF_FRAME) {
                    frames += 1;
                    rest = before;
                }
                Work::Gif { frames }
            }
            "webp" => {
                let (mut chunks, mut at) = (0, 12);
                while at + 8 <= bytes.len() {
                    let size = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap());
                    chunks += 1;
                    at += 8 + size as usize + (size as usize & 1);
                }
                Work::Webp { chunks }
            }
            other => unreachable!("no such format {other}"),
        }
    }

    /// Within the limits intake documents: the most it lets a decoder do.
    fn is_within_policy(&self) -> bool {
        match *self {
            Work::Jpeg { scans, passes } => {
                scans <= intake::MAX_JPEG_SCANS && passes <= intake::MAX_BLOCK_PASSES as f64
            }
            Work::Png { chunks, ancillary } => {
                chunks <= intake::MAX_PNG_CHUNKS && ancillary <= intake::MAX_PNG_ANCILLARY_CHUNKS
            }
            Work::Gif { frames } => frames <= intake::MAX_FRAMES,
            Work::Webp { chunks } => chunks <= intake::MAX_FRAMES + 8,
        }
    }
}

/// Walks a JPEG's markers (skipping entropy-coded data) and weighs each scan by the blocks of
/// the components it names, against the blocks of one pass over the whole image.
fn jpeg_work(jpeg: &[u8]) -> Work {
    let sof = first_marker(jpeg, 0xC2);
    let count = usize::from(jpeg[sof + 9]);
    let sampling: Vec<(u8, usize)> = (0..count)
        .map(|i| {
            let factors = jpeg[sof + 11 + 3 * i];
            (
                jpeg[sof + 10 + 3 * i],
                usize::from(factors >> 4) * usize::from(factors & 0x0F),
            )
        })
        .collect();
    let one_pass: usize = sampling.iter().map(|c| c.1).sum();
    let (mut scans, mut blocks) = (0, 0);
    let mut at = 2;
    while at + 1 < jpeg.len() {
        if jpeg[at] != 0xFF || matches!(jpeg[at + 1], 0x00 | 0xD0..=0xD7 | 0xFF) {
            at += 1;
            continue;
        }
        let marker = jpeg[at + 1];
        if marker == 0xD9 {
            break;
        }
        let length = usize::from(u16::from_be_bytes([jpeg[at + 2], jpeg[at + 3]]));
        if marker == 0xDA {
            scans += 1;
            let named = usize::from(jpeg[at + 4]);
            for j in 0..named {
                let id = jpeg[at + 5 + 2 * j];
                blocks += sampling.iter().find(|c| c.0 == id).map_or(0, |c| c.1);
            }
        }
        at += 2 + length;
    }
    Work::Jpeg {
        scans,
        passes: blocks as f64 / one_pass as f64,
    }
}

fn hostile_files() -> impl Strategy<Value = (&'static str, Vec<u8>)> {
    prop_oneof![
        (
            64u16..=4096,
            64u16..=4096,
            any::<bool>(),
            2u8..=64,
            0usize..5000
        )
            .prop_map(|(w, h, grey, bands, repeats)| (
                "jpeg",
                progressive_jpeg(w, h, grey, bands, repeats)
            )),
        (1u32..=4096, 1u32..=4096, 13usize..=100_000, 0usize..100_000)
            .prop_map(|(w, h, idat, extra)| ("png", chunky_png(w, h, idat, extra))),
        (1u32..=2048, 1u32..=2048, 0usize..200_000)
            .prop_map(|(w, h, frames)| ("gif", many_frame_gif(w, h, frames))),
        (1u32..=2048, 1u32..=2048, 0usize..200_000)
            .prop_map(|(w, h, extra)| ("webp", chunky_webp(w, h, extra))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|n| n.parse().ok()).unwrap_or(24),
        ..ProptestConfig::default()
    })]

    #[test]
    fn every_file_under_the_size_limit_is_refused_or_within_the_decoding_policy(
        (format, bytes) in hostile_files()
    ) {
        prop_assert!(bytes.len() <= intake::MAX_UPLOAD_BYTES);
        let work = Work::of(format, &bytes);
        let prepared = prepare_reference_image(&bytes);
        let decoded = codec::decode(&bytes, codec::MAX_DIMENSION);
        if prepared.is_ok() || decoded.is_ok() {
            prop_assert!(work.is_within_policy(), "a {} {format} asking for {work:?} was decoded", bytes.len());
        }
        if !work.is_within_policy() {
            prop_assert_eq!(check_decoding_cost(&bytes), Err(IntakeError::TooComplex));
        }
        // One policy: what intake accepts the engine reads, and what the policy refuses
        // neither takes.
        match (&prepared, check_decoding_cost(&bytes)) {
            (Ok(_), _) => prop_assert!(decoded.is_ok(), "the engine refused an accepted {format}"),
            (Err(_), Err(IntakeError::TooComplex)) => prop_assert!(decoded.is_err()),
            _ => {}
        }
    }
}

#[test]
fn the_counted_work_tells_a_plain_file_from_a_costly_one() {
    let cases = [
        ("jpeg", progressive_jpeg(256, 256, false, 8, 0), true),
        ("jpeg", progressive_jpeg(256, 256, false, 8, 100), false),
        ("png", chunky_png(64, 64, 8192, 0), true),
        ("png", chunky_png(64, 64, 8192, 2000), false),
        ("gif", many_frame_gif(64, 64, 10), true),
        ("gif", many_frame_gif(64, 64, 5000), false),
        ("webp", chunky_webp(64, 64, 10), true),
        ("webp", chunky_webp(64, 64, 5000), false),
    ];
    for (format, bytes, plain) in cases {
        let work = Work::of(format, &bytes);
        assert_eq!(work.is_within_policy(), plain, "{format}: {work:?}");
        let prepared = prepare_reference_image(&bytes);
        if plain {
            assert!(prepared.is_ok(), "{format}: {prepared:?}");
        } else {
            assert_eq!(prepared.err(), Some(IntakeError::TooComplex), "{format}");
        }
    }
}
