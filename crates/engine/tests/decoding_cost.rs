//! Bounded work per upload: every file that can be crafted under the upload size limit, of
//! every accepted format, is prepared or refused by intake — and decoded or refused by the
//! engine — within a CPU budget. Cases are the costly shapes: progressive JPEGs with up to
//! thousands of (repeated) scans over large images, PNGs split into tens of thousands of
//! chunks or carrying thousands of ancillary ones, GIFs with thousands of frames, WebPs with
//! thousands of chunks. Time is measured as this process's CPU time (intake uses both cores
//! for large photos), so a busy machine slows the test without failing it; this file holds a
//! single test so that nothing else runs in the process meanwhile. `PROPTEST_CASES` sets how
//! many cases (24 by default: each builds files of up to 15 MB).

use std::io::Cursor;
use std::time::Duration;

use engine::codec;
use engine::intake::{self, check_decoding_cost, prepare_reference_image, IntakeError};
use image::{ImageFormat, Luma, Rgb, RgbImage};
use proptest::prelude::*;

/// The target is half a second of wall-clock time; the assertion allows twice that in CPU
/// time, since the largest photos are prepared on two threads.
const BUDGET: Duration = Duration::from_millis(1000);

fn cpu_time() -> Duration {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec.
    #[allow(unsafe_code)]
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) };
    assert_eq!(rc, 0, "clock_gettime");
    Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
}

fn timed<T>(work: impl FnOnce() -> T) -> (T, Duration) {
    let start = cpu_time();
    let out = work();
    (out, cpu_time() - start)
}

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

/// A GIF whose first frame is `width`×`height` and then `frames` 1×1 frames.
fn many_frame_gif(width: u32, height: u32, frames: usize) -> Vec<u8> {
    let mut gif = encoded(&gradient(width, height), ImageFormat::Gif);
    gif.pop(); // the trailer
    let frame: &[u8] = &[
        0x2C, 0, 0, 0, 0, 1, 0, 1, 0, 0x80, 0, 0, 0, 255, 255, 255, 2, 2, 0x44, 0x01, 0,
    ];
    let room = (intake::MAX_UPLOAD_BYTES - gif.len()) / frame.len();
    for _ in 0..frames.min(room) {
        gif.extend_from_slice(frame);
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
    fn every_file_under_the_size_limit_is_decoded_or_refused_within_the_budget(
        (format, bytes) in hostile_files()
    ) {
        prop_assert!(bytes.len() <= intake::MAX_UPLOAD_BYTES);
        let (prepared, spent) = timed(|| prepare_reference_image(&bytes));
        prop_assert!(spent < BUDGET, "intake of a {} {format} took {spent:?} of CPU", bytes.len());
        let (decoded, spent) = timed(|| codec::decode(&bytes, codec::MAX_DIMENSION));
        prop_assert!(spent < BUDGET, "the engine's decode of a {} {format} took {spent:?} of CPU", bytes.len());
        // One policy: what intake accepts the engine reads, and what the policy refuses
        // neither takes.
        match (&prepared, check_decoding_cost(&bytes)) {
            (Ok(_), _) => prop_assert!(decoded.is_ok(), "the engine refused an accepted {format}"),
            (Err(_), Err(IntakeError::TooComplex)) => prop_assert!(decoded.is_err()),
            _ => {}
        }
    }
}
