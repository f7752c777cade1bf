//! What the message asks beyond the scene: things to avoid, props, audience, occasion, camera angle
//! and motion.

use super::*;

pub(super) fn read_negatives(tokens: &[Token], negated: &[bool], used: &[bool], out: &mut Reading) {
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

/// Props the user wants in frame: the things named beside and behind the product, whole
/// ("beside a stack of magazines", "surrounded by rose petals").
pub(super) fn read_props(out: &mut Reading) {
    out.props = out
        .named
        .iter()
        .filter(|n| matches!(n.part, Part::Beside | Part::Background))
        .map(|n| n.phrase.clone())
        .collect();
}

/// "for new moms", "aimed at Gen Z", "targeting busy professionals".
pub(super) fn read_audience(tokens: &[Token], negated: &[bool], out: &mut Reading) {
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
pub(super) fn read_occasion(
    tokens: &[Token],
    negated: &[bool],
    used: &mut [bool],
    out: &mut Reading,
) {
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

pub(super) fn read_angle(tokens: &[Token], out: &mut Reading) {
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

pub(super) fn read_motion(tokens: &[Token], negated: &[bool], used: &[bool], out: &mut Reading) {
    let joined = format!(" {} ", join(tokens, |_| true));
    let has_phrase = |p: &str| joined.contains(&format!(" {p} "));
    let mut asks = false;
    let mut refuses = STILL_PHRASES.iter().any(|p| has_phrase(p));
    for (i, t) in tokens.iter().enumerate() {
        // The product's own words ask for nothing ("hair clips").
        if VIDEO_WORDS.contains(&t.word.as_str()) && !used[i] {
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
