//! Title and end cards over a reel, read back frame by frame with ffmpeg (not the engine's
//! reader) against the same reel made without them: the title's words are on the first
//! second and gone later, the end card's logo is on the last frames, both fade (the card's
//! share of each pixel ramps frame by frame), the text keeps inside the 9:16 safe zones and
//! reads at 4.5:1 whatever the video under it.

mod common;

use common::ffmpeg::frame_number;
use common::DiscShot;
use domain::generation::Duration;
use engine::audio::{compose, AudioFormat};
use engine::design::{
    overlay, render_layers, safe_frame, worst_contrast, Brand, Design, FontBook, Role, CATALOGUE,
};
use engine::export::{
    reels, CardTimes, EndWords, ReelCards, ReelFile, ReelSource, Target, TitleWords,
};
use engine::video::{animate, VideoQuality, VideoSource};
use engine::NoProgress;
use image::{Rgb, RgbImage, Rgba, RgbaImage};

const FPS: f64 = 24.0;
const NAVY: [u8; 3] = [20, 50, 110];
const AMBER: [u8; 3] = [245, 180, 40];
/// The logo: a green block, a colour neither the video nor the brand has.
const GREEN: [u8; 3] = [30, 200, 70];

fn fonts() -> FontBook {
    let mut book = FontBook::new();
    for f in CATALOGUE {
        let bytes = std::fs::read(f.path)
            .unwrap_or_else(|e| panic!("{} ({e}): install {}", f.path, f.package));
        book.add(f.name, bytes).unwrap();
    }
    book
}

/// A bright, busy product shot: white top half, a pale gradient and a red disc.
fn picture() -> Vec<u8> {
    DiscShot {
        white_top: true,
        ..DiscShot::red(960, 540)
    }
    .png()
}

/// Mean absolute difference of two frames inside `r` (per channel, 0–255).
fn difference(a: &RgbImage, b: &RgbImage, r: engine::design::Rect) -> f64 {
    let mut sum = 0u64;
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            let (p, q) = (
                a.get_pixel(x as u32, y as u32),
                b.get_pixel(x as u32, y as u32),
            );
            sum += (0..3).map(|c| p[c].abs_diff(q[c]) as u64).sum::<u64>();
        }
    }
    sum as f64 / (3 * r.w * r.h) as f64
}

/// The share `a` of `colour` in `seen` over `under` (seen = under·(1−a) + colour·a), by
/// least squares over the pixels of `r`.
fn share(seen: &RgbImage, under: &RgbImage, colour: [u8; 3], r: engine::design::Rect) -> f64 {
    let (mut num, mut den) = (0.0, 0.0);
    for y in r.y..r.bottom() {
        for x in r.x..r.right() {
            let (s, u) = (
                seen.get_pixel(x as u32, y as u32),
                under.get_pixel(x as u32, y as u32),
            );
            for c in 0..3 {
                let d = colour[c] as f64 - u[c] as f64;
                num += (s[c] as f64 - u[c] as f64) * d;
                den += d * d;
            }
        }
    }
    num / den.max(1.0)
}

fn layer(d: &Design, role: Role) -> &engine::design::TextLayer {
    d.layers
        .iter()
        .find(|l| l.role == role)
        .unwrap_or_else(|| panic!("no {role:?} layer"))
}

/// Every glyph of `d` has 4.5:1 against what its card lays under it over `frame`.
fn assert_readable(d: &Design, fonts: &FontBook, logo: Option<&RgbaImage>, frame: &RgbaImage) {
    let bare = Design {
        layers: Vec::new(),
        ..d.clone()
    };
    let mut under = frame.clone();
    overlay(&mut under, &render_layers(&bare, fonts, logo), 1.0);
    let under = image::DynamicImage::ImageRgba8(under).to_rgb8();
    for l in &d.layers {
        for g in &l.glyphs {
            let c = worst_contrast(&under, g.ink, l.colour);
            assert!(c >= 4.5, "{:?} '{}' at {:?}: {c:.2}:1", l.role, g.ch, g.ink);
        }
    }
}

