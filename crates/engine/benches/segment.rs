//! Segmentation timings on a 12 MP photo, release profile:
//! `cargo bench -p engine --bench segment`.
//! Targets (this 2-core machine): automatic cutout < 1.5 s; a re-solve with the seller's box
//! and strokes < 1 s; peak memory < 1 GiB (`/usr/bin/time -v` around the bench binary).
//!
//! The automatic cutout includes the network's prior (`segnet`, U²-Netp); a re-solve after a
//! stroke reuses the prior of the seller's box (the stroke changes nothing the network sees;
//! `jobs` keeps it), and the network on the box is timed on its own.
//!
//! The input is the first table photo of `tests/photos` enlarged to 12 MP with Lanczos3 (no
//! 12 MP photograph is committed); its box and strokes are enlarged with it.

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use engine::segment::{self, Hints};
use engine::{codec, cutout, NoProgress};
use image::imageops::{self, FilterType};
use serde_json::Value;

/// Strokes enlarged by `s`, kept inside a `w`×`h` photo.
fn scaled(v: &Value, s: f32, w: u32, h: u32) -> Vec<Vec<[f32; 2]>> {
    v.as_array()
        .map(|strokes| {
            strokes
                .iter()
                .map(|st| {
                    st.as_array()
                        .into_iter()
                        .flatten()
                        .map(|p| {
                            [
                                (p[0].as_f64().unwrap_or(0.0) as f32 * s).min(w as f32),
                                (p[1].as_f64().unwrap_or(0.0) as f32 * s).min(h as f32),
                            ]
                        })
                        .collect()
                })
                .collect()
        })
        .unwrap_or_default()
}

fn benches(c: &mut Criterion) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/photos");
    let json: Value = serde_json::from_str(
        &std::fs::read_to_string(dir.join("hints.json")).expect("tests/photos/hints.json"),
    )
    .expect("hints.json is JSON");
    let entry = json["photos"]
        .as_array()
        .and_then(|p| p.iter().find(|p| p["kind"] == "table"))
        .expect("a table photo");
    let bytes = std::fs::read(dir.join(entry["file"].as_str().unwrap_or_default())).unwrap();
    let photo = codec::decode(&bytes, 8192).unwrap();
    let s = (12.0e6 / (photo.width() * photo.height()) as f32).sqrt();
    let (w, h) = (
        (photo.width() as f32 * s) as u32,
        (photo.height() as f32 * s) as u32,
    );
    let big = imageops::resize(&photo, w, h, FilterType::Lanczos3);
    let rect = entry["box"].as_array().map(|b| {
        let v: Vec<f32> = b
            .iter()
            .map(|v| v.as_f64().unwrap_or(0.0) as f32 * s)
            .collect();
        [v[0], v[1], v[2], v[3]]
    });
    let hints = Hints {
        rect,
        keep: scaled(&entry["keep"], s, w, h),
        remove: scaled(&entry["remove"], s, w, h),
        brush_px: entry["brush_px"].as_f64().unwrap_or(20.0) as f32 * s,
        prior: None,
    };
    let mut g = c.benchmark_group("segment");
    g.sample_size(10);
    let name = format!("{w}x{h}");
    segnet::warm_up().unwrap();
    g.bench_function(format!("automatic {name} (network + solve)"), |b| {
        b.iter(|| {
            let hints = Hints {
                prior: Some(segnet::prior(&big, None).unwrap()),
                ..Hints::default()
            };
            segment::segment(&big, &hints, &mut NoProgress).unwrap()
        })
    });
    g.bench_function(format!("network on the box {name}"), |b| {
        b.iter(|| segnet::prior(&big, hints.rect).unwrap())
    });
    let hints = Hints {
        prior: Some(segnet::prior(&big, hints.rect).unwrap()),
        ..hints
    };
    g.bench_function(format!("re-solve with box and strokes {name}"), |b| {
        b.iter(|| segment::segment(&big, &hints, &mut NoProgress).unwrap())
    });
    g.bench_function(format!("cut_out {name}"), |b| {
        b.iter(|| cutout::cut_out(&big, &mut NoProgress).unwrap())
    });
    g.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
