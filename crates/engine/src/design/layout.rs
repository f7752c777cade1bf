//! The layout decision: where each block of text goes, how big, in which colour.

use image::{GrayImage, RgbImage, RgbaImage};

use super::render::draw_shape;
use super::scene::{self, worst_contrast, Scene};
use super::text::{self, FontBook};
use super::*;

/// One line of copy to set, with its size range (capital height as a fraction of the short
/// side) and how many lines it may wrap to.
struct LineSpec {
    role: Role,
    text: String,
    font: String,
    max_cap: f32,
    max_lines: usize,
    button: bool,
}

/// A stack of lines placed together.
struct Block {
    lines: Vec<LineSpec>,
    max_width: i32,
    zone: Rect,
    centred: bool,
    /// The block's centre is drawn towards this point (pixels).
    prefer: (f32, f32),
    /// Filled backing around the whole block (badge, tag).
    backing: Option<ShapeKind>,
}

struct Placed {
    rect: Rect,
    layers: Vec<TextLayer>,
    shapes: Vec<Shape>,
    /// Layers set over the picture or a panel (colour chosen against what lies under them).
    overlay: Vec<usize>,
}

const WHITE: [u8; 3] = [255, 255, 255];
const INK: [u8; 3] = [17, 17, 17];

/// Lays out `copy` over `picture` with `template` on a `width`×`height` canvas.
pub fn lay_out(
    picture: &RgbaImage,
    mask: Option<&GrayImage>,
    copy: &AdCopy,
    brand: &Brand,
    fonts: &FontBook,
    template: Template,
    (width, height): (u32, u32),
) -> Result<Design, DesignRefused> {
    let refuse = |layer, reason: String| DesignRefused { layer, reason };
    if copy.headline.trim().is_empty() {
        return Err(refuse(Role::Headline, "the headline is empty".into()));
    }
    for name in [&brand.heading_font, &brand.body_font] {
        if fonts.get(name).is_none() {
            return Err(refuse(
                Role::Headline,
                format!("the font \"{name}\" is not installed"),
            ));
        }
    }
    if let Some(m) = mask {
        if m.dimensions() != picture.dimensions() {
            return Err(refuse(
                Role::Headline,
                "the product mask does not match the picture's size".into(),
            ));
        }
    }
    let primary = brand.colours.first().copied().unwrap_or([24, 38, 66]);
    let accent = brand.colours.get(1).copied().unwrap_or([232, 93, 4]);
    let (w, h) = (width as i32, height as i32);
    let s = width.min(height) as f32;
    let safe = safe_frame(width, height);
    let pad = (0.03 * s) as i32;

    // The template's frame: photo rectangle, panels, and where its blocks may go.
    let full = Rect::new(0, 0, w, h);
    let tall = h as f32 >= 1.7 * w as f32;
    let mut panels = Vec::new();
    let mut panel = |r: Rect| {
        panels.push(Shape {
            kind: ShapeKind::Panel,
            rect: r,
            colour: primary,
            alpha: 1.0,
            radius: 0.0,
        });
        r
    };
    let line = |role, text: &str, heading: bool, max_cap: f32, max_lines| LineSpec {
        role,
        text: text.trim().to_owned(),
        font: if heading {
            brand.heading_font.clone()
        } else {
            brand.body_font.clone()
        },
        max_cap,
        max_lines,
        button: role == Role::Cta,
    };
    let head = |cap, lines| line(Role::Headline, &copy.headline, true, cap, lines);
    let sub = |v: &mut Vec<LineSpec>, cap| {
        if let Some(t) = copy.subline.as_deref().filter(|t| !t.trim().is_empty()) {
            v.push(line(Role::Subline, t, false, cap, 2));
        }
    };
    let offer_line = |v: &mut Vec<LineSpec>, cap, lines| {
        if let Some(t) = copy.offer.as_deref().filter(|t| !t.trim().is_empty()) {
            v.push(line(Role::Offer, t, true, cap, lines));
        }
    };
    let cta = |v: &mut Vec<LineSpec>| {
        if let Some(t) = copy.cta.as_deref().filter(|t| !t.trim().is_empty()) {
            v.push(line(Role::Cta, t, true, 0.026, 1));
        }
    };
    let at =
        |r: Rect, fx: f32, fy: f32| (r.x as f32 + fx * r.w as f32, r.y as f32 + fy * r.h as f32);
    let block = |lines, max_width: i32, zone: Rect, centred, prefer| Block {
        lines,
        max_width: max_width.min(zone.w),
        zone,
        centred,
        prefer,
        backing: None,
    };
    let corner_block = |with_offer: bool| {
        let mut v = vec![head(0.075, 3)];
        sub(&mut v, 0.032);
        if with_offer {
            offer_line(&mut v, 0.04, 1);
        }
        cta(&mut v);
        block(
            v,
            (safe.w as f32 * 0.62) as i32,
            safe,
            false,
            at(safe, 0.0, 0.0),
        )
    };
    let photo;
    let mut blocks = Vec::new();
    let mut logo_zone = safe;
    let mut logo_prefer = at(safe, 1.0, 1.0);
    match template {
        Template::HeadlineTopLeft => {
            photo = full;
            blocks.push(corner_block(true));
        }
        Template::OfferBadge | Template::PriceTag => {
            photo = full;
            blocks.push(corner_block(false));
            let Some(offer) = copy.offer.as_deref().filter(|t| !t.trim().is_empty()) else {
                return Err(refuse(
                    Role::Offer,
                    "this template shows the offer: write one (e.g. \"20% off\")".into(),
                ));
            };
            let badge = template == Template::OfferBadge;
            let prefer = match (badge, scene_product_hint(mask, picture, w, h)) {
                (false, Some(b)) => (b.right() as f32 + 0.12 * s, b.y as f32 + 0.1 * s),
                _ => at(safe, 1.0, 0.0),
            };
            let mut b = block(
                vec![line(
                    Role::Offer,
                    offer,
                    true,
                    if badge { 0.05 } else { 0.045 },
                    2,
                )],
                (0.34 * s) as i32,
                safe,
                true,
                prefer,
            );
            b.backing = Some(if badge {
                ShapeKind::Badge
            } else {
                ShapeKind::Tag
            });
            blocks.push(b);
            logo_prefer = at(safe, 0.0, 1.0);
        }
        Template::BottomBar | Template::TopBanner => {
            let top = template == Template::TopBanner;
            let (zone_top, zone_bottom) = if tall {
                (safe.y, h - safe.bottom())
            } else {
                (0, 0)
            };
            let band_h = (0.28 * h as f32).max(0.24 * s) as i32;
            let band = if top {
                panel(Rect::new(0, 0, w, zone_top + band_h))
            } else {
                panel(Rect::new(
                    0,
                    h - zone_bottom - band_h,
                    w,
                    zone_bottom + band_h,
                ))
            };
            let text_zone = band.inset(pad).intersect(safe);
            photo = if top {
                Rect::new(0, band.bottom(), w, h - band.bottom())
            } else {
                Rect::new(0, 0, w, band.y)
            };
            let mut v = vec![head(0.055, 2)];
            sub(&mut v, 0.028);
            offer_line(&mut v, 0.032, 1);
            let left = Rect::new(
                text_zone.x,
                text_zone.y,
                text_zone.w * 64 / 100,
                text_zone.h,
            );
            blocks.push(block(v, left.w, left, false, at(left, 0.0, 0.5)));
            let mut c = Vec::new();
            cta(&mut c);
            if !c.is_empty() {
                let right = Rect::new(
                    left.right() + pad,
                    text_zone.y,
                    text_zone.right() - left.right() - pad,
                    text_zone.h,
                );
                blocks.push(block(c, right.w, right, true, at(right, 1.0, 0.5)));
            }
            // The logo goes on the photo, clear of the product.
            let (y0, y1) = (
                photo.y.max(safe.y) + pad,
                photo.bottom().min(safe.bottom()) - pad,
            );
            logo_zone = Rect::new(safe.x, y0, safe.w, y1 - y0);
            logo_prefer = at(logo_zone, 1.0, if top { 1.0 } else { 0.0 });
        }
        Template::CenteredQuote => {
            photo = full;
            let mut v = vec![line(
                Role::Headline,
                &format!("\u{201c}{}\u{201d}", copy.headline.trim()),
                true,
                0.06,
                4,
            )];
            sub(&mut v, 0.03);
            offer_line(&mut v, 0.035, 1);
            cta(&mut v);
            blocks.push(block(
                v,
                (safe.w as f32 * 0.86) as i32,
                safe,
                true,
                at(safe, 0.5, 0.5),
            ));
            logo_prefer = at(safe, 0.5, 1.0);
        }
        Template::Story => {
            photo = full;
            let upper = Rect::new(safe.x, safe.y, safe.w, safe.h / 2);
            let mut v = vec![head(0.07, 3)];
            sub(&mut v, 0.032);
            blocks.push(block(v, upper.w, upper, true, at(upper, 0.5, 0.0)));
            let lower = Rect::new(safe.x, safe.y + safe.h / 2, safe.w, safe.h - safe.h / 2);
            let mut low = Vec::new();
            offer_line(&mut low, 0.045, 1);
            cta(&mut low);
            if !low.is_empty() {
                blocks.push(block(low, lower.w, lower, true, at(lower, 0.5, 1.0)));
            }
            logo_prefer = at(safe, 0.0, 1.0);
        }
        Template::SplitPanel => {
            let side = w as f32 >= 0.9 * h as f32;
            let p = if side {
                let pw = w * 45 / 100;
                photo = Rect::new(0, 0, w - pw, h);
                panel(Rect::new(w - pw, 0, pw, h))
            } else {
                let ph = h * if tall { 50 } else { 42 } / 100;
                photo = Rect::new(0, 0, w, h - ph);
                panel(Rect::new(0, h - ph, w, ph))
            };
            let zone = Rect::new(p.x.max(safe.x), p.y.max(safe.y), 0, 0);
            let zone = Rect::new(
                zone.x,
                zone.y,
                p.right().min(safe.right()) - zone.x,
                p.bottom().min(safe.bottom()) - zone.y,
            )
            .inset(if side { pad } else { 0 });
            let mut v = vec![head(0.065, 4)];
            sub(&mut v, 0.03);
            offer_line(&mut v, 0.04, 1);
            cta(&mut v);
            blocks.push(block(v, zone.w, zone, false, at(zone, 0.0, 0.2)));
            logo_zone = zone;
            logo_prefer = at(zone, 1.0, 1.0);
        }
    }

    // Overlay templates whose picture leaves no free room give the text a band of the
    // picture's own edge colour: above the photo, below it, then both.
    let overlay = panels.is_empty();
    let band = (0.4 * h as f32) as i32;
    let mut framings = vec![(photo, primary)];
    if overlay {
        framings.push((Rect::new(0, band, w, h - band), edge_colour(picture, true)));
        framings.push((Rect::new(0, 0, w, h - band), edge_colour(picture, false)));
        let (t, b) = (edge_colour(picture, true), edge_colour(picture, false));
        let mid = [0, 1, 2].map(|c| ((t[c] as u16 + b[c] as u16) / 2) as u8);
        framings.push((Rect::new(0, band * 3 / 4, w, h - band * 3 / 2), mid));
    }
    let frame = Frame {
        picture,
        mask,
        copy,
        brand,
        fonts,
        template,
        size: (width, height),
        blocks: &blocks,
        logo_zone,
        logo_prefer,
        accent,
        s,
        pad,
    };
    let mut last = None;
    for (photo, fill) in framings {
        match compose(&frame, photo, fill, panels.clone()) {
            Ok(d) => return Ok(d),
            Err(e) if e.reason.starts_with(TOO_LONG) => return Err(e),
            Err(e) => last = Some(e),
        }
    }
    Err(last.expect("one framing at least"))
}

