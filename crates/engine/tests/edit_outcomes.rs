// Long by nature: one test file for what each kind of edit paints, a case per kind.
//! Mask edits do what their instruction says, measured on pictures made here: a tiled wall
//! and a brick wall with a mirror and a product bottle on them, and an engine scene. A
//! material fills the painted area in its colour and texture; a placed object fills most of
//! the painted area; a removal over tiles or bricks continues their pattern and copies none
//! of the product's colour; nothing outside the painted area changes.
//!
//! Also writes the edit contact sheet (before and after each edit) to
//! `$EDIT_CONTACT_SHEET` (default: the temp dir's `campaign-studio-edit-sheet.png`); with
//! `UPDATE_EDIT_SHEET=1` a JPEG copy goes to `docs/edit-contact-sheet.jpg`.

use domain::{ColorPalette, Composition, Environment, Lighting, Quality};
use engine::edit::{
    apply_edit, parse_instruction, placement_refusal, EditOp, Material, MaterialKind,
};
use engine::prompt::{ProductKind, SceneChoice};
use engine::scene::{self, Product, SceneSpec};
use engine::NoProgress;
use image::{imageops, GrayImage, Luma, Rgba, RgbaImage};

const W: u32 = 480;
const H: u32 = 360;
/// The product bottle's lavender purple.
const BOTTLE: [u8; 3] = [118, 78, 168];

fn hash(x: u32, y: u32, k: u32) -> f32 {
    let mut h = x
        .wrapping_mul(0x8DA6_B343)
        .wrapping_add(y.wrapping_mul(0xD816_3841))
        .wrapping_add(k.wrapping_mul(0xCB1A_B31F));
    h ^= h >> 15;
    h = h.wrapping_mul(0x2C1B_3C6D);
    h ^= h >> 12;
    (h >> 8) as f32 / (1u32 << 24) as f32
}

/// A wall lit from the left: `paint(x, y)` gives its colour before light and grain.
fn wall(paint: impl Fn(u32, u32) -> [f32; 3]) -> RgbaImage {
    RgbaImage::from_fn(W, H, |x, y| {
        let light = 1.04 - 0.1 * x as f32 / W as f32;
        let grain = (hash(x, y, 1) - 0.5) * 6.0;
        let c = paint(x, y).map(|v| (v * light + grain).round().clamp(0.0, 255.0) as u8);
        Rgba([c[0], c[1], c[2], 255])
    })
}

/// White square tiles, 40 px apart, with grey grout.
fn tiles() -> RgbaImage {
    wall(|x, y| {
        if x % 40 < 3 || y % 40 < 3 {
            [168.0, 166.0, 160.0]
        } else {
            let t = 0.97 + 0.05 * hash(x / 40, y / 40, 2);
            [232.0 * t, 234.0 * t, 230.0 * t]
        }
    })
}

/// Red bricks 56×24 in running bond with light mortar.
fn bricks() -> RgbaImage {
    wall(|x, y| {
        let row = y / 24;
        let shift = if row % 2 == 0 { 0 } else { 28 };
        let col = (x + shift) / 56;
        if (x + shift) % 56 < 4 || y % 24 < 4 {
            [200.0, 194.0, 182.0]
        } else {
            let t = 0.85 + 0.3 * hash(col, row, 3);
            [166.0 * t, 80.0 * t, 58.0 * t]
        }
    })
}

/// A plain plaster wall: no pattern, only a gradient and grain.
fn plaster() -> RgbaImage {
    wall(|x, y| {
        let k = 0.96 + 0.04 * ((x as f32 * 0.013).sin() + (y as f32 * 0.017).cos()) * 0.5;
        [214.0 * k, 206.0 * k, 196.0 * k]
    })
}

/// The product: an amber bottle standing at the left.
fn with_bottle(mut image: RgbaImage) -> RgbaImage {
    for (x, y, p) in image.enumerate_pixels_mut() {
        let (dx, dy) = (x as f32 - 80.0, y as f32 - 250.0);
        let body = dx.abs() < 36.0 && dy.abs() < 90.0;
        let neck = dx.abs() < 12.0 && (-125.0..-90.0).contains(&dy);
        if body || neck {
            let shade = 1.0 - 0.25 * (dx / 36.0).abs();
            p.0 = [
                (BOTTLE[0] as f32 * shade) as u8,
                (BOTTLE[1] as f32 * shade) as u8,
                (BOTTLE[2] as f32 * shade) as u8,
                255,
            ];
        }
    }
    image
}

/// The mirror's box on the wall.
const MIRROR: (u32, u32, u32, u32) = (250, 70, 360, 200);

