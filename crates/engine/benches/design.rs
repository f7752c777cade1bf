//! Ad designs, release profile: `cargo bench -p engine --bench design`.
//! Targets at 1080×1350: re-laying and re-rendering after a text edit under 150 ms; a whole
//! design (layout and render) from an existing image under 400 ms.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use engine::design::{lay_out, render, AdCopy, Brand, FontBook, Template, CATALOGUE};
use image::imageops::{resize, FilterType};

fn benches(c: &mut Criterion) {
    let mut book = FontBook::new();
    for f in CATALOGUE {
        let bytes = std::fs::read(f.path)
            .unwrap_or_else(|e| panic!("{} ({e}): install {}", f.path, f.package));
        book.add(f.name, bytes).unwrap();
    }
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/photos");
    // A seller's photo at upload size: the test photo scaled to 2025×1350.
    let pic = resize(
        &image::open(dir.join("coffee.png")).unwrap().to_rgba8(),
        2025,
        1350,
        FilterType::Triangle,
    );
    let mask = resize(
        &image::open(dir.join("coffee.truth.png"))
            .unwrap()
            .to_luma8(),
        2025,
        1350,
        FilterType::Nearest,
    );
    let brand = Brand {
        colours: vec![[58, 36, 24], [196, 74, 24]],
        heading_font: "League Spartan Bold".into(),
        body_font: "Lato".into(),
        logo: None,
    };
    let copy = AdCopy {
        headline: "Fresh espresso, roasted this morning".into(),
        subline: Some("Single-origin beans from our Lisbon roastery".into()),
        offer: Some("20% off this weekend".into()),
        cta: Some("Order now".into()),
        logo: false,
    };
    let size = (1080, 1350);
    let mut g = c.benchmark_group("design");
    g.sample_size(20);
    g.bench_function("design from an existing image 1080x1350", |b| {
        b.iter(|| {
            let d = lay_out(
                &pic,
                Some(&mask),
                &copy,
                &brand,
                &book,
                Template::HeadlineTopLeft,
                size,
            )
            .unwrap();
            render(&pic, &d, &book, None)
        })
    });
    let mut n = 0u32;
    g.bench_function("re-render after a text edit 1080x1350", |b| {
        b.iter(|| {
            n += 1;
            let edited = AdCopy {
                headline: format!("Fresh espresso, {n} cups a day"),
                ..copy.clone()
            };
            let d = lay_out(
                &pic,
                Some(&mask),
                &edited,
                &brand,
                &book,
                Template::HeadlineTopLeft,
                size,
            )
            .unwrap();
            render(&pic, &d, &book, None)
        })
    });
    // What the server does for a new design over a stored 1080×1350 picture with its
    // product mask stored beside it: decode both, lay out and render, encode the PNG it
    // stores and make its thumbnail from the rendered pixels. Then each step alone.
    let stored = engine::codec::encode_jpeg(
        &resize(&pic, 1080, 1350, FilterType::Triangle),
        engine::codec::JPEG_QUALITY,
    )
    .unwrap();
    let stored_mask =
        engine::codec::encode_mask_png(&resize(&mask, 1080, 1350, FilterType::Nearest)).unwrap();
    let set = |picture: &image::RgbaImage, mask: &image::GrayImage| {
        let d = lay_out(
            picture,
            Some(mask),
            &copy,
            &brand,
            &book,
            Template::HeadlineTopLeft,
            picture.dimensions(),
        )
        .unwrap();
        render(picture, &d, &book, None)
    };
    g.bench_function("design as the server sets it 1080x1350", |b| {
        b.iter(|| {
            let picture = engine::codec::decode(&stored, engine::codec::MAX_DIMENSION).unwrap();
            let mask = engine::codec::decode_mask_png(&stored_mask, 1080, 1350).unwrap();
            let rendered = set(&picture, &mask);
            let png = engine::codec::encode_png(&rendered).unwrap();
            let thumbnail =
                engine::intake::thumbnail_of_pixels(&image::DynamicImage::ImageRgba8(rendered))
                    .unwrap();
            (png, thumbnail)
        })
    });
    let picture = engine::codec::decode(&stored, engine::codec::MAX_DIMENSION).unwrap();
    let small_mask = engine::codec::decode_mask_png(&stored_mask, 1080, 1350).unwrap();
    let rendered = image::DynamicImage::ImageRgba8(set(&picture, &small_mask));
    g.bench_function("step: decode the stored JPEG 1080x1350", |b| {
        b.iter(|| engine::codec::decode(&stored, engine::codec::MAX_DIMENSION).unwrap())
    });
    g.bench_function("step: decode the stored mask 1080x1350", |b| {
        b.iter(|| engine::codec::decode_mask_png(&stored_mask, 1080, 1350).unwrap())
    });
    g.bench_function("step: lay out 1080x1350", |b| {
        b.iter(|| {
            lay_out(
                &picture,
                Some(&small_mask),
                &copy,
                &brand,
                &book,
                Template::HeadlineTopLeft,
                (1080, 1350),
            )
            .unwrap()
        })
    });
    let d = lay_out(
        &picture,
        Some(&small_mask),
        &copy,
        &brand,
        &book,
        Template::HeadlineTopLeft,
        (1080, 1350),
    )
    .unwrap();
    g.bench_function("step: render 1080x1350", |b| {
        b.iter(|| render(&picture, &d, &book, None))
    });
    g.bench_function("step: encode the design PNG 1080x1350", |b| {
        b.iter(|| engine::codec::encode_png(rendered.as_rgba8().unwrap()).unwrap())
    });
    g.bench_function("step: thumbnail from the pixels 1080x1350", |b| {
        b.iter(|| engine::intake::thumbnail_of_pixels(&rendered).unwrap())
    });
    g.finish();
}

criterion_group!(design, benches);
criterion_main!(design);
