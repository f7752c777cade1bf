//! The answer: decides between a question, a chat reply and a brief, and writes the chat
//! text, the note and the three suggestions around it.

use domain::{ColorPalette as P, Composition as C, Environment as E, Lighting as L, Settings};

use super::compose::{self, camera_move, list, pace};
use super::honest;
use super::lexicon::{Category, Negative};
use super::read::{read_naming, Conflict, Move, Pace, Reading, Talk};
use super::scene::{build, clip, remember, Course, Scene, Source, Subject};
use crate::{AssistantReply, AssistantRequest, StructuredResponse};

/// Sample requests offered when there is nothing to work from yet.
const STARTERS: [&str; 3] = [
    "Amber perfume bottle on dark marble",
    "Soy candle in a cozy bedroom",
    "Black earbuds, studio, dramatic light",
];

const ASK_PRODUCT: &str = "Name it (for example “amber perfume bottle”) or attach a product photo, and I'll write the brief.";

/// An ad asked for is set on the campaign's latest picture; without one, a product named with
/// it still gets its brief (the ad's copy waits for the picture), else the answer asks for a
/// picture first.
pub(crate) fn respond(request: &AssistantRequest) -> AssistantReply {
    let Some(ask) = crate::ad::read(clip(&request.message)) else {
        return respond_with_brief(request);
    };
    if request.latest_picture {
        return crate::ad::reply(&ask, true);
    }
    let brief = respond_with_brief(request);
    if brief.structured.ready_for_image {
        crate::ad::after_the_picture(&ask, brief)
    } else {
        crate::ad::reply(&ask, false)
    }
}

fn respond_with_brief(request: &AssistantRequest) -> AssistantReply {
    let memory = remember(&request.history);
    let current = read_naming(clip(&request.message), true, memory.product.is_some());
    let last_suggestions = memory.last_suggestions.clone();
    let had_video = memory.facts.video;
    let Some(scene) = build(request, memory, &current) else {
        return ask_for_product(&current);
    };
    if let Some(conflict) = &current.conflict {
        return ask_to_choose(conflict);
    }
    let negative_feedback = request
        .feedback
        .as_ref()
        .is_some_and(|f| !f.reaction.trim().eq_ignore_ascii_case("positive"));
    let suggestions = suggestions(&scene, &request.settings, &last_suggestions);
    match current.talk {
        Some(talk) if talk != Talk::Confirm && !negative_feedback => AssistantReply {
            content: chat(talk, &scene),
            structured: StructuredResponse {
                suggestions,
                ..StructuredResponse::default()
            },
        },
        _ => brief(&scene, &request.settings, had_video, suggestions),
    }
}

fn ask_for_product(current: &Reading) -> AssistantReply {
    let content = match current.talk {
        Some(Talk::Greeting) => format!(
            "Hi! I turn product ideas into professional photo and video briefs. What product should we feature? {ASK_PRODUCT}"
        ),
        Some(Talk::Help) => "I write professional photo and video briefs: tell me the product, plus any setting, light, mood or audience, and I'll fill in the rest. What product should we start with?".to_string(),
        Some(Talk::Thanks) => format!("You're welcome! What product should we feature next? {ASK_PRODUCT}"),
        _ if current.has_direction() => format!("Nice direction — what product should it feature? {ASK_PRODUCT}"),
        _ => format!("What product should we feature? {ASK_PRODUCT}"),
    };
    clarification(
        content,
        STARTERS.map(String::from),
        "Tip: attaching up to 3 product photos gives the most faithful result.",
    )
}

fn ask_to_choose(conflict: &Conflict) -> AssistantReply {
    clarification(
        format!(
            "Quick check: “{}” and “{}” pull in opposite directions, so one photo can't have both. Which should I go with?",
            conflict.first, conflict.second
        ),
        conflict.options.clone(),
        "Once you choose, I'll keep everything else as it is.",
    )
}

fn clarification(content: String, suggestions: [String; 3], note: &str) -> AssistantReply {
    AssistantReply {
        content,
        structured: StructuredResponse {
            clarification_needed: true,
            suggestions: suggestions.to_vec(),
            additional_comments: Some(note.to_string()),
            ..StructuredResponse::default()
        },
    }
}

/// Small talk while a product is known: no new brief.
fn chat(talk: Talk, scene: &Scene) -> String {
    match talk {
        Talk::Greeting => format!(
            "Hi! We're working on {} — tell me what to change (setting, light, mood) or ask for a video.",
            subject_short(scene)
        ),
        Talk::Thanks => "You're welcome! Want to try a variation? Here are a few ideas.".into(),
        _ => "Tell me what to change in plain words — “warmer”, “same but outdoors”, “no people”, “make it a 5-second video” — and I'll update the brief. Attached product photos give the most faithful result.".into(),
    }
}

