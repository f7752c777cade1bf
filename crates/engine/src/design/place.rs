//! Fitting a block of lines: the largest legible size whose wrapped lines fit a free, quiet
//! place; the reason for a refusal when none does.

use super::compose::best_on_flat;
use super::scene::Scene;
use super::text::{self, FontBook};
use super::*;

/// One line of copy to set, with its size range (capital height as a fraction of the short
/// side) and how many lines it may wrap to.
pub(super) struct LineSpec {
    pub(super) role: Role,
    pub(super) text: String,
    pub(super) font: String,
    pub(super) max_cap: f32,
    pub(super) max_lines: usize,
    pub(super) button: bool,
}

/// A stack of lines placed together.
pub(super) struct Block {
    pub(super) lines: Vec<LineSpec>,
    pub(super) max_width: i32,
    pub(super) zone: Rect,
    pub(super) centred: bool,
    /// The block's centre is drawn towards this point (pixels).
    pub(super) prefer: (f32, f32),
    /// Filled backing around the whole block (badge, tag).
    pub(super) backing: Option<ShapeKind>,
}

pub(super) struct Placed {
    pub(super) rect: Rect,
    pub(super) layers: Vec<TextLayer>,
    pub(super) shapes: Vec<Shape>,
    /// Layers set over the picture or a panel (colour chosen against what lies under them).
    pub(super) overlay: Vec<usize>,
}

pub(super) const WHITE: [u8; 3] = [255, 255, 255];
pub(super) const INK: [u8; 3] = [17, 17, 17];

/// A line set at one size: size, wrapped lines, text width and height, button padding.
pub(super) type LineSet = (f32, Vec<String>, i32, i32, i32, i32);

pub(super) const TOO_LONG: &str = "the text is too long";

/// The quietest position of a `bw`×`bh` box inside `zone` that keeps clear of the product and
/// of the `occupied` boxes, drawn towards `prefer`.
#[allow(clippy::too_many_arguments)]
pub(super) fn search(
    scene: &Scene,
    zone: Rect,
    bw: i32,
    bh: i32,
    prefer: (f32, f32),
    s: f32,
    occupied: &[Rect],
    centred: bool,
) -> Option<Rect> {
    if bw > zone.w || bh > zone.h {
        return None;
    }
    let clear = (0.015 * s) as i32;
    let gap = (0.05 * s) as i32;
    let step = ((0.015 * s) as i32).max(2);
    let xs: Vec<i32> = if centred && (prefer.0 - (zone.x as f32 + zone.w as f32 / 2.0)).abs() < 1.0
    {
        vec![zone.x + (zone.w - bw) / 2]
    } else {
        (zone.x..=zone.right() - bw)
            .step_by(step as usize)
            .chain([zone.right() - bw])
            .collect()
    };
    let ys: Vec<i32> = (zone.y..=zone.bottom() - bh)
        .step_by(step as usize)
        .chain([zone.bottom() - bh])
        .collect();
    let mut best: Option<(f64, Rect)> = None;
    for &y in &ys {
        for &x in &xs {
            let r = Rect::new(x, y, bw, bh);
            if scene.product_in(Rect::new(
                x - clear,
                y - clear,
                bw + 2 * clear,
                bh + 2 * clear,
            )) > 0.0
            {
                continue;
            }
            if occupied
                .iter()
                .any(|o| o.intersects(Rect::new(x - gap, y - gap, bw + 2 * gap, bh + 2 * gap)))
            {
                continue;
            }
            let (cx, cy) = (x as f32 + bw as f32 / 2.0, y as f32 + bh as f32 / 2.0);
            let dist = ((cx - prefer.0).hypot(cy - prefer.1) / s) as f64;
            let cost = scene.busyness(r) + 0.02 * dist;
            if best.is_none_or(|(c, _)| cost < c) {
                best = Some((cost, r));
            }
        }
    }
    best.map(|b| b.1)
}

