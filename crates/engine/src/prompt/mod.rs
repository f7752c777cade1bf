// Long by nature: the parser's types and its one reading of a prompt; word tables live apart.
//! Prompt understanding: English free text to engine parameters.
//!
//! A small vocabulary of words and phrases, each voting for options with a weight. Phrases
//! match longest first ("golden hour" before "golden"), negation ("no", "not", "without" …)
//! turns the votes of the next few words into exclusions, and words the vocabulary does not
//! know are ignored, so any text parses. Explicit choices from the Generate panel always win
//! (see [`PromptParams::resolve`]).

use domain::{ColorPalette, Composition, Environment, Lighting};

use crate::scene::props::{Fruit, PropKind, Stems};

/// The product mockups the engine can draw when there is no reference photo.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ProductKind {
    Bottle,
    Jar,
    Tube,
    Box,
    Can,
    Pouch,
    Cup,
    Phone,
}

impl ProductKind {
    pub const ALL: &'static [ProductKind] = &[
        ProductKind::Bottle,
        ProductKind::Jar,
        ProductKind::Tube,
        ProductKind::Box,
        ProductKind::Can,
        ProductKind::Pouch,
        ProductKind::Cup,
        ProductKind::Phone,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            ProductKind::Bottle => "bottle",
            ProductKind::Jar => "jar",
            ProductKind::Tube => "tube",
            ProductKind::Box => "box",
            ProductKind::Can => "can",
            ProductKind::Pouch => "pouch",
            ProductKind::Cup => "cup",
            ProductKind::Phone => "phone",
        }
    }
}

/// Where the product is staged: the place actually painted. Each of the five environments
/// has its own setting, and sellers' most asked-for places have theirs; a setting belongs to
/// the environment nearest to it, which the Generate panel's options and the assistant see.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Setting {
    Marble,
    Bathroom,
    Studio,
    Garden,
    Bedroom,
    KitchenCounter,
    WoodenTable,
    Desk,
    Shelf,
    Cafe,
    OutdoorCafe,
    Beach,
    Windowsill,
    Vanity,
    Tray,
    CuttingBoard,
    StoneSlab,
    BedsideTable,
}

