//! Keeping the reply honest about the offline engine: every place, surface and prop the
//! seller named is either painted (the engine's reading of the brief shows it) or named in
//! the reply as not drawn, with what was used instead. The brief itself keeps the seller's
//! words, for a hosted model that can draw them.

use engine::prompt::{self, Setting};

use super::read::SURFACE_NOUNS;
use super::scene::Scene;
use super::words::{article, looks_plural, singular, tokenize};

/// Words of a place phrase too vague to be drawn or missed ("a spot at home").
const VAGUE: &[&str] = &[
    "home",
    "surface",
    "setting",
    "scene",
    "room",
    "background",
    "backdrop",
    "place",
    "spot",
    "area",
    "top",
];

/// One sentence per thing the seller named that the engine, reading `brief`, will not
/// paint: "I can't draw a shelf offline; I used a bathroom vanity by the sink instead."
pub(crate) fn not_drawn(scene: &Scene, brief: &str) -> Vec<String> {
    let parsed = prompt::parse(brief);
    let env = parsed.environment.unwrap_or(scene.look.environment);
    let setting = parsed.setting_for(env);
    let mut out = Vec::new();
    if let Some(place) = &scene.place {
        let missing: Vec<String> = place_nouns(place)
            .into_iter()
            .filter(|n| !setting.shows(n))
            .map(|n| with_article(&n))
            .collect();
        if !missing.is_empty() {
            out.push(format!(
                "I can't draw {} offline; I used {} instead.",
                or_list(&missing),
                painted(setting)
            ));
        }
    }
    if scene.no_props {
        return out;
    }
    for prop in &scene.props {
        let known = prop.split(' ').rev().find_map(prompt::prop_of);
        let shown = |kind| parsed.props.contains(&kind) && !parsed.no_props;
        match known {
            Some((kind, true)) if shown(kind) => {}
            Some((kind, false)) if shown(kind) => out.push(format!(
                "I can't draw {prop} offline; I used {} instead.",
                kind.name()
            )),
            _ => out.push(format!(
                "I can't draw {prop} offline, so {} left out of the picture.",
                if looks_plural(prop.rsplit(' ').next().unwrap_or(prop)) {
                    "they are"
                } else {
                    "it is"
                }
            )),
        }
    }
    out
}

/// The setting as painted, without its preposition: "a bathroom vanity by the sink".
fn painted(setting: Setting) -> &'static str {
    let d = setting.describe();
    d.split_once(' ').map_or(d, |(_, rest)| rest)
}

/// The concrete things a place phrase names: surfaces, furniture and places, not its
/// articles, colours or moods.
fn place_nouns(place: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in tokenize(place) {
        let w = t.word.as_str();
        if VAGUE.contains(&w) {
            continue;
        }
        let surface =
            SURFACE_NOUNS.contains(&w) || singular(w).is_some_and(|s| SURFACE_NOUNS.contains(&s));
        let read = prompt::parse(w);
        let is_place = read.setting.is_some()
            || (read.environment.is_some()
                && read.moods.is_empty()
                && read.palette.is_none()
                && read.lighting.is_none());
        if (surface || is_place) && !out.iter().any(|o| o == w) {
            out.push(w.to_string());
        }
    }
    out
}

fn with_article(noun: &str) -> String {
    if looks_plural(noun) {
        noun.to_string()
    } else {
        format!("{} {noun}", article(noun))
    }
}

/// "a", "a or b", "a, b or c".
fn or_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}
