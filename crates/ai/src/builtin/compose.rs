//! Writing the briefs. Each scene choice has a canonical phrase the engine's prompt parser
//! reads strongly as that choice (and as nothing else), so a brief always parses back to the
//! choices it was written from; the user's own words (product, props, feelings) ride along.
//! Colour words appear only where the parser should take them: before a product noun it
//! knows, in the backdrop (the scene's accent colour, so it comes first) and after "Avoid";
//! other product colours follow the setting. Should the user's words still tip the reading,
//! the brief is rewritten with less of them (see [`Detail`]).

use domain::{ColorPalette as P, Composition as C, Environment as E, Lighting as L};
use domain::{Resolution, Settings};
use engine::prompt::{self, NamedColor, Setting, Shade, Tone};
use engine::video::{parse_motion, Camera};

use super::lexicon::{Category, Look};
use super::read::{Angle, Move, Pace, COLOURED_THINGS, SURFACE_NOUNS};
use super::scene::{Scene, Subject, FIDELITY_MARK};
use super::words::{article, capitalize};

/// "a", "a and b", "a, b and c".
pub(crate) fn list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

fn color_name(c: &NamedColor) -> String {
    let prefix = match c.shade {
        Shade::Normal => "",
        Shade::Pale => "pale ",
        Shade::Deep => "deep ",
        Shade::Vivid => "vivid ",
    };
    // "sky" would also read as an outdoor setting.
    let name = if c.name == "sky blue" {
        "light blue"
    } else {
        c.name
    };
    format!("{prefix}{name}")
}

/// How much of the user's free text a brief carries; less when it would change how the
/// parser reads the scene.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Detail {
    Full,
    /// Without feelings, props, audience and occasion.
    Lean,
    /// Also without the light words, calling the product "product" after naming it whole.
    Bare,
    /// Also naming the product by its head noun alone: only when its other words would
    /// change how the parser reads the scene ("a layered cake" reads as a parallax move).
    Head,
}

/// The levels of detail tried, fullest first.
const DETAILS: [Detail; 4] = [Detail::Full, Detail::Lean, Detail::Bare, Detail::Head];

/// The subject as a brief names it, and a sentence for the product's colours when they must
/// wait until after the backdrop (see [`split_colours`]).
fn subject(scene: &Scene, detail: Detail) -> (String, Option<String>) {
    let images = |r: &super::scene::References| {
        if r.count > 1 {
            "reference images"
        } else {
            "reference image"
        }
    };
    match &scene.subject {
        Subject::Named { product, reference } => {
            let (name, colours) = match detail {
                Detail::Head => (product.head.clone(), None),
                _ => split_colours(&product.name),
            };
            let colours = colours.map(|c| {
                let verb = if product.plural { "are" } else { "is" };
                format!("The {} {verb} {c}.", product.head)
            });
            let text = match reference {
                Some(r) => format!("the {name} shown in the {}", images(r)),
                None if product.article => format!("{} {name}", article(&name)),
                None => name,
            };
            (text, colours)
        }
        Subject::Reference(r) => (format!("the product shown in the {}", images(r)), None),
    }
}

