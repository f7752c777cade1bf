//! The things a seller names, read as phrases rather than looked up in word lists: every
//! noun phrase that says where the product is ("on a bamboo mat", "in a camper van"), what
//! stands beside it ("beside a stack of magazines", "with a Starbucks cup"), what is behind
//! it ("mountains in the background") and the weather ("snow falling outside"). A phrase is
//! kept whole — "a stack of magazines", never "a stack" — so that the answer can account for
//! each one: drawn, stood in for by the nearest thing the engine draws, or named as not
//! drawn. Words about light, mood, framing, time and motion are not things and are left to
//! the scene reading.

/// What a phrase is to the picture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Part {
    /// Where the product stands or is: "on a shelf", "in a camper van".
    Place,
    /// Something beside or around it: "beside a parrot", "with two lemons".
    Beside,
    /// Something behind it: "a lighthouse in the background".
    Background,
    /// The weather: "snow falling outside", "on a rainy day".
    Weather,
}

/// One thing the seller named.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Named {
    /// The seller's words, with possessives as articles: "a stack of magazines".
    pub phrase: String,
    /// The word that puts it there, for a place ("on", "in"); empty otherwise.
    pub preposition: String,
    pub part: Part,
    /// Lowercase words of the phrase without articles and counts, in order.
    pub words: Vec<String>,
    /// A name written with a capital inside a sentence ("a Starbucks cup"): a brand the
    /// engine cannot print.
    pub brand: bool,
    /// The byte range of the phrase (and its preposition) in the message.
    pub span: (usize, usize),
    /// Where the thing itself is, when the seller said so ("a dog in the back seat"): the
    /// byte range of that place, which is the thing's and not the product's.
    pub own_place: Option<(usize, usize)>,
}

impl Named {
    /// The noun the phrase is about: the last word, or the one after "of" ("a stack of
    /// magazines" is about magazines, "a boat's deck" about the deck).
    pub fn head(&self) -> &str {
        self.words.last().map_or("", String::as_str)
    }

    /// The phrase as the place it is: "on a shelf".
    pub fn as_place(&self) -> String {
        if self.preposition.is_empty() {
            self.phrase.clone()
        } else {
            format!("{} {}", self.preposition, self.phrase)
        }
    }
}

/// Whether a phrase takes a plural verb: "books", "two lemons", but "a stack of magazines"
/// is one stack.
pub(crate) fn looks_plural_phrase(phrase: &str) -> bool {
    let words: Vec<&str> = phrase.split(' ').collect();
    // "a couple of surfers", "a few gulls", "a group of hikers": many, whatever the article.
    if words.len() > 2
        && matches!(
            words[1].to_lowercase().as_str(),
            "couple" | "few" | "group" | "handful" | "bunch" | "crowd" | "dozen" | "lot" | "pair"
        )
    {
        return true;
    }
    if matches!(
        words.first().map(|w| w.to_lowercase()).as_deref(),
        Some("a" | "an" | "one")
    ) {
        return false;
    }
    let head = match words.iter().position(|w| *w == "of") {
        Some(k) if k > 0 => words[k - 1],
        _ => words.last().copied().unwrap_or(""),
    };
    crate::builtin::looks_plural(head)
}

/// "a", "a and b", "a, b and c".
pub(crate) fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "a", "a or b", "a, b or c".
pub(crate) fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

/// Words that put the product somewhere.
const PLACE_CUES: &[&str] = &[
    "on",
    "in",
    "at",
    "inside",
    "atop",
    "upon",
    "onto",
    "into",
    "under",
    "underneath",
    "against",
    "aboard",
    "by",
];

/// Words that put something beside the product.
const BESIDE_CUES: &[&str] = &[
    "add",
    "adding",
    "include",
    "including",
    "beside",
    "with",
    "alongside",
    "near",
    "among",
    "amongst",
    "amid",
    "behind",
    "plus",
    "featuring",
];

/// Words a phrase starts with that are not part of the thing.
const DETERMINERS: &[&str] = &[
    "a", "an", "the", "my", "our", "your", "their", "his", "her", "its", "this", "that", "these",
    "those", "some", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    "dozen", "few", "several", "many", "lots", "couple", "pair", "bunch", "handful",
];

/// A count written in digits ("2 surfers") is the phrase's count, like "two".
fn is_count(word: &str) -> bool {
    !word.is_empty() && word.len() <= 3 && word.chars().all(|c| c.is_ascii_digit())
}

