//! Ad designs as a seller sees them: exact type, clear of the product, readable, inside the
//! frame and the story safe zones at every ratio. Renders land in the temp dir
//! (`campaign-studio-design/`) for looking at.

use std::path::PathBuf;

use engine::design::{
    self, lay_out, relay, render, render_backdrop, AdCopy, Brand, Design, FontBook, Role,
    ShapeKind, Template, CATALOGUE,
};
use image::{GrayImage, Rgba, RgbaImage};

const RATIOS: [(u32, u32); 5] = [
    (1080, 1080),
    (1080, 1350),
    (1080, 1920),
    (1920, 1080),
    (1080, 1620),
];

fn fonts() -> FontBook {
    let mut book = FontBook::new();
    for f in CATALOGUE {
        let bytes = std::fs::read(f.path).unwrap_or_else(|e| {
            panic!("{} ({e}): install the Debian package {}", f.path, f.package)
        });
        book.add(f.name, bytes).unwrap();
    }
    book
}

fn photo(name: &str) -> (RgbaImage, GrayImage) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/photos");
    let pic = image::open(dir.join(format!("{name}.png")))
        .unwrap()
        .to_rgba8();
    let mask = image::open(dir.join(format!("{name}.truth.png")))
        .unwrap()
        .to_luma8();
    (pic, mask)
}

/// A round two-tone logo on transparency.
fn logo() -> RgbaImage {
    RgbaImage::from_fn(200, 200, |x, y| {
        let d = ((x as f32 - 99.5).powi(2) + (y as f32 - 99.5).powi(2)).sqrt();
        match d {
            d if d < 60.0 => Rgba([255, 244, 230, 255]),
            d if d < 96.0 => Rgba([196, 74, 24, 255]),
            d if d < 100.0 => Rgba([196, 74, 24, ((100.0 - d) / 4.0 * 255.0) as u8]),
            _ => Rgba([0, 0, 0, 0]),
        }
    })
}

fn brand() -> Brand {
    Brand {
        colours: vec![[58, 36, 24], [196, 74, 24], [255, 244, 230]],
        heading_font: "League Spartan Bold".into(),
        body_font: "Lato".into(),
        logo: Some(logo()),
    }
}

fn copy() -> AdCopy {
    AdCopy {
        headline: "Fresh espresso, roasted this morning".into(),
        subline: Some("Single-origin beans from our Lisbon roastery".into()),
        offer: Some("20% off this weekend".into()),
        cta: Some("Order now".into()),
        logo: true,
    }
}

fn save(img: &RgbaImage, name: &str) {
    let dir = std::env::temp_dir().join("campaign-studio-design");
    std::fs::create_dir_all(&dir).unwrap();
    img.save(dir.join(format!("{name}.png"))).unwrap();
}

