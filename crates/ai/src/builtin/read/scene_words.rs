//! What the message asks of the scene itself: refinements ("warmer"), descriptors, the setting, a
//! place, light words.

use super::*;

/// "warmer", "more minimal", "too dark", "less busy", "not so bright", "indoors".
pub(super) fn read_shifts(tokens: &[Token], used: &mut [bool], out: &mut Reading) {
    let mut i = 0;
    while i < tokens.len() {
        if used[i] {
            i += 1;
            continue;
        }
        let w = tokens[i].word.as_str();
        let next = tokens.get(i + 1).map(|t| t.word.as_str());
        let (shift, span) = match w {
            "more" | "bit" | "much" => match next.and_then(Shift::of) {
                Some(s) => (Some(s), 2),
                None => (None, 1),
            },
            "less" | "too" => match next.and_then(Shift::of) {
                Some(s) => (Some(s.opposite()), 2),
                None => (None, 1),
            },
            "so" if i > 0 && tokens[i - 1].word == "not" => match next.and_then(Shift::of) {
                Some(s) => (Some(s.opposite()), 2),
                None => (None, 1),
            },
            "indoors" | "indoor" => (Some(Shift::Indoors), 1),
            _ if Shift::is_comparative(w) => (Shift::of(w), 1),
            _ => (None, 1),
        };
        if let Some(shift) = shift {
            if !out.shifts.contains(&shift) {
                out.shifts.push(shift);
            }
            used[i..i + span].iter_mut().for_each(|u| *u = true);
            // "not too dark": the negator belongs to the shift, not to the scene.
            if i > 0 && tokens[i - 1].word == "not" {
                used[i - 1] = true;
            }
        }
        i += span;
    }
    // Moving away from a feeling drops its word from the brief.
    for shift in &out.shifts {
        let dropped: &[&str] = match shift {
            Shift::Brighter => &["moody"],
            Shift::Darker => &["airy", "fresh", "pastel"],
            Shift::Warmer => &["fresh"],
            Shift::Cooler => &["cozy", "earthy", "rustic"],
            Shift::Bolder => &["minimal", "calm", "serene", "pastel"],
            Shift::Softer => &["vibrant", "energetic"],
            Shift::Minimal => &["rustic", "bohemian", "festive"],
            _ => &[],
        };
        out.dropped.extend_from_slice(dropped);
    }
    // "zoom in" / "zoom out" / "pull back": decided later, still or clip.
    for (k, t) in tokens.iter().enumerate() {
        let next = tokens.get(k + 1).map(|n| n.word.as_str());
        match (t.word.as_str(), next) {
            ("zoom", Some("in")) => out.zoom = Some(Zoom::In),
            ("zoom", Some("out")) | ("pull", Some("back" | "out")) => out.zoom = Some(Zoom::Out),
            _ => continue,
        }
        used[k] = true;
        used[k + 1] = true;
    }
}

pub(super) fn read_descriptors(
    tokens: &[Token],
    negated: &[bool],
    used: &[bool],
    out: &mut Reading,
) {
    for i in 0..tokens.len() {
        if used[i] {
            continue;
        }
        if let Some((d, _)) = DESCRIPTORS.at(tokens, i) {
            if negated[i] {
                out.dropped.push(d);
            } else if !out.descriptors.contains(&d) && !out.dropped.contains(&d) {
                out.descriptors.push(d);
            }
        }
    }
}

pub(super) fn read_setting(tokens: &[Token], negated: &[bool], used: &[bool], out: &mut Reading) {
    for i in 0..tokens.len() {
        if used[i] || negated[i] {
            continue;
        }
        if let Some((phrase, n)) = SETTINGS.at(tokens, i) {
            let words = join(&tokens[i..i + n], |_| true);
            if let Some(env) = word_info(&words).environment {
                out.setting = Some((phrase, env));
                return;
            }
        }
    }
}

/// Materials a product can be made of, which also name surfaces ("linen", "marble").
#[rustfmt::skip]
pub(super) const MATERIAL_WORDS: &[&str] = &[
    "linen", "cotton", "wool", "leather", "silk", "velvet", "wooden", "wood", "bamboo",
    "marble", "stone", "concrete", "ceramic", "glass", "brass", "copper", "rattan", "cork",
    "terracotta", "porcelain",
];

