//! Reading one message: the product in the user's words, what they ask of the scene, and
//! what the engine's prompt parser cannot tell (audience, occasion, negatives, motion,
//! refinements like "warmer", contradictions, small talk). Scene vocabulary is the parser's:
//! the message minus the product and the refinement phrases is handed to
//! `engine::prompt::parse`.

use domain::{ColorPalette, Composition, Environment, Lighting};
use engine::prompt::{self, NamedColor, PromptParams, Tone};
use engine::video::{parse_motion, Camera};

use super::lexicon::{
    Category, Lean, Negative, AMBIGUOUS_PRODUCTS, AUDIENCES, AUDIENCE_CUES, COLOR_PRODUCTS,
    CONFIRM_WORDS, DESCRIPTORS, DETERMINERS, FAST_WORDS, FILLER_WORDS, GREETING_WORDS, HELP_WORDS,
    NEGATIVES, OCCASIONS, OCCASION_NOUNS, ORBIT_WORDS, PRODUCT_WORDS, PROP_CUES, PUSH_IN_PHRASES,
    SETTINGS, SLOW_WORDS, STILL_PHRASES, STOP, THANKS_WORDS, VIDEO_PHRASES, VIDEO_WORDS,
};
use super::words::{capitalize, fix_articles, join, looks_plural, singular, tokenize, Token};
use crate::phrases::{compound_at, named_things, Named, Part};

mod asks;
mod conflict;
mod product;
mod scene_words;

use asks::*;
use conflict::*;
use product::*;
pub(crate) use scene_words::SURFACE_NOUNS;
use scene_words::*;

/// A product as the user named it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Product {
    /// Tidied from the user's words: "amber glass perfume bottle".
    pub name: String,
    /// Lowercase singular words, to tell a new product from a mention of the same one.
    pub key: Vec<String>,
    /// The head noun as written ("bottle"), for "the bottle centred".
    pub head: String,
    pub category: Category,
    /// Takes "are": "earbuds", "a candle and a diffuser".
    pub plural: bool,
    /// Takes "a"/"an" in a brief: "a candle and a diffuser", not "earbuds".
    pub article: bool,
}

impl Product {
    /// "the bottle" after a longer mention ("amber perfume bottle") means the same product.
    pub fn same_as(&self, earlier: &Product) -> bool {
        self.key.iter().all(|w| earlier.key.contains(w))
    }
}

/// A relative refinement ("warmer", "too dark", "less busy").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shift {
    Warmer,
    Cooler,
    Darker,
    Brighter,
    Softer,
    Bolder,
    Minimal,
    Busier,
    Closer,
    Wider,
    Indoors,
}

impl Shift {
    fn opposite(self) -> Shift {
        use Shift::*;
        match self {
            Warmer => Cooler,
            Cooler => Warmer,
            Darker => Brighter,
            Brighter => Darker,
            Softer => Bolder,
            Bolder => Softer,
            Minimal => Busier,
            Busier => Minimal,
            Closer => Wider,
            Wider => Closer,
            Indoors => Indoors,
        }
    }

    /// The direction a base or comparative word points.
    fn of(word: &str) -> Option<Shift> {
        use Shift::*;
        Some(match word {
            "warm" | "warmer" | "cozier" | "cosier" | "richer" => Warmer,
            "cool" | "cooler" | "cold" | "colder" | "icy" | "fresher" => Cooler,
            "dark" | "darker" | "moody" | "moodier" | "dim" | "dimmer" => Darker,
            "bright" | "brighter" | "light" | "lighter" | "airy" | "airier" | "sunnier" => Brighter,
            "soft" | "softer" | "calm" | "calmer" | "gentle" | "gentler" | "muted" => Softer,
            "bold" | "bolder" | "dramatic" | "vibrant" | "contrast" | "saturated" | "colorful"
            | "colourful" | "punchier" | "punchy" => Bolder,
            "minimal" | "simple" | "simpler" | "clean" | "cleaner" | "sparse" | "sparser" => {
                Minimal
            }
            "busy" | "busier" | "cluttered" | "full" | "fuller" => Busier,
            "close" | "closer" | "tight" | "tighter" => Closer,
            "wide" | "wider" => Wider,
            _ => return None,
        })
    }

