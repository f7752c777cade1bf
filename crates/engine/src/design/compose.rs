//! One framing of the picture: blocks and logo placed, text coloured for contrast.

use image::{GrayImage, RgbImage, RgbaImage};

use super::place::*;
use super::render::draw_shape;
use super::scene::{self, worst_contrast, Scene};
use super::text::FontBook;
use super::*;

pub(super) struct Frame<'a> {
    pub(super) picture: &'a RgbaImage,
    pub(super) mask: Option<&'a GrayImage>,
    pub(super) copy: &'a AdCopy,
    pub(super) brand: &'a Brand,
    pub(super) fonts: &'a FontBook,
    pub(super) template: Template,
    pub(super) size: (u32, u32),
    pub(super) blocks: &'a [Block],
    pub(super) logo_zone: Rect,
    pub(super) logo_prefer: (f32, f32),
    pub(super) accent: [u8; 3],
    pub(super) s: f32,
    pub(super) pad: i32,
}

/// Places the blocks and the logo over one framing of the picture and colours the text.
pub(super) fn compose(
    f: &Frame,
    photo: Rect,
    fill: [u8; 3],
    panels: Vec<Shape>,
) -> Result<Design, DesignRefused> {
    let Frame {
        picture,
        mask,
        copy,
        brand,
        fonts,
        template,
        size: (width, height),
        blocks,
        logo_zone,
        logo_prefer,
        accent,
        s,
        pad,
    } = *f;
    let (w, h) = (width as i32, height as i32);
    let refuse = |layer, reason: String| DesignRefused { layer, reason };
    let base = scene::base(picture, width, height, photo, fill);
    let scene = Scene::new(base, mask, photo);
    let mut occupied: Vec<Rect> = Vec::new();
    let mut placed = Vec::new();
    for b in blocks {
        let p = place_block(b, &scene, fonts, s, &occupied, accent)?;
        occupied.push(p.rect);
        placed.push(p);
    }
    let logo = match (&brand.logo, copy.logo) {
        (Some(img), true) => Some(
            place_logo(img, &scene, logo_zone, logo_prefer, s, &occupied).or_else(|_| {
                place_logo(
                    img,
                    &scene,
                    safe_frame(width, height),
                    logo_prefer,
                    s,
                    &occupied,
                )
            })?,
        ),
        (None, true) => {
            return Err(refuse(
                Role::Logo,
                "the brand kit has no logo yet: upload one or turn the logo off".into(),
            ))
        }
        _ => None,
    };

    // Colours: underlay = picture, panels and fills; overlay text takes the brand colour with
    // the best contrast, else white or ink, else gets a scrim strong enough for 4.5:1.
    let mut under = scene.base.clone();
    for sh in panels
        .iter()
        .chain(placed.iter().flat_map(|p| p.shapes.iter()))
    {
        draw_shape(&mut under, sh);
    }
    let mut scrims = Vec::new();
    let mut candidates = brand.colours.clone();
    candidates.extend([WHITE, INK]);
    for p in &mut placed {
        for l in p.layers.iter_mut().filter(|l| l.role == Role::Cta) {
            let fill = p
                .shapes
                .iter()
                .find(|s| s.kind == ShapeKind::Button)
                .map_or(accent, |s| s.colour);
            l.colour = best_on_flat(fill, &candidates);
        }
        if p.overlay.is_empty() {
            continue;
        }
        let inks: Vec<Rect> = p
            .overlay
            .iter()
            .flat_map(|&i| p.layers[i].glyphs.iter().map(|g| g.ink))
            .collect();
        let worst = |img: &RgbImage, c| {
            inks.iter()
                .map(|&r| worst_contrast(img, r, c))
                .fold(21.0f32, f32::min)
        };
        let scored: Vec<([u8; 3], f32)> =
            candidates.iter().map(|&c| (c, worst(&under, c))).collect();
        let brand_best = scored[..brand.colours.len()].iter().copied().fold(
            None,
            |a: Option<([u8; 3], f32)>, x| {
                if a.is_none_or(|a| x.1 > a.1) {
                    Some(x)
                } else {
                    a
                }
            },
        );
        let plain_best = if scored[scored.len() - 2].1 >= scored[scored.len() - 1].1 {
            scored[scored.len() - 2]
        } else {
            scored[scored.len() - 1]
        };
        let colour = match brand_best {
            Some((c, v)) if v >= MIN_CONTRAST => c,
            _ => plain_best.0,
        };
        if worst(&under, colour) < MIN_CONTRAST {
            let colour = plain_best.0;
            let veil = if colour == WHITE {
                [0, 0, 0]
            } else {
                [255, 255, 255]
            };
            let rect = p
                .overlay
                .iter()
                .map(|&i| p.layers[i].bounds)
                .reduce(|a, b| a.union(b))
                .unwrap_or(p.rect);
            let rect = scrim_around(&scene, rect, pad).clip(w, h);
            let mut alpha = 0.35;
            loop {
                let shape = Shape {
                    kind: ShapeKind::Scrim,
                    rect,
                    colour: veil,
                    alpha,
                    radius: 0.02 * s,
                };
                let mut trial = under.clone();
                draw_shape(&mut trial, &shape);
                if worst(&trial, colour) >= MIN_CONTRAST || alpha >= 1.0 {
                    under = trial;
                    scrims.push(shape);
                    break;
                }
                alpha = (alpha + 0.05f32).min(1.0);
            }
            for &i in &p.overlay {
                p.layers[i].colour = colour;
            }
        } else {
            for &i in &p.overlay {
                p.layers[i].colour = colour;
            }
        }
    }
    let mut shapes = panels;
    shapes.extend(scrims);
    let mut layers = Vec::new();
    for p in placed {
        shapes.extend(p.shapes);
        layers.extend(p.layers);
    }
    Ok(Design {
        width,
        height,
        template,
        photo,
        fill,
        shapes,
        layers,
        logo,
        copy: copy.clone(),
    })
}

