//! The places, props and composition words sellers ask for most are painted, measurably:
//! a windowsill, a bedside table and a stone slab end in a front edge; a vanity has its
//! white basin; a tray and a cutting board put wood under the product; named props appear
//! beside it; and "room for text" keeps a third of the frame plain with the product out of
//! it. Seeded, on a seller's photo (an amber bottle cut out by the engine).

#[path = "common/mod.rs"]
mod common;

use domain::{Quality, Resolution};
use engine::cutout::{self, Cutout};
use engine::generate::{ImageRequest, OutputFormat};
use engine::prompt::{self, Setting, Space};
use engine::scene::props::PropKind;
use engine::scene::{self, Layers, Product, SceneSpec};
use engine::NoProgress;
use image::RgbaImage;

fn bottle() -> Cutout {
    let photo = common::photo(
        common::Item::AmberBottle,
        common::Backdrop::White,
        300,
        400,
        2,
    );
    cutout::cut_out(&photo.image, &mut NoProgress).unwrap()
}

/// The scene `prompt` describes, as the engine reads it, at 256×384.
fn spec(prompt: &str) -> SceneSpec {
    let mut req = ImageRequest::new(prompt);
    req.resolution = Resolution::Portrait;
    req.quality = Quality::Medium;
    req.seed = 11;
    req.format = OutputFormat::Png;
    let (mut spec, _) = SceneSpec::from_request(&req);
    spec.width = 256;
    spec.height = 384;
    spec
}

fn render(spec: &SceneSpec, cut: &Cutout) -> Layers {
    scene::render_scene(spec, Product::Photo(cut), &mut NoProgress).unwrap()
}

fn luma(p: &image::Rgba<u8>) -> f32 {
    (0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32) / 255.0
}

/// Mean luma of rows `v0..v1` (fractions of the height), between columns `u0..u1`.
fn band(img: &RgbaImage, (u0, u1): (f32, f32), (v0, v1): (f32, f32)) -> f32 {
    let (w, h) = (img.width() as f32, img.height() as f32);
    let (x0, x1) = ((u0 * w) as u32, (u1 * w) as u32);
    let (y0, y1) = (
        (v0 * h) as u32,
        ((v1.min(1.0) * h) as u32).max(v0 as u32 + 1),
    );
    let mut sum = 0.0;
    let mut n = 0.0;
    for y in y0..y1 {
        for x in x0..x1 {
            sum += luma(img.get_pixel(x, y));
            n += 1.0;
        }
    }
    sum / n
}

/// Detail: the mean luma step between neighbouring 4×4 block means inside a region
/// (blocks average away the film grain, so this measures texture and edges).
fn detail(img: &RgbaImage, (u0, u1): (f32, f32), (v0, v1): (f32, f32)) -> f32 {
    let (bw, bh) = (img.width() / 4, img.height() / 4);
    let mean = |bx: u32, by: u32| {
        let mut s = 0.0;
        for y in 0..4 {
            for x in 0..4 {
                s += luma(img.get_pixel(bx * 4 + x, by * 4 + y));
            }
        }
        s / 16.0
    };
    let (x0, x1) = ((u0 * bw as f32) as u32, (u1 * bw as f32) as u32 - 1);
    let (y0, y1) = ((v0 * bh as f32) as u32, (v1 * bh as f32) as u32 - 1);
    let mut sum = 0.0;
    let mut n = 0.0;
    for by in y0..y1 {
        for bx in x0..x1 {
            let m = mean(bx, by);
            sum += (m - mean(bx + 1, by)).abs() + (m - mean(bx, by + 1)).abs();
            n += 1.0;
        }
    }
    sum / n
}

/// The product layer's bounding box in pixels: (x0, y0, x1, y1).
fn product_box(layers: &Layers) -> (u32, u32, u32, u32) {
    let mut b = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in layers.product.enumerate_pixels() {
        if p[3] > 128 {
            b = (b.0.min(x), b.1.min(y), b.2.max(x), b.3.max(y));
        }
    }
    b
}

fn save(name: &str, img: &RgbaImage) {
    if std::env::var_os("SAVE_RENDERS").is_some() {
        img.save(format!("/tmp/vocab-{name}.png")).unwrap();
    }
}