/// The engine's parser takes a colour as the product's only right before a product word it
/// knows ("amber perfume bottle"); before one it does not ("black earbuds") the colour would
/// become the backdrop's. Such colours are said after the setting instead: the name without
/// them, and the colours on their own ("black and gold").
fn split_colours(name: &str) -> (String, Option<String>) {
    if prompt::parse(name).product.is_some() {
        return (name.to_string(), None);
    }
    // Named as the brief's subject, the colours stay the product's: the name stays whole.
    let as_subject = prompt::parse(&format!("Product photograph of {name}"));
    if as_subject.scene_colors.is_empty() {
        return (name.to_string(), None);
    }
    let words: Vec<&str> = name.split(' ').collect();
    let is_colour = |w: &str| {
        let p = prompt::parse(w);
        !p.scene_colors.is_empty() || p.product_color.is_some()
    };
    let mut colour = vec![false; words.len()];
    const FINISHES: &[&str] = &[
        "matte", "matt", "glossy", "gloss", "satin", "metallic", "brushed", "shiny", "frosted",
    ];
    for (i, w) in words.iter().enumerate() {
        if is_colour(w) {
            colour[i] = true;
            // "matte black"
            if i > 0 && FINISHES.contains(&words[i - 1].to_lowercase().as_str()) {
                colour[i - 1] = true;
            }
            // "dark green", "black and gold"
            if i > 0
                && prompt::parse(&format!("{} {w}", words[i - 1]))
                    .scene_colors
                    .first()
                    .is_some_and(|c| c.shade != Shade::Normal)
            {
                colour[i - 1] = true;
            }
            if i > 1 && words[i - 1] == "and" && colour[i - 2] {
                colour[i - 1] = true;
            }
        }
    }
    if !colour.contains(&true) || colour.iter().all(|c| *c) {
        return (name.to_string(), None);
    }
    let pick = |keep: bool| {
        words
            .iter()
            .zip(&colour)
            .filter(|(_, c)| **c == keep)
            .map(|(w, _)| *w)
            .collect::<Vec<_>>()
            .join(" ")
    };
    (pick(false), Some(pick(true)))
}

fn tone_word(tone: Option<Tone>) -> Option<&'static str> {
    match tone {
        Some(Tone::Dark) => Some("dark"),
        Some(Tone::Light) => Some("pale"),
        None => None,
    }
}

/// Where the product stands: the user's own words when they gave a place, elaborated only
/// where they left it open; otherwise the environment's phrase.
fn setting(scene: &Scene) -> String {
    let canonical = canonical_setting(scene);
    let Some(place) = scene.place.as_deref() else {
        return canonical;
    };
    let read = prompt::parse(place);
    let env = scene.look.environment;
    let colour = scene
        .scene_colors
        .first()
        .map(color_name)
        .filter(|c| !place.to_lowercase().contains(c.as_str()));
    let with_colour = |base: String| match &colour {
        Some(c) => format!("{base}, against a {c} backdrop"),
        None => base,
    };
    let Some(read_env) = read.environment else {
        // A place the engine has no setting for: the nearest one it has stands in for it
        // ("on a bamboo mat, staged on a wooden tray on a marble counter"), else it stands
        // in the environment.
        return with_colour(match scene.stage {
            Some(stage) => format!("{place}, staged {}", stage.describe()),
            None => format!("{place} {}", env_phrase(env)),
        });
    };
    debug_assert_eq!(read_env, env);
    // A place of its own (a kitchen counter, a café): exactly as the user put it.
    if read.setting.is_some_and(|s| s != Setting::of(env)) {
        return with_colour(place.to_string());
    }
    // The environment itself ("in a clean bathroom"): its usual details fill in the rest,
    // unless they already say what the user did, in the user's words ("on white linen" is
    // not said by a nightstand beside linen sheets against a white wall).
    let content: Vec<String> = place
        .split(' ')
        .map(str::to_lowercase)
        .filter(|w| !prompt_stop(w))
        .collect();
    let lower = canonical.to_lowercase();
    if lower.contains(&content.join(" ")) {
        return canonical;
    }
    // A backdrop the environment's details already describe ("on a white background" in a
    // studio with a white seamless backdrop).
    let last = content.last().map_or("", String::as_str);
    let backdrop = matches!(last, "background" | "backdrop" | "wall" | "sweep");
    if backdrop && content.iter().all(|w| lower.contains(w.as_str())) {
        return canonical;
    }
    // A surface that only hints at the environment ("on white linen"): the user's surface,
    // in that environment, and not the environment's own surface beside it.
    if !backdrop && SURFACE_NOUNS.contains(&last) {
        let named = content.iter().any(|w| env_words(env).contains(&w.as_str()));
        return with_colour(if named {
            place.to_string()
        } else {
            format!("{place} {}", env_phrase(env))
        });
    }
    format!("{place}, {canonical}")
}