/// WCAG 2.x relative luminance (written out here, independent of the engine).
fn lum(p: [u8; 3]) -> f64 {
    let ch = |c: u8| {
        let c = c as f64 / 255.0;
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    0.2126 * ch(p[0]) + 0.7152 * ch(p[1]) + 0.0722 * ch(p[2])
}

fn ratio(a: f64, b: f64) -> f64 {
    (a.max(b) + 0.05) / (a.min(b) + 0.05)
}

/// The product mask as it lies on the canvas: the design's photo box, scaled to cover and
/// centre-cropped (nearest sample).
fn mask_on_canvas(mask: &GrayImage, d: &Design, x: i32, y: i32) -> bool {
    let p = d.photo;
    if x < p.x || y < p.y || x >= p.x + p.w || y >= p.y + p.h {
        return false;
    }
    let (iw, ih) = (mask.width() as f64, mask.height() as f64);
    let k = (p.w as f64 / iw).max(p.h as f64 / ih);
    let sx = ((x - p.x) as f64 + 0.5 - (p.w as f64 - iw * k) / 2.0) / k;
    let sy = ((y - p.y) as f64 + 0.5 - (p.h as f64 - ih * k) / 2.0) / k;
    let (sx, sy) = (
        sx.clamp(0.0, iw - 1.0) as u32,
        sy.clamp(0.0, ih - 1.0) as u32,
    );
    mask.get_pixel(sx, sy)[0] >= 128
}

/// Everything a seller would object to in one rendered design; empty when it is right.
fn faults(
    d: &Design,
    pic: &RgbaImage,
    mask: Option<&GrayImage>,
    book: &FontBook,
    refs: &[(String, fontdue::Font)],
) -> Vec<String> {
    let mut out = Vec::new();
    let logo = logo();
    let shown = render(pic, d, book, Some(&logo));
    let under = render_backdrop(pic, d, Some(&logo));
    let (w, h) = (d.width as i32, d.height as i32);
    // The safe frame, stated here independently of the engine.
    let m = (0.05 * w.min(h) as f64).round() as i32;
    let (top, bottom) = if h as f64 >= 1.7 * w as f64 {
        (
            (0.14 * h as f64).floor() as i32,
            h - (0.20 * h as f64).floor() as i32,
        )
    } else {
        (m, h - m)
    };
    let inside =
        |r: design::Rect| r.x >= m && r.x + r.w <= w - m && r.y >= top && r.y + r.h <= bottom;
    if let Some(r) = d.logo {
        if !inside(r) {
            out.push(format!("logo {r:?} outside the safe frame"));
        }
    }
    for s in d.shapes.iter().filter(|s| {
        matches!(
            s.kind,
            ShapeKind::Button | ShapeKind::Badge | ShapeKind::Tag
        )
    }) {
        if !inside(s.rect) {
            out.push(format!("{:?} {:?} outside the safe frame", s.kind, s.rect));
        }
    }
    // Scrims, buttons, badges and tags lie on the picture, never on the product.
    if let Some(mask) = mask {
        for s in d.shapes.iter().filter(|s| {
            matches!(
                s.kind,
                ShapeKind::Scrim | ShapeKind::Button | ShapeKind::Badge | ShapeKind::Tag
            )
        }) {
            let r = s.rect;
            let covered = (r.y.max(0)..(r.y + r.h).min(h))
                .flat_map(|y| (r.x.max(0)..(r.x + r.w).min(w)).map(move |x| (x, y)))
                .filter(|&(x, y)| mask_on_canvas(mask, d, x, y))
                .count();
            if covered > 0 {
                out.push(format!(
                    "{:?} {r:?} covers {covered} pixels of the product",
                    s.kind
                ));
            }
        }
    }
    for l in &d.layers {
        let font = &refs.iter().find(|(n, _)| *n == l.font).unwrap().1;
        // The font's own rendering of the layer (fontdue), glyph by glyph.
        let mut reference = vec![0f64; (w * h) as usize];
        for g in &l.glyphs {
            let (mt, bitmap) = font.rasterize(g.ch, l.size);
            let (x0, y0) = (g.x + mt.xmin, g.baseline - mt.ymin - mt.height as i32);
            for (i, &c) in bitmap.iter().enumerate() {
                let (x, y) = (x0 + (i % mt.width) as i32, y0 + (i / mt.width) as i32);
                if x >= 0 && y >= 0 && x < w && y < h {
                    let r = &mut reference[(y * w + x) as usize];
                    *r = 1.0 - (1.0 - *r) * (1.0 - c as f64 / 255.0);
                }
            }
        }
        let text_lum = lum(l.colour);
        for g in &l.glyphs {
            if !inside(g.ink) {
                out.push(format!(
                    "{:?} glyph '{}' {:?} outside the safe frame",
                    l.role, g.ch, g.ink
                ));
            }
            let (mut worst, mut diff, mut n) = (21f64, 0f64, 0usize);
            for y in g.ink.y.max(0)..(g.ink.y + g.ink.h).min(h) {
                for x in g.ink.x.max(0)..(g.ink.x + g.ink.w).min(w) {
                    let b = under.get_pixel(x as u32, y as u32).0;
                    let s = shown.get_pixel(x as u32, y as u32).0;
                    worst = worst.min(ratio(text_lum, lum([b[0], b[1], b[2]])));
                    // Coverage recovered from the render: how far each pixel moved to the colour.
                    let c = (0..3)
                        .max_by_key(|&c| (l.colour[c] as i32 - b[c] as i32).abs())
                        .unwrap();
                    let span = l.colour[c] as f64 - b[c] as f64;
                    if span.abs() >= 60.0 {
                        let cov = ((s[c] as f64 - b[c] as f64) / span).clamp(0.0, 1.0);
                        diff += (cov - reference[(y * w + x) as usize]).abs();
                        n += 1;
                    }
                    if s != b {
                        if let Some(mask) = mask {
                            if mask_on_canvas(mask, d, x, y) {
                                out.push(format!(
                                    "{:?} glyph '{}' paints over the product at {x},{y}",
                                    l.role, g.ch
                                ));
                            }
                        }
                    }
                }
            }
            if worst < 4.5 {
                out.push(format!(
                    "{:?} glyph '{}' contrast {worst:.2} < 4.5",
                    l.role, g.ch
                ));
            }
            if n > 0 && diff / n as f64 > 0.04 {
                out.push(format!(
                    "{:?} glyph '{}' differs from the font's rendering by {:.3}",
                    l.role,
                    g.ch,
                    diff / n as f64
                ));
            }
        }
    }
    out.sort();
    out.dedup_by(|a, b| a.split(" at ").next() == b.split(" at ").next());
    out
}

fn references() -> Vec<(String, fontdue::Font)> {
    CATALOGUE
        .iter()
        .map(|f| {
            let bytes = std::fs::read(f.path).unwrap();
            (
                f.name.to_owned(),
                fontdue::Font::from_bytes(bytes, fontdue::FontSettings::default()).unwrap(),
            )
        })
        .collect()
}

#[test]
fn twelve_open_licence_families_are_installed() {
    let mut families: Vec<&str> = CATALOGUE.iter().map(|f| f.family).collect();
    families.dedup();
    assert!(families.len() >= 12, "{families:?}");
    for f in CATALOGUE {
        assert!(
            ["OFL-1.1", "Apache-2.0", "Bitstream-Vera"].contains(&f.licence),
            "{}",
            f.name
        );
    }
    let book = fonts();
    assert_eq!(book.names().count(), CATALOGUE.len());
}

#[test]
fn every_template_sets_the_coffee_ad_exactly_clear_of_the_cup_and_readable() {
    let (pic, mask) = photo("coffee");
    let (book, refs, brand) = (fonts(), references(), brand());
    let mut all = Vec::new();
    for t in Template::ALL {
        let d = lay_out(&pic, Some(&mask), &copy(), &brand, &book, t, (1080, 1350))
            .unwrap_or_else(|e| panic!("{t:?}: {e}"));
        save(
            &render(&pic, &d, &book, brand.logo.as_ref()),
            &format!("coffee-{t:?}"),
        );
        assert!(d.layers.iter().any(|l| l.role == Role::Headline));
        all.extend(
            faults(&d, &pic, Some(&mask), &book, &refs)
                .into_iter()
                .map(|f| format!("{t:?}: {f}")),
        );
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn five_ratios_keep_every_layer_inside_the_frame_and_the_story_zones() {
    let (pic, mask) = photo("coffee");
    let (book, refs, brand) = (fonts(), references(), brand());
    let mut all = Vec::new();
    for t in Template::ALL {
        let first = lay_out(&pic, Some(&mask), &copy(), &brand, &book, t, (1080, 1350)).unwrap();
        for size in RATIOS {
            match relay(&first, &pic, Some(&mask), &brand, &book, size) {
                Ok(d) => {
                    assert_eq!((d.width, d.height), size);
                    save(
                        &render(&pic, &d, &book, brand.logo.as_ref()),
                        &format!("ratio-{t:?}-{}x{}", size.0, size.1),
                    );
                    all.extend(
                        faults(&d, &pic, Some(&mask), &book, &refs)
                            .into_iter()
                            .map(|f| format!("{t:?} {size:?}: {f}")),
                    );
                }
                Err(e) => all.push(format!("{t:?} {size:?} refused: {e}")),
            }
        }
    }
    assert!(all.is_empty(), "{}", all.join("\n"));
}

#[test]
fn a_scene_picture_gets_text_in_its_quietest_region() {
    let (pic, _) = photo("rowboat");
    let (book, refs, brand) = (fonts(), references(), brand());
    let ad = AdCopy {
        offer: None,
        ..copy()
    };
    let d = lay_out(
        &pic,
        None,
        &ad,
        &brand,
        &book,
        Template::HeadlineTopLeft,
        (1080, 1350),
    )
    .unwrap();
    save(
        &render(&pic, &d, &book, brand.logo.as_ref()),
        "rowboat-HeadlineTopLeft",
    );
    let f = faults(&d, &pic, None, &book, &refs);
    assert!(f.is_empty(), "{}", f.join("\n"));
    // Edge energy of the bare picture under the text block, against every other place the
    // same box could go in the safe frame: the chosen one is among the quietest fifth.
    let bare = Design {
        shapes: vec![],
        layers: vec![],
        logo: None,
        ..d.clone()
    };
    let plain = render_backdrop(&pic, &bare, None);
    let g = image::imageops::grayscale(&plain);
    let energy = |x0: i32, y0: i32, bw: i32, bh: i32| {
        let mut e = 0u64;
        for y in y0..y0 + bh - 1 {
            for x in x0..x0 + bw - 1 {
                let p = g.get_pixel(x as u32, y as u32)[0] as i32;
                e += ((g.get_pixel(x as u32 + 1, y as u32)[0] as i32 - p).abs()
                    + (g.get_pixel(x as u32, y as u32 + 1)[0] as i32 - p).abs())
                    as u64;
            }
        }
        e
    };
    let block = d
        .layers
        .iter()
        .map(|l| l.bounds)
        .reduce(|a, b| a.union(b))
        .unwrap();
    let chosen = energy(block.x, block.y, block.w, block.h);
    let mut others = Vec::new();
    for y in (54..1350 - 54 - block.h).step_by(40) {
        for x in (54..1080 - 54 - block.w).step_by(40) {
            others.push(energy(x, y, block.w, block.h));
        }
    }
    let quieter = others.iter().filter(|&&e| e < chosen).count();
    assert!(
        quieter * 5 <= others.len(),
        "{quieter} of {} places are quieter",
        others.len()
    );
}

#[test]
fn a_headline_too_long_to_be_legible_is_refused_with_a_reason() {
    let (pic, mask) = photo("coffee");
    let (book, brand) = (fonts(), brand());
    let long = "Our freshly roasted single origin espresso beans ".repeat(6);
    let ad = AdCopy {
        headline: long,
        ..copy()
    };
    let e = lay_out(
        &pic,
        Some(&mask),
        &ad,
        &brand,
        &book,
        Template::HeadlineTopLeft,
        (1080, 1350),
    )
    .unwrap_err();
    assert_eq!(e.layer, Role::Headline);
    assert!(e.reason.contains("shorten it to about"), "{}", e.reason);
    assert!(e.reason.contains("2.5 % of the short side"), "{}", e.reason);
}

#[test]
fn a_design_round_trips_through_json_and_renders_the_same() {
    let (pic, mask) = photo("coffee");
    let (book, brand) = (fonts(), brand());
    let d = lay_out(
        &pic,
        Some(&mask),
        &copy(),
        &brand,
        &book,
        Template::OfferBadge,
        (1080, 1350),
    )
    .unwrap();
    let back: Design = serde_json::from_str(&serde_json::to_string(&d).unwrap()).unwrap();
    assert_eq!(back, d);
    assert_eq!(
        render(&pic, &back, &book, brand.logo.as_ref()),
        render(&pic, &d, &book, brand.logo.as_ref())
    );
}

#[test]
fn editing_the_headline_relays_only_the_text() {
    let (pic, mask) = photo("coffee");
    let (book, brand) = (fonts(), brand());
    let d = lay_out(
        &pic,
        Some(&mask),
        &copy(),
        &brand,
        &book,
        Template::BottomBar,
        (1080, 1350),
    )
    .unwrap();
    let edited = AdCopy {
        headline: "Espresso like in Lisbon".into(),
        ..copy()
    };
    let e = lay_out(
        &pic,
        Some(&mask),
        &edited,
        &brand,
        &book,
        Template::BottomBar,
        (1080, 1350),
    )
    .unwrap();
    assert_eq!(e.photo, d.photo);
    assert_eq!(e.layers[0].text, "Espresso like in Lisbon");
    let chars: String = e.layers[0].glyphs.iter().map(|g| g.ch).collect();
    assert_eq!(chars, "EspressolikeinLisbon");
}

#[test]
fn a_scrim_behind_text_keeps_off_the_product() {
    // A picture no plain text colour is legible on (black and white pixels alternating) around
    // a product that leaves only a band above it: the text needs a scrim, set close to the
    // product.
    let (w, h) = (1080u32, 1350u32);
    let (cx, cy, r) = (540.0f32, 760.0f32, 470.0f32);
    let on_product = |x: u32, y: u32| (x as f32 + 0.5 - cx).hypot(y as f32 + 0.5 - cy) < r;
    let pic = RgbaImage::from_fn(w, h, |x, y| match (on_product(x, y), (x / 2 + y / 2) % 2) {
        (true, _) => Rgba([214, 120, 40, 255]),
        (false, 0) => Rgba([0, 0, 0, 255]),
        (false, _) => Rgba([255, 255, 255, 255]),
    });
    let mask = GrayImage::from_fn(w, h, |x, y| {
        image::Luma([if on_product(x, y) { 255 } else { 0 }])
    });
    let (book, refs, brand) = (fonts(), references(), brand());
    let ad = AdCopy {
        headline: "Autumn glow".into(),
        subline: None,
        offer: None,
        cta: None,
        logo: false,
    };
    let d = lay_out(
        &pic,
        Some(&mask),
        &ad,
        &brand,
        &book,
        Template::HeadlineTopLeft,
        (w, h),
    )
    .unwrap();
    save(&render(&pic, &d, &book, None), "scrim-next-to-the-product");
    assert!(
        d.shapes.iter().any(|s| s.kind == ShapeKind::Scrim),
        "the text needs a scrim here: {:?}",
        d.shapes
    );
    let f = faults(&d, &pic, Some(&mask), &book, &refs);
    assert!(f.is_empty(), "{}", f.join("\n"));
}