/// Words that end a phrase: prepositions, conjunctions, pronouns and common verbs.
const ENDS: &[&str] = &[
    "on",
    "in",
    "at",
    "by",
    "beside",
    "near",
    "under",
    "with",
    "without",
    "against",
    "inside",
    "atop",
    "onto",
    "into",
    "over",
    "across",
    "along",
    "upon",
    "among",
    "amid",
    "behind",
    "next",
    "from",
    "for",
    "to",
    "as",
    "like",
    "than",
    "outside",
    "outdoors",
    "indoors",
    "and",
    "or",
    "but",
    "while",
    "so",
    "then",
    "because",
    "if",
    "it",
    "them",
    "me",
    "us",
    "i",
    "we",
    "you",
    "he",
    "she",
    "they",
    "which",
    "who",
    "where",
    "when",
    "is",
    "are",
    "was",
    "were",
    "be",
    "looks",
    "look",
    "feels",
    "feel",
    "please",
    "make",
    "show",
    "keep",
    "should",
    "would",
    "could",
    "can",
    "will",
    "no",
    "not",
    "never",
    "plus",
    "during",
    "around",
    "through",
    "via",
    "above",
    "below",
    "underneath",
    "beneath",
    "toward",
    "towards",
    "facing",
    "aboard",
    "just",
    "very",
    "really",
    "too",
    "also",
    "only",
    "maybe",
    "perhaps",
    "lit",
    "shot",
    "photographed",
    "set",
    "placed",
    "sitting",
    "standing",
    "resting",
    "lying",
    "using",
    "has",
    "have",
    "had",
    "overhead",
    "nearby",
    "everywhere",
    "here",
    "there",
];

/// Heads that are not things in the picture: light, mood, framing, time, motion, text.
const NOT_THINGS: &[&str] = &[
    "light",
    "lights",
    "lighting",
    "glow",
    "shadow",
    "shadows",
    "tone",
    "tones",
    "palette",
    "colour",
    "colours",
    "color",
    "colors",
    "mood",
    "feel",
    "feeling",
    "vibe",
    "vibes",
    "style",
    "look",
    "aesthetic",
    "theme",
    "focus",
    "framing",
    "frame",
    "composition",
    "angle",
    "view",
    "shot",
    "shots",
    "photo",
    "photos",
    "image",
    "images",
    "picture",
    "pictures",
    "video",
    "videos",
    "clip",
    "clips",
    "second",
    "seconds",
    "minute",
    "minutes",
    "background",
    "foreground",
    "space",
    "text",
    "copy",
    "logo",
    "detail",
    "details",
    "texture",
    "contrast",
    "depth",
    "sense",
    "touch",
    "hint",
    "motion",
    "movement",
    "pace",
    "speed",
    "sound",
    "music",
    "audio",
    "top",
    "left",
    "right",
    "bottom",
    "side",
    "middle",
    "center",
    "centre",
    "corner",
    "front",
    "back",
    "hero",
    "product",
    "time",
    "hour",
    "morning",
    "evening",
    "afternoon",
    "night",
    "day",
    "sunset",
    "sunrise",
    "dusk",
    "dawn",
    "twilight",
    "noon",
    "midday",
    "daylight",
    "sunlight",
    "moonlight",
    "candlelight",
    "way",
    "order",
    "format",
    "size",
    "version",
    "level",
    "row",
    "sale",
    "campaign",
    "launch",
    "zoom",
    "pan",
    "orbit",
    "spin",
    "close",
    "closeup",
    "macro",
    "lens",
    "mind",
    "focus",
    "blur",
    "bokeh",
    "tint",
    "hue",
    "shade",
    "shades",
    "finish",
    "spotlight",
    "sunshine",
    "nothing",
    "everything",
    "something",
    "same",
    "first",
    "last",
    "end",
    "start",
    "it",
    "one",
    "style",
    "studio-style",
    "loop",
    "slow",
    "winter",
    "summer",
    "spring",
    "autumn",
    "fall",
    "season",
    "christmas",
    "holidays",
    "holiday",
    "valentine",
    "easter",
    "halloween",
    "thanksgiving",
    "birthday",
    "sparkle",
    "shine",
    "energy",
    "glamour",
    "elegance",
    "instagram",
    "tiktok",
    "facebook",
    "pinterest",
    "etsy",
    "amazon",
    "shopify",
    "website",
    "site",
    "page",
    "feed",
    "story",
    "stories",
    "reel",
    "reels",
    "ad",
    "ads",
    "banner",
    "post",
    "thumbnail",
    "listing",
    "pop",
    "prop",
    "props",
    "clutter",
    "scent",
    "smell",
    "aroma",
    "warmth",
    "variation",
    "variations",
    "idea",
    "ideas",
];