#[test]
fn sellers_places_read_as_their_own_settings() {
    let cases = [
        ("a candle on a wooden windowsill", Setting::Windowsill),
        (
            "lavender soap on a bathroom shelf by the sink",
            Setting::Vanity,
        ),
        ("serum on a brass tray", Setting::Tray),
        ("cheese on a cutting board", Setting::CuttingBoard),
        ("face cream on a slate stone slab", Setting::StoneSlab),
        ("a mug on the bedside table", Setting::BedsideTable),
        ("perfume on a floating shelf", Setting::Shelf),
    ];
    for (text, want) in cases {
        let p = prompt::parse(text);
        let env = p.environment.expect(text);
        assert_eq!(p.setting_for(env), want, "{text}");
    }
}

#[test]
fn named_props_and_room_for_text_are_read() {
    let p = prompt::parse(
        "lavender soap on a bathroom shelf by the sink, with eucalyptus and a candle",
    );
    assert_eq!(p.props, [PropKind::Leaves, PropKind::Candle]);
    // The product's own words are not props.
    assert!(prompt::parse("beeswax candle on a windowsill")
        .props
        .is_empty());
    assert!(prompt::parse("lavender soap").props.is_empty());
    assert!(prompt::parse("a jar, no flowers").props.is_empty());
    for (text, want) in [
        ("candle with room for text at the top", Some(Space::Top)),
        ("leave copy space on the left", Some(Space::Left)),
        ("with negative space", Some(Space::Top)),
        ("space for a headline on the right", Some(Space::Right)),
        ("a roomy bedroom", None),
    ] {
        assert_eq!(prompt::parse(text).space, want, "{text}");
    }
}

#[test]
fn boards_end_in_a_front_edge_with_shade_below() {
    let cut = bottle();
    // (setting, where the front edge is as a fraction of the height)
    for (text, edge) in [
        ("a candle on a wooden windowsill", 0.6 + 0.62 * 0.4),
        ("a candle on a wooden bedside table", 0.6 + 0.72 * 0.4),
        ("a candle on a stone slab", 0.6 + 0.8 * 0.4),
    ] {
        let s = spec(text);
        let img = scene::flatten(&render(&s, &cut));
        save(s.setting.as_str(), &img);
        // Away from the product (its side of the frame is the props' or empty).
        let side = (0.02, 0.2);
        let top = band(&img, side, (edge - 0.06, edge - 0.01));
        let below = band(&img, side, (edge + 0.04, edge + 0.12));
        println!("{text}: top {top:.2}, below {below:.2}");
        assert!(below < top * 0.85, "{text}: top {top:.2}, below {below:.2}");
    }
}

#[test]
fn a_windowsill_stands_before_a_bright_window() {
    let cut = bottle();
    let img = scene::flatten(&render(&spec("a candle on a wooden windowsill"), &cut));
    // The glass behind is brighter than the plaster beside the window and the sill.
    let glass = band(&img, (0.1, 0.3), (0.1, 0.4));
    let sill = band(&img, (0.02, 0.2), (0.62, 0.7));
    println!("glass {glass:.2}, sill {sill:.2}");
    assert!(
        glass > 0.7 && glass > sill + 0.15,
        "glass {glass:.2}, sill {sill:.2}"
    );
}

#[test]
fn a_vanity_has_a_white_basin_a_plain_counter_does_not() {
    let cut = bottle();
    // On a dark counter the white basin stands out.
    let bright = |text: &str| {
        let s = spec(text);
        let l = render(&s, &cut);
        save(&format!("{}-dark", s.setting.as_str()), &scene::flatten(&l));
        let (w, h) = (l.background.width(), l.background.height());
        let counter = l
            .background
            .enumerate_pixels()
            .filter(|(_, y, _)| *y as f32 > h as f32 * 0.62)
            .collect::<Vec<_>>();
        let white = counter.iter().filter(|(_, _, p)| luma(p) > 0.62).count();
        let _ = w;
        white as f32 / counter.len() as f32
    };
    let vanity = bright("a jar on a dark bathroom vanity by the sink, bold dramatic");
    let counter = bright("a jar on a dark bathroom counter, bold dramatic");
    println!("white on the counter: vanity {vanity:.3}, plain {counter:.3}");
    assert!(vanity > 0.03 && vanity > counter * 4.0 + 0.01);
}

