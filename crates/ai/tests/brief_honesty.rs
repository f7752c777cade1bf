//! The built-in assistant never promises what the offline picture lacks: every place,
//! surface and prop a seller names is either painted (the engine's own reading of the brief
//! shows it) or named in the reply as not drawn, with what was used instead; "Not
//! specified" is never said of something the seller specified; a negative rating's comment
//! reaches the next brief in its own words; and the palette fits the product.

use ai::builtin::BuiltinAssistant;
use ai::{AssistantReply, AssistantRequest, FeedbackHint, ReferenceFacts, Role, Turn};
use domain::{ColorPalette as P, Composition, Environment, Lighting};
use engine::prompt::{self, Space};

fn ask(message: &str) -> AssistantReply {
    BuiltinAssistant.respond(&AssistantRequest {
        message: message.into(),
        ..AssistantRequest::default()
    })
}

fn brief(reply: &AssistantReply) -> &str {
    reply
        .structured
        .refined_image_prompt
        .as_deref()
        .expect("a brief")
}

/// Whether the engine, reading `brief`, paints `thing` (a prop or a place noun).
fn painted(brief: &str, thing: &str) -> bool {
    let p = prompt::parse(brief);
    if let Some((kind, exact)) = prompt::prop_of(thing) {
        return exact && p.props.contains(&kind) && !p.no_props;
    }
    let env = p.environment.expect("an environment");
    p.setting_for(env).shows(thing)
}

/// The reply's part saying `thing` is not drawn ("I can't draw a shelf offline …") or what
/// stands in for it ("A bathroom vanity by the sink stands in for a bathroom shelf").
fn said_not_drawn<'a>(content: &'a str, thing: &str) -> Option<&'a str> {
    content.split_inclusive(['.', '!', '?', ';']).find(|s| {
        s.split_once("can't draw")
            .and_then(|(_, rest)| rest.split_once(" offline"))
            .is_some_and(|(what, _)| what.to_lowercase().contains(thing))
            || s.split_once("stands in for ")
                .or_else(|| s.split_once("stand in for "))
                .is_some_and(|(_, what)| what.to_lowercase().contains(thing))
    })
}

/// Messages naming places and props, some outside the offline vocabulary, and the concrete
/// things each names.
const TABLE: &[(&str, &[&str])] = &[
    (
        "lavender soap on a bathroom shelf by the sink, with eucalyptus",
        &["shelf", "sink", "eucalyptus"],
    ),
    (
        "beeswax candle on a wooden windowsill with room for text at the top",
        &["windowsill"],
    ),
    (
        "soy candle on a velvet armchair with a pumpkin",
        &["armchair", "pumpkin"],
    ),
    (
        "face cream jar on a slate slab with rosemary and lemons",
        &["slab", "rosemary", "lemons"],
    ),
    (
        "coffee bag on a cutting board beside a mug",
        &["board", "mug"],
    ),
    (
        "perfume bottle on a bedside table with books and a vase",
        &["bedside", "books", "vase"],
    ),
    (
        "serum bottle on a brass tray with seashells",
        &["tray", "seashells"],
    ),
    ("hand cream tube on a piano with roses", &["piano", "roses"]),
    (
        "body lotion bottle on a bathroom vanity next to folded towels",
        &["vanity", "towels"],
    ),
    (
        "tea tin on a kitchen counter with a driftwood log",
        &["kitchen", "counter", "driftwood"],
    ),
];

