//! AI scenes with the exact product, the studio's side of the model call: the product placed
//! by composition with a mask in the provider's convention, and the product's own pixels laid
//! back over a model's answer that redrew everything, product included.

mod common;

use common::{Backdrop, Item, BACKDROPS, ITEMS};
use domain::{ColorPalette, Composition, Environment, Lighting, Quality, Resolution};
use engine::exact_scene::{self, Staged, POOR_CUTOUT, PROTECT_ALPHA};
use engine::generate::ImageRequest;
use engine::prompt::SceneChoice;
use engine::scene::SceneSpec;
use engine::{cutout, NoProgress};
use image::{GrayImage, Luma, Rgba, RgbaImage};

fn spec(composition: Composition, resolution: Resolution) -> SceneSpec {
    let choice = SceneChoice {
        environment: Environment::LuxuryMarble,
        palette: ColorPalette::WarmCozy,
        lighting: Lighting::GoldenHour,
        composition,
    };
    SceneSpec::new(
        choice,
        resolution.width(),
        resolution.height(),
        Quality::Medium,
        11,
    )
}

fn staged(item: Item, composition: Composition, resolution: Resolution) -> Staged {
    let photo = common::photo(item, Backdrop::Grey, 600, 800, 3);
    let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
    exact_scene::stage(&cut, &spec(composition, resolution))
}

/// What a model answers: a scene of its own (a vertical gradient with texture), with the
/// product redrawn in other colours where it was placed.
fn recoloured_answer(staged: &Staged, width: u32, height: u32) -> RgbaImage {
    let (w, h) = staged.canvas.dimensions();
    RgbaImage::from_fn(width, height, |x, y| {
        let (sx, sy) = (x * w / width, y * h / height);
        let p = staged.canvas.get_pixel(sx, sy);
        if staged.product.get_pixel(sx, sy)[3] > 0 {
            Rgba([255 - p[0], p[2], p[1], 255])
        } else {
            let t = sy as f32 / h as f32;
            let grain = ((sx * 7 + sy * 13) % 11) as f32;
            Rgba([
                (60.0 + 150.0 * t + grain) as u8,
                (90.0 + 100.0 * t) as u8,
                (200.0 - 120.0 * t + grain) as u8,
                255,
            ])
        }
    })
}

fn luma(p: &Rgba<u8>) -> f32 {
    0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32
}

#[test]
fn the_mask_protects_exactly_the_placed_product_at_the_canvas_size() {
    for resolution in Resolution::ALL {
        for composition in Composition::ALL {
            let s = staged(Item::AmberBottle, *composition, *resolution);
            let size = (resolution.width(), resolution.height());
            assert_eq!(s.canvas.dimensions(), size);
            assert_eq!(s.mask.dimensions(), size);
            let (mut inter, mut union) = (0u32, 0u32);
            for (m, p) in s.mask.pixels().zip(s.product.pixels()) {
                assert!(m[3] == 0 || m[3] == 255, "fully transparent or opaque");
                let protected = m[3] == 255;
                let product = p[3] >= PROTECT_ALPHA;
                inter += (protected && product) as u32;
                union += (protected || product) as u32;
            }
            let iou = inter as f32 / union.max(1) as f32;
            assert!(iou >= 0.98, "{composition} {resolution}: IoU {iou}");
            // The canvas shows the product's own pixels where it is opaque.
            for (c, p) in s.canvas.pixels().zip(s.product.pixels()) {
                if p[3] == 255 {
                    assert_eq!(c, p);
                }
            }
        }
    }
}

#[test]
fn compositions_place_the_product_differently() {
    let hero = staged(Item::Bottle, Composition::ProductHero, Resolution::Portrait);
    let closeup = staged(
        Item::Bottle,
        Composition::DetailCloseup,
        Resolution::Portrait,
    );
    let lifestyle = staged(
        Item::Bottle,
        Composition::LifestyleContext,
        Resolution::Portrait,
    );
    assert!(closeup.placement.height > hero.placement.height);
    assert!(lifestyle.placement.height < hero.placement.height);
    assert!(hero.hints.contains("hero"), "{}", hero.hints);
    assert!(closeup.hints.contains("close-up"), "{}", closeup.hints);
}

