//! The parser's other word lists (colours, negation, surfaces, materials, props, space) and the
//! readers that find them among the prompt's words.

use super::*;

/// Colour words and their sRGB values.
pub(super) const COLORS: &[(&str, [u8; 3])] = &[
    ("red", [200, 36, 44]),
    ("crimson", [176, 20, 48]),
    ("burgundy", [118, 26, 44]),
    ("maroon", [110, 24, 32]),
    ("pink", [238, 150, 176]),
    ("rose", [226, 140, 152]),
    ("blush", [240, 196, 194]),
    ("coral", [246, 128, 104]),
    ("peach", [250, 196, 160]),
    ("orange", [240, 132, 36]),
    ("amber", [214, 128, 30]),
    ("gold", [212, 172, 84]),
    ("yellow", [246, 210, 60]),
    ("mustard", [208, 164, 40]),
    ("lemon", [250, 232, 100]),
    ("cream", [246, 236, 214]),
    ("ivory", [248, 243, 228]),
    ("beige", [226, 208, 180]),
    ("sand", [218, 196, 160]),
    ("tan", [206, 170, 128]),
    ("brown", [124, 82, 52]),
    ("chocolate", [88, 54, 36]),
    ("caramel", [196, 128, 64]),
    ("terracotta", [200, 104, 72]),
    ("rust", [176, 80, 40]),
    ("copper", [184, 112, 68]),
    ("bronze", [164, 120, 64]),
    ("olive", [120, 124, 60]),
    ("green", [64, 150, 84]),
    ("sage", [160, 180, 150]),
    ("mint", [170, 226, 200]),
    ("emerald", [20, 130, 90]),
    ("teal", [24, 128, 128]),
    ("turquoise", [56, 200, 196]),
    ("aqua", [110, 214, 216]),
    ("cyan", [40, 196, 224]),
    ("blue", [52, 104, 196]),
    ("sky blue", [140, 196, 236]),
    ("navy", [28, 40, 84]),
    ("cobalt", [20, 72, 170]),
    ("lavender", [190, 172, 222]),
    ("lilac", [204, 168, 212]),
    ("purple", [120, 60, 150]),
    ("violet", [136, 80, 190]),
    ("plum", [110, 50, 90]),
    ("magenta", [210, 40, 150]),
    ("fuchsia", [220, 50, 160]),
    ("white", [246, 246, 244]),
    ("black", [22, 22, 24]),
    ("grey", [150, 150, 150]),
    ("gray", [150, 150, 150]),
    ("charcoal", [58, 60, 64]),
    ("silver", [192, 194, 198]),
];

pub(super) const NEGATORS: &[&str] = &[
    "no", "not", "without", "non", "avoid", "never", "don", "minus",
];
/// Words that end a negation's reach.
pub(super) const SCOPE_BREAKS: &[&str] = &["and", "but", "with", "yet", ","];
pub(super) const NEGATION_REACH: usize = 4;
/// Surfaces a tone word can qualify ("dark marble").
/// Backgrounds and walls are not here: "white background" names a colour, not a tone.
pub(super) const SURFACES: &[&str] = &[
    "marble",
    "wood",
    "wooden",
    "stone",
    "tile",
    "tiles",
    "surface",
    "counter",
    "countertop",
    "table",
    "granite",
    "onyx",
    "slab",
    "concrete",
    "sheets",
    "sill",
    "windowsill",
    "shelf",
];
/// Words that may sit inside a product's noun phrase.
pub(super) const MATERIALS: &[&str] = &[
    "glass",
    "plastic",
    "metal",
    "matte",
    "glossy",
    "frosted",
    "ceramic",
    "paper",
    "colored",
    "coloured",
    "tinted",
    "aluminium",
    "aluminum",
    "kraft",
    "mini",
    "small",
    "large",
];
/// Nouns that make a colour a scene colour rather than the product's.
pub(super) const SCENE_NOUNS: &[&str] = &[
    "background",
    "backdrop",
    "wall",
    "walls",
    "surface",
    "sweep",
    "set",
    "tones",
    "tone",
    "palette",
    "scene",
    "flowers",
    "petals",
    "props",
    "fabric",
    "sheets",
];

