// Long by nature: word tables, one constant a list.
//! The assistant's own word lists: what the engine's prompt parser does not know (products it
//! has no mockup for, audiences, occasions, negatives, motion, small talk). Scene words
//! (settings, palettes, light, framing) stay the parser's: see `read`.

use std::sync::LazyLock;

use domain::{ColorPalette as P, Composition as C, Environment as E, Lighting as L};

use super::words::Phrases;

/// Product families, for the look a bare product gets when nothing else says.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Category {
    Fragrance,
    Skincare,
    Makeup,
    Home,
    Tech,
    Drink,
    Food,
    Fashion,
    Jewelry,
    Sport,
    Wellness,
    Kids,
    Spirits,
    General,
}

/// A full set of scene choices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Look {
    pub environment: E,
    pub palette: P,
    pub lighting: L,
    pub composition: C,
}

const fn look(environment: E, palette: P, lighting: L, composition: C) -> Look {
    Look {
        environment,
        palette,
        lighting,
        composition,
    }
}

impl Category {
    /// How a creative director would stage the family by default.
    pub fn look(self) -> Look {
        use Category::*;
        match self {
            Fragrance | Spirits => {
                look(E::LuxuryMarble, P::WarmCozy, L::GoldenHour, C::ProductHero)
            }
            Jewelry => look(
                E::LuxuryMarble,
                P::BoldDramatic,
                L::DramaticShadows,
                C::ProductHero,
            ),
            Skincare => look(
                E::CleanBathroom,
                P::NeutralClean,
                L::SoftEven,
                C::ProductHero,
            ),
            Makeup => look(
                E::ProfessionalStudio,
                P::SoftDreamy,
                L::SoftEven,
                C::ProductHero,
            ),
            Home => look(
                E::CozyBedroom,
                P::WarmCozy,
                L::GoldenHour,
                C::LifestyleContext,
            ),
            Tech => look(
                E::ProfessionalStudio,
                P::BoldDramatic,
                L::DramaticShadows,
                C::ProductHero,
            ),
            Drink => look(
                E::NaturalOutdoor,
                P::CoolFresh,
                L::NaturalDaylight,
                C::ProductHero,
            ),
            Food => look(
                E::ProfessionalStudio,
                P::WarmCozy,
                L::NaturalDaylight,
                C::LifestyleContext,
            ),
            Fashion => look(
                E::ProfessionalStudio,
                P::NeutralClean,
                L::SoftEven,
                C::ProductHero,
            ),
            Sport => look(
                E::NaturalOutdoor,
                P::CoolFresh,
                L::NaturalDaylight,
                C::LifestyleContext,
            ),
            Wellness => look(
                E::ProfessionalStudio,
                P::CoolFresh,
                L::NaturalDaylight,
                C::ProductHero,
            ),
            Kids => look(
                E::CozyBedroom,
                P::SoftDreamy,
                L::SoftEven,
                C::LifestyleContext,
            ),
            General => look(
                E::ProfessionalStudio,
                P::NeutralClean,
                L::NaturalDaylight,
                C::ProductHero,
            ),
        }
    }

    pub fn name(self) -> &'static str {
        use Category::*;
        match self {
            Fragrance => "fragrance",
            Skincare => "skincare",
            Makeup => "beauty",
            Home => "home",
            Tech => "tech",
            Drink => "drinks",
            Food => "food",
            Fashion => "fashion",
            Jewelry => "jewellery",
            Sport => "sport",
            Wellness => "wellness",
            Kids => "kids",
            Spirits => "wine & spirits",
            General => "product",
        }
    }

    /// Shiny things catch a light sweep in motion.
    pub fn glints(self) -> bool {
        use Category::*;
        matches!(
            self,
            Fragrance | Jewelry | Tech | Drink | Skincare | Makeup | Spirits
        )
    }
}

use Category::*;

