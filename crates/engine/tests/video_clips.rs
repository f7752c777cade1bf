//! Image-to-video through the public API, checked by reading the MP4's boxes and decoding
//! its H.264 back with openh264's decoder.

use domain::generation::Duration;
use engine::video::{animate, frame_size, VideoQuality, VideoSource};
use engine::{EngineError, NoProgress};
use image::{RgbImage, Rgba, RgbaImage};
use openh264::decoder::Decoder;
use openh264::formats::YUVSource;

/// Top-level or child boxes of `data`: (type, payload range).
fn boxes(data: &[u8]) -> Vec<([u8; 4], std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut at = 0;
    while at + 8 <= data.len() {
        let size = u32::from_be_bytes(data[at..at + 4].try_into().unwrap()) as usize;
        let kind: [u8; 4] = data[at + 4..at + 8].try_into().unwrap();
        assert!(
            size >= 8 && at + size <= data.len(),
            "bad box size {size} at {at}"
        );
        out.push((kind, at + 8..at + size));
        at += size;
    }
    out
}

fn child<'a>(data: &'a [u8], path: &[&str]) -> &'a [u8] {
    let mut cur = data;
    for name in path {
        let (_, range) = boxes(cur)
            .into_iter()
            .find(|(k, _)| k == name.as_bytes())
            .unwrap_or_else(|| panic!("no {name} box"));
        cur = &cur[range];
    }
    cur
}

fn be32(b: &[u8], at: usize) -> u32 {
    u32::from_be_bytes(b[at..at + 4].try_into().unwrap())
}

struct Mp4 {
    top: Vec<String>,
    seconds: f64,
    width: u32,
    height: u32,
    /// Annex B access units, SPS and PPS in front of the first.
    frames: Vec<Vec<u8>>,
}

fn parse(mp4: &[u8]) -> Mp4 {
    let top = boxes(mp4)
        .iter()
        .map(|(k, _)| String::from_utf8_lossy(k).into_owned())
        .collect();
    let moov = child(mp4, &["moov"]);
    let mvhd = child(moov, &["mvhd"]);
    assert_eq!(mvhd[0], 0, "mvhd version 0 expected");
    let seconds = be32(mvhd, 16) as f64 / be32(mvhd, 12) as f64;
    let tkhd = child(moov, &["trak", "tkhd"]);
    let (width, height) = (be32(tkhd, 76) >> 16, be32(tkhd, 80) >> 16);
    let stbl = child(moov, &["trak", "mdia", "minf", "stbl"]);
    let stsd = child(stbl, &["stsd"]);
    // stsd: version/flags, count, then the avc1 sample entry (78 bytes before its children).
    let avc1 = &stsd[8..];
    assert_eq!(&avc1[4..8], b"avc1");
    let avcc = child(&avc1[8 + 78..], &["avcC"]);
    let sps_len = u16::from_be_bytes([avcc[6], avcc[7]]) as usize;
    let sps = &avcc[8..8 + sps_len];
    let pps_at = 8 + sps_len + 1;
    let pps_len = u16::from_be_bytes([avcc[pps_at], avcc[pps_at + 1]]) as usize;
    let pps = &avcc[pps_at + 2..pps_at + 2 + pps_len];
    let stsz = child(stbl, &["stsz"]);
    let count = be32(stsz, 8) as usize;
    let sizes: Vec<usize> = (0..count)
        .map(|i| be32(stsz, 12 + 4 * i) as usize)
        .collect();
    let stco = child(stbl, &["stco"]);
    assert_eq!(be32(stco, 4), 1, "one chunk expected for a video-only file");
    let mut at = be32(stco, 8) as usize;
    let mut frames = Vec::new();
    for (i, size) in sizes.into_iter().enumerate() {
        let mut annex_b = Vec::new();
        if i == 0 {
            for nal in [sps, pps] {
                annex_b.extend_from_slice(&[0, 0, 0, 1]);
                annex_b.extend_from_slice(nal);
            }
        }
        // Samples are length-prefixed NAL units (4-byte lengths).
        let sample = &mp4[at..at + size];
        let mut k = 0;
        while k < sample.len() {
            let n = be32(sample, k) as usize;
            annex_b.extend_from_slice(&[0, 0, 0, 1]);
            annex_b.extend_from_slice(&sample[k + 4..k + 4 + n]);
            k += 4 + n;
        }
        frames.push(annex_b);
        at += size;
    }
    Mp4 {
        top,
        seconds,
        width,
        height,
        frames,
    }
}