/// A framed mirror hung on the wall (a grey-blue gradient in a dark frame).
fn with_mirror(mut image: RgbaImage) -> RgbaImage {
    let (x0, y0, x1, y1) = MIRROR;
    for y in y0..y1 {
        for x in x0..x1 {
            let frame = x < x0 + 6 || x >= x1 - 6 || y < y0 + 6 || y >= y1 - 6;
            let v = if frame {
                [70, 60, 52]
            } else {
                let t = (x - x0 + y - y0) as f32 / (x1 - x0 + y1 - y0) as f32;
                let g = (150.0 + 70.0 * t) as u8;
                [g - 10, g, g + 8]
            };
            image.put_pixel(x, y, Rgba([v[0], v[1], v[2], 255]));
        }
    }
    image
}

/// A hand-drawn brush over the mirror: its box grown by a wobbly margin.
fn mirror_mask() -> GrayImage {
    let (x0, y0, x1, y1) = MIRROR;
    GrayImage::from_fn(W, H, |x, y| {
        let margin = 7.0 + 3.0 * ((x as f32 * 0.15).sin() + (y as f32 * 0.11).cos());
        let inside = x as f32 >= x0 as f32 - margin
            && x as f32 <= x1 as f32 + margin
            && y as f32 >= y0 as f32 - margin
            && y as f32 <= y1 as f32 + margin;
        Luma([if inside { 255 } else { 0 }])
    })
}

/// An elliptical brush blob centred at `(cx, cy)` with radii `(rx, ry)`, a little wobbly.
fn blob(w: u32, h: u32, (cx, cy): (f32, f32), (rx, ry): (f32, f32)) -> GrayImage {
    GrayImage::from_fn(w, h, |x, y| {
        let (dx, dy) = (x as f32 - cx, y as f32 - cy);
        let a = dy.atan2(dx);
        let r = 1.0 + 0.06 * (3.0 * a).sin() + 0.04 * (5.0 * a + 1.0).cos();
        let inside = (dx / (rx * r)).powi(2) + (dy / (ry * r)).powi(2) <= 1.0;
        Luma([if inside { 255 } else { 0 }])
    })
}

fn edited(image: &RgbaImage, mask: &GrayImage, op: EditOp) -> RgbaImage {
    let mut out = image.clone();
    apply_edit(&mut out, mask, op, 7, &mut NoProgress).unwrap();
    out
}

fn instruction(text: &str) -> EditOp {
    parse_instruction(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn assert_outside_unchanged(before: &RgbaImage, after: &RgbaImage, mask: &GrayImage, what: &str) {
    for ((p, q), m) in before.pixels().zip(after.pixels()).zip(mask.pixels()) {
        if m[0] == 0 {
            assert_eq!(p, q, "{what}: a pixel outside the painted area changed");
        }
    }
}

/// Pixels inside the mask at least `depth` px from its edge.
fn interior(mask: &GrayImage, depth: u32) -> Vec<(u32, u32)> {
    let (w, h) = mask.dimensions();
    let d = depth as i64;
    let mut out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let deep = (-d..=d).step_by(depth.max(1) as usize).all(|dy| {
                (-d..=d).step_by(depth.max(1) as usize).all(|dx| {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    nx >= 0
                        && ny >= 0
                        && nx < w as i64
                        && ny < h as i64
                        && mask.get_pixel(nx as u32, ny as u32)[0] != 0
                })
            });
            if deep {
                out.push((x, y));
            }
        }
    }
    out
}

fn luma(p: &Rgba<u8>) -> f32 {
    0.2126 * p[0] as f32 + 0.7152 * p[1] as f32 + 0.0722 * p[2] as f32
}

/// Normalised correlation of luma between each listed pixel and the one `(dx, dy)` away.
fn correlation(image: &RgbaImage, at: &[(u32, u32)], (dx, dy): (u32, u32)) -> f32 {
    let pairs: Vec<(f32, f32)> = at
        .iter()
        .filter(|(x, y)| x + dx < image.width() && y + dy < image.height())
        .map(|&(x, y)| {
            (
                luma(image.get_pixel(x, y)),
                luma(image.get_pixel(x + dx, y + dy)),
            )
        })
        .collect();
    let n = pairs.len() as f32;
    let (ma, mb) = (
        pairs.iter().map(|p| p.0).sum::<f32>() / n,
        pairs.iter().map(|p| p.1).sum::<f32>() / n,
    );
    let cov: f32 = pairs.iter().map(|p| (p.0 - ma) * (p.1 - mb)).sum();
    let va: f32 = pairs.iter().map(|p| (p.0 - ma).powi(2)).sum();
    let vb: f32 = pairs.iter().map(|p| (p.1 - mb).powi(2)).sum();
    cov / (va * vb).sqrt().max(1e-6)
}

