//! Turns the user's edit instruction ("remove the cup", "make it pale blue", "marble
//! background") into one [`EditOp`]. Keyword based: the words are few and the ops are few.

use domain::generation::Environment;

use crate::scene::props::{Fruit, PropKind};

/// One mask edit. Every op changes pixels inside the mask only.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EditOp {
    /// Fill the mask from the rest of the image (exemplar inpainting): "remove", "erase",
    /// "clean up". Also the fallback for instructions the engine does not understand,
    /// because filling from the surroundings is the one edit that fits any mask.
    Remove,
    /// Give the masked area a new colour, keeping its shading and texture.
    Recolour { rgb: [u8; 3] },
    /// Lighten (`amount > 0`) or darken (`amount < 0`); `|amount|` is at most 1.
    Brightness { amount: f32 },
    /// Blur the masked area; 1.0 is a normal blur, larger is stronger.
    Blur { strength: f32 },
    /// Replace the masked area with a procedural environment.
    Background { environment: Environment },
    /// Draw a thing from the prop library in the masked area, over its surroundings, lit
    /// like the picture: "add lemon slices", "replace the pebbles with a piece of fruit".
    Place { prop: PropKind },
}

/// Verbs that bring something into the picture.
const ADD_WORDS: &[&str] = &[
    "add", "put", "place", "insert", "replace", "swap", "include", "show", "scatter", "drop",
    "lay", "draw",
];

/// Words naming things the prop library draws, and what they draw. Fruit names are decided
/// by [`fruit_of`]; colours before a flower or a cloth colour it.
const PROP_WORDS: &[(&str, PropKind)] = &[
    ("leaf", PropKind::Leaves),
    ("leaves", PropKind::Leaves),
    ("foliage", PropKind::Leaves),
    ("greenery", PropKind::Leaves),
    ("eucalyptus", PropKind::Leaves),
    ("monstera", PropKind::Leaves),
    ("fern", PropKind::Leaves),
    ("ferns", PropKind::Leaves),
    ("herbs", PropKind::Leaves),
    ("flower", PropKind::Flowers([236, 160, 180])),
    ("flowers", PropKind::Flowers([236, 160, 180])),
    ("petals", PropKind::Flowers([236, 160, 180])),
    ("blossom", PropKind::Flowers([244, 200, 210])),
    ("blossoms", PropKind::Flowers([244, 200, 210])),
    ("rose", PropKind::Flowers([214, 70, 96])),
    ("roses", PropKind::Flowers([214, 70, 96])),
    ("daisy", PropKind::Flowers([246, 244, 236])),
    ("daisies", PropKind::Flowers([246, 244, 236])),
    ("peony", PropKind::Flowers([240, 170, 190])),
    ("peonies", PropKind::Flowers([240, 170, 190])),
    ("bouquet", PropKind::Flowers([236, 160, 180])),
    ("stone", PropKind::Stones),
    ("stones", PropKind::Stones),
    ("pebble", PropKind::Stones),
    ("pebbles", PropKind::Stones),
    ("rock", PropKind::Stones),
    ("rocks", PropKind::Stones),
    ("fabric", PropKind::Fabric([233, 226, 214])),
    ("cloth", PropKind::Fabric([233, 226, 214])),
    ("linen", PropKind::Fabric([228, 220, 206])),
    ("silk", PropKind::Fabric([236, 222, 214])),
    ("satin", PropKind::Fabric([236, 222, 214])),
    ("towel", PropKind::Fabric([240, 240, 236])),
    ("napkin", PropKind::Fabric([233, 226, 214])),
    ("drape", PropKind::Fabric([233, 226, 214])),
    ("drops", PropKind::WaterDrops),
    ("droplets", PropKind::WaterDrops),
    ("dew", PropKind::WaterDrops),
    ("splash", PropKind::WaterDrops),
    ("shell", PropKind::Shells),
    ("shells", PropKind::Shells),
    ("seashell", PropKind::Shells),
    ("seashells", PropKind::Shells),
    ("book", PropKind::Books),
    ("books", PropKind::Books),
    ("candle", PropKind::Candle),
    ("candles", PropKind::Candle),
    ("cup", PropKind::Cup),
    ("mug", PropKind::Cup),
    ("coffee", PropKind::Cup),
    ("plant", PropKind::Plant),
    ("succulent", PropKind::Plant),
    ("cactus", PropKind::Plant),
];