impl Setting {
    pub const ALL: &'static [Setting] = &[
        Setting::Marble,
        Setting::Bathroom,
        Setting::Studio,
        Setting::Garden,
        Setting::Bedroom,
        Setting::KitchenCounter,
        Setting::WoodenTable,
        Setting::Desk,
        Setting::Shelf,
        Setting::Cafe,
        Setting::OutdoorCafe,
        Setting::Beach,
        Setting::Windowsill,
        Setting::Vanity,
        Setting::Tray,
        Setting::CuttingBoard,
        Setting::StoneSlab,
        Setting::BedsideTable,
    ];

    /// The setting an environment is painted as when nothing more specific is asked for.
    pub fn of(environment: Environment) -> Setting {
        match environment {
            Environment::LuxuryMarble => Setting::Marble,
            Environment::CleanBathroom => Setting::Bathroom,
            Environment::ProfessionalStudio => Setting::Studio,
            Environment::NaturalOutdoor => Setting::Garden,
            Environment::CozyBedroom => Setting::Bedroom,
        }
    }

    /// The nearest of the five environments.
    pub fn environment(self) -> Environment {
        match self {
            Setting::Marble | Setting::Tray | Setting::StoneSlab => Environment::LuxuryMarble,
            Setting::Bathroom
            | Setting::KitchenCounter
            | Setting::Vanity
            | Setting::CuttingBoard => Environment::CleanBathroom,
            Setting::Studio | Setting::Desk => Environment::ProfessionalStudio,
            Setting::Garden | Setting::OutdoorCafe | Setting::Beach => Environment::NaturalOutdoor,
            Setting::Bedroom
            | Setting::WoodenTable
            | Setting::Shelf
            | Setting::Cafe
            | Setting::Windowsill
            | Setting::BedsideTable => Environment::CozyBedroom,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Setting::Marble => "marble",
            Setting::Bathroom => "bathroom",
            Setting::Studio => "studio",
            Setting::Garden => "garden",
            Setting::Bedroom => "bedroom",
            Setting::KitchenCounter => "kitchen counter",
            Setting::WoodenTable => "wooden table",
            Setting::Desk => "desk",
            Setting::Shelf => "shelf",
            Setting::Cafe => "café",
            Setting::OutdoorCafe => "outdoor café",
            Setting::Beach => "beach",
            Setting::Windowsill => "windowsill",
            Setting::Vanity => "bathroom vanity",
            Setting::Tray => "tray",
            Setting::CuttingBoard => "cutting board",
            Setting::StoneSlab => "stone slab",
            Setting::BedsideTable => "bedside table",
        }
    }

    /// What is painted, in a seller's words: "on a wooden windowsill before a bright window".
    pub fn describe(self) -> &'static str {
        match self {
            Setting::Marble => "on a polished marble counter",
            Setting::Bathroom => "on a bathroom counter before a tiled wall",
            Setting::Studio => "on a seamless studio backdrop",
            Setting::Garden => "on a wooden table in a garden",
            Setting::Bedroom => "on linen bed sheets in a bedroom",
            Setting::KitchenCounter => "on a butcher-block kitchen counter",
            Setting::WoodenTable => "on a wooden table",
            Setting::Desk => "on a wooden desk",
            Setting::Shelf => "on a wooden shelf",
            Setting::Cafe => "on a marble café table",
            Setting::OutdoorCafe => "on a bistro table at an outdoor café",
            Setting::Beach => "on the sand of a beach",
            Setting::Windowsill => "on a wooden windowsill before a bright window",
            Setting::Vanity => "on a bathroom vanity by the sink",
            Setting::Tray => "on a wooden tray on a marble counter",
            Setting::CuttingBoard => "on a wooden cutting board on a kitchen counter",
            Setting::StoneSlab => "on a grey stone slab",
            Setting::BedsideTable => "on a wooden bedside table",
        }
    }

    /// Whether the painting of this setting shows `noun` (a seller's word for a place or a
    /// surface): a vanity shows its sink, a garden no shelf.
    pub fn shows(self, noun: &str) -> bool {
        let noun = singular(noun)
            .filter(|_| !noun.ends_with("ss"))
            .unwrap_or(noun);
        let words: &[&str] = match self {
            Setting::Marble => &[
                "marble",
                "counter",
                "countertop",
                "surface",
                "stone",
                "wall",
            ],
            Setting::Bathroom => &[
                "bathroom",
                "counter",
                "countertop",
                "tile",
                "wall",
                "mirror",
                "surface",
                "terrazzo",
                "washroom",
                "spa",
            ],
            Setting::Studio => &[
                "studio",
                "backdrop",
                "background",
                "sweep",
                "paper",
                "surface",
                "wall",
            ],
            Setting::Garden => &[
                "garden", "table", "outdoor", "outdoors", "outside", "foliage", "greenery", "sky",
                "nature", "park", "patio", "wood",
            ],
            Setting::Bedroom => &[
                "bedroom",
                "bed",
                "sheet",
                "linen",
                "headboard",
                "wall",
                "duvet",
                "room",
            ],
            Setting::KitchenCounter => &[
                "kitchen",
                "counter",
                "countertop",
                "block",
                "cabinet",
                "tile",
                "wall",
            ],
            Setting::WoodenTable => &["table", "tabletop", "wood", "wall", "surface", "room"],
            Setting::Desk => &["desk", "office", "workspace", "wall", "surface", "table"],
            Setting::Shelf => &["shelf", "shelve", "wall", "board", "ledge", "mantel"],
            Setting::Cafe => &["cafe", "café", "table", "coffeehouse", "bistro"],
            Setting::OutdoorCafe => &[
                "cafe", "café", "terrace", "street", "table", "sidewalk", "pavement", "outdoor",
                "outdoors", "city",
            ],
            Setting::Beach => &["beach", "sand", "sea", "ocean", "shore", "seaside", "coast"],
            Setting::Windowsill => &["windowsill", "sill", "window", "ledge", "wood", "room"],
            Setting::Vanity => &[
                "bathroom",
                "vanity",
                "sink",
                "basin",
                "washbasin",
                "counter",
                "countertop",
                "tile",
                "wall",
                "tap",
                "faucet",
                "washroom",
            ],
            Setting::Tray => &["tray", "marble", "counter", "countertop", "surface"],
            Setting::CuttingBoard => &[
                "board",
                "kitchen",
                "counter",
                "countertop",
                "wall",
                "wood",
                "tile",
            ],
            Setting::StoneSlab => &["stone", "slab", "slate", "surface", "concrete", "wall"],
            Setting::BedsideTable => &[
                "bedside",
                "nightstand",
                "table",
                "bedroom",
                "bed",
                "wall",
                "wood",
                "room",
            ],
        };
        words.contains(&noun)
    }
}