/// Product nouns (singular). Packaging words the engine draws as mockups are here too, so a
/// product is found wherever it sits in the sentence.
const PRODUCTS: &[(&str, Category)] = &[
    // Fragrance.
    ("perfume", Fragrance),
    ("fragrance", Fragrance),
    ("cologne", Fragrance),
    ("parfum", Fragrance),
    ("eau de parfum", Fragrance),
    ("body mist", Fragrance),
    ("attar", Fragrance),
    // Skincare, bath and hair.
    ("serum", Skincare),
    ("cream", Skincare),
    ("face cream", Skincare),
    ("eye cream", Skincare),
    ("hand cream", Skincare),
    ("moisturizer", Skincare),
    ("moisturiser", Skincare),
    ("lotion", Skincare),
    ("body lotion", Skincare),
    ("balm", Skincare),
    ("lip balm", Skincare),
    ("toner", Skincare),
    ("cleanser", Skincare),
    ("sunscreen", Skincare),
    ("face oil", Skincare),
    ("oil", Skincare),
    ("face mask", Skincare),
    ("sheet mask", Skincare),
    ("scrub", Skincare),
    ("exfoliator", Skincare),
    ("soap", Skincare),
    ("shampoo", Skincare),
    ("conditioner", Skincare),
    ("body wash", Skincare),
    ("shower gel", Skincare),
    ("gel", Skincare),
    ("ointment", Skincare),
    ("toothpaste", Skincare),
    ("deodorant", Skincare),
    ("bath bomb", Skincare),
    ("bath salts", Skincare),
    ("dropper", Skincare),
    ("skincare", Skincare),
    ("razor", Skincare),
    ("toothbrush", Skincare),
    ("hairbrush", Skincare),
    ("comb", Skincare),
    ("essential oil", Wellness),
    // Makeup.
    ("lipstick", Makeup),
    ("lip gloss", Makeup),
    ("lipgloss", Makeup),
    ("mascara", Makeup),
    ("eyeliner", Makeup),
    ("eyeshadow", Makeup),
    ("concealer", Makeup),
    ("bronzer", Makeup),
    ("nail polish", Makeup),
    ("makeup", Makeup),
    ("makeup brush", Makeup),
    ("compact", Makeup),
    ("cosmetics", Makeup),
    // Home.
    ("candle", Home),
    ("diffuser", Home),
    ("reed diffuser", Home),
    ("incense", Home),
    ("vase", Home),
    ("mug", Home),
    ("cup", Home),
    ("teacup", Home),
    ("teapot", Home),
    ("kettle", Home),
    ("blanket", Home),
    ("throw", Home),
    ("pillow", Home),
    ("cushion", Home),
    ("rug", Home),
    ("lamp", Home),
    ("planter", Home),
    ("bowl", Home),
    ("plate", Home),
    ("cutting board", Home),
    ("towel", Home),
    ("clock", Home),
    ("mirror", Home),
    ("basket", Home),
    ("photo frame", Home),
    ("picture frame", Home),
    ("houseplant", Home),
    ("succulent", Home),
    ("bouquet", Home),
    ("book", Home),
    ("notebook", Home),
    ("journal", Home),
    ("planner", Home),
    ("pen", Home),
    ("stationery", Home),
    ("slippers", Home),
    ("collar", Home),
    ("leash", Home),
    ("pet bed", Home),
    // Tech.
    ("earbud", Tech),
    ("earbuds", Tech),
    ("earphone", Tech),
    ("headphone", Tech),
    ("headphones", Tech),
    ("headset", Tech),
    ("airpods", Tech),
    ("speaker", Tech),
    ("smart speaker", Tech),
    ("smartwatch", Tech),
    ("smart watch", Tech),
    ("phone", Tech),
    ("smartphone", Tech),
    ("iphone", Tech),
    ("phone case", Tech),
    ("tablet", Tech),
    ("laptop", Tech),
    ("camera", Tech),
    ("keyboard", Tech),
    ("mouse", Tech),
    ("charger", Tech),
    ("power bank", Tech),
    ("cable", Tech),
    ("controller", Tech),
    ("console", Tech),
    ("drone", Tech),
    ("gadget", Tech),
    ("device", Tech),
    ("monitor", Tech),
    ("microphone", Tech),
    ("projector", Tech),
    ("hair dryer", Tech),
    // Drinks.
    ("can", Drink),
    ("soda", Drink),
    ("beer", Drink),
    ("energy drink", Drink),
    ("drink", Drink),
    ("seltzer", Drink),
    ("juice", Drink),
    ("smoothie", Drink),
    ("kombucha", Drink),
    ("wine", Spirits),
    ("whiskey", Spirits),
    ("whisky", Spirits),
    ("gin", Spirits),
    ("vodka", Spirits),
    ("rum", Spirits),
    ("tequila", Spirits),
    ("cocktail", Spirits),
    ("lemonade", Drink),
    ("water bottle", Drink),
    ("tumbler", Drink),
    ("flask", Drink),
    ("thermos", Drink),
    ("coffee", Home),
    ("latte", Home),
    ("tea", Home),
    // Food.
    ("honey", Food),
    ("jam", Food),
    ("granola", Food),
    ("chips", Food),
    ("snack", Food),
    ("coffee beans", Food),
    ("chocolate", Food),
    ("chocolate bar", Food),
    ("cookie", Food),
    ("cake", Food),
    ("cupcake", Food),
    ("pastry", Food),
    ("bread", Food),
    ("cereal", Food),
    ("sauce", Food),
    ("hot sauce", Food),
    ("olive oil", Food),
    ("pasta", Food),
    ("cheese", Food),
    ("popcorn", Food),
    ("candy", Food),
    ("protein bar", Food),
    ("jerky", Food),
    // Fashion.
    ("dress", Fashion),
    ("shirt", Fashion),
    ("tee", Fashion),
    ("hoodie", Fashion),
    ("sweater", Fashion),
    ("sweatshirt", Fashion),
    ("jacket", Fashion),
    ("coat", Fashion),
    ("jeans", Fashion),
    ("trousers", Fashion),
    ("skirt", Fashion),
    ("scarf", Fashion),
    ("hat", Fashion),
    ("cap", Fashion),
    ("beanie", Fashion),
    ("socks", Fashion),
    ("gloves", Fashion),
    ("swimsuit", Fashion),
    ("bikini", Fashion),
    ("tote", Fashion),
    ("tote bag", Fashion),
    ("handbag", Fashion),
    ("purse", Fashion),
    ("wallet", Fashion),
    ("backpack", Fashion),
    ("bag", Fashion),
    ("belt", Fashion),
    ("sunglasses", Fashion),
    ("glasses", Fashion),
    // Jewellery and watches.
    ("necklace", Jewelry),
    ("ring", Jewelry),
    ("earring", Jewelry),
    ("earrings", Jewelry),
    ("bracelet", Jewelry),
    ("pendant", Jewelry),
    ("jewelry", Jewelry),
    ("jewellery", Jewelry),
    ("watch", Jewelry),
    ("wristwatch", Jewelry),
    ("brooch", Jewelry),
    ("cufflinks", Jewelry),
    // Sport and outdoors.
    ("sneaker", Sport),
    ("sneakers", Sport),
    ("shoe", Sport),
    ("trainers", Sport),
    ("boot", Sport),
    ("sandal", Sport),
    ("yoga mat", Sport),
    ("dumbbell", Sport),
    ("kettlebell", Sport),
    ("bike", Sport),
    ("bicycle", Sport),
    ("skateboard", Sport),
    ("surfboard", Sport),
    ("racket", Sport),
    ("tent", Sport),
    // Wellness.
    ("vitamins", Wellness),
    ("vitamin", Wellness),
    ("supplement", Wellness),
    ("capsules", Wellness),
    ("pills", Wellness),
    ("gummies", Wellness),
    ("protein powder", Wellness),
    ("tincture", Wellness),
    // Kids.
    ("toy", Kids),
    ("teddy bear", Kids),
    ("teddy", Kids),
    ("plush", Kids),
    ("puzzle", Kids),
    ("onesie", Kids),
    ("baby bottle", Kids),
    ("pacifier", Kids),
    // Packaging the engine draws.
    ("bottle", General),
    ("jar", General),
    ("tube", General),
    ("box", General),
    ("gift box", General),
    ("gift set", General),
    ("packaging", General),
    ("carton", General),
    ("pouch", General),
    ("sachet", General),
    ("tin", General),
    ("kit", General),
    ("spray", General),
];

