//! The rules a marketplace or app applies to an upload, checked on the encoded file as it
//! will be downloaded (decoded again, never on the pixels before encoding). A failed rule is
//! reported with its reason, never dropped.

use image::{ImageFormat, RgbaImage};
use serde::Serialize;

use super::targets::{Look, Target, PACKSHOT_FILL, STORY_UNSAFE_BAND};
use super::Placement;

/// One rule and whether the file keeps it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Check {
    /// A stable name: `size`, `format`, `file_size`, `white_background`, `product_fill`,
    /// `centred`, `product_whole`, `safe_area`, `transparent_background`, `trimmed`,
    /// `longest_side`, `source_resolution`, `product_cutout`; `extension` says how a kept
    /// picture's margins were made.
    pub rule: &'static str,
    pub ok: bool,
    /// What was found, in words a seller can act on.
    pub detail: String,
}

fn check(rule: &'static str, ok: bool, detail: String) -> Check {
    Check { rule, ok, detail }
}

/// The most a product's own pixels may be enlarged for a file before it shows blur.
pub const MAX_ENLARGEMENT: f32 = 2.0;

/// How far the product, `product_side` pixels on its longer side where it comes from (its
/// photo), is enlarged to stand at `placement` in the file: more than [`MAX_ENLARGEMENT`]
/// fails, naming the factor and the photo the file needs.
pub fn source_resolution(placement: Placement, product_side: u32) -> Check {
    let shown = placement.width.max(placement.height);
    let factor = shown as f32 / product_side.max(1) as f32;
    if factor > MAX_ENLARGEMENT {
        let needed = (shown as f32 / MAX_ENLARGEMENT).ceil() as u32;
        check(
            "source_resolution",
            false,
            format!(
                "the product is enlarged {factor:.1}×; a photo at least {needed} px on the product's long side is needed (this one has {product_side} px)"
            ),
        )
    } else {
        check(
            "source_resolution",
            true,
            format!(
                "the product is shown at {factor:.1}× its photo's pixels (at most {MAX_ENLARGEMENT:.0}×)"
            ),
        )
    }
}

/// A pixel counts as part of the product on a white packshot when any channel is below this.
const NOT_WHITE: u8 = 250;
/// JPEG blocks that cross the product's edge ring a little; whiteness is judged this far out.
const EDGE_RING: u32 = 16;

/// Checks `bytes`, the file made for `target`. `placement` is where the composer put the
/// product (the story's safe area is judged from it: a JPEG has no matte to find it again).
pub fn check_file(target: Target, bytes: &[u8], placement: Option<Placement>) -> Vec<Check> {
    let mut checks = Vec::new();
    let format = image::guess_format(bytes).ok();
    let expected = if target.is_png() {
        ImageFormat::Png
    } else {
        ImageFormat::Jpeg
    };
    let decoded = image::load_from_memory_with_format(bytes, expected);
    let image = match (format, decoded) {
        (Some(f), Ok(image)) if f == expected => {
            let detail = if target.is_png() {
                format!("PNG with alpha ({:?})", image.color())
            } else {
                "JPEG, 8-bit, no embedded profile (read as sRGB)".to_owned()
            };
            let ok = !target.is_png() || image.color().has_alpha();
            checks.push(check("format", ok, detail));
            image.into_rgba8()
        }
        _ => {
            checks.push(check(
                "format",
                false,
                format!("the file is not a readable {}", target.extension()),
            ));
            return checks;
        }
    };
    let (w, h) = image.dimensions();
    if let Some((tw, th)) = target.size() {
        checks.push(check(
            "size",
            (w, h) == (tw, th),
            format!("{w}×{h} pixels (wanted {tw}×{th})"),
        ));
    }
    if let Some(max) = target.max_bytes() {
        let len = bytes.len() as u64;
        checks.push(check(
            "file_size",
            len < max,
            format!("{:.1} MB (limit {} MB)", len as f64 / 1e6, max / 1_000_000),
        ));
    }
    if target == Target::Etsy {
        let longest = w.max(h);
        checks.push(check(
            "longest_side",
            longest >= 2000,
            format!("longest side {longest} px (at least 2000)"),
        ));
    }
    match target.look() {
        Look::Packshot => checks.extend(packshot_checks(&image)),
        Look::Cutout => checks.extend(cutout_checks(&image)),
        Look::Scene | Look::Reel => {}
    }
    if target == Target::InstagramStory {
        checks.push(safe_area_check(h, placement));
    }
    checks
}

/// Bounding box (x0, y0, x1, y1), exclusive ends, of the pixels `inside` says are product.
fn bbox(image: &RgbaImage, inside: impl Fn(&image::Rgba<u8>) -> bool) -> Option<[u32; 4]> {
    let mut b: Option<[u32; 4]> = None;
    for (x, y, p) in image.enumerate_pixels() {
        if inside(p) {
            let r = b.get_or_insert([x, y, x + 1, y + 1]);
            r[0] = r[0].min(x);
            r[1] = r[1].min(y);
            r[2] = r[2].max(x + 1);
            r[3] = r[3].max(y + 1);
        }
    }
    b
}