fn distance(p: &Rgba<u8>, c: [u8; 3]) -> f32 {
    (0..3)
        .map(|i| (p[i] as f32 - c[i] as f32).powi(2))
        .sum::<f32>()
        .sqrt()
}

/// Removing the mirror from a tiled or brick wall leaves the wall as it was: grout and
/// mortar lines run on through the area in step with the rest (the area's correlation at
/// the wall's period matches the wall's), and none of the bottle's purple comes in.
#[test]
fn removal_over_tiles_and_bricks_continues_the_pattern() {
    let mask = mirror_mask();
    let inner = interior(&mask, 2);
    for (name, truth, period) in [
        ("tiles", with_bottle(tiles()), [(40, 0), (0, 40)]),
        ("bricks", with_bottle(bricks()), [(56, 0), (0, 48)]),
    ] {
        let image = with_mirror(truth.clone());
        let out = edited(&image, &mask, instruction("remove the mirror"));
        assert_outside_unchanged(&image, &out, &mask, name);
        for shift in period {
            let (got, want) = (
                correlation(&out, &inner, shift),
                correlation(&truth, &inner, shift),
            );
            assert!(
                got > 0.6 && (got - want).abs() < 0.15,
                "{name}: the area's correlation at the wall's period {shift:?} is {got:.2}, the wall's {want:.2}"
            );
        }
        let error: f32 = inner
            .iter()
            .map(|&(x, y)| {
                let (p, q) = (out.get_pixel(x, y), truth.get_pixel(x, y));
                (0..3)
                    .map(|c| (p[c] as f32 - q[c] as f32).abs())
                    .sum::<f32>()
                    / 3.0
            })
            .sum::<f32>()
            / inner.len() as f32;
        assert!(
            error < 12.0,
            "{name}: differs from the bare wall by {error:.1} per channel"
        );
        let brown = inner
            .iter()
            .filter(|&&(x, y)| distance(out.get_pixel(x, y), BOTTLE) < 45.0)
            .count();
        assert_eq!(brown, 0, "{name}: the bottle's colour was copied in");
    }
}

/// On a plain wall (no pattern to follow) the fill comes from the wall around the mask:
/// the bottle right beside it is not copied in, and the area looks like the wall.
#[test]
fn removal_beside_the_product_copies_none_of_its_colour() {
    let image = with_bottle(plaster());
    // The brush reaches to within a few pixels of the bottle.
    let mask = GrayImage::from_fn(W, H, |x, y| {
        Luma([if (124..300).contains(&x) && (140..320).contains(&y) {
            255
        } else {
            0
        }])
    });
    let mut object = image.clone();
    for y in 150..310 {
        for x in 140..290 {
            object.put_pixel(x, y, Rgba([60, 90, 140, 255]));
        }
    }
    let out = edited(&object, &mask, instruction("remove the box"));
    assert_outside_unchanged(&object, &out, &mask, "plaster");
    let inner = interior(&mask, 1);
    let brown = inner
        .iter()
        .filter(|&&(x, y)| distance(out.get_pixel(x, y), BOTTLE) < 60.0)
        .count();
    assert!(
        brown * 1000 < inner.len(),
        "{brown} of {} filled pixels took the bottle's colour",
        inner.len()
    );
    let far = inner
        .iter()
        .filter(|&&(x, y)| distance(out.get_pixel(x, y), [214, 206, 196]) > 40.0)
        .count();
    assert!(
        far * 100 < inner.len(),
        "{far} of {} filled pixels are unlike the wall",
        inner.len()
    );
}

/// The colour a material should show under the wall's light: its own colour.
fn in_range(p: &Rgba<u8>, m: Material, tolerance: f32) -> bool {
    distance(p, m.colour) < tolerance
}

/// Fine detail: each pixel's distance from its 5×5 mean, averaged over `at`.
fn detail(image: &RgbaImage, at: &[(u32, u32)]) -> f32 {
    at.iter()
        .map(|&(x, y)| {
            let mut sum = 0.0;
            for dy in 0..5 {
                for dx in 0..5 {
                    let (nx, ny) = ((x + dx).saturating_sub(2), (y + dy).saturating_sub(2));
                    sum += luma(
                        image.get_pixel(nx.min(image.width() - 1), ny.min(image.height() - 1)),
                    );
                }
            }
            (luma(image.get_pixel(x, y)) - sum / 25.0).abs()
        })
        .sum::<f32>()
        / at.len() as f32
}