pub(crate) static PRODUCT_WORDS: LazyLock<Phrases<Category>> =
    LazyLock::new(|| Phrases::new(PRODUCTS));

/// Product words that are also common verbs or other things ("can you…", "watch it spin"):
/// they name a product only after a determiner or a describing word.
#[rustfmt::skip]
pub(crate) const AMBIGUOUS_PRODUCTS: &[&str] = &[
    "can", "watch", "ring", "tin", "cap", "spray", "scrub", "mouse", "throw", "compact",
    "drink", "book", "plate", "planner", "monitor", "console", "tee",
];

/// Products that also name a colour ("cream", "chocolate"): before another noun they describe.
pub(crate) const COLOR_PRODUCTS: &[&str] = &["cream", "chocolate"];

/// Words that end a product's noun phrase: function words, verbs of asking, marketing fluff.
#[rustfmt::skip]
pub(crate) const STOP: &[&str] = &[
    "a", "an", "the", "my", "our", "your", "their", "his", "her", "its", "this", "that",
    "these", "those", "some", "any", "of", "for", "to", "in", "on", "at", "by", "with", "from",
    "into", "onto", "over", "under", "near", "beside", "behind", "next", "and", "or", "but",
    "so", "then", "than", "it", "them", "me", "us", "i", "we", "you", "he", "she", "they", "is",
    "are", "was", "were", "be", "been", "am", "do", "does", "did", "have", "has", "had", "will",
    "would", "could", "should", "may", "might", "must", "please", "just", "also", "very",
    "really", "quite", "too", "more", "less", "most", "make", "made", "create", "generate",
    "shoot", "show", "photograph", "photo", "photos", "image", "images", "picture", "pictures",
    "shot", "shots", "render", "design", "need", "want", "get", "give", "try", "use", "sell",
    "selling", "sells", "feature", "featuring", "showcase", "put", "place", "capture", "film",
    "animate", "like", "love", "new", "best", "latest", "favorite", "favourite", "video",
    "clip", "reel", "ad", "advert", "banner", "post", "promo", "same", "now", "instead",
    "again", "something", "anything", "thing", "one", "here", "there", "what", "which", "who",
    "how", "why", "when", "where", "can", "let", "lets", "s", "t", "m", "re", "ll", "d", "ve",
    "about", "all", "as", "if", "up", "out", "off", "only", "not", "no", "without", "hi",
    "hello", "hey", "thanks", "ok", "okay", "yes", "look", "looks", "looking", "see", "set",
    "scene", "version", "style", "mood", "vibe", "feel", "background", "backdrop", "campaign",
    "launch", "sale", "product", "products", "brand", "our", "called", "named", "ignore",
    "previous", "instructions", "output", "prompt", "system", "return", "print",
];

