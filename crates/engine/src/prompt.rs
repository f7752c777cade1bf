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

/// Phrases (space-separated lowercase words) and their votes. Weight 1 is a direct mention,
/// less is a hint.
const VOCABULARY: &[(&str, &[Vote])] = &[
    // Environments.
    ("marble", &[Env(E::LuxuryMarble, 1.0)]),
    ("onyx", &[Env(E::LuxuryMarble, 1.0)]),
    ("travertine", &[Env(E::LuxuryMarble, 1.0)]),
    ("granite", &[Env(E::LuxuryMarble, 0.8)]),
    ("stone countertop", &[Env(E::LuxuryMarble, 0.9)]),
    (
        "luxury",
        &[Env(E::LuxuryMarble, 0.6), Mood(Mood::Luxurious)],
    ),
    (
        "luxurious",
        &[Env(E::LuxuryMarble, 0.6), Mood(Mood::Luxurious)],
    ),
    (
        "elegant",
        &[Env(E::LuxuryMarble, 0.4), Mood(Mood::Luxurious)],
    ),
    (
        "premium",
        &[Env(E::LuxuryMarble, 0.4), Mood(Mood::Luxurious)],
    ),
    (
        "opulent",
        &[Env(E::LuxuryMarble, 0.6), Mood(Mood::Luxurious)],
    ),
    ("bathroom", &[Env(E::CleanBathroom, 1.0)]),
    ("bathroom counter", &[Env(E::CleanBathroom, 1.2)]),
    ("bath", &[Env(E::CleanBathroom, 0.9)]),
    ("bathtub", &[Env(E::CleanBathroom, 1.0)]),
    ("sink", &[Set(S::Vanity, 0.9)]),
    ("basin", &[Set(S::Vanity, 0.9)]),
    ("washbasin", &[Set(S::Vanity, 1.0)]),
    ("vanity", &[Set(S::Vanity, 1.0)]),
    ("bathroom vanity", &[Set(S::Vanity, 1.3)]),
    ("bathroom sink", &[Set(S::Vanity, 1.3)]),
    ("shower", &[Env(E::CleanBathroom, 1.0)]),
    ("spa", &[Env(E::CleanBathroom, 0.9), Mood(Mood::Calm)]),
    ("tile", &[Env(E::CleanBathroom, 0.8)]),
    ("tiles", &[Env(E::CleanBathroom, 0.8)]),
    ("tiled", &[Env(E::CleanBathroom, 0.8)]),
    ("washroom", &[Env(E::CleanBathroom, 1.0)]),
    ("towel", &[Env(E::CleanBathroom, 0.5)]),
    ("studio", &[Env(E::ProfessionalStudio, 1.0)]),
    ("seamless", &[Env(E::ProfessionalStudio, 1.0)]),
    ("backdrop", &[Env(E::ProfessionalStudio, 0.6)]),
    ("background", &[Env(E::ProfessionalStudio, 0.3)]),
    ("plain background", &[Env(E::ProfessionalStudio, 1.0)]),
    (
        "white background",
        &[Env(E::ProfessionalStudio, 1.0), Pal(P::NeutralClean, 0.6)],
    ),
    (
        "e commerce",
        &[Env(E::ProfessionalStudio, 1.0), Comp(C::ProductHero, 0.6)],
    ),
    (
        "ecommerce",
        &[Env(E::ProfessionalStudio, 1.0), Comp(C::ProductHero, 0.6)],
    ),
    (
        "catalog",
        &[Env(E::ProfessionalStudio, 0.8), Comp(C::ProductHero, 0.8)],
    ),
    (
        "catalogue",
        &[Env(E::ProfessionalStudio, 0.8), Comp(C::ProductHero, 0.8)],
    ),
    (
        "packshot",
        &[Env(E::ProfessionalStudio, 0.8), Comp(C::ProductHero, 1.0)],
    ),
    ("isolated", &[Env(E::ProfessionalStudio, 0.7)]),
    ("outdoor", &[Env(E::NaturalOutdoor, 1.0)]),
    ("outdoors", &[Env(E::NaturalOutdoor, 1.0)]),
    ("outside", &[Env(E::NaturalOutdoor, 1.0)]),
    (
        "nature",
        &[Env(E::NaturalOutdoor, 1.0), Mood(Mood::Natural)],
    ),
    ("garden", &[Env(E::NaturalOutdoor, 1.0)]),
    ("park", &[Env(E::NaturalOutdoor, 0.9)]),
    ("forest", &[Env(E::NaturalOutdoor, 1.0)]),
    ("woods", &[Env(E::NaturalOutdoor, 1.0)]),
    ("beach", &[Set(S::Beach, 1.0), Pal(P::CoolFresh, 0.4)]),
    ("ocean", &[Set(S::Beach, 0.8), Pal(P::CoolFresh, 0.6)]),
    ("sea", &[Set(S::Beach, 0.8), Pal(P::CoolFresh, 0.5)]),
    ("mountain", &[Env(E::NaturalOutdoor, 1.0)]),
    ("mountains", &[Env(E::NaturalOutdoor, 1.0)]),
    ("grass", &[Env(E::NaturalOutdoor, 0.9)]),
    ("leaves", &[Env(E::NaturalOutdoor, 0.7)]),
    ("foliage", &[Env(E::NaturalOutdoor, 0.9)]),
    ("greenery", &[Env(E::NaturalOutdoor, 0.9)]),
    ("sky", &[Env(E::NaturalOutdoor, 0.8)]),
    ("picnic", &[Env(E::NaturalOutdoor, 1.0)]),
    ("patio", &[Env(E::NaturalOutdoor, 0.9)]),
    ("balcony", &[Env(E::NaturalOutdoor, 0.8)]),
    ("meadow", &[Env(E::NaturalOutdoor, 1.0)]),
    ("field", &[Env(E::NaturalOutdoor, 0.7)]),
    ("tropical", &[Env(E::NaturalOutdoor, 0.8)]),
    ("jungle", &[Env(E::NaturalOutdoor, 1.0)]),
    ("bedroom", &[Env(E::CozyBedroom, 1.0)]),
    ("bed", &[Env(E::CozyBedroom, 0.9)]),
    ("bedside", &[Set(S::BedsideTable, 1.0)]),
    ("bedside table", &[Set(S::BedsideTable, 1.3)]),
    ("nightstand", &[Set(S::BedsideTable, 1.1)]),
    ("night stand", &[Set(S::BedsideTable, 1.1)]),
    ("sheets", &[Env(E::CozyBedroom, 0.8)]),
    ("linen", &[Env(E::CozyBedroom, 0.6)]),
    ("blanket", &[Env(E::CozyBedroom, 0.8)]),
    ("pillow", &[Env(E::CozyBedroom, 0.8)]),
    ("duvet", &[Env(E::CozyBedroom, 1.0)]),
    ("sofa", &[Env(E::CozyBedroom, 0.6)]),
    ("couch", &[Env(E::CozyBedroom, 0.6)]),
    ("living room", &[Env(E::CozyBedroom, 0.6)]),
    ("home", &[Env(E::CozyBedroom, 0.3)]),
    // Places sellers ask for most, each painted as itself.
    ("kitchen", &[Set(S::KitchenCounter, 1.0)]),
    ("kitchen counter", &[Set(S::KitchenCounter, 1.3)]),
    ("kitchen countertop", &[Set(S::KitchenCounter, 1.3)]),
    ("kitchen island", &[Set(S::KitchenCounter, 1.3)]),
    ("butcher block", &[Set(S::KitchenCounter, 1.1)]),
    ("cutting board", &[Set(S::CuttingBoard, 1.3)]),
    ("chopping board", &[Set(S::CuttingBoard, 1.3)]),
    ("serving board", &[Set(S::CuttingBoard, 1.2)]),
    ("bread board", &[Set(S::CuttingBoard, 1.2)]),
    ("wooden board", &[Set(S::CuttingBoard, 1.0)]),
    ("windowsill", &[Set(S::Windowsill, 1.3)]),
    ("window sill", &[Set(S::Windowsill, 1.3)]),
    ("window ledge", &[Set(S::Windowsill, 1.3)]),
    ("sill", &[Set(S::Windowsill, 1.0)]),
    ("tray", &[Set(S::Tray, 1.0)]),
    ("serving tray", &[Set(S::Tray, 1.2)]),
    ("stone slab", &[Set(S::StoneSlab, 1.3)]),
    ("slate", &[Set(S::StoneSlab, 1.0)]),
    ("slab", &[Set(S::StoneSlab, 0.9)]),
    ("stone", &[Set(S::StoneSlab, 0.5)]),
    ("concrete", &[Set(S::StoneSlab, 0.7)]),
    ("wooden table", &[Set(S::WoodenTable, 0.8)]),
    ("wood table", &[Set(S::WoodenTable, 0.8)]),
    ("kitchen table", &[Set(S::WoodenTable, 1.1)]),
    ("dining table", &[Set(S::WoodenTable, 1.1)]),
    ("farmhouse table", &[Set(S::WoodenTable, 1.1)]),
    ("oak table", &[Set(S::WoodenTable, 0.9)]),
    ("walnut table", &[Set(S::WoodenTable, 0.9)]),
    ("tabletop", &[Set(S::WoodenTable, 0.5)]),
    ("desk", &[Set(S::Desk, 1.0)]),
    ("work desk", &[Set(S::Desk, 1.2)]),
    ("office desk", &[Set(S::Desk, 1.2)]),
    ("home office", &[Set(S::Desk, 1.2)]),
    ("workspace", &[Set(S::Desk, 0.9)]),
    ("office", &[Set(S::Desk, 0.8)]),
    ("shelf", &[Set(S::Shelf, 1.0)]),
    ("shelves", &[Set(S::Shelf, 1.0)]),
    ("floating shelf", &[Set(S::Shelf, 1.2)]),
    ("bookshelf", &[Set(S::Shelf, 1.1)]),
    ("bookcase", &[Set(S::Shelf, 1.1)]),
    ("mantel", &[Set(S::Shelf, 1.0)]),
    ("mantelpiece", &[Set(S::Shelf, 1.0)]),
    ("cafe", &[Set(S::Cafe, 1.0)]),
    ("café", &[Set(S::Cafe, 1.0)]),
    ("cafe table", &[Set(S::Cafe, 1.2)]),
    ("café table", &[Set(S::Cafe, 1.2)]),
    ("coffee shop", &[Set(S::Cafe, 1.2)]),
    ("coffeehouse", &[Set(S::Cafe, 1.2)]),
    ("bistro", &[Set(S::Cafe, 0.9)]),
    ("bakery", &[Set(S::Cafe, 0.9)]),
    // A street scene is drawn as the outdoor café's pavement and shopfronts.
    ("street", &[Set(S::OutdoorCafe, 0.8)]),
    ("urban", &[Set(S::OutdoorCafe, 0.7)]),
    ("city", &[Set(S::OutdoorCafe, 0.7)]),
    ("sidewalk", &[Set(S::OutdoorCafe, 0.9)]),
    ("pavement", &[Set(S::OutdoorCafe, 0.8)]),
    ("rooftop", &[Env(E::NaturalOutdoor, 0.8)]),
    ("outdoor cafe", &[Set(S::OutdoorCafe, 1.6)]),
    ("outdoor café", &[Set(S::OutdoorCafe, 1.6)]),
    ("sidewalk cafe", &[Set(S::OutdoorCafe, 1.6)]),
    ("sidewalk café", &[Set(S::OutdoorCafe, 1.6)]),
    ("street cafe", &[Set(S::OutdoorCafe, 1.6)]),
    ("street café", &[Set(S::OutdoorCafe, 1.6)]),
    ("cafe terrace", &[Set(S::OutdoorCafe, 1.6)]),
    ("café terrace", &[Set(S::OutdoorCafe, 1.6)]),
    ("bistro table", &[Set(S::OutdoorCafe, 1.2)]),
    ("terrace", &[Set(S::OutdoorCafe, 0.8)]),
    ("sand", &[Set(S::Beach, 0.9)]),
    ("sandy", &[Set(S::Beach, 0.9)]),
    ("seaside", &[Set(S::Beach, 1.0), Pal(P::CoolFresh, 0.3)]),
    ("shore", &[Set(S::Beach, 1.0)]),
    ("seashore", &[Set(S::Beach, 1.0)]),
    ("coast", &[Set(S::Beach, 0.9)]),
    // Camera angle.
    ("flat lay", &[TopDown]),
    ("flatlay", &[TopDown]),
    ("flat lays", &[TopDown]),
    ("top down", &[TopDown]),
    ("topdown", &[TopDown]),
    ("overhead", &[TopDown]),
    ("from above", &[TopDown]),
    ("birds eye", &[TopDown]),
    ("bird s eye", &[TopDown]),
    ("knolling", &[TopDown]),
    // Palettes.
    ("warm", &[Pal(P::WarmCozy, 1.0)]),
    ("warm tones", &[Pal(P::WarmCozy, 1.2)]),
    (
        "cozy",
        &[
            Pal(P::WarmCozy, 0.8),
            Env(E::CozyBedroom, 0.5),
            Mood(Mood::Cozy),
        ],
    ),
    (
        "cosy",
        &[
            Pal(P::WarmCozy, 0.8),
            Env(E::CozyBedroom, 0.5),
            Mood(Mood::Cozy),
        ],
    ),
    ("autumn", &[Pal(P::WarmCozy, 1.0)]),
    ("fall", &[Pal(P::WarmCozy, 0.7)]),
    ("earthy", &[Pal(P::WarmCozy, 1.0), Mood(Mood::Natural)]),
    ("rustic", &[Pal(P::WarmCozy, 0.9)]),
    ("hygge", &[Pal(P::WarmCozy, 1.0), Mood(Mood::Cozy)]),
    ("inviting", &[Pal(P::WarmCozy, 0.6)]),
    ("cool", &[Pal(P::CoolFresh, 1.0)]),
    ("cool tones", &[Pal(P::CoolFresh, 1.2)]),
    ("fresh", &[Pal(P::CoolFresh, 1.0), Mood(Mood::Fresh)]),
    ("crisp", &[Pal(P::CoolFresh, 0.8)]),
    ("icy", &[Pal(P::CoolFresh, 1.0)]),
    ("refreshing", &[Pal(P::CoolFresh, 1.0), Mood(Mood::Fresh)]),
    ("summer", &[Pal(P::CoolFresh, 0.6)]),
    ("breezy", &[Pal(P::CoolFresh, 0.8)]),
    ("bold", &[Pal(P::BoldDramatic, 1.0)]),
    (
        "dramatic",
        &[Pal(P::BoldDramatic, 0.8), Light(L::DramaticShadows, 0.8)],
    ),
    (
        "moody",
        &[
            Pal(P::BoldDramatic, 0.8),
            Light(L::DramaticShadows, 0.6),
            Mood(Mood::Moody),
        ],
    ),
    (
        "vibrant",
        &[Pal(P::BoldDramatic, 0.9), Mood(Mood::Energetic)],
    ),
    ("striking", &[Pal(P::BoldDramatic, 0.8)]),
    ("intense", &[Pal(P::BoldDramatic, 0.8)]),
    (
        "high contrast",
        &[Pal(P::BoldDramatic, 1.0), Light(L::DramaticShadows, 0.6)],
    ),
    (
        "noir",
        &[
            Pal(P::BoldDramatic, 1.0),
            Light(L::DramaticShadows, 1.0),
            Mood(Mood::Moody),
        ],
    ),
    ("edgy", &[Pal(P::BoldDramatic, 0.8)]),
    (
        "energetic",
        &[Pal(P::BoldDramatic, 0.7), Mood(Mood::Energetic)],
    ),
    ("soft", &[Pal(P::SoftDreamy, 0.6), Light(L::SoftEven, 0.4)]),
    ("dreamy", &[Pal(P::SoftDreamy, 1.0)]),
    ("pastel", &[Pal(P::SoftDreamy, 1.0)]),
    ("pastels", &[Pal(P::SoftDreamy, 1.0)]),
    ("ethereal", &[Pal(P::SoftDreamy, 1.0)]),
    ("romantic", &[Pal(P::SoftDreamy, 0.8), Mood(Mood::Romantic)]),
    ("delicate", &[Pal(P::SoftDreamy, 0.8)]),
    ("airy", &[Pal(P::SoftDreamy, 0.8)]),
    ("whimsical", &[Pal(P::SoftDreamy, 0.8), Mood(Mood::Playful)]),
    ("playful", &[Pal(P::SoftDreamy, 0.6), Mood(Mood::Playful)]),
    (
        "calm",
        &[
            Pal(P::SoftDreamy, 0.4),
            Light(L::SoftEven, 0.4),
            Mood(Mood::Calm),
        ],
    ),
    (
        "serene",
        &[
            Pal(P::SoftDreamy, 0.5),
            Light(L::SoftEven, 0.4),
            Mood(Mood::Calm),
        ],
    ),
    ("neutral", &[Pal(P::NeutralClean, 1.0)]),
    ("neutral tones", &[Pal(P::NeutralClean, 1.2)]),
    ("clean", &[Pal(P::NeutralClean, 0.7)]),
    ("minimal", &[Pal(P::NeutralClean, 0.8), Mood(Mood::Minimal)]),
    (
        "minimalist",
        &[Pal(P::NeutralClean, 0.9), Mood(Mood::Minimal)],
    ),
    (
        "minimalistic",
        &[Pal(P::NeutralClean, 0.9), Mood(Mood::Minimal)],
    ),
    ("simple", &[Pal(P::NeutralClean, 0.6), Mood(Mood::Minimal)]),
    ("monochrome", &[Pal(P::NeutralClean, 0.9)]),
    ("natural", &[Mood(Mood::Natural)]),
    ("organic", &[Mood(Mood::Natural)]),
    // Lighting.
    ("daylight", &[Light(L::NaturalDaylight, 1.0)]),
    ("natural light", &[Light(L::NaturalDaylight, 1.2)]),
    ("natural lighting", &[Light(L::NaturalDaylight, 1.2)]),
    ("window light", &[Light(L::NaturalDaylight, 1.0)]),
    ("sunlight", &[Light(L::NaturalDaylight, 0.8)]),
    ("sunny", &[Light(L::NaturalDaylight, 0.8)]),
    ("morning", &[Light(L::NaturalDaylight, 0.7)]),
    ("midday", &[Light(L::NaturalDaylight, 1.0)]),
    ("noon", &[Light(L::NaturalDaylight, 1.0)]),
    ("bright", &[Light(L::NaturalDaylight, 0.6)]),
    ("golden hour", &[Light(L::GoldenHour, 1.5)]),
    ("evening light", &[Light(L::GoldenHour, 1.0)]),
    ("evening glow", &[Light(L::GoldenHour, 1.0)]),
    ("evening sun", &[Light(L::GoldenHour, 1.0)]),
    ("morning light", &[Light(L::NaturalDaylight, 1.0)]),
    ("morning sun", &[Light(L::NaturalDaylight, 1.0)]),
    ("midday sun", &[Light(L::NaturalDaylight, 1.2)]),
    ("magic hour", &[Light(L::GoldenHour, 1.5)]),
    ("golden light", &[Light(L::GoldenHour, 1.3)]),
    ("golden", &[Light(L::GoldenHour, 0.7)]),
    ("sunset", &[Light(L::GoldenHour, 1.2)]),
    ("sunrise", &[Light(L::GoldenHour, 1.2)]),
    ("dusk", &[Light(L::GoldenHour, 1.0)]),
    ("sundown", &[Light(L::GoldenHour, 1.2)]),
    ("late afternoon", &[Light(L::GoldenHour, 1.0)]),
    (
        "warm light",
        &[Light(L::GoldenHour, 1.0), Pal(P::WarmCozy, 0.5)],
    ),
    (
        "warm lighting",
        &[Light(L::GoldenHour, 1.0), Pal(P::WarmCozy, 0.5)],
    ),
    (
        "candlelight",
        &[Light(L::GoldenHour, 0.9), Pal(P::WarmCozy, 0.8)],
    ),
    (
        "candlelit",
        &[Light(L::GoldenHour, 0.9), Pal(P::WarmCozy, 0.8)],
    ),
    ("shadow", &[Light(L::DramaticShadows, 0.6)]),
    ("shadows", &[Light(L::DramaticShadows, 0.8)]),
    (
        "dramatic lighting",
        &[Light(L::DramaticShadows, 1.3), Pal(P::BoldDramatic, 0.4)],
    ),
    (
        "dramatic shadows",
        &[Light(L::DramaticShadows, 1.5), Pal(P::BoldDramatic, 0.4)],
    ),
    ("hard light", &[Light(L::DramaticShadows, 1.2)]),
    ("harsh", &[Light(L::DramaticShadows, 0.8)]),
    ("spotlight", &[Light(L::DramaticShadows, 1.1)]),
    ("chiaroscuro", &[Light(L::DramaticShadows, 1.5)]),
    (
        "low key",
        &[Light(L::DramaticShadows, 1.2), Pal(P::BoldDramatic, 0.6)],
    ),
    (
        "night",
        &[Light(L::DramaticShadows, 0.6), Pal(P::BoldDramatic, 0.5)],
    ),
    (
        "dark",
        &[Pal(P::BoldDramatic, 0.6), Light(L::DramaticShadows, 0.4)],
    ),
    ("soft light", &[Light(L::SoftEven, 1.2)]),
    ("soft lighting", &[Light(L::SoftEven, 1.2)]),
    ("even", &[Light(L::SoftEven, 0.8)]),
    ("evenly lit", &[Light(L::SoftEven, 1.2)]),
    ("diffused", &[Light(L::SoftEven, 1.0)]),
    ("diffuse", &[Light(L::SoftEven, 1.0)]),
    ("softbox", &[Light(L::SoftEven, 1.0)]),
    ("overcast", &[Light(L::SoftEven, 1.0)]),
    ("cloudy", &[Light(L::SoftEven, 0.8)]),
    ("flat light", &[Light(L::SoftEven, 1.0)]),
    ("shadowless", &[Light(L::SoftEven, 1.2)]),
    // Composition.
    ("hero", &[Comp(C::ProductHero, 1.0)]),
    ("hero shot", &[Comp(C::ProductHero, 1.2)]),
    ("centered", &[Comp(C::ProductHero, 0.8)]),
    ("centred", &[Comp(C::ProductHero, 0.8)]),
    ("front view", &[Comp(C::ProductHero, 0.8)]),
    ("lifestyle", &[Comp(C::LifestyleContext, 1.0)]),
    ("in use", &[Comp(C::LifestyleContext, 0.9)]),
    ("in context", &[Comp(C::LifestyleContext, 1.0)]),
    ("everyday", &[Comp(C::LifestyleContext, 0.7)]),
    ("styled", &[Comp(C::LifestyleContext, 0.7)]),
    ("routine", &[Comp(C::LifestyleContext, 0.7)]),
    ("props", &[Props]),
    ("clutter", &[Props]),
    ("artistic", &[Comp(C::ArtisticComposition, 1.0)]),
    ("creative", &[Comp(C::ArtisticComposition, 0.8)]),
    ("abstract", &[Comp(C::ArtisticComposition, 1.0)]),
    ("podium", &[Comp(C::ArtisticComposition, 1.0)]),
    ("pedestal", &[Comp(C::ArtisticComposition, 1.0)]),
    ("plinth", &[Comp(C::ArtisticComposition, 1.0)]),
    ("sculptural", &[Comp(C::ArtisticComposition, 0.9)]),
    ("geometric", &[Comp(C::ArtisticComposition, 0.9)]),
    ("surreal", &[Comp(C::ArtisticComposition, 0.9)]),
    ("editorial", &[Comp(C::ArtisticComposition, 0.8)]),
    ("close up", &[Comp(C::DetailCloseup, 1.2)]),
    ("closeup", &[Comp(C::DetailCloseup, 1.2)]),
    ("macro", &[Comp(C::DetailCloseup, 1.2)]),
    ("detail", &[Comp(C::DetailCloseup, 1.0)]),
    ("details", &[Comp(C::DetailCloseup, 1.0)]),
    ("detailed", &[Comp(C::DetailCloseup, 0.5)]),
    ("zoomed in", &[Comp(C::DetailCloseup, 1.2)]),
    ("tight crop", &[Comp(C::DetailCloseup, 1.2)]),
    // Products.
    ("bottle", &[Product(ProductKind::Bottle)]),
    ("perfume", &[Product(ProductKind::Bottle)]),
    ("fragrance", &[Product(ProductKind::Bottle)]),
    ("cologne", &[Product(ProductKind::Bottle)]),
    ("serum", &[Product(ProductKind::Bottle)]),
    ("dropper", &[Product(ProductKind::Bottle)]),
    ("lotion", &[Product(ProductKind::Bottle)]),
    ("shampoo", &[Product(ProductKind::Bottle)]),
    ("conditioner", &[Product(ProductKind::Bottle)]),
    ("oil", &[Product(ProductKind::Bottle)]),
    ("wine", &[Product(ProductKind::Bottle)]),
    ("spray", &[Product(ProductKind::Bottle)]),
    ("toner", &[Product(ProductKind::Bottle)]),
    ("flask", &[Product(ProductKind::Bottle)]),
    ("soap", &[Product(ProductKind::Bottle)]),
    ("hand soap", &[Product(ProductKind::Bottle)]),
    ("soap bar", &[Product(ProductKind::Box)]),
    ("bar soap", &[Product(ProductKind::Box)]),
    ("jar", &[Product(ProductKind::Jar)]),
    ("cream", &[Product(ProductKind::Jar)]),
    ("face cream", &[Product(ProductKind::Jar)]),
    ("moisturizer", &[Product(ProductKind::Jar)]),
    ("moisturiser", &[Product(ProductKind::Jar)]),
    ("balm", &[Product(ProductKind::Jar)]),
    (
        "candle",
        &[Product(ProductKind::Jar), Pal(P::WarmCozy, 0.3)],
    ),
    ("honey", &[Product(ProductKind::Jar)]),
    ("jam", &[Product(ProductKind::Jar)]),
    ("scrub", &[Product(ProductKind::Jar)]),
    ("tube", &[Product(ProductKind::Tube)]),
    ("toothpaste", &[Product(ProductKind::Tube)]),
    ("sunscreen", &[Product(ProductKind::Tube)]),
    ("hand cream", &[Product(ProductKind::Tube)]),
    ("gel", &[Product(ProductKind::Tube)]),
    ("ointment", &[Product(ProductKind::Tube)]),
    ("box", &[Product(ProductKind::Box)]),
    ("package", &[Product(ProductKind::Box)]),
    ("packaging", &[Product(ProductKind::Box)]),
    ("carton", &[Product(ProductKind::Box)]),
    ("gift", &[Product(ProductKind::Box)]),
    ("gift box", &[Product(ProductKind::Box)]),
    ("kit", &[Product(ProductKind::Box)]),
    ("can", &[Product(ProductKind::Can)]),
    ("soda", &[Product(ProductKind::Can)]),
    ("beer", &[Product(ProductKind::Can)]),
    ("energy drink", &[Product(ProductKind::Can)]),
    ("seltzer", &[Product(ProductKind::Can)]),
    ("tin", &[Product(ProductKind::Can)]),
    ("pouch", &[Product(ProductKind::Pouch)]),
    ("bag", &[Product(ProductKind::Pouch)]),
    ("sachet", &[Product(ProductKind::Pouch)]),
    ("snack", &[Product(ProductKind::Pouch)]),
    ("snacks", &[Product(ProductKind::Pouch)]),
    ("chips", &[Product(ProductKind::Pouch)]),
    ("granola", &[Product(ProductKind::Pouch)]),
    ("coffee beans", &[Product(ProductKind::Pouch)]),
    ("cup", &[Product(ProductKind::Cup)]),
    ("mug", &[Product(ProductKind::Cup)]),
    ("coffee", &[Product(ProductKind::Cup)]),
    ("tea", &[Product(ProductKind::Cup)]),
    ("latte", &[Product(ProductKind::Cup)]),
    ("tumbler", &[Product(ProductKind::Cup)]),
    ("phone", &[Product(ProductKind::Phone)]),
    ("smartphone", &[Product(ProductKind::Phone)]),
    ("iphone", &[Product(ProductKind::Phone)]),
    ("tablet", &[Product(ProductKind::Phone)]),
    ("phone case", &[Product(ProductKind::Phone)]),
    ("gadget", &[Product(ProductKind::Phone)]),
    ("device", &[Product(ProductKind::Phone)]),
];

