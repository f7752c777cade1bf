//! Placing a prop from the library in the painted area: sized to fill it, lit like the
//! picture around it and blended in with its grain, clear of the brush's edge.

use image::RgbaImage;

use super::{distance_inside, ring};
use crate::scene::props::PropKind;

/// A prop from the library drawn over `behind` (the picture, or the mask filled from it when
/// the prop replaces what was there) inside the mask's box, lit from the picture's brighter
/// side at the picture's exposure and colour cast, with a contact shadow in the picture's own
/// shadow colour and its grain.
pub(super) fn place(
    image: &RgbaImage,
    behind: &RgbaImage,
    inside: &[bool],
    prop: PropKind,
    count: u8,
    seed: u64,
) -> RgbaImage {
    let (w, h) = image.dimensions();
    // The prop keeps clear of the brush's edge, which stays as `behind` is.
    let depth = distance_inside(inside, w as usize, h as usize);
    let deepest = depth.iter().copied().fold(0f32, f32::max);
    let keep = keep(w, h, deepest);
    let out = behind.clone();
    let Some(area) = deep_box(&depth, keep, w, h) else {
        return out;
    };
    let (x0, y0, _, _) = area;
    let side = light_side(image);
    let look = surroundings(image, inside, area);
    let shape = Shape {
        depth: &depth,
        keep,
        width: w,
        area,
    };
    let Some(pm) = drawn(prop, count, &shape, side, look.shadow, seed) else {
        return out;
    };
    let edge = Edge {
        inside,
        depth: &depth,
        keep,
    };
    blend_prop(out, &pm, (x0, y0), &edge, &look, seed)
}

/// The prop drawn in the painted area so that it fills it: of the ways it can be drawn
/// (see [`Arrangement`]), the one whose drawn extent covers most of the area's box once
/// fitted inside the painted shape (see [`fit_in`]), standing with its contact shadow
/// under it.
fn drawn(
    prop: PropKind,
    count: u8,
    shape: &Shape,
    side: f32,
    shadow: [f32; 3],
    seed: u64,
) -> Option<tiny_skia::Pixmap> {
    let room = shape.room(1.0);
    let (fw, fh) = (room.w as f32, room.h as f32);
    // The arrangement is chosen on a small drawing: proportions are what it measures.
    let (how, spare, _) = best(prop, count, &shape.room((CHECK_SIDE / fw.max(fh)).min(1.0)))?;
    let draw = |at: (f32, f32, f32, f32)| {
        let mut pm = tiny_skia::Pixmap::new(room.w, room.h)?;
        draw_as(&mut pm, prop, count, how, at, side, shadow, seed);
        Some(pm)
    };
    // Drawn in the arrangement's box, then fitted: the drawing is linear in its box, so
    // one correction lands it; a second takes up what rounding left.
    let mut at = how.unit_box((fw, fh));
    let mut pm = draw(at)?;
    for _ in 0..2 {
        let fit = fit_in(&pm, &room, spare)?;
        if (fit.k - 1.0).abs() < 0.01
            && (fit.to.0 - fit.from.0).abs() < 1.0
            && (fit.to.1 - fit.from.1).abs() < 1.0
        {
            break;
        }
        at = fit.moved(at);
        pm = draw(at)?;
    }
    Some(pm)
}

/// The painted area as a prop sees it: how deep each of the picture's pixels lies inside
/// the mask, how deep the prop's solid part must stay, and the box of the pixels that deep.
struct Shape<'a> {
    depth: &'a [f32],
    keep: f32,
    width: u32,
    area: (u32, u32, u32, u32),
}

impl Shape<'_> {
    /// The area's box sampled at `scale`: which of its pixels are deep enough.
    fn room(&self, scale: f32) -> Room {
        let (x0, y0, x1, y1) = self.area;
        let w = (((x1 - x0 + 1) as f32 * scale).round() as u32).max(8);
        let h = (((y1 - y0 + 1) as f32 * scale).round() as u32).max(8);
        let (sx, sy) = (
            (x1 - x0 + 1) as f32 / w as f32,
            (y1 - y0 + 1) as f32 / h as f32,
        );
        let open = (0..w * h)
            .map(|i| {
                let x = (x0 + ((i % w) as f32 * sx + sx / 2.0) as u32).min(x1);
                let y = (y0 + ((i / w) as f32 * sy + sy / 2.0) as u32).min(y1);
                self.depth[(y * self.width + x) as usize] >= self.keep
            })
            .collect();
        Room { w, h, open }
    }
}

