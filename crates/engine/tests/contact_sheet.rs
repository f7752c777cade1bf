//! The contact sheet: what the engine makes, on one picture to look at. Written by every
//! test run to `$CONTACT_SHEET` (default: the temp dir's `campaign-studio-contact-sheet.png`);
//! with `UPDATE_CONTACT_SHEET=1`, a half-size JPEG copy goes to
//! `docs/contact-sheet.jpg` (a photo-like sheet is a fraction of the size as JPEG).
//!
//! Top to bottom:
//! 1. every environment × palette × lighting: five blocks left to right (luxury marble,
//!    clean bathroom, professional studio, natural outdoor, cozy bedroom), in each a row per
//!    palette (warm, cool, bold, dreamy, neutral) and a column per lighting (daylight, golden
//!    hour, dramatic, soft);
//! 2. every setting (marble, bathroom, studio, garden, bedroom, kitchen counter, wooden table,
//!    desk, shelf, café, outdoor café, beach) as a hero shot, a lifestyle shot and a flat lay;
//! 3. each camera move as a strip of frames — push-in, pull-out, pan left, pan right,
//!    parallax, orbit, float with a light sweep — from scene layers (left) and from a flat
//!    photo the engine takes apart (right);
//! 4. each mask edit: the original, then fruit, flowers, leaves, remove, recolour, brighten,
//!    blur, new backdrop;
//! 5. every template's thumbnail.

#[path = "common/mod.rs"]
mod common;

use domain::generation::Duration;
use domain::{ColorPalette, Composition, Environment, Lighting, Quality, Resolution};
use engine::edit::{apply_edit, parse_instruction};
use engine::generate::{ImageRequest, OutputFormat};
use engine::prompt::{ProductKind, SceneChoice, Setting};
use engine::scene::{self, Product, SceneSpec};
use engine::video::{preview, VideoQuality, VideoSource};
use engine::{codec, cutout, templates, NoProgress};
use image::{imageops, GrayImage, Luma, Rgba, RgbaImage};

const SHEET_W: u32 = 1920;
const GAP: u32 = 8;

fn fit(img: &RgbaImage, w: u32, h: u32) -> RgbaImage {
    imageops::resize(img, w, h, imageops::FilterType::Triangle)
}

/// Rows of tiles, each row as wide as the sheet.
struct Sheet {
    image: RgbaImage,
    y: u32,
}

impl Sheet {
    fn new(height: u32) -> Self {
        Sheet {
            image: RgbaImage::from_pixel(SHEET_W, height, Rgba([24, 24, 28, 255])),
            y: 0,
        }
    }

    fn put(&mut self, tile: &RgbaImage, x: u32, y: u32) {
        imageops::replace(&mut self.image, tile, x as i64, (self.y + y) as i64);
    }

    fn next(&mut self, height: u32) {
        self.y += height + GAP * 3;
    }
}

fn environments(sheet: &mut Sheet, cut: &cutout::Cutout) {
    let (tw, th) = (SHEET_W / 20, SHEET_W / 20 * 3 / 2);
    for (e, &environment) in Environment::ALL.iter().enumerate() {
        for (p, &palette) in ColorPalette::ALL.iter().enumerate() {
            for (l, &lighting) in Lighting::ALL.iter().enumerate() {
                let choice = SceneChoice {
                    environment,
                    palette,
                    lighting,
                    composition: Composition::ProductHero,
                };
                let spec = SceneSpec::new(choice, tw * 2, th * 2, Quality::Low, 7);
                let img = scene::flatten(
                    &scene::render_scene(&spec, Product::Photo(cut), &mut NoProgress).unwrap(),
                );
                let x = e as u32 * tw * 4 + l as u32 * tw;
                sheet.put(&fit(&img, tw - 1, th - 1), x, p as u32 * th);
            }
        }
    }
    sheet.next(th * 5);
}

fn settings(sheet: &mut Sheet, cut: &cutout::Cutout) {
    let (tw, th) = (SHEET_W / 12, SHEET_W / 12 * 3 / 2);
    let rows = [
        (
            Composition::ProductHero,
            false,
            ColorPalette::NeutralClean,
            Lighting::NaturalDaylight,
        ),
        (
            Composition::LifestyleContext,
            false,
            ColorPalette::WarmCozy,
            Lighting::GoldenHour,
        ),
        (
            Composition::LifestyleContext,
            true,
            ColorPalette::NeutralClean,
            Lighting::SoftEven,
        ),
    ];
    for (c, &setting) in Setting::ALL.iter().enumerate() {
        for (r, &(composition, top_down, palette, lighting)) in rows.iter().enumerate() {
            let choice = SceneChoice {
                environment: setting.environment(),
                palette,
                lighting,
                composition,
            };
            let mut spec = SceneSpec::new(choice, tw * 2, th * 2, Quality::Medium, 5);
            spec.setting = setting;
            spec.top_down = top_down;
            let img = scene::flatten(
                &scene::render_scene(&spec, Product::Photo(cut), &mut NoProgress).unwrap(),
            );
            sheet.put(&fit(&img, tw - 2, th - 2), c as u32 * tw, r as u32 * th);
        }
    }
    sheet.next(th * 3);
}