/// Surfaces and furniture that end a place phrase even when the parser has no setting for
/// them ("on a windowsill").
#[rustfmt::skip]
pub(crate) const SURFACE_NOUNS: &[&str] = &[
    "table", "counter", "countertop", "surface", "shelf", "tray", "slab", "board", "stool",
    "windowsill", "sill", "ledge", "nightstand", "dresser", "vanity", "sink", "bench", "floor",
    "rug", "blanket", "sheets", "towel", "stand", "plinth", "pedestal", "podium", "backdrop",
    "background", "wall", "desk", "bed", "sofa", "couch", "cloth", "tablecloth", "stone",
    "rock", "sand", "moss", "grass", "wood", "marble", "concrete", "terrazzo", "linen",
    "cushion", "pillow", "step", "steps", "stairs", "mat", "placemat", "napkin", "plate",
    "tiles", "fabric", "velvet", "satin", "silk", "paper", "log", "crate", "chair", "armchair",
    "ottoman", "mirror", "bathtub", "tub", "cabinet", "sideboard", "cart", "trolley", "basket",
    "windowsill", "basin", "mantel", "mantelpiece", "bookshelf", "dashboard", "car", "piano",
];

/// Where the user put the product, as they wrote it: the place phrases of the message, at
/// most two ("in a bright kitchen on a wooden board", "on a shelf in a camper van").
pub(super) fn read_place(out: &mut Reading) {
    let places: Vec<String> = out
        .named
        .iter()
        .filter(|n| n.part == Part::Place)
        .take(2)
        .map(Named::as_place)
        .collect();
    if !places.is_empty() {
        out.place = Some(fix_articles(&places.join(" ")));
    }
}

/// A token as written, except a capital that only starts a sentence.
pub(super) fn tidy_word(text: &str, t: &Token) -> String {
    let raw = &text[t.start..t.end];
    let mut chars = raw.chars();
    let first = chars.next().unwrap_or_default();
    if first.is_uppercase() && chars.clone().all(|c| !c.is_uppercase()) && raw.chars().count() > 1 {
        first.to_lowercase().collect::<String>() + chars.as_str()
    } else {
        raw.to_string()
    }
}

/// Nouns a light phrase is built around.
#[rustfmt::skip]
pub(super) const LIGHT_NOUNS: &[&str] = &[
    "light", "lights", "lighting", "lit", "sun", "sunlight", "sunshine", "glow", "shadows", "night",
    "nighttime", "moonlight", "neon",
    "shadow", "hour", "rays", "daylight", "candlelight", "backlight", "backlit", "sunset",
    "sunrise", "dusk", "dawn", "twilight", "midday", "noon", "overcast", "spotlight",
];

/// Words that describe a light in a light phrase ("soft morning light").
#[rustfmt::skip]
pub(super) const LIGHT_MODIFIERS: &[&str] = &[
    "soft", "warm", "bright", "low", "harsh", "natural", "gentle", "diffused", "diffuse",
    "late", "early", "morning", "evening", "afternoon", "golden", "dappled", "direct",
    "indirect", "cool", "dim", "dramatic", "hard", "window", "candle", "studio", "side",
    "even", "magic", "blue", "moody", "strong", "subtle", "hazy", "misty", "summer", "winter",
];

/// The light and time of day as the user put them: runs of light words around a light noun
/// or a time of day ("soft morning light", "golden hour", "at sunset" → "sunset").
pub(super) fn read_light_words(
    text: &str,
    tokens: &[Token],
    negated: &[bool],
    used: &[bool],
    out: &mut Reading,
) {
    let is_light = |k: usize| {
        let w = tokens[k].word.as_str();
        !used[k] && !negated[k] && (LIGHT_NOUNS.contains(&w) || LIGHT_MODIFIERS.contains(&w))
    };
    let mut i = 0;
    while i < tokens.len() && out.light_words.len() < 2 {
        if !is_light(i) {
            i += 1;
            continue;
        }
        let mut j = i;
        while j + 1 < tokens.len() && is_light(j + 1) {
            j += 1;
        }
        let run = &tokens[i..=j];
        let has_noun = run.iter().any(|t| LIGHT_NOUNS.contains(&t.word.as_str()));
        let times = [
            "morning",
            "evening",
            "afternoon",
            "golden",
            "night",
            "nighttime",
        ];
        let has_time = run.iter().any(|t| times.contains(&t.word.as_str()));
        let phrase = join(run, |_| true);
        // A run counts when the parser reads a light in it and it names one: "soft light"
        // yes, "soft" alone (a palette word) no; a time of day alone yes.
        // "evening glow": two words or more with a light noun count even when the parser
        // has no light for them.
        let named = word_info(&phrase).lighting.is_some();
        if (has_noun || has_time) && (named || (has_noun && run.len() >= 2)) {
            let words: Vec<String> = run.iter().map(|t| tidy_word(text, t)).collect();
            out.light_words.push(words.join(" "));
        }
        i = j + 1;
    }
}