/// The area's box, and where in it the prop's solid part may go.
struct Room {
    w: u32,
    h: u32,
    open: Vec<bool>,
}

impl Room {
    fn open_at(&self, x: f32, y: f32) -> bool {
        x >= 0.0
            && y >= 0.0
            && (x as u32) < self.w
            && (y as u32) < self.h
            && self.open[(y as u32 * self.w + x as u32) as usize]
    }
}

/// How a drawing is fitted: scaled by `k` about the centre of its solid part at `from`,
/// which moves to `to`; `size` is the solid part's size before.
struct Fit {
    k: f32,
    from: (f32, f32),
    to: (f32, f32),
    size: (f32, f32),
}

impl Fit {
    /// The box to draw in for the drawing made in `at` to land as fitted.
    fn moved(&self, at: (f32, f32, f32, f32)) -> (f32, f32, f32, f32) {
        (
            self.to.0 + (at.0 - self.from.0) * self.k,
            self.to.1 + (at.1 - self.from.1) * self.k,
            at.2 * self.k,
            at.3 * self.k,
        )
    }
}

/// The largest fit of a drawing inside the room: its solid part, and the strip under its
/// foot where the contact shadow falls, inside the painted shape rather than only inside
/// its box (an elliptical brush would cut a square thing's corners), but for the share
/// `spare` of it, at most 96 % of the box's width or 92 % of its height. Centred with its
/// foot 4 % above the box's bottom when that fits; else wherever in the shape it can be
/// largest. `None` when nothing is drawn or nothing of it fits.
fn fit_in(pm: &tiny_skia::Pixmap, room: &Room, spare: f32) -> Option<Fit> {
    let (x0, y0, x1, y1) = solid_extent(pm)?;
    let (ow, oh) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
    let (fw, fh) = (room.w as f32, room.h as f32);
    let from = ((x0 + x1 + 1) as f32 / 2.0, (y0 + y1 + 1) as f32 / 2.0);
    let most = (fw * 0.96 / ow).min(fh * 0.92 / oh);
    // The solid part sampled to a few thousand points, and the lowest of each column.
    let solid = |x: u32, y: u32| pm.pixel(x, y).is_some_and(|p| p.alpha() >= 170);
    let stride = (((ow * oh) / 2500.0).sqrt().ceil() as usize).max(1);
    let mut points = Vec::new();
    let mut feet = Vec::new();
    for x in (x0..=x1).step_by(stride) {
        let rel = x as f32 + 0.5 - from.0;
        for y in (y0..=y1).step_by(stride) {
            if solid(x, y) {
                points.push((rel, y as f32 + 0.5 - from.1));
            }
        }
        if let Some(y) = (y0..=y1).rev().find(|&y| solid(x, y)) {
            feet.push((rel, y as f32 + 1.0 - from.1));
        }
    }
    let gap = fh * 0.04;
    let spare = ((points.len() + feet.len()) as f32 * spare) as usize;
    let fits = |(tx, ty): (f32, f32), k: f32| {
        let outside = points
            .iter()
            .filter(|&&(dx, dy)| !room.open_at(tx + dx * k, ty + dy * k))
            .chain(
                feet.iter()
                    .filter(|&&(dx, dy)| !room.open_at(tx + dx * k, ty + dy * k + gap)),
            )
            .take(spare + 1)
            .count();
        outside <= spare
    };
    let centred = (fw / 2.0, fh * 0.96 - oh * most / 2.0);
    let grid = (0..9).flat_map(|i| {
        (0..9).map(move |j| {
            (
                fw * (0.15 + 0.7 * i as f32 / 8.0),
                fh * (0.15 + 0.7 * j as f32 / 8.0),
            )
        })
    });
    let mut found: Option<(f32, (f32, f32))> = None;
    for t in std::iter::once(centred).chain(grid) {
        let floor = found.map_or(most * 0.05, |(k, _)| k * 1.02);
        if floor >= most || !fits(t, floor) {
            continue;
        }
        let (mut lo, mut hi) = (floor, most);
        if fits(t, most) {
            lo = most;
        } else {
            for _ in 0..8 {
                let mid = (lo + hi) / 2.0;
                if fits(t, mid) {
                    lo = mid;
                } else {
                    hi = mid;
                }
            }
        }
        found = Some((lo, t));
        if lo >= most {
            break;
        }
    }
    let (k, to) = found?;
    Some(Fit {
        k,
        from,
        to,
        size: (ow, oh),
    })
}

