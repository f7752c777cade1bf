//! Mask edits blend: on a rendered scene with pebbles beside the product and a brush-shaped
//! mask over them, every edit leaves the outside bit for bit, and across the mask's border
//! the picture changes no more sharply than it does in the surroundings, so no rectangle or
//! seam shows. Placing fruit draws fruit lit like the scene with a shadow under it; removing
//! fills so the area looks like its neighbourhood; recolouring moves the pebbles' colour and
//! keeps their texture.

use domain::{ColorPalette, Composition, Environment, Lighting, Quality};
use engine::edit::{apply_edit, parse_instruction, EditOp};
use engine::prompt::{ProductKind, SceneChoice};
use engine::scene::{self, Product, SceneSpec};
use engine::NoProgress;
use image::{GrayImage, Luma, Rgba, RgbaImage};

const W: u32 = 480;
const H: u32 = 512;
/// The pebbles' centre and the brush's radii.
const PEBBLES: (f32, f32) = (84.0, 420.0);

/// A marble counter with a product (no props): what was behind the pebbles.
fn counter() -> RgbaImage {
    let choice = SceneChoice {
        environment: Environment::LuxuryMarble,
        palette: ColorPalette::NeutralClean,
        lighting: Lighting::NaturalDaylight,
        composition: Composition::ProductHero,
    };
    let mut spec = SceneSpec::new(choice, W, H, Quality::Medium, 21);
    spec.no_props = true;
    let layers = scene::render_scene(
        &spec,
        Product::Mockup {
            kind: ProductKind::Bottle,
            color: None,
        },
        &mut NoProgress,
    )
    .unwrap();
    scene::flatten(&layers)
}

/// The counter with three grey pebbles on it, and a hand-drawn mask over them: a wobbly
/// blob a little larger than the pebbles, as a brush leaves it.
fn pebbles() -> (RgbaImage, RgbaImage, GrayImage, Vec<bool>) {
    let behind = counter();
    let mut image = behind.clone();
    let stones = [(-22.0, 4.0, 20.0), (16.0, 8.0, 16.0), (2.0, -10.0, 13.0)];
    let mut object = vec![false; (W * H) as usize];
    for (x, y, p) in image.enumerate_pixels_mut() {
        for (k, (dx, dy, r)) in stones.iter().enumerate() {
            let (u, v) = (
                (x as f32 - PEBBLES.0 - dx) / r,
                (y as f32 - PEBBLES.1 - dy) / (r * 0.6),
            );
            let d = u * u + v * v;
            if d < 1.0 {
                // Lit from above-left, with a little speckle.
                let shade = 0.75 + 0.3 * (-u - v).clamp(-1.0, 1.0) * 0.5;
                let speck = ((x * 7 + y * 13 + k as u32 * 5) % 11) as f32;
                let g = (120.0 * shade + speck) as u8;
                *p = Rgba([g, g.saturating_sub(4), g.saturating_sub(8), 255]);
                object[(y * W + x) as usize] = true;
            }
        }
    }
    let mask = GrayImage::from_fn(W, H, |x, y| {
        let (dx, dy) = (x as f32 - PEBBLES.0, y as f32 - PEBBLES.1 + 2.0);
        let a = dy.atan2(dx);
        let r = 1.0 + 0.08 * (3.0 * a).sin() + 0.05 * (5.0 * a + 1.0).cos();
        let inside = (dx / (58.0 * r)).powi(2) + (dy / (34.0 * r)).powi(2) <= 1.0;
        Luma([if inside { 255 } else { 0 }])
    });
    (behind, image, mask, object)
}

fn luma(p: &Rgba<u8>) -> f64 {
    0.2126 * p[0] as f64 + 0.7152 * p[1] as f64 + 0.0722 * p[2] as f64
}

/// Mean absolute step between 4-neighbours, (a) across the mask's border and (b) in the
/// surroundings (both outside, within 3..20 px of the mask).
fn border_and_surroundings(img: &RgbaImage, mask: &GrayImage) -> (f64, f64) {
    let inside = |x: u32, y: u32| mask.get_pixel(x, y)[0] != 0;
    // Distance to the mask, roughly (Chebyshev within 20 px).
    let near = |x: u32, y: u32| -> u32 {
        for r in 1..=20u32 {
            let (x0, y0) = (x.saturating_sub(r), y.saturating_sub(r));
            let (x1, y1) = ((x + r).min(W - 1), (y + r).min(H - 1));
            for yy in y0..=y1 {
                for xx in [x0, x1] {
                    if inside(xx, yy) {
                        return r;
                    }
                }
            }
            for xx in x0..=x1 {
                for yy in [y0, y1] {
                    if inside(xx, yy) {
                        return r;
                    }
                }
            }
        }
        99
    };
    let step = |a: &Rgba<u8>, b: &Rgba<u8>| {
        (0..3)
            .map(|c| (a[c] as f64 - b[c] as f64).abs())
            .sum::<f64>()
            / 3.0
    };
    let (mut border, mut nb, mut around, mut na) = (0f64, 0f64, 0f64, 0f64);
    for y in 0..H - 1 {
        for x in 0..W - 1 {
            for (qx, qy) in [(x + 1, y), (x, y + 1)] {
                let (a, b) = (inside(x, y), inside(qx, qy));
                let s = step(img.get_pixel(x, y), img.get_pixel(qx, qy));
                if a != b {
                    border += s;
                    nb += 1.0;
                } else if !a && (3..=20).contains(&near(x, y)) {
                    around += s;
                    na += 1.0;
                }
            }
        }
    }
    (border / nb, around / na)
}

