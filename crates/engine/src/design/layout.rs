//! The layout decision: where each block of text goes, how big, in which colour.

use image::{GrayImage, RgbaImage};

use super::compose::{compose, Frame};
use super::place::*;
use super::text::FontBook;
use super::*;

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
            .inset(pad);
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
    for (x, y, _) in mask.enumerate_pixels().filter(|(_, _, p)| p[0] >= 128) {
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
