//! Words that rule options out, contradictions between what the message asks, and small talk.

use super::*;

/// Negated scene words rule their options out, unless the negation is about a colour
/// ("no white background" avoids white, it does not rule out the studio).
pub(super) fn exclusions<'t>(tokens: &'t [Token], negated: &[bool], used: &[bool]) -> Excluded {
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

pub(super) fn mentions_props(tokens: &[Token], negated: &[bool]) -> bool {
    tokens.iter().zip(negated).any(|(t, &neg)| {
        !neg && matches!(
            t.word.as_str(),
            "props" | "prop" | "clutter" | "cluttered" | "busy"
        )
    })
}

/// Asks that cannot both hold in one picture.
pub(super) fn conflict(tokens: &[Token], negated: &[bool], reading: &Reading) -> Option<Conflict> {
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
pub(super) fn talk(tokens: &[Token]) -> Option<Talk> {
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