/// Decodes every frame (P-frames need their predecessors) and keeps those in `keep`.
fn decode(mp4: &Mp4, keep: &[usize]) -> Vec<RgbImage> {
    let mut decoder = Decoder::new().unwrap();
    let mut out = Vec::new();
    for (i, frame) in mp4.frames.iter().enumerate() {
        let Some(yuv) = decoder.decode(frame).unwrap() else {
            continue;
        };
        if keep.contains(&i) {
            let (w, h) = yuv.dimensions();
            let mut rgb = vec![0u8; w * h * 3];
            yuv.write_rgb8(&mut rgb);
            out.push(RgbImage::from_raw(w as u32, h as u32, rgb).unwrap());
        }
    }
    assert_eq!(out.len(), keep.len(), "not every wanted frame decoded");
    out
}

/// A landscape test picture: a smooth gradient with a few bold shapes.
fn picture(w: u32, h: u32) -> RgbaImage {
    RgbaImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (x as f32 / w as f32, y as f32 / h as f32);
        let dx = fx - 0.5;
        let dy = fy - 0.55;
        if dx * dx + dy * dy < 0.04 {
            Rgba([200, 40, 50, 255])
        } else if fx < 0.2 && fy < 0.3 {
            Rgba([30, 160, 60, 255])
        } else {
            Rgba([
                (60.0 + 150.0 * fx) as u8,
                (90.0 + 100.0 * fy) as u8,
                170,
                255,
            ])
        }
    })
}