/// Light, mood, framing, time and the like: never a thing in the picture.
pub(crate) fn is_not_a_thing(word: &str) -> bool {
    NOT_THINGS.contains(&word) || NOT_STARTS.contains(&word)
}

/// Words that start a phrase that is not a thing: "with room for text", "in slow motion".
const NOT_STARTS: &[&str] = &[
    "room",
    "space",
    "copy",
    "focus",
    "frame",
    "view",
    "detail",
    "contrast",
    "mind",
    "general",
    "particular",
    "front",
    "order",
    "love",
    "style",
    "total",
    "terms",
    "case",
    "time",
];

/// Weather, as nouns and as the words that describe a day.
const WEATHER: &[&str] = &[
    "snow",
    "snowfall",
    "snowflakes",
    "snowflake",
    "snowy",
    "rain",
    "rainfall",
    "raindrops",
    "rainy",
    "drizzle",
    "fog",
    "foggy",
    "mist",
    "storm",
    "stormy",
    "thunderstorm",
    "thunder",
    "lightning",
    "hail",
    "sleet",
    "blizzard",
    "clouds",
    "cloudy",
    "rainbow",
    "wind",
    "windy",
    "frost",
    "downpour",
    "showers",
];

/// Nouns whose first word alone reads as light, weather, time or colour: "a golden
/// retriever" is a dog, not golden-hour light; "a snow globe" is no weather. The whole noun
/// is the thing, and its first word says nothing about the scene.
#[rustfmt::skip]
const COMPOUND_NOUNS: &[&str] = &[
    "golden retriever", "golden doodle", "golden syrup", "golden gate bridge",
    "snow globe", "snow boot", "snow shovel", "snow cone", "snow leopard", "snow sled",
    "rain boot", "rain jacket", "rain coat", "rain gauge", "rain barrel", "rain forest",
    "fire pit", "fire truck", "fire engine", "fire escape", "fire hydrant",
    "night stand", "night table", "night market", "night owl",
    "sun hat", "sun lounger", "sun lamp", "sun visor", "sun deck", "sun bed",
    "sunset orange", "sunset yellow", "sunrise pink",
    "storm drain", "fog machine", "thunder cloud",
    "evening gown", "evening dress", "evening bag", "morning glory", "afternoon tea",
    "winter coat", "winter boot", "winter jacket", "summer house", "summer dress",
    "spring onion", "christmas tree", "christmas stocking", "christmas wreath",
    "candle holder", "light bulb", "lamp post", "moon lamp",
];

/// How many words of a compound noun start at `i` of `words` (lowercase), or 0. The last
/// word may be plural ("rain boots", "golden retrievers").
pub(crate) fn compound_at(words: &[&str], i: usize) -> usize {
    COMPOUND_NOUNS
        .iter()
        .map(|c| c.split(' ').collect::<Vec<_>>())
        .filter(|c| {
            i + c.len() <= words.len()
                && c.iter().enumerate().all(|(k, w)| {
                    let have = words[i + k];
                    have == *w || (k == c.len() - 1 && crate::builtin::singular_of(have) == *w)
                })
        })
        .map(|c| c.len())
        .max()
        .unwrap_or(0)
}

/// Words before a cue that make it something other than a place or a thing: "aimed at
/// Gen Z", "made with love", "shot in 4K".
const NOT_AFTER: &[&str] = &[
    "aimed",
    "targeted",
    "targeting",
    "marketed",
    "pointed",
    "directed",
    "looking",
    "made",
    "filled",
    "shot",
    "fade",
    "fades",
    "zoom",
    "zooms",
    "pan",
    "pans",
    "push",
    "pull",
    "move",
    "moves",
    "go",
    "goes",
    "come",
    "comes",
    "stay",
    "stays",
    "kept",
    "keep",
    "keeps",
    "done",
    "written",
    "dressed",
    "lit",
    "bathed",
    "drenched",
];

#[derive(Debug, Clone)]
struct Word {
    lower: String,
    start: usize,
    end: usize,
    /// Punctuation that ends a clause: "," "." ";" "!" "?" ":" or a dash.
    stop: bool,
    /// The first word of a sentence (a capital there is no name).
    first: bool,
}