/// A line set at one size: size, wrapped lines, text width and height, button padding.
type LineSet = (f32, Vec<String>, i32, i32, i32, i32);

const TOO_LONG: &str = "the text is too long";

struct Frame<'a> {
    picture: &'a RgbaImage,
    mask: Option<&'a GrayImage>,
    copy: &'a AdCopy,
    brand: &'a Brand,
    fonts: &'a FontBook,
    template: Template,
    size: (u32, u32),
    blocks: &'a [Block],
    logo_zone: Rect,
    logo_prefer: (f32, f32),
    accent: [u8; 3],
    s: f32,
    pad: i32,
}

/// Mean colour of the picture's top (or bottom) tenth.
fn edge_colour(picture: &RgbaImage, top: bool) -> [u8; 3] {
    let (w, h) = picture.dimensions();
    let rows = (h / 10).max(1);
    let y0 = if top { 0 } else { h - rows };
    let mut sum = [0u64; 3];
    for y in y0..y0 + rows {
        for x in 0..w {
            let p = picture.get_pixel(x, y);
            for c in 0..3 {
                sum[c] += p[c] as u64;
            }
        }
    }
    let n = (w * rows) as u64;
    [(sum[0] / n) as u8, (sum[1] / n) as u8, (sum[2] / n) as u8]
}

