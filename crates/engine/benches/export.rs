//! A full export pack: the nine image targets from one offline image (its product photo cut
//! out once, each ratio re-rendered, every file encoded and checked), on all cores:
//! `cargo bench -p engine --bench export`. Target: under 2 s on the 2-core machine. Also one
//! 1080×1920 reel from a studio clip (5 s, 720p, 24 fps) and 15 s of music: every frame
//! decoded, extended to 9:16, encoded as H.264, the music fitted and encoded as AAC-LC; and
//! the same reel made again (the scene rendered at 9:16 and animated at 1080×1920).

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use domain::generation::Duration;
use domain::{Quality, Resolution};
use engine::audio::{compose, AudioFormat};
use engine::export::{export, reels, ReelSource, Source, Target};
use engine::generate::{ImageRequest, OutputFormat};
use engine::video::{animate, VideoQuality, VideoSource};
use engine::{codec, NoProgress};

fn benches(c: &mut Criterion) {
    let photo = common::photo(
        common::Item::AmberBottle,
        common::Backdrop::Grey,
        1024,
        1024,
        1,
    );
    let photo = codec::encode_png(&photo.image).unwrap();
    let photos = [photo.as_slice()];
    let req = ImageRequest {
        reference_photos: &photos,
        resolution: Resolution::Portrait,
        quality: Quality::Medium,
        seed: 7,
        format: OutputFormat::Jpeg,
        ..ImageRequest::new("serum bottle on marble")
    };
    let mut g = c.benchmark_group("export");
    g.sample_size(10);
    g.bench_function("nine targets from one offline image", |b| {
        b.iter(|| export(&Source::Engine(req), Target::PICTURES, &mut NoProgress).unwrap())
    });

    let scene = engine::generate::generate_image(&req, &mut NoProgress).unwrap();
    let clip = animate(
        VideoSource::Image(&scene.bytes),
        "slow push in",
        Duration::Five,
        VideoQuality::P720,
        24,
        7,
        &mut NoProgress,
    )
    .unwrap();
    let music = compose(
        "upbeat summer pop",
        15.0,
        false,
        7,
        AudioFormat::OggVorbis,
        &mut NoProgress,
    )
    .unwrap();
    g.bench_function("one 1080x1920 reel of a 5 s clip with music", |b| {
        b.iter(|| {
            reels(
                ReelSource::Video(&clip.mp4),
                &music.bytes,
                &[Target::Reel],
                false,
                None,
                &mut NoProgress,
            )
            .unwrap()
        })
    });
    g.bench_function(
        "one 1080x1920 reel of a studio clip made again with music",
        |b| {
            b.iter(|| {
                let again = ReelSource::Scene {
                    video: &clip.mp4,
                    scene: req,
                    motion: "slow push in",
                    duration: Duration::Five,
                    seed: 7,
                };
                reels(
                    again,
                    &music.bytes,
                    &[Target::Reel],
                    false,
                    None,
                    &mut NoProgress,
                )
                .unwrap()
            })
        },
    );
}

criterion_group!(group, benches);
criterion_main!(group);