fn motions(sheet: &mut Sheet, photo: &[u8]) {
    let moves = [
        "slow push-in",
        "pull back to reveal",
        "pan left",
        "pan right",
        "parallax with drifting foliage",
        "slow orbit around the product",
        "floating with a light sweep",
    ];
    let frames: Vec<u32> = vec![0, 23, 47, 71, 95, 119];
    let refs = [photo];
    let req = ImageRequest {
        reference_photos: &refs,
        resolution: Resolution::Portrait,
        quality: Quality::Low,
        seed: 3,
        format: OutputFormat::Png,
        ..ImageRequest::new("on marble with eucalyptus, lifestyle, golden hour")
    };
    let layers = scene::render_layers(&req, &mut NoProgress).unwrap();
    let half = SHEET_W / 2;
    let tw = (half - GAP) / frames.len() as u32;
    let th = tw * 3 / 2;
    for (m, prompt) in moves.iter().enumerate() {
        let sources = [
            VideoSource::Layers {
                background: &layers.background,
                product: &layers.product,
                shadow: Some(&layers.shadow),
            },
            VideoSource::Image(photo),
        ];
        for (k, source) in sources.iter().enumerate() {
            let clip = preview(
                *source,
                prompt,
                Duration::Five,
                VideoQuality::P480,
                24,
                2,
                &frames,
            )
            .unwrap();
            for (i, frame) in clip.frames.iter().enumerate() {
                let tile = imageops::resize(frame, tw - 2, th - 2, imageops::FilterType::Triangle);
                sheet.put(&tile, k as u32 * half + i as u32 * tw, m as u32 * th);
            }
        }
    }
    sheet.next(th * moves.len() as u32);
}

fn edits(sheet: &mut Sheet) {
    let choice = SceneChoice {
        environment: Environment::CleanBathroom,
        palette: ColorPalette::NeutralClean,
        lighting: Lighting::NaturalDaylight,
        composition: Composition::LifestyleContext,
    };
    let spec = SceneSpec::new(choice, 480, 720, Quality::Medium, 21);
    let layers = scene::render_scene(
        &spec,
        Product::Mockup {
            kind: ProductKind::Bottle,
            color: Some([176, 98, 28]),
        },
        &mut NoProgress,
    )
    .unwrap();
    let image = scene::flatten(&layers);
    // A brush over the towels beside the product.
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in layers.product.enumerate_pixels() {
        if p[3] > 128 {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    let side = scene::plan(&spec, x1 - x0 + 1, y1 - y0 + 1)
        .layout
        .prop_side;
    let (pw, ph) = ((x1 - x0) as f32, (y1 - y0) as f32);
    let cx = (x0 + x1) as f32 / 2.0 + side * (pw / 2.0 + ph * 0.42);
    let cy = y1 as f32 - ph * 0.22;
    let mask = GrayImage::from_fn(480, 720, |x, y| {
        let (dx, dy) = ((x as f32 - cx) / 95.0, (y as f32 - cy) / 70.0);
        Luma([if dx * dx + dy * dy <= 1.0 { 255 } else { 0 }])
    });
    let texts = [
        "replace these with lemon slices",
        "add pink flowers",
        "add eucalyptus leaves",
        "remove this",
        "make it blue",
        "brighten",
        "blur it",
        "marble background",
    ];
    let n = texts.len() as u32 + 1;
    let tw = SHEET_W / n;
    let th = tw * 3 / 4;
    let (cx0, cy0) = (
        (cx - 150.0).clamp(0.0, 480.0 - 300.0) as u32,
        (cy - 110.0).clamp(0.0, 720.0 - 225.0) as u32,
    );
    let crop = |img: &RgbaImage| {
        fit(
            &imageops::crop_imm(img, cx0, cy0, 300, 225).to_image(),
            tw - 2,
            th - 2,
        )
    };
    sheet.put(&crop(&image), 0, 0);
    for (i, text) in texts.iter().enumerate() {
        let mut out = image.clone();
        apply_edit(
            &mut out,
            &mask,
            parse_instruction(text).unwrap(),
            5,
            &mut NoProgress,
        )
        .unwrap();
        sheet.put(&crop(&out), (i as u32 + 1) * tw, 0);
    }
    sheet.next(th);
}

fn thumbnails(sheet: &mut Sheet) {
    let all = templates::all();
    let size = SHEET_W / all.len() as u32;
    for (i, t) in all.iter().enumerate() {
        let jpeg = templates::render_thumbnail(t, size - 2).unwrap();
        let img = codec::decode(&jpeg, codec::MAX_DIMENSION).unwrap();
        sheet.put(&img, i as u32 * size, 0);
    }
    sheet.next(size);
}

#[test]
fn the_contact_sheet_is_written() {
    let photo = common::photo(
        common::Item::AmberBottle,
        common::Backdrop::White,
        600,
        800,
        1,
    );
    let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
    let png = codec::encode_png(&photo.image).unwrap();

    let mut sheet = Sheet::new(4000);
    environments(&mut sheet, &cut);
    settings(&mut sheet, &cut);
    motions(&mut sheet, &png);
    edits(&mut sheet);
    thumbnails(&mut sheet);
    let used = sheet.y - GAP * 3;
    let image = imageops::crop_imm(&sheet.image, 0, 0, SHEET_W, used).to_image();

    let path = std::env::var_os("CONTACT_SHEET").map_or_else(
        || std::env::temp_dir().join("campaign-studio-contact-sheet.png"),
        std::path::PathBuf::from,
    );
    image.save(&path).unwrap();
    println!("contact sheet: {}", path.display());
    if std::env::var_os("UPDATE_CONTACT_SHEET").is_some() {
        let docs = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/contact-sheet.jpg");
        let small = imageops::resize(
            &image,
            SHEET_W / 2,
            used / 2,
            imageops::FilterType::Lanczos3,
        );
        image::DynamicImage::ImageRgba8(small)
            .to_rgb8()
            .save(docs)
            .unwrap();
    }
    assert_eq!(image.width(), SHEET_W);
}