/// Prepositions after which a product word is part of the setting or a prop, not the subject
/// ("a candle next to a mug").
#[rustfmt::skip]
pub(crate) const PROP_CUES: &[&str] = &[
    "on", "in", "at", "by", "beside", "next", "near", "with", "under", "behind", "against",
    "onto", "inside", "surrounded", "alongside", "among", "amid", "atop", "over", "add", "plus",
    "into",
];

#[rustfmt::skip]
pub(crate) const DETERMINERS: &[&str] = &[
    "a", "an", "the", "my", "our", "your", "their", "his", "her", "this", "that", "these",
    "those", "some", "one", "two", "three", "few",
];

/// Style words worth repeating in a brief and saving in a preset, with their canonical form.
/// None of them is used by the brief's own boilerplate, so finding one in a brief means the
/// user asked for it.
const DESCRIPTOR_TABLE: &[(&str, &str)] = &[
    ("moody", "moody"),
    ("minimal", "minimal"),
    ("minimalist", "minimal"),
    ("minimalistic", "minimal"),
    ("cozy", "cozy"),
    ("cosy", "cozy"),
    ("luxurious", "luxurious"),
    ("elegant", "elegant"),
    ("romantic", "romantic"),
    ("playful", "playful"),
    ("whimsical", "whimsical"),
    ("calm", "calm"),
    ("serene", "serene"),
    ("fresh", "fresh"),
    ("vibrant", "vibrant"),
    ("energetic", "energetic"),
    ("pastel", "pastel"),
    ("pastels", "pastel"),
    ("earthy", "earthy"),
    ("rustic", "rustic"),
    ("sleek", "sleek"),
    ("modern", "modern"),
    ("vintage", "vintage"),
    ("retro", "retro"),
    ("cinematic", "cinematic"),
    ("festive", "festive"),
    ("boho", "bohemian"),
    ("bohemian", "bohemian"),
    ("industrial", "industrial"),
    ("scandinavian", "Scandinavian"),
    ("nordic", "Scandinavian"),
    ("futuristic", "futuristic"),
    ("organic", "organic"),
    ("glamorous", "glamorous"),
    ("sophisticated", "sophisticated"),
    ("timeless", "timeless"),
];