/// Words that name an environment outright.
fn env_words(env: E) -> &'static [&'static str] {
    match env {
        E::LuxuryMarble => &["marble", "onyx", "travertine"],
        E::CleanBathroom => &["bathroom", "bath", "spa"],
        E::ProfessionalStudio => &["studio"],
        E::NaturalOutdoor => &["outdoors", "outdoor", "garden", "outside"],
        E::CozyBedroom => &["bedroom", "bed"],
    }
}

/// Articles and prepositions, which say nothing about a place.
fn prompt_stop(word: &str) -> bool {
    matches!(
        word,
        "a" | "an"
            | "the"
            | "on"
            | "in"
            | "at"
            | "by"
            | "of"
            | "against"
            | "inside"
            | "atop"
            | "beside"
            | "near"
            | "under"
            | "onto"
            | "into"
            | "over"
            | "across"
            | "along"
            | "upon"
            | "among"
    )
}

/// A few words saying which environment a surface stands in.
fn env_phrase(env: E) -> &'static str {
    match env {
        E::LuxuryMarble => "in a marble setting",
        E::CleanBathroom => "in a bathroom",
        E::ProfessionalStudio => "in a studio",
        E::NaturalOutdoor => "outdoors",
        E::CozyBedroom => "in a bedroom",
    }
}

/// Where the product stands when the user named no place. Tone words sit right before a
/// surface word ("dark marble") so the parser reads them as surface tone, and the user's
/// colour is the backdrop.
fn canonical_setting(scene: &Scene) -> String {
    let env = scene.look.environment;
    let tone = tone_word(scene.tone);
    let colour = scene.scene_colors.first().map(color_name);
    let own = scene
        .setting
        .filter(|(_, e)| *e == env)
        .map(|(phrase, _)| phrase);
    let wall = |base: String| match &colour {
        Some(c) => format!("{base}, against a {c} wall"),
        None => base,
    };
    match env {
        E::LuxuryMarble => wall(format!(
            "on polished {}marble with travertine accents, an opulent luxury setting",
            tone.map(|t| format!("{t} ")).unwrap_or_default()
        )),
        E::CleanBathroom => wall(match (own, tone) {
            (Some(p), Some(t)) => format!("{p}, with {t} stone surfaces"),
            (Some(p), None) => p.to_string(),
            (None, t) => format!(
                "on a {}bathroom counter, with tiles softly out of focus",
                t.map(|t| format!("{t} stone ")).unwrap_or_default()
            ),
        }),
        E::ProfessionalStudio => {
            let backdrop = match &colour {
                Some(c) => format!("a {c} seamless studio backdrop"),
                None => "a seamless studio backdrop".to_string(),
            };
            match tone {
                Some(t) => format!("isolated on a {t} surface against {backdrop}"),
                None => format!("isolated on {backdrop}"),
            }
        }
        E::NaturalOutdoor => {
            let mut s = own
                .unwrap_or("outdoors in a garden, surrounded by greenery")
                .to_string();
            if let Some(t) = tone {
                s.push_str(&format!(", on a {t} wooden table"));
            }
            if let Some(c) = &colour {
                s.push_str(&format!(", with {c} accents"));
            }
            s
        }
        E::CozyBedroom => wall(match (own, tone) {
            (Some(p), Some(t)) => format!("{p}, with {t} wood furniture"),
            (Some(p), None) => p.to_string(),
            (None, t) => format!("in a bedroom, on rumpled {} sheets", t.unwrap_or("linen")),
        }),
    }
}

