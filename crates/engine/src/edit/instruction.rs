// Long by nature: each edit's keyword tables, and a test table of instructions and their ops.
//! Turns the user's edit instruction ("remove the cup", "make it pale blue", "replace the
//! tiles with pale concrete", "add a lavender sprig in a small glass vase") into one
//! [`EditOp`], or says up front that the offline engine cannot do it. Keyword based: the
//! words are few and the ops are few, and an instruction none of them covers is refused
//! rather than answered with an edit that does something else.
//!
//! Long by its tests: the table of instructions and the operation each must give.

use std::fmt;

use domain::generation::Environment;

pub use super::material::{Material, MaterialKind};
use crate::scene::props::{Fruit, PropKind, Stems};

/// One mask edit. Every op changes pixels inside the mask only.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum EditOp {
    /// Fill the mask from the rest of the image (exemplar inpainting): "remove", "erase",
    /// "clean up", "restore the background".
    Remove,
    /// Give the masked area a new colour, keeping its shading and texture.
    Recolour { rgb: [u8; 3] },
    /// Lighten (`amount > 0`) or darken (`amount < 0`); `|amount|` is at most 1.
    Brightness { amount: f32 },
    /// Blur the masked area; 1.0 is a normal blur, larger is stronger.
    Blur { strength: f32 },
    /// Replace the masked area with a procedural environment.
    Background { environment: Environment },
    /// Cover the masked area with a named material ("walnut", "pale concrete"), in the
    /// picture's perspective and light.
    Material { material: Material },
    /// Draw a thing from the prop library in the masked area, lit like the picture. "Add
    /// lemon slices" keeps what is under the brush around the new thing; when the instruction
    /// replaces something ("replace the pebbles with a piece of fruit", "… instead of …"),
    /// `replacing` is set and what was there is removed first. `count` copies stand side by
    /// side ("add two candles"); fruit is one piece (`count` 1: "a slice of lemon") or a
    /// group; other props that are a group by themselves (stones, towels…) are drawn as one
    /// group or several, as the painted area's shape needs.
    Place {
        prop: PropKind,
        replacing: bool,
        count: u8,
    },
}

/// An instruction the offline engine has no edit for. Its text is said to the seller, with
/// what the engine can do instead.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unsupported {
    pub instruction: String,
}

impl fmt::Display for Unsupported {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: String = self.instruction.trim().chars().take(80).collect();
        let more = if self.instruction.trim().chars().count() > 80 {
            "…"
        } else {
            ""
        };
        write!(
            f,
            "The studio engine can't do “{text}{more}” in an edit. {CAN_DO}"
        )
    }
}

impl std::error::Error for Unsupported {}

/// What the offline engine can do in an edit, in the seller's words.
pub const CAN_DO: &str = "It can remove something, recolour, lighten, darken or blur it, \
replace a surface with a material (walnut, oak, marble, granite, concrete, terrazzo, linen, \
tiles…), place an object (a vase with stems, folded towels, a candle, books, a coffee cup, \
citrus, herbs, dried flowers…), or restore the background.";

/// Verbs that bring something new into the picture.
const ADD_WORDS: &[&str] = &[
    "add", "put", "place", "insert", "include", "show", "scatter", "drop", "lay", "draw",
    "arrange", "set",
];

/// Verbs that turn what is under the brush into something else.
const CHANGE_WORDS: &[&str] = &[
    "replace",
    "swap",
    "change",
    "turn",
    "make",
    "cover",
    "resurface",
    "convert",
    "transform",
];

/// Verbs that put a new thing where another was ("replace the mirror with a vase"); "cover"
/// and "make" lay something over what is there.
const REPLACE_WORDS: &[&str] = &["replace", "swap", "change", "turn", "convert", "transform"];

/// The purple of lavender buds.
const LAVENDER_BUDS: [u8; 3] = [150, 120, 200];

