//! Reels read back by ffprobe and ffmpeg (not our reader): H.264 and AAC-LC at each reel
//! target's size, as long as the video within 0.1 s, the music audible and fading out at
//! the end; a video kept whole inside the reel's frame, and a scene the engine can render
//! again made again at the reel's ratio, with real scene (not a blur) above and below the
//! product.

mod common;

use common::ffmpeg::{self, frame, probe, rms, sound};
use common::DiscShot;
use domain::generation::Duration;
use domain::{Quality, Resolution};
use engine::audio::{compose, AudioFormat};
use engine::export::{reels, ReelSource, Target};
use engine::generate::ImageRequest;
use engine::video::{animate, VideoQuality, VideoSource};
use engine::{codec, NoProgress};
use image::RgbImage;

#[test]
fn a_video_with_music_becomes_reels_with_h264_and_aac_lc_that_fade_out() {
    let clip = animate(
        VideoSource::Image(&DiscShot::red(960, 540).png()),
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
    let made = reels(
        ReelSource::Video(&clip.mp4),
        &music.bytes,
        &targets,
        true,
        None,
        &mut NoProgress,
    )
    .unwrap();
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
        assert_eq!(rules, ["size", "streams", "duration", "extension"]);
        assert!(
            reel.file.checks[3].detail.contains("kept whole"),
            "{:?}",
            reel.file.checks[3]
        );
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
    let first = frame(&file, 0.0);
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

/// Where the amber product is in `frame`: (left, top, right, bottom).
fn amber_box(frame: &RgbImage) -> (u32, u32, u32, u32) {
    let mut b = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in frame.enumerate_pixels() {
        let [r, g, bl] = p.0.map(i32::from);
        if r > 110 && r - bl > 80 && g > bl && r > g {
            b = (b.0.min(x), b.1.min(y), b.2.max(x + 1), b.3.max(y + 1));
        }
    }
    b
}

#[test]
fn a_reel_of_a_scene_the_engine_can_render_again_is_that_scene_at_the_reels_ratio() {
    // A square studio clip of a scene staged from a product photo, as the studio makes one.
    let photo = common::photo(
        common::Item::AmberBottle,
        common::Backdrop::Grey,
        800,
        800,
        3,
    );
    let photo = codec::encode_png(&photo.image).unwrap();
    let photos = [photo.as_slice()];
    let scene = ImageRequest {
        reference_photos: &photos,
        resolution: Resolution::Square,
        quality: Quality::Low,
        seed: 21,
        ..ImageRequest::new("serum bottle on a marble counter")
    };
    let motion = "slow push in";
    let layers = engine::scene::render_layers(&scene, &mut NoProgress).unwrap();
    let clip = animate(
        VideoSource::Layers {
            background: &layers.background,
            product: &layers.product,
            shadow: Some(&layers.shadow),
        },
        motion,
        Duration::Five,
        VideoQuality::P480,
        24,
        21,
        &mut NoProgress,
    )
    .unwrap();
    let music = compose(
        "calm piano",
        6.0,
        false,
        2,
        AudioFormat::Wav,
        &mut NoProgress,
    )
    .unwrap();
    let again = ReelSource::Scene {
        video: &clip.mp4,
        scene,
        motion,
        duration: Duration::Five,
        seed: 21,
    };

    let dir = std::env::temp_dir().join(format!("engine-reel-again-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut frames = Vec::new();
    for (name, source) in [("again", again), ("kept", ReelSource::Video(&clip.mp4))] {
        let made = reels(
            source,
            &music.bytes,
            &[Target::Reel],
            false,
            None,
            &mut NoProgress,
        )
        .unwrap();
        let file = &made[0].file;
        assert!(file.checks.iter().all(|c| c.ok), "{:?}", file.checks);
        let how = file.checks.iter().find(|c| c.rule == "extension").unwrap();
        let said = if name == "again" {
            "rendered again at the reel's ratio"
        } else {
            "kept whole"
        };
        assert!(how.detail.contains(said), "{name}: {how:?}");
        let path = dir.join(format!("{name}.mp4"));
        std::fs::write(&path, &file.bytes).unwrap();
        let info = probe(&path);
        let seconds: f64 = info["format"]["duration"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        assert!((seconds - 5.0).abs() <= 0.1, "{name} lasts {seconds} s");
        frames.push(frame(&path, 2.5));
    }
    let (again, kept) = (&frames[0], &frames[1]);
    assert_eq!(again.dimensions(), (1080, 1920));

    // The square clip covers rows 420–1500 of the kept reel; above and below is its blur,
    // without an edge. Made again, those bands are the scene itself, edges and all.
    for band in [0..400, 1520..1920] {
        let (made, blurred) = (
            ffmpeg::edges(again, band.clone()),
            ffmpeg::edges(kept, band.clone()),
        );
        assert!(
            made > 0.005 && blurred < 0.001,
            "rows {band:?}: {:.2} % edges made again, {:.2} % blurred",
            made * 100.0,
            blurred * 100.0
        );
    }
    assert!(
        ffmpeg::edges(kept, 600..1300) > 0.005,
        "the kept reel's middle has no edges"
    );

    // The product is whole: clear of the frame's edges, as tall as a product stands.
    let (left, top, right, bottom) = amber_box(again);
    assert!(
        left > 40 && right < 1040 && top > 100 && bottom < 1820,
        "the product at ({left}, {top})–({right}, {bottom})"
    );
    assert!(
        bottom - top > 400,
        "the product is {} px tall",
        bottom - top
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn reels_refuse_pictures_targets_and_unreadable_music() {
    let clip = animate(
        VideoSource::Image(&DiscShot::red(640, 360).png()),
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
        ReelSource::Video(&clip.mp4),
        &music.bytes,
        &[Target::Etsy],
        false,
        None,
        &mut NoProgress
    )
    .is_err());
    assert!(reels(
        ReelSource::Video(&clip.mp4),
        b"not music",
        &[Target::Reel],
        false,
        None,
        &mut NoProgress
    )
    .is_err());
    assert!(reels(
        ReelSource::Video(b"not a video"),
        &music.bytes,
        &[Target::Reel],
        false,
        None,
        &mut NoProgress
    )
    .is_err());
    // Music shorter than the video is repeated to its length.
    let short = reels(
        ReelSource::Video(&clip.mp4),
        &music.bytes[..44 + 4 * 44_100 * 2],
        &[Target::ReelSquare],
        false,
        None,
        &mut NoProgress,
    )
    .unwrap();
    assert!(
        short[0].file.checks.iter().all(|c| c.ok),
        "{:?}",
        short[0].file.checks
    );
}