fn brief(
    scene: &Scene,
    settings: &Settings,
    had_video: bool,
    suggestions: Vec<String>,
) -> AssistantReply {
    let image = compose::image_brief(scene, settings);
    let video = compose::video_brief(scene, settings);
    let account = honest::account(scene, &image);
    let sentences: Vec<String> = account
        .sentence(scene.subject.head(), scene.subject.plural())
        .into_iter()
        .collect();
    AssistantReply {
        content: content(scene, settings, had_video, &sentences),
        structured: StructuredResponse {
            refined_image_prompt: Some(image),
            refined_video_prompt: Some(video),
            ready_for_image: true,
            ready_for_video: scene.video,
            clarification_needed: false,
            suggestions,
            additional_comments: note(scene, settings),
            not_drawn: account.all_not_drawn(),
            drawn: account.drawn,
            substituted: account.substituted,
            ad: None,
        },
    }
}

fn subject_short(scene: &Scene) -> String {
    match &scene.subject {
        Subject::Named {
            product,
            reference: Some(_),
        } => format!("your {}", product.name),
        Subject::Named { product, .. } => format!("the {}", product.name),
        Subject::Reference(r) if !r.colors.is_empty() => format!(
            "your product from the reference photo ({})",
            list(&r.colors)
        ),
        Subject::Reference(_) => "your product from the reference photo".into(),
    }
}

fn setting_short(scene: &Scene) -> String {
    if let Some(place) = &scene.place {
        return place.clone();
    }
    let own = scene
        .setting
        .filter(|(_, e)| *e == scene.look.environment)
        .and_then(|(phrase, _)| phrase.split(',').next());
    let tone = match scene.tone {
        Some(engine::prompt::Tone::Dark) => "dark ",
        Some(engine::prompt::Tone::Light) => "pale ",
        None => "",
    };
    match scene.look.environment {
        E::LuxuryMarble => format!("on {tone}marble"),
        E::CleanBathroom => own.unwrap_or("on a bathroom counter").to_string(),
        E::ProfessionalStudio => match scene.scene_colors.first() {
            Some(c) => format!("on a {} studio backdrop", c.name),
            None => "on a seamless studio backdrop".into(),
        },
        E::NaturalOutdoor => own.unwrap_or("outdoors in a garden").to_string(),
        E::CozyBedroom => own.unwrap_or("in a cozy bedroom").to_string(),
    }
}

/// The light in the user's words when they gave some, else the lighting's name.
fn light_of(scene: &Scene) -> String {
    if scene.light_words.is_empty() {
        return light_short(scene.look.lighting).to_string();
    }
    let own = list(&scene.light_words);
    let short = light_short(scene.look.lighting);
    let plain = |t: &str| t.to_lowercase().replace('-', " ");
    if plain(short).contains(&plain(&own)) {
        return short.to_string();
    }
    let nouns = [
        "light", "lighting", "glow", "sun", "sunlight", "sunshine", "shadows",
    ];
    let name = short.trim_start_matches("in ").trim_start_matches("with ");
    if own.split(' ').any(|w| nouns.contains(&w)) {
        format!("in {own} ({name})")
    } else {
        format!("at {own} ({name})")
    }
}

fn light_short(l: L) -> &'static str {
    match l {
        L::NaturalDaylight => "in bright natural daylight",
        L::GoldenHour => "in golden-hour light",
        L::DramaticShadows => "with dramatic shadows",
        L::SoftEven => "in soft, even light",
    }
}

fn palette_short(p: P) -> &'static str {
    match p {
        P::WarmCozy => "a warm, cozy palette",
        P::CoolFresh => "a cool, fresh palette",
        P::BoldDramatic => "a bold, dramatic palette",
        P::SoftDreamy => "a soft, dreamy palette",
        P::NeutralClean => "a clean, neutral palette",
    }
}

fn framing_short(c: C) -> &'static str {
    match c {
        C::ProductHero => "a centred hero framing",
        C::LifestyleContext => "a lifestyle setup",
        C::ArtisticComposition => "an editorial composition",
        C::DetailCloseup => "a macro close-up",
    }
}

fn move_short(scene: &Scene) -> String {
    let speed = match pace(scene) {
        Pace::Slow => "slow",
        Pace::Steady => "steady",
        Pace::Fast => "fast",
    };
    let m = match camera_move(scene) {
        Move::PushIn => "push-in",
        Move::PullOut => "pull-back",
        Move::PanLeft => "pan left",
        Move::PanRight => "pan",
        Move::Parallax => "parallax move",
        Move::Orbit => "orbit",
    };
    format!("{speed} {m}")
}