pub(super) fn best_on_flat(fill: [u8; 3], candidates: &[[u8; 3]]) -> [u8; 3] {
    let lf = scene::luminance(fill);
    let score = |c: &[u8; 3]| scene::contrast(lf, scene::luminance(*c));
    // Plain white or ink on a button reads best; a brand colour only if clearly better.
    let plain = if score(&WHITE) >= score(&INK) {
        WHITE
    } else {
        INK
    };
    candidates
        .iter()
        .copied()
        .find(|c| score(c) >= score(&plain) + 3.0)
        .unwrap_or(plain)
}

pub(super) fn place_logo(
    img: &RgbaImage,
    scene: &Scene,
    zone: Rect,
    prefer: (f32, f32),
    s: f32,
    occupied: &[Rect],
) -> Result<Rect, DesignRefused> {
    let (lw, lh) = (img.width().max(1) as f32, img.height().max(1) as f32);
    let k = (0.2 * s / lw).min(0.1 * s / lh);
    let (bw, bh) = ((lw * k).round() as i32, (lh * k).round() as i32);
    search(scene, zone, bw, bh, prefer, s, occupied, false).ok_or(DesignRefused {
        layer: Role::Logo,
        reason: "no corner is free of the product and the text for the logo: turn the logo off or pick a panel template".into(),
    })
}

/// The scrim behind text `bounds`: `pad` on each side, less on a side where the padding would
/// reach the product. The text keeps clear of the product, so its veil must too.
fn scrim_around(scene: &Scene, bounds: Rect, pad: i32) -> Rect {
    let Rect { x, y, w, h } = bounds;
    let grown = |[left, top, right, bottom]: [i32; 4]| {
        Rect::new(x - left, y - top, w + left + right, h + top + bottom)
    };
    let strip = |side: usize, p: i32| match side {
        0 => Rect::new(x - p, y, p, h),
        1 => Rect::new(x, y - p, w, p),
        2 => Rect::new(x + w, y, p, h),
        _ => Rect::new(x, y + h, w, p),
    };
    let mut pads = [pad; 4];
    for (side, p) in pads.iter_mut().enumerate() {
        while *p > 0 && scene.product_in(strip(side, *p)) > 0.0 {
            *p -= 1;
        }
    }
    // A corner can still reach the product: narrow every side until it does not.
    while scene.product_in(grown(pads)) > 0.0 && pads.iter().any(|&p| p > 0) {
        for p in &mut pads {
            *p = (*p - 1).max(0);
        }
    }
    grown(pads)
}