/// Things placed beside a product, whose colour is their own.
pub(super) const PROP_NOUNS: &[&str] = &[
    "vase", "vases", "tray", "trays", "towel", "towels", "napkin", "napkins", "ribbon", "ribbons",
    "cloth", "fabric", "flowers", "flower", "petals", "peonies", "roses", "tulips", "daisies",
    "leaves", "stones", "pebbles", "shells", "books", "book", "candles", "bowl", "plate", "saucer",
    "beads", "cushion", "pillow", "pillows", "blanket", "scarf",
];
/// Words that introduce props.
pub(super) const PROP_CUES: &[&str] = &[
    "with",
    "beside",
    "next",
    "among",
    "amongst",
    "surrounded",
    "scattered",
    "styled",
    "alongside",
    "near",
    "plus",
    "and",
];

/// A colour ending at token `end` describes a prop: a prop noun or another product word
/// follows (past materials, shades and more colours), and a prop cue comes shortly before.
pub(super) fn qualifies_prop(tokens: &[String], end: usize) -> bool {
    let mut k = end;
    while k < tokens.len()
        && (MATERIALS.contains(&tokens[k].as_str())
            || match_color(tokens, k).is_some()
            || shade_of(&tokens[k]).is_some())
    {
        k += 1;
    }
    let Some(next) = tokens.get(k) else {
        return false;
    };
    let noun = PROP_NOUNS.contains(&next.as_str())
        || match_phrase(tokens, k)
            .is_some_and(|(votes, _)| votes.iter().any(|v| matches!(v, Product(_))));
    let start = end.saturating_sub(1);
    let cued = tokens[start.saturating_sub(5)..start]
        .iter()
        .rev()
        .take_while(|t| t.as_str() != ",")
        .any(|t| PROP_CUES.contains(&t.as_str()));
    noun && cued
}