pub(crate) static DESCRIPTORS: LazyLock<Phrases<&'static str>> =
    LazyLock::new(|| Phrases::new(DESCRIPTOR_TABLE));

/// Things a user can ask to keep out of frame.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Negative {
    People,
    Hands,
    Text,
    Logos,
    Watermark,
    Reflections,
    Animals,
    /// Anything else, as the user named it ("no flowers").
    Other(String),
}

impl Negative {
    pub fn phrase(&self) -> String {
        match self {
            Negative::People => "no people".into(),
            Negative::Hands => "no hands in frame".into(),
            Negative::Text => "no text or lettering".into(),
            Negative::Logos => "no logos or branding".into(),
            Negative::Watermark => "no watermark".into(),
            Negative::Reflections => "no reflections or glare".into(),
            Negative::Animals => "no animals".into(),
            Negative::Other(what) => format!("no {what}"),
        }
    }
}

const NEGATIVE_TABLE: &[(&str, NegativeKind)] = &[
    ("people", NegativeKind::People),
    ("person", NegativeKind::People),
    ("persons", NegativeKind::People),
    ("human", NegativeKind::People),
    ("humans", NegativeKind::People),
    ("model", NegativeKind::People),
    ("models", NegativeKind::People),
    ("face", NegativeKind::People),
    ("faces", NegativeKind::People),
    ("woman", NegativeKind::People),
    ("women", NegativeKind::People),
    ("man", NegativeKind::People),
    ("men", NegativeKind::People),
    ("kids", NegativeKind::People),
    ("children", NegativeKind::People),
    ("hand", NegativeKind::Hands),
    ("hands", NegativeKind::Hands),
    ("fingers", NegativeKind::Hands),
    ("text", NegativeKind::Text),
    ("words", NegativeKind::Text),
    ("lettering", NegativeKind::Text),
    ("letters", NegativeKind::Text),
    ("typography", NegativeKind::Text),
    ("writing", NegativeKind::Text),
    ("caption", NegativeKind::Text),
    ("captions", NegativeKind::Text),
    ("logo", NegativeKind::Logos),
    ("logos", NegativeKind::Logos),
    ("branding", NegativeKind::Logos),
    ("watermark", NegativeKind::Watermark),
    ("watermarks", NegativeKind::Watermark),
    ("reflection", NegativeKind::Reflections),
    ("reflections", NegativeKind::Reflections),
    ("glare", NegativeKind::Reflections),
    ("animals", NegativeKind::Animals),
    ("animal", NegativeKind::Animals),
    ("pets", NegativeKind::Animals),
    ("dogs", NegativeKind::Animals),
    ("cats", NegativeKind::Animals),
];

/// `Negative` without its payload, for the static table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum NegativeKind {
    People,
    Hands,
    Text,
    Logos,
    Watermark,
    Reflections,
    Animals,
}

impl NegativeKind {
    pub fn negative(self) -> Negative {
        match self {
            NegativeKind::People => Negative::People,
            NegativeKind::Hands => Negative::Hands,
            NegativeKind::Text => Negative::Text,
            NegativeKind::Logos => Negative::Logos,
            NegativeKind::Watermark => Negative::Watermark,
            NegativeKind::Reflections => Negative::Reflections,
            NegativeKind::Animals => Negative::Animals,
        }
    }
}

pub(crate) static NEGATIVES: LazyLock<Phrases<NegativeKind>> =
    LazyLock::new(|| Phrases::new(NEGATIVE_TABLE));

/// A partial look an audience or an occasion leans towards.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Lean {
    pub environment: Option<E>,
    pub palette: Option<P>,
    pub lighting: Option<L>,
}

const fn lean(environment: Option<E>, palette: Option<P>, lighting: Option<L>) -> Lean {
    Lean {
        environment,
        palette,
        lighting,
    }
}

