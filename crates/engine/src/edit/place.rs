//! Placing a prop from the library in the painted area: sized to fill it, lit like the
//! picture around it and blended in with its grain, clear of the brush's edge.

use image::RgbaImage;

use super::{distance_inside, ring};

/// A prop from the library drawn over `behind` (the picture, or the mask filled from it when
/// the prop replaces what was there) inside the mask's box, lit from the picture's brighter
/// side at the picture's exposure and colour cast, with a contact shadow in the picture's own
/// shadow colour and its grain.
pub(super) fn place(
    image: &RgbaImage,
    behind: &RgbaImage,
    inside: &[bool],
    prop: crate::scene::props::PropKind,
    count: u8,
    seed: u64,
) -> RgbaImage {
    let (w, h) = image.dimensions();
    // The prop keeps clear of the brush's edge, which stays as `behind` is: a margin of the
    // feather's width plus a little, so nothing of the prop is cut by the mask.
    let depth = distance_inside(inside, w as usize, h as usize);
    let deepest = depth.iter().copied().fold(0f32, f32::max);
    let margin = (w.min(h) as f32 / 60.0).max(4.0) + 2.0;
    let keep = margin.min(deepest * 0.5);
    let out = behind.clone();
    let Some(area) = deep_box(&depth, keep, w, h) else {
        return out;
    };
    let (x0, y0, x1, y1) = area;
    let side = light_side(image);
    let look = surroundings(image, inside, area);

    let (bw, bh) = (x1 - x0 + 1, y1 - y0 + 1);
    let Some(pm) = drawn(prop, count, (bw, bh), side, look.shadow, seed) else {
        return out;
    };
    let edge = Edge {
        inside,
        depth: &depth,
        keep,
    };
    blend_prop(out, &pm, (x0, y0), &edge, &look, seed)
}

/// The prop drawn to fill a box of `bw`×`bh`, lit from `side`: several copies stand side
/// by side on the same base, each in its own column and of a different height, so that they
/// read as a group rather than as clones.
fn drawn(
    prop: crate::scene::props::PropKind,
    count: u8,
    (bw, bh): (u32, u32),
    side: f32,
    shadow: [f32; 3],
    seed: u64,
) -> Option<tiny_skia::Pixmap> {
    use crate::scene::noise::Rng;
    let (fw, fh) = (bw as f32, bh as f32);
    let copies = count.clamp(1, 4) as usize;
    let draw = |(x, y, w, h): (f32, f32, f32, f32)| {
        let mut pm = tiny_skia::Pixmap::new(bw, bh)?;
        let mut rng = Rng::new(seed ^ 0x9A5E);
        let column = w / copies as f32;
        for k in 0..copies {
            let tall = h * [1.0, 0.78, 0.9, 0.66][k];
            let at = (x + column * k as f32, y + h - tall, column, tall);
            crate::scene::props::draw_prop(&mut pm, prop, at, side, shadow, false, &mut rng);
        }
        Some(pm)
    };
    let first = (fw * 0.04, fh * 0.04, fw * 0.92, fh * 0.92);
    let pm = draw(first)?;
    Some(fill_the_area(pm, first, &draw))
}

/// The longest side a fit check draws at: proportions are what it measures, not detail.
const CHECK_SIDE: f32 = 160.0;

/// Whether the prop, drawn as [`place`] draws it in the painted area, covers most of the
/// area's box: at least half of its longer side and half of its area. A single small thing
/// in a large or long area cannot, and is refused before anything is drawn.
pub(super) fn fills(
    inside: &[bool],
    w: u32,
    h: u32,
    prop: crate::scene::props::PropKind,
    count: u8,
) -> bool {
    let depth = distance_inside(inside, w as usize, h as usize);
    let deepest = depth.iter().copied().fold(0f32, f32::max);
    let keep = ((w.min(h) as f32 / 60.0).max(4.0) + 2.0).min(deepest * 0.5);
    let Some((x0, y0, x1, y1)) = deep_box(&depth, keep, w, h) else {
        return false;
    };
    let Some((mx0, my0, mx1, my1)) = deep_box(&depth, f32::MIN_POSITIVE, w, h) else {
        return false;
    };
    let (bw, bh) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
    let scale = (CHECK_SIDE / bw.max(bh)).min(1.0);
    let size = (
        ((bw * scale).round() as u32).max(8),
        ((bh * scale).round() as u32).max(8),
    );
    let Some(pm) = drawn(prop, count, size, 1.0, [0.1; 3], 0) else {
        return false;
    };
    let Some((ox0, oy0, ox1, oy1)) = solid_extent(&pm) else {
        return false;
    };
    let (ow, oh) = (
        (ox1 - ox0 + 1) as f32 / scale,
        (oy1 - oy0 + 1) as f32 / scale,
    );
    let (mw, mh) = ((mx1 - mx0 + 1) as f32, (my1 - my0 + 1) as f32);
    let along = if mw >= mh { ow / mw } else { oh / mh };
    along >= 0.5 && ow * oh >= 0.5 * mw * mh
}