#[test]
fn a_tray_and_a_cutting_board_put_wood_under_the_product() {
    let cut = bottle();
    let woody = |text: &str| {
        let s = spec(text);
        let l = render(&s, &cut);
        save(s.setting.as_str(), &scene::flatten(&l));
        let (x0, _, x1, y1) = product_box(&l);
        let (w, h) = (l.background.width(), l.background.height());
        // The strip in front of the product's base, as wide as the product and a bit more.
        let pad = (x1 - x0) / 4;
        let mut wood = 0;
        let mut n = 0;
        for y in (y1 + 2)..(y1 + h / 20).min(h) {
            for x in x0.saturating_sub(pad)..(x1 + pad).min(w) {
                let p = l.background.get_pixel(x, y);
                n += 1;
                let warm = p[0] as i32 - p[2] as i32;
                if warm > 30 && luma(p) < 0.8 {
                    wood += 1;
                }
            }
        }
        wood as f32 / n as f32
    };
    let tray = woody("serum on a wooden tray, clean neutral tones");
    let board = woody("serum on a cutting board, clean neutral tones");
    let marble = woody("serum on white marble, clean neutral tones");
    println!("wood in front of the product: tray {tray:.2}, board {board:.2}, marble {marble:.2}");
    assert!(tray > 0.5 && board > 0.5 && marble < 0.1);
}

#[test]
fn named_props_appear_beside_the_product() {
    let cut = bottle();
    let green = |text: &str| {
        let s = spec(text);
        let l = render(&s, &cut);
        save(&format!("props-{}", s.props.len()), &scene::flatten(&l));
        l.background
            .pixels()
            .filter(|p| p[1] as i32 > p[0] as i32 + 12 && p[1] as i32 > p[2] as i32 + 6)
            .count() as f32
            / (l.background.width() * l.background.height()) as f32
    };
    let with = green("lavender soap on a bathroom vanity by the sink, with eucalyptus");
    let without = green("lavender soap on a bathroom vanity by the sink");
    println!("green: with eucalyptus {with:.3}, without {without:.3}");
    assert!(with > 0.01 && with > without * 3.0);
}

#[test]
fn room_for_text_keeps_a_third_of_the_frame_plain() {
    let cut = bottle();
    let text = "candle on a wooden windowsill with room for text at the top";
    let s = spec(text);
    assert_eq!(s.space, Some(Space::Top));
    let l = render(&s, &cut);
    let img = scene::flatten(&l);
    save("room-top", &img);
    let (_, y0, _, y1) = product_box(&l);
    let h = img.height() as f32;
    assert!(y0 as f32 >= h * 0.36, "product top at {:.2}", y0 as f32 / h);
    assert!(y1 as f32 > h * 0.6);
    let top = detail(&img, (0.0, 1.0), (0.0, 0.33));
    let rest = detail(&img, (0.0, 1.0), (0.4, 1.0));
    // The same scene without the wish has its window bars and frame up there.
    let plain = scene::flatten(&render(&spec("candle on a wooden windowsill"), &cut));
    let before = detail(&plain, (0.0, 1.0), (0.0, 0.33));
    println!("detail: top {top:.4} (without the wish {before:.4}), rest {rest:.4}");
    assert!(top < rest * 0.5 && top < before * 0.7);

    let s = spec("a jar on a wooden table, copy space on the left");
    let l = render(&s, &cut);
    let img = scene::flatten(&l);
    save("room-left", &img);
    let (x0, ..) = product_box(&l);
    assert!(x0 as f32 >= img.width() as f32 * 0.44);
    let left = detail(&img, (0.0, 0.33), (0.0, 1.0));
    let right = detail(&img, (0.45, 1.0), (0.0, 1.0));
    println!("detail: left {left:.4}, right {right:.4}");
    assert!(left < right * 0.6);
}

#[test]
fn the_description_says_what_is_painted() {
    let s = spec("candle on a wooden windowsill with eucalyptus, room for text at the top");
    let d = s.describe(None);
    assert!(d.contains("windowsill") && d.contains("leaves") && d.contains("text at the top"));
    // A wish the engine cannot paint is not described: no shelf, no mirror.
    let s = spec("soap on a bathroom shelf by the sink, beside a mirror");
    let d = s.describe(None);
    assert!(d.contains("vanity by the sink"), "{d}");
    assert!(!d.contains("shelf") && !d.contains("mirror"), "{d}");
}