/// One way of drawing a prop: in a box of this width-to-height ratio, from the front or
/// seen from above (`plan`: things scattered on a surface fill a tall area that a row of
/// them lying flat cannot), and a thing that is a group by itself (slices, stones, books…)
/// as several groups: `columns` side by side, `rows` one behind the other (heaped in a
/// front view, laid out in a column seen from above).
#[derive(Debug, Clone, Copy)]
struct Arrangement {
    ratio: f32,
    plan: bool,
    columns: u8,
    rows: u8,
}

impl Arrangement {
    /// The arrangement's box, as large as fits in `(fw, fh)`, centred.
    fn unit_box(self, (fw, fh): (f32, f32)) -> (f32, f32, f32, f32) {
        let (w, h) = if fw / fh > self.ratio {
            (fh * self.ratio, fh)
        } else {
            (fw, fw / self.ratio)
        };
        ((fw - w) / 2.0, (fh - h) / 2.0, w, h)
    }
}

/// Draws the prop in the box `at` as `how` says: one piece of fruit, one candle or one cup
/// shaped to the box; `count` copies of a countable thing side by side (each in its own
/// column and of a different height, so they read as a group rather than as clones); or
/// the library's drawing of a group, in the arrangement's rows and columns, the back row
/// higher and drawn first (from above, the rows tile the box from front to back).
#[allow(clippy::too_many_arguments)]
fn draw_as(
    pm: &mut tiny_skia::Pixmap,
    prop: PropKind,
    count: u8,
    how: Arrangement,
    (x, y, w, h): (f32, f32, f32, f32),
    side: f32,
    shadow: [f32; 3],
    seed: u64,
) {
    use crate::scene::noise::Rng;
    use crate::scene::props::{draw_one_candle, draw_one_cup, draw_one_fruit, draw_prop};
    let mut rng = Rng::new(seed ^ 0x9A5E);
    let single = |pm: &mut tiny_skia::Pixmap, at: (f32, f32, f32, f32), rng: &mut Rng| match prop {
        PropKind::FruitSlices(fruit) if count == 1 => {
            draw_one_fruit(pm, fruit, true, at, side, shadow);
        }
        PropKind::WholeFruit(fruit) if count == 1 => {
            draw_one_fruit(pm, fruit, false, at, side, shadow);
        }
        PropKind::Candles(_) | PropKind::Candle => draw_one_candle(pm, at, side, shadow),
        PropKind::Cup => draw_one_cup(pm, at, side, shadow),
        _ => draw_prop(pm, prop, at, side, shadow, how.plan, rng),
    };
    if countable(prop) {
        let copies = match prop {
            PropKind::Candles(n) => n,
            // "Candles": as many as the box holds, slim ones side by side in a tall box.
            PropKind::Candle if w > h * 1.5 => 3,
            PropKind::Candle => 2,
            _ => count,
        }
        .clamp(1, 4) as usize;
        let column = w / copies as f32;
        // The tallest in the middle, as a group stands in a round area.
        let heights: &[f32] = match copies {
            1 => &[1.0],
            2 => &[1.0, 0.78],
            3 => &[0.78, 1.0, 0.66],
            _ => &[0.66, 0.9, 1.0, 0.78],
        };
        for (k, high) in heights.iter().enumerate() {
            let tall = h * high;
            single(
                pm,
                (x + column * k as f32, y + h - tall, column, tall),
                &mut rng,
            );
        }
        return;
    }
    let (columns, rows) = (how.columns.max(1), how.rows.max(1));
    let cell = (w / columns as f32, h / rows as f32);
    // Each row lies just behind the one in front, its foot nine tenths of a group's drawn
    // height higher, so that the rows read as a heap rather than floating apart.
    let step = if how.plan {
        cell.1
    } else if rows > 1 {
        let mut probe = tiny_skia::Pixmap::new(pm.width(), pm.height());
        let at = (x, y + h - cell.1, cell.0, cell.1);
        probe
            .as_mut()
            .and_then(|probe| {
                single(probe, at, &mut Rng::new(seed ^ 0x9A5E));
                solid_extent(probe)
            })
            .map_or(cell.1 * 0.5, |(_, y0, _, y1)| (y1 - y0 + 1) as f32 * 0.9)
    } else {
        0.0
    };
    for r in (0..rows).rev() {
        let shift = if r % 2 == 1 { cell.0 * 0.12 } else { 0.0 };
        for c in 0..columns {
            let cx = x + cell.0 * c as f32 + shift;
            let cy = y + h - cell.1 - step * r as f32;
            single(pm, (cx, cy, cell.0, cell.1), &mut rng);
        }
    }
}

