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
    NEGATIVES, OCCASIONS, OCCASION_NOUNS, ORBIT_WORDS, PRODUCT_WORDS, PROP_CUES, PROP_TRIGGERS,
    PUSH_IN_PHRASES, SETTINGS, SLOW_WORDS, STILL_PHRASES, STOP, THANKS_WORDS, VIDEO_PHRASES,
    VIDEO_WORDS,
};
use super::words::{capitalize, join, looks_plural, singular, tokenize, Token};

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

/// Words that never make a prop ("with light streaming in", "with a vintage feel").
#[rustfmt::skip]
const PROP_STOP: &[&str] = &[
    "light", "lights", "lighting", "colour", "colours", "color", "colors", "tone", "tones",
    "palette", "feel", "vibe", "vibes", "mood", "style", "look", "focus", "contrast", "detail",
    "details", "texture", "space", "room", "energy", "glow", "sparkle", "shine", "motion",
    "movement", "camera", "angle", "view", "frame", "framing", "composition", "depth",
    "background", "people", "person", "text", "logo", "logos", "nothing", "everything",
    "something", "same", "different", "less", "more", "other", "another", "audio", "music",
    "sound",
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
    let tokens = tokenize(text);
    let negated = negation(&tokens);
    let mut out = Reading::default();
    let mut used = vec![false; tokens.len()];

    if let Some((product, start, end, prop)) = find_product(text, &tokens, &negated) {
        // A prop mention stays in the scene text and the props.
        if !prop {
            used[start..end].iter_mut().for_each(|u| *u = true);
        }
        out.product = Some(product);
        out.product_is_prop = prop;
    }
    read_shifts(&tokens, &mut used, &mut out);
    read_descriptors(&tokens, &negated, &used, &mut out);
    read_setting(&tokens, &negated, &used, &mut out);
    read_place(text, &tokens, &negated, &used, &mut out);
    read_light_words(text, &tokens, &negated, &used, &mut out);
    read_negatives(&tokens, &negated, &used, &mut out);
    read_props(&tokens, &negated, &used, &mut out);
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

struct Mention {
    start: usize,
    end: usize,
    /// The last product word, which may be a phrase ("bath bomb").
    head: (usize, usize),
    prop: bool,
}

/// The product: the first product word that is not a prop ("next to a mug"), widened to the
/// user's noun phrase. Returns it with the token span it covers.
fn find_product(
    text: &str,
    tokens: &[Token],
    negated: &[bool],
) -> Option<(Product, usize, usize, bool)> {
    let mut mentions: Vec<Mention> = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if negated[i] || tokens[i].is_break() {
            i += 1;
            continue;
        }
        let Some((_, n)) = PRODUCT_WORDS.at(tokens, i) else {
            i += 1;
            continue;
        };
        let word = tokens[i].word.as_str();
        let prev = i.checked_sub(1).map(|p| tokens[p].word.as_str());
        let lamp = tokens
            .get(i + n)
            .is_some_and(|t| matches!(t.word.as_str(), "light" | "lights" | "lighting"));
        // "can you…", "watch it spin", "ring light".
        if lamp || (n == 1 && is_ambiguous(word) && !prev.is_some_and(describes_noun)) {
            i += 1;
            continue;
        }
        if n == 1
            && COLOR_PRODUCTS.contains(&word)
            && tokens
                .get(i + 1)
                .is_some_and(|t| is_color(&word_info(&t.word)))
        {
            i += 1;
            continue;
        }
        // Runs of product words name one thing; the last is the head ("perfume bottle"),
        // also across a short name part between them ("vitamin C serum", "B12 gummies").
        let mut head = (i, i + n);
        let mut end = i + n;
        while end < tokens.len() && !negated[end] {
            match PRODUCT_WORDS.at(tokens, end) {
                Some((_, m)) => {
                    head = (end, end + m);
                    end += m;
                }
                None if is_name_part(&tokens[end])
                    && end + 1 < tokens.len()
                    && !negated[end + 1] =>
                {
                    match PRODUCT_WORDS.at(tokens, end + 1) {
                        Some((_, m)) => {
                            head = (end + 1, end + 1 + m);
                            end += 1 + m;
                        }
                        None => break,
                    }
                }
                None => break,
            }
        }
        if tokens
            .get(end)
            .is_some_and(|t| ACCESSORIES.contains(&t.word.as_str()))
        {
            head = (head.0, end + 1);
            end += 1;
        }
        let prop = in_prop_context(tokens, i);
        mentions.push(Mention {
            start: i,
            end,
            head,
            prop,
        });
        // The first mention that is not a prop, and the one after it ("a serum and a
        // toner"), decide; a long message need not be read further.
        if mentions
            .iter()
            .position(|m| !m.prop)
            .is_some_and(|f| mentions.len() > f + 1)
        {
            break;
        }
        i = end;
    }
    let first = mentions
        .iter()
        .position(|m| !m.prop)
        .or((!mentions.is_empty()).then_some(0))?;
    let m = &mentions[first];
    let (mut start, mut end, head, prop) = (m.start, m.end, m.head, m.prop);
    let first_head = join(&tokens[head.0..head.1], |_| true);

    // "a serum and a moisturizer": two products shot together.
    let mut joined = false;
    if let Some(next) = mentions.get(first + 1).filter(|n| !n.prop) {
        let between = &tokens[end..next.start];
        if !between.is_empty()
            && between.iter().all(|t| {
                matches!(t.word.as_str(), "and" | "plus") || DETERMINERS.contains(&t.word.as_str())
            })
            && matches!(between[0].word.as_str(), "and" | "plus")
        {
            end = next.end;
            joined = true;
        }
    }

    start = widen_back(tokens, negated, start);
    end = widen_of(tokens, negated, end);
    end = widen_container(tokens, negated, end);
    // The most telling product word decides the family: "jar of face cream" is skincare.
    let mut category = Category::General;
    let mut k = start;
    while k < end {
        match PRODUCT_WORDS.at(tokens, k) {
            Some((c, n)) => {
                if c != Category::General {
                    category = c;
                }
                k += n;
            }
            None => k += 1,
        }
    }

    let name = tidy_name(text, tokens, start, end);
    if name.is_empty() {
        return None;
    }
    let key = tokens[start..end]
        .iter()
        .filter(|t| !matches!(t.word.as_str(), "and" | "of" | "plus" | ","))
        .filter(|t| !DETERMINERS.contains(&t.word.as_str()))
        .map(|t| singular(&t.word).unwrap_or(&t.word).to_string())
        .collect();
    let head_words: Vec<&str> = tokens[head.0..head.1].iter().map(|t| t.text).collect();
    let head_word = tidy_name(text, tokens, head.0, head.1);
    let head_plural = looks_plural(head_words.last().copied().unwrap_or_default());
    let product = Product {
        name,
        key,
        plural: joined || head_plural,
        article: if joined {
            !looks_plural(&first_head)
        } else {
            !head_plural && !MASS_NOUNS.contains(&head_words.join(" ").to_lowercase().as_str())
        },
        head: if joined { "products".into() } else { head_word },
        category,
    };
    Some((product, start, end, prop))
}