fn encode_png(image: &RgbaImage) -> Vec<u8> {
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

#[test]
fn frame_sizes_follow_the_source_aspect() {
    assert_eq!(frame_size(1024, 1536, VideoQuality::P720), (720, 1080));
    assert_eq!(frame_size(1536, 1024, VideoQuality::P720), (1080, 720));
    assert_eq!(frame_size(1024, 1024, VideoQuality::P720), (720, 720));
    assert_eq!(frame_size(1024, 1536, VideoQuality::P1080), (1080, 1620));
    assert_eq!(frame_size(1536, 1024, VideoQuality::P480), (720, 480));
    assert_eq!(VideoQuality::default(), VideoQuality::P720);
}

#[test]
fn the_mp4_is_fast_start_h264_of_the_right_size_and_length() {
    let png = encode_png(&picture(600, 400));
    let video = animate(
        VideoSource::Image(&png),
        "slow push-in",
        Duration::Five,
        VideoQuality::P480,
        24,
        1,
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!((video.width, video.height, video.fps), (720, 480, 24));
    let mp4 = parse(&video.mp4);
    assert_eq!(mp4.top[0], "ftyp");
    let moov = mp4.top.iter().position(|k| k == "moov").unwrap();
    let mdat = mp4.top.iter().position(|k| k == "mdat").unwrap();
    assert!(moov < mdat, "moov must come before mdat: {:?}", mp4.top);
    assert!((mp4.seconds - 5.0).abs() < 0.05, "duration {}", mp4.seconds);
    assert_eq!((mp4.width, mp4.height), (720, 480));
    assert_eq!(mp4.frames.len(), 120);

    let poster =
        image::load_from_memory_with_format(&video.poster_jpeg, image::ImageFormat::Jpeg).unwrap();
    assert_eq!((poster.width(), poster.height()), (720, 480));
}

#[test]
fn the_first_frame_decodes_close_to_the_source() {
    let source = picture(720, 480);
    let png = encode_png(&source);
    let video = animate(
        VideoSource::Image(&png),
        "push in",
        Duration::Five,
        VideoQuality::P480,
        30,
        1,
        &mut NoProgress,
    )
    .unwrap();
    let first = &decode(&parse(&video.mp4), &[0])[0];
    // Compare 16×16 block averages: coding noise and colour-matrix rounding average out.
    let mut worst = 0f32;
    for by in 0..480 / 16 {
        for bx in 0..720 / 16 {
            for c in 0..3 {
                let (mut a, mut b) = (0f32, 0f32);
                for y in by * 16..by * 16 + 16 {
                    for x in bx * 16..bx * 16 + 16 {
                        a += first.get_pixel(x, y).0[c] as f32;
                        b += source.get_pixel(x, y).0[c] as f32;
                    }
                }
                worst = worst.max((a - b).abs() / 256.0);
            }
        }
    }
    assert!(worst < 16.0, "a block differs by {worst} levels");
}

/// Centroid of the pixels close to `colour`.
fn centroid(image: &RgbImage, colour: [u8; 3]) -> (f32, f32) {
    let (mut sx, mut sy, mut n) = (0f32, 0f32, 0f32);
    for (x, y, p) in image.enumerate_pixels() {
        if (0..3).all(|c| (p.0[c] as i32 - colour[c] as i32).abs() < 40) {
            sx += x as f32;
            sy += y as f32;
            n += 1.0;
        }
    }
    assert!(n > 50.0, "colour {colour:?} not found");
    (sx / n, sy / n)
}

#[test]
fn in_a_parallax_clip_product_and_background_move_differently() {
    let (w, h) = (600, 400);
    // Background: grey with yellow markers near the corners; product: a red disc in the middle.
    let background = RgbaImage::from_fn(w, h, |x, y| {
        let marker = (60..110).contains(&y) && ((120..170).contains(&x) || (430..480).contains(&x));
        if marker {
            Rgba([230, 210, 40, 255])
        } else {
            Rgba([110, 115, 120, 255])
        }
    });
    let product = RgbaImage::from_fn(w, h, |x, y| {
        let (dx, dy) = (x as f32 - 300.0, y as f32 - 260.0);
        if dx * dx + dy * dy < 70.0 * 70.0 {
            Rgba([210, 30, 40, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    let source = VideoSource::Layers {
        background: &background,
        product: &product,
        shadow: None,
    };
    let video = animate(
        source,
        "parallax",
        Duration::Five,
        VideoQuality::P480,
        24,
        3,
        &mut NoProgress,
    )
    .unwrap();
    let frames = decode(&parse(&video.mp4), &[0, 119]);
    let (p0, p1) = (
        centroid(&frames[0], [210, 30, 40]),
        centroid(&frames[1], [210, 30, 40]),
    );
    let (b0, b1) = (
        centroid(&frames[0], [230, 210, 40]),
        centroid(&frames[1], [230, 210, 40]),
    );
    let (product_dx, background_dx) = (p1.0 - p0.0, b1.0 - b0.0);
    assert!(
        product_dx.abs() > 5.0 && background_dx.abs() > 5.0,
        "both layers move: {product_dx} {background_dx}"
    );
    assert!(
        (product_dx - background_dx).abs() > 15.0,
        "product {product_dx:.1} px vs background {background_dx:.1} px"
    );
    let corner = frames[1].get_pixel(5, 5).0;
    assert!(
        corner
            .iter()
            .zip([110, 115, 120])
            .all(|(&a, b)| (a as i32 - b).abs() < 12),
        "edge revealed: {corner:?}"
    );
}

#[test]
fn the_same_seed_gives_the_same_file() {
    let png = encode_png(&picture(320, 320));
    let run = || {
        animate(
            VideoSource::Image(&png),
            "pan with a light sweep",
            Duration::Five,
            VideoQuality::P480,
            24,
            9,
            &mut NoProgress,
        )
        .unwrap()
        .mp4
    };
    assert_eq!(run(), run());
}

#[test]
fn bad_inputs_are_refused_and_cancelling_stops() {
    let png = encode_png(&picture(64, 64));
    let err = animate(
        VideoSource::Image(&png),
        "",
        Duration::Five,
        VideoQuality::P480,
        25,
        0,
        &mut NoProgress,
    )
    .unwrap_err();
    assert!(matches!(err, EngineError::InvalidInput(_)), "{err:?}");
    let err = animate(
        VideoSource::Image(b"nope"),
        "",
        Duration::Five,
        VideoQuality::P480,
        24,
        0,
        &mut NoProgress,
    )
    .unwrap_err();
    assert!(matches!(err, EngineError::InvalidInput(_)), "{err:?}");
    let (a, b) = (RgbaImage::new(64, 64), RgbaImage::new(32, 64));
    let layers = VideoSource::Layers {
        background: &a,
        product: &b,
        shadow: None,
    };
    let err = animate(
        layers,
        "",
        Duration::Five,
        VideoQuality::P480,
        24,
        0,
        &mut NoProgress,
    )
    .unwrap_err();
    assert!(matches!(err, EngineError::InvalidInput(_)), "{err:?}");
    let mut frames = 0;
    let mut cancel = |stage: &str, _: f32| {
        if stage == "rendering" {
            frames += 1;
        }
        if frames > 3 {
            Err(engine::Cancelled)
        } else {
            Ok(())
        }
    };
    let err = animate(
        VideoSource::Image(&png),
        "",
        Duration::Ten,
        VideoQuality::P480,
        24,
        0,
        &mut cancel,
    )
    .unwrap_err();
    assert!(matches!(err, EngineError::Cancelled));
}
