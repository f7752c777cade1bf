//! Image engine timings, single-threaded, release profile:
//! `cargo bench -p engine --bench image`.
//! Targets: cutout of a 2048×2048 photo < 150 ms; a 1024×1536 medium-quality scene,
//! encoded, < 300 ms.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use domain::{ColorPalette, Composition, Environment, Lighting, Quality, Resolution};
use engine::generate::{generate_image, ImageRequest, OutputFormat};
use engine::prompt::SceneChoice;
use engine::scene::{self, Product, SceneSpec};
use engine::{codec, cutout, NoProgress};

fn benches(c: &mut Criterion) {
    let photo = common::photo(common::Item::Bottle, common::Backdrop::Grey, 2048, 2048, 1);
    let mut g = c.benchmark_group("image");
    g.sample_size(10);
    g.bench_function("cutout 2048x2048", |b| {
        b.iter(|| cutout::cut_out(&photo.image, &mut NoProgress).unwrap())
    });
    let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();

    // Stage by stage for a portrait medium scene, then the whole request.
    let choice = SceneChoice {
        environment: Environment::LuxuryMarble,
        palette: ColorPalette::WarmCozy,
        lighting: Lighting::GoldenHour,
        composition: Composition::LifestyleContext,
    };
    let spec = SceneSpec::new(choice, 1024, 1536, Quality::Medium, 7);
    g.bench_function("scene layers 1024x1536 medium", |b| {
        b.iter(|| scene::render_scene(&spec, Product::Photo(&cut), &mut NoProgress).unwrap())
    });
    let layers = scene::render_scene(&spec, Product::Photo(&cut), &mut NoProgress).unwrap();
    g.bench_function("flatten 1024x1536", |b| b.iter(|| scene::flatten(&layers)));
    let flat = scene::flatten(&layers);
    g.bench_function("encode png 1024x1536", |b| {
        b.iter(|| codec::encode_png(&flat).unwrap())
    });
    g.bench_function("encode jpeg 1024x1536", |b| {
        b.iter(|| codec::encode_jpeg(&flat, 90).unwrap())
    });

    for env in Environment::ALL {
        let spec = SceneSpec::new(
            SceneChoice {
                environment: *env,
                ..choice
            },
            1024,
            1536,
            Quality::Medium,
            7,
        );
        g.bench_function(format!("scene {env} 1024x1536 medium"), |b| {
            b.iter(|| {
                scene::flatten(
                    &scene::render_scene(&spec, Product::Photo(&cut), &mut NoProgress).unwrap(),
                )
            })
        });
    }

    let req = ImageRequest {
        resolution: Resolution::Portrait,
        quality: Quality::Medium,
        format: OutputFormat::Png,
        environment: Some(Environment::LuxuryMarble),
        ..ImageRequest::new("amber perfume bottle at golden hour")
    };
    g.bench_function("generate_image 1024x1536 medium png (mockup)", |b| {
        b.iter(|| generate_image(&req, &mut NoProgress).unwrap())
    });
    let req_jpeg = ImageRequest {
        format: OutputFormat::Jpeg,
        ..req
    };
    g.bench_function("generate_image 1024x1536 medium jpeg (mockup)", |b| {
        b.iter(|| generate_image(&req_jpeg, &mut NoProgress).unwrap())
    });
    g.finish();
}

criterion_group!(image_benches, benches);
criterion_main!(image_benches);