/// Replacing a surface with a material fills the painted area with that material: most of
/// it in the material's colour, with a texture (not a flat fill), and the tiles' grout gone
/// where the material has none.
#[test]
fn a_material_covers_the_painted_area_in_its_colour_and_texture() {
    let image = with_bottle(tiles());
    let mask = blob(W, H, (300.0, 170.0), (130.0, 110.0));
    let inner = interior(&mask, 8);
    let cases = [
        (
            "replace the tiles with pale concrete",
            MaterialKind::Concrete,
            0.3,
        ),
        ("make it walnut", MaterialKind::Walnut, 1.0),
        ("replace with light oak planks", MaterialKind::Oak, 1.0),
        ("turn it into marble", MaterialKind::Marble, 0.4),
        ("replace with terrazzo", MaterialKind::Terrazzo, 0.6),
        ("replace with linen", MaterialKind::Linen, 0.4),
        ("replace with red brick", MaterialKind::Brick, 1.0),
        ("replace with grass", MaterialKind::Grass, 1.0),
        ("replace with water", MaterialKind::Water, 0.8),
        ("replace with sand", MaterialKind::Sand, 0.8),
        ("replace with green velvet", MaterialKind::Velvet, 0.3),
        ("replace with granite", MaterialKind::Granite, 1.0),
    ];
    let tiles_period = correlation(&image, &inner, (40, 0));
    for (text, kind, least_detail) in cases {
        let op = instruction(text);
        let EditOp::Material { material } = op else {
            panic!("{text}: {op:?}");
        };
        assert_eq!(material.kind, kind, "{text}");
        let out = edited(&image, &mask, op);
        assert_outside_unchanged(&image, &out, &mask, text);
        let near = inner
            .iter()
            .filter(|&&(x, y)| in_range(out.get_pixel(x, y), material, 70.0))
            .count();
        assert!(
            near * 10 >= inner.len() * 7,
            "{text}: only {near} of {} pixels near {:?}",
            inner.len(),
            material.colour
        );
        let texture = detail(&out, &inner);
        assert!(
            texture >= least_detail,
            "{text}: fine detail {texture:.2} is below {least_detail} (a flat fill)"
        );
        if !matches!(kind, MaterialKind::Tiles | MaterialKind::Brick) {
            let left = correlation(&out, &inner, (40, 0));
            assert!(
                left < tiles_period - 0.3,
                "{text}: the tiles still show (correlation {left:.2} at their period, was {tiles_period:.2})"
            );
        }
    }
    // "Pale" concrete is paler than concrete.
    let pale = instruction("replace the tiles with pale concrete");
    let plain = instruction("replace the tiles with concrete");
    let mean = |op| {
        let out = edited(&image, &mask, op);
        inner
            .iter()
            .map(|&(x, y)| luma(out.get_pixel(x, y)))
            .sum::<f32>()
            / inner.len() as f32
    };
    assert!(
        mean(pale) > mean(plain) + 20.0,
        "pale concrete is not paler"
    );
}

/// A bathroom scene rendered by the engine, with its product.
fn bathroom() -> RgbaImage {
    let choice = SceneChoice {
        environment: Environment::CleanBathroom,
        palette: ColorPalette::CoolFresh,
        lighting: Lighting::NaturalDaylight,
        composition: Composition::ProductHero,
    };
    let mut spec = SceneSpec::new(choice, 480, 600, Quality::Medium, 11);
    spec.no_props = true;
    let layers = scene::render_scene(
        &spec,
        Product::Mockup {
            kind: ProductKind::Bottle,
            color: Some([150, 120, 200]),
        },
        &mut NoProgress,
    )
    .unwrap();
    scene::flatten(&layers)
}