/// Empty space the seller wants kept free of the product and props, for text laid over the
/// picture later: "room for text at the top", "copy space on the left", "negative space".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Space {
    Top,
    Left,
    Right,
}

impl Space {
    pub fn describe(self) -> &'static str {
        match self {
            Space::Top => "empty space for text at the top",
            Space::Left => "empty space for text on the left",
            Space::Right => "empty space for text on the right",
        }
    }
}

/// The feeling the prompt asks for; it leans palette and lighting when they are not named.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mood {
    Moody,
    Fresh,
    Romantic,
    Playful,
    Calm,
    Luxurious,
    Energetic,
    Cozy,
    Minimal,
    Natural,
}

/// "dark marble", "light wood": how light the surfaces should be.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tone {
    Light,
    Dark,
}

/// A modifier on a colour word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shade {
    Normal,
    Pale,
    Deep,
    Vivid,
}

/// A colour named in the prompt, with its modifier applied to `rgb`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct NamedColor {
    pub name: &'static str,
    pub shade: Shade,
    pub rgb: [u8; 3],
}

/// What a prompt asks for. `None` means the prompt did not say.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PromptParams {
    pub environment: Option<Environment>,
    pub palette: Option<ColorPalette>,
    pub lighting: Option<Lighting>,
    pub composition: Option<Composition>,
    pub product: Option<ProductKind>,
    /// The colour written right before the product word ("amber perfume bottle").
    pub product_color: Option<NamedColor>,
    /// Other colours, in order: backdrops, surfaces, props.
    pub scene_colors: Vec<NamedColor>,
    /// Colours the prompt rules out ("not on white").
    pub avoid_colors: Vec<NamedColor>,
    /// Colours of the props beside the product ("with a blush pink jar", "with white
    /// peonies"): theirs, not the backdrop's.
    pub prop_colors: Vec<NamedColor>,
    pub moods: Vec<Mood>,
    pub tone: Option<Tone>,
    /// "no props", "without clutter".
    pub no_props: bool,
    /// The place named, when it is more specific than an environment ("kitchen counter").
    pub setting: Option<Setting>,
    /// Seen from directly above: "flat lay", "top-down", "overhead".
    pub top_down: bool,
    /// Things the prompt puts beside the product ("with eucalyptus and a candle") that the
    /// engine draws, in order, at most three.
    pub props: Vec<PropKind>,
    /// Room kept empty for text.
    pub space: Option<Space>,
}

/// The four scene options after applying explicit choices, the prompt and the defaults.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SceneChoice {
    pub environment: Environment,
    pub palette: ColorPalette,
    pub lighting: Lighting,
    pub composition: Composition,
}

impl PromptParams {
    /// Explicit choice, else what the prompt says, else the default. A palette left
    /// open follows the light: golden hour is warm, dramatic shadows bold.
    pub fn resolve(
        &self,
        environment: Option<Environment>,
        palette: Option<ColorPalette>,
        lighting: Option<Lighting>,
        composition: Option<Composition>,
    ) -> SceneChoice {
        let lighting = lighting.or(self.lighting).unwrap_or_default();
        let by_light = match lighting {
            Lighting::GoldenHour => Some(ColorPalette::WarmCozy),
            _ => None,
        };
        SceneChoice {
            environment: environment.or(self.environment).unwrap_or_default(),
            palette: palette.or(self.palette).or(by_light).unwrap_or_default(),
            lighting,
            composition: composition.or(self.composition).unwrap_or_default(),
        }
    }

    /// The place to paint for `environment`: the prompt's setting when it belongs to that
    /// environment, else the environment's own.
    pub fn setting_for(&self, environment: Environment) -> Setting {
        self.setting
            .filter(|s| s.environment() == environment)
            .unwrap_or(Setting::of(environment))
    }
}

#[derive(Clone, Copy)]
enum Vote {
    Env(Environment, f32),
    Pal(ColorPalette, f32),
    Light(Lighting, f32),
    Comp(Composition, f32),
    Product(ProductKind),
    Mood(Mood),
    Props,
    /// A specific place; also votes for its environment with the same weight.
    Set(Setting, f32),
    TopDown,
}

