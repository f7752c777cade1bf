//! Edits, video and music against their time budgets: inpainting 15% of a 1024×1024 image
//! < 1.5 s, a 5 s 720p 30 fps clip < 4 s, 15 s of music < 500 ms.

use criterion::{criterion_group, criterion_main, Criterion};
use domain::generation::Duration;
use engine::audio::{compose, AudioFormat};
use engine::edit::{apply_edit, EditOp};
use engine::video::{animate, VideoQuality, VideoSource};
use engine::NoProgress;
use image::{GrayImage, Luma, Rgba, RgbaImage};

/// A textured 1024×1024 picture (flat images make PatchMatch unrealistically fast).
fn textured(w: u32, h: u32) -> RgbaImage {
    RgbaImage::from_fn(w, h, |x, y| {
        let n = (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(40_503)) >> 27;
        let stripe = if (x / 9 + y / 13) % 2 == 0 { 40 } else { 0 };
        Rgba([
            (90 + stripe + n) as u8,
            (120 + n * 2) as u8,
            (150 - stripe / 2) as u8,
            255,
        ])
    })
}

/// A 1024×1024 picture with texture but no repeating pattern: blotches of 8-pixel cells and
/// per-pixel grain, so a removal has no period to follow and goes to PatchMatch.
fn irregular(w: u32, h: u32) -> RgbaImage {
    let hash = |x: u32, y: u32| {
        (x.wrapping_mul(2_654_435_761) ^ y.wrapping_mul(2_246_822_519)).wrapping_mul(3_266_489_917)
            >> 26
    };
    RgbaImage::from_fn(w, h, |x, y| {
        let blotch = hash(x / 8 + 7, y / 8 + 3);
        let grain = hash(x, y) >> 2;
        Rgba([
            (100 + blotch + grain) as u8,
            (110 + blotch) as u8,
            (130 + grain) as u8,
            255,
        ])
    })
}

fn bench_media(c: &mut Criterion) {
    let mut group = c.benchmark_group("media");
    group.sample_size(10);

    let image = textured(1024, 1024);
    // A disc of 15% of the area, like a brushed-over object.
    let r2 = 0.15 * 1024.0 * 1024.0 / std::f32::consts::PI;
    let mask = GrayImage::from_fn(1024, 1024, |x, y| {
        let (dx, dy) = (x as f32 - 560.0, y as f32 - 480.0);
        Luma([if dx * dx + dy * dy <= r2 { 255 } else { 0 }])
    });
    group.bench_function("inpaint 15% of 1024x1024", |b| {
        b.iter(|| {
            let mut edited = image.clone();
            apply_edit(&mut edited, &mask, EditOp::Remove, 1, &mut NoProgress).unwrap();
            edited
        })
    });
    let plain = irregular(1024, 1024);
    group.bench_function("inpaint 15% of 1024x1024, no pattern", |b| {
        b.iter(|| {
            let mut edited = plain.clone();
            apply_edit(&mut edited, &mask, EditOp::Remove, 1, &mut NoProgress).unwrap();
            edited
        })
    });

    let background = textured(1024, 1536);
    let product = RgbaImage::from_fn(1024, 1536, |x, y| {
        let (dx, dy) = (x as f32 - 512.0, y as f32 - 900.0);
        if dx * dx / 300.0f32.powi(2) + dy * dy / 420.0f32.powi(2) < 1.0 {
            Rgba([200, 60, 70, 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    group.bench_function("video 5 s 720p 30 fps parallax + sweep", |b| {
        b.iter(|| {
            let source = VideoSource::Layers {
                background: &background,
                product: &product,
                shadow: None,
            };
            animate(
                source,
                "parallax with a light sweep",
                Duration::Five,
                VideoQuality::P720,
                30,
                1,
                &mut NoProgress,
            )
            .unwrap()
        })
    });

    group.bench_function("music 15 s ogg", |b| {
        b.iter(|| {
            compose(
                "upbeat summer promo",
                15.0,
                false,
                1,
                AudioFormat::OggVorbis,
                &mut NoProgress,
            )
            .unwrap()
        })
    });
    group.finish();
}

criterion_group!(benches, bench_media);
criterion_main!(benches);