/// A short part of a product's name between two product words: a letter, a number, a
/// strength ("C", "B12", "50", "2%", "XL").
fn is_name_part(t: &Token) -> bool {
    let w = t.word.as_str();
    !t.is_break()
        && !in_stop(w)
        && (w.chars().count() <= 2 || w.chars().any(|c| c.is_ascii_digit()))
        && w.chars().all(|c| c.is_alphanumeric())
}

fn is_ambiguous(word: &str) -> bool {
    AMBIGUOUS_PRODUCTS.contains(&word)
        || singular(word).is_some_and(|s| AMBIGUOUS_PRODUCTS.contains(&s))
}

/// A word that can sit right before a product noun: "a can", "soda can", "gold watch".
fn describes_noun(word: &str) -> bool {
    DETERMINERS.contains(&word)
        || PRODUCT_WORDS.contains(word)
        || (!in_stop(word) && word != "," && {
            let info = word_info(word);
            is_color(&info) || !is_scene_word(&info)
        })
}

/// A prop cue within the few words before `i` ("next to a small mug").
fn in_prop_context(tokens: &[Token], i: usize) -> bool {
    let mut k = i;
    let mut steps = 0;
    while k > 0 && steps < 4 {
        k -= 1;
        steps += 1;
        let w = tokens[k].word.as_str();
        if w == "to" && k > 0 && tokens[k - 1].word == "next" {
            return true;
        }
        if PROP_CUES.contains(&w) {
            return true;
        }
        if tokens[k].is_break() || (in_stop(w) && !DETERMINERS.contains(&w)) {
            return false;
        }
    }
    false
}

