//! Keeping the reply honest about the offline engine: every thing the seller named — the
//! place, what stands beside or behind the product, the weather — is drawn (the engine's own
//! reading of the brief paints it), stood in for by the nearest thing the engine draws (and
//! the reply names both), or named in the reply as not drawn. Whole phrases, never one of
//! their words. The brief itself keeps the seller's words, for a hosted model that can draw
//! them.

use domain::Substitution;
use engine::prompt::{self, Setting};

use super::scene::Scene;
use super::words::capitalize;
use crate::phrases::{looks_plural_phrase, or_list, Named, Part};

/// What the brief does with each thing the seller named.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Account {
    pub drawn: Vec<String>,
    pub substituted: Vec<Substitution>,
    /// Things (not places) left out.
    pub not_drawn: Vec<String>,
    /// Places left out, with what the picture shows instead.
    pub places_not_drawn: Vec<String>,
    /// The place painted, in a seller's words: "on a seamless studio backdrop".
    pub painted: &'static str,
}

impl Account {
    /// Everything left out, places first.
    pub fn all_not_drawn(&self) -> Vec<String> {
        self.places_not_drawn
            .iter()
            .chain(&self.not_drawn)
            .cloned()
            .collect()
    }

    /// The reply's sentence: what stands in for what, and what is left out, as one sentence
    /// so the reply stays short.
    pub fn sentence(&self, subject: &str, plural: bool) -> Option<String> {
        let parts: Vec<String> = self
            .sentences(subject, plural)
            .into_iter()
            .enumerate()
            .map(|(k, s)| {
                let s = s.trim_end_matches('.').to_string();
                if k == 0 || s.starts_with("I ") {
                    s
                } else {
                    let mut chars = s.chars();
                    chars
                        .next()
                        .map(|c| c.to_lowercase().chain(chars).collect())
                        .unwrap_or_default()
                }
            })
            .collect();
        (!parts.is_empty()).then(|| format!("{}.", parts.join("; ")))
    }

    fn sentences(&self, subject: &str, plural: bool) -> Vec<String> {
        let mut out = Vec::new();
        // One sentence for each thing used, naming everything it stands in for: "a wooden
        // table stands in for a piano bench and a music room".
        let mut said: Vec<&str> = Vec::new();
        for s in &self.substituted {
            if said.contains(&s.used.as_str()) {
                continue;
            }
            said.push(&s.used);
            let asked: Vec<String> = self
                .substituted
                .iter()
                .filter(|x| x.used == s.used)
                .map(|x| x.asked.clone())
                .collect();
            // "linen bed sheets in a bedroom" stand: the thing, before where it is.
            let thing = [" in ", " on ", " at "]
                .iter()
                .filter_map(|p| s.used.find(p))
                .min()
                .map_or(s.used.as_str(), |k| &s.used[..k]);
            let verb = if looks_plural_phrase(thing) {
                "stand"
            } else {
                "stands"
            };
            out.push(format!(
                "{} {verb} in for {}.",
                capitalize(&s.used),
                crate::phrases::and_list(&asked)
            ));
        }
        if !self.places_not_drawn.is_empty() {
            // The place painted is said once: not again when it already stands in for
            // another of the places.
            let named = self
                .substituted
                .iter()
                .any(|s| self.painted.ends_with(s.used.as_str()));
            let verb = if plural { "stand" } else { "stands" };
            let instead = if named {
                String::new()
            } else {
                format!("; the {subject} {verb} {} instead", self.painted)
            };
            out.push(format!(
                "I can't draw {} offline, so the picture leaves {} out{instead}.",
                or_list(&self.places_not_drawn),
                them(&self.places_not_drawn),
            ));
        }
        if !self.not_drawn.is_empty() {
            let are = if self.not_drawn.len() > 1 || looks_plural_phrase(&self.not_drawn[0]) {
                "they are"
            } else {
                "it is"
            };
            out.push(format!(
                "I can't draw {} offline, so {are} left out of the picture.",
                or_list(&self.not_drawn)
            ));
        }
        out
    }
}