/// Fruit words: citrus by name, any other fruit as orange slices (the product shot's
/// classic fruit).
fn fruit_of(word: &str) -> Option<Fruit> {
    Some(match word {
        "lemon" | "lemons" => Fruit::Lemon,
        "orange" | "oranges" | "citrus" | "fruit" | "fruits" | "tangerine" | "mandarin"
        | "clementine" | "peach" | "apple" | "apples" => Fruit::Orange,
        "lime" | "limes" => Fruit::Lime,
        "grapefruit" | "grapefruits" | "blood" => Fruit::Grapefruit,
        _ => return None,
    })
}

/// The thing to draw, when the instruction brings one in: the last prop named after the
/// adding verb ("replace the pebbles with a lemon slice" draws the lemon).
fn prop_of(words: &[&str]) -> Option<PropKind> {
    let verb = words.iter().position(|w| ADD_WORDS.contains(w))?;
    // After "with"/"for"/"by" in a replacement, else anywhere after the verb.
    let from = words[verb..]
        .iter()
        .position(|w| matches!(*w, "with" | "for" | "by" | "into"))
        .map_or(verb + 1, |k| verb + k + 1);
    let sliced = words.iter().any(|w| {
        matches!(
            *w,
            "slice" | "slices" | "sliced" | "wedge" | "wedges" | "piece" | "pieces"
        )
    });
    let mut found = None;
    for (i, w) in words.iter().enumerate().skip(from) {
        let next = words.get(i + 1).copied().unwrap_or("");
        if let Some(fruit) = fruit_of(w) {
            // "orange flowers" is a colour; "an orange" is a fruit.
            if PROP_WORDS.iter().any(|(p, _)| *p == next) {
                continue;
            }
            let whole = !sliced && !matches!(*w, "fruit" | "fruits");
            found = Some(if whole {
                PropKind::WholeFruit(fruit)
            } else {
                PropKind::FruitSlices(fruit)
            });
            continue;
        }
        if matches!(*w, "drops" | "droplets") || (*w == "water" && next.starts_with("drop")) {
            found = Some(PropKind::WaterDrops);
            continue;
        }
        if let Some(&(_, prop)) = PROP_WORDS.iter().find(|(p, _)| p == w) {
            // A colour just before a flower or a cloth colours it.
            let colour = last_colour(&words[from..i]);
            found = Some(match (prop, colour) {
                (PropKind::Flowers(_), Some(c)) => PropKind::Flowers(c),
                (PropKind::Fabric(_), Some(c)) => PropKind::Fabric(c),
                (p, _) => p,
            });
        }
    }
    found
}

const REMOVE_WORDS: &[&str] = &[
    "remove",
    "erase",
    "delete",
    "eliminate",
    "clean",
    "cleanup",
    "inpaint",
    "fill",
    "retouch",
    "fix",
    "repair",
    "hide",
    "rid",
];
const REMOVE_PHRASES: &[&str] = &["take out", "take away", "get rid"];
const BACKGROUND_WORDS: &[&str] = &["background", "backdrop", "setting", "surroundings"];
const BLUR_WORDS: &[&str] = &[
    "blur",
    "blurry",
    "blurred",
    "soften",
    "bokeh",
    "defocus",
    "unfocused",
    "smooth",
];
const BRIGHTEN_WORDS: &[&str] = &["brighten", "brighter", "lighten", "lighter", "illuminate"];
const DARKEN_WORDS: &[&str] = &["darken", "darker", "dim", "dimmer", "shade", "shadow"];
const WEAK_WORDS: &[&str] = &["slightly", "bit", "little", "subtle", "subtly", "touch"];
const STRONG_WORDS: &[&str] = &[
    "much", "lot", "very", "heavily", "strongly", "way", "really",
];

/// Environments by keyword; the first match in the instruction wins.
const ENVIRONMENTS: &[(&str, Environment)] = &[
    ("marble", Environment::LuxuryMarble),
    ("luxury", Environment::LuxuryMarble),
    ("luxurious", Environment::LuxuryMarble),
    ("bathroom", Environment::CleanBathroom),
    ("spa", Environment::CleanBathroom),
    ("tiles", Environment::CleanBathroom),
    ("tiled", Environment::CleanBathroom),
    ("studio", Environment::ProfessionalStudio),
    ("seamless", Environment::ProfessionalStudio),
    ("outdoor", Environment::NaturalOutdoor),
    ("outdoors", Environment::NaturalOutdoor),
    ("outside", Environment::NaturalOutdoor),
    ("nature", Environment::NaturalOutdoor),
    ("garden", Environment::NaturalOutdoor),
    ("park", Environment::NaturalOutdoor),
    ("forest", Environment::NaturalOutdoor),
    ("beach", Environment::NaturalOutdoor),
    ("bedroom", Environment::CozyBedroom),
    ("cozy", Environment::CozyBedroom),
    ("cosy", Environment::CozyBedroom),
    ("bed", Environment::CozyBedroom),
];