/// Adds the describing words before a product: "handmade vanilla soy candle".
fn widen_back(tokens: &[Token], negated: &[bool], mut start: usize) -> usize {
    let mut taken = 0;
    while start > 0 && taken < 4 {
        let t = &tokens[start - 1];
        let w = t.word.as_str();
        if t.is_break() || negated[start - 1] || NEGATORS.contains(&w) {
            break;
        }
        // "black and gold watch"
        if w == "and" {
            let colour_before = start >= 2 && is_color(&word_info(&tokens[start - 2].word));
            let colour_after = is_color(&word_info(&tokens[start].word));
            if colour_before && colour_after {
                start -= 1;
                continue;
            }
            break;
        }
        if in_stop(w) || VIDEO_WORDS.contains(&w) || AUDIENCE_CUES.contains(&w) {
            break;
        }
        let info = word_info(w);
        let colour_follows = is_color(&word_info(&tokens[start].word));
        let shade_of_colour = SHADES.contains(&w) && colour_follows;
        // What the product is made of stays in its name ("linen tote bag").
        if is_scene_word(&info)
            && !is_color(&info)
            && !shade_of_colour
            && !MATERIAL_WORDS.contains(&w)
        {
            break;
        }
        start -= 1;
        taken += 1;
    }
    start
}

/// Adds "of …" after a product: "bottle of olive oil", "set of 3 mugs".
fn widen_of(tokens: &[Token], negated: &[bool], end: usize) -> usize {
    if tokens.get(end).is_none_or(|t| t.word != "of") {
        return end;
    }
    let mut k = end + 1;
    while k < tokens.len() && k < end + 4 {
        let t = &tokens[k];
        if t.is_break() || negated[k] || in_stop(&t.word) {
            break;
        }
        let info = word_info(&t.word);
        if is_scene_word(&info) && !is_color(&info) {
            break;
        }
        k += 1;
    }
    if k > end + 1 {
        k
    } else {
        end
    }
}

/// Packaging is part of the product: "honey in a glass jar", "tea in a tin", "serum in an
/// amber dropper bottle" — up to three describing words between the article and the container.
fn widen_container(tokens: &[Token], negated: &[bool], end: usize) -> usize {
    const CONTAINERS: &[&str] = &[
        "jar",
        "jars",
        "bottle",
        "bottles",
        "tin",
        "tins",
        "box",
        "boxes",
        "tube",
        "tubes",
        "pot",
        "pots",
        "pouch",
        "pouches",
        "vial",
        "vials",
        "can",
        "cans",
        "carton",
        "sachet",
        "flask",
        "dispenser",
        "packaging",
        "package",
        "case",
        "bag",
        "wrapper",
        "wrapping",
    ];
    let at = |k: usize| tokens.get(k).filter(|t| !t.is_break() && !negated[k]);
    if at(end).is_none_or(|t| t.word != "in")
        || at(end + 1).is_none_or(|t| !matches!(t.word.as_str(), "a" | "an" | "its" | "the"))
    {
        return end;
    }
    for k in end + 2..(end + 6).min(tokens.len()) {
        let Some(t) = at(k) else { return end };
        if CONTAINERS.contains(&t.word.as_str()) {
            return k + 1;
        }
        let info = word_info(&t.word);
        if in_stop(&t.word) || (is_scene_word(&info) && !is_color(&info)) {
            return end;
        }
    }
    end
}

/// The user's words for the product, tidied for a brief: letters, digits and joining marks
/// only, a sentence-initial capital lowered ("Candle" → "candle", "iPhone" kept).
fn tidy_name(text: &str, tokens: &[Token], start: usize, end: usize) -> String {
    let raw = &text[tokens[start].start..tokens[end - 1].end];
    let mut name: String = raw
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '-' | '\'' | '&' | '’') {
                c
            } else {
                ' '
            }
        })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let first = &tokens[start].text;
    let sentence_start = start == 0 || tokens[start - 1].ends_sentence();
    let mut chars = first.chars();
    let capitalised_only = chars.next().is_some_and(char::is_uppercase)
        && chars.clone().all(|c| !c.is_uppercase())
        && first.chars().count() > 1;
    if sentence_start && capitalised_only {
        let lower_first: String = name
            .chars()
            .next()
            .map(|c| c.to_lowercase().collect())
            .unwrap_or_default();
        name = lower_first + &name[name.chars().next().map_or(0, char::len_utf8)..];
    }
    if name.chars().count() > 60 {
        name = name.chars().take(60).collect::<String>().trim().to_string();
    }
    name
}