/// The box of the pixels at least `keep` deep inside the mask; `None` when there are none.
fn deep_box(depth: &[f32], keep: f32, w: u32, h: u32) -> Option<(u32, u32, u32, u32)> {
    let (mut x0, mut y0, mut x1, mut y1) = (w, h, 0, 0);
    for (i, _) in depth.iter().enumerate().filter(|(_, d)| **d >= keep) {
        let (x, y) = (i as u32 % w, i as u32 / w);
        x0 = x0.min(x);
        y0 = y0.min(y);
        x1 = x1.max(x);
        y1 = y1.max(y);
    }
    (x0 <= x1).then_some((x0, y0, x1, y1))
}

fn luma(p: &image::Rgba<u8>) -> f32 {
    0.2126 * p[0] as f32 + 0.7152 * p[1] as f32 + 0.0722 * p[2] as f32
}

/// The side the light comes from: the brighter half of the picture (+1 right, -1 left).
fn light_side(image: &RgbaImage) -> f32 {
    let w = image.width();
    let (mut left, mut right) = (0f64, 0f64);
    for (x, _, p) in image.enumerate_pixels() {
        if x < w / 2 {
            left += luma(p) as f64;
        } else {
            right += luma(p) as f64;
        }
    }
    if right >= left {
        1.0
    } else {
        -1.0
    }
}

/// How the picture around the mask is lit: a placed prop takes its exposure, colour cast,
/// shadow colour and grain.
struct Surroundings {
    exposure: f32,
    cast: [f32; 3],
    shadow: [f32; 3],
    grain: f32,
}

/// Reads the surroundings from a ring just outside the mask, as wide as a sixth of the
/// area's box.
fn surroundings(
    image: &RgbaImage,
    inside: &[bool],
    (x0, y0, x1, y1): (u32, u32, u32, u32),
) -> Surroundings {
    let (w, h) = image.dimensions();
    let ring = ring(
        inside,
        w as usize,
        h as usize,
        ((x1 - x0).max(y1 - y0) / 6).max(3) as usize,
    );
    let (mut mean, mut n, mut grain) = ([0f32; 3], 0f32, 0f32);
    for &i in &ring {
        let p = image.get_pixel(i as u32 % w, i as u32 / w);
        for c in 0..3 {
            mean[c] += p[c] as f32;
        }
        n += 1.0;
        let (x, y) = (i as u32 % w, i as u32 / w);
        if x + 1 < w {
            grain += (luma(p) - luma(image.get_pixel(x + 1, y))).abs();
        }
    }
    let mean = mean.map(|v| v / n.max(1.0) / 255.0);
    let level = (0.2126 * mean[0] + 0.7152 * mean[1] + 0.0722 * mean[2]).max(0.05);
    Surroundings {
        // Fine noise only: the edge-to-edge difference of texture overstates it.
        grain: (grain / n.max(1.0)).min(12.0) * 0.35,
        exposure: (0.45 + 0.7 * level).clamp(0.5, 1.15),
        cast: std::array::from_fn(|c| 1.0 + 0.25 * (mean[c] / level - 1.0)),
        shadow: mean.map(|v| v * 0.3),
    }
}