/// The brief in a line; the default light is not named, as if it had been asked for.
fn summary(scene: &Scene) -> String {
    let light = if scene.sources[2] == Source::Default && scene.light_words.is_empty() {
        String::new()
    } else {
        format!(" {}", light_of(scene))
    };
    format!(
        "{} {}{light}, with {} and {}",
        subject_short(scene),
        setting_short(scene),
        palette_short(scene.look.palette),
        framing_short(scene.look.composition)
    )
}

/// The chat text: what the brief is, what changed, what the offline engine will not draw
/// of what was asked, and that it is ready.
fn content(scene: &Scene, settings: &Settings, had_video: bool, not_drawn: &[String]) -> String {
    let seconds = settings.duration.seconds();
    let changes = changes(scene, had_video, seconds);
    let ready = if scene.video && (had_video || scene.previous.is_none()) {
        format!(
            "It's set up as a {seconds}-second {} clip — ready to generate as a video or a still.",
            move_short(scene)
        )
    } else if scene.video {
        "Ready to generate as a video or a still.".to_string()
    } else {
        "Ready to generate.".to_string()
    };
    let opening = match scene.course {
        Some(Course::Restyle) => format!(
            "Sorry that style missed — here's a different direction: {}.",
            summary(scene)
        ),
        Some(Course::Fidelity) => format!(
            "Thanks for flagging that — this brief sticks closely to {}: {}.",
            if scene.subject.reference().is_some() {
                "your reference photo"
            } else {
                "your product description"
            },
            summary(scene)
        ),
        Some(Course::Simplify) => format!(
            "Let's go cleaner: a simpler, uncluttered composition — {}.",
            summary(scene)
        ),
        Some(Course::Keep) => format!(
            "Glad that worked — keeping this direction: {}.",
            summary(scene)
        ),
        Some(Course::Noted) => format!(
            "Thanks for the feedback — here's an adjusted brief: {}.",
            summary(scene)
        ),
        None if scene.previous.is_none() => format!("Here's the brief: {}.", summary(scene)),
        None if scene.switched_product => format!(
            "Switched to {}{}, keeping the look: {} {}.",
            subject_short(scene),
            if scene.added.is_empty() {
                String::new()
            } else {
                format!(" ({})", list(&scene.added))
            },
            setting_short(scene),
            light_short(scene.look.lighting)
        ),
        None if !changes.is_empty() => format!("Updated the brief: {}.", changes.join("; ")),
        None => format!("Here's the brief again: {}.", summary(scene)),
    };
    // After a list of changes, say that the rest holds.
    let refined = scene.previous.is_some()
        && scene.course.is_none()
        && !scene.switched_product
        && !changes.is_empty();
    let mut text = opening;
    if refined {
        text.push_str(&format!(
            " The {} and everything else stay as before.",
            scene.subject.head()
        ));
    }
    for sentence in not_drawn {
        text.push(' ');
        text.push_str(sentence);
    }
    format!("{text} {ready}")
}

/// What this message changed since the last brief, in words.
fn changes(scene: &Scene, had_video: bool, seconds: u32) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(prev) = scene.previous {
        let look = scene.look;
        let mut now = Vec::new();
        if prev.environment != look.environment || scene.place_changed {
            now.push(setting_short(scene));
        }
        if prev.lighting != look.lighting {
            now.push(light_short(look.lighting).to_string());
        }
        if prev.palette != look.palette {
            now.push(format!("with {}", palette_short(look.palette)));
        }
        if prev.composition != look.composition {
            now.push(format!("as {}", framing_short(look.composition)));
        }
        if !now.is_empty() {
            out.push(format!("now {}", now.join(", ")));
        }
    }
    out.extend(scene.added.iter().cloned());
    if scene.video && !had_video {
        out.push(format!(
            "made it a {seconds}-second {} video",
            move_short(scene)
        ));
    }
    if !scene.video && had_video {
        out.push("back to a still photo".into());
    }
    out
}

fn env_name(e: E) -> &'static str {
    match e {
        E::LuxuryMarble => "luxury marble",
        E::CleanBathroom => "clean bathroom",
        E::ProfessionalStudio => "professional studio",
        E::NaturalOutdoor => "natural outdoor",
        E::CozyBedroom => "cozy bedroom",
    }
}