/// Named colours. Two-word names are matched before single words.
const COLOURS: &[(&str, [u8; 3])] = &[
    ("sky blue", [120, 180, 230]),
    ("navy blue", [24, 38, 92]),
    ("baby blue", [160, 200, 235]),
    ("royal blue", [45, 80, 200]),
    ("forest green", [34, 95, 45]),
    ("lime green", [120, 200, 60]),
    ("hot pink", [235, 70, 150]),
    ("red", [200, 30, 35]),
    ("crimson", [180, 20, 50]),
    ("scarlet", [220, 40, 30]),
    ("burgundy", [120, 20, 40]),
    ("maroon", [110, 25, 30]),
    ("orange", [240, 130, 30]),
    ("coral", [250, 120, 100]),
    ("yellow", [245, 210, 40]),
    ("gold", [212, 170, 55]),
    ("golden", [212, 170, 55]),
    ("green", [40, 150, 70]),
    ("olive", [110, 115, 45]),
    ("mint", [160, 225, 190]),
    ("teal", [20, 128, 128]),
    ("turquoise", [50, 200, 190]),
    ("cyan", [40, 190, 220]),
    ("blue", [40, 90, 200]),
    ("navy", [24, 38, 92]),
    ("purple", [120, 50, 160]),
    ("violet", [140, 80, 200]),
    ("lavender", [180, 160, 220]),
    ("pink", [240, 140, 180]),
    ("magenta", [210, 40, 150]),
    ("brown", [120, 75, 40]),
    ("beige", [225, 205, 170]),
    ("tan", [200, 165, 120]),
    ("cream", [245, 235, 210]),
    ("white", [245, 245, 245]),
    ("black", [20, 20, 22]),
    ("grey", [128, 128, 128]),
    ("gray", [128, 128, 128]),
    ("silver", [192, 192, 196]),
    ("charcoal", [54, 57, 62]),
];

/// Reads the operation out of an instruction. Never fails: see [`EditOp::Remove`].
pub fn parse_instruction(instruction: &str) -> EditOp {
    let lower = instruction.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
    let joined = format!(" {} ", words.join(" "));
    let wants_remove = has(REMOVE_WORDS)
        || REMOVE_PHRASES
            .iter()
            .any(|p| joined.contains(&format!(" {p} ")));
    let about_background = has(BACKGROUND_WORDS);
    let strength = if has(STRONG_WORDS) {
        1.75
    } else if has(WEAK_WORDS) {
        0.5
    } else {
        1.0
    };

    if let Some(prop) = prop_of(&words) {
        return EditOp::Place { prop };
    }
    if wants_remove && !about_background {
        return EditOp::Remove;
    }
    if let Some(environment) = ENVIRONMENTS
        .iter()
        .find(|(word, _)| words.contains(word))
        .map(|&(_, env)| env)
    {
        return EditOp::Background { environment };
    }
    if has(BLUR_WORDS) || joined.contains(" out of focus ") {
        return EditOp::Blur { strength };
    }
    if let Some(rgb) = last_colour(&words) {
        return EditOp::Recolour { rgb };
    }
    if has(BRIGHTEN_WORDS) || joined.contains(" more light ") {
        return EditOp::Brightness {
            amount: (0.3 * strength).min(1.0),
        };
    }
    if has(DARKEN_WORDS) || joined.contains(" less light ") {
        return EditOp::Brightness {
            amount: -(0.3 * strength).min(1.0),
        };
    }
    if about_background {
        return EditOp::Background {
            environment: Environment::default(),
        };
    }
    EditOp::Remove
}