fn them(items: &[String]) -> &'static str {
    if items.len() > 1 || looks_plural_phrase(&items[0]) {
        "them"
    } else {
        "it"
    }
}

/// Places the engine has no setting for, and the setting nearest to each: a mat is laid on
/// a tray, a porch is a table outdoors, a bathtub's edge is the vanity by the sink.
const NEAREST: &[(&[&str], Setting)] = &[
    (&["mat", "placemat", "doormat", "coaster"], Setting::Tray),
    (
        &[
            "rug",
            "carpet",
            "floor",
            "floorboards",
            "parquet",
            "chair",
            "armchair",
            "stool",
            "bench",
            "chest",
            "trunk",
            "crate",
            "barrel",
            "sideboard",
            "console",
        ],
        Setting::WoodenTable,
    ),
    (
        &[
            "blanket",
            "quilt",
            "throw",
            "duvet",
            "pillow",
            "cushion",
            "bedspread",
            "bedsheet",
        ],
        Setting::Bedroom,
    ),
    (
        &[
            "bookcase",
            "bookshelf",
            "mantel",
            "mantelpiece",
            "ledge",
            "cabinet",
            "cupboard",
            "dresser",
        ],
        Setting::Shelf,
    ),
    (
        &["worktop", "island", "benchtop", "stove", "oven"],
        Setting::KitchenCounter,
    ),
    (
        &[
            "lawn", "meadow", "field", "park", "forest", "woods", "yard", "backyard", "grass",
            "moss", "stump", "porch", "deck", "patio", "terrace", "veranda", "balcony", "orchard",
            "vineyard",
        ],
        Setting::Garden,
    ),
    (
        &[
            "sand",
            "dune",
            "dunes",
            "shore",
            "seashore",
            "seaside",
            "coast",
            "boardwalk",
            "pier",
            "jetty",
        ],
        Setting::Beach,
    ),
    (
        &["bathtub", "tub", "bath", "sink", "basin", "shower"],
        Setting::Vanity,
    ),
    (
        &[
            "rock", "boulder", "slate", "pebble", "pebbles", "stone", "concrete", "cement",
            "brick", "bricks",
        ],
        Setting::StoneSlab,
    ),
    (
        &["office", "workspace", "workbench", "workstation"],
        Setting::Desk,
    ),
    (
        &[
            "restaurant",
            "bakery",
            "diner",
            "tearoom",
            "bistro",
            "coffeeshop",
            "brasserie",
        ],
        Setting::Cafe,
    ),
    (&["window", "windowpane"], Setting::Windowsill),
    // A room the engine has no painting of: its plastered room with a table by the window.
    (&["room", "lounge"], Setting::WoodenTable),
    (&["nightstand", "bedside"], Setting::BedsideTable),
];

/// The setting that stands in for the first of `places` the engine has a near one for.
pub(crate) fn nearest_setting(places: &[Named]) -> Option<Setting> {
    places.iter().find_map(nearest_for)
}

/// Words that put a place on or by water: "a boat's deck" is planks by the water, and the
/// engine's nearest to that is a beach by the sea rather than a table in a garden.
const BY_WATER: &[&str] = &[
    "boat",
    "yacht",
    "ship",
    "sailboat",
    "ferry",
    "canoe",
    "kayak",
    "dock",
    "pontoon",
    "harbour",
    "harbor",
    "marina",
    "lake",
    "lakeside",
    "river",
    "riverbank",
    "waterfront",
];

fn nearest_for(named: &Named) -> Option<Setting> {
    if named
        .words
        .iter()
        .any(|w| BY_WATER.contains(&crate::builtin::singular_of(w.trim_end_matches("'s")).as_str()))
    {
        return Some(Setting::Beach);
    }
    let head = crate::builtin::singular_of(named.head().trim_end_matches("'s"));
    NEAREST
        .iter()
        .find(|(words, _)| words.contains(&named.head()) || words.contains(&head.as_str()))
        .map(|(_, s)| *s)
}