fn lighting(light: L, outdoor: bool) -> &'static str {
    match (light, outdoor) {
        (L::NaturalDaylight, false) => {
            "bright natural daylight, with window light raking in from the side"
        }
        (L::NaturalDaylight, true) => "bright natural daylight and dappled sunlight",
        (L::GoldenHour, false) => "late-afternoon golden hour light slanting in from the side",
        (L::GoldenHour, true) => "low golden hour sun at sunset, with a glowing rim light",
        (L::DramaticShadows, _) => "chiaroscuro lighting, a single hard light carving deep shadows",
        (L::SoftEven, false) => "diffused, evenly lit softbox light, nearly shadowless",
        (L::SoftEven, true) => "diffused overcast light, evenly lit and nearly shadowless",
    }
}

/// The light: the user's words for it first ("Morning light: bright natural daylight …").
fn light_sentence(scene: &Scene, outdoor: bool, detail: Detail) -> String {
    let canonical = lighting(scene.look.lighting, outdoor);
    if scene.light_words.is_empty() || matches!(detail, Detail::Bare | Detail::Head) {
        return format!("{}.", capitalize(canonical));
    }
    let own = list(&scene.light_words);
    if canonical.to_lowercase().contains(&own.to_lowercase()) {
        return format!("{}.", capitalize(canonical));
    }
    format!("{}: {canonical}.", capitalize(&own))
}

fn palette(pal: P) -> &'static str {
    match pal {
        P::WarmCozy => "warm, inviting palette in warm tones",
        P::CoolFresh => "cool tones throughout, fresh and crisp",
        P::BoldDramatic => "striking, intense palette with high contrast",
        P::SoftDreamy => "dreamy, airy palette, delicate and ethereal",
        P::NeutralClean => "clean neutral tones, monochrome and understated",
    }
}

fn composition(comp: C, head: &str) -> String {
    match comp {
        C::ProductHero => format!("centred hero shot with the {head} as the clear hero"),
        C::LifestyleContext => {
            "lifestyle composition, styled in context as part of an everyday routine".into()
        }
        C::ArtisticComposition => {
            "artistic editorial composition with sculptural, geometric forms".into()
        }
        C::DetailCloseup => format!("macro close-up on the texture and fine details of the {head}"),
    }
}

fn lens(comp: C) -> &'static str {
    match comp {
        C::ProductHero => "85mm lens, shallow depth of field",
        C::LifestyleContext => "35mm lens, relaxed perspective",
        C::ArtisticComposition => "50mm lens, precise framing",
        C::DetailCloseup => "100mm macro lens, razor-thin focus",
    }
}

fn angle(a: Angle) -> &'static str {
    match a {
        Angle::Overhead => "overhead flat lay angle, seen from directly above",
        Angle::Low => "low angle looking up",
        Angle::EyeLevel => "eye-level angle",
        Angle::ThreeQuarter => "three-quarter angle",
        Angle::Side => "side-profile angle",
        Angle::Front => "straight-on angle",
    }
}

fn orientation(resolution: Resolution) -> &'static str {
    match resolution {
        Resolution::Portrait => "vertical 2:3",
        Resolution::Landscape => "horizontal 3:2",
        Resolution::Square => "square 1:1",
    }
}

fn feel(descriptors: &[&str]) -> String {
    if descriptors.is_empty() {
        return String::new();
    }
    let words: Vec<String> = descriptors.iter().map(|d| d.to_string()).collect();
    let joined = list(&words);
    format!(", with {} {joined} feel", article(&joined))
}

fn audience_and_occasion(scene: &Scene) -> Option<String> {
    let campaign = |o: &str| {
        // A colour word would become the backdrop's ("Black Friday"): written as a tag.
        let p = prompt::parse(o);
        let o = if p.scene_colors.is_empty() && p.product_color.is_none() {
            o.to_string()
        } else {
            let tag: String = o.split([' ', '\'']).map(capitalize).collect();
            format!("#{tag}")
        };
        let o = o.as_str();
        let noun = if o.to_lowercase().ends_with("campaign") {
            ""
        } else {
            " campaign"
        };
        format!("{} {o}{noun}", article(o))
    };
    match (&scene.audience, &scene.occasion) {
        (Some(a), Some(o)) => Some(format!("Made for {a}, as part of {}.", campaign(o))),
        (Some(a), None) => Some(format!("Made to appeal to {a}.")),
        (None, Some(o)) => Some(format!("Made for {}.", campaign(o))),
        (None, None) => None,
    }
}