/// Places the blocks and the logo over one framing of the picture and colours the text.
fn compose(
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
            let rect = Rect::new(
                rect.x - pad,
                rect.y - pad,
                rect.w + 2 * pad,
                rect.h + 2 * pad,
            )
            .clip(w, h);
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

/// The product's bounding box on a full-canvas cover fit (for templates placed beside it).
fn scene_product_hint(
    mask: Option<&GrayImage>,
    picture: &RgbaImage,
    w: i32,
    h: i32,
) -> Option<Rect> {
    let mask = mask?;
    let (iw, ih) = picture.dimensions();
    let k = (w as f32 / iw as f32).max(h as f32 / ih as f32);
    let (ox, oy) = (
        (w as f32 - iw as f32 * k) / 2.0,
        (h as f32 - ih as f32 * k) / 2.0,
    );
    let mut b: Option<Rect> = None;
    for (x, y, p) in mask.enumerate_pixels().filter(|(_, _, p)| p[0] >= 128) {
        let _ = p;
        let r = Rect::new((ox + x as f32 * k) as i32, (oy + y as f32 * k) as i32, 1, 1);
        b = Some(b.map_or(r, |b| b.union(r)));
    }
    b
}

/// The same design on another canvas: laid out afresh with the same copy and template, so
/// every rule holds at the new ratio.
pub fn relay(
    design: &Design,
    picture: &RgbaImage,
    mask: Option<&GrayImage>,
    brand: &Brand,
    fonts: &FontBook,
    size: (u32, u32),
) -> Result<Design, DesignRefused> {
    lay_out(
        picture,
        mask,
        &design.copy,
        brand,
        fonts,
        design.template,
        size,
    )
}

fn best_on_flat(fill: [u8; 3], candidates: &[[u8; 3]]) -> [u8; 3] {
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

fn place_logo(
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

/// The quietest position of a `bw`×`bh` box inside `zone` that keeps clear of the product and
/// of the `occupied` boxes, drawn towards `prefer`.
#[allow(clippy::too_many_arguments)]
fn search(
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

fn place_block(
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

fn role_name(r: Role) -> &'static str {
    match r {
        Role::Headline => "headline",
        Role::Subline => "subline",
        Role::Offer => "offer",
        Role::Cta => "call to action",
        Role::Logo => "logo",
    }
}

#[allow(clippy::too_many_arguments)]
fn build(
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
