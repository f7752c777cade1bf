//! Reference-image intake against its budget: a ~15 MB 4096×4096 JPEG validated, oriented,
//! stripped and thumbnailed well under 400 ms, with under 200 MB of extra memory.
//! `cargo bench -p engine --bench intake`
//!
//! Before timing, each case's peak heap growth during one `prepare_reference_image` is
//! printed, measured by a counting allocator (independent of what the system allocator
//! keeps resident).

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use criterion::{criterion_group, criterion_main, Criterion};
use engine::intake::{prepare_reference_image, MAX_UPLOAD_BYTES};
use image::{Rgb, RgbImage};
use jpeg_encoder::SamplingFactor;

struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// A global allocator is unsafe by its trait; this one only counts and forwards to the system's.
#[allow(unsafe_code)]
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let live = LIVE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(live, Ordering::Relaxed);
        System.alloc(layout)
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
        System.dealloc(ptr, layout)
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// Peak heap growth, in MiB, while preparing `jpeg` once.
fn peak_extra_mib(jpeg: &[u8]) -> f64 {
    let before = LIVE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let prepared = prepare_reference_image(jpeg).unwrap();
    let peak = PEAK.load(Ordering::Relaxed);
    drop(prepared);
    (peak - before) as f64 / (1024.0 * 1024.0)
}

/// A photo-like JPEG: smooth light, a product shape, and sensor noise of `grain` amplitude
/// (which sets the file size).
fn photo_jpeg(
    width: u32,
    height: u32,
    grain: u32,
    quality: u8,
    sampling: SamplingFactor,
) -> Vec<u8> {
    let mut seed = 0x9E37_79B9_7F4A_7C15u64;
    let image = RgbImage::from_fn(width, height, |x, y| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        let noise = (seed % (2 * u64::from(grain) + 1)) as i32 - grain as i32;
        let product = x > width / 3 && x < width * 2 / 3 && y > height / 4 && y < height * 3 / 4;
        let base = if product {
            [150, 60 + (y * 80 / height) as i32, 70]
        } else {
            [225 - (y * 40 / height) as i32; 3]
        };
        Rgb(base.map(|c| (c + noise).clamp(0, 255) as u8))
    });
    let mut out = Vec::new();
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, quality);
    encoder.set_sampling_factor(sampling);
    encoder
        .encode(
            image.as_raw(),
            width as u16,
            height as u16,
            jpeg_encoder::ColorType::Rgb,
        )
        .unwrap();
    out
}

/// `jpeg` with a minimal APP1 Exif segment carrying `orientation`, as a phone writes it.
fn with_orientation(jpeg: &[u8], orientation: u16) -> Vec<u8> {
    let mut app1 = b"Exif\0\0MM\0\x2a\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01".to_vec();
    app1.extend_from_slice(&orientation.to_be_bytes());
    app1.extend_from_slice(&[0, 0, 0, 0, 0, 0]);
    let mut out = jpeg[..2].to_vec();
    out.extend_from_slice(&[0xFF, 0xE1]);
    out.extend_from_slice(&(app1.len() as u16 + 2).to_be_bytes());
    out.extend_from_slice(&app1);
    out.extend_from_slice(&jpeg[2..]);
    out
}

fn benches(c: &mut Criterion) {
    // Full-resolution chroma at quality 98: the largest photo a 4096² upload can hold.
    let big = photo_jpeg(4096, 4096, 40, 98, SamplingFactor::F_1_1);
    assert!(big.len() <= MAX_UPLOAD_BYTES);
    // A 12 MP phone photo shot in portrait: 4:2:0, EXIF orientation 6.
    let phone = with_orientation(&photo_jpeg(4032, 3024, 16, 92, SamplingFactor::F_2_2), 6);
    let small = photo_jpeg(2048, 1536, 32, 95, SamplingFactor::F_1_1);
    let cases = [
        ("4096x4096 upright", big.clone()),
        ("4096x4096 rotated", with_orientation(&big, 6)),
        ("4032x3024 4:2:0 rotated", phone),
        ("2048x1536 upright", small),
    ];

    let mut g = c.benchmark_group("intake");
    g.sample_size(10);
    for (name, jpeg) in &cases {
        let name = format!("jpeg {name} {:.1} MB", jpeg.len() as f64 / 1e6);
        eprintln!("{name}: peak extra heap {:.0} MiB", peak_extra_mib(jpeg));
        g.bench_function(name, |b| b.iter(|| prepare_reference_image(jpeg).unwrap()));
    }
    g.finish();
}

criterion_group!(intake, benches);
criterion_main!(intake);