use ColorPalette as P;
use Composition as C;
use Environment as E;
use Lighting as L;
use Setting as S;
use Vote::*;

mod vocabulary;
mod words;

use vocabulary::*;
pub use words::prop_of;
use words::*;

/// Reads a prompt. Never fails: unknown words are ignored.
pub fn parse(prompt: &str) -> PromptParams {
    let tokens = tokenize(prompt);
    let mut out = PromptParams::default();
    let mut tally = Tally::default();
    read_words(&tokens, &mut out, &mut tally);
    lean_on_moods(&out.moods, &mut tally);
    if out.no_props {
        tally.comp.vote(C::ProductHero, 0.5, usize::MAX, false);
    }
    let colors = std::mem::take(&mut tally.colors);
    assign_colors(&tokens, colors, tally.product_span, &mut out);

    out.environment = tally.env.best();
    // The place painted belongs to the environment chosen: "a bathroom shelf by the sink"
    // is the bathroom's vanity, not a shelf in some other room.
    out.setting = match out.environment {
        Some(e) => tally.place.best_where(|s| s.environment() == e),
        None => tally.place.best(),
    };
    out.props = props_of(&tokens);
    out.space = space_of(&tokens);
    out.palette = tally.pal.best();
    out.lighting = tally.light.best();
    out.composition = tally.comp.best();
    out
}

/// What the words voted for, gathered while reading.
#[derive(Default)]
struct Tally {
    env: Scores<Environment>,
    pal: Scores<ColorPalette>,
    light: Scores<Lighting>,
    comp: Scores<Composition>,
    place: Scores<Setting>,
    /// Colours seen, with the token index after them, to decide product vs scene later.
    colors: Vec<(NamedColor, usize)>,
    /// Where the product's noun phrase starts and ends ("amber glass perfume bottle").
    product_span: Option<(usize, usize)>,
}

/// Where reading goes on after looking for a colour at a word.
enum AfterColor {
    /// The colour (and what it qualified) is used up: read on from this word.
    Next(usize),
    /// Read the phrase at `at`; afterwards skip at least to `skip_to`.
    Phrase { at: usize, skip_to: usize },
}

/// Reads the words in order: negation scopes, tone words, colours and vocabulary phrases,
/// each phrase's votes cast into `tally` or set on `out`.
fn read_words(tokens: &[String], out: &mut PromptParams, tally: &mut Tally) {
    let mut negated_until = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let word = tokens[i].as_str();
        if SCOPE_BREAKS.contains(&word) {
            negated_until = 0;
            i += 1;
            continue;
        }
        if NEGATORS.contains(&word) {
            negated_until = i + 1 + NEGATION_REACH;
            i += 1;
            continue;
        }
        let negated = i < negated_until;

        // A tone word qualifying a surface: "dark marble".
        if let (Some(tone), Some(next)) = (tone_of(word), tokens.get(i + 1)) {
            if SURFACES.contains(&next.as_str()) && !negated {
                out.tone = Some(tone);
                i += 1;
                continue;
            }
        }

        let skip_to = match read_color(tokens, i, negated, out, tally) {
            AfterColor::Next(next) => {
                i = next;
                continue;
            }
            AfterColor::Phrase { at, skip_to } => {
                i = at;
                skip_to
            }
        };

        let Some((votes, n)) = match_phrase(tokens, i) else {
            i += 1;
            continue;
        };
        for vote in votes {
            cast(*vote, (i, n), negated, tokens, out, tally);
        }
        i = (i + n).max(skip_to);
    }
}