fn packshot_checks(image: &RgbaImage) -> Vec<Check> {
    let (w, h) = image.dimensions();
    let Some([x0, y0, x1, y1]) = bbox(image, |p| p[0].min(p[1]).min(p[2]) < NOT_WHITE) else {
        return vec![check(
            "product_fill",
            false,
            "no product found: the picture is blank white".to_owned(),
        )];
    };
    let mut out = Vec::new();
    // Everything outside the product's box, widened by the JPEG ringing ring, is pure white:
    // that is where a shadow, a reflection, a prop or a mark would show.
    let (rx0, ry0) = (x0.saturating_sub(EDGE_RING), y0.saturating_sub(EDGE_RING));
    let (rx1, ry1) = ((x1 + EDGE_RING).min(w), (y1 + EDGE_RING).min(h));
    let stray = image
        .enumerate_pixels()
        .filter(|(x, y, p)| {
            let outside = *x < rx0 || *x >= rx1 || *y < ry0 || *y >= ry1;
            outside && (p[0], p[1], p[2]) != (255, 255, 255)
        })
        .count();
    out.push(check(
        "white_background",
        stray == 0,
        if stray == 0 {
            "pure white (255, 255, 255) everywhere outside the product".to_owned()
        } else {
            format!("{stray} pixels outside the product are not pure white")
        },
    ));
    let (bw, bh) = (x1 - x0, y1 - y0);
    let fill = bw.max(bh) as f32 / w.max(h) as f32;
    out.push(check(
        "product_fill",
        PACKSHOT_FILL.contains(&fill),
        format!(
            "the product fills {:.1} % of the longer side (85–95 %)",
            fill * 100.0
        ),
    ));
    let dx = (x0 + x1) as f32 / 2.0 - w as f32 / 2.0;
    let dy = (y0 + y1) as f32 / 2.0 - h as f32 / 2.0;
    let off = dx.abs().max(dy.abs()) / w.max(h) as f32;
    out.push(check(
        "centred",
        off <= 0.01,
        format!(
            "the product's centre is {:.0} px from the picture's",
            (dx * dx + dy * dy).sqrt()
        ),
    ));
    let whole = x0 > 0 && y0 > 0 && x1 < w && y1 < h;
    out.push(check(
        "product_whole",
        whole,
        if whole {
            "the whole product is in the frame".to_owned()
        } else {
            "the product touches the edge of the frame".to_owned()
        },
    ));
    out
}

fn cutout_checks(image: &RgbaImage) -> Vec<Check> {
    let (w, h) = image.dimensions();
    let Some([x0, y0, x1, y1]) = bbox(image, |p| p[3] > 0) else {
        return vec![check(
            "transparent_background",
            false,
            "the picture is empty: nothing is opaque".to_owned(),
        )];
    };
    let mut out = Vec::new();
    // The product's cutout is one object: the frame around it must be fully transparent.
    let border_opaque = image
        .enumerate_pixels()
        .filter(|(x, y, p)| (*x == 0 || *y == 0 || *x == w - 1 || *y == h - 1) && p[3] != 0)
        .count();
    let transparent = image.pixels().filter(|p| p[3] == 0).count();
    out.push(check(
        "transparent_background",
        border_opaque == 0 && transparent > 0,
        format!(
            "{:.0} % of the pixels are transparent (alpha 0); {border_opaque} opaque pixels on the border",
            transparent as f64 * 100.0 / (w as f64 * h as f64)
        ),
    ));
    let margin = x0.min(y0).min(w - x1).min(h - y1);
    let widest = (x0.max(y0).max(w - x1).max(h - y1)) as f32 / w.max(h) as f32;
    out.push(check(
        "trimmed",
        margin >= 1 && widest <= 0.1,
        format!(
            "a margin of {margin}–{} px around the product",
            x0.max(y0).max(w - x1).max(h - y1)
        ),
    ));
    out
}

fn safe_area_check(height: u32, placement: Option<Placement>) -> Check {
    let (top, bottom) = (STORY_UNSAFE_BAND, height.saturating_sub(STORY_UNSAFE_BAND));
    match placement {
        Some(p) => {
            let ok = p.y >= top as i32 && p.y + p.height as i32 <= bottom as i32;
            check(
                "safe_area",
                ok,
                format!(
                    "the product spans rows {}–{} (the safe area is {top}–{bottom})",
                    p.y,
                    p.y + p.height as i32
                ),
            )
        }
        None => check(
            "safe_area",
            false,
            "the product could not be located in the picture".to_owned(),
        ),
    }
}