/// Words with their apostrophes and hyphens kept ("boat's", "hand-thrown"); clause
/// punctuation as stops.
fn words(text: &str) -> Vec<Word> {
    let mut out: Vec<Word> = Vec::new();
    let mut start: Option<usize> = None;
    let mut first = true;
    for (i, ch) in text.char_indices() {
        let inside =
            ch.is_alphanumeric() || (start.is_some() && matches!(ch, '\'' | '’' | '-' | '&' | '%'));
        if inside {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            push_word(text, &mut out, s, i, &mut first);
        }
        if matches!(
            ch,
            ',' | '.' | ';' | '!' | '?' | ':' | '—' | '–' | '(' | ')' | '"'
        ) {
            let end = i + ch.len_utf8();
            out.push(Word {
                lower: ",".into(),
                start: i,
                end,
                stop: true,
                first: false,
            });
            if matches!(ch, '.' | '!' | '?') {
                first = true;
            }
        }
    }
    if let Some(s) = start {
        push_word(text, &mut out, s, text.len(), &mut first);
    }
    out
}

/// A word from `s` to `e`, without a trailing apostrophe or hyphen.
fn push_word(text: &str, out: &mut Vec<Word>, s: usize, e: usize, first: &mut bool) {
    let raw = text[s..e].trim_end_matches(['\'', '’', '-', '&', '%']);
    if raw.is_empty() {
        return;
    }
    out.push(Word {
        lower: raw.to_lowercase().replace('’', "'"),
        start: s,
        end: s + raw.len(),
        stop: false,
        first: *first,
    });
    *first = false;
}

/// A participle ("falling", "sleeping"), not one of the nouns that end in "-ing" ("a ferry
/// railing", "a building").
fn is_ing(w: &str) -> bool {
    w.len() > 4 && w.ends_with("ing") && !ING_NOUNS.contains(&w)
}

#[rustfmt::skip]
const ING_NOUNS: &[&str] = &[
    "string", "ceiling", "railing", "railings", "building", "painting", "clothing", "bedding",
    "decking", "landing", "awning", "icing", "frosting", "pudding", "dumpling", "wedding",
    "swing", "sling", "spring", "evening", "morning", "stuffing", "bunting", "fencing",
    "flooring", "seating", "siding", "shelving", "tiling", "cladding", "panelling", "paneling",
    "stocking", "stockings", "earring", "earrings", "sapling", "seedling", "duckling",
    "gosling", "herring", "darling", "offering", "carving", "etching", "engraving",
    "clearing", "crossing", "mooring", "dwelling", "lodging", "skirting",
];

/// The phrase that starts at `i` (after its cue): its first and last word, or `None` when
/// no thing is named there.
fn phrase_at(ws: &[Word], i: usize) -> Option<(usize, usize)> {
    let mut k = i;
    // Articles and counts ("a", "two", "a couple of").
    while k < ws.len()
        && (DETERMINERS.contains(&ws[k].lower.as_str())
            || ws[k].lower == "of"
            || (k == i && is_count(&ws[k].lower)))
    {
        k += 1;
    }
    let first = k;
    let mut last = None;
    let mut nouns = 0;
    while k < ws.len() && k < first + 7 {
        let w = ws[k].lower.as_str();
        if ws[k].stop || ENDS.contains(&w) || w.chars().all(|c| c.is_ascii_digit()) {
            // "a stack of magazines", "a bowl of lemons": "of" carries the phrase on.
            if w == "of" && last.is_some() && k + 1 < ws.len() {
                k += 1;
                continue;
            }
            break;
        }
        if w == "of" {
            if last.is_some() && k + 1 < ws.len() && !ws[k + 1].stop {
                k += 1;
                continue;
            }
            break;
        }
        // "snow falling outside": a participle after a noun ends the thing.
        if is_ing(w) && nouns > 0 {
            break;
        }
        last = Some(k);
        nouns += 1;
        k += 1;
    }
    let last = last?;
    // A trailing "of" or a determiner never ends a phrase.
    let mut end = last;
    while end > first && matches!(ws[end].lower.as_str(), "of") {
        end -= 1;
    }
    Some((first, end))
}

/// The most things one message is read for; a long message's first ones are plenty, and
/// each costs a reading by the engine's parser.
const MOST: usize = 24;