/// "warmer", "more minimal", "too dark", "less busy", "not so bright", "indoors".
fn read_shifts(tokens: &[Token], used: &mut [bool], out: &mut Reading) {
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

fn read_descriptors(tokens: &[Token], negated: &[bool], used: &[bool], out: &mut Reading) {
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

fn read_setting(tokens: &[Token], negated: &[bool], used: &[bool], out: &mut Reading) {
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
const MATERIAL_WORDS: &[&str] = &[
    "linen", "cotton", "wool", "leather", "silk", "velvet", "wooden", "wood", "bamboo",
    "marble", "stone", "concrete", "ceramic", "glass", "brass", "copper", "rattan", "cork",
    "terracotta", "porcelain",
];

/// Words that put the product somewhere.
#[rustfmt::skip]
const PLACE_PREPOSITIONS: &[&str] = &[
    "on", "in", "at", "by", "against", "inside", "atop", "beside", "near", "under", "onto",
    "into", "over", "across", "along", "upon", "among",
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

/// Where the user put the product, as they wrote it: a preposition and the words up to a
/// place the engine knows or a surface ("on a wooden kitchen table", "at an outdoor café",
/// "on dark marble"). At most two such phrases ("in a bright kitchen on a wooden board").
fn read_place(text: &str, tokens: &[Token], negated: &[bool], used: &[bool], out: &mut Reading) {
    let mut places: Vec<String> = Vec::new();
    let mut i = 0;
    while i < tokens.len() && places.len() < 2 {
        let w = tokens[i].word.as_str();
        if !PLACE_PREPOSITIONS.contains(&w) || negated[i] || used[i] {
            i += 1;
            continue;
        }
        let mut best = None;
        let mut j = i + 1;
        while j < tokens.len() && j <= i + 7 {
            let t = &tokens[j];
            let tw = t.word.as_str();
            let barrier = t.is_break()
                || used[j]
                || negated[j]
                || PLACE_PREPOSITIONS.contains(&tw)
                || matches!(tw, "with" | "and" | "but" | "while" | "for" | "or" | "to")
                || VIDEO_WORDS.contains(&tw);
            if barrier {
                break;
            }
            let info = word_info(tw);
            let place_word = info.environment.is_some()
                || info.setting.is_some()
                || SURFACE_NOUNS.contains(&tw)
                || singular(tw).is_some_and(|s| SURFACE_NOUNS.contains(&s));
            if place_word && !DESCRIPTORS.contains(tw) {
                let phrase = join(&tokens[i + 1..=j], |_| true);
                let read = word_info(&phrase);
                // A light or mood word alone is not a place ("in soft light").
                if read.environment.is_some()
                    || read.setting.is_some()
                    || SURFACE_NOUNS.contains(&tw)
                    || singular(tw).is_some_and(|s| SURFACE_NOUNS.contains(&s))
                {
                    best = Some(j);
                }
            }
            j += 1;
        }
        match best {
            Some(end) => {
                let words: Vec<String> = tokens[i..=end]
                    .iter()
                    .map(|t| match t.word.as_str() {
                        "my" | "our" | "your" | "their" => "a".to_string(),
                        _ => tidy_word(text, t),
                    })
                    .collect();
                places.push(words.join(" "));
                i = end + 1;
            }
            None => i += 1,
        }
    }
    if !places.is_empty() {
        out.place = Some(fix_articles(&places.join(" ")));
    }
}

/// A token as written, except a capital that only starts a sentence.
fn tidy_word(text: &str, t: &Token) -> String {
    let raw = &text[t.start..t.end];
    let mut chars = raw.chars();
    let first = chars.next().unwrap_or_default();
    if first.is_uppercase() && chars.clone().all(|c| !c.is_uppercase()) && raw.chars().count() > 1 {
        first.to_lowercase().collect::<String>() + chars.as_str()
    } else {
        raw.to_string()
    }
}

/// "a" before a vowel sound is "an" ("on a outdoor café" → "on an outdoor café").
fn fix_articles(phrase: &str) -> String {
    let words: Vec<&str> = phrase.split(' ').collect();
    let mut out = Vec::new();
    for (k, w) in words.iter().enumerate() {
        if (*w == "a" || *w == "an") && k + 1 < words.len() {
            out.push(super::words::article(words[k + 1]).to_string());
        } else {
            out.push((*w).to_string());
        }
    }
    out.join(" ")
}

/// Nouns a light phrase is built around.
#[rustfmt::skip]
const LIGHT_NOUNS: &[&str] = &[
    "light", "lights", "lighting", "lit", "sun", "sunlight", "sunshine", "glow", "shadows", "night",
    "nighttime", "moonlight", "neon",
    "shadow", "hour", "rays", "daylight", "candlelight", "backlight", "backlit", "sunset",
    "sunrise", "dusk", "dawn", "twilight", "midday", "noon", "overcast", "spotlight",
];

/// Words that describe a light in a light phrase ("soft morning light").
#[rustfmt::skip]
const LIGHT_MODIFIERS: &[&str] = &[
    "soft", "warm", "bright", "low", "harsh", "natural", "gentle", "diffused", "diffuse",
    "late", "early", "morning", "evening", "afternoon", "golden", "dappled", "direct",
    "indirect", "cool", "dim", "dramatic", "hard", "window", "candle", "studio", "side",
    "even", "magic", "blue", "moody", "strong", "subtle", "hazy", "misty", "summer", "winter",
];

/// The light and time of day as the user put them: runs of light words around a light noun
/// or a time of day ("soft morning light", "golden hour", "at sunset" → "sunset").
fn read_light_words(
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

fn read_negatives(tokens: &[Token], negated: &[bool], used: &[bool], out: &mut Reading) {
    for i in 0..tokens.len() {
        let w = tokens[i].word.as_str();
        if used[i] || tokens[i].is_break() {
            continue;
        }
        let known = NEGATIVES.at(tokens, i).map(|(kind, _)| kind.negative());
        if !negated[i] {
            // "with a model", "include hands": people are welcome again.
            let cued = (1..=3)
                .any(|back| i >= back && INCLUDE_CUES.contains(&tokens[i - back].word.as_str()));
            if let (Some(neg), true) = (known, cued) {
                if !out.allowed.contains(&neg) {
                    out.allowed.push(neg);
                }
            }
            continue;
        }
        let negative = match known {
            Some(n) => n,
            None if looks_plural(w)
                && !in_stop(w)
                && !NOT_NOUNS.contains(&w)
                && !PRODUCT_WORDS.contains(w)
                && !VIDEO_WORDS.contains(&w)
                && !w.chars().any(|c| c.is_ascii_digit())
                && {
                    let info = word_info(w);
                    !is_scene_word(&info) && !is_color(&info) && !info.no_props
                } =>
            {
                Negative::Other(w.to_string())
            }
            None => continue,
        };
        if !out.negatives.contains(&negative) {
            out.negatives.push(negative);
        }
    }
}

/// Props the user wants in frame: "with eucalyptus sprigs", "surrounded by rose petals".
fn read_props(tokens: &[Token], negated: &[bool], used: &[bool], out: &mut Reading) {
    let mut i = 0;
    // Where the last prop read ended: "and" right there carries on the list ("beside a
    // notebook and fountain pen").
    let mut list_end = None;
    while i < tokens.len() {
        let w = tokens[i].word.as_str();
        let trigger = PROP_TRIGGERS.contains(&w)
            || (w == "next" && tokens.get(i + 1).is_some_and(|t| t.word == "to"))
            || (w == "and" && list_end == Some(i));
        if !trigger || negated[i] {
            i += 1;
            continue;
        }
        let mut k = i + 1;
        // The user's own article or count stays with the prop ("a jar", "two lemons");
        // possessives do not ("my jar" is just "a jar" in a brief).
        let mut article: Vec<&str> = Vec::new();
        while k < tokens.len()
            && (DETERMINERS.contains(&tokens[k].word.as_str())
                || matches!(tokens[k].word.as_str(), "by" | "to" | "of"))
        {
            let w = tokens[k].word.as_str();
            if DETERMINERS.contains(&w) {
                match w {
                    "my" | "our" | "your" | "their" | "his" | "her" | "this" | "that" | "the" => {}
                    "these" | "those" => article.push("some"),
                    _ => article.push(tokens[k].text),
                }
            } else {
                article.clear();
            }
            k += 1;
        }
        let start = k;
        while k < tokens.len() && k < start + 3 {
            let t = &tokens[k];
            let w = t.word.as_str();
            // A colour that is also a thing names the thing when nothing follows it
            // ("with dried lavender"); before a noun it stays a colour ("a sage towel").
            let ends = tokens
                .get(k + 1)
                .is_none_or(|n| n.is_break() || n.ends_sentence() || in_stop(&n.word));
            if COLOURED_THINGS.contains(&w) && ends && !negated[k] {
                k += 1;
                break;
            }
            let stops = t.is_break()
                || used[k]
                || negated[k]
                || in_stop(w)
                || NEGATORS.contains(&w)
                || PROP_STOP.contains(&w)
                || PROP_TRIGGERS.contains(&w)
                || VIDEO_WORDS.contains(&w)
                || DESCRIPTORS.contains(w)
                || w.ends_with("ing")
                || {
                    // A thing the engine draws beside a product is a prop even when it also
                    // hints at a setting ("towels").
                    let info = word_info(w);
                    (is_scene_word(&info) && prompt::prop_of(w).is_none()) || info.no_props
                };
            if stops {
                break;
            }
            k += 1;
        }
        if k > start && out.props.len() < 3 {
            let mut words: Vec<&str> = article.clone();
            words.extend(tokens[start..k].iter().map(|t| t.text));
            let prop = words.join(" ");
            if !out.props.contains(&prop) {
                out.props.push(prop);
            }
            list_end = Some(k);
        }
        i = k.max(i + 1);
    }
}

/// "for new moms", "aimed at Gen Z", "targeting busy professionals".
fn read_audience(tokens: &[Token], negated: &[bool], out: &mut Reading) {
    for i in 0..tokens.len() {
        if negated[i] || !AUDIENCE_CUES.contains(&tokens[i].word.as_str()) {
            continue;
        }
        let mut start = i + 1;
        while start < tokens.len()
            && matches!(
                tokens[start].word.as_str(),
                "at" | "to" | "the" | "a" | "an" | "all"
            )
        {
            start += 1;
        }
        for k in start..(start + 4).min(tokens.len()) {
            if tokens[k].is_break() {
                break;
            }
            if let Some((lean, n)) = AUDIENCES.at(tokens, k) {
                let words: Vec<&str> = tokens[start..k + n].iter().map(|t| t.text).collect();
                let mut label = words.join(" ");
                if label.eq_ignore_ascii_case("gen z") || label.eq_ignore_ascii_case("genz") {
                    label = "Gen Z".into();
                }
                out.audience = Some((label, lean));
                return;
            }
        }
    }
}

/// "for a winter sale", "Valentine's Day", "black friday campaign".
fn read_occasion(tokens: &[Token], negated: &[bool], used: &mut [bool], out: &mut Reading) {
    for i in 0..tokens.len() {
        if used[i] || negated[i] {
            continue;
        }
        if let Some((lean, n)) = OCCASIONS.at(tokens, i) {
            let mut end = i + n;
            if tokens
                .get(end)
                .is_some_and(|t| t.word == "day" || OCCASION_NOUNS.contains(&t.word.as_str()))
            {
                end += 1;
            }
            let words: Vec<String> = tokens[i..end].iter().map(|t| t.text.to_string()).collect();
            let mut label = words.join(" ").replace(" s ", "'s ");
            // Holidays are names: "Christmas", "Black Friday"; seasons are not.
            if !matches!(
                tokens[i].word.as_str(),
                "winter"
                    | "summer"
                    | "spring"
                    | "autumn"
                    | "holiday"
                    | "holidays"
                    | "wedding"
                    | "back"
                    | "new"
            ) {
                label = label
                    .split(' ')
                    .map(|w| {
                        if OCCASION_NOUNS.contains(&w) {
                            w.to_string()
                        } else {
                            capitalize(w)
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ");
            }
            // "Black Friday" says nothing about the backdrop.
            used[i..end].iter_mut().for_each(|u| *u = true);
            out.occasion = Some((label, lean));
            return;
        }
    }
}

fn read_angle(tokens: &[Token], out: &mut Reading) {
    let text = format!(" {} ", join(tokens, |_| true));
    let has = |p: &str| text.contains(&format!(" {p} "));
    const CAMERA_PHRASES: &[&str] = &[
        "flat lay",
        "flatlay",
        "top down",
        "overhead",
        "bird s eye",
        "birds eye",
        "from above",
        "low angle",
        "from below",
        "worm s eye",
        "eye level",
        "three quarter",
        "45 degree",
        "45 degrees",
        "side view",
        "profile",
        "from the side",
        "side on",
        "straight on",
        "head on",
        "front on",
        "front facing",
    ];
    out.angle_words = CAMERA_PHRASES.iter().find(|p| has(p)).map(|p| match *p {
        "top down" => "top-down".to_string(),
        "bird s eye" | "birds eye" => "bird's-eye".to_string(),
        "worm s eye" => "worm's-eye".to_string(),
        other => other.to_string(),
    });
    out.angle = if [
        "flat lay",
        "flatlay",
        "top down",
        "overhead",
        "bird s eye",
        "birds eye",
        "from above",
    ]
    .iter()
    .any(|p| has(p))
    {
        Some(Angle::Overhead)
    } else if ["low angle", "from below", "worm s eye"]
        .iter()
        .any(|p| has(p))
    {
        Some(Angle::Low)
    } else if has("eye level") {
        Some(Angle::EyeLevel)
    } else if ["three quarter", "45 degree", "45 degrees"]
        .iter()
        .any(|p| has(p))
    {
        Some(Angle::ThreeQuarter)
    } else if ["side view", "profile", "from the side", "side on"]
        .iter()
        .any(|p| has(p))
    {
        Some(Angle::Side)
    } else if ["straight on", "head on", "front on", "front facing"]
        .iter()
        .any(|p| has(p))
    {
        Some(Angle::Front)
    } else {
        None
    };
}

fn read_motion(tokens: &[Token], negated: &[bool], used: &[bool], out: &mut Reading) {
    let joined = format!(" {} ", join(tokens, |_| true));
    let has_phrase = |p: &str| joined.contains(&format!(" {p} "));
    let mut asks = false;
    let mut refuses = STILL_PHRASES.iter().any(|p| has_phrase(p));
    for (i, t) in tokens.iter().enumerate() {
        if VIDEO_WORDS.contains(&t.word.as_str()) {
            if negated[i] {
                refuses = true;
            } else {
                asks = true;
            }
        }
    }
    asks |= VIDEO_PHRASES.iter().any(|p| has_phrase(p));
    out.video = match (asks, refuses) {
        (true, false) => Some(true),
        (_, true) => Some(false),
        (false, false) => None,
    };

    let positive = |list: &[&str]| {
        tokens
            .iter()
            .zip(negated)
            .any(|(t, &neg)| !neg && list.contains(&t.word.as_str()))
    };
    if positive(FAST_WORDS) {
        out.pace = Some(Pace::Fast);
    } else if positive(SLOW_WORDS) {
        out.pace = Some(Pace::Slow);
    }
    for (i, t) in tokens.iter().enumerate() {
        let seconds = match (t.word.as_str(), tokens.get(i + 1).map(|n| n.word.as_str())) {
            ("five", Some("second" | "seconds" | "sec" | "secs")) => Some(5),
            ("ten", Some("second" | "seconds" | "sec" | "secs")) => Some(10),
            (w, Some("second" | "seconds" | "sec" | "secs" | "s")) => w.parse().ok(),
            (w, _) => w.strip_suffix('s').and_then(|d| d.parse().ok()),
        };
        if let Some(n) = seconds.filter(|&n: &u32| (1..=60).contains(&n)) {
            out.seconds = Some(n);
            break;
        }
    }

    // Camera words only count in a request for motion: "depth" or "slide" in a photo brief
    // are not moves.
    if out.video != Some(true) {
        return;
    }
    // The product's own words are not moves ("3d printed vase").
    let motion = parse_motion(&join(tokens, |i| !used[i]));
    out.float = motion.float;
    out.sweep = motion.light_sweep;
    out.camera = if positive(ORBIT_WORDS) {
        Some(Move::Orbit)
    } else {
        match motion.camera {
            Camera::PullOut => Some(Move::PullOut),
            Camera::PanLeft => Some(Move::PanLeft),
            Camera::PanRight => Some(Move::PanRight),
            Camera::Parallax => Some(Move::Parallax),
            Camera::Orbit => Some(Move::Orbit),
            Camera::PushIn if PUSH_IN_PHRASES.iter().any(|p| has_phrase(p)) => Some(Move::PushIn),
            Camera::PushIn => None,
        }
    };
}

/// Negated scene words rule their options out, unless the negation is about a colour
/// ("no white background" avoids white, it does not rule out the studio).
fn exclusions<'t>(tokens: &'t [Token], negated: &[bool], used: &[bool]) -> Excluded {
    let mut out = Excluded::default();
    // Long messages repeat their words: read each once.
    let mut known: std::collections::HashMap<&'t str, PromptParams> = Default::default();
    let mut info =
        |w: &'t str| -> PromptParams { known.entry(w).or_insert_with(|| word_info(w)).clone() };
    let mut i = 0;
    while i < tokens.len() {
        if !negated[i] {
            i += 1;
            continue;
        }
        let mut end = i;
        while end < tokens.len() && negated[end] {
            end += 1;
        }
        let scope = &tokens[i..end];
        let about_colour = scope.iter().any(|t| is_color(&info(&t.word)));
        if !about_colour {
            for k in i..end {
                let w = tokens[k].word.as_str();
                // "no props" asks for a clean frame, it does not rule out a lifestyle scene.
                if used[k] || matches!(w, "props" | "prop" | "clutter") {
                    continue;
                }
                let p = info(w);
                out.environment.extend(p.environment);
                out.palette.extend(p.palette);
                out.lighting.extend(p.lighting);
                out.composition.extend(p.composition);
            }
        }
        i = end;
    }
    out
}

fn mentions_props(tokens: &[Token], negated: &[bool]) -> bool {
    tokens.iter().zip(negated).any(|(t, &neg)| {
        !neg && matches!(
            t.word.as_str(),
            "props" | "prop" | "clutter" | "cluttered" | "busy"
        )
    })
}

/// Asks that cannot both hold in one picture.
fn conflict(tokens: &[Token], negated: &[bool], reading: &Reading) -> Option<Conflict> {
    let joined = format!(" {} ", join(tokens, |_| true));
    let find = |words: &[&str]| -> Option<String> {
        words.iter().find_map(|w| {
            if w.contains(' ') {
                joined.contains(&format!(" {w} ")).then(|| w.to_string())
            } else {
                tokens
                    .iter()
                    .zip(negated)
                    .find(|(t, &neg)| !neg && t.word == *w)
                    .map(|(t, _)| t.word.clone())
            }
        })
    };
    let options = |a: &str, b: &str, c: &str| [a.to_string(), b.to_string(), c.to_string()];
    let pair = |first: String, second: String, opts: [String; 3]| {
        Some(Conflict {
            first,
            second,
            options: opts,
        })
    };

    const DAY: &[&str] = &[
        "bright daylight",
        "broad daylight",
        "daylight",
        "midday",
        "noon",
        "sunny",
        "sunshine",
        "daytime",
    ];
    const NIGHT: &[&str] = &[
        "midnight",
        "nighttime",
        "night",
        "moonlight",
        "moonlit",
        "after dark",
    ];
    const NOON: &[&str] = &["midday", "noon"];
    const GOLDEN: &[&str] = &["golden hour", "sunset", "sunrise", "dusk", "dawn"];
    const MINIMAL: &[&str] = &[
        "minimal",
        "minimalist",
        "minimalistic",
        "sparse",
        "uncluttered",
    ];
    const CLUTTERED: &[&str] = &[
        "cluttered",
        "clutter",
        "busy",
        "maximalist",
        "crowded",
        "messy",
    ];
    const INDOOR: &[&str] = &["indoors", "indoor"];
    const OUTDOOR: &[&str] = &["outdoors", "outdoor", "outside"];

    if let (Some(a), Some(b)) = (find(DAY), find(NIGHT)) {
        return pair(
            a,
            b,
            options(
                "Go with bright daylight",
                "Go with a moody night scene",
                "Try golden hour instead",
            ),
        );
    }
    if let (Some(a), Some(b)) = (find(NOON), find(GOLDEN)) {
        return pair(
            a,
            b,
            options(
                "Go with midday light",
                "Go with golden hour",
                "Try soft, even light",
            ),
        );
    }
    if let (Some(a), Some(b)) = (find(MINIMAL), find(CLUTTERED)) {
        return pair(
            a,
            b,
            options(
                "Keep it minimal",
                "Go for a busy, styled scene",
                "Minimal with a few props",
            ),
        );
    }
    if let (Some(a), Some(b)) = (find(INDOOR), find(OUTDOOR)) {
        return pair(
            a,
            b,
            options("Shoot it indoors", "Shoot it outdoors", "Try a sunny patio"),
        );
    }
    if let Some(c) = reading
        .scene_colors
        .iter()
        .find(|c| reading.avoid_colors.iter().any(|a| a.name == c.name))
    {
        let name = c.name;
        return pair(
            format!("on {name}"),
            format!("no {name}"),
            [
                format!("Use a {name} backdrop"),
                format!("No {name} at all"),
                "Try a beige backdrop instead".to_string(),
            ],
        );
    }
    if reading.allowed.contains(&Negative::People) && reading.negatives.contains(&Negative::People)
    {
        return pair(
            "people in the shot".into(),
            "no people".into(),
            options(
                "Include a model holding it",
                "No people in the shot",
                "Show just a hand holding it",
            ),
        );
    }
    None
}

/// Greetings, thanks, "help", "go ahead": messages made only of such words.
fn talk(tokens: &[Token]) -> Option<Talk> {
    let words: Vec<&str> = tokens
        .iter()
        .filter(|t| !t.is_break())
        .map(|t| t.word.as_str())
        .collect();
    if words.is_empty() {
        return None;
    }
    let all_in = |lists: &[&[&str]]| {
        words
            .iter()
            .all(|w| lists.iter().any(|l| l.contains(w)) || FILLER_WORDS.contains(w))
    };
    let any_in = |list: &[&str]| words.iter().any(|w| list.contains(w));
    let capability_question = any_in(&["what", "how"]) && any_in(&["can", "do", "does", "work"]);
    if all_in(&[HELP_WORDS, GREETING_WORDS]) && (any_in(HELP_WORDS) || capability_question) {
        Some(Talk::Help)
    } else if all_in(&[GREETING_WORDS, THANKS_WORDS, CONFIRM_WORDS]) && any_in(THANKS_WORDS) {
        Some(Talk::Thanks)
    } else if all_in(&[GREETING_WORDS]) && any_in(GREETING_WORDS) {
        Some(Talk::Greeting)
    } else if all_in(&[CONFIRM_WORDS, GREETING_WORDS]) && any_in(CONFIRM_WORDS) {
        Some(Talk::Confirm)
    } else {
        None
    }
}