fn emphasis(scene: &Scene) -> Option<String> {
    if scene.fidelity {
        let what = if scene.subject.reference().is_some() {
            "Match the reference photo exactly"
        } else {
            "Keep the product faithful to the description"
        };
        return Some(format!(
            "{what}: {FIDELITY_MARK} shape, colour, proportions and label, nothing added or altered."
        ));
    }
    scene.simplify.then(|| {
        "Keep the frame uncluttered: one product, sharp focus, true proportions, no warping or distortion."
            .to_string()
    })
}

fn negatives(scene: &Scene) -> Vec<String> {
    let mut items: Vec<String> = scene.negatives.iter().map(|n| n.phrase()).collect();
    if scene.no_props {
        items.push("no props or clutter".into());
    }
    let mut out = Vec::new();
    if !items.is_empty() {
        out.push(format!("{}.", capitalize(&items.join(", "))));
    }
    if !scene.avoid_colors.is_empty() {
        let names: Vec<String> = scene.avoid_colors.iter().map(color_name).collect();
        out.push(format!("Avoid {}.", list(&names)));
    }
    out
}

fn reads_as(brief: &str, look: Look) -> bool {
    let p = prompt::parse(brief);
    p.environment == Some(look.environment)
        && p.palette == Some(look.palette)
        && p.lighting == Some(look.lighting)
        && p.composition == Some(look.composition)
}

/// The photo brief.
pub(crate) fn image_brief(scene: &Scene, settings: &Settings) -> String {
    // The product is named whole unless cutting it is what makes the parser read the scene
    // as chosen: when no level reads so, less detail gains nothing and the fullest is kept.
    DETAILS
        .iter()
        .map(|d| write_image(scene, settings, *d))
        .find(|brief| reads_as(brief, scene.look))
        .unwrap_or_else(|| write_image(scene, settings, Detail::Full))
}

fn write_image(scene: &Scene, settings: &Settings, detail: Detail) -> String {
    let look = scene.look;
    let outdoor = look.environment == E::NaturalOutdoor;
    let full = detail == Detail::Full;
    let (named, colours) = subject(scene, detail);
    let mut first = format!("Product photograph of {named}");
    if scene.subject.reference().is_some_and(|r| r.cutout) {
        first.push_str(", placed as a precise cut-out");
    }
    first.push(' ');
    first.push_str(&setting(scene));
    if full && !scene.props.is_empty() && !scene.no_props {
        let props: Vec<String> = scene.props.iter().map(|p| prop_words(p, scene)).collect();
        first.push_str(&format!(", styled with {}", list(&props)));
    }
    first.push('.');

    let mut sentences = vec![first];
    sentences.extend(colours);
    if full {
        sentences.extend(weather(scene));
    }
    sentences.push(light_sentence(scene, outdoor, detail));
    let descriptors = if full {
        scene.descriptors.clone()
    } else {
        Vec::new()
    };
    sentences.push(format!(
        "{}{}.",
        capitalize(palette(look.palette)),
        feel(&descriptors)
    ));
    if full {
        sentences.extend(audience_and_occasion(scene));
    }
    let mut framing = composition(look.composition, head_for(scene, detail));
    if let Some(a) = scene.angle {
        framing.push_str(", ");
        framing.push_str(angle(a));
        if let Some(own) = scene
            .angle_words
            .as_deref()
            .filter(|w| !angle(a).contains(&w.replace('-', " ")))
        {
            framing.push_str(&format!(" ({own})"));
        }
    }
    if let Some(space) = scene.space {
        framing.push_str(", with ");
        framing.push_str(space.describe());
    }
    sentences.push(format!(
        "{}, {}, {} frame.",
        capitalize(&framing),
        lens(look.composition),
        orientation(settings.resolution)
    ));
    sentences.extend(emphasis(scene));
    sentences.extend(negatives(scene));
    sentences.join(" ")
}