fn palette_name(p: P) -> &'static str {
    match p {
        P::WarmCozy => "warm & cozy palette",
        P::CoolFresh => "cool & fresh palette",
        P::BoldDramatic => "bold & dramatic palette",
        P::SoftDreamy => "soft & dreamy palette",
        P::NeutralClean => "neutral & clean palette",
    }
}

fn lighting_name(l: L) -> &'static str {
    match l {
        L::NaturalDaylight => "natural daylight",
        L::GoldenHour => "golden hour",
        L::DramaticShadows => "dramatic shadows",
        L::SoftEven => "soft, even light",
    }
}

fn composition_name(c: C) -> &'static str {
    match c {
        C::ProductHero => "product hero",
        C::LifestyleContext => "lifestyle context",
        C::ArtisticComposition => "artistic composition",
        C::DetailCloseup => "detail close-up",
    }
}

/// The note: where unstated choices came from, what changed, and anything to know about
/// the clip.
fn note(scene: &Scene, settings: &Settings) -> Option<String> {
    let look = scene.look;
    let names = [
        env_name(look.environment),
        palette_name(look.palette),
        lighting_name(look.lighting),
        composition_name(look.composition),
    ];
    let mut notes = Vec::new();
    match (scene.course, scene.previous) {
        (Some(Course::Restyle), Some(prev)) => notes.push(format!(
            "Course change after your “wrong style” feedback: {}, {}, {} → {}, {}, {}.",
            env_name(prev.environment),
            palette_name(prev.palette),
            lighting_name(prev.lighting),
            names[0],
            names[1],
            names[2]
        )),
        (Some(Course::Fidelity), _) => notes.push(
            "After your “inaccurate” feedback the brief asks for a true-to-life product in a plain framing."
                .into(),
        ),
        (Some(Course::Simplify), _) => notes.push(
            "After your quality feedback the composition is simpler: the product centred, no props."
                .into(),
        ),
        (_, Some(prev)) => {
            let was = [
                env_name(prev.environment),
                palette_name(prev.palette),
                lighting_name(prev.lighting),
                composition_name(prev.composition),
            ];
            let changed: Vec<String> = was
                .iter()
                .zip(names)
                .filter(|(w, n)| *w != n)
                .map(|(w, n)| format!("{w} → {n}"))
                .collect();
            if !changed.is_empty() {
                notes.push(format!("Changed since the last brief: {}.", changed.join("; ")));
            }
        }
        (_, None) => notes.extend(sources_note(scene, &names)),
    }
    // Said once, when the palette turns away from a word the user used.
    let palette_moved = scene.previous.is_none_or(|p| p.palette != look.palette);
    let dropped: Vec<String> = scene.left_out.iter().map(|d| format!("“{d}”")).collect();
    if palette_moved && !dropped.is_empty() {
        notes.push(format!(
            "Left out {} so it doesn't fight the {}.",
            list(&dropped),
            palette_name(look.palette)
        ));
    }
    if scene.video {
        let seconds = settings.duration.seconds();
        match scene.asked_seconds {
            Some(asked) if asked != seconds && (asked == 5 || asked == 10) => notes.push(format!(
                "Your settings say {seconds} s: switch Duration to {asked} s in Generation Settings for a {asked}-second clip."
            )),
            Some(asked) if asked != seconds => notes.push(format!(
                "Clips run 5 or 10 seconds; this one follows your {seconds}-second setting."
            )),
            _ => {}
        }
        if scene.asked_motion && camera_move(scene) == Move::Orbit {
            notes.push(
                "The product itself is never turned or warped: the orbit is an arc of the set sliding around it."
                    .into(),
            );
        }
    }
    // Without a photo the offline engine draws a mockup; the seller must know it is not
    // their product.
    if scene.subject.reference().is_none() {
        notes.push(format!(
            "No product photo yet: until you add one, the offline engine draws a stand-in for your {} (a mockup, not your product).",
            scene.subject.head()
        ));
    }
    (!notes.is_empty()).then(|| notes.join(" "))
}

