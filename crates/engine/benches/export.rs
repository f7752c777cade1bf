//! A full export pack: the nine image targets from one offline image (its product photo cut
//! out once, each ratio re-rendered, every file encoded and checked), on all cores:
//! `cargo bench -p engine --bench export`. Target: under 2 s on the 2-core machine.

#[path = "../tests/common/mod.rs"]
mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use domain::{Quality, Resolution};
use engine::export::{export, Source, Target};
use engine::generate::{ImageRequest, OutputFormat};
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
}

criterion_group!(group, benches);
criterion_main!(group);