/// Words naming things the prop library draws, and what they draw. Fruit names are decided
/// by [`fruit_of`]; vases, sprigs and what goes in them by [`prop_of`]; colours before a
/// flower, a cloth or a towel colour it.
const PROP_WORDS: &[(&str, PropKind)] = &[
    ("leaf", PropKind::Leaves),
    ("leaves", PropKind::Leaves),
    ("foliage", PropKind::Leaves),
    ("greenery", PropKind::Leaves),
    ("monstera", PropKind::Leaves),
    ("fern", PropKind::Leaves),
    ("ferns", PropKind::Leaves),
    ("eucalyptus", PropKind::Branch),
    ("branch", PropKind::Branch),
    ("branches", PropKind::Branch),
    ("twig", PropKind::Branch),
    ("twigs", PropKind::Branch),
    ("herb", PropKind::Herbs { bloom: None }),
    ("herbs", PropKind::Herbs { bloom: None }),
    ("sprig", PropKind::Herbs { bloom: None }),
    ("sprigs", PropKind::Herbs { bloom: None }),
    ("rosemary", PropKind::Herbs { bloom: None }),
    ("thyme", PropKind::Herbs { bloom: None }),
    ("basil", PropKind::Herbs { bloom: None }),
    ("sage", PropKind::Herbs { bloom: None }),
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
    (
        "bouquet",
        PropKind::Vase {
            stems: Stems::Flowers([236, 160, 180]),
            glass: false,
        },
    ),
    (
        "vase",
        PropKind::Vase {
            stems: Stems::Leafy,
            glass: false,
        },
    ),
    (
        "vases",
        PropKind::Vase {
            stems: Stems::Leafy,
            glass: false,
        },
    ),
    ("pampas", PropKind::DriedFlowers),
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
    ("napkin", PropKind::Fabric([233, 226, 214])),
    ("drape", PropKind::Fabric([233, 226, 214])),
    ("towel", PropKind::Towels([240, 240, 236])),
    ("towels", PropKind::Towels([240, 240, 236])),
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
    ("tealight", PropKind::Candle),
    ("tealights", PropKind::Candle),
    ("cup", PropKind::Cup),
    ("cups", PropKind::Cup),
    ("mug", PropKind::Cup),
    ("mugs", PropKind::Cup),
    ("coffee", PropKind::Cup),
    ("espresso", PropKind::Cup),
    ("latte", PropKind::Cup),
    ("tea", PropKind::Cup),
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

/// Whether `word` names a thing the prop library draws (or a vase to put one in).
fn names_prop(word: &str) -> bool {
    fruit_of(word).is_some()
        || word == "lavender"
        || word == "dried"
        || PROP_WORDS.iter().any(|(p, _)| *p == word)
}

/// The thing to draw named in `words` (the part of the instruction after its verb), if any.
/// The last thing named wins ("replace the pebbles with a lemon slice" draws the lemon),
/// except that a vase holds what else is named: "a lavender sprig in a small glass vase" is
/// a glass vase with lavender stems.
fn prop_of(words: &[&str]) -> Option<PropKind> {
    let sliced = words.iter().any(|w| {
        matches!(
            *w,
            "slice" | "slices" | "sliced" | "wedge" | "wedges" | "piece" | "pieces"
        )
    });
    let dried = words.iter().any(|w| matches!(*w, "dried" | "dry"));
    let mut found = None;
    for (i, w) in words.iter().enumerate() {
        let next = words.get(i + 1).copied().unwrap_or("");
        if let Some(fruit) = fruit_of(w) {
            // "orange flowers" is a colour; "an orange" is a fruit.
            if names_prop(next) {
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
        if *w == "lavender" {
            // Lavender the plant ("a lavender sprig", "add lavender"), unless it colours
            // the flower, cloth or towel after it.
            let colours_next = matches!(
                PROP_WORDS.iter().find(|(p, _)| *p == next).map(|(_, k)| k),
                Some(PropKind::Flowers(_) | PropKind::Fabric(_) | PropKind::Towels(_))
            );
            if !colours_next {
                found = Some(PropKind::Herbs {
                    bloom: Some(LAVENDER_BUDS),
                });
            }
            continue;
        }
        if let Some(&(_, prop)) = PROP_WORDS.iter().find(|(p, _)| p == w) {
            let colour = last_colour(&words[i.saturating_sub(3)..i]);
            found = Some(match (prop, colour) {
                (PropKind::Flowers(_), _) if dried => PropKind::DriedFlowers,
                (PropKind::Flowers(_), Some(c)) => PropKind::Flowers(c),
                (PropKind::Fabric(_), Some(c)) => PropKind::Fabric(c),
                (PropKind::Towels(_), Some(c)) => PropKind::Towels(c),
                // A sprig, stem or leaves of something already named stays that thing.
                (PropKind::Herbs { .. } | PropKind::Leaves | PropKind::Branch, _)
                    if matches!(
                        *w,
                        "sprig" | "sprigs" | "leaf" | "leaves" | "branch" | "branches"
                    ) && matches!(found, Some(PropKind::Herbs { .. } | PropKind::Branch)) =>
                {
                    found.expect("matched above")
                }
                (p, _) => p,
            });
        }
    }
    let in_vase = words
        .iter()
        .any(|w| matches!(*w, "vase" | "vases" | "jar" | "bouquet"));
    if in_vase {
        let glass = words.iter().any(|w| matches!(*w, "glass" | "clear"));
        // What is in the vase is whatever else was named.
        let rest: Vec<&str> = words
            .iter()
            .copied()
            .filter(|w| !matches!(*w, "vase" | "vases" | "jar" | "bouquet"))
            .collect();
        let held = prop_of(&rest);
        return Some(match held {
            _ if dried => PropKind::DriedFlowers,
            Some(PropKind::DriedFlowers) => PropKind::DriedFlowers,
            Some(PropKind::Herbs { bloom: Some(c) }) => PropKind::Vase {
                stems: Stems::Spikes(c),
                glass,
            },
            Some(PropKind::Flowers(c)) => PropKind::Vase {
                stems: Stems::Flowers(c),
                glass,
            },
            _ if words.contains(&"bouquet") => PropKind::Vase {
                stems: Stems::Flowers([236, 160, 180]),
                glass,
            },
            _ => PropKind::Vase {
                stems: Stems::Leafy,
                glass,
            },
        });
    }
    if dried && matches!(found, Some(PropKind::Flowers(_) | PropKind::Herbs { .. })) {
        return Some(PropKind::DriedFlowers);
    }
    found
}

/// Words after a replacing verb that introduce what the area becomes.
const INTO_WORDS: &[&str] = &["with", "into", "to", "for", "as", "by"];

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
    "restore",
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

/// Reads the operation out of an instruction, or says the offline engine cannot do it.
pub fn parse_instruction(instruction: &str) -> Result<EditOp, Unsupported> {
    let lower = instruction.to_lowercase();
    let words: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let unsupported = || Unsupported {
        instruction: instruction.trim().to_owned(),
    };
    let has = |list: &[&str]| words.iter().any(|w| list.contains(w));
    let joined = format!(" {} ", words.join(" "));
    let wants_remove = has(REMOVE_WORDS)
        || REMOVE_PHRASES
            .iter()
            .any(|p| joined.contains(&format!(" {p} ")));
    let about_background = has(BACKGROUND_WORDS);
    let strength: f32 = if has(STRONG_WORDS) {
        1.75
    } else if has(WEAK_WORDS) {
        0.5
    } else {
        1.0
    };
    let environment = ENVIRONMENTS
        .iter()
        .find(|(word, _)| words.contains(word))
        .map(|&(_, env)| env);
    let blur = has(BLUR_WORDS) || joined.contains(" out of focus ");
    let brightness = if has(BRIGHTEN_WORDS) || joined.contains(" more light ") {
        Some((0.3 * strength).min(1.0))
    } else if has(DARKEN_WORDS) || joined.contains(" less light ") {
        Some(-(0.3 * strength).min(1.0))
    } else {
        None
    };

    if words.is_empty() {
        return Err(unsupported());
    }
    if words.contains(&"restore") || (wants_remove && !about_background) {
        return Ok(EditOp::Remove);
    }
    if about_background {
        return Ok(if let Some(environment) = environment {
            EditOp::Background { environment }
        } else if blur {
            EditOp::Blur { strength }
        } else if let Some(rgb) = last_colour(&words) {
            EditOp::Recolour { rgb }
        } else if let Some(amount) = brightness {
            EditOp::Brightness { amount }
        } else {
            EditOp::Background {
                environment: Environment::default(),
            }
        });
    }

    // What the area should become: after an adding verb, all that follows it; after a
    // replacing verb, what follows "with", "into", "to"… ("replace the tiles with pale
    // concrete"), else only a material ending the sentence ("make it walnut": "make the
    // flowers orange" recolours them); with no verb, the whole instruction ("a green
    // eucalyptus branch").
    let verb = words
        .iter()
        .position(|w| ADD_WORDS.contains(w) || CHANGE_WORDS.contains(w) || is_colour_verb(w));
    let adding = verb.is_some_and(|v| ADD_WORDS.contains(&words[v]));
    let (material, prop) = match verb {
        None => (material_of(&words), prop_of(&words)),
        Some(v) if adding => (None, prop_of(&words[v + 1..])),
        Some(v) => match words[v..].iter().position(|w| INTO_WORDS.contains(w)) {
            Some(k) => {
                let target = &words[v + k + 1..];
                (material_of(target), prop_of(target))
            }
            None => (
                words
                    .last()
                    .and_then(|last| material_word(last))
                    .and_then(|_| material_of(&words[v + 1..])),
                None,
            ),
        },
    };
    if let Some(material) = material {
        return Ok(EditOp::Material { material });
    }
    if let Some(prop) = prop {
        let replacing =
            verb.is_some_and(|v| REPLACE_WORDS.contains(&words[v])) || words.contains(&"instead");
        let mut count = match prop {
            _ if countable(prop) => count_of(&words),
            // Fruit is one piece ("a slice of lemon", "an orange") or a group of them.
            PropKind::FruitSlices(_) | PropKind::WholeFruit(_) => {
                if one_piece(&words) {
                    1
                } else {
                    3
                }
            }
            _ => 1,
        };
        // Candles make their own group: "a candle" is one, "two candles" two, and "candles"
        // as many as the painted area holds.
        let prop = match prop {
            PropKind::Candle if count > 1 || !words.iter().any(|w| PLURAL_CANDLES.contains(w)) => {
                PropKind::Candles(std::mem::replace(&mut count, 1))
            }
            other => other,
        };
        return Ok(EditOp::Place {
            prop,
            replacing,
            count,
        });
    }
    // "Make the tiles blue" recolours them; "put it in a bathroom" is a new background.
    let recolour = last_colour(&words).filter(|_| !adding);
    if let (Some(rgb), Some(_)) = (recolour, verb) {
        return Ok(EditOp::Recolour { rgb });
    }
    if let Some(environment) = environment {
        return Ok(EditOp::Background { environment });
    }
    if blur {
        return Ok(EditOp::Blur { strength });
    }
    if let Some(amount) = brightness {
        return Ok(EditOp::Brightness { amount });
    }
    // "Add a red hat" asks for a hat: recolouring the area red would be a different edit.
    match recolour {
        Some(rgb) => Ok(EditOp::Recolour { rgb }),
        None => Err(unsupported()),
    }
}

const PLURAL_CANDLES: &[&str] = &["candles", "tealights"];

/// Props drawn as one object, which a number in the instruction multiplies.
fn countable(prop: PropKind) -> bool {
    matches!(
        prop,
        PropKind::Candle
            | PropKind::Cup
            | PropKind::Plant
            | PropKind::Vase { .. }
            | PropKind::DriedFlowers
    )
}

/// Whether the instruction asks for one piece of fruit: "a slice of lemon", "one wedge",
/// "an orange", not "lemon slices", "two limes" or "some fruit".
fn one_piece(words: &[&str]) -> bool {
    let single = |w: &&str| {
        matches!(
            *w,
            "slice"
                | "wedge"
                | "piece"
                | "lemon"
                | "orange"
                | "lime"
                | "grapefruit"
                | "tangerine"
                | "mandarin"
                | "clementine"
                | "peach"
                | "apple"
        )
    };
    let group = |w: &&str| {
        matches!(
            *w,
            "slices"
                | "sliced"
                | "wedges"
                | "pieces"
                | "lemons"
                | "oranges"
                | "limes"
                | "grapefruits"
                | "apples"
                | "fruits"
                | "some"
        )
    };
    words.iter().any(single) && !words.iter().any(group) && count_of(words) == 1
}

/// How many of a thing the instruction asks for ("two candles", "a pair of cups"): 1 to 4.
fn count_of(words: &[&str]) -> u8 {
    words
        .iter()
        .find_map(|w| match *w {
            "two" | "2" | "pair" | "couple" | "both" => Some(2),
            "three" | "3" | "several" | "few" => Some(3),
            "four" | "4" => Some(4),
            _ => None,
        })
        .unwrap_or(1)
}

/// Verbs that only ask for a new colour.
fn is_colour_verb(word: &str) -> bool {
    matches!(
        word,
        "recolour" | "recolor" | "colour" | "color" | "paint" | "tint" | "dye"
    )
}

/// Material words and the material each names.
fn material_word(word: &str) -> Option<MaterialKind> {
    Some(match word {
        "walnut" => MaterialKind::Walnut,
        "oak" | "wood" | "wooden" | "timber" | "planks" | "floorboards" | "parquet" => {
            MaterialKind::Oak
        }
        "pine" => MaterialKind::Pine,
        "ash" | "birch" | "maple" => MaterialKind::Ash,
        "marble" => MaterialKind::Marble,
        "granite" => MaterialKind::Granite,
        "concrete" | "cement" | "plaster" | "microcement" => MaterialKind::Concrete,
        "terrazzo" => MaterialKind::Terrazzo,
        "slate" => MaterialKind::Slate,
        "linen" => MaterialKind::Linen,
        "velvet" => MaterialKind::Velvet,
        "paper" | "kraft" => MaterialKind::Paper,
        "sand" | "sandy" => MaterialKind::Sand,
        "grass" | "lawn" | "moss" => MaterialKind::Grass,
        "water" => MaterialKind::Water,
        "tile" | "tiles" | "tiled" => MaterialKind::Tiles,
        "brick" | "bricks" => MaterialKind::Brick,
        _ => return None,
    })
}

/// The last material named in `words`, in the colour of a colour word or tone word ("pale",
/// "dark") just before it.
fn material_of(words: &[&str]) -> Option<Material> {
    let (i, kind) = words
        .iter()
        .enumerate()
        .rev()
        .find_map(|(i, w)| material_word(w).map(|k| (i, k)))?;
    // "Water drops" are a prop, not a surface of water.
    if kind == MaterialKind::Water
        && words
            .get(i + 1)
            .is_some_and(|next| next.starts_with("drop"))
    {
        return None;
    }
    let before = &words[i.saturating_sub(3)..i];
    let colour = last_colour(before).unwrap_or_else(|| {
        let usual = kind.colour();
        before
            .iter()
            .rev()
            .map(|tone| modify(usual, tone))
            .find(|c| *c != usual)
            .unwrap_or(usual)
    });
    Some(Material { kind, colour })
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

    // Long by nature: one table of instructions and the operation each must pick.
    #[test]
    fn instructions_pick_the_expected_operation() {
        let blue = [40, 90, 200];
        let pale_blue = modify(blue, "pale");
        let material = |kind: MaterialKind, tone: &str| EditOp::Material {
            material: Material {
                kind,
                colour: modify(kind.colour(), tone),
            },
        };
        let cases: &[(&str, EditOp)] = &[
            ("remove the cup", EditOp::Remove),
            ("Erase this", EditOp::Remove),
            ("clean up the table", EditOp::Remove),
            ("get rid of the scratch", EditOp::Remove),
            ("remove the red label", EditOp::Remove),
            ("remove the mirror", EditOp::Remove),
            ("restore the background", EditOp::Remove),
            (
                "replace the pebbles with a piece of fruit",
                EditOp::Place {
                    prop: PropKind::FruitSlices(Fruit::Orange),
                    replacing: true,
                    count: 1,
                },
            ),
            (
                "replace the stones with lemon slices",
                EditOp::Place {
                    prop: PropKind::FruitSlices(Fruit::Lemon),
                    replacing: true,
                    count: 3,
                },
            ),
            (
                "add a slice of lemon",
                EditOp::Place {
                    prop: PropKind::FruitSlices(Fruit::Lemon),
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "add an orange",
                EditOp::Place {
                    prop: PropKind::WholeFruit(Fruit::Orange),
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "put some pink flowers here",
                EditOp::Place {
                    prop: PropKind::Flowers(modify([240, 140, 180], "")),
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "add water droplets",
                EditOp::Place {
                    prop: PropKind::WaterDrops,
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "add eucalyptus leaves",
                EditOp::Place {
                    prop: PropKind::Branch,
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "a green eucalyptus branch",
                EditOp::Place {
                    prop: PropKind::Branch,
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "add a lavender sprig in a small glass vase",
                EditOp::Place {
                    prop: PropKind::Vase {
                        stems: Stems::Spikes(LAVENDER_BUDS),
                        glass: true,
                    },
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "a vase with white roses",
                EditOp::Place {
                    prop: PropKind::Vase {
                        stems: Stems::Flowers([245, 245, 245]),
                        glass: false,
                    },
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "add a few lavender sprigs",
                EditOp::Place {
                    prop: PropKind::Herbs {
                        bloom: Some(LAVENDER_BUDS),
                    },
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "add folded towels",
                EditOp::Place {
                    prop: PropKind::Towels([240, 240, 236]),
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "put a vase of dried flowers here",
                EditOp::Place {
                    prop: PropKind::DriedFlowers,
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "add a coffee cup",
                EditOp::Place {
                    prop: PropKind::Cup,
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "add two candles",
                EditOp::Place {
                    prop: PropKind::Candles(2),
                    replacing: false,
                    count: 1,
                },
            ),
            (
                "put a coffee cup instead of the soap dish",
                EditOp::Place {
                    prop: PropKind::Cup,
                    replacing: true,
                    count: 1,
                },
            ),
            (
                "swap the jar for a candle",
                EditOp::Place {
                    prop: PropKind::Candles(1),
                    replacing: true,
                    count: 1,
                },
            ),
            (
                "replace the tiles with pale concrete",
                material(MaterialKind::Concrete, "pale"),
            ),
            (
                "make the counter walnut",
                material(MaterialKind::Walnut, ""),
            ),
            (
                "turn this into dark oak planks",
                material(MaterialKind::Oak, "dark"),
            ),
            ("terrazzo", material(MaterialKind::Terrazzo, "")),
            ("swap it for linen", material(MaterialKind::Linen, "")),
            ("remove the flowers", EditOp::Remove),
            (
                "make the flowers orange",
                EditOp::Recolour {
                    rgb: [240, 130, 30],
                },
            ),
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
            ("make the tiles blue", EditOp::Recolour { rgb: blue }),
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
            assert_eq!(parse_instruction(text), Ok(*expected), "{text:?}");
        }
    }

    /// What the engine has no edit for is refused, never answered with another edit (a
    /// hat is not a recolour, a mood is not a removal).
    #[test]
    fn instructions_without_an_edit_are_refused_with_what_can_be_done() {
        for text in [
            "",
            "add a hat",
            "add a red hat",
            "make it look vintage",
            "replace the mirror",
            "give it a cinematic mood",
            "put a cat next to it",
        ] {
            let refused = parse_instruction(text).expect_err(text);
            let message = refused.to_string();
            assert!(message.contains(text.trim()), "{message}");
            for can in [
                "remove",
                "recolour",
                "material",
                "place an object",
                "restore the background",
            ] {
                assert!(message.contains(can), "{message} lacks {can}");
            }
        }
    }
}