/// Where a first brief's unstated choices came from.
fn sources_note(scene: &Scene, names: &[&str; 4]) -> Vec<String> {
    let group = |source: Source| -> Vec<String> {
        scene
            .sources
            .iter()
            .zip(names)
            .filter(|(s, _)| **s == source)
            .map(|(_, n)| n.to_string())
            .collect()
    };
    let mut notes = Vec::new();
    let preset = group(Source::Preset);
    if !preset.is_empty() {
        notes.push(format!("From your style preset: {}.", list(&preset)));
    }
    let leaned: Vec<String> = group(Source::Audience)
        .into_iter()
        .chain(group(Source::Occasion))
        .collect();
    if !leaned.is_empty() {
        notes.push(format!(
            "Chosen to suit the audience and occasion: {}.",
            list(&leaned)
        ));
    }
    let product = group(Source::Product);
    if !product.is_empty() {
        notes.push(format!(
            "Matched to your product's colours: {}.",
            list(&product)
        ));
    }
    // A place the seller named (even one the engine cannot paint) or room for text is
    // something they said: never "not specified".
    let said = [scene.place.is_some(), false, false, scene.space.is_some()];
    let typical: Vec<String> = scene
        .sources
        .iter()
        .zip(names)
        .zip(said)
        .filter(|((s, _), said)| **s == Source::Category && !said)
        .map(|((_, n), _)| n.to_string())
        .collect();
    // Each default says what it is a default for, so that none reads as being about a
    // place the seller gave.
    let kinds = ["setting", "palette", "light", "framing"];
    let unnamed = |source: Source| -> Vec<&str> {
        scene
            .sources
            .iter()
            .zip(kinds)
            .zip(said)
            .filter(|((s, _), said)| **s == source && !said)
            .map(|((_, k), _)| k)
            .collect()
    };
    if !typical.is_empty() {
        let kinds: Vec<String> = unnamed(Source::Category)
            .into_iter()
            .map(String::from)
            .collect();
        let usual = if scene.subject.category() == Category::General {
            "the standard studio choice".to_string()
        } else {
            format!(
                "what is usual for a {} product",
                scene.subject.category().name()
            )
        };
        notes.push(format!(
            "You didn't name a {}, so I used {usual}: {}.",
            crate::phrases::or_list(&kinds),
            list(&typical)
        ));
    }
    let defaults: Vec<String> = scene
        .sources
        .iter()
        .zip(names)
        .zip(said)
        .filter(|((s, _), said)| **s == Source::Default && !said)
        .map(|((_, n), _)| n.to_string())
        .collect();
    if !defaults.is_empty() {
        let kinds: Vec<String> = unnamed(Source::Default)
            .into_iter()
            .map(String::from)
            .collect();
        notes.push(format!(
            "No {} named, so the neutral default: {}.",
            crate::phrases::or_list(&kinds),
            list(&defaults)
        ));
    }
    notes
}

/// Three next steps that fit where the scene is, none of them what it already is; ones
/// not offered last time come first so the ideas move on.
fn suggestions(scene: &Scene, settings: &Settings, last: &[String]) -> Vec<String> {
    let look = scene.look;
    let mut candidates: Vec<String> = Vec::new();
    if !scene.video {
        candidates.push(format!(
            "Make it a {}-second video",
            settings.duration.seconds()
        ));
    }
    let mut offer = |yes: bool, text: &str| {
        if yes {
            candidates.push(text.to_string());
        }
    };
    if scene.video {
        let m = camera_move(scene);
        offer(
            !matches!(m, Move::Orbit | Move::Parallax),
            "Try a slow orbit instead",
        );
        // A clip is where a soundtrack helps; the client starts a music job for this one.
        offer(true, "Make music for this campaign");
        offer(
            !matches!(m, Move::PanLeft | Move::PanRight),
            "Switch to a slow pan",
        );
        offer(!scene.float, "Make the product float");
        offer(
            !scene.sweep && !scene.subject.category().glints(),
            "Add a light sweep",
        );
        offer(true, "Make it a still photo instead");
    }
    offer(look.lighting != L::GoldenHour, "Try a golden-hour version");
    offer(
        look.composition != C::LifestyleContext,
        "Add a lifestyle scene",
    );
    offer(look.environment != E::NaturalOutdoor, "Same but outdoors");
    offer(
        look.lighting != L::DramaticShadows,
        "Go moody with dramatic shadows",
    );
    offer(
        look.composition != C::DetailCloseup,
        "Show a macro close-up",
    );
    offer(look.environment != E::LuxuryMarble, "Put it on dark marble");
    offer(
        look.environment != E::ProfessionalStudio,
        "Try a clean studio packshot",
    );
    offer(look.palette != P::SoftDreamy, "Try a soft pastel palette");
    offer(look.palette != P::WarmCozy, "Make it warmer");
    offer(look.palette != P::CoolFresh, "Try a cool, fresh palette");
    offer(
        !scene.negatives.contains(&Negative::People),
        "No people in the shot",
    );
    offer(!scene.no_props, "Make it more minimal");
    let (fresh, seen): (Vec<String>, Vec<String>) =
        candidates.into_iter().partition(|c| !last.contains(c));
    fresh.into_iter().chain(seen).take(3).collect()
}