/// A prop keeps its own proportions inside the box it is given, which can leave it small
/// in a corner of the painted area: it is drawn again, scaled about its base so that it
/// fills the area's width or height. Props whose shape follows their box (a branch runs
/// corner to corner) are first tried in a box stretched to fill both, kept if they still
/// fit the area.
fn fill_the_area(
    pm: tiny_skia::Pixmap,
    first: (f32, f32, f32, f32),
    draw: &dyn Fn((f32, f32, f32, f32)) -> Option<tiny_skia::Pixmap>,
) -> tiny_skia::Pixmap {
    let (fw, fh) = (pm.width() as f32, pm.height() as f32);
    let Some((ox0, oy0, ox1, oy1)) = solid_extent(&pm) else {
        return pm;
    };
    let (ow, oh) = ((ox1 - ox0 + 1) as f32, (oy1 - oy0 + 1) as f32);
    let (kx, ky) = (fw * 0.94 / ow, fh * 0.9 / oh);
    let k = kx.min(ky);
    let (ocx, obase) = ((ox0 + ox1) as f32 / 2.0 + 0.5, oy1 as f32 + 1.0);
    let (tcx, tbase) = (fw / 2.0, fh * 0.94);
    let scaled = |kx: f32, ky: f32| {
        (
            tcx + (first.0 - ocx) * kx,
            tbase + (first.1 - obase) * ky,
            first.2 * kx,
            first.3 * ky,
        )
    };
    let fits = |pm: &tiny_skia::Pixmap| {
        solid_extent(pm).is_some_and(|(x0, y0, x1, y1)| {
            x0 as f32 >= fw * 0.01
                && y0 as f32 >= fh * 0.01
                && x1 as f32 <= fw * 0.99
                && y1 as f32 <= fh * 0.97
        })
    };
    let stretched = (kx.min(k * 1.6), ky.min(k * 1.6));
    if let Some(again) = Some(stretched)
        .filter(|(sx, sy)| (sx - sy).abs() > 0.04 * k)
        .and_then(|(sx, sy)| draw(scaled(sx, sy)))
        .filter(fits)
    {
        again
    } else if (k - 1.0).abs() > 0.04 {
        draw(scaled(k, k)).unwrap_or(pm)
    } else {
        pm
    }
}

/// The mask and how deep each pixel lies in it; the prop fades out within `keep` of the
/// brush's edge.
struct Edge<'a> {
    inside: &'a [bool],
    depth: &'a [f32],
    keep: f32,
}

/// The drawn prop (premultiplied, its box's top left at `(x0, y0)`) over `out` inside the
/// mask, at the surroundings' exposure and cast, with their grain.
fn blend_prop(
    mut out: RgbaImage,
    pm: &tiny_skia::Pixmap,
    (x0, y0): (u32, u32),
    edge: &Edge,
    look: &Surroundings,
    seed: u64,
) -> RgbaImage {
    use crate::scene::noise::hash2;
    let w = out.width();
    for y in 0..pm.height() {
        for x in 0..pm.width() {
            let i = ((y + y0) * w + x + x0) as usize;
            if !edge.inside[i] {
                continue;
            }
            let s = pm.pixel(x, y).expect("inside the pixmap");
            // Fade out whatever would come near the brush's edge.
            let clear = ((edge.depth[i] - edge.keep * 0.5) / (edge.keep * 0.5)).clamp(0.0, 1.0);
            let a = s.alpha() as f32 / 255.0 * clear;
            if a <= 0.0 {
                continue;
            }
            let noise = (hash2(x + x0, y + y0, seed as u32) - 0.5) * 2.0 * look.grain;
            let d = out.get_pixel_mut(x + x0, y + y0);
            let src = [s.red(), s.green(), s.blue()];
            for c in 0..3 {
                // Premultiplied source over the fill.
                let lit = src[c] as f32 * clear * look.exposure * look.cast[c] + noise * a;
                d[c] = (lit + d[c] as f32 * (1.0 - a)).round().clamp(0.0, 255.0) as u8;
            }
        }
    }
    out
}

/// The box of a drawn prop's solid pixels (its soft shadow and glow left out).
fn solid_extent(pm: &tiny_skia::Pixmap) -> Option<(u32, u32, u32, u32)> {
    let w = pm.width();
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (i, p) in pm.pixels().iter().enumerate() {
        if p.alpha() >= 170 {
            let (x, y) = (i as u32 % w, i as u32 / w);
            (x0, y0, x1, y1) = (x0.min(x), y0.min(y), x1.max(x), y1.max(y));
        }
    }
    (x0 <= x1).then_some((x0, y0, x1, y1))
}