/// The box of the pixels where `a` and `b` differ by more than `by` (summed channels).
fn changed_box(a: &RgbaImage, b: &RgbaImage, by: f32) -> Option<(u32, u32, u32, u32)> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in a.enumerate_pixels() {
        let q = b.get_pixel(x, y);
        let d: f32 = (0..3).map(|c| (p[c] as f32 - q[c] as f32).abs()).sum();
        if d > by {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    (x0 <= x1).then_some((x0, y0, x1, y1))
}

/// Whether a drawn pixel has the colour the named object should show.
type ColourTest = fn(&Rgba<u8>) -> bool;

fn mask_box(mask: &GrayImage) -> (u32, u32, u32, u32) {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in mask.enumerate_pixels() {
        if p[0] != 0 {
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    (x0, y0, x1, y1)
}

fn area((x0, y0, x1, y1): (u32, u32, u32, u32)) -> f32 {
    ((x1 - x0 + 1) * (y1 - y0 + 1)) as f32
}

/// A placed object is drawn at the size of the painted area (its box covers at least half
/// of the area's box), whatever the brush's shape, with a contact shadow below it; compound
/// objects are composed (a glass vase with lavender stems shows lavender), and a branch is
/// a branch with leaves, not the brush strokes filled in green.
#[test]
fn a_placed_object_fills_the_painted_area() {
    let image = bathroom();
    let (w, h) = image.dimensions();
    let masks = [
        blob(w, h, (360.0, 420.0), (80.0, 95.0)),
        blob(w, h, (340.0, 440.0), (120.0, 70.0)),
    ];
    let cases: &[(&str, ColourTest)] = &[
        ("add a lavender sprig in a small glass vase", |p| {
            p[2] as i32 > p[1] as i32 + 25 && p[0] as i32 > p[1] as i32 + 5
        }),
        ("a green eucalyptus branch", |p| {
            p[1] as i32 > p[0] as i32 + 5 && p[1] as i32 >= p[2] as i32
        }),
        ("add folded towels", |p| {
            p[0] > 180 && p[1] > 180 && p[2] > 180
        }),
        ("add candles", |_| true),
        ("add a coffee cup", |_| true),
        ("add books", |_| true),
        ("add lemon slices", |p| {
            p[0] > 180 && p[1] > 150 && p[2] < 140
        }),
        ("add dried flowers", |_| true),
        ("add some rosemary sprigs", |p| p[1] as i32 > p[2] as i32),
        ("put a vase of pink roses here", |p| {
            p[0] as i32 > p[1] as i32 + 30
        }),
    ];
    for (k, mask) in masks.iter().enumerate() {
        // Nothing is removed for a plain placement: the object is what differs.
        let behind = &image;
        let painted = mask_box(mask);
        for (text, colour) in cases {
            let op = instruction(text);
            assert!(matches!(op, EditOp::Place { .. }), "{text}: {op:?}");
            let out = edited(&image, mask, op);
            assert_outside_unchanged(&image, &out, mask, text);
            let object =
                changed_box(&out, behind, 60.0).unwrap_or_else(|| panic!("{text}: nothing drawn"));
            let cover = area(object) / area(painted);
            let span = ((object.2 - object.0 + 1) as f32 / (painted.2 - painted.0 + 1) as f32)
                .max((object.3 - object.1 + 1) as f32 / (painted.3 - painted.1 + 1) as f32);
            println!(
                "{text} (brush {k}): covers {:.0} %, spans {:.0} %",
                cover * 100.0,
                span * 100.0
            );
            // A thing with fixed proportions that cannot grow upward (a cup, slices lying
            // flat) in a taller brush fills it across its width and leaves the rest; every
            // other object covers at least half of the painted box.
            let fixed = ["add a coffee cup", "add lemon slices"].contains(text);
            assert!(
                cover >= 0.5 || (fixed && span >= 0.75 && cover >= 0.2),
                "{text} (brush {k}): the object's box {object:?} covers {:.0} % of the painted box {painted:?} and spans {:.0} % of it",
                cover * 100.0,
                span * 100.0
            );
            let drawn: Vec<&Rgba<u8>> = out
                .enumerate_pixels()
                .filter(|(x, y, p)| {
                    let q = behind.get_pixel(*x, *y);
                    (0..3)
                        .map(|c| (p[c] as f32 - q[c] as f32).abs())
                        .sum::<f32>()
                        > 60.0
                })
                .map(|(_, _, p)| p)
                .collect();
            let coloured = drawn.iter().filter(|p| colour(p)).count();
            assert!(
                coloured * 20 >= drawn.len(),
                "{text}: {coloured} of {} drawn pixels have the object's colour",
                drawn.len()
            );
            // A contact shadow: somewhere under the object the scene is darkened a little.
            let shadowed = out
                .enumerate_pixels()
                .filter(|(x, y, p)| {
                    let d = luma(behind.get_pixel(*x, *y)) - luma(p);
                    (6.0..40.0).contains(&d) && *y > (object.1 + object.3) / 2
                })
                .count();
            assert!(shadowed > 40, "{text}: no contact shadow ({shadowed} px)");
        }
    }
}

/// One object asked for in a large painted area fills it: its box spans at least half of
/// the area box's longer side and covers at least half of the box, standing on its own
/// footprint with a contact shadow below it — or the edit is refused with a reason before
/// anything is drawn. Large areas of two shapes, several single objects; at least two are
/// drawn and measured, and a single candle in a long strip is refused.
#[test]
fn a_single_object_fills_a_large_painted_area_or_is_refused() {
    let image = bathroom();
    let (w, h) = image.dimensions();
    let masks = [
        ("large square", blob(w, h, (240.0, 330.0), (170.0, 180.0))),
        ("large and wide", blob(w, h, (240.0, 420.0), (200.0, 110.0))),
    ];
    let objects = [
        "add a vase of tulips",
        "add a coffee cup",
        "add a plant",
        "add a candle",
        "add dried flowers",
    ];
    let mut measured = Vec::new();
    for (shape, mask) in &masks {
        let painted = mask_box(mask);
        let (pw, ph) = (painted.2 - painted.0 + 1, painted.3 - painted.1 + 1);
        for text in objects {
            let op = instruction(text);
            if let Some(reason) = placement_refusal(mask, op) {
                println!("{text} in a {shape} area: refused — {reason}");
                assert!(reason.contains("paint"), "{reason}");
                continue;
            }
            let out = edited(&image, mask, op);
            assert_outside_unchanged(&image, &out, mask, text);
            let object =
                changed_box(&out, &image, 60.0).unwrap_or_else(|| panic!("{text}: nothing drawn"));
            let (ow, oh) = (object.2 - object.0 + 1, object.3 - object.1 + 1);
            let along = if pw >= ph {
                ow as f32 / pw as f32
            } else {
                oh as f32 / ph as f32
            };
            let cover = area(object) / area(painted);
            println!(
                "{text} in a {shape} area: spans {:.0} % of its longer side, covers {:.0} % of its box",
                along * 100.0,
                cover * 100.0
            );
            assert!(
                along >= 0.5 && cover >= 0.5,
                "{text} in a {shape} area: the object's box {object:?} spans {:.0} % and covers {:.0} % of the painted box {painted:?}",
                along * 100.0,
                cover * 100.0
            );
            // Standing on its own footprint: a contact shadow darkens the scene just under
            // the object's lower half.
            let shadowed = out
                .enumerate_pixels()
                .filter(|(x, y, p)| {
                    let d = luma(image.get_pixel(*x, *y)) - luma(p);
                    (6.0..40.0).contains(&d) && *y > (object.1 + object.3) / 2
                })
                .count();
            assert!(shadowed > 40, "{text}: no contact shadow ({shadowed} px)");
            measured.push(text);
        }
    }
    measured.sort_unstable();
    measured.dedup();
    assert!(
        measured.len() >= 2,
        "only {measured:?} were drawn and measured"
    );
    // A single candle in a long strip cannot fill it, and is refused.
    let strip = blob(w, h, (240.0, 460.0), (220.0, 40.0));
    let reason = placement_refusal(&strip, instruction("add a candle")).expect("refused");
    assert!(
        reason.contains("large for a single small object"),
        "{reason}"
    );
}

/// The same brush strokes give the same branch whatever their shape: the branch is drawn
/// from the library, so a thin stroke and a round blob with the same box hold the same
/// leaves, not a green copy of the strokes.
/// "Add two candles" draws two candles, "three candles" three, "two mugs" two: separate
/// objects standing side by side, counted on a plain grey wall as the runs of columns
/// holding a pale part of an object (a candle's wax top, a white mug), which a gap between
/// two objects interrupts; "add a candle" stays one.
#[test]
fn a_number_in_the_instruction_draws_that_many() {
    let image = wall(|_, _| [140.0, 146.0, 154.0]);
    let (w, h) = image.dimensions();
    let mask = blob(w, h, (300.0, 300.0), (120.0, 110.0));
    for (text, want) in [
        ("add a candle", 1),
        ("add two candles", 2),
        ("add three candles", 3),
        ("add four tealights", 4),
        ("put two coffee mugs here", 2),
    ] {
        let out = edited(&image, &mask, instruction(text));
        assert_outside_unchanged(&image, &out, &mask, text);
        let pale: Vec<bool> = (0..w)
            .map(|x| (0..h).any(|y| luma(out.get_pixel(x, y)) > 185.0))
            .collect();
        let runs = pale
            .iter()
            .zip(std::iter::once(&false).chain(&pale))
            .filter(|(now, before)| **now && !**before)
            .count();
        assert_eq!(runs, want, "{text}: pale columns {pale:?}");
    }
}

#[test]
fn a_branch_does_not_trace_the_brush() {
    let image = bathroom();
    let (w, h) = image.dimensions();
    // Two parallel strokes, as a seller paints a branch.
    let strokes = GrayImage::from_fn(w, h, |x, y| {
        let on = (260..440).contains(&x)
            && ((380..400).contains(&y)
                || (440..460).contains(&y)
                || !(280..=420).contains(&x) && (380..460).contains(&y));
        Luma([if on { 255 } else { 0 }])
    });
    let op = instruction("a green eucalyptus branch");
    let out = edited(&image, &strokes, op);
    assert_outside_unchanged(&image, &out, &strokes, "strokes");
    let behind = &image;
    // Within the strokes, the branch's leaves and the wall behind both show: the strokes
    // are not simply filled with green.
    let inside: Vec<(u32, u32)> = interior(&strokes, 3);
    let green = inside
        .iter()
        .filter(|&&(x, y)| {
            let (p, q) = (out.get_pixel(x, y), behind.get_pixel(x, y));
            (0..3)
                .map(|c| (p[c] as f32 - q[c] as f32).abs())
                .sum::<f32>()
                > 60.0
        })
        .count();
    assert!(
        green * 10 < inside.len() * 9,
        "{green} of {} stroke pixels turned green: the strokes were traced",
        inside.len()
    );
}

/// The pixels a placement draws on (the object, its shadow and glow), found by placing it
/// on flat walls lit from either side, where nothing else can change; grown by 2 px.
fn footprint(mask: &GrayImage, op: EditOp) -> Vec<bool> {
    let (w, h) = mask.dimensions();
    let mut on = vec![false; (w * h) as usize];
    for brighter_left in [true, false] {
        let flat = RgbaImage::from_fn(w, h, |x, _| {
            let v = if (x < w / 2) == brighter_left {
                182
            } else {
                178
            };
            Rgba([v, v, v, 255])
        });
        let out = edited(&flat, mask, op);
        for (i, (p, q)) in flat.pixels().zip(out.pixels()).enumerate() {
            on[i] |= p != q;
        }
    }
    let mut grown = on.clone();
    for y in 0..h as i64 {
        for x in 0..w as i64 {
            if on[(y * w as i64 + x) as usize] {
                for ny in (y - 2).max(0)..(y + 3).min(h as i64) {
                    for nx in (x - 2).max(0)..(x + 3).min(w as i64) {
                        grown[(ny * w as i64 + nx) as usize] = true;
                    }
                }
            }
        }
    }
    grown
}

/// A placement keeps the scene around the new object: with a large round brush over the
/// product, the wall and the counter, every painted pixel that is not the object's own or
/// its shadow's is as it was (mean difference at most 2/255), the product included, and no
/// disc of fill shows behind the object.
#[test]
fn a_placement_keeps_the_scene_around_the_object() {
    let image = bathroom();
    let (w, h) = image.dimensions();
    let mask = blob(w, h, (250.0, 400.0), (170.0, 170.0));
    for text in [
        "add a vase of lavender",
        "add a lavender sprig in a small glass vase",
        "a green eucalyptus branch",
        "add folded towels",
    ] {
        let op = instruction(text);
        assert!(
            matches!(
                op,
                EditOp::Place {
                    replacing: false,
                    ..
                }
            ),
            "{text}: {op:?}"
        );
        let out = edited(&image, &mask, op);
        assert_outside_unchanged(&image, &out, &mask, text);
        let drawn = footprint(&mask, op);
        let (mut sum, mut n, mut painted) = (0f64, 0usize, 0usize);
        for (i, ((p, q), m)) in image
            .pixels()
            .zip(out.pixels())
            .zip(mask.pixels())
            .enumerate()
        {
            if m[0] == 0 {
                continue;
            }
            painted += 1;
            if drawn[i] {
                continue;
            }
            sum += (0..3)
                .map(|c| (p[c] as f64 - q[c] as f64).abs())
                .sum::<f64>()
                / 3.0;
            n += 1;
        }
        assert!(
            n * 10 >= painted,
            "{text}: only {n} of {painted} painted pixels are clear of the object"
        );
        let mean = sum / n as f64;
        assert!(
            mean <= 2.0,
            "{text}: around the object the painted area changed by {mean:.2} per channel"
        );
    }
}

/// "Replace X with Y" removes X and draws Y: a blue box on a tiled wall is gone (none of
/// its blue left in the painted area) and a vase of pink roses stands there; "add" on the
/// same brush keeps the box around the vase.
#[test]
fn replacing_a_thing_removes_it_and_draws_the_new_one() {
    const BOX: [u8; 3] = [60, 90, 150];
    let mut image = with_bottle(tiles());
    for y in 110..250 {
        for x in 240..370 {
            image.put_pixel(x, y, Rgba([BOX[0], BOX[1], BOX[2], 255]));
        }
    }
    let mask = GrayImage::from_fn(W, H, |x, y| {
        Luma([if (226..384).contains(&x) && (96..264).contains(&y) {
            255
        } else {
            0
        }])
    });
    let painted = mask.pixels().filter(|m| m[0] != 0).count();
    let count = |out: &RgbaImage, test: &dyn Fn(&Rgba<u8>) -> bool| {
        out.pixels()
            .zip(mask.pixels())
            .filter(|(p, m)| m[0] != 0 && test(p))
            .count()
    };
    let blue = |p: &Rgba<u8>| distance(p, BOX) < 40.0;
    let pink = |p: &Rgba<u8>| p[0] as i32 > p[1] as i32 + 30 && p[0] > 150;

    let op = instruction("replace the blue box with a vase of pink roses");
    assert!(
        matches!(
            op,
            EditOp::Place {
                replacing: true,
                ..
            }
        ),
        "{op:?}"
    );
    let out = edited(&image, &mask, op);
    assert_outside_unchanged(&image, &out, &mask, "replace");
    let (left, roses) = (count(&out, &blue), count(&out, &pink));
    assert!(
        left * 200 < painted,
        "{left} of {painted} painted pixels are still the box's blue"
    );
    assert!(
        roses * 50 >= painted,
        "only {roses} of {painted} painted pixels are pink roses"
    );

    let kept = edited(&image, &mask, instruction("add a vase of pink roses"));
    let (left, roses) = (count(&kept, &blue), count(&kept, &pink));
    assert!(
        left * 10 >= painted,
        "adding a vase took the box away ({left} of {painted} pixels still blue)"
    );
    assert!(roses * 50 >= painted, "only {roses} pink pixels");
}

/// Before and after each edit, for people to look at.
#[test]
fn the_edit_contact_sheet_is_written() {
    let tile = 300u32;
    let bath = bathroom();
    let (bw, bh) = bath.dimensions();
    let tiled = with_mirror(with_bottle(tiles()));
    let brick = with_mirror(with_bottle(bricks()));
    let counter = blob(bw, bh, (240.0, 520.0), (230.0, 70.0));
    let side = blob(bw, bh, (360.0, 420.0), (85.0, 100.0));
    let wall_patch = blob(W, H, (300.0, 150.0), (120.0, 100.0));
    let over_product = blob(bw, bh, (250.0, 400.0), (170.0, 170.0));
    let rows: Vec<(&RgbaImage, GrayImage, &str)> = vec![
        (&tiled, mirror_mask(), "remove the mirror"),
        (&brick, mirror_mask(), "remove the mirror"),
        (
            &tiled,
            wall_patch.clone(),
            "replace the tiles with pale concrete",
        ),
        (&tiled, wall_patch.clone(), "replace with walnut"),
        (&tiled, wall_patch, "turn it into marble"),
        (&bath, counter.clone(), "replace the counter with terrazzo"),
        (&bath, counter, "make it light oak"),
        (
            &bath,
            side.clone(),
            "add a lavender sprig in a small glass vase",
        ),
        (&bath, side.clone(), "a green eucalyptus branch"),
        (&bath, side.clone(), "add folded towels"),
        (&bath, side.clone(), "add two candles"),
        (&bath, side.clone(), "add a coffee cup"),
        (&bath, side.clone(), "add lemon slices"),
        (&bath, side, "add dried flowers"),
        (&bath, over_product, "add a vase of lavender"),
        (
            &tiled,
            mirror_mask(),
            "replace the mirror with a vase of white roses",
        ),
    ];
    let per_row = 4u32;
    let cols = per_row * 2;
    let rows_n = (rows.len() as u32).div_ceil(per_row);
    let th = tile * 3 / 4;
    let mut sheet = RgbaImage::from_pixel(cols * tile, rows_n * (th + 8), Rgba([24, 24, 28, 255]));
    for (i, (image, mask, text)) in rows.iter().enumerate() {
        let out = edited(image, mask, instruction(text));
        let (x0, y0, x1, y1) = mask_box(mask);
        let (cx, cy) = ((x0 + x1) / 2, (y0 + y1) / 2);
        let (iw, ih) = image.dimensions();
        let cw = ((x1 - x0) * 2).clamp(240, iw);
        let ch = (cw * 3 / 4).min(ih);
        let (sx, sy) = (
            cx.saturating_sub(cw / 2).min(iw - cw),
            cy.saturating_sub(ch / 2).min(ih - ch),
        );
        let crop = |img: &RgbaImage| {
            imageops::resize(
                &imageops::crop_imm(img, sx, sy, cw, ch).to_image(),
                tile - 4,
                th - 4,
                imageops::FilterType::Triangle,
            )
        };
        let (col, row) = (i as u32 % per_row, i as u32 / per_row);
        let (x, y) = (col * 2 * tile, row * (th + 8));
        imageops::replace(&mut sheet, &crop(image), x as i64, y as i64);
        imageops::replace(&mut sheet, &crop(&out), (x + tile) as i64, y as i64);
    }
    let path = std::env::var_os("EDIT_CONTACT_SHEET")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::env::temp_dir().join("campaign-studio-edit-sheet.png"));
    sheet.save(&path).unwrap();
    if std::env::var_os("UPDATE_EDIT_SHEET").is_some() {
        let docs = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../docs/edit-contact-sheet.jpg"
        );
        let half = imageops::resize(
            &sheet,
            sheet.width() / 2,
            sheet.height() / 2,
            imageops::FilterType::Lanczos3,
        );
        image::DynamicImage::ImageRgba8(half)
            .to_rgb8()
            .save(docs)
            .unwrap();
    }
}