/// Every thing the seller named in `text`, in order. `product` holds the product's own
/// words, which are never a thing beside it.
pub(crate) fn named_things(text: &str, product: &[String]) -> Vec<Named> {
    let ws = words(text);
    let mut out: Vec<Named> = Vec::new();
    let mut taken = vec![false; ws.len()];
    let mut i = 0;
    while i < ws.len() && out.len() < MOST {
        let w = ws[i].lower.as_str();
        let prev = i.checked_sub(1).map(|p| ws[p].lower.as_str());
        let next = ws.get(i + 1).map(|n| n.lower.as_str());
        // The cue and how many words it takes.
        let cue: Option<(Part, usize)> = match (w, next) {
            ("next", Some("to")) => Some((Part::Beside, 2)),
            ("in", Some("front")) if ws.get(i + 2).is_some_and(|n| n.lower == "of") => {
                Some((Part::Beside, 3))
            }
            ("surrounded" | "accompanied" | "framed", Some("by")) => Some((Part::Beside, 2)),
            ("styled", Some("with")) => Some((Part::Beside, 2)),
            ("and", _)
                if out.last().is_some_and(|n| {
                    matches!(n.part, Part::Beside | Part::Background) && n.span.1 == end_of(&ws, i)
                }) =>
            {
                out.last().map(|n| (n.part, 1))
            }
            _ if PLACE_CUES.contains(&w) => Some((Part::Place, 1)),
            _ if BESIDE_CUES.contains(&w) => Some((Part::Beside, 1)),
            _ => None,
        };
        let negated = (1..=3).any(|back| {
            i >= back
                && !ws[i - back].stop
                && matches!(
                    ws[i - back].lower.as_str(),
                    "no" | "not" | "without" | "never" | "avoid"
                )
        });
        // "snow falling on the street outside": where the weather falls is the weather's.
        let weather_goes_on = part_is_place(w)
            && i >= 2
            && is_ing(&ws[i - 1].lower)
            && WEATHER.contains(&ws[i - 2].lower.as_str());
        let after_verb = prev.is_some_and(|p| NOT_AFTER.contains(&p)) || weather_goes_on;
        let Some((part, n)) = cue.filter(|_| !negated && !after_verb && !taken[i]) else {
            i += 1;
            continue;
        };
        let Some((first, last)) = phrase_at(&ws, i + n) else {
            i += 1;
            continue;
        };
        let mut named = make(text, &ws, i, n, first, last, part);
        // "in the background" / "in the foreground" says where the thing before it is.
        if part == Part::Place
            && named.words.len() == 1
            && matches!(named.head(), "background" | "foreground" | "distance")
        {
            mark_background(&mut out, &ws, i);
            i = last + 1;
            continue;
        }
        if keep(&named, product) {
            let weather_head = WEATHER.contains(&named.head())
                || (NOT_THINGS.contains(&named.head())
                    && named.words.iter().any(|w| WEATHER.contains(&w.as_str())));
            let mut last = last;
            if weather_head {
                // "with heavy snow outside": where the weather is stays with it.
                let end = weather_tail(&ws, last, &taken);
                if end > last {
                    named = make(text, &ws, i, n, first, end, part);
                    last = end;
                }
                named.part = Part::Weather;
                named.preposition.clear();
            }
            if named.part == Part::Beside {
                last = own_place(text, &ws, &taken, &out, &mut named, last);
            }
            taken[i..=last].iter_mut().for_each(|t| *t = true);
            out.push(named);
            i = last + 1;
        } else {
            i += 1;
        }
    }
    weather(text, &ws, &mut taken, &mut out);
    background_subjects(text, &ws, &taken, product, &mut out);
    out.sort_by_key(|n| n.span.0);
    out
}

/// "with a dog in the back seat": a place right after a thing beside the product is the
/// thing's own when the product already has its place in the message, or when the thing is
/// said to be in it ("in", "inside") and it is no room or landscape; the phrase then names
/// both, whole. Returns the new last word of the phrase.
fn own_place(
    text: &str,
    ws: &[Word],
    taken: &[bool],
    before: &[Named],
    named: &mut Named,
    last: usize,
) -> usize {
    let Some(cue) = ws.get(last + 1).filter(|w| !w.stop && !taken[last + 1]) else {
        return last;
    };
    let inside = matches!(cue.lower.as_str(), "in" | "inside");
    let placed = before.iter().any(|n| n.part == Part::Place);
    if !(inside || (placed && matches!(cue.lower.as_str(), "on" | "atop" | "under"))) {
        return last;
    }
    let Some((first, end)) = phrase_at(ws, last + 2) else {
        return last;
    };
    let place = make(text, ws, last + 1, 1, first, end, Part::Place);
    // A room or a landscape ("with roses in a bathroom") holds the product too.
    let surrounds = inside
        && engine::prompt::parse(&place.words.join(" "))
            .environment
            .is_some();
    if surrounds
        || place.words.len() == 1
            && matches!(place.head(), "background" | "foreground" | "distance")
        || !keep(&place, &[])
    {
        return last;
    }
    named.phrase = format!("{} {}", named.phrase, place.as_place());
    named.own_place = Some((ws[last + 1].start, ws[end].end));
    named.span.1 = ws[end].end;
    end
}