fn edited(image: &RgbaImage, mask: &GrayImage, op: EditOp) -> RgbaImage {
    let mut out = image.clone();
    apply_edit(&mut out, mask, op, 5, &mut NoProgress).unwrap();
    out
}

fn ops() -> Vec<(&'static str, EditOp)> {
    [
        "replace the pebbles with a piece of fruit",
        "add pink flowers",
        "add eucalyptus leaves",
        "remove this",
        "make the pebbles blue",
        "brighten",
        "blur it",
        "bathroom background",
    ]
    .iter()
    .map(|text| (*text, parse_instruction(text).unwrap()))
    .collect()
}

#[test]
fn every_edit_leaves_the_outside_and_shows_no_seam() {
    let (_, image, mask, _) = pebbles();
    let mut failures = Vec::new();
    let mut worst = 0f64;
    let (border, around) = border_and_surroundings(&image, &mask);
    println!(
        "{:45} border step {border:5.2}, surroundings {around:5.2}",
        "(before the edit)"
    );
    for (text, op) in ops() {
        let out = edited(&image, &mask, op);
        for (x, y, p) in out.enumerate_pixels() {
            if mask.get_pixel(x, y)[0] == 0 && p != image.get_pixel(x, y) {
                failures.push(format!("{text}: pixel ({x}, {y}) outside the mask changed"));
                break;
            }
        }
        let (border, around) = border_and_surroundings(&out, &mask);
        worst = worst.max(border / around);
        println!("{text:45} border step {border:5.2}, surroundings {around:5.2}");
        if border > around {
            failures.push(format!(
                "{text}: steps of {border:.2} across the mask's border, {around:.2} around it"
            ));
        }
    }
    println!("worst border/surroundings step ratio {worst:.2}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn fruit_is_drawn_lit_like_the_scene_with_a_shadow_and_no_rectangle() {
    let (behind, image, mask, _) = pebbles();
    let op = parse_instruction("replace the pebbles with a piece of fruit").unwrap();
    assert!(matches!(op, EditOp::Place { .. }), "{op:?}");
    let out = edited(&image, &mask, op);
    let masked: Vec<(u32, u32)> = mask
        .enumerate_pixels()
        .filter(|(_, _, m)| m[0] != 0)
        .map(|(x, y, _)| (x, y))
        .collect();
    // Orange fruit, saturated, where grey pebbles were.
    let orange = masked
        .iter()
        .filter(|&&(x, y)| {
            let p = out.get_pixel(x, y);
            p[0] as i32 > p[2] as i32 + 60 && p[0] > 150
        })
        .count();
    assert!(
        orange * 100 > masked.len() * 12,
        "only {orange} of {} masked pixels are fruit-coloured",
        masked.len()
    );
    // The brush's own edge is the counter again: no rectangle, no flat colour. Within 4 px
    // inside the mask the picture is close to what was behind the pebbles.
    let edge: Vec<&(u32, u32)> = masked
        .iter()
        .filter(|&&(x, y)| {
            (x >= 4 && mask.get_pixel(x - 4, y)[0] == 0)
                || (x + 4 < W && mask.get_pixel(x + 4, y)[0] == 0)
                || (y >= 4 && mask.get_pixel(x, y - 4)[0] == 0)
                || (y + 4 < H && mask.get_pixel(x, y + 4)[0] == 0)
        })
        .collect();
    let off: f64 = edge
        .iter()
        .map(|&&(x, y)| (luma(out.get_pixel(x, y)) - luma(behind.get_pixel(x, y))).abs())
        .sum::<f64>()
        / edge.len() as f64;
    assert!(
        off < 10.0,
        "the mask's rim differs from the counter by {off:.1} levels"
    );
    // Lit from the scene's brighter side: the fruit's pixels on that side are lighter.
    let fruit: Vec<(u32, u32)> = masked
        .iter()
        .copied()
        .filter(|&(x, y)| {
            let p = out.get_pixel(x, y);
            p[0] as i32 > p[2] as i32 + 60
        })
        .collect();
    let cx = fruit.iter().map(|p| p.0 as f64).sum::<f64>() / fruit.len() as f64;
    let mean = |right: bool| {
        let v: Vec<f64> = fruit
            .iter()
            .filter(|p| (p.0 as f64 > cx) == right)
            .map(|&(x, y)| luma(out.get_pixel(x, y)))
            .collect();
        v.iter().sum::<f64>() / v.len() as f64
    };
    let lit_right = {
        let half = |right: bool| {
            image
                .enumerate_pixels()
                .filter(|(x, _, _)| (*x >= W / 2) == right)
                .map(|(_, _, p)| luma(p))
                .sum::<f64>()
        };
        half(true) > half(false)
    };
    let (lit, unlit) = (mean(lit_right), mean(!lit_right));
    assert!(
        lit > unlit + 3.0,
        "fruit lit side {lit:.1} vs shaded side {unlit:.1}"
    );
    // A contact shadow: just below the fruit the counter is darker than it was.
    let bottom = fruit.iter().map(|p| p.1).max().unwrap();
    let below: Vec<(u32, u32)> = fruit
        .iter()
        .filter(|p| p.1 + 6 >= bottom)
        .map(|&(x, _)| (x, bottom + 2))
        .filter(|&(x, y)| mask.get_pixel(x, y)[0] != 0)
        .collect();
    let darker = below
        .iter()
        .map(|&(x, y)| luma(behind.get_pixel(x, y)) - luma(out.get_pixel(x, y)))
        .sum::<f64>()
        / below.len().max(1) as f64;
    assert!(
        darker > 4.0,
        "no contact shadow under the fruit ({darker:.1})"
    );
}

#[test]
fn removal_matches_the_neighbourhood() {
    let (behind, image, mask, _) = pebbles();
    let out = edited(&image, &mask, EditOp::Remove);
    let stats = |img: &RgbaImage, inside: bool| {
        let v: Vec<f64> = img
            .enumerate_pixels()
            .filter(|(x, y, _)| {
                let m = mask.get_pixel(*x, *y)[0] != 0;
                let (dx, dy) = (*x as f32 - PEBBLES.0, *y as f32 - PEBBLES.1);
                m == inside && (dx / 90.0).powi(2) + (dy / 60.0).powi(2) < 1.0
            })
            .map(|(_, _, p)| luma(p))
            .collect();
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        let sd = (v.iter().map(|l| (l - mean).powi(2)).sum::<f64>() / v.len() as f64).sqrt();
        (mean, sd)
    };
    let (fill, ring) = (stats(&out, true), stats(&out, false));
    assert!(
        (fill.0 - ring.0).abs() < 8.0,
        "fill mean {:.1} vs neighbourhood {:.1}",
        fill.0,
        ring.0
    );
    let truth = stats(&behind, true);
    assert!(
        (fill.0 - truth.0).abs() < 8.0,
        "fill {:.1} vs what was behind {:.1}",
        fill.0,
        truth.0
    );
    // No grey pebble is left.
    let grey = mask
        .enumerate_pixels()
        .filter(|(x, y, m)| m[0] != 0 && luma(out.get_pixel(*x, *y)) < 140.0)
        .count();
    assert!(grey < 30, "{grey} dark pebble pixels remain");
}

#[test]
fn recolouring_moves_the_objects_colour_and_keeps_its_texture() {
    let (_, image, mask, object) = pebbles();
    let out = edited(
        &image,
        &mask,
        parse_instruction("make the pebbles blue").unwrap(),
    );
    let pick = |img: &RgbaImage, want: bool| -> Vec<Rgba<u8>> {
        img.enumerate_pixels()
            .filter(|(x, y, _)| {
                let i = (y * W + x) as usize;
                mask.get_pixel(*x, *y)[0] != 0 && object[i] == want
            })
            .map(|(_, _, p)| *p)
            .collect()
    };
    let (stones, stones_before) = (pick(&out, true), pick(&image, true));
    let mean =
        |v: &[Rgba<u8>], c: usize| v.iter().map(|p| p[c] as f64).sum::<f64>() / v.len() as f64;
    assert!(
        mean(&stones, 2) > mean(&stones, 0) + 40.0,
        "pebbles are not blue: r {:.0} b {:.0}",
        mean(&stones, 0),
        mean(&stones, 2)
    );
    // Texture kept: the pebbles' shading varies as much as before.
    let spread = |v: &[Rgba<u8>]| {
        let l: Vec<f64> = v.iter().map(luma).collect();
        let m = l.iter().sum::<f64>() / l.len() as f64;
        (l.iter().map(|x| (x - m).powi(2)).sum::<f64>() / l.len() as f64).sqrt()
    };
    let ratio = spread(&stones) / spread(&stones_before);
    assert!(
        (0.6..1.5).contains(&ratio),
        "texture spread changed {ratio:.2}×"
    );
    // The counter under the brush around the pebbles keeps its colour.
    let (counter, counter_before) = (pick(&out, false), pick(&image, false));
    let moved = (0..3)
        .map(|c| (mean(&counter, c) - mean(&counter_before, c)).abs())
        .fold(0f64, f64::max);
    assert!(
        moved < 6.0,
        "the counter around the pebbles moved {moved:.1} levels"
    );
}