/// Things drawn as one object, of which `count` stand side by side.
fn countable(prop: PropKind) -> bool {
    matches!(
        prop,
        PropKind::Candles(_)
            | PropKind::Candle
            | PropKind::Cup
            | PropKind::Plant
            | PropKind::Vase { .. }
            | PropKind::DriedFlowers
    )
}

/// One piece of fruit: a single thing, never drawn as a group.
fn single_piece(prop: PropKind, count: u8) -> bool {
    matches!(prop, PropKind::FruitSlices(_) | PropKind::WholeFruit(_)) && count == 1
}

/// Things that lie scattered on a surface and may be drawn seen from above.
fn scatters(prop: PropKind, count: u8) -> bool {
    match prop {
        PropKind::FruitSlices(_) | PropKind::WholeFruit(_) => count != 1,
        PropKind::Flowers(_)
        | PropKind::Stones
        | PropKind::Shells
        | PropKind::WaterDrops
        | PropKind::Leaves => true,
        _ => false,
    }
}

/// Stacks: one stands only as high as a stack of its kind does (a few books, a few
/// towels), so several stand side by side but never on top of one another.
fn stacks(prop: PropKind) -> bool {
    matches!(prop, PropKind::Books | PropKind::Towels(_))
}

/// How much of a thing may reach past the painted shape's deep part into the brush's fade,
/// least first: nothing, a rounded corner, a little more, and as a last resort whatever
/// covering the area's box needs (a square thing cannot cover half of an ellipse's box
/// from inside it).
const SPARES: [f32; 4] = [0.0, 0.02, 0.05, 1.0];

/// What a fit must cover of the room's box to count as filling it, along the longer side
/// and of the area: a little over the half that the painted box, which is larger, must get.
const FILLS: f32 = 0.75;