fn part_is_place(word: &str) -> bool {
    PLACE_CUES.contains(&word)
}

/// Where the word before `i` ends, for "and" continuing a list right after a phrase.
fn end_of(ws: &[Word], i: usize) -> usize {
    i.checked_sub(1).map_or(0, |p| ws[p].end)
}

fn make(
    text: &str,
    ws: &[Word],
    cue: usize,
    n: usize,
    first: usize,
    last: usize,
    part: Part,
) -> Named {
    // The seller's article or count stays ("two lemons"); a possessive is "a" in a brief
    // ("my desk" is "a desk"), and nothing before a plural.
    let lead: Vec<&Word> = ws[cue + n..first].iter().collect();
    let content: Vec<&Word> = ws[first..=last].iter().collect();
    let head_plural = crate::builtin::looks_plural(content.last().map_or("", |w| w.lower.as_str()));
    let mut article: Vec<String> = Vec::new();
    for w in &lead {
        match w.lower.as_str() {
            "my" | "our" | "your" | "their" | "his" | "her" | "its" | "this" | "that" => {
                if !head_plural {
                    article.push("a".into());
                }
            }
            "these" | "those" => article.push("some".into()),
            _ => article.push(text[w.start..w.end].to_string()),
        }
    }
    let mut parts: Vec<String> = article;
    parts.extend(content.iter().map(|w| tidy(text, w)));
    let phrase = crate::builtin::fix_articles(&parts.join(" "));
    let brand = content.iter().any(|w| {
        let raw = &text[w.start..w.end];
        !w.first && raw.chars().next().is_some_and(char::is_uppercase) && raw != "I"
    });
    let words = content
        .iter()
        .map(|w| w.lower.clone())
        .filter(|w| !DETERMINERS.contains(&w.as_str()))
        .collect();
    let preposition = if part == Part::Place {
        ws[cue..cue + n]
            .iter()
            .map(|w| w.lower.clone())
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        String::new()
    };
    Named {
        phrase,
        preposition,
        part,
        words,
        brand,
        span: (ws[cue].start, ws[last].end),
        own_place: None,
    }
}

/// A word as written, except a capital that only starts a sentence.
fn tidy(text: &str, w: &Word) -> String {
    let raw = &text[w.start..w.end];
    let mut chars = raw.chars();
    let first = chars.next().unwrap_or_default();
    if w.first && first.is_uppercase() && chars.clone().all(|c| !c.is_uppercase()) {
        first.to_lowercase().collect::<String>() + chars.as_str()
    } else {
        raw.to_string()
    }
}

/// Whether a phrase names a thing: not light, mood, framing or time, not only the product,
/// not a colour or a number.
fn keep(named: &Named, product: &[String]) -> bool {
    let Some(first) = named.words.first() else {
        return false;
    };
    let head = named.head();
    // "shallow depth of field", "a touch of light": what comes before "of" says it is no
    // thing.
    let not_a_thing_of = named
        .words
        .windows(2)
        .any(|w| w[1] == "of" && NOT_THINGS.contains(&w[0].as_str()));
    if NOT_THINGS.contains(&head)
        || not_a_thing_of
        || NOT_STARTS.contains(&first.as_str())
        || head.chars().any(|c| c.is_ascii_digit())
        || head.len() < 2
    {
        // "on a rainy day", "in the snow at night": the weather is still named.
        return named.words.iter().any(|w| WEATHER.contains(&w.as_str()));
    }
    let singular = |w: &str| crate::builtin::singular_of(w);
    let own = |w: &String| product.iter().any(|p| *p == singular(w) || p == w);
    if named.words.iter().all(own) {
        return false;
    }
    // Words the engine reads as light, palette or mood, and nothing else ("in pastel", "on
    // white", "in golden-hour").
    let read = engine::prompt::parse(&named.words.join(" "));
    let place_or_prop = read.environment.is_some()
        || read.setting.is_some()
        || !read.props.is_empty()
        || read.product.is_some();
    let colour_or_feel = read.lighting.is_some()
        || read.palette.is_some()
        || !read.moods.is_empty()
        || !read.scene_colors.is_empty()
        || read.product_color.is_some()
        || read.composition.is_some();
    let head_read = engine::prompt::parse(head);
    let head_is_feel = engine::prompt::prop_of(head).is_none()
        && head_read.environment.is_none()
        && head_read.setting.is_none()
        && head_read.props.is_empty()
        && (head_read.lighting.is_some()
            || head_read.palette.is_some()
            || !head_read.moods.is_empty()
            || !head_read.scene_colors.is_empty()
            || head_read.composition.is_some());
    !(head_is_feel || (colour_or_feel && !place_or_prop && named.words.len() == 1))
}