#[test]
fn every_named_thing_is_drawn_or_said_not_to_be() {
    let mut failures = Vec::new();
    for (message, things) in TABLE {
        let reply = ask(message);
        let brief = brief(&reply);
        for thing in *things {
            let drawn = painted(brief, thing);
            let said = said_not_drawn(&reply.content, thing);
            println!("{message:?} / {thing}: drawn {drawn}, said {said:?}");
            match (drawn, said) {
                (true, None) | (false, Some(_)) => {}
                (true, Some(s)) => failures.push(format!("{message}: {thing} is drawn, yet: {s}")),
                (false, None) => failures.push(format!(
                    "{message}: {thing} is neither drawn nor said to be missing: {}",
                    reply.content
                )),
            }
        }
        // The brief keeps the seller's words for a hosted model.
        for thing in *things {
            assert!(
                brief.to_lowercase().contains(thing),
                "{message}: brief {brief}"
            );
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn the_seeds_of_the_complaint_are_painted() {
    // The soap: a vanity by the sink with eucalyptus; only the shelf is said to be missing.
    let reply = ask("lavender soap on a bathroom shelf by the sink, with eucalyptus");
    assert!(painted(brief(&reply), "sink") && painted(brief(&reply), "eucalyptus"));
    let said = said_not_drawn(&reply.content, "shelf").expect("the shelf is owned up to");
    assert!(said.contains("vanity by the sink"), "{said}");
    // The candle: a windowsill, with the top third kept for text.
    let reply = ask("beeswax candle on a wooden windowsill with room for text at the top");
    let p = prompt::parse(brief(&reply));
    assert_eq!(p.space, Some(Space::Top), "{}", brief(&reply));
    assert!(painted(brief(&reply), "windowsill"));
    assert!(!reply.content.contains("can't draw"), "{}", reply.content);
}

/// The choices a "Not specified" sentence of the note lists.
fn not_specified(reply: &AssistantReply) -> String {
    let note = reply
        .structured
        .additional_comments
        .clone()
        .unwrap_or_default();
    note.split_inclusive('.')
        .filter(|s| s.contains("Not specified") || s.contains("Defaults:"))
        .collect()
}

#[test]
fn not_specified_is_never_said_of_what_the_seller_specified() {
    let env_names = [
        "luxury marble",
        "clean bathroom",
        "professional studio",
        "natural outdoor",
        "cozy bedroom",
    ];
    let palette_names = [
        "warm & cozy",
        "cool & fresh",
        "bold & dramatic",
        "soft & dreamy",
        "neutral & clean",
    ];
    let light_names = [
        "natural daylight",
        "golden hour",
        "dramatic shadows",
        "soft, even light",
    ];
    let comp_names = [
        "product hero",
        "lifestyle context",
        "artistic composition",
        "detail close-up",
    ];
    let messages: Vec<&str> = TABLE
        .iter()
        .map(|(m, _)| *m)
        .chain([
            "a candle on a stool with negative space",
            "shampoo bottle on the bathtub edge, warm tones",
            "lip balm on a mirror in soft light",
        ])
        .collect();
    for message in messages {
        let reply = ask(message);
        let listed = not_specified(&reply);
        let said = prompt::parse(message);
        let named_place = [" on ", " by ", " in ", " at "]
            .iter()
            .any(|p| format!(" {message} ").contains(p));
        let check = |named: bool, names: &[&str], what: &str| {
            if named {
                for n in names {
                    assert!(
                        !listed.contains(n),
                        "{message}: the seller named the {what}, yet: {listed}"
                    );
                }
            }
        };
        check(named_place, &env_names, "place");
        // Palette words of the seller's own, not a product's hint ("candle" leans warm).
        let palette_word = prompt::parse(&message.replace("candle", ""))
            .palette
            .is_some();
        check(palette_word, &palette_names, "palette");
        check(said.lighting.is_some(), &light_names, "light");
        check(
            said.composition.is_some() || said.space.is_some(),
            &comp_names,
            "framing",
        );
        let _ = (Environment::ALL, Lighting::ALL, Composition::ALL);
    }
}

#[test]
fn a_feedback_comment_reaches_the_next_brief_in_its_words() {
    let first = "lavender soap bottle on a bathroom counter";
    let reply = ask(first);
    let history = vec![
        Turn {
            role: Role::User,
            content: first.into(),
            structured: None,
        },
        Turn {
            role: Role::Assistant,
            content: reply.content.clone(),
            structured: Some(reply.structured.clone()),
        },
    ];
    let next = BuiltinAssistant.respond(&AssistantRequest {
        message: "try again".into(),
        history,
        feedback: Some(FeedbackHint {
            reaction: "negative".into(),
            reason: Some("wrong_style".into()),
            comment: Some("not a shelf — a wooden shelf with towels".into()),
        }),
        ..AssistantRequest::default()
    });
    let brief = brief(&next).to_lowercase();
    assert!(brief.contains("wooden shelf"), "{brief}");
    assert!(brief.contains("towels"), "{brief}");
    // And the engine paints the shelf it now asks for.
    assert!(painted(&brief, "shelf"), "{brief}");
}

/// A lavender bottle photographed on white, as a seller's phone would.
fn lavender_photo() -> Vec<u8> {
    let photo = image::RgbaImage::from_fn(160, 220, |x, y| {
        let inside = (50..110).contains(&x) && (40..200).contains(&y);
        if inside {
            image::Rgba([186, 168, 220, 255])
        } else {
            image::Rgba([247, 247, 245, 255])
        }
    });
    let mut png = Vec::new();
    image::DynamicImage::ImageRgba8(photo)
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .unwrap();
    png
}

#[test]
fn the_palette_fits_the_product() {
    let colors: Vec<String> = prompt::product_colors(&lavender_photo(), 2)
        .unwrap()
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(colors.first().map(String::as_str), Some("lavender"));
    let reply = BuiltinAssistant.respond(&AssistantRequest {
        message: "make a photo of this soap for the shop".into(),
        reference_images: vec![ReferenceFacts {
            width: 160,
            height: 220,
            transparent_background: false,
            dominant_colors: colors,
        }],
        ..AssistantRequest::default()
    });
    let b = brief(&reply);
    assert_ne!(prompt::parse(b).palette, Some(P::CoolFresh), "{b}");
    assert!(!b.contains("icy"), "{b}");
    let note = reply
        .structured
        .additional_comments
        .clone()
        .unwrap_or_default();
    assert!(note.contains("Matched to your product's colours"), "{note}");

    for (message, want) in [
        ("lavender soap on a bathroom counter", P::SoftDreamy),
        ("beeswax candle on a windowsill", P::WarmCozy),
        // The seller's choice wins over the product's colours.
        ("lavender soap, cool and fresh", P::CoolFresh),
    ] {
        let reply = ask(message);
        assert_eq!(
            prompt::parse(brief(&reply)).palette,
            Some(want),
            "{message}"
        );
    }
}