/// People words that make "for …" an audience, and the look they lean to.
const AUDIENCE_TABLE: &[(&str, Lean)] = &[
    ("gen z", lean(None, Some(P::BoldDramatic), None)),
    ("genz", lean(None, Some(P::BoldDramatic), None)),
    ("zoomers", lean(None, Some(P::BoldDramatic), None)),
    ("teens", lean(None, Some(P::BoldDramatic), None)),
    ("teenagers", lean(None, Some(P::BoldDramatic), None)),
    ("students", lean(None, Some(P::BoldDramatic), None)),
    (
        "gamers",
        lean(None, Some(P::BoldDramatic), Some(L::DramaticShadows)),
    ),
    ("millennials", lean(None, Some(P::NeutralClean), None)),
    ("moms", lean(None, Some(P::SoftDreamy), Some(L::SoftEven))),
    ("mums", lean(None, Some(P::SoftDreamy), Some(L::SoftEven))),
    (
        "mothers",
        lean(None, Some(P::SoftDreamy), Some(L::SoftEven)),
    ),
    (
        "parents",
        lean(None, Some(P::SoftDreamy), Some(L::SoftEven)),
    ),
    ("babies", lean(None, Some(P::SoftDreamy), Some(L::SoftEven))),
    ("families", lean(None, Some(P::WarmCozy), None)),
    ("dads", lean(None, Some(P::NeutralClean), None)),
    ("fathers", lean(None, Some(P::NeutralClean), None)),
    ("kids", lean(None, Some(P::SoftDreamy), None)),
    ("children", lean(None, Some(P::SoftDreamy), None)),
    ("women", lean(None, None, None)),
    ("men", lean(None, None, None)),
    (
        "brides",
        lean(None, Some(P::SoftDreamy), Some(L::GoldenHour)),
    ),
    (
        "couples",
        lean(None, Some(P::SoftDreamy), Some(L::GoldenHour)),
    ),
    (
        "athletes",
        lean(Some(E::NaturalOutdoor), None, Some(L::NaturalDaylight)),
    ),
    (
        "runners",
        lean(Some(E::NaturalOutdoor), None, Some(L::NaturalDaylight)),
    ),
    (
        "hikers",
        lean(Some(E::NaturalOutdoor), None, Some(L::NaturalDaylight)),
    ),
    (
        "cyclists",
        lean(Some(E::NaturalOutdoor), None, Some(L::NaturalDaylight)),
    ),
    (
        "surfers",
        lean(Some(E::NaturalOutdoor), Some(P::CoolFresh), None),
    ),
    ("travelers", lean(Some(E::NaturalOutdoor), None, None)),
    ("travellers", lean(Some(E::NaturalOutdoor), None, None)),
    (
        "professionals",
        lean(Some(E::ProfessionalStudio), Some(P::NeutralClean), None),
    ),
    (
        "executives",
        lean(Some(E::ProfessionalStudio), Some(P::NeutralClean), None),
    ),
    (
        "entrepreneurs",
        lean(Some(E::ProfessionalStudio), Some(P::NeutralClean), None),
    ),
    ("creators", lean(None, None, None)),
    ("foodies", lean(None, Some(P::WarmCozy), None)),
    ("lovers", lean(None, None, None)),
    ("owners", lean(None, None, None)),
    ("shoppers", lean(None, None, None)),
    ("buyers", lean(None, None, None)),
    ("customers", lean(None, None, None)),
    ("seniors", lean(None, Some(P::WarmCozy), None)),
    ("retirees", lean(None, Some(P::WarmCozy), None)),
    ("nurses", lean(None, None, None)),
    ("beginners", lean(None, None, None)),
    ("yogis", lean(None, Some(P::SoftDreamy), Some(L::SoftEven))),
];

pub(crate) static AUDIENCES: LazyLock<Phrases<Lean>> =
    LazyLock::new(|| Phrases::new(AUDIENCE_TABLE));

/// Words that introduce an audience.
pub(crate) const AUDIENCE_CUES: &[&str] = &["for", "targeting", "aimed", "targeted", "appeal"];

