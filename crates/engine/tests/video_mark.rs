//! The free plan's mark on a video: every frame of the marked copy, decoded by ffmpeg (a
//! decoder independent of ours), shows the same corner mark a picture gets, and nothing else
//! of the clip changes beyond the re-encode's noise.

mod common;

use common::ffmpeg::{frame_count, frame_number};
use common::DiscShot;
use domain::generation::Duration;
use engine::video::{animate, mark_mp4, VideoQuality, VideoSource};
use engine::{watermark, EngineError, NoProgress};
use image::RgbImage;

/// A landscape picture with a bright corner, where a dark mark shows most.
fn picture(w: u32, h: u32) -> Vec<u8> {
    DiscShot {
        disc: [190, 60, 70],
        radius_squared: 0.03,
        round: false,
        ..DiscShot::red(w, h)
    }
    .png()
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
        let clean = frame_number(&clean_file, n);
        let got = frame_number(&marked_file, n);
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