#[test]
fn a_flat_lay_lies_in_the_middle_and_says_so() {
    let photo = common::photo(Item::Box, Backdrop::White, 500, 500, 4);
    let request = ImageRequest {
        resolution: Resolution::Square,
        ..ImageRequest::new("flat lay of a gift box on linen, top down")
    };
    let (spec, _) = SceneSpec::from_request(&request);
    let prepared = exact_scene::prepare(&photo.image, &spec, &mut NoProgress).unwrap();
    assert!(prepared.staged.top_down);
    assert!(prepared.staged.hints.contains("from directly above"));
    let mask = image::load_from_memory(&prepared.mask_png)
        .unwrap()
        .to_rgba8();
    assert_eq!(mask.dimensions(), (1024, 1024));
    assert_eq!(mask, prepared.staged.mask, "the PNG is the mask");
}

#[test]
fn the_product_comes_back_exact_over_a_recoloured_answer_without_a_halo() {
    for composition in [Composition::ProductHero, Composition::LifestyleContext] {
        let s = staged(Item::AmberBottle, composition, Resolution::Portrait);
        let (w, h) = s.canvas.dimensions();
        let answer = recoloured_answer(&s, w, h);
        let out = exact_scene::composite(&s, &answer);
        assert_eq!(out.dimensions(), (w, h));

        // The interior is the seller's cutout, placed.
        let (mut diff, mut n) = (0f64, 0u64);
        for ((o, p), _) in out.pixels().zip(s.product.pixels()).zip(0..) {
            if p[3] == 255 {
                diff += (0..3)
                    .map(|c| (o[c] as f64 - p[c] as f64).abs())
                    .sum::<f64>()
                    / 3.0;
                n += 1;
            }
        }
        assert!(n > 10_000);
        assert!(
            diff / n as f64 <= 1.0,
            "mean difference {}",
            diff / n as f64
        );

        // Away from the product, its shadow and its reflection on the marble, the model's
        // scene is untouched.
        let r = s.placement;
        let reflected = if s.glossy { r.height as i32 / 3 } else { 0 };
        let far = |x: u32, y: u32| {
            let (x, y) = (x as i32, y as i32);
            x < r.x - 60
                || x > r.x + r.width as i32 + 60
                || y < r.y - 60
                || y > r.bottom() + 60 + reflected
        };
        for (x, y, o) in out.enumerate_pixels() {
            if far(x, y) {
                assert_eq!(o, answer.get_pixel(x, y), "({x}, {y})");
            }
        }

        // Across the left and right edges, no pixel is brighter or darker than both sides.
        let mut rows = 0;
        for y in (r.y.max(0) as u32..r.bottom() as u32).step_by(7) {
            let alpha = |x: u32| s.product.get_pixel(x, y)[3];
            let Some(first) = (0..w).find(|&x| alpha(x) > 0) else {
                continue;
            };
            let Some(solid) = (first..w).find(|&x| alpha(x) == 255) else {
                continue;
            };
            if solid - first > 6 || first < 4 {
                continue;
            }
            // Each edge pixel blends the product's own pixel with the model's scene just
            // outside: a ring would lie beyond both.
            let outside = luma(out.get_pixel(first - 3, y));
            for x in first - 2..=solid {
                let own = luma(s.product.get_pixel(x, y));
                let (lo, hi) = (own.min(outside) - 8.0, own.max(outside) + 8.0);
                let v = luma(out.get_pixel(x, y));
                assert!(
                    (lo..=hi).contains(&v),
                    "{composition}: a ring at ({x}, {y}): {v} outside {lo}..{hi}"
                );
            }
            rows += 1;
        }
        assert!(rows > 20, "edges checked on {rows} rows");
    }
}

#[test]
fn an_answer_of_another_size_is_scaled_to_the_canvas() {
    let s = staged(Item::Can, Composition::ProductHero, Resolution::Landscape);
    let answer = recoloured_answer(&s, 768, 512);
    let mut png = std::io::Cursor::new(Vec::new());
    answer.write_to(&mut png, image::ImageFormat::Png).unwrap();
    let out = exact_scene::finish(&s, png.get_ref()).unwrap();
    let out = image::load_from_memory(&out).unwrap().to_rgba8();
    assert_eq!(out.dimensions(), (1536, 1024));
    for (o, p) in out.pixels().zip(s.product.pixels()) {
        if p[3] == 255 {
            assert_eq!(o, p);
        }
    }
    // Far from the product the answer shows through, enlarged.
    let corner = out.get_pixel(20, 20);
    let model = answer.get_pixel(10, 10);
    assert!((0..3).all(|c| (corner[c] as i32 - model[c] as i32).abs() <= 12));
}