/// Seasons and retail moments, with the look they lean to.
const OCCASION_TABLE: &[(&str, Lean)] = &[
    ("winter", lean(None, Some(P::WarmCozy), Some(L::GoldenHour))),
    (
        "christmas",
        lean(None, Some(P::WarmCozy), Some(L::GoldenHour)),
    ),
    ("xmas", lean(None, Some(P::WarmCozy), Some(L::GoldenHour))),
    (
        "holiday",
        lean(None, Some(P::WarmCozy), Some(L::GoldenHour)),
    ),
    (
        "holidays",
        lean(None, Some(P::WarmCozy), Some(L::GoldenHour)),
    ),
    ("new year", lean(None, Some(P::BoldDramatic), None)),
    (
        "hanukkah",
        lean(None, Some(P::WarmCozy), Some(L::GoldenHour)),
    ),
    ("diwali", lean(None, Some(P::WarmCozy), Some(L::GoldenHour))),
    (
        "valentine",
        lean(None, Some(P::SoftDreamy), Some(L::GoldenHour)),
    ),
    (
        "valentine s day",
        lean(None, Some(P::SoftDreamy), Some(L::GoldenHour)),
    ),
    (
        "valentines day",
        lean(None, Some(P::SoftDreamy), Some(L::GoldenHour)),
    ),
    (
        "valentines",
        lean(None, Some(P::SoftDreamy), Some(L::GoldenHour)),
    ),
    (
        "wedding",
        lean(None, Some(P::SoftDreamy), Some(L::GoldenHour)),
    ),
    (
        "mother s day",
        lean(None, Some(P::SoftDreamy), Some(L::SoftEven)),
    ),
    (
        "mothers day",
        lean(None, Some(P::SoftDreamy), Some(L::SoftEven)),
    ),
    ("father s day", lean(None, Some(P::NeutralClean), None)),
    ("fathers day", lean(None, Some(P::NeutralClean), None)),
    (
        "spring",
        lean(None, Some(P::SoftDreamy), Some(L::NaturalDaylight)),
    ),
    (
        "easter",
        lean(None, Some(P::SoftDreamy), Some(L::NaturalDaylight)),
    ),
    (
        "summer",
        lean(None, Some(P::CoolFresh), Some(L::NaturalDaylight)),
    ),
    ("autumn", lean(None, Some(P::WarmCozy), None)),
    (
        "thanksgiving",
        lean(None, Some(P::WarmCozy), Some(L::GoldenHour)),
    ),
    (
        "halloween",
        lean(None, Some(P::BoldDramatic), Some(L::DramaticShadows)),
    ),
    (
        "black friday",
        lean(None, Some(P::BoldDramatic), Some(L::DramaticShadows)),
    ),
    ("cyber monday", lean(None, Some(P::BoldDramatic), None)),
    (
        "back to school",
        lean(None, Some(P::NeutralClean), Some(L::NaturalDaylight)),
    ),
];

pub(crate) static OCCASIONS: LazyLock<Phrases<Lean>> =
    LazyLock::new(|| Phrases::new(OCCASION_TABLE));

/// Nouns that may follow an occasion ("winter sale").
#[rustfmt::skip]
pub(crate) const OCCASION_NOUNS: &[&str] = &[
    "sale", "campaign", "launch", "promo", "promotion", "collection", "drop", "edition",
    "season", "gift", "gifting", "special",
];

/// Where in a setting a product sits, for the setting words a user may name; the setting's
/// environment is whatever the engine's parser reads the word as.
const SETTING_TABLE: &[(&str, &str)] = &[
    ("beach", "outdoors on the beach, open sky behind"),
    ("ocean", "outdoors by the ocean, open sky behind"),
    ("sea", "outdoors by the sea, open sky behind"),
    ("forest", "outdoors in a forest, surrounded by greenery"),
    ("woods", "outdoors in the woods, surrounded by greenery"),
    ("jungle", "outdoors in a jungle, surrounded by greenery"),
    ("park", "outdoors in a park, surrounded by greenery"),
    ("meadow", "outdoors in a meadow, surrounded by greenery"),
    ("field", "outdoors in a field, surrounded by greenery"),
    ("grass", "outdoors on the grass, surrounded by greenery"),
    ("mountain", "outdoors in the mountains, open sky behind"),
    ("mountains", "outdoors in the mountains, open sky behind"),
    ("picnic", "outdoors at a picnic, surrounded by greenery"),
    ("patio", "outdoors on a patio, surrounded by greenery"),
    ("balcony", "outdoors on a balcony, open sky behind"),
    ("garden", "outdoors in a garden, surrounded by greenery"),
    (
        "urban street",
        "outdoors on an urban street, city buildings behind",
    ),
    ("city street", "outdoors on a city street, buildings behind"),
    ("street", "outdoors on a city street, buildings behind"),
    ("city", "outdoors in the city, buildings behind"),
    (
        "urban",
        "outdoors in an urban setting, city buildings behind",
    ),
    ("sidewalk", "outdoors on a sidewalk, city buildings behind"),
    ("rooftop", "outdoors on a rooftop, the city skyline behind"),
    (
        "bathtub",
        "on the edge of a bathtub in a bathroom, tiles behind",
    ),
    ("bath", "on the edge of a bath in a bathroom, tiles behind"),
    ("shower", "on a shelf in a shower, bathroom tiles behind"),
    ("spa", "in a spa bathroom beside the sink, tiles behind"),
    (
        "vanity",
        "on a bathroom vanity beside the sink, tiles behind",
    ),
    (
        "bed",
        "in a bedroom, resting on the bed among rumpled linen sheets",
    ),
    ("sofa", "in a living room, on a sofa with a linen blanket"),
    ("couch", "in a living room, on a couch with a linen blanket"),
    (
        "living room",
        "in a living room, on a sofa with a linen blanket",
    ),
    (
        "blanket",
        "in a bedroom, on a knitted blanket over rumpled sheets",
    ),
];

