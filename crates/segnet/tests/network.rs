//! The embedded network loads and finds the product of a real table photo.

use std::path::Path;
use std::time::Instant;

use image::imageops::{self, FilterType};

fn photos() -> std::path::PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../engine/tests/photos")
}

#[test]
fn the_network_loads() {
    segnet::warm_up().expect("the embedded network builds");
}

#[test]
fn coffee_is_found_with_97_percent_precision_and_recall() {
    let photo = image::open(photos().join("coffee.png"))
        .expect("coffee.png")
        .to_rgba8();
    let truth = image::open(photos().join("coffee.truth.png"))
        .expect("coffee.truth.png")
        .to_luma8();
    segnet::warm_up().unwrap();
    let start = Instant::now();
    let map = segnet::product_probability(&photo).expect("runs");
    println!("coffee.png: {:.3} s", start.elapsed().as_secs_f32());
    assert_eq!(map.dimensions(), (segnet::SIDE, segnet::SIDE));
    let truth = imageops::resize(&truth, segnet::SIDE, segnet::SIDE, FilterType::Triangle);
    let (mut tp, mut fp, mut fne) = (0u32, 0u32, 0u32);
    for (m, t) in map.pixels().zip(truth.pixels()) {
        match (m[0] >= 128, t[0] >= 128) {
            (true, true) => tp += 1,
            (true, false) => fp += 1,
            (false, true) => fne += 1,
            _ => {}
        }
    }
    let precision = tp as f32 / (tp + fp).max(1) as f32;
    let recall = tp as f32 / (tp + fne).max(1) as f32;
    println!("coffee.png: precision {precision:.3}, recall {recall:.3}");
    assert!(precision >= 0.97 && recall >= 0.97, "{precision}/{recall}");
}

#[test]
fn a_region_is_seen_on_its_own() {
    let photo = image::open(photos().join("coffee.png"))
        .expect("coffee.png")
        .to_rgba8();
    let map = segnet::product_probability_in(&photo, [60, 0, 500, 400]).expect("runs");
    assert_eq!(map.dimensions(), (segnet::SIDE, segnet::SIDE));
    assert!(matches!(
        segnet::product_probability_in(&photo, [10, 10, 10, 50]),
        Err(segnet::SegnetError::Empty(..))
    ));
}