/// "a lighthouse in the background": the phrase before the marker, in its clause, is behind
/// the product; when it was read as a place or beside thing, it moves behind.
fn mark_background(out: &mut [Named], ws: &[Word], marker: usize) {
    let clause_start = ws[..marker]
        .iter()
        .rposition(|w| w.stop)
        .map_or(0, |p| ws[p].end);
    if let Some(last) = out.last_mut().filter(|n| n.span.0 >= clause_start) {
        last.part = Part::Background;
        last.preposition.clear();
    }
}

/// Weather said without a cue: "snow falling outside", "rain on the window". The weather
/// word and what follows it up to the end of its clause, at most five words.
fn weather(text: &str, ws: &[Word], taken: &mut [bool], out: &mut Vec<Named>) {
    let lower: Vec<&str> = ws.iter().map(|w| w.lower.as_str()).collect();
    let mut i = 0;
    while i < ws.len() && out.len() < MOST {
        if taken[i] || !WEATHER.contains(&lower[i]) || compound_at(&lower, i) > 0 {
            i += 1;
            continue;
        }
        // Its describing words before it ("heavy snow", "a light drizzle").
        let mut first = i;
        while first > 0
            && !taken[first - 1]
            && !ws[first - 1].stop
            && !ENDS.contains(&ws[first - 1].lower.as_str())
            && !DETERMINERS.contains(&ws[first - 1].lower.as_str())
            && first + 3 > i
        {
            first -= 1;
        }
        let mut last = i;
        while last + 1 < ws.len()
            && last < i + 5
            && !ws[last + 1].stop
            && !taken[last + 1]
            && !matches!(
                ws[last + 1].lower.as_str(),
                "and" | "but" | "while" | "with"
            )
        {
            last += 1;
        }
        let content: Vec<String> = ws[first..=last]
            .iter()
            .enumerate()
            .map(|(k, w)| match participle(&w.lower) {
                Some(ing) if first + k > i => ing.to_string(),
                _ => tidy(text, w),
            })
            .collect();
        out.push(Named {
            phrase: content.join(" "),
            preposition: String::new(),
            part: Part::Weather,
            words: ws[first..=last].iter().map(|w| w.lower.clone()).collect(),
            brand: false,
            span: (ws[first].start, ws[last].end),
            own_place: None,
        });
        taken[first..=last].iter_mut().for_each(|t| *t = true);
        i = last + 1;
    }
}

/// Things counted only as an amount: no "a" before them.
#[rustfmt::skip]
const MASS_NOUNS: &[&str] = &[
    "steam", "smoke", "mist", "haze", "graffiti", "ivy", "greenery", "foliage", "water", "sand",
    "confetti", "glitter", "grass", "moss", "fruit", "coffee", "tea", "wine", "champagne",
    "juice", "milk", "honey", "bread", "ice", "fire", "dust", "pollen", "laundry", "traffic",
    "furniture", "paper", "wood", "stone", "marble", "seaweed", "hay", "straw", "wheat",
    "corn", "rice", "chocolate", "cream", "foam", "lava", "sunshine", "scenery", "art",
    "produce", "jewellery", "jewelry", "luggage", "snow", "rain", "fog", "hail", "sleet",
    "lightning", "thunder", "frost", "wind",
];