/// Words for things the engine draws beside a product, and what it draws for them. The
/// flag says whether the drawing is the thing itself (eucalyptus is a spray of leaves) or
/// only the nearest the engine has (a magazine is drawn as books).
pub(super) const PROP_WORDS: &[(&str, PropKind, bool)] = &[
    ("eucalyptus", PropKind::Leaves, true),
    ("leaves", PropKind::Leaves, true),
    ("leaf", PropKind::Leaves, true),
    ("sprig", PropKind::Leaves, true),
    ("sprigs", PropKind::Leaves, true),
    ("branch", PropKind::Leaves, true),
    ("branches", PropKind::Leaves, true),
    ("herbs", PropKind::Leaves, true),
    ("rosemary", PropKind::Leaves, true),
    ("basil", PropKind::Leaves, true),
    ("thyme", PropKind::Leaves, true),
    ("fern", PropKind::Leaves, true),
    ("ferns", PropKind::Leaves, true),
    ("greenery", PropKind::Leaves, true),
    ("lavender", PropKind::Flowers([150, 120, 200]), true),
    ("flowers", PropKind::Flowers([232, 176, 190]), true),
    ("flower", PropKind::Flowers([232, 176, 190]), true),
    ("peonies", PropKind::Flowers([238, 168, 186]), true),
    ("roses", PropKind::Flowers([214, 80, 100]), true),
    ("tulips", PropKind::Flowers([226, 92, 96]), true),
    ("daisies", PropKind::Flowers([246, 240, 226]), true),
    ("blossoms", PropKind::Flowers([246, 214, 222]), true),
    (
        "bouquet",
        PropKind::Vase {
            stems: Stems::Flowers([232, 176, 190]),
            glass: false,
        },
        true,
    ),
    (
        "vase",
        PropKind::Vase {
            stems: Stems::Leafy,
            glass: false,
        },
        true,
    ),
    (
        "vases",
        PropKind::Vase {
            stems: Stems::Leafy,
            glass: false,
        },
        true,
    ),
    ("pampas", PropKind::DriedFlowers, true),
    ("candle", PropKind::Candle, true),
    ("candles", PropKind::Candle, true),
    ("tealight", PropKind::Candle, true),
    ("tealights", PropKind::Candle, true),
    ("books", PropKind::Books, true),
    ("book", PropKind::Books, true),
    ("magazine", PropKind::Books, false),
    ("cup", PropKind::Cup, true),
    ("mug", PropKind::Cup, true),
    ("teacup", PropKind::Cup, true),
    ("coffee", PropKind::Cup, true),
    ("lemons", PropKind::WholeFruit(Fruit::Lemon), true),
    ("lemon", PropKind::WholeFruit(Fruit::Lemon), true),
    ("oranges", PropKind::WholeFruit(Fruit::Orange), true),
    ("limes", PropKind::WholeFruit(Fruit::Lime), true),
    ("lime", PropKind::WholeFruit(Fruit::Lime), true),
    ("citrus", PropKind::FruitSlices(Fruit::Orange), true),
    ("grapefruit", PropKind::FruitSlices(Fruit::Grapefruit), true),
    ("stones", PropKind::Stones, true),
    ("pebbles", PropKind::Stones, true),
    ("rocks", PropKind::Stones, true),
    ("shells", PropKind::Shells, true),
    ("seashells", PropKind::Shells, true),
    ("plant", PropKind::Plant, true),
    ("plants", PropKind::Plant, true),
    ("succulent", PropKind::Plant, true),
    ("houseplant", PropKind::Plant, true),
    ("droplets", PropKind::WaterDrops, true),
    ("drops", PropKind::WaterDrops, true),
    ("towel", PropKind::Towels([240, 238, 232]), true),
    ("towels", PropKind::Towels([240, 238, 232]), true),
    ("cloth", PropKind::Fabric([226, 214, 196]), true),
    ("napkin", PropKind::Fabric([236, 228, 214]), true),
    ("linen napkin", PropKind::Fabric([236, 228, 214]), true),
];

/// What the engine draws for a prop word, and whether that drawing is the thing itself.
pub fn prop_of(word: &str) -> Option<(PropKind, bool)> {
    let word = word.to_lowercase();
    PROP_WORDS
        .iter()
        .find(|(w, _, _)| *w == word)
        .map(|(_, kind, exact)| (*kind, *exact))
}