/// The last colour named wins ("change the red cup to blue" means blue), adjusted by the
/// word before it (pale, light, dark, deep).
fn last_colour(words: &[&str]) -> Option<[u8; 3]> {
    let mut found = None;
    let mut i = 0;
    while i < words.len() {
        let pair = words
            .get(i + 1)
            .map(|next| format!("{} {}", words[i], next));
        let hit = COLOURS
            .iter()
            .find(|(name, _)| pair.as_deref() == Some(*name))
            .map(|&(_, rgb)| (rgb, 2))
            .or_else(|| {
                COLOURS
                    .iter()
                    .find(|(name, _)| *name == words[i])
                    .map(|&(_, rgb)| (rgb, 1))
            });
        match hit {
            Some((rgb, len)) => {
                let modifier = if i > 0 { words[i - 1] } else { "" };
                found = Some(modify(rgb, modifier));
                i += len;
            }
            None => i += 1,
        }
    }
    found
}

fn modify(rgb: [u8; 3], modifier: &str) -> [u8; 3] {
    let mix = |toward: f32, t: f32| rgb.map(|c| (c as f32 + (toward - c as f32) * t).round() as u8);
    match modifier {
        "pale" | "light" | "pastel" | "soft" => mix(255.0, 0.45),
        "dark" | "deep" => mix(0.0, 0.4),
        _ => rgb,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn instructions_pick_the_expected_operation() {
        let blue = [40, 90, 200];
        let pale_blue = modify(blue, "pale");
        let cases: &[(&str, EditOp)] = &[
            ("remove the cup", EditOp::Remove),
            ("Erase this", EditOp::Remove),
            ("clean up the table", EditOp::Remove),
            ("get rid of the scratch", EditOp::Remove),
            ("remove the red label", EditOp::Remove),
            ("add a hat", EditOp::Remove),
            (
                "replace the pebbles with a piece of fruit",
                EditOp::Place {
                    prop: PropKind::FruitSlices(Fruit::Orange),
                },
            ),
            (
                "replace the stones with lemon slices",
                EditOp::Place {
                    prop: PropKind::FruitSlices(Fruit::Lemon),
                },
            ),
            (
                "add an orange",
                EditOp::Place {
                    prop: PropKind::WholeFruit(Fruit::Orange),
                },
            ),
            (
                "put some pink flowers here",
                EditOp::Place {
                    prop: PropKind::Flowers(modify([240, 140, 180], "")),
                },
            ),
            (
                "add water droplets",
                EditOp::Place {
                    prop: PropKind::WaterDrops,
                },
            ),
            (
                "add eucalyptus leaves",
                EditOp::Place {
                    prop: PropKind::Leaves,
                },
            ),
            ("remove the flowers", EditOp::Remove),
            (
                "make the flowers orange",
                EditOp::Recolour {
                    rgb: [240, 130, 30],
                },
            ),
            ("", EditOp::Remove),
            ("make it red", EditOp::Recolour { rgb: [200, 30, 35] }),
            (
                "change colour to pale blue",
                EditOp::Recolour { rgb: pale_blue },
            ),
            ("change the red cup to blue", EditOp::Recolour { rgb: blue }),
            (
                "recolor to sky blue",
                EditOp::Recolour {
                    rgb: [120, 180, 230],
                },
            ),
            ("make the background blue", EditOp::Recolour { rgb: blue }),
            ("make it brighter", EditOp::Brightness { amount: 0.3 }),
            (
                "make it slightly darker",
                EditOp::Brightness { amount: -0.15 },
            ),
            ("darken", EditOp::Brightness { amount: -0.3 }),
            ("blur this", EditOp::Blur { strength: 1.0 }),
            ("blur the background a lot", EditOp::Blur { strength: 1.75 }),
            ("put it out of focus", EditOp::Blur { strength: 1.0 }),
            (
                "marble background",
                EditOp::Background {
                    environment: Environment::LuxuryMarble,
                },
            ),
            (
                "outdoor",
                EditOp::Background {
                    environment: Environment::NaturalOutdoor,
                },
            ),
            (
                "put it in a bathroom",
                EditOp::Background {
                    environment: Environment::CleanBathroom,
                },
            ),
            (
                "cozy bedroom please",
                EditOp::Background {
                    environment: Environment::CozyBedroom,
                },
            ),
            (
                "remove the background",
                EditOp::Background {
                    environment: Environment::ProfessionalStudio,
                },
            ),
            (
                "new background",
                EditOp::Background {
                    environment: Environment::ProfessionalStudio,
                },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(parse_instruction(text), *expected, "{text:?}");
        }
    }
}