/// Heads that say little on their own: the words before them say which kind ("a music
/// room", "a hotel lobby wall"), and the painting must show that kind too.
const GENERIC_HEADS: &[&str] = &[
    "room", "area", "corner", "spot", "place", "space", "interior", "wall", "surface", "scene",
    "setting", "studio",
];

/// Whether the painted setting shows the kind of place a phrase names: its head alone for
/// "a wooden shelf", every describing word for "a music room" unless it only says a colour,
/// a tone or a feeling ("a cozy room", "a white wall").
fn kind_shown(named: &Named, setting: Setting) -> bool {
    if !GENERIC_HEADS.contains(&named.head()) {
        return true;
    }
    named.words[..named.words.len() - 1].iter().all(|w| {
        let read = prompt::parse(w);
        setting.shows(w)
            || !read.scene_colors.is_empty()
            || read.product_color.is_some()
            || read.tone.is_some()
            || !read.moods.is_empty()
            || read.palette.is_some()
            || read.environment == Some(setting.environment())
    })
}

/// The place painted, without its preposition: "a bathroom vanity by the sink".
fn painted_thing(setting: Setting) -> &'static str {
    let d = setting.describe();
    d.split_once(' ').map_or(d, |(_, rest)| rest)
}

/// Accounts for every thing the scene names against what the engine, reading `brief`,
/// paints.
pub(crate) fn account(scene: &Scene, brief: &str) -> Account {
    let parsed = prompt::parse(brief);
    let env = parsed.environment.unwrap_or(scene.look.environment);
    let setting = parsed.setting_for(env);
    let props = if parsed.no_props || scene.no_props {
        Vec::new()
    } else {
        parsed.props.clone()
    };
    let mut out = Account {
        painted: setting.describe(),
        ..Account::default()
    };
    for named in &scene.named {
        let phrase = named.phrase.clone();
        if named.part == Part::Weather {
            out.not_drawn.push(phrase);
            continue;
        }
        // A thing the engine draws from the prop library: the thing itself, or the nearest
        // it has ("a magazine" is drawn as books); a brand is drawn plain.
        let prop = named
            .words
            .iter()
            .rev()
            .filter(|w| *w != "of")
            .find_map(|w| {
                prompt::prop_of(w)
                    .or_else(|| prompt::prop_of(&crate::builtin::singular_of(w)))
                    .map(|p| (w.clone(), p))
            })
            .filter(|(_, (kind, _))| props.contains(kind));
        if let Some((word, (kind, exact))) = prop {
            if named.brand {
                out.substituted.push(Substitution {
                    asked: phrase,
                    used: if exact {
                        format!("a plain {}", crate::builtin::singular_of(&word))
                    } else {
                        kind.name().to_string()
                    },
                });
            } else if exact {
                out.drawn.push(phrase);
            } else {
                out.substituted.push(Substitution {
                    asked: phrase,
                    used: kind.name().to_string(),
                });
            }
            continue;
        }
        let head = named.head().trim_end_matches("'s");
        if setting.shows(head) && !named.brand && kind_shown(named, setting) {
            out.drawn.push(phrase);
            continue;
        }
        // The painted setting shows another of the phrase's words ("a wooden kitchen
        // table" is painted as a kitchen counter), or it is the nearest the engine has.
        let related = named
            .words
            .iter()
            .any(|w| setting.shows(w.trim_end_matches("'s")))
            || nearest_for(named) == Some(setting);
        if related {
            out.substituted.push(Substitution {
                asked: phrase,
                used: painted_thing(setting).to_string(),
            });
        } else if named.part == Part::Place {
            out.places_not_drawn.push(phrase);
        } else {
            out.not_drawn.push(phrase);
        }
    }
    out
}
