//! Renders contact sheets to look at the compositor's output:
//! `/tmp/contact_sheet.png` — 5 environments (columns) × 4 lightings (rows), each staging a
//! synthetic seller photo cut out by the engine;
//! `/tmp/contact_sheet_mockups.png` — 4 compositions (columns) × 5 palettes (rows) with
//! text-only mockups chosen from a prompt;
//! `/tmp/contact_sheet_cutouts.png` — every test photo and its cutout on a dark checker;
//! `/tmp/contact_sheet_request.jpg` — one request from files, as `studio render image` does;
//! `/tmp/contact_sheet_templates.png` — every template thumbnail.
//!
//! `cargo run -p engine --release --example contact_sheet`

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use domain::{ColorPalette, Composition, Environment, Lighting, Quality, Resolution};
use engine::cutout;
use engine::generate::{generate_image, ImageRequest, OutputFormat};
use engine::prompt::{self, SceneChoice};
use engine::scene::{self, Product, SceneSpec};
use engine::NoProgress;
use image::{imageops, Rgba, RgbaImage};

const TILE_W: u32 = 400;
const TILE_H: u32 = 600;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let started = Instant::now();
    let mut sheet = RgbaImage::from_pixel(TILE_W * 5, TILE_H * 4, Rgba([255; 4]));
    let mut cut_sheet = RgbaImage::new(300 * common::ITEMS.len() as u32, 450 * 2);
    let mut cuts = Vec::new();
    for (i, &item) in common::ITEMS.iter().enumerate() {
        let backdrop = common::BACKDROPS[i % common::BACKDROPS.len()];
        let photo = common::photo(item, backdrop, 800, 1000, i as u64);
        let cut = cutout::cut_out(&photo.image, &mut NoProgress)?;
        println!(
            "cutout {item:?} on {backdrop:?}: IoU {:.3}",
            common::iou(&cut, &photo)
        );
        let x = i as u32 * 300;
        imageops::overlay(
            &mut cut_sheet,
            &imageops::resize(&photo.image, 300, 375, imageops::FilterType::Triangle),
            x as i64,
            0,
        );
        let mut checker = RgbaImage::from_fn(300, 450, |px, py| {
            let dark = ((px / 20) + (py / 20)) % 2 == 0;
            Rgba(if dark {
                [40, 40, 48, 255]
            } else {
                [70, 70, 80, 255]
            })
        });
        let scale = (280.0 / cut.image.width() as f32).min(420.0 / cut.image.height() as f32);
        let small = cutout::scale(
            &cut.image,
            (cut.image.width() as f32 * scale) as u32,
            (cut.image.height() as f32 * scale) as u32,
        );
        imageops::overlay(&mut checker, &small, 10, 10);
        imageops::overlay(&mut cut_sheet, &checker, x as i64, 450);
        cuts.push(cut);
    }
    cut_sheet.save("/tmp/contact_sheet_cutouts.png")?;

    for (col, &env) in Environment::ALL.iter().enumerate() {
        for (row, &lighting) in Lighting::ALL.iter().enumerate() {
            let palette = ColorPalette::ALL[(col + row) % ColorPalette::ALL.len()];
            let composition = Composition::ALL[(col * 4 + row) % Composition::ALL.len()];
            let choice = SceneChoice {
                environment: env,
                palette,
                lighting,
                composition,
            };
            let spec = SceneSpec::new(
                choice,
                TILE_W,
                TILE_H,
                Quality::Medium,
                (col * 7 + row) as u64,
            );
            let cut = &cuts[(col + row * 5) % cuts.len()];
            let layers = scene::render_scene(&spec, Product::Photo(cut), &mut NoProgress)?;
            imageops::replace(
                &mut sheet,
                &scene::flatten(&layers),
                (col as u32 * TILE_W) as i64,
                (row as u32 * TILE_H) as i64,
            );
        }
    }
    sheet.save("/tmp/contact_sheet.png")?;

    let prompts = [
        "amber perfume bottle on dark marble at golden hour, moody",
        "pale pink face cream jar in a bright bathroom",
        "coffee mug on a cozy bed, warm morning light",
        "sparkling soda can outdoors in the garden",
        "kraft coffee beans pouch on a podium, artistic",
    ];
    let mut mock = RgbaImage::from_pixel(TILE_W * 4, TILE_H * 5, Rgba([255; 4]));
    for (row, text) in prompts.iter().enumerate() {
        let params = prompt::parse(text);
        for (col, &composition) in Composition::ALL.iter().enumerate() {
            let palette = ColorPalette::ALL[row];
            let choice = params.resolve(None, Some(palette), None, Some(composition));
            let spec = SceneSpec::new(
                choice,
                TILE_W,
                TILE_H,
                Quality::Medium,
                (row * 4 + col) as u64,
            )
            .with_prompt(&params);
            let product = Product::Mockup {
                kind: params
                    .product
                    .unwrap_or(engine::prompt::ProductKind::Bottle),
                color: params.product_color.map(|c| c.rgb),
            };
            let layers = scene::render_scene(&spec, product, &mut NoProgress)?;
            imageops::replace(
                &mut mock,
                &scene::flatten(&layers),
                (col as u32 * TILE_W) as i64,
                (row as u32 * TILE_H) as i64,
            );
        }
    }
    mock.save("/tmp/contact_sheet_mockups.png")?;

    // What `studio render image --reference FILE --out FILE` does, end to end from files.
    let photo_path = std::env::temp_dir().join("contact_sheet_reference.png");
    std::fs::write(
        &photo_path,
        engine::codec::encode_png(
            &common::photo(common::Item::Shoe, common::Backdrop::Grey, 900, 700, 5).image,
        )?,
    )?;
    let photos = [std::fs::read(&photo_path)?];
    let refs: Vec<&[u8]> = photos.iter().map(Vec::as_slice).collect();
    let req = ImageRequest {
        reference_photos: &refs,
        resolution: Resolution::Landscape,
        format: OutputFormat::Jpeg,
        ..ImageRequest::new("sneaker outdoors at golden hour, lifestyle")
    };
    let out = generate_image(&req, &mut NoProgress)?;
    std::fs::write("/tmp/contact_sheet_request.jpg", &out.bytes)?;

    // What `studio render templates --thumbnails DIR` does.
    let dir = std::env::temp_dir().join("contact_sheet_templates");
    std::fs::create_dir_all(&dir)?;
    let mut thumbs = RgbaImage::from_pixel(192 * 7, 192 * 2, Rgba([255; 4]));
    for (i, t) in engine::templates::all().iter().enumerate() {
        let jpeg = engine::templates::render_thumbnail(t, 192)?;
        std::fs::write(dir.join(format!("{}.jpg", t.id)), &jpeg)?;
        let img = engine::codec::decode(&jpeg, 4096)?;
        imageops::replace(
            &mut thumbs,
            &img,
            (i as u32 % 7 * 192) as i64,
            (i as u32 / 7 * 192) as i64,
        );
    }
    thumbs.save("/tmp/contact_sheet_templates.png")?;
    println!(
        "wrote /tmp/contact_sheet*.png in {:.1}s",
        started.elapsed().as_secs_f32()
    );
    Ok(())
}
