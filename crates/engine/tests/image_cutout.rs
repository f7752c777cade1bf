//! Cutouts of typical seller photos: product on white, grey and coloured backdrops with soft
//! shadows.

mod common;

use common::{Backdrop, Item, BACKDROPS, ITEMS};
use engine::{cutout, EngineError, NoProgress};
use image::{Rgba, RgbaImage};

/// Near-white products on a white backdrop differ from it by less than the backdrop's own
/// shading, so colour alone cannot separate them; their outline does. Sellers shoot white
/// products on white sweeps all the time: they must cut out cleanly too.
fn white_on_white(item: Item, backdrop: Backdrop) -> bool {
    backdrop == Backdrop::White && matches!(item, Item::Jar | Item::Shoe | Item::Tube)
}

#[test]
fn cutouts_match_the_true_product_on_every_backdrop() {
    let mut failures = Vec::new();
    for (i, &item) in ITEMS.iter().enumerate() {
        for &backdrop in BACKDROPS {
            let photo = common::photo(item, backdrop, 400, 500, i as u64);
            let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
            let iou = common::iou(&cut, &photo);
            let bar = if white_on_white(item, backdrop) {
                0.9
            } else {
                0.93
            };
            if iou < bar {
                failures.push(format!("{item:?} on {backdrop:?}: IoU {iou:.3} < {bar}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn white_products_on_white_sweeps_cut_out_cleanly() {
    let mut worst = (1f32, String::new());
    for &item in &[Item::Jar, Item::Tube, Item::Mug, Item::Shoe] {
        for (w, h, seed) in [(400, 500, 11), (640, 480, 12), (900, 1200, 13)] {
            let photo = common::photo(item, Backdrop::White, w, h, seed);
            let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
            let iou = common::iou(&cut, &photo);
            if iou < worst.0 {
                worst = (iou, format!("{item:?} {w}x{h}"));
            }
        }
    }
    println!("worst white-on-white IoU {:.3} ({})", worst.0, worst.1);
    assert!(worst.0 >= 0.9, "{}: IoU {:.3}", worst.1, worst.0);
}

#[test]
fn the_shadow_on_the_backdrop_is_not_product() {
    for &backdrop in BACKDROPS {
        let photo = common::photo(Item::Jar, backdrop, 400, 500, 1);
        let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
        // The photo's cast shadow reaches well right of and below the product.
        let (x0, y0, w, h) = cut.rect;
        let truth_right = (0..400)
            .rev()
            .find(|&x| (0..500).any(|y| photo.mask[(y * 400 + x) as usize] > 0))
            .unwrap();
        let truth_bottom = (0..500)
            .rev()
            .find(|&y| (0..400).any(|x| photo.mask[(y * 400 + x) as usize] > 0))
            .unwrap();
        assert!(
            x0 + w <= truth_right + 4,
            "{backdrop:?}: cutout reaches x {} past {truth_right}",
            x0 + w
        );
        assert!(
            y0 + h <= truth_bottom + 4,
            "{backdrop:?}: cutout reaches y {} past {truth_bottom}",
            y0 + h
        );
    }
}

#[test]
fn edges_are_feathered_not_binary() {
    let photo = common::photo(Item::Can, Backdrop::Teal, 400, 500, 3);
    let cut = cutout::cut_out(&photo.image, &mut NoProgress).unwrap();
    let partial = cut
        .image
        .pixels()
        .filter(|p| p[3] > 10 && p[3] < 245)
        .count();
    assert!(partial > 100, "only {partial} soft edge pixels");
}

#[test]
fn an_image_with_alpha_keeps_its_own_matte() {
    let img = RgbaImage::from_fn(120, 100, |x, y| {
        let inside = (30..90).contains(&x) && (20..80).contains(&y);
        let edge = x == 29 && (20..80).contains(&y);
        Rgba([
            200,
            (x * 2) as u8,
            40,
            if inside {
                255
            } else if edge {
                128
            } else {
                0
            },
        ])
    });
    let cut = cutout::cut_out(&img, &mut NoProgress).unwrap();
    assert_eq!(cut.rect, (29, 20, 61, 60));
    assert_eq!(cut.background, None);
    for (x, y, p) in cut.image.enumerate_pixels() {
        assert_eq!(*p, *img.get_pixel(x + 29, y + 20));
    }
}

#[test]
fn an_empty_photo_is_refused() {
    let blank = RgbaImage::from_pixel(200, 200, Rgba([240, 240, 240, 255]));
    assert!(matches!(
        cutout::cut_out(&blank, &mut NoProgress),
        Err(EngineError::InvalidInput(_))
    ));
    let tiny = RgbaImage::new(4, 4);
    assert!(cutout::cut_out(&tiny, &mut NoProgress).is_err());
}

#[test]
fn cutout_can_be_cancelled() {
    let photo = common::photo(Item::Shoe, Backdrop::White, 300, 300, 1);
    let mut cancel = |_: &str, f: f32| {
        if f > 0.1 {
            Err(engine::Cancelled)
        } else {
            Ok(())
        }
    };
    assert!(matches!(
        cutout::cut_out(&photo.image, &mut cancel),
        Err(EngineError::Cancelled)
    ));
}