pub(crate) static SETTINGS: LazyLock<Phrases<&'static str>> =
    LazyLock::new(|| Phrases::new(SETTING_TABLE));

/// Words that ask for motion.
#[rustfmt::skip]
pub(crate) const VIDEO_WORDS: &[&str] = &[
    "video", "videos", "clip", "clips", "reel", "reels", "animation", "animate", "animated",
    "motion", "moving", "gif", "cinemagraph", "tiktok", "footage", "film", "boomerang",
    "commercial", "orbit", "orbiting", "spin", "spinning", "rotate", "rotating", "turntable",
    "pan", "panning", "dolly", "parallax", "timelapse", "float", "floating", "floats", "hover",
    "hovering", "levitate", "levitating", "sweep",
];

/// Camera words that mean motion only next to another word ("push in", "make it move").
#[rustfmt::skip]
pub(crate) const VIDEO_PHRASES: &[&str] = &[
    "make it move", "bring it to life", "push in", "pull back", "pull out", "zoom out",
    "slow mo", "slow motion", "b roll",
];

/// Words that ask for a still rather than a clip.
#[rustfmt::skip]
pub(crate) const STILL_PHRASES: &[&str] = &[
    "photo only", "image only", "just a photo", "just an image", "just the photo",
    "just the image", "still image", "still photo", "a still", "static image", "photo instead",
    "image instead",
];

#[rustfmt::skip]
pub(crate) const ORBIT_WORDS: &[&str] = &[
    "orbit", "orbiting", "rotate", "rotating", "rotation", "spin", "spinning", "turntable",
    "360",
];

pub(crate) const PUSH_IN_PHRASES: &[&str] = &["push in", "zoom in", "dolly in", "move closer"];

#[rustfmt::skip]
pub(crate) const FAST_WORDS: &[&str] = &[
    "fast", "quick", "snappy", "punchy", "dynamic", "energetic", "upbeat",
];
pub(crate) const SLOW_WORDS: &[&str] = &["slow", "slowly", "gentle", "subtle", "calm", "mo"];

/// Small talk: a message made only of these words is not a brief.
#[rustfmt::skip]
pub(crate) const GREETING_WORDS: &[&str] = &[
    "hi", "hello", "hey", "hiya", "yo", "howdy", "greetings", "morning", "evening", "afternoon",
];
#[rustfmt::skip]
pub(crate) const THANKS_WORDS: &[&str] = &[
    "thanks", "thank", "thx", "ty", "cheers", "appreciate", "great", "nice", "cool", "awesome",
    "perfect", "love", "lovely", "amazing", "wow", "beautiful",
];
pub(crate) const HELP_WORDS: &[&str] = &["help", "explain", "capabilities", "options", "how"];
#[rustfmt::skip]
pub(crate) const CONFIRM_WORDS: &[&str] = &[
    "yes", "yeah", "yep", "ok", "okay", "sure", "go", "generate", "proceed", "continue",
    "render",
];
/// Words small talk may contain around its key words.
#[rustfmt::skip]
pub(crate) const FILLER_WORDS: &[&str] = &[
    "good", "there", "you", "it", "i", "me", "this", "that", "is", "so", "much", "very", "a",
    "lot", "looks", "look", "what", "can", "do", "does", "work", "are", "who", "please",
    "ahead", "let", "lets", "s", "use", "to", "the", "tool", "with", "all", "really", "just",
    "and", "again", "one", "more", "time", "sounds", "now", "will", "be", "assistant", "im",
    "m", "new", "here", "how", "day", "folks", "team", "guys",
];
