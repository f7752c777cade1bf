//! The free plan's mark on a video: every frame of the marked copy, decoded by ffmpeg (a
//! decoder independent of ours), shows the same corner mark a picture gets, and nothing else
//! of the clip changes beyond the re-encode's noise.

use std::path::Path;
use std::process::Command;

use domain::generation::Duration;
use engine::video::{animate, mark_mp4, VideoQuality, VideoSource};
use engine::{watermark, EngineError, NoProgress};
use image::{RgbImage, Rgba, RgbaImage};

/// A landscape picture with a bright corner, where a dark mark shows most.
fn picture(w: u32, h: u32) -> Vec<u8> {
    let image = RgbaImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (x as f32 / w as f32, y as f32 / h as f32);
        let (dx, dy) = (fx - 0.5, fy - 0.5);
        if dx * dx + dy * dy < 0.03 {
            Rgba([190, 60, 70, 255])
        } else {
            Rgba([
                (170.0 + 60.0 * fx) as u8,
                (180.0 + 50.0 * fy) as u8,
                200,
                255,
            ])
        }
    });
    let mut out = std::io::Cursor::new(Vec::new());
    image.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

fn ffmpeg(args: &[&str]) -> Vec<u8> {
    let output = Command::new("ffmpeg")
        .args(["-v", "error", "-nostdin"])
        .args(args)
        .output()
        .expect("ffmpeg is installed");
    assert!(
        output.status.success(),
        "ffmpeg {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// Frame `n` of the file, as ffmpeg decodes it.
fn frame(file: &Path, n: usize) -> RgbImage {
    let png = ffmpeg(&[
        "-i",
        file.to_str().unwrap(),
        "-vf",
        &format!("select=eq(n\\,{n})"),
        "-frames:v",
        "1",
        "-f",
        "image2pipe",
        "-c:v",
        "png",
        "-",
    ]);
    image::load_from_memory(&png).unwrap().to_rgb8()
}

fn frame_count(file: &Path) -> usize {
    let out = ffmpeg(&[
        "-i",
        file.to_str().unwrap(),
        "-map",
        "0:v:0",
        "-f",
        "framemd5",
        "-",
    ]);
    String::from_utf8_lossy(&out)
        .lines()
        .filter(|line| !line.starts_with('#'))
        .count()
}

/// The mean absolute difference per channel of `a` and `b` over the pixels `which` picks.
fn difference(a: &RgbImage, b: &RgbImage, which: impl Fn(u32, u32) -> bool) -> f64 {
    let (mut sum, mut count) = (0u64, 0u64);
    for (x, y, p) in a.enumerate_pixels() {
        if which(x, y) {
            let q = b.get_pixel(x, y);
            sum += (0..3).map(|c| u64::from(p[c].abs_diff(q[c]))).sum::<u64>();
            count += 3;
        }
    }
    assert!(count > 0, "no pixel compared");
    sum as f64 / count as f64
}

#[test]
fn every_frame_of_a_marked_clip_carries_the_mark() {
    let source = picture(960, 540);
    let clip = animate(
        VideoSource::Image(&source),
        "slow push in",
        Duration::Five,
        VideoQuality::P480,
        24,
        7,
        &mut NoProgress,
    )
    .unwrap();
    let marked = mark_mp4(&clip.mp4).unwrap();

    let dir = std::env::temp_dir().join(format!("engine-video-mark-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (clean_file, marked_file) = (dir.join("clean.mp4"), dir.join("marked.mp4"));
    std::fs::write(&clean_file, &clip.mp4).unwrap();
    std::fs::write(&marked_file, &marked).unwrap();
    // The same clip: as many frames, the same size, fast start.
    assert_eq!(frame_count(&marked_file), 120);
    assert_eq!(frame_count(&clean_file), 120);
    let moov = marked.windows(4).position(|w| w == b"moov").unwrap();
    let mdat = marked.windows(4).position(|w| w == b"mdat").unwrap();
    assert!(
        moov < mdat,
        "the index comes first, so browsers play at once"
    );

    for n in [0, 47, 119] {
        let clean = frame(&clean_file, n);
        let got = frame(&marked_file, n);
        assert_eq!(got.dimensions(), clean.dimensions());
        assert_eq!(got.dimensions(), (clip.width, clip.height));
        // What the mark should look like on this frame: the clean frame marked as a picture is.
        let mut expected = image::DynamicImage::ImageRgb8(clean.clone()).to_rgba8();
        watermark::mark(&mut expected);
        let expected = image::DynamicImage::ImageRgba8(expected).to_rgb8();
        let in_mark = |x: u32, y: u32| expected.get_pixel(x, y) != clean.get_pixel(x, y);
        let marked_from_clean = difference(&got, &clean, in_mark);
        let marked_from_expected = difference(&got, &expected, in_mark);
        assert!(
            marked_from_clean > 25.0,
            "frame {n}: the mark's pixels changed by only {marked_from_clean:.1}"
        );
        assert!(
            marked_from_expected < 12.0,
            "frame {n}: the mark differs from a picture's by {marked_from_expected:.1}"
        );
        let (w, h) = clean.dimensions();
        let elsewhere = difference(&got, &clean, |x, y| x < w / 2 || y < h * 3 / 4);
        assert!(
            elsewhere < 3.0,
            "frame {n}: the rest of the frame changed by {elsewhere:.1}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_without_an_h264_track_is_refused() {
    for bytes in [
        &b"not a video"[..],
        &[0, 0, 0, 8, b'f', b't', b'y', b'p'][..],
        &[],
    ] {
        assert!(matches!(mark_mp4(bytes), Err(EngineError::InvalidInput(_))));
    }
}