#[test]
fn the_ground_under_the_product_is_darkened_where_it_stands() {
    let s = staged(Item::Jar, Composition::ProductHero, Resolution::Square);
    let (w, h) = s.canvas.dimensions();
    let light = RgbaImage::from_pixel(w, h, Rgba([230, 226, 220, 255]));
    let out = exact_scene::composite(&s, &light);
    let r = s.placement;
    let cx = r.center_x() as u32;
    let foot = (r.y as u32..r.bottom() as u32)
        .rev()
        .find(|&y| s.product.get_pixel(cx, y)[3] >= PROTECT_ALPHA)
        .unwrap();
    let under = luma(out.get_pixel(cx, foot + 3));
    assert!(under < 200.0, "a contact shadow under the base: {under}");
    assert_eq!(
        out.get_pixel(5, 5),
        light.get_pixel(5, 5),
        "nothing far away"
    );
}

#[test]
fn clean_photos_cut_out_with_confidence_and_a_busy_one_does_not() {
    for (i, &item) in ITEMS.iter().enumerate() {
        for &backdrop in BACKDROPS {
            let photo = common::photo(item, backdrop, 400, 500, i as u64);
            let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
            assert!(
                cut.confidence >= POOR_CUTOUT,
                "{item:?} on {backdrop:?}: {}",
                cut.confidence
            );
        }
    }
    // A photo that is texture from edge to edge: no backdrop to separate from.
    let busy = RgbaImage::from_fn(400, 500, |x, y| {
        let v = |s: u32| ((x * 37 + y * 91 + s).wrapping_mul(2_654_435_761) >> 24) as u8;
        Rgba([v(1), v(7), v(13), 255])
    });
    let poor = match cutout::cut_out(&busy, &mut NoProgress) {
        Ok(cut) => cut.confidence,
        Err(_) => 0.0,
    };
    assert!(poor < POOR_CUTOUT, "busy photo: {poor}");
}

#[test]
fn an_edit_painted_around_the_product_keeps_the_product_out() {
    let photo = common::photo(Item::Bottle, Backdrop::White, 400, 500, 5);
    let (w, h) = photo.image.dimensions();
    let layer = exact_scene::own_product(&photo.image).unwrap();
    let product = |x: u32, y: u32| photo.mask[(y * w + x) as usize] >= 200;
    // The product's bounding box in the photo.
    let (mut x0, mut x1) = (w, 0);
    for y in 0..h {
        for x in 0..w {
            if product(x, y) {
                x0 = x0.min(x);
                x1 = x1.max(x);
            }
        }
    }
    // The whole picture painted, or its top half (the product's top with it): the product
    // is the person's to change.
    let everything = GrayImage::from_pixel(w, h, Luma([255]));
    assert!(exact_scene::keep_product(&layer, &everything).is_none());
    let top = GrayImage::from_fn(w, h, |_, y| Luma([if y < h / 2 { 255 } else { 0 }]));
    assert!(exact_scene::keep_product(&layer, &top).is_none());
    // The wall to the left painted, the brush spilling a pixel over the product's edge: the
    // product stays out of the painted area.
    let wall = GrayImage::from_fn(w, h, |x, _| Luma([if x <= x0 + 1 { 255 } else { 0 }]));
    let area = exact_scene::keep_product(&layer, &wall).unwrap();
    for (x, y, a) in area.enumerate_pixels() {
        if product(x, y) {
            assert_eq!(a[0], 0, "the product at ({x}, {y}) is not painted");
        }
    }
    let kept = area.pixels().filter(|a| a[0] == 255).count() as u32;
    assert!(kept > x0 * h * 9 / 10, "the wall is still painted: {kept}");
    assert!(x1 > x0);
}