/// Things named beside the product: a prop word shortly after a cue ("with", "beside",
/// "next to" …) or continuing a list of them ("with eucalyptus, lavender and a candle"),
/// not negated. A colour word ("lavender", "orange") is a thing only when no noun follows
/// it ("with dried lavender", not "with a lavender towel"); "lemon slices" are slices. The
/// product itself is not a prop ("with the candle as the clear hero").
pub(super) fn props_of(tokens: &[String]) -> Vec<PropKind> {
    const CUES: &[&str] = &[
        "with",
        "beside",
        "next",
        "alongside",
        "among",
        "amongst",
        "surrounded",
        "scattered",
        "styled",
        "near",
        "plus",
        "accompanied",
    ];
    // Words that end a prop's phrase: a place or a part of something else.
    const BREAKS: &[&str] = &["on", "in", "at", "against", "as", "of", "for", ","];
    // Heaps and holders, after which "of" names the thing held.
    const QUANTITIES: &[&str] = &[
        "stack",
        "pile",
        "heap",
        "bowl",
        "basket",
        "bunch",
        "handful",
        "jar",
        "plate",
        "dish",
        "bouquet",
        "pair",
        "couple",
        "few",
        "cluster",
        "bundle",
        "row",
        "scattering",
        "sprig",
        "sprigs",
        "spray",
        "tray",
        "box",
    ];
    let mut out: Vec<PropKind> = Vec::new();
    let mut last: Option<usize> = None;
    for (i, t) in tokens.iter().enumerate() {
        let Some((mut kind, _)) = prop_of(t) else {
            continue;
        };
        let next = tokens.get(i + 1).map(String::as_str);
        if next == Some("as") {
            continue;
        }
        if match_color(tokens, i).is_some() && !matches!(next, None | Some("," | "and" | "or")) {
            if let (PropKind::WholeFruit(f), Some("slices" | "slice" | "wedges")) = (kind, next) {
                kind = PropKind::FruitSlices(f);
            } else {
                continue;
            }
        }
        let before = &tokens[i.saturating_sub(5)..i];
        // "of" after a heap or a holder carries the thing on: "a stack of magazines".
        let breaks = |k: usize, w: &str| {
            BREAKS.contains(&w)
                && !(w == "of" && k > 0 && QUANTITIES.contains(&before[k - 1].as_str()))
        };
        let cued = before
            .iter()
            .rposition(|w| CUES.contains(&w.as_str()))
            .is_some_and(|c| {
                before
                    .iter()
                    .enumerate()
                    .skip(c + 1)
                    .all(|(k, w)| !breaks(k, w))
            });
        let listed = last.is_some_and(|j| {
            let gap = &tokens[j + 1..i];
            gap.len() <= 4
                && gap.iter().any(|w| matches!(w.as_str(), "and" | "," | "or"))
                && gap
                    .iter()
                    .all(|w| !BREAKS[..BREAKS.len() - 1].contains(&w.as_str()))
        });
        let negated = before
            .iter()
            .rev()
            .take(3)
            .take_while(|w| !SCOPE_BREAKS.contains(&w.as_str()))
            .any(|w| NEGATORS.contains(&w.as_str()));
        if (cued || listed) && !negated {
            last = Some(i);
            if !out.contains(&kind) && out.len() < 3 {
                out.push(kind);
            }
        }
    }
    out
}

/// "room for text at the top", "copy space on the left", "negative space": where to keep
/// empty. Without a side, the top.
pub(super) fn space_of(tokens: &[String]) -> Option<Space> {
    let at = tokens.iter().enumerate().position(|(i, t)| {
        let next = tokens.get(i + 1).map(String::as_str);
        let after = tokens.get(i + 2).map(String::as_str);
        match (t.as_str(), next, after) {
            ("negative" | "copy" | "text" | "empty", Some("space"), _) => true,
            ("room" | "space", Some("for"), Some(w)) => {
                matches!(
                    w,
                    "text" | "copy" | "a" | "headline" | "headlines" | "words" | "title" | "logo"
                )
            }
            _ => false,
        }
    })?;
    let side = tokens[at..].iter().take(9).find_map(|t| match t.as_str() {
        "top" | "above" | "upper" => Some(Space::Top),
        "left" => Some(Space::Left),
        "right" => Some(Space::Right),
        _ => None,
    });
    Some(side.unwrap_or(Space::Top))
}

/// Where a brief names its subject: after "photograph of", "photo of", "shot of", "image of",
/// "picture of", or a camera move's "toward", "across", "around", "revealing", up to the
/// first preposition, "with" or comma. Token range `(start, end)`.
pub(super) fn subject_span(tokens: &[String]) -> Option<(usize, usize)> {
    let cue = tokens.iter().enumerate().find_map(|(i, t)| {
        let next = tokens.get(i + 1).map(String::as_str);
        match (t.as_str(), next) {
            ("photograph" | "photo" | "shot" | "image" | "picture", Some("of")) => Some(i + 2),
            ("toward" | "towards" | "across" | "around" | "revealing", _) => Some(i + 1),
            _ => None,
        }
    })?;
    let stops = [
        "on", "in", "at", "by", "against", "inside", "atop", "beside", "near", "under", "with",
        "isolated", "outdoors", "placed", "shown", ",",
    ];
    let end = tokens[cue..]
        .iter()
        .take(10)
        .position(|t| stops.contains(&t.as_str()))
        .map_or((cue + 10).min(tokens.len()), |k| cue + k);
    (end > cue).then_some((cue, end))
}