/// Colour words and their sRGB values.
const COLORS: &[(&str, [u8; 3])] = &[
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

const NEGATORS: &[&str] = &[
    "no", "not", "without", "non", "avoid", "never", "don", "minus",
];
/// Words that end a negation's reach.
const SCOPE_BREAKS: &[&str] = &["and", "but", "with", "yet", ","];
const NEGATION_REACH: usize = 4;
/// Surfaces a tone word can qualify ("dark marble").
/// Backgrounds and walls are not here: "white background" names a colour, not a tone.
const SURFACES: &[&str] = &[
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
const MATERIALS: &[&str] = &[
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
const SCENE_NOUNS: &[&str] = &[
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
const PROP_NOUNS: &[&str] = &[
    "vase", "vases", "tray", "trays", "towel", "towels", "napkin", "napkins", "ribbon", "ribbons",
    "cloth", "fabric", "flowers", "flower", "petals", "peonies", "roses", "tulips", "daisies",
    "leaves", "stones", "pebbles", "shells", "books", "book", "candles", "bowl", "plate", "saucer",
    "beads", "cushion", "pillow", "pillows", "blanket", "scarf",
];
/// Words that introduce props.
const PROP_CUES: &[&str] = &[
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
fn qualifies_prop(tokens: &[String], end: usize) -> bool {
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
const PROP_WORDS: &[(&str, PropKind, bool)] = &[
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
fn props_of(tokens: &[String]) -> Vec<PropKind> {
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
        let cued = before
            .iter()
            .rposition(|w| CUES.contains(&w.as_str()))
            .is_some_and(|c| {
                before[c + 1..]
                    .iter()
                    .all(|w| !BREAKS.contains(&w.as_str()))
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
fn space_of(tokens: &[String]) -> Option<Space> {
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
fn subject_span(tokens: &[String]) -> Option<(usize, usize)> {
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

fn tokenize(text: &str) -> Vec<String> {
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
fn match_phrase(tokens: &[String], i: usize) -> Option<(&'static [Vote], usize)> {
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

fn singular(word: &str) -> Option<&str> {
    word.strip_suffix("es")
        .filter(|w| w.ends_with("sh") || w.ends_with("ch") || w.ends_with('x'))
        .or_else(|| word.strip_suffix('s').filter(|w| w.len() > 2))
}

fn match_color(tokens: &[String], i: usize) -> Option<(&'static str, [u8; 3], usize)> {
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

fn shade_of(word: &str) -> Option<Shade> {
    match word {
        "pale" | "light" | "pastel" | "soft" | "baby" | "dusty" => Some(Shade::Pale),
        "dark" | "deep" | "rich" => Some(Shade::Deep),
        "bright" | "vivid" | "neon" | "hot" | "electric" => Some(Shade::Vivid),
        _ => None,
    }
}

fn apply_shade(rgb: [u8; 3], shade: Shade) -> [u8; 3] {
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

fn tone_of(word: &str) -> Option<Tone> {
    match word {
        "dark" | "black" | "deep" => Some(Tone::Dark),
        "light" | "white" | "pale" | "bright" => Some(Tone::Light),
        _ => None,
    }
}

/// Reads a prompt. Never fails: unknown words are ignored.
pub fn parse(prompt: &str) -> PromptParams {
    let tokens = tokenize(prompt);
    let mut out = PromptParams::default();
    let mut env = Scores::<Environment>::default();
    let mut pal = Scores::<ColorPalette>::default();
    let mut light = Scores::<Lighting>::default();
    let mut comp = Scores::<Composition>::default();
    let mut place = Scores::<Setting>::default();
    // Colours seen, with the token index after them, to decide product vs scene later.
    let mut colors: Vec<(NamedColor, usize)> = Vec::new();
    // Where the product's noun phrase starts and ends ("amber glass perfume bottle").
    let mut product_span: Option<(usize, usize)> = None;
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

        // A colour, maybe after a shade word: "pale pink".
        let shade = shade_of(word);
        let at = if shade.is_some() { i + 1 } else { i };
        let mut skip_to = i;
        if let Some((name, rgb, n)) = match_color(&tokens, at) {
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
                    || match_color(&tokens, k).is_some())
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
                i = k;
                continue;
            }
            if negated {
                out.avoid_colors.push(color);
            } else {
                colors.push((color, at + n));
            }
            // Colour words that are also vocabulary ("cream", "sky blue", "white background")
            // still vote, unless they qualify a product word ("cream jar").
            let next = tokens[at + n..]
                .iter()
                .position(|t| !MATERIALS.contains(&t.as_str()))
                .map_or(tokens.len(), |k| at + n + k);
            let before_product = match_phrase(&tokens, next)
                .is_some_and(|(votes, _)| votes.iter().any(|v| matches!(v, Product(_))));
            skip_to = at + n;
            if before_product || match_phrase(&tokens, at).is_none() {
                i = skip_to;
                continue;
            }
            i = at;
        }

        let Some((votes, n)) = match_phrase(&tokens, i) else {
            i += 1;
            continue;
        };
        for vote in votes {
            match *vote {
                Env(e, w) => env.vote(e, w, i, negated),
                Pal(p, w) => pal.vote(p, w, i, negated),
                Light(l, w) => light.vote(l, w, i, negated),
                Comp(c, w) => comp.vote(c, w, i, negated),
                Product(kind) if !negated => match product_span {
                    None => {
                        out.product = Some(kind);
                        product_span = Some((i, i + n));
                    }
                    // The head noun is the last of a run: "perfume bottle", "glass jar".
                    Some((start, end))
                        if i == end
                            || (i == end + 1 && MATERIALS.contains(&tokens[end].as_str())) =>
                    {
                        out.product = Some(kind);
                        product_span = Some((start, i + n));
                    }
                    Some(_) => {}
                },
                Product(_) => {}
                Mood(m) if !negated && !out.moods.contains(&m) => out.moods.push(m),
                Mood(_) => {}
                Props if negated => out.no_props = true,
                Props => comp.vote(C::LifestyleContext, 0.8, i, false),
                Set(s, w) => {
                    place.vote(s, w, i, negated);
                    env.vote(s.environment(), w, i, negated);
                }
                TopDown if !negated => out.top_down = true,
                TopDown => {}
            }
        }
        i = (i + n).max(skip_to);
    }

    // Moods lean the palette and light a little, below any direct mention.
    for (k, mood) in out.moods.iter().enumerate() {
        let at = usize::MAX - out.moods.len() + k;
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
    if out.no_props {
        comp.vote(C::ProductHero, 0.5, usize::MAX, false);
    }

    let subject = subject_span(&tokens);
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
        } else if qualifies_prop(&tokens, end) {
            out.prop_colors.push(color);
        } else {
            out.scene_colors.push(color);
        }
    }

    out.environment = env.best();
    // The place painted belongs to the environment chosen: "a bathroom shelf by the sink"
    // is the bathroom's vanity, not a shelf in some other room.
    out.setting = match out.environment {
        Some(e) => place.best_where(|s| s.environment() == e),
        None => place.best(),
    };
    out.props = props_of(&tokens);
    out.space = space_of(&tokens);
    out.palette = pal.best();
    out.lighting = light.best();
    out.composition = comp.best();
    out
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