#[test]
fn the_product_photo_is_found_in_a_picture_that_shows_it() {
    let photo = common::photo(Item::Bottle, Backdrop::Grey, 600, 800, 3);
    let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
    // A scene with the product staged in it, and the same scene with another product.
    let s = staged(Item::Bottle, Composition::ProductHero, Resolution::Square);
    let (w, h) = s.product.dimensions();
    let scene = RgbaImage::from_fn(w, h, |x, y| {
        let p = s.product.get_pixel(x, y);
        let a = p[3] as f32 / 255.0;
        let ground = [236.0, 232.0, 224.0];
        let mix = |c: usize| (p[c] as f32 * a + ground[c] * (1.0 - a)).round() as u8;
        Rgba([mix(0), mix(1), mix(2), 255])
    });
    let (layer, _) = exact_scene::locate(&cut, &scene).expect("the product is found");
    let overlap = layer
        .pixels()
        .zip(s.product.pixels())
        .filter(|(a, b)| a[3] >= PROTECT_ALPHA && b[3] >= PROTECT_ALPHA)
        .count();
    let placed = s.product.pixels().filter(|p| p[3] >= PROTECT_ALPHA).count();
    assert!(overlap * 100 >= placed * 95, "{overlap} of {placed}");
    let other = common::photo(Item::Box, Backdrop::White, 400, 500, 9);
    let other_cut = cutout::cut_out(&other.image, &mut NoProgress).unwrap();
    assert!(exact_scene::locate(&other_cut, &scene).is_none());
}

/// A scene of the model's: an even mid-tone with a little grain.
fn plain_answer(w: u32, h: u32, tone: u8) -> RgbaImage {
    RgbaImage::from_fn(w, h, |x, y| {
        let grain = ((x * 7 + y * 13) % 5) as u8;
        Rgba([tone + grain, tone + grain, tone, 255])
    })
}

#[test]
fn the_products_edge_has_no_ring_darker_or_lighter_than_both_sides() {
    // Products darker and lighter than their photo's backdrop, laid on scenes darker and
    // lighter than the product.
    for (item, backdrop) in [
        (Item::Bottle, Backdrop::White),
        (Item::AmberBottle, Backdrop::White),
        (Item::Box, Backdrop::Grey),
        (Item::Mug, Backdrop::Teal),
        (Item::Can, Backdrop::Pink),
    ] {
        let photo = common::photo(item, backdrop, 600, 800, 3);
        let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
        let s = exact_scene::stage(&cut, &spec(Composition::ProductHero, Resolution::Portrait));
        let (w, h) = s.product.dimensions();
        for tone in [40u8, 200] {
            let out = exact_scene::composite(&s, &plain_answer(w, h, tone));
            let r = s.placement;
            if let Ok(dir) = std::env::var("EXACT_SHEET") {
                let crop = image::imageops::crop_imm(
                    &out,
                    (r.x + r.width as i32 - 60).max(0) as u32,
                    (r.y + r.height as i32 / 2) as u32,
                    120,
                    120,
                )
                .to_image();
                let zoom =
                    image::imageops::resize(&crop, 480, 480, image::imageops::FilterType::Nearest);
                zoom.save(format!("{dir}/edge-{item:?}-{backdrop:?}-{tone}.png"))
                    .unwrap();
            }
            let mut rows = 0;
            // The body's straight sides (a bottle's shoulder and neck curve away).
            let body = r.y + r.height as i32 * 2 / 5..r.bottom() - r.height as i32 / 5;
            for y in body.step_by(5) {
                let y = y as u32;
                let opaque = |x: u32| s.product.get_pixel(x, y)[3] >= PROTECT_ALPHA;
                let Some(left) = (0..w).find(|&x| opaque(x)) else {
                    continue;
                };
                let Some(right) = (0..w).rev().find(|&x| opaque(x)) else {
                    continue;
                };
                if right < left + 20 {
                    continue;
                }
                // Across each edge, from 4 px outside to 4 px inside, nothing is darker or
                // lighter than both the scene and the product beside it.
                for (outside, inside, band) in [
                    (left - 5, left + 4, left - 4..=left + 3),
                    (right + 5, right - 4, right - 3..=right + 4),
                ] {
                    let (o, i) = (
                        luma(out.get_pixel(outside, y)),
                        luma(out.get_pixel(inside, y)),
                    );
                    // The product's own shading across its last opaque pixels (a mug's
                    // rounded side) is the product, not a ring.
                    let own: Vec<f32> = band
                        .clone()
                        .map(|x| *s.product.get_pixel(x, y))
                        .filter(|p| p[3] == 255)
                        .map(|p| luma(&p))
                        .collect();
                    let darkest = own.iter().fold(o.min(i), |m, v| m.min(*v));
                    let lightest = own.iter().fold(o.max(i), |m, v| m.max(*v));
                    let (lo, hi) = (darkest - 10.0, lightest + 10.0);
                    for x in band {
                        let v = luma(out.get_pixel(x, y));
                        let profile: Vec<(u32, u8, u8)> = (left - 5..=left + 4)
                            .chain(right - 4..=right + 5)
                            .map(|x| {
                                (
                                    x,
                                    luma(out.get_pixel(x, y)) as u8,
                                    s.product.get_pixel(x, y)[3],
                                )
                            })
                            .collect();
                        assert!(
                            (lo..=hi).contains(&v),
                            "{item:?} on {backdrop:?}, scene {tone}: a ring at ({x}, {y}): \
                             {v} not in {lo}..{hi}; {profile:?}"
                        );
                    }
                }
                rows += 1;
            }
            assert!(rows > 10, "{item:?}: {rows} rows");
        }
    }
}

