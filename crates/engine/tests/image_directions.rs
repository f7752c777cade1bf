//! The guided options look different and move the picture the way their names say, by
//! clear margins: every pair of environments (and of the settings sellers ask for) differs,
//! warm is warmer than cool, dramatic shadows have more contrast than soft even light,
//! golden hour is warm and low, a close-up shows the product larger and a lifestyle shot
//! smaller with more around it, and a flat lay is seen from directly above.
//! All on a seller's photo (an amber bottle cut out by the engine), seeded.

#[path = "common/mod.rs"]
mod common;

use domain::{ColorPalette as P, Composition as C, Environment as E, Lighting as L, Quality};
use engine::cutout::{self, Cutout};
use engine::prompt::{self, SceneChoice, Setting};
use engine::scene::{self, Layers, Product, SceneSpec};
use engine::NoProgress;
use image::RgbaImage;

const W: u32 = 96;
const H: u32 = 144;

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

fn choice(environment: E, palette: P, lighting: L, composition: C) -> SceneChoice {
    SceneChoice {
        environment,
        palette,
        lighting,
        composition,
    }
}

fn layers(spec: &SceneSpec, cut: &Cutout) -> Layers {
    scene::render_scene(spec, Product::Photo(cut), &mut NoProgress).unwrap()
}

/// At the Generate panel's default quality, a little larger: what sellers compare.
fn render_medium(c: SceneChoice, cut: &Cutout, seed: u64) -> RgbaImage {
    let spec = SceneSpec::new(c, W * 4 / 3, H * 4 / 3, Quality::Medium, seed);
    scene::flatten(&layers(&spec, cut))
}

/// The flattened picture with the product's pixels made transparent: the options light and
/// grade the scene, never the product, so the scene around it is what they must move.
fn scene_only(c: SceneChoice, cut: &Cutout, seed: u64) -> RgbaImage {
    let spec = SceneSpec::new(c, W, H, Quality::Low, seed);
    let l = layers(&spec, cut);
    let mut img = scene::flatten(&l);
    for (p, q) in img.pixels_mut().zip(l.product.pixels()) {
        if q[3] > 0 {
            p[3] = 0;
        }
    }
    img
}

fn visible(img: &RgbaImage) -> impl Iterator<Item = &image::Rgba<u8>> {
    img.pixels().filter(|p| p[3] == 255)
}

/// Mean absolute difference per channel, 0..1.
fn distance(a: &RgbaImage, b: &RgbaImage) -> f64 {
    let sum: u64 = a
        .pixels()
        .zip(b.pixels())
        .map(|(p, q)| {
            (0..3)
                .map(|c| (p[c] as i64 - q[c] as i64).unsigned_abs())
                .sum::<u64>()
        })
        .sum();
    sum as f64 / (a.width() * a.height() * 3) as f64 / 255.0
}

fn luma(p: &image::Rgba<u8>) -> f64 {
    0.2126 * p[0] as f64 + 0.7152 * p[1] as f64 + 0.0722 * p[2] as f64
}

/// Red minus blue over brightness, averaged, in percent: how warm the picture's colour is,
/// however light or dark it is.
fn warmth(img: &RgbaImage) -> f64 {
    let n = visible(img).count() as f64;
    visible(img)
        .map(|p| {
            100.0 * (p[0] as f64 - p[2] as f64) / (p[0] as f64 + p[1] as f64 + p[2] as f64 + 30.0)
        })
        .sum::<f64>()
        / n
}

/// Standard deviation of luma in stops: how much contrast the picture has, in dark scenes
/// as in light ones.
fn contrast(img: &RgbaImage) -> f64 {
    let stops = |p: &image::Rgba<u8>| (luma(p) + 8.0).log2();
    let n = visible(img).count() as f64;
    let mean = visible(img).map(stops).sum::<f64>() / n;
    (visible(img).map(|p| (stops(p) - mean).powi(2)).sum::<f64>() / n).sqrt()
}