/// The weather the seller asked for, in their words: "Weather: snow falling outside."
fn weather(scene: &Scene) -> Option<String> {
    let said: Vec<String> = scene
        .named
        .iter()
        .filter(|n| n.part == crate::phrases::Part::Weather)
        .map(|n| n.phrase.clone())
        .collect();
    (!said.is_empty()).then(|| format!("Weather: {}.", list(&said)))
}

/// A prop as the brief names it: without its colours unless the backdrop's colour comes
/// first, as the engine's parser would take the prop's colour for the backdrop.
fn prop_words(prop: &str, scene: &Scene) -> String {
    if !scene.scene_colors.is_empty() {
        return prop.to_string();
    }
    // A colour the parser takes as the prop's own ("a blush pink jar") stays.
    if prompt::parse(&format!("styled with {prop}"))
        .scene_colors
        .is_empty()
    {
        return prop.to_string();
    }
    // The last word is the prop itself, even when it is also a colour ("dried lavender").
    let last = prop.split(' ').count() - 1;
    let words: Vec<&str> = prop
        .split(' ')
        .enumerate()
        .filter(|&(i, w)| {
            let p = prompt::parse(w);
            (i == last && COLOURED_THINGS.contains(&w.to_lowercase().as_str()))
                || (p.scene_colors.is_empty() && p.product_color.is_none())
        })
        .map(|(_, w)| w)
        .collect();
    if words.is_empty() {
        prop.to_string()
    } else {
        words.join(" ")
    }
}

/// The noun the brief repeats after naming the product; a bare brief says "product" so a
/// product named after a place ("bath bomb") cannot outvote the setting.
fn head_for(scene: &Scene, detail: Detail) -> &str {
    match detail {
        Detail::Bare | Detail::Head => "product",
        _ => scene.subject.head(),
    }
}

/// The camera move a clip uses: the user's, else one that suits the framing.
pub(crate) fn camera_move(scene: &Scene) -> Move {
    scene.camera.unwrap_or(match scene.look.composition {
        C::ProductHero | C::DetailCloseup => Move::PushIn,
        C::LifestyleContext => Move::PanRight,
        C::ArtisticComposition => Move::Parallax,
    })
}

/// The clip's pacing: the user's, else what the feeling and product suggest.
pub(crate) fn pace(scene: &Scene) -> Pace {
    if let Some(p) = scene.pace {
        return p;
    }
    let has = |words: &[&str]| scene.descriptors.iter().any(|d| words.contains(d));
    if has(&["energetic", "vibrant", "playful"]) {
        Pace::Fast
    } else if has(&[
        "luxurious",
        "elegant",
        "moody",
        "calm",
        "serene",
        "romantic",
        "cozy",
        "cinematic",
        "sophisticated",
        "timeless",
    ]) || matches!(
        scene.subject.category(),
        Category::Fragrance | Category::Jewelry | Category::Home | Category::Skincare
    ) {
        Pace::Slow
    } else {
        Pace::Steady
    }
}

/// Whether the clip carries a light sweep: asked for, or a shiny product.
fn sweeps(scene: &Scene) -> bool {
    scene.sweep || (scene.subject.category().glints() && !scene.float)
}

fn move_phrase(m: Move) -> &'static str {
    match m {
        Move::PushIn => "a push-in toward",
        Move::PullOut => "a pull-back revealing",
        Move::PanLeft => "a pan left across",
        Move::PanRight => "a pan right across",
        Move::Parallax => "a layered parallax move around",
        Move::Orbit => "an orbiting parallax arc around",
    }
}