/// The arrangement whose drawing covers most of the room's box once fitted inside the
/// painted shape, with as little of it reaching past the shape as covering the box allows:
/// the arrangement, the share that may reach past (one of [`SPARES`]) and the share of the
/// box's width and height its solid part then spans. The thing as it comes (from the
/// front, in the box's own proportions) is kept when it covers well. Groups heap at most
/// two deep, as a heap on a table does; scattered things seen from above may lie in a
/// column as long as the area.
fn best(prop: PropKind, count: u8, room: &Room) -> Option<(Arrangement, f32, (f32, f32))> {
    let (fw, fh) = (room.w as f32, room.h as f32);
    let ratio = fw / fh;
    let mut tries: Vec<Arrangement> = Vec::new();
    // Drops and cloth spread over whatever box they are given.
    let spreads = matches!(prop, PropKind::WaterDrops | PropKind::Fabric(_));
    let grids: &[(u8, u8)] = if countable(prop) || single_piece(prop, count) || spreads {
        &[(1, 1)]
    } else if stacks(prop) {
        &[(1, 1), (2, 1), (3, 1)]
    } else {
        &[(1, 1), (2, 1), (3, 1), (1, 2), (2, 2)]
    };
    for &(columns, rows) in grids {
        for k in [1.0, 0.5, 0.7, 1.4, 2.0] {
            tries.push(Arrangement {
                ratio: ratio * k,
                plan: false,
                columns,
                rows,
            });
        }
    }
    if scatters(prop, count) {
        for (columns, rows) in [(1, 1), (1, 2), (1, 3), (2, 2), (2, 3)] {
            tries.push(Arrangement {
                ratio,
                plan: true,
                columns,
                rows,
            });
        }
    }
    // Along the longer side and of the area, the lesser.
    let score = |(cw, ch): (f32, f32)| (if fw >= fh { cw } else { ch }).min(cw * ch);
    let drawings: Vec<(Arrangement, tiny_skia::Pixmap)> = tries
        .into_iter()
        .filter_map(|how| {
            let mut pm = tiny_skia::Pixmap::new(room.w, room.h)?;
            draw_as(
                &mut pm,
                prop,
                count,
                how,
                how.unit_box((fw, fh)),
                1.0,
                [0.1; 3],
                0,
            );
            Some((how, pm))
        })
        .collect();
    let mut found: Option<(Arrangement, f32, (f32, f32))> = None;
    for spare in SPARES {
        found = None;
        for (how, pm) in &drawings {
            let Some(fit) = fit_in(pm, room, spare) else {
                continue;
            };
            let spans = (fit.size.0 * fit.k / fw, fit.size.1 * fit.k / fh);
            match found {
                Some((_, _, first)) if score(first) >= 0.8 => break,
                Some((_, _, was)) if score(spans) <= score(was) + 0.02 => {}
                _ => found = Some((*how, spare, spans)),
            }
        }
        if found.is_some_and(|(_, _, spans)| score(spans) >= FILLS) {
            break;
        }
    }
    found
}

/// The longest side a fit check draws at: proportions are what it measures, not detail.
const CHECK_SIDE: f32 = 160.0;

/// Whether the prop, drawn as [`place`] draws it in the painted area, covers most of the
/// area's box: at least half of its longer side and half of its area. A single small thing
/// in a long area cannot, and is refused before anything is drawn.
pub(super) fn fills(inside: &[bool], w: u32, h: u32, prop: PropKind, count: u8) -> bool {
    let depth = distance_inside(inside, w as usize, h as usize);
    let deepest = depth.iter().copied().fold(0f32, f32::max);
    let keep = keep(w, h, deepest);
    let Some(area) = deep_box(&depth, keep, w, h) else {
        return false;
    };
    let Some((mx0, my0, mx1, my1)) = deep_box(&depth, f32::MIN_POSITIVE, w, h) else {
        return false;
    };
    let (x0, y0, x1, y1) = area;
    let (bw, bh) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
    let shape = Shape {
        depth: &depth,
        keep,
        width: w,
        area,
    };
    let room = shape.room((CHECK_SIDE / bw.max(bh)).min(1.0));
    let Some((_, _, (cw, ch))) = best(prop, count, &room) else {
        return false;
    };
    // The drawn box measured against the whole painted box, margin included.
    let (ow, oh) = (cw * bw, ch * bh);
    let (mw, mh) = ((mx1 - mx0 + 1) as f32, (my1 - my0 + 1) as f32);
    let along = if mw >= mh { ow / mw } else { oh / mh };
    along >= 0.5 && ow * oh >= 0.5 * mw * mh
}

/// How far the prop keeps from the brush's edge, given how deep the mask's deepest pixel
/// lies: the feather's width plus a little, so nothing of the prop is cut by the mask, and
/// less in a small area, which the prop would otherwise not fill.
fn keep(w: u32, h: u32, deepest: f32) -> f32 {
    let margin = (w.min(h) as f32 / 60.0).max(4.0) + 2.0;
    margin.min((deepest * 0.12).max(3.0)).min(deepest * 0.5)
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