#[test]
fn a_reel_carries_a_title_card_and_an_end_card_that_fade() {
    let fonts = fonts();
    let logo = RgbaImage::from_fn(240, 120, |x, y| {
        // Round corners: the logo's transparency is kept.
        let (dx, dy) = ((x as i32 - 120).abs() - 100, (y as i32 - 60).abs() - 40);
        if dx.max(0).pow(2) + dy.max(0).pow(2) <= 400 {
            Rgba([GREEN[0], GREEN[1], GREEN[2], 255])
        } else {
            Rgba([0, 0, 0, 0])
        }
    });
    let brand = Brand {
        colours: vec![NAVY, AMBER],
        heading_font: "League Spartan Bold".into(),
        body_font: "Lato".into(),
        logo: Some(logo.clone()),
    };
    let cards = ReelCards {
        title: Some(TitleWords {
            headline: "Weekend sale",
            offer: Some("20% off"),
        }),
        end: Some(EndWords {
            line: "Roasted in Lisbon",
            cta: Some("Order now"),
        }),
        brand: &brand,
        fonts: &fonts,
    };
    let clip = animate(
        VideoSource::Image(&picture()),
        "slow push in",
        Duration::Five,
        VideoQuality::P480,
        24,
        5,
        &mut NoProgress,
    )
    .unwrap();
    let music = compose(
        "calm piano",
        6.0,
        false,
        2,
        AudioFormat::Wav,
        &mut NoProgress,
    )
    .unwrap();
    let make = |cards: Option<&ReelCards>| -> ReelFile {
        reels(
            ReelSource::Video(&clip.mp4),
            &music.bytes,
            &[Target::Reel],
            false,
            cards,
            &mut NoProgress,
        )
        .unwrap()
        .remove(0)
    };
    let plain = make(None);
    let carded = make(Some(&cards));

    let check = carded
        .file
        .checks
        .iter()
        .find(|c| c.rule == "cards")
        .expect("a cards check");
    assert!(check.ok, "{check:?}");
    assert!(
        check.detail.contains("Weekend sale") && check.detail.contains("Order now"),
        "{check:?}"
    );
    assert!(
        carded.file.checks.iter().all(|c| c.ok),
        "{:?}",
        carded.file.checks
    );
    assert!(plain.file.checks.iter().all(|c| c.rule != "cards"));
    let title = carded.title_card.as_ref().expect("a title card");
    let end = carded.end_card.as_ref().expect("an end card");

    // Inside the 9:16 safe zones: the top 14 % and the bottom 20 % hold no text and no logo.
    let safe = safe_frame(1080, 1920);
    assert!(safe.y >= 268 && safe.bottom() <= 1536, "{safe:?}");
    for d in [title, end] {
        for l in &d.layers {
            assert!(safe.contains(l.bounds), "{:?} at {:?}", l.role, l.bounds);
        }
    }
    let logo_box = end.logo.expect("the end card places the logo");
    assert!(safe.contains(logo_box), "logo at {logo_box:?}");

    // Contrast: the title reads at 4.5:1 over its first frame and over a frame of pure
    // white or pure black (the video under it moves); the end card over its own colours.
    let white = RgbaImage::from_pixel(1080, 1920, Rgba([255, 255, 255, 255]));
    let black = RgbaImage::from_pixel(1080, 1920, Rgba([0, 0, 0, 255]));
    for under in [&white, &black] {
        assert_readable(title, &fonts, None, under);
        assert_readable(end, &fonts, Some(&logo), under);
    }

    let dir = std::env::temp_dir().join(format!("engine-reel-cards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (plain_file, carded_file) = (dir.join("plain.mp4"), dir.join("carded.mp4"));
    std::fs::write(&plain_file, &plain.file.bytes).unwrap();
    std::fs::write(&carded_file, &carded.file.bytes).unwrap();
    let frames = (5.0 * FPS) as u32;
    let times = CardTimes::of(5.0);
    let at = |n: u32| {
        (
            frame_number(&carded_file, n as usize),
            frame_number(&plain_file, n as usize),
        )
    };

    // The headline is on the first second (its glyphs white on the scrim, unlike the plain
    // reel) and gone once the title has faded out.
    let headline = layer(title, Role::Headline).bounds;
    let offer = layer(title, Role::Offer).bounds;
    for n in [0, 12, 23] {
        let (c, p) = at(n);
        assert!(
            difference(&c, &p, headline) > 20.0,
            "frame {n}: no headline"
        );
        assert!(difference(&c, &p, offer) > 20.0, "frame {n}: no offer");
        // White letters on the dark scrim: both in the headline's box.
        let (mut light, mut dark) = (0, 0);
        for y in headline.y..headline.bottom() {
            for x in headline.x..headline.right() {
                let q = c.get_pixel(x as u32, y as u32);
                light += usize::from(q.0.iter().all(|&v| v > 200));
                dark += usize::from(q.0.iter().all(|&v| v < 130));
            }
        }
        let all = (headline.w * headline.h) as usize;
        assert!(
            light * 20 > all && dark * 5 > all,
            "frame {n}: {light} light, {dark} dark of {all}"
        );
        if n == 0 {
            c.save(dir.join("title.png")).unwrap();
        }
    }
    let gone = ((times.hold + times.fade) * FPS).ceil() as u32 + 1;
    for n in [gone, gone + 12] {
        let (c, p) = at(n);
        assert!(
            difference(&c, &p, headline) < 3.0,
            "frame {n}: the headline is still there"
        );
    }
    // The safe zones stay the video's own on the title's frames (but the scrim's margin).
    let (c, p) = at(6);
    let bands = [
        engine::design::Rect::new(0, 0, 1080, 230),
        engine::design::Rect::new(0, 1575, 1080, 345),
    ];
    for band in bands {
        assert!(difference(&c, &p, band) < 3.0, "{band:?} differs");
    }

    // The end card's logo is on the last frames, in its own green.
    for n in [frames - 12, frames - 1] {
        let (c, _) = at(n);
        let mid = c.get_pixel(
            (logo_box.x + logo_box.w / 2) as u32,
            (logo_box.y + logo_box.h / 2) as u32,
        );
        let near = |p: &Rgb<u8>, q: [u8; 3]| (0..3).all(|k| p[k].abs_diff(q[k]) < 24);
        assert!(near(mid, GREEN), "frame {n}: the logo's centre is {mid:?}");
        // Around the card's words, the whole frame is the brand's colour.
        assert!(
            near(c.get_pixel(540, 200), NAVY),
            "frame {n}: {:?}",
            c.get_pixel(540, 200)
        );
        if n == frames - 1 {
            c.save(dir.join("end.png")).unwrap();
        }
    }

    // Fades: frame by frame, the end card's share of a bare stretch of its panel rises from
    // 0 to 1 as its times say, and the title's scrim's share falls.
    let bare = engine::design::Rect::new(100, 60, 880, 180);
    let from = ((times.seconds - times.hold - times.fade) * FPS).floor() as u32 - 1;
    let to = ((times.seconds - times.hold) * FPS).ceil() as u32 + 1;
    let mut last = -1.0;
    let mut between = 0;
    for n in from..=to {
        let (c, p) = at(n);
        let a = share(&c, &p, NAVY, bare);
        let want = times.end(f64::from(n) / FPS) as f64;
        assert!(
            (a - want).abs() < 0.1,
            "frame {n}: end card at {a:.2}, {want:.2} wanted"
        );
        assert!(
            a >= last - 0.03,
            "frame {n}: the end card's share fell from {last:.2} to {a:.2}"
        );
        between += usize::from(a > 0.15 && a < 0.85);
        last = a;
    }
    assert!(
        between >= 4,
        "only {between} frames between 0 and 1: no fade"
    );
    let scrim = {
        let s = title
            .shapes
            .iter()
            .find(|s| s.rect.contains(headline))
            .expect("a scrim");
        // A strip of the scrim above the headline, clear of its glyphs.
        engine::design::Rect::new(
            s.rect.x + 10,
            s.rect.y + 4,
            s.rect.w - 20,
            (headline.y - s.rect.y - 8).max(2),
        )
    };
    let fade_from = (times.hold * FPS).floor() as u32 - 1;
    let fade_to = ((times.hold + times.fade) * FPS).ceil() as u32 + 1;
    let mut last = 2.0;
    let mut between = 0;
    for n in fade_from..=fade_to {
        let (c, p) = at(n);
        let a = share(&c, &p, [0, 0, 0], scrim) / f64::from(engine::design::TITLE_SCRIM);
        let want = times.title(f64::from(n) / FPS) as f64;
        assert!(
            (a - want).abs() < 0.12,
            "frame {n}: title at {a:.2}, {want:.2} wanted"
        );
        assert!(
            a <= last + 0.03,
            "frame {n}: the title's share rose from {last:.2} to {a:.2}"
        );
        between += usize::from(a > 0.15 && a < 0.85);
        last = a;
    }
    assert!(
        between >= 4,
        "only {between} frames between 0 and 1: no fade"
    );

    // The poster is the first frame, title and all.
    let poster = image::load_from_memory(&carded.poster_jpeg)
        .unwrap()
        .to_rgb8();
    let plain_poster = image::load_from_memory(&plain.poster_jpeg)
        .unwrap()
        .to_rgb8();
    assert!(difference(&poster, &plain_poster, headline) > 20.0);
    if std::env::var_os("KEEP_REEL_FRAMES").is_none() {
        std::fs::remove_dir_all(&dir).unwrap();
    } else {
        eprintln!("frames kept in {}", dir.display());
    }
}

#[test]
fn a_card_that_cannot_be_set_is_left_out_and_its_check_says_why() {
    let fonts = fonts();
    let brand = Brand {
        colours: vec![NAVY, AMBER],
        heading_font: "League Spartan Bold".into(),
        body_font: "Lato".into(),
        logo: None,
    };
    let long = "Supercalifragilisticexpialidocioussupercalifragilisticexpialidocious sale";
    let cards = ReelCards {
        title: Some(TitleWords {
            headline: long,
            offer: None,
        }),
        end: Some(EndWords {
            line: "Roasted in Lisbon",
            cta: None,
        }),
        brand: &brand,
        fonts: &fonts,
    };
    let clip = animate(
        VideoSource::Image(&picture()),
        "pan left",
        Duration::Five,
        VideoQuality::P480,
        24,
        3,
        &mut NoProgress,
    )
    .unwrap();
    let music = compose("calm", 5.0, false, 1, AudioFormat::Wav, &mut NoProgress).unwrap();
    let made = reels(
        ReelSource::Video(&clip.mp4),
        &music.bytes,
        &[Target::ReelSquare],
        false,
        Some(&cards),
        &mut NoProgress,
    )
    .unwrap();
    let reel = &made[0];
    let check = reel.file.checks.iter().find(|c| c.rule == "cards").unwrap();
    assert!(!check.ok, "{check:?}");
    assert!(
        check.detail.contains("no title card: the text is too long"),
        "{check:?}"
    );
    assert!(reel.title_card.is_none());
    // The end card without a logo: the words alone, centred, inside the safe frame.
    let end = reel.end_card.as_ref().expect("the end card is still made");
    assert!(end.logo.is_none());
    let safe = safe_frame(1080, 1080);
    assert!(end.layers.iter().all(|l| safe.contains(l.bounds)));
}