fn engine_camera(m: Move) -> Camera {
    match m {
        Move::PushIn => Camera::PushIn,
        Move::PullOut => Camera::PullOut,
        Move::PanLeft => Camera::PanLeft,
        Move::PanRight => Camera::PanRight,
        Move::Parallax => Camera::Parallax,
        Move::Orbit => Camera::Orbit,
    }
}

/// The motion brief.
pub(crate) fn video_brief(scene: &Scene, settings: &Settings) -> String {
    let camera = engine_camera(camera_move(scene));
    let intensity = match pace(scene) {
        Pace::Slow => 0.7,
        Pace::Steady => 1.0,
        Pace::Fast => 1.6,
    };
    DETAILS
        .iter()
        .map(|d| write_video(scene, settings, *d))
        .find(|brief| {
            let m = parse_motion(brief);
            reads_as(brief, scene.look)
                && m.camera == camera
                && m.float == scene.float
                && m.light_sweep == sweeps(scene)
                && (m.intensity - intensity).abs() < 0.01
        })
        .unwrap_or_else(|| write_video(scene, settings, Detail::Full))
}

fn write_video(scene: &Scene, settings: &Settings, detail: Detail) -> String {
    let look = scene.look;
    let full = detail == Detail::Full;
    let head = head_for(scene, detail);
    let (named, colours) = subject(scene, detail);
    let mut sentences = vec![format!(
        "{}-second {} video: {} {named} {}.",
        settings.duration.seconds(),
        orientation(settings.resolution),
        move_phrase(camera_move(scene)),
        setting(scene)
    )];
    sentences.extend(colours);
    sentences.push(light_sentence(
        scene,
        look.environment == E::NaturalOutdoor,
        detail,
    ));
    // Pace words of their own would change the clip's speed.
    let descriptors: Vec<&str> = if full {
        scene
            .descriptors
            .iter()
            .copied()
            .filter(|d| !matches!(*d, "energetic" | "calm"))
            .collect()
    } else {
        Vec::new()
    };
    sentences.push(format!(
        "{}{}.",
        capitalize(palette(look.palette)),
        feel(&descriptors)
    ));
    let mut framing = composition(look.composition, head);
    if let Some(a) = scene.angle {
        framing.push_str(", ");
        framing.push_str(angle(a));
        if let Some(own) = scene
            .angle_words
            .as_deref()
            .filter(|w| !angle(a).contains(&w.replace('-', " ")))
        {
            framing.push_str(&format!(" ({own})"));
        }
    }
    sentences.push(format!("{}.", capitalize(&framing)));
    if scene.float {
        let verb = if scene.subject.plural() {
            "float"
        } else {
            "floats"
        };
        sentences.push(format!("The {head} {verb}, bobbing softly in place."));
    } else if scene.subject.head().starts_with("candle") {
        sentences.push("The candle flame flickers.".into());
    }
    if sweeps(scene) {
        sentences.push(format!("A light sweep glides across the {head}."));
    }
    let by_water = scene.setting.is_some_and(|(p, e)| {
        e == look.environment && ["beach", "ocean", "sea"].iter().any(|w| p.contains(w))
    });
    let ambient = match look.environment {
        E::NaturalOutdoor if by_water => Some("Waves roll in softly behind."),
        E::NaturalOutdoor => Some("Leaves stir in the breeze behind."),
        E::CozyBedroom => Some("A sheer curtain drifts behind."),
        E::CleanBathroom => Some("A wisp of steam drifts past."),
        E::LuxuryMarble | E::ProfessionalStudio => None,
    };
    sentences.extend(ambient.map(str::to_string));
    sentences.push(
        match pace(scene) {
            Pace::Slow => "Slow, graceful pacing, one continuous shot with no cuts.",
            Pace::Steady => "Steady, measured pacing, one continuous shot with no cuts.",
            Pace::Fast => "Fast, punchy pacing, one continuous shot with no cuts.",
        }
        .to_string(),
    );
    sentences.extend(emphasis(scene));
    sentences.extend(negatives(scene));
    sentences.join(" ")
}