    /// Comparatives stand alone ("warmer"); base words need "more", "less" or "too".
    fn is_comparative(word: &str) -> bool {
        word.ends_with("er")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Angle {
    Overhead,
    Low,
    EyeLevel,
    ThreeQuarter,
    Side,
    Front,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Move {
    PushIn,
    PullOut,
    PanLeft,
    PanRight,
    Parallax,
    /// The engine cannot turn the product: drawn as a parallax arc.
    Orbit,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pace {
    Slow,
    Steady,
    Fast,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Talk {
    Greeting,
    Thanks,
    Help,
    Confirm,
}

/// "zoom in" / "zoom out": a camera move in a clip, a framing change in a still.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Zoom {
    In,
    Out,
}

/// Two asks that cannot both hold, and three ways out.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Conflict {
    pub first: String,
    pub second: String,
    pub options: [String; 3],
}

/// Scene options a message names; `None` where it says nothing.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Choices {
    pub environment: Option<Environment>,
    pub palette: Option<ColorPalette>,
    pub lighting: Option<Lighting>,
    pub composition: Option<Composition>,
}

/// Scene options a message rules out ("not on marble").
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Excluded {
    pub environment: Vec<Environment>,
    pub palette: Vec<ColorPalette>,
    pub lighting: Vec<Lighting>,
    pub composition: Vec<Composition>,
}

/// Everything one message says.
#[derive(Debug, Clone, Default)]
pub(crate) struct Reading {
    pub product: Option<Product>,
    /// The only product word sits in a prop phrase ("something cozy with a candle"): it names
    /// the product only when none is known yet.
    pub product_is_prop: bool,
    pub props: Vec<String>,
    pub choices: Choices,
    pub excluded: Excluded,
    pub tone: Option<Tone>,
    pub scene_colors: Vec<NamedColor>,
    pub avoid_colors: Vec<NamedColor>,
    /// `Some(true)` for "no props", `Some(false)` for "add props".
    pub no_props: Option<bool>,
    pub descriptors: Vec<&'static str>,
    /// Descriptors the message turns away from ("brighter" drops "moody").
    pub dropped: Vec<&'static str>,
    /// The user's setting word and its phrasing, with the environment the parser reads it as.
    pub setting: Option<(&'static str, Environment)>,
    /// Where the user put the product, in their words: "on a wooden kitchen table".
    pub place: Option<String>,
    /// The light and time of day in the user's words: "morning light", "at sunset".
    pub light_words: Vec<String>,
    /// The camera angle in the user's words: "flat lay", "top-down".
    pub angle_words: Option<String>,
    pub shifts: Vec<Shift>,
    pub zoom: Option<Zoom>,
    pub negatives: Vec<Negative>,
    /// Things the message asks to include again ("with a model").
    pub allowed: Vec<Negative>,
    pub audience: Option<(String, Lean)>,
    pub occasion: Option<(String, Lean)>,
    pub angle: Option<Angle>,
    /// `Some(true)` asks for a clip, `Some(false)` for a still.
    pub video: Option<bool>,
    pub camera: Option<Move>,
    pub pace: Option<Pace>,
    pub float: bool,
    pub sweep: bool,
    /// Room the user wants kept empty for text ("room for text at the top").
    pub space: Option<prompt::Space>,
    pub seconds: Option<u32>,
    pub conflict: Option<Conflict>,
    pub talk: Option<Talk>,
    /// Every thing the message names — places, things beside and behind the product,
    /// weather — whole, in the seller's words.
    pub named: Vec<Named>,
}

impl Reading {
    /// The message names anything about the scene (not just small talk).
    pub fn has_direction(&self) -> bool {
        self.choices != Choices::default()
            || !self.shifts.is_empty()
            || self.tone.is_some()
            || !self.scene_colors.is_empty()
            || !self.avoid_colors.is_empty()
            || self.no_props.is_some()
            || !self.descriptors.is_empty()
            || self.setting.is_some()
            || self.place.is_some()
            || !self.light_words.is_empty()
            || self.zoom.is_some()
            || !self.negatives.is_empty()
            || !self.allowed.is_empty()
            || self.audience.is_some()
            || self.occasion.is_some()
            || self.angle.is_some()
            || self.video.is_some()
            || !self.props.is_empty()
            || !self.named.is_empty()
            || excluded_any(&self.excluded)
    }
}

fn excluded_any(e: &Excluded) -> bool {
    !(e.environment.is_empty()
        && e.palette.is_empty()
        && e.lighting.is_empty()
        && e.composition.is_empty())
}

#[rustfmt::skip]
const NEGATORS: &[&str] = &[
    "no", "not", "without", "non", "avoid", "never", "don", "minus",
];
const SCOPE_BREAKS: &[&str] = &["and", "but", "with", "yet", ","];
const NEGATION_REACH: usize = 4;

/// Words after which a shade word still belongs to a colour ("dark green").
#[rustfmt::skip]
const SHADES: &[&str] = &[
    "pale", "light", "dark", "deep", "rich", "bright", "vivid", "neon", "hot", "electric",
    "baby", "dusty", "soft", "pastel",
];

/// Nouns that complete a product word ("candle holder", "phone stand").
#[rustfmt::skip]
const ACCESSORIES: &[&str] = &[
    "holder", "stand", "case", "line", "range", "products", "items", "strap", "cover", "refill", "refills", "kit", "pack", "bundle",
    "sleeve", "lid", "tray", "dispenser", "glass", "glasses", "label", "packaging", "set",
    "sets", "collection",
];

/// Products named without "a": "skincare", "honey", "coffee beans".
#[rustfmt::skip]
const MASS_NOUNS: &[&str] = &[
    "skincare", "makeup", "cosmetics", "jewelry", "jewellery", "stationery", "packaging",
    "incense", "granola", "popcorn", "candy", "honey", "jam", "cereal", "pasta", "cheese",
    "bread", "coffee", "tea", "juice", "jerky", "coffee beans", "olive oil", "hot sauce",
];

/// Colour words that are also things a seller puts beside a product.
#[rustfmt::skip]
pub(crate) const COLOURED_THINGS: &[&str] = &[
    "lavender", "sage", "rose", "roses", "mint", "lemon", "lemons", "lime", "limes", "peach",
    "peaches", "olive", "olives", "cherry", "cherries", "orange", "oranges", "plum", "plums",
    "chocolate", "coffee", "honey",
];

/// Words ending in "s" that are not things to keep out of frame ("not always").
#[rustfmt::skip]
const NOT_NOUNS: &[&str] = &[
    "lots", "things", "others", "times", "ideas", "changes", "options", "questions", "worries",
    "problems", "issues", "always", "perhaps", "sometimes", "besides", "towards", "afterwards",
    "thanks", "yours", "ours", "theirs", "hers", "its", "plus", "less", "unless", "whereas",
    "seconds", "minutes", "looks", "seems", "means", "needs", "wants", "makes", "goes", "does",
    "has", "was", "is", "this", "his",
];

/// Cues that a people word asks for people in frame ("with a model", "include hands").
#[rustfmt::skip]
const INCLUDE_CUES: &[&str] = &[
    "with", "include", "including", "add", "show", "feature", "featuring", "plus",
];

/// Reads `text`. With `full`, also asks the engine's parser about the scene (the costly
/// part); without, only the user's facts are read (product, negatives, audience, motion…).
pub(crate) fn read(text: &str, full: bool) -> Reading {
    read_naming(text, full, true)
}

/// Reads a seller's message in a conversation: a product the word lists lack is still
/// found when the message is about it ("my baby wipes on a changing table", or, while no
/// product is known, "baby wipes on a changing table").
pub(crate) fn read_naming(text: &str, full: bool, product_known: bool) -> Reading {
    let tokens = tokenize(text);
    let negated = negation(&tokens);
    let mut out = Reading::default();
    let mut used = vec![false; tokens.len()];

    // A product word only in a place or beside the product ("on a coffee table") yields to
    // the noun the message is about ("ceramic coasters on a coffee table").
    let found = match find_product(text, &tokens, &negated) {
        Some(p) if !p.3 => Some(p),
        prop => guess_product(text, &tokens, &negated, product_known).or(prop),
    };
    if let Some((product, start, end, prop)) = found {
        // A prop mention stays in the scene text and the props.
        if !prop {
            used[start..end].iter_mut().for_each(|u| *u = true);
        }
        out.product = Some(product);
        out.product_is_prop = prop;
    }
    read_named(text, &tokens, &mut used, &mut out);
    // "a golden retriever", "a night stand": the first word is the noun's, never the light's
    // or the weather's. A compound the engine reads as a place or a prop still votes for it.
    let mut light_used = used.clone();
    let words: Vec<&str> = tokens.iter().map(|t| t.word.as_str()).collect();
    for i in 0..tokens.len() {
        let n = compound_at(&words, i);
        if n == 0 {
            continue;
        }
        light_used[i..i + n].iter_mut().for_each(|u| *u = true);
        let read = prompt::parse(&words[i..i + n].join(" "));
        if read.setting.is_none() && read.environment.is_none() && read.props.is_empty() {
            used[i..i + n].iter_mut().for_each(|u| *u = true);
        }
    }
    read_shifts(&tokens, &mut used, &mut out);
    read_descriptors(&tokens, &negated, &used, &mut out);
    read_setting(&tokens, &negated, &used, &mut out);
    read_place(&mut out);
    read_light_words(text, &tokens, &negated, &light_used, &mut out);
    read_negatives(&tokens, &negated, &used, &mut out);
    read_props(&mut out);
    read_audience(&tokens, &negated, &mut out);
    read_occasion(&tokens, &negated, &mut used, &mut out);
    read_angle(&tokens, &mut out);
    read_motion(&tokens, &negated, &used, &mut out);

    out.talk = talk(&tokens);
    // Small talk says nothing about the scene ("good morning" is not a lighting request).
    if full && out.talk.is_none() {
        let scene = join(&tokens, |i| !used[i]);
        let params = prompt::parse(&scene);
        out.choices = Choices {
            environment: params.environment,
            palette: params.palette,
            lighting: params.lighting,
            composition: params.composition,
        };
        out.tone = out.tone.or(params.tone);
        // A prop's colour ("next to a blush pink jar") is the prop's, not the backdrop's.
        out.scene_colors = params.scene_colors.clone();
        out.scene_colors.retain(|c| {
            !out.props
                .iter()
                .any(|p| p.to_lowercase().split(' ').any(|w| w == c.name))
        });
        out.avoid_colors = params.avoid_colors.clone();
        if params.no_props {
            out.no_props = Some(true);
        } else if mentions_props(&tokens, &negated) {
            out.no_props = Some(false);
        }
        out.space = params.space;
        out.excluded = exclusions(&tokens, &negated, &used);
        out.conflict = conflict(&tokens, &negated, &out);
    }
    out
}

/// The things the message names, as phrases. The product's own words are never one of
/// them, and the weather's words ("snow falling outside") are the weather's only: they
/// must not vote for a setting.
fn read_named(text: &str, tokens: &[Token], used: &mut [bool], out: &mut Reading) {
    let product: Vec<String> = match &out.product {
        Some(p) if !out.product_is_prop => p.key.clone(),
        _ => Vec::new(),
    };
    let within = |t: &Token, n: &Named| t.start >= n.span.0 && t.end <= n.span.1;
    let mut named = named_things(text, &product);
    // A phrase over the product's own words ("candle in a jar") is the product; one that
    // ends in an occasion ("on Black Friday") or names an audience after its cue ("for new
    // moms") is neither a place nor a thing. "A Christmas tree" and "two surfers" are things.
    let ends_at = |i: usize, n: usize, named: &Named| {
        tokens
            .get(i + n - 1)
            .is_some_and(|t| t.end >= named.span.1 || tokens.get(i + n).is_none())
    };
    named.retain(|n| {
        !tokens.iter().enumerate().any(|(i, t)| {
            within(t, n)
                && ((used[i] && n.part != Part::Place)
                    || OCCASIONS
                        .at(tokens, i)
                        .is_some_and(|(_, k)| ends_at(i, k, n))
                    || (AUDIENCES.at(tokens, i).is_some()
                        && tokens[..i]
                            .iter()
                            .rev()
                            .take(3)
                            .any(|b| AUDIENCE_CUES.contains(&b.word.as_str()))))
        })
    });
    for n in named.iter().filter(|n| n.part == Part::Weather) {
        for (i, t) in tokens.iter().enumerate() {
            if within(t, n) {
                used[i] = true;
            }
        }
    }
    // A thing's own place ("a dog in the back seat") is not the product's: it votes for no
    // setting.
    for (s, e) in named.iter().filter_map(|n| n.own_place) {
        for (i, t) in tokens.iter().enumerate() {
            if t.start >= s && t.end <= e {
                used[i] = true;
            }
        }
    }
    out.named = named;
}

/// Which tokens a negator governs, as the engine's parser decides it.
fn negation(tokens: &[Token]) -> Vec<bool> {
    let mut negated = vec![false; tokens.len()];
    let mut until = 0;
    for (i, t) in tokens.iter().enumerate() {
        let w = t.word.as_str();
        if SCOPE_BREAKS.contains(&w) {
            until = 0;
        } else if NEGATORS.contains(&w) {
            until = i + 1 + NEGATION_REACH;
        } else {
            negated[i] = i < until;
        }
    }
    negated
}

/// What the engine's parser makes of one word.
fn word_info(word: &str) -> PromptParams {
    prompt::parse(word)
}

fn is_color(info: &PromptParams) -> bool {
    !info.scene_colors.is_empty() || info.product_color.is_some()
}

fn is_scene_word(info: &PromptParams) -> bool {
    info.environment.is_some()
        || info.palette.is_some()
        || info.lighting.is_some()
        || info.composition.is_some()
        || !info.moods.is_empty()
}

fn in_stop(word: &str) -> bool {
    STOP.contains(&word)
}