/// How unevenly `lit` is lit, in stops: the spread (5th to 95th percentile) of its
/// brightness relative to the same scene under soft even light, which takes the materials
/// out and leaves the light.
fn light_spread(lit: &RgbaImage, soft: &RgbaImage) -> f64 {
    let mut ratios: Vec<f64> = lit
        .pixels()
        .zip(soft.pixels())
        .filter(|(p, q)| p[3] == 255 && q[3] == 255)
        .map(|(p, q)| ((luma(p) + 4.0) / (luma(q) + 4.0)).log2())
        .collect();
    ratios.sort_by(|a, b| a.total_cmp(b));
    let at = |f: f64| ratios[((ratios.len() - 1) as f64 * f) as usize];
    at(0.95) - at(0.05)
}

/// Mean distance of each pixel from its own grey: how colourful the picture is.
fn chroma(img: &RgbaImage) -> f64 {
    let n = visible(img).count() as f64;
    visible(img)
        .map(|p| {
            let m = (p[0] as f64 + p[1] as f64 + p[2] as f64) / 3.0;
            (0..3).map(|c| (p[c] as f64 - m).abs()).sum::<f64>() / 3.0
        })
        .sum::<f64>()
        / n
}

#[test]
fn every_pair_of_environments_differs_under_every_palette_and_light() {
    let cut = bottle();
    let mut worst = (f64::MAX, String::new());
    let mut failures = Vec::new();
    for &palette in P::ALL {
        for &lighting in L::ALL {
            for &composition in &[C::ProductHero, C::LifestyleContext] {
                let renders: Vec<RgbaImage> = E::ALL
                    .iter()
                    .map(|&e| render_medium(choice(e, palette, lighting, composition), &cut, 7))
                    .collect();
                for i in 0..renders.len() {
                    for j in i + 1..renders.len() {
                        let d = distance(&renders[i], &renders[j]);
                        let what = format!(
                            "{} vs {} ({palette}, {lighting}, {composition})",
                            E::ALL[i],
                            E::ALL[j]
                        );
                        if d < worst.0 {
                            worst = (d, what.clone());
                        }
                        if d <= 12.0 / 255.0 {
                            failures.push(format!("{what}: {:.1}/255", d * 255.0));
                        }
                    }
                }
            }
        }
    }
    println!(
        "closest environments: {} at {:.1}/255",
        worst.1,
        worst.0 * 255.0
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn every_pair_of_settings_differs() {
    let cut = bottle();
    let mut worst = (f64::MAX, String::new());
    let mut failures = Vec::new();
    for &palette in P::ALL {
        let renders: Vec<RgbaImage> = Setting::ALL
            .iter()
            .map(|&s| {
                let mut spec = SceneSpec::new(
                    choice(s.environment(), palette, L::NaturalDaylight, C::ProductHero),
                    W * 4 / 3,
                    H * 4 / 3,
                    Quality::Medium,
                    7,
                );
                spec.setting = s;
                scene::flatten(&layers(&spec, &cut))
            })
            .collect();
        for i in 0..renders.len() {
            for j in i + 1..renders.len() {
                let d = distance(&renders[i], &renders[j]);
                let what = format!(
                    "{} vs {} ({palette})",
                    Setting::ALL[i].as_str(),
                    Setting::ALL[j].as_str()
                );
                if d < worst.0 {
                    worst = (d, what.clone());
                }
                if d <= 12.0 / 255.0 {
                    failures.push(format!("{what}: {:.1}/255", d * 255.0));
                }
            }
        }
    }
    println!(
        "closest settings: {} at {:.1}/255",
        worst.1,
        worst.0 * 255.0
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn palettes_move_the_picture_the_way_their_names_say() {
    let cut = bottle();
    let mut failures = Vec::new();
    let mut margins = (f64::MAX, f64::MAX, f64::MAX);
    for &environment in E::ALL {
        for &lighting in L::ALL {
            let of = |palette| {
                scene_only(
                    choice(environment, palette, lighting, C::ProductHero),
                    &cut,
                    3,
                )
            };
            let imgs: Vec<(P, RgbaImage)> = P::ALL.iter().map(|&p| (p, of(p))).collect();
            let get = |p: P| &imgs.iter().find(|(q, _)| *q == p).unwrap().1;
            let (warm, cool) = (warmth(get(P::WarmCozy)), warmth(get(P::CoolFresh)));
            margins.0 = margins.0.min(warm - cool);
            if warm < cool + 8.0 {
                failures.push(format!(
                    "{environment} {lighting}: warm {warm:.1} vs cool {cool:.1}"
                ));
            }
            for (p, img) in &imgs {
                if *p != P::WarmCozy && warmth(img) >= warm {
                    failures.push(format!(
                        "{environment} {lighting}: {p} is as warm as warm_cozy"
                    ));
                }
                // A bold palette may be set in cool, deep colours; it is not "cool" for that.
                if *p != P::CoolFresh && *p != P::BoldDramatic && warmth(img) <= cool {
                    failures.push(format!(
                        "{environment} {lighting}: {p} is as cool as cool_fresh"
                    ));
                }
            }
            // Bold is more contrasted than dreamy.
            let (bold, soft) = (contrast(get(P::BoldDramatic)), contrast(get(P::SoftDreamy)));
            margins.1 = margins.1.min(bold - soft);
            if bold < soft + 0.2 {
                failures.push(format!(
                    "{environment} {lighting}: bold {bold:.2} vs dreamy {soft:.2} stops"
                ));
            }
            // Under a white light, neutral is the least colourful of the tinted palettes (a
            // golden sun colours every palette).
            if lighting == L::GoldenHour {
                continue;
            }
            let neutral = chroma(get(P::NeutralClean));
            let tinted = [P::WarmCozy, P::CoolFresh, P::SoftDreamy]
                .iter()
                .map(|&p| chroma(get(p)))
                .fold(f64::MAX, f64::min);
            margins.2 = margins.2.min(tinted - neutral);
            if neutral >= tinted {
                failures.push(format!(
                    "{environment} {lighting}: neutral chroma {neutral:.1} vs {tinted:.1}"
                ));
            }
        }
    }
    println!(
        "warm−cool ≥ {:.1} points, bold−dreamy contrast ≥ {:.2} stops, tinted−neutral chroma ≥ {:.1}",
        margins.0, margins.1, margins.2
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// How far the shadow layer reaches from the product's base, in product heights.
fn shadow_reach(l: &Layers) -> f64 {
    let (w, h) = l.shadow.dimensions();
    let (mut x0, mut x1, mut y1) = (w, 0, 0);
    for (x, y, p) in l.product.enumerate_pixels() {
        if p[3] > 128 {
            x0 = x0.min(x);
            x1 = x1.max(x);
            y1 = y1.max(y);
        }
    }
    let height = l
        .product
        .enumerate_pixels()
        .filter(|(_, _, p)| p[3] > 128)
        .map(|(_, y, _)| y)
        .min()
        .map_or(1, |top| y1 - top);
    let mut reach = 0f64;
    for (x, y, p) in l.shadow.enumerate_pixels() {
        if p[3] > 40 && l.product.get_pixel(x, y)[3] < 8 {
            let dx = if x < x0 { x0 - x } else { x.saturating_sub(x1) } as f64;
            let dy = (y as f64 - y1 as f64).abs();
            reach = reach.max(dx.hypot(dy));
        }
    }
    let _ = h;
    reach / height.max(1) as f64
}

#[test]
fn lighting_moves_the_picture_the_way_its_name_says() {
    let cut = bottle();
    let mut failures = Vec::new();
    let mut margins = (f64::MAX, f64::MAX, f64::MAX);
    for &environment in E::ALL {
        for &palette in P::ALL {
            let spec = |lighting| {
                SceneSpec::new(
                    choice(environment, palette, lighting, C::ProductHero),
                    W,
                    H,
                    Quality::Low,
                    3,
                )
            };
            let of = |lighting| {
                let l = layers(&spec(lighting), &cut);
                (
                    scene_only(
                        choice(environment, palette, lighting, C::ProductHero),
                        &cut,
                        3,
                    ),
                    l,
                )
            };
            let (dramatic, _) = of(L::DramaticShadows);
            let (soft, _) = of(L::SoftEven);
            let (golden, golden_layers) = of(L::GoldenHour);
            let (day, day_layers) = of(L::NaturalDaylight);
            // Dramatic light is far less even than soft light, and more than daylight.
            let (drama, daylight) = (light_spread(&dramatic, &soft), light_spread(&day, &soft));
            margins.0 = margins.0.min(drama);
            if drama < 1.0 || drama < daylight + 0.6 {
                failures.push(format!(
                    "{environment} {palette}: dramatic light spreads {drama:.2} stops, daylight {daylight:.2}"
                ));
            }
            let warmer = warmth(&golden) - warmth(&day);
            margins.1 = margins.1.min(warmer);
            if warmer < 5.0 {
                failures.push(format!(
                    "{environment} {palette}: golden hour only {warmer:.1} warmer than daylight"
                ));
            }
            // A low sun throws long shadows.
            let longer = shadow_reach(&golden_layers) / shadow_reach(&day_layers).max(1e-3);
            margins.2 = margins.2.min(longer);
            if longer < 1.5 {
                failures.push(format!(
                    "{environment} {palette}: golden-hour shadow only {longer:.2}× daylight's"
                ));
            }
        }
    }
    println!(
        "dramatic light spread ≥ {:.2} stops, golden−daylight warmth ≥ {:.1}, golden/daylight shadow reach ≥ {:.2}×",
        margins.0, margins.1, margins.2
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Fraction of the frame the product covers.
fn product_share(l: &Layers) -> f64 {
    l.product.pixels().filter(|p| p[3] > 128).count() as f64
        / (l.product.width() * l.product.height()) as f64
}

/// How much of the frame the props and setting pieces around the product cover: pixels of
/// the background that change when props are left out.
fn context(spec: &SceneSpec, cut: &Cutout) -> f64 {
    let with = layers(spec, cut).background;
    let without = layers(
        &SceneSpec {
            no_props: true,
            ..spec.clone()
        },
        cut,
    )
    .background;
    let changed = with
        .pixels()
        .zip(without.pixels())
        .filter(|(a, b)| (0..3).any(|c| (a[c] as i32 - b[c] as i32).abs() > 12))
        .count();
    changed as f64 / (with.width() * with.height()) as f64
}

#[test]
fn compositions_frame_the_product_the_way_their_names_say() {
    let cut = bottle();
    let mut failures = Vec::new();
    let mut margins = (f64::MAX, f64::MAX, f64::MAX);
    for &environment in E::ALL {
        for &palette in P::ALL {
            let spec = |composition| {
                SceneSpec::new(
                    choice(environment, palette, L::NaturalDaylight, composition),
                    W * 2,
                    H * 2,
                    Quality::Low,
                    9,
                )
            };
            let of = |composition| layers(&spec(composition), &cut);
            let (close, hero, life) = (
                of(C::DetailCloseup),
                of(C::ProductHero),
                of(C::LifestyleContext),
            );
            let (a, b) = (
                product_share(&close) / product_share(&hero),
                product_share(&hero) / product_share(&life),
            );
            margins.0 = margins.0.min(a);
            margins.1 = margins.1.min(b);
            if a < 1.5 || b < 1.3 {
                failures.push(format!(
                    "{environment} {palette}: close-up/hero {a:.2}, hero/lifestyle {b:.2}"
                ));
            }
            let (more, hero_props) = (
                context(&spec(C::LifestyleContext), &cut),
                context(&spec(C::ProductHero), &cut),
            );
            margins.2 = margins.2.min(more - hero_props);
            if more < hero_props + 0.03 {
                failures.push(format!("{environment} {palette}: props cover {:.1}% of a lifestyle shot, {:.1}% of a hero shot", more * 100.0, hero_props * 100.0));
            }
        }
    }
    println!(
        "product share close-up/hero ≥ {:.2}×, hero/lifestyle ≥ {:.2}×, lifestyle props cover ≥ {:.1} points more of the frame",
        margins.0, margins.1, margins.2 * 100.0
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn a_flat_lay_is_seen_from_directly_above() {
    let cut = bottle();
    for text in [
        "flat lay of the serum with leaves",
        "top-down shot on a wooden table",
    ] {
        let params = prompt::parse(text);
        assert!(params.top_down, "{text}");
        let c = params.resolve(None, None, None, None);
        let spec = SceneSpec::new(c, W * 2, H * 2, Quality::Low, 4).with_prompt(&params);
        assert!(spec.top_down);
        let plan = scene::plan(&spec, cut.image.width(), cut.image.height());
        assert!(plan.layout.top_down, "{text}");
        let flat = layers(&spec, &cut);
        let front = layers(
            &SceneSpec {
                top_down: false,
                ..spec.clone()
            },
            &cut,
        );

        // One continuous surface: the top and bottom of the backdrop are alike, where a
        // front view has a wall above a table.
        let band = |l: &Layers, y0: u32, y1: u32| {
            let (w, _) = l.background.dimensions();
            let mut s = [0f64; 3];
            for y in y0..y1 {
                for x in 0..w {
                    let p = l.background.get_pixel(x, y);
                    for c in 0..3 {
                        s[c] += p[c] as f64;
                    }
                }
            }
            s.map(|v| v / ((y1 - y0) * w) as f64)
        };
        let split = |l: &Layers| {
            let h = l.background.height();
            let (a, b) = (band(l, 0, h / 4), band(l, h * 3 / 4, h));
            (0..3).map(|c| (a[c] - b[c]).abs()).sum::<f64>() / 3.0
        };
        let bare = |top_down| {
            layers(
                &SceneSpec {
                    top_down,
                    no_props: true,
                    ..spec.clone()
                },
                &cut,
            )
        };
        let (top_down_split, front_split) = (split(&bare(true)), split(&bare(false)));
        assert!(
            top_down_split < 18.0 && top_down_split < front_split,
            "{text}: top/bottom differ by {top_down_split:.1} seen from above, {front_split:.1} from the front"
        );

        // The shadow falls all round the product lying on the surface, not behind its base.
        let r = plan.layout.product;
        let around = |l: &Layers, x: i32, y: i32| l.shadow.get_pixel(x as u32, y as u32)[3];
        let (cx, cy) = (r.x + r.width as i32 / 2, r.y + r.height as i32 / 2);
        let m = (r.width.min(r.height) / 12).max(2) as i32;
        let sides = [
            (r.x - m, cy),
            (r.x + r.width as i32 + m - 1, cy),
            (cx, r.y - m),
            (cx, r.bottom() + m - 1),
        ];
        let shaded = sides
            .iter()
            .filter(|&&(x, y)| around(&flat, x, y) > 10)
            .count();
        assert!(shaded >= 3, "{text}: shadow on {shaded} sides of 4");

        // Props lie around the product on the surface: what the props add to the bare
        // surface is found on at least three of its four sides.
        let plain = bare(true);
        let (w, h) = flat.background.dimensions();
        let mut beside = [0u32; 4];
        for y in 0..h {
            for x in 0..w {
                let (p, q) = (
                    flat.background.get_pixel(x, y),
                    plain.background.get_pixel(x, y),
                );
                let d: i32 = (0..3).map(|c| (p[c] as i32 - q[c] as i32).abs()).sum();
                if d <= 30 {
                    continue;
                }
                let (x, y) = (x as i32, y as i32);
                if x < r.x {
                    beside[0] += 1;
                }
                if x >= r.x + r.width as i32 {
                    beside[1] += 1;
                }
                if y < r.y {
                    beside[2] += 1;
                }
                if y > r.bottom() {
                    beside[3] += 1;
                }
            }
        }
        let enough = w * h / 200;
        let sides = beside.iter().filter(|&&n| n > enough).count();
        assert!(
            sides >= 3,
            "{text}: props on {sides} sides of 4 (left, right, above, below: {beside:?} pixels)"
        );
        assert_eq!(
            around(&front, cx, r.y - m),
            0,
            "a front view has no shadow above the product"
        );
    }
}
