//! Reels read back by ffprobe and ffmpeg (not our reader): H.264 and AAC-LC at each reel
//! target's size, as long as the video within 0.1 s, the music audible and fading out at
//! the end, and the whole video frame inside the reel's frame.

use std::path::Path;
use std::process::Command;

use domain::generation::Duration;
use engine::audio::{compose, AudioFormat};
use engine::export::{reels, Target};
use engine::video::{animate, VideoQuality, VideoSource};
use engine::NoProgress;
use image::{Rgba, RgbaImage};

fn run(program: &str, args: &[&str]) -> Vec<u8> {
    let output = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} is installed: {e}"));
    assert!(
        output.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

fn probe(file: &Path) -> serde_json::Value {
    let out = run(
        "ffprobe",
        &[
            "-v",
            "error",
            "-print_format",
            "json",
            "-show_streams",
            "-show_format",
            file.to_str().unwrap(),
        ],
    );
    serde_json::from_slice(&out).unwrap()
}

/// The reel's sound decoded by ffmpeg: mono floats at 44.1 kHz.
fn sound(file: &Path) -> Vec<f32> {
    let raw = run(
        "ffmpeg",
        &[
            "-v",
            "error",
            "-nostdin",
            "-i",
            file.to_str().unwrap(),
            "-map",
            "0:a:0",
            "-f",
            "s16le",
            "-ac",
            "1",
            "-ar",
            "44100",
            "-",
        ],
    );
    raw.chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]) as f32 / 32768.0)
        .collect()
}

fn rms(samples: &[f32]) -> f32 {
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len().max(1) as f32).sqrt()
}

/// A landscape product shot: a red disc on a pale gradient.
fn picture(w: u32, h: u32) -> Vec<u8> {
    let image = RgbaImage::from_fn(w, h, |x, y| {
        let (fx, fy) = (x as f32 / w as f32, y as f32 / h as f32);
        let (dx, dy) = (fx - 0.5, (fy - 0.5) * h as f32 / w as f32);
        if dx * dx + dy * dy < 0.01 {
            Rgba([200, 40, 50, 255])
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

#[test]
fn a_video_with_music_becomes_reels_with_h264_and_aac_lc_that_fade_out() {
    let clip = animate(
        VideoSource::Image(&picture(960, 540)),
        "slow push in",
        Duration::Five,
        VideoQuality::P480,
        24,
        11,
        &mut NoProgress,
    )
    .unwrap();
    let music = compose(
        "energetic electronic beat",
        12.0,
        false,
        4,
        AudioFormat::OggVorbis,
        &mut NoProgress,
    )
    .unwrap();
    let targets = [Target::Reel, Target::ReelSquare, Target::ReelFeed];
    let made = reels(&clip.mp4, &music.bytes, &targets, true, &mut NoProgress).unwrap();
    assert_eq!(made.len(), 3);

    let dir = std::env::temp_dir().join(format!("engine-reel-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for (reel, target) in made.iter().zip(targets) {
        assert_eq!(reel.file.target, target);
        assert!(
            reel.file.checks.iter().all(|c| c.ok),
            "{target:?}: {:?}",
            reel.file.checks
        );
        let rules: Vec<_> = reel.file.checks.iter().map(|c| c.rule).collect();
        assert_eq!(rules, ["size", "streams", "duration"]);
        let (w, h) = target.size().unwrap();
        for (copy, bytes) in [
            ("clean", &reel.file.bytes),
            ("marked", reel.marked.as_ref().unwrap()),
        ] {
            let file = dir.join(format!("{}-{copy}.mp4", target.as_str()));
            std::fs::write(&file, bytes).unwrap();
            let info = probe(&file);
            let streams = info["streams"].as_array().unwrap();
            let video = streams.iter().find(|s| s["codec_type"] == "video").unwrap();
            let audio = streams.iter().find(|s| s["codec_type"] == "audio").unwrap();
            assert_eq!(video["codec_name"], "h264", "{info}");
            assert_eq!(
                (video["width"].as_u64(), video["height"].as_u64()),
                (Some(w as u64), Some(h as u64))
            );
            assert_eq!(audio["codec_name"], "aac", "{info}");
            assert_eq!(audio["profile"], "LC", "{info}");
            assert_eq!(audio["channels"], 2, "{info}");
            assert!(["44100", "48000"].contains(&audio["sample_rate"].as_str().unwrap()));
            for stream in [video, audio] {
                let seconds: f64 = stream["duration"].as_str().unwrap().parse().unwrap();
                assert!(
                    (seconds - 5.0).abs() <= 0.1,
                    "{target:?} {copy}: a stream lasts {seconds} s, the video 5 s"
                );
            }
            let seconds: f64 = info["format"]["duration"]
                .as_str()
                .unwrap()
                .parse()
                .unwrap();
            assert!((seconds - 5.0).abs() <= 0.1, "the file lasts {seconds} s");

            // The music plays, and its end fades: the last 0.2 s are much quieter than the
            // middle second.
            let pcm = sound(&file);
            let middle = rms(&pcm[2 * 44_100..3 * 44_100]);
            let end = rms(&pcm[pcm.len() - 8_820..]);
            assert!(
                middle > 0.03,
                "{target:?}: the music is silent ({middle:.4})"
            );
            assert!(
                end < middle * 0.3,
                "{target:?}: the end ({end:.4}) does not fade from the middle ({middle:.4})"
            );
        }
    }

    // The whole video frame is inside the reel: the product's red disc is there, centred,
    // and the 9:16 reel's top and bottom are filled (not black).
    let file = dir.join("reel-clean.mp4");
    let png = run(
        "ffmpeg",
        &[
            "-v",
            "error",
            "-nostdin",
            "-i",
            file.to_str().unwrap(),
            "-frames:v",
            "1",
            "-f",
            "image2pipe",
            "-c:v",
            "png",
            "-",
        ],
    );
    let first = image::load_from_memory(&png).unwrap().to_rgb8();
    let centre = first.get_pixel(540, 960);
    assert!(centre[0] > 150 && centre[1] < 110, "centre {centre:?}");
    for y in [40, 1880] {
        let p = first.get_pixel(540, y);
        assert!(
            p.0.iter().map(|&c| c as u32).sum::<u32>() > 300,
            "row {y}: {p:?}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reels_refuse_pictures_targets_and_unreadable_music() {
    let clip = animate(
        VideoSource::Image(&picture(640, 360)),
        "pan left",
        Duration::Five,
        VideoQuality::P480,
        24,
        2,
        &mut NoProgress,
    )
    .unwrap();
    let music = compose("calm", 5.0, false, 1, AudioFormat::Wav, &mut NoProgress).unwrap();
    assert!(reels(
        &clip.mp4,
        &music.bytes,
        &[Target::Etsy],
        false,
        &mut NoProgress
    )
    .is_err());
    assert!(reels(
        &clip.mp4,
        b"not music",
        &[Target::Reel],
        false,
        &mut NoProgress
    )
    .is_err());
    assert!(reels(
        b"not a video",
        &music.bytes,
        &[Target::Reel],
        false,
        &mut NoProgress
    )
    .is_err());
    // Music shorter than the video is repeated to its length.
    let short = reels(
        &clip.mp4,
        &music.bytes[..44 + 4 * 44_100 * 2],
        &[Target::ReelSquare],
        false,
        &mut NoProgress,
    )
    .unwrap();
    assert!(
        short[0].file.checks.iter().all(|c| c.ok),
        "{:?}",
        short[0].file.checks
    );
}