/// A colour at word `i`, maybe after a shade word ("pale pink"): the surface's tone, a
/// colour to avoid, or one to place later.
fn read_color(
    tokens: &[String],
    i: usize,
    negated: bool,
    out: &mut PromptParams,
    tally: &mut Tally,
) -> AfterColor {
    let shade = shade_of(tokens[i].as_str());
    let at = if shade.is_some() { i + 1 } else { i };
    let Some((name, rgb, n)) = match_color(tokens, at) else {
        return AfterColor::Phrase { at: i, skip_to: i };
    };
    let shade = shade.unwrap_or(Shade::Normal);
    let color = NamedColor {
        name,
        shade,
        rgb: apply_shade(rgb, shade),
    };
    // A colour of the surface itself ("white and gold-veined marble") is the
    // surface's tone, which the setting paints; it never recolours the wall.
    let mut k = at + n;
    while k < tokens.len()
        && k < at + n + 4
        && (matches!(tokens[k].as_str(), "and" | "veined" | "polished" | "honed")
            || match_color(tokens, k).is_some())
    {
        k += 1;
    }
    if !negated
        && tokens
            .get(k)
            .is_some_and(|t| SURFACES.contains(&t.as_str()))
    {
        let light = color.rgb.iter().map(|&c| c as u32).sum::<u32>() > 3 * 150;
        out.tone = out
            .tone
            .or(Some(if light { Tone::Light } else { Tone::Dark }));
        return AfterColor::Next(k);
    }
    if negated {
        out.avoid_colors.push(color);
    } else {
        tally.colors.push((color, at + n));
    }
    // Colour words that are also vocabulary ("cream", "sky blue", "white background")
    // still vote, unless they qualify a product word ("cream jar").
    let next = tokens[at + n..]
        .iter()
        .position(|t| !MATERIALS.contains(&t.as_str()))
        .map_or(tokens.len(), |k| at + n + k);
    let before_product = match_phrase(tokens, next)
        .is_some_and(|(votes, _)| votes.iter().any(|v| matches!(v, Product(_))));
    let skip_to = at + n;
    if before_product || match_phrase(tokens, at).is_none() {
        return AfterColor::Next(skip_to);
    }
    AfterColor::Phrase { at, skip_to }
}

/// Casts one vote of the phrase of `n` words at word `i`.
fn cast(
    vote: Vote,
    (i, n): (usize, usize),
    negated: bool,
    tokens: &[String],
    out: &mut PromptParams,
    tally: &mut Tally,
) {
    match vote {
        Env(e, w) => tally.env.vote(e, w, i, negated),
        Pal(p, w) => tally.pal.vote(p, w, i, negated),
        Light(l, w) => tally.light.vote(l, w, i, negated),
        Comp(c, w) => tally.comp.vote(c, w, i, negated),
        Product(kind) if !negated => match tally.product_span {
            None => {
                out.product = Some(kind);
                tally.product_span = Some((i, i + n));
            }
            // The head noun is the last of a run: "perfume bottle", "glass jar".
            Some((start, end))
                if i == end || (i == end + 1 && MATERIALS.contains(&tokens[end].as_str())) =>
            {
                out.product = Some(kind);
                tally.product_span = Some((start, i + n));
            }
            Some(_) => {}
        },
        Product(_) => {}
        Mood(m) if !negated && !out.moods.contains(&m) => out.moods.push(m),
        Mood(_) => {}
        Props if negated => out.no_props = true,
        Props => tally.comp.vote(C::LifestyleContext, 0.8, i, false),
        Set(s, w) => {
            tally.place.vote(s, w, i, negated);
            tally.env.vote(s.environment(), w, i, negated);
        }
        TopDown if !negated => out.top_down = true,
        TopDown => {}
    }
}

/// Moods lean the palette and light a little, below any direct mention.
fn lean_on_moods(moods: &[Mood], tally: &mut Tally) {
    let (light, pal) = (&mut tally.light, &mut tally.pal);
    for (k, mood) in moods.iter().enumerate() {
        let at = usize::MAX - moods.len() + k;
        match mood {
            Mood::Moody => light.vote(L::DramaticShadows, 0.3, at, false),
            Mood::Fresh => light.vote(L::NaturalDaylight, 0.3, at, false),
            Mood::Romantic => light.vote(L::GoldenHour, 0.3, at, false),
            Mood::Cozy => light.vote(L::GoldenHour, 0.3, at, false),
            Mood::Calm | Mood::Minimal => light.vote(L::SoftEven, 0.3, at, false),
            Mood::Luxurious => pal.vote(P::WarmCozy, 0.3, at, false),
            Mood::Energetic => light.vote(L::NaturalDaylight, 0.3, at, false),
            Mood::Natural => light.vote(L::NaturalDaylight, 0.3, at, false),
            Mood::Playful => light.vote(L::SoftEven, 0.3, at, false),
        }
    }
}