pub(super) fn tokenize(text: &str) -> Vec<String> {
    let mut tokens = Vec::new();
    let mut word = String::new();
    for ch in text.chars() {
        if ch.is_alphanumeric() {
            word.extend(ch.to_lowercase());
            continue;
        }
        if !word.is_empty() {
            tokens.push(std::mem::take(&mut word));
        }
        if matches!(ch, ',' | '.' | ';' | '!' | '?' | ':') {
            tokens.push(",".to_string());
        }
    }
    if !word.is_empty() {
        tokens.push(word);
    }
    tokens
}

/// Longest vocabulary phrase starting at `i`: (votes, tokens used).
pub(super) fn match_phrase(tokens: &[String], i: usize) -> Option<(&'static [Vote], usize)> {
    let mut best: Option<(&'static [Vote], usize)> = None;
    for (phrase, votes) in VOCABULARY {
        let n = phrase.split(' ').count();
        if best.is_some_and(|(_, m)| m >= n) || i + n > tokens.len() {
            continue;
        }
        let hit = phrase
            .split(' ')
            .zip(&tokens[i..i + n])
            .all(|(p, t)| p == t || (n == 1 && singular(t) == Some(p)));
        if hit {
            best = Some((votes, n));
        }
    }
    best
}

pub(super) fn singular(word: &str) -> Option<&str> {
    word.strip_suffix("es")
        .filter(|w| w.ends_with("sh") || w.ends_with("ch") || w.ends_with('x'))
        .or_else(|| word.strip_suffix('s').filter(|w| w.len() > 2))
}

pub(super) fn match_color(tokens: &[String], i: usize) -> Option<(&'static str, [u8; 3], usize)> {
    let mut best = None;
    for (name, rgb) in COLORS {
        let n = name.split(' ').count();
        if i + n <= tokens.len() && name.split(' ').zip(&tokens[i..i + n]).all(|(p, t)| p == t) {
            match best {
                Some((_, _, m)) if m >= n => {}
                _ => best = Some((*name, *rgb, n)),
            }
        }
    }
    best
}

pub(super) fn shade_of(word: &str) -> Option<Shade> {
    match word {
        "pale" | "light" | "pastel" | "soft" | "baby" | "dusty" => Some(Shade::Pale),
        "dark" | "deep" | "rich" => Some(Shade::Deep),
        "bright" | "vivid" | "neon" | "hot" | "electric" => Some(Shade::Vivid),
        _ => None,
    }
}

pub(super) fn apply_shade(rgb: [u8; 3], shade: Shade) -> [u8; 3] {
    let f = |v: u8| -> u8 {
        let v = v as f32;
        let out = match shade {
            Shade::Normal => v,
            Shade::Pale => v + (255.0 - v) * 0.55,
            Shade::Deep => v * 0.55,
            Shade::Vivid => v,
        };
        out.round().clamp(0.0, 255.0) as u8
    };
    let mut out = rgb.map(f);
    if shade == Shade::Vivid {
        let mean = out.iter().map(|&v| v as f32).sum::<f32>() / 3.0;
        out = out.map(|v| (mean + (v as f32 - mean) * 1.35).round().clamp(0.0, 255.0) as u8);
    }
    out
}

pub(super) fn tone_of(word: &str) -> Option<Tone> {
    match word {
        "dark" | "black" | "deep" => Some(Tone::Dark),
        "light" | "white" | "pale" | "bright" => Some(Tone::Light),
        _ => None,
    }
}
