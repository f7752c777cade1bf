//! The studio's own work around the image model's call for an AI scene with the exact
//! product, single-threaded, release profile: `cargo bench -p engine --bench exact_scene`.
//! Target: cutout, placement, mask and their PNGs before the call, and scaling, compositing
//! and encoding the answer after it, under 300 ms for a 1024×1536 image.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use domain::{ColorPalette, Composition, Environment, Lighting, Quality};
use engine::exact_scene;
use engine::prompt::SceneChoice;
use engine::scene::SceneSpec;
use engine::{codec, NoProgress};

fn benches(c: &mut Criterion) {
    let photo = common::photo(common::Item::Bottle, common::Backdrop::Grey, 1536, 2048, 1);
    let spec = SceneSpec::new(
        SceneChoice {
            environment: Environment::LuxuryMarble,
            palette: ColorPalette::WarmCozy,
            lighting: Lighting::GoldenHour,
            composition: Composition::ProductHero,
        },
        1024,
        1536,
        Quality::Medium,
        7,
    );
    let prepared = exact_scene::prepare(&photo.image, &spec, &mut NoProgress).unwrap();
    // What a model answers: the canvas it was sent, recoloured, as PNG.
    let mut answer = prepared.staged.canvas.clone();
    for p in answer.pixels_mut() {
        p.0 = [255 - p[0], p[2], p[1], 255];
    }
    let answer = codec::encode_png(&answer).unwrap();

    let mut g = c.benchmark_group("exact scene");
    g.sample_size(10);
    g.bench_function(
        "before the call: cutout 1536x2048, place, mask, PNGs",
        |b| b.iter(|| exact_scene::prepare(&photo.image, &spec, &mut NoProgress).unwrap()),
    );
    g.bench_function("after the call: decode, composite, encode 1024x1536", |b| {
        b.iter(|| exact_scene::finish(&prepared.staged, &answer).unwrap())
    });
    g.bench_function("around the call, in all 1024x1536", |b| {
        b.iter(|| {
            let prepared = exact_scene::prepare(&photo.image, &spec, &mut NoProgress).unwrap();
            exact_scene::finish(&prepared.staged, &answer).unwrap()
        })
    });
    g.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