/// Gives each colour seen to the product, a prop or the scene.
fn assign_colors(
    tokens: &[String],
    colors: Vec<(NamedColor, usize)>,
    product_span: Option<(usize, usize)>,
    out: &mut PromptParams,
) {
    let subject = subject_span(tokens);
    for (color, end) in colors {
        // The colour of the product when the product word follows within two words and no
        // scene noun comes first.
        let qualifies_product = product_span.is_some_and(|(p, _)| p >= end && p <= end + 1)
            && !tokens[end..]
                .iter()
                .take(2)
                .any(|t| SCENE_NOUNS.contains(&t.as_str()));
        // A colour inside the named subject ("photograph of matte black headphones") is the
        // product's whatever its noun.
        let in_subject = subject.is_some_and(|(a, b)| end > a && end <= b);
        if in_subject {
            if out.product_color.is_none() {
                out.product_color = Some(color);
            }
        } else if qualifies_product && out.product_color.is_none() {
            out.product_color = Some(color);
        } else if qualifies_prop(tokens, end) {
            out.prop_colors.push(color);
        } else {
            out.scene_colors.push(color);
        }
    }
}

/// Votes per option: positive weights, first mention breaks ties, negation excludes.
struct Scores<T> {
    entries: Vec<(T, f32, usize)>,
    excluded: Vec<T>,
}

impl<T> Default for Scores<T> {
    fn default() -> Self {
        Scores {
            entries: Vec::new(),
            excluded: Vec::new(),
        }
    }
}

impl<T: Copy + PartialEq> Scores<T> {
    fn vote(&mut self, option: T, weight: f32, at: usize, negated: bool) {
        if negated {
            self.excluded.push(option);
            return;
        }
        match self.entries.iter_mut().find(|(o, _, _)| *o == option) {
            Some(entry) => entry.1 += weight,
            None => self.entries.push((option, weight, at)),
        }
    }

    fn best(&self) -> Option<T> {
        self.best_where(|_| true)
    }

    fn best_where(&self, keep: impl Fn(&T) -> bool) -> Option<T> {
        self.entries
            .iter()
            .filter(|(o, _, _)| !self.excluded.contains(o) && keep(o))
            .fold(None::<&(T, f32, usize)>, |best, e| match best {
                Some(b) if b.1 > e.1 || (b.1 == e.1 && b.2 <= e.2) => Some(b),
                _ => Some(e),
            })
            .map(|e| e.0)
    }
}

#[cfg(test)]
mod tests;

/// The colour word nearest to `rgb` (plain RGB distance, weighted toward green as the eye is).
pub fn nearest_color_name(rgb: [u8; 3]) -> &'static str {
    let distance = |c: [u8; 3]| {
        let d = |i: usize, w: i32| w * (i32::from(rgb[i]) - i32::from(c[i])).pow(2);
        d(0, 3) + d(1, 4) + d(2, 2)
    };
    COLORS
        .iter()
        .min_by_key(|(_, c)| distance(*c))
        .map_or("white", |(name, _)| name)
}

/// The product's dominant colour words in a photo (the product cut out from its backdrop),
/// most covered first: those covering at least 12 % of the product, at most `limit`.
pub fn product_colors(photo: &[u8], limit: usize) -> Result<Vec<&'static str>, crate::EngineError> {
    let image = crate::codec::decode(photo, crate::codec::MAX_DIMENSION)?;
    let cut = crate::cutout::cut_out(&image, &mut crate::NoProgress)?;
    let mut counts: Vec<(&'static str, u32)> = Vec::new();
    let mut total = 0u32;
    for pixel in cut.image.pixels().filter(|p| p[3] >= 200) {
        let name = nearest_color_name([pixel[0], pixel[1], pixel[2]]);
        total += 1;
        match counts.iter_mut().find(|(n, _)| *n == name) {
            Some((_, count)) => *count += 1,
            None => counts.push((name, 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    Ok(counts
        .into_iter()
        .filter(|(_, count)| total > 0 && *count * 100 >= total * 12)
        .take(limit)
        .map(|(name, _)| name)
        .collect())
}

#[cfg(test)]
mod color_tests {
    use super::*;

    #[test]
    fn a_red_product_on_white_reads_as_red() {
        let photo = image::RgbaImage::from_fn(120, 160, |x, y| {
            let inside = (30..90).contains(&x) && (30..140).contains(&y);
            if inside {
                image::Rgba([198, 38, 46, 255])
            } else {
                image::Rgba([248, 248, 248, 255])
            }
        });
        let mut png = Vec::new();
        image::DynamicImage::ImageRgba8(photo)
            .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
            .unwrap();
        assert_eq!(product_colors(&png, 2).unwrap(), ["red"]);
        assert_eq!(nearest_color_name([214, 128, 30]), "amber");
    }
}