/// Where a weather phrase ends when it goes on to say where or how the weather is:
/// "heavy snow outside", "rain falling outside", "seagulls overhead".
fn weather_tail(ws: &[Word], last: usize, taken: &[bool]) -> usize {
    let mut end = last;
    while end + 1 < ws.len() && end < last + 3 && !ws[end + 1].stop && !taken[end + 1] {
        let w = ws[end + 1].lower.as_str();
        if matches!(w, "outside" | "outdoors" | "overhead" | "beyond") || is_ing(w) {
            end += 1;
        } else {
            break;
        }
    }
    // "rain streaming down the window", "snow falling outside the window": after the
    // verb, where it falls, up to the end of its clause.
    let moving = end > last && is_ing(&ws[end].lower) || ws[end].lower == "outside";
    let along = ws.get(end + 1).is_some_and(|w| {
        matches!(
            w.lower.as_str(),
            "down"
                | "against"
                | "on"
                | "onto"
                | "over"
                | "across"
                | "past"
                | "through"
                | "along"
                | "outside"
                | "in"
                | "into"
                | "off"
        )
    });
    if moving && along && !taken[end + 1] {
        let mut k = end + 1;
        while k + 1 < ws.len()
            && k < end + 5
            && !ws[k + 1].stop
            && !taken[k + 1]
            && !matches!(ws[k + 1].lower.as_str(), "and" | "but" | "while" | "with")
        {
            k += 1;
        }
        // "fog rolling in" ends at "in"; "rain streaming down the window" at its noun.
        end = if k > end + 1 || matches!(ws[end + 1].lower.as_str(), "in" | "down" | "off") {
            k
        } else {
            end
        };
    }
    end
}

/// A verb after the weather, as the participle a phrase reads with: "while heavy snow falls
/// outside" is named as "heavy snow falling outside".
fn participle(word: &str) -> Option<&'static str> {
    Some(match word {
        "falls" => "falling",
        "pours" => "pouring",
        "drifts" => "drifting",
        "blows" => "blowing",
        "rolls" => "rolling",
        "beats" => "beating",
        "lashes" => "lashing",
        "swirls" => "swirling",
        "rages" => "raging",
        "hangs" => "hanging",
        "sweeps" => "sweeping",
        "streams" => "streaming",
        "gathers" => "gathering",
        "covers" => "covering",
        "comes" => "coming",
        _ => return None,
    })
}

/// A clause that starts with a thing doing something or somewhere: "…, a dog sleeping
/// beside it", "…, mountains in the background", "…, seagulls overhead", or a follow-up
/// "llama in the background". The product's own words are never one.
fn background_subjects(
    text: &str,
    ws: &[Word],
    taken: &[bool],
    product: &[String],
    out: &mut Vec<Named>,
) {
    let mut i = 0;
    while i < ws.len() && out.len() < MOST {
        let starts = (i == 0 || ws[i - 1].stop) && !ws[i].stop;
        if !starts {
            i += 1;
            continue;
        }
        if taken[i] {
            i += 1;
            continue;
        }
        let Some((first, last)) = phrase_at(ws, i) else {
            i += 1;
            continue;
        };
        // It does something or is somewhere: "steam rising", "seagulls overhead",
        // "a lighthouse in the background".
        let after = ws.get(last + 1).map(|w| w.lower.as_str());
        let marker = after == Some("in")
            && ws.get(last + 2..(last + 4).min(ws.len())).is_some_and(|m| {
                m.iter()
                    .any(|w| matches!(w.lower.as_str(), "background" | "distance"))
            });
        let acts = after.is_some_and(|a| {
            is_ing(a)
                || matches!(
                    a,
                    "overhead"
                        | "nearby"
                        | "outside"
                        | "everywhere"
                        | "behind"
                        | "above"
                        | "around"
                )
        });
        // The first clause is usually the product's own ("candle glowing on a shelf"): a
        // thing there counts only when it is said to be behind ("llama in the background").
        let first_clause = ws[..i].iter().all(|w| !w.stop);
        let acts = marker || (acts && !first_clause);
        if !acts || (first..=last).any(|k| taken[k]) {
            i = last + 1;
            continue;
        }
        let mut named = make(text, ws, i, 0, first, last, Part::Background);
        named.span = (ws[first].start, ws[last].end);
        // "llama in the background" is a llama: a thing named without its article gets
        // one, unless it is many, a name, or a mass ("steam rising", "graffiti behind").
        let bare = first == i
            && !named.brand
            && !crate::builtin::looks_plural(named.head())
            && !MASS_NOUNS.contains(&named.head());
        if bare {
            named.phrase = crate::builtin::fix_articles(&format!("a {}", named.phrase));
        }
        if keep(&named, product) {
            out.push(named);
        }
        i = last + 1;
    }
}