/// Correlation of the scene's luma under the product with the product flipped about its
/// base, over the band from 8 % to 25 % of its height below it (past the contact shadow).
fn mirrored_correlation(s: &Staged, out: &RgbaImage) -> f64 {
    let r = s.placement;
    let base = (r.y..r.bottom())
        .rev()
        .find(|&y| {
            (r.x..r.x + r.width as i32)
                .any(|x| s.product.get_pixel(x as u32, y as u32)[3] >= PROTECT_ALPHA)
        })
        .unwrap();
    // Each row's own mean is taken out of both: the shadow and the reflection's fade change
    // from row to row; what is compared is the product's pattern along the row.
    let (mut a, mut b) = (Vec::new(), Vec::new());
    let (from, to) = (r.height as i32 * 3 / 100, r.height as i32 / 5);
    for dy in from..to {
        let (mut ra, mut rb) = (Vec::new(), Vec::new());
        for x in r.x..r.x + r.width as i32 {
            let p = s.product.get_pixel(x as u32, (base + 1 - dy) as u32);
            if p[3] == 255 {
                ra.push(luma(out.get_pixel(x as u32, (base + dy) as u32)) as f64);
                rb.push(luma(p) as f64);
            }
        }
        let n = ra.len().max(1) as f64;
        let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
        a.extend(ra.iter().map(|v| v - ma));
        b.extend(rb.iter().map(|v| v - mb));
    }
    assert!(a.len() > 1000, "{} pixels", a.len());
    let n = a.len() as f64;
    let (ma, mb) = (a.iter().sum::<f64>() / n, b.iter().sum::<f64>() / n);
    let cov: f64 = a.iter().zip(&b).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = a.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = b.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va.sqrt() * vb.sqrt()).max(1e-9)
}

#[test]
fn a_glossy_surface_mirrors_the_product_and_a_matte_one_does_not() {
    // The studio's marble is glossy; a box with a label has something to mirror.
    let mut s = staged(Item::Box, Composition::ProductHero, Resolution::Portrait);
    assert!(s.glossy, "marble mirrors");
    assert!(s.hints.contains("glossy"), "{}", s.hints);
    let (w, h) = s.product.dimensions();
    let answer = plain_answer(w, h, 170);
    let glossy = exact_scene::composite(&s, &answer);
    let mirrored = mirrored_correlation(&s, &glossy);
    assert!(mirrored > 0.5, "glossy: correlation {mirrored}");
    s.glossy = false;
    let matte = exact_scene::composite(&s, &answer);
    let none = mirrored_correlation(&s, &matte);
    assert!(none.abs() < 0.2, "matte: correlation {none}");
    // The contact shadow is there in both.
    let r = s.placement;
    let under = luma(matte.get_pixel(r.center_x() as u32, (r.bottom() + 1) as u32));
    assert!(under < 165.0, "shadow under the product: {under}");
    if let Ok(dir) = std::env::var("EXACT_SHEET") {
        glossy.save(format!("{dir}/glossy.png")).unwrap();
        matte.save(format!("{dir}/matte.png")).unwrap();
    }
    // Briefs that ask for a mirroring surface, and one that does not.
    assert!(exact_scene::sounds_glossy("serum on a glass shelf"));
    assert!(exact_scene::sounds_glossy("bottle by still water at dawn"));
    assert!(!exact_scene::sounds_glossy("mug on a rough linen cloth"));
    assert!(!exact_scene::sounds_glossy("matte marble slab"));
}