pub(super) fn place_block(
    b: &Block,
    scene: &Scene,
    fonts: &FontBook,
    s: f32,
    occupied: &[Rect],
    accent: [u8; 3],
) -> Result<Placed, DesignRefused> {
    let font = |name: &str| fonts.get(name).expect("checked by lay_out");
    for l in &b.lines {
        let missing = text::missing_glyphs(font(&l.font), &l.text);
        if !missing.is_empty() {
            let m: String = missing.iter().collect();
            return Err(DesignRefused { layer: l.role, reason: format!("the font {} has no glyph for \"{m}\": remove those characters or pick another font", l.font) });
        }
    }
    let min_cap = |l: &LineSpec| {
        if l.role == Role::Headline {
            HEADLINE_MIN_CAP
        } else {
            TEXT_MIN_CAP
        }
    };
    let pad = if b.backing.is_some() {
        (0.03 * s) as i32
    } else {
        0
    };
    let gap = (0.018 * s) as i32;
    let mut too_long: Option<(Role, f32)> = None;
    let mut wrapped = false;
    let mut k = 1.0f32;
    loop {
        let all_min = b.lines.iter().all(|l| l.max_cap * k <= min_cap(l));
        // Size every line at this scale; buttons get padding.
        let mut sets = Vec::new();
        let mut fits = true;
        for l in &b.lines {
            let f = font(&l.font);
            let size = text::size_for_cap(f, (l.max_cap * k).max(min_cap(l)) * s);
            let (bx, by) = if l.button {
                ((size * 0.7) as i32, (size * 0.38) as i32)
            } else {
                (0, 0)
            };
            match text::wrap(
                f,
                size,
                &l.text,
                (b.max_width - 2 * pad - 2 * bx) as f32,
                l.max_lines,
            ) {
                Some(lines) => {
                    let tw = lines
                        .iter()
                        .map(|t| text::width(f, size, t))
                        .fold(0.0, f32::max)
                        .ceil() as i32;
                    let th = text::block_height(f, size, lines.len()).ceil() as i32;
                    sets.push((size, lines, tw, th, bx, by));
                }
                None => {
                    fits = false;
                    if all_min && too_long.is_none() {
                        too_long = Some((l.role, size));
                    }
                    break;
                }
            }
        }
        if fits {
            wrapped = true;
            let inner_w = sets.iter().map(|t| t.2 + 2 * t.4).max().unwrap_or(0);
            let inner_h: i32 =
                sets.iter().map(|t| t.3 + 2 * t.5).sum::<i32>() + gap * (sets.len() as i32 - 1);
            let (bw, bh) = (inner_w + 2 * pad, inner_h + 2 * pad);
            if let Some(rect) = search(scene, b.zone, bw, bh, b.prefer, s, occupied, b.centred) {
                return Ok(build(b, rect, pad, gap, &sets, fonts, s, accent));
            }
        }
        if all_min {
            break;
        }
        k *= 0.92;
    }
    let head = &b.lines[0];
    Err(match too_long {
        Some((role, size)) if !wrapped => {
            let l = b.lines.iter().find(|l| l.role == role).unwrap_or(head);
            let f = font(&l.font);
            let per_char = text::width(f, size, &l.text) / l.text.chars().count().max(1) as f32;
            let fit = ((b.max_width - 2 * pad) as f32 / per_char) as usize * l.max_lines;
            DesignRefused {
                layer: role,
                reason: format!(
                    "{TOO_LONG}: the {} does not fit this layout: at the smallest legible size (capital height {:.0} px, {:.1} % of the short side) it needs more than {} line(s) of {} px; shorten it to about {} characters or pick a layout with more room",
                    role_name(role),
                    min_cap(l) * s,
                    min_cap(l) * 100.0,
                    l.max_lines,
                    b.max_width - 2 * pad,
                    fit.saturating_sub(2).max(1)
                ),
            }
        }
        _ => DesignRefused {
            layer: head.role,
            reason: format!(
                "there is no room for the {} at a legible size that keeps clear of the product and inside the safe area: shorten the text, pick a layout with a panel (split panel, bottom bar, top banner) or use a photo with more space around the product",
                role_name(head.role)
            ),
        },
    })
}

pub(super) fn role_name(r: Role) -> &'static str {
    match r {
        Role::Headline => "headline",
        Role::Subline => "subline",
        Role::Offer => "offer",
        Role::Cta => "call to action",
        Role::Logo => "logo",
    }
}

#[allow(clippy::too_many_arguments)]
pub(super) fn build(
    b: &Block,
    rect: Rect,
    pad: i32,
    gap: i32,
    sets: &[LineSet],
    fonts: &FontBook,
    s: f32,
    accent: [u8; 3],
) -> Placed {
    let mut layers = Vec::new();
    let mut shapes = Vec::new();
    let mut overlay = Vec::new();
    if let Some(kind) = b.backing {
        let radius = if kind == ShapeKind::Badge {
            rect.h.min(rect.w) as f32 / 2.0
        } else {
            0.015 * s
        };
        shapes.push(Shape {
            kind,
            rect,
            colour: accent,
            alpha: 1.0,
            radius,
        });
    }
    let inner = rect.inset(pad);
    let mut y = inner.y;
    for (l, (size, lines, tw, th, bx, by)) in b.lines.iter().zip(sets) {
        let f = fonts.get(&l.font).expect("checked");
        let outer_w = tw + 2 * bx;
        let ox = if b.centred {
            inner.x + (inner.w - outer_w) / 2
        } else {
            inner.x
        };
        if l.button {
            let r = Rect::new(ox, y, outer_w, th + 2 * by);
            shapes.push(Shape {
                kind: ShapeKind::Button,
                rect: r,
                colour: accent,
                alpha: 1.0,
                radius: r.h as f32 / 2.0,
            });
        }
        let bounds = Rect::new(ox + bx, y + by, *tw, *th);
        let glyphs = text::place(f, *size, lines, bounds.x, bounds.y, bounds.w, b.centred);
        if !l.button && b.backing.is_none() {
            overlay.push(layers.len());
        }
        layers.push(TextLayer {
            role: l.role,
            text: l.text.clone(),
            font: l.font.clone(),
            size: *size,
            colour: if b.backing.is_some() {
                best_on_flat(accent, &[])
            } else {
                INK
            },
            bounds,
            lines: lines.clone(),
            centred: b.centred,
            glyphs,
        });
        y += th + 2 * by + gap;
    }
    Placed {
        rect,
        layers,
        shapes,
        overlay,
    }
}
