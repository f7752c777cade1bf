// Long by nature: every rule of the merge reads and writes the one scene built here.
//! The scene as it stands after this message: the product, the four scene choices and
//! everything else a brief says, merged from the conversation, the style preset, feedback
//! and the message itself.
//!
//! The last brief is the checkpoint: its scene choices already hold every earlier
//! refinement (and any course change feedback caused), so only the user's messages after it
//! are read for scene words. The user's own facts (product, negatives, audience, motion) are
//! replayed from the whole conversation, which is cheap.

use domain::{ColorPalette, Composition, Environment, Lighting};
use engine::prompt::{self, NamedColor, Setting, Tone};

use super::lexicon::{Category, Lean, Look, Negative};
use super::read::{
    read, read_naming, Angle, Choices, Excluded, Move, Pace, Product, Reading, Shift, Zoom,
};
use crate::phrases::{Named, Part};
use crate::{AssistantRequest, FeedbackHint, ReferenceFacts, Role, StyleGuide, Turn};

/// How much of the conversation is read.
const HISTORY_LIMIT: usize = 40;

/// Marks a brief that was told to stick to the product, so later briefs keep doing so.
pub(crate) const FIDELITY_MARK: &str = "true-to-life";

/// What the brief shows.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Subject {
    Named {
        product: Product,
        reference: Option<References>,
    },
    Reference(References),
}

impl Subject {
    pub fn category(&self) -> Category {
        match self {
            Subject::Named { product, .. } => product.category,
            Subject::Reference(_) => Category::General,
        }
    }

    pub fn reference(&self) -> Option<&References> {
        match self {
            Subject::Named { reference, .. } => reference.as_ref(),
            Subject::Reference(r) => Some(r),
        }
    }

    pub fn plural(&self) -> bool {
        match self {
            Subject::Named { product, .. } => product.plural,
            Subject::Reference(_) => false,
        }
    }

    /// The noun for "the bottle centred".
    pub fn head(&self) -> &str {
        match self {
            Subject::Named { product, .. } => &product.head,
            Subject::Reference(_) => "product",
        }
    }
}

/// What the server knows about the reference photos.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct References {
    pub count: usize,
    /// Tidy colour names, most dominant first (at most two).
    pub colors: Vec<String>,
    pub cutout: bool,
}

impl References {
    fn of(images: &[ReferenceFacts]) -> Option<References> {
        let first = images.first()?;
        let colors = first
            .dominant_colors
            .iter()
            .map(|c| c.trim().to_lowercase())
            .filter(|c| {
                !c.is_empty()
                    && c.len() <= 20
                    && c.chars()
                        .all(|ch| ch.is_ascii_alphabetic() || ch == ' ' || ch == '-')
            })
            .take(2)
            .collect();
        Some(References {
            count: images.len(),
            colors,
            cutout: images.iter().any(|i| i.transparent_background),
        })
    }
}

/// Where a scene choice came from, for saying so.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Source {
    User,
    Previous,
    Preset,
    Audience,
    Occasion,
    /// The product's own colours (named or in its photo).
    Product,
    Category,
    Default,
    Feedback,
}

/// How feedback on the last media changed this answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Course {
    Keep,
    Restyle,
    Fidelity,
    Simplify,
    Noted,
}

/// The scene a brief is written from.
#[derive(Debug, Clone)]
pub(crate) struct Scene {
    pub subject: Subject,
    pub look: Look,
    pub sources: [Source; 4],
    /// The last brief's choices, when there was one.
    pub previous: Option<Look>,
    pub tone: Option<Tone>,
    pub scene_colors: Vec<NamedColor>,
    pub avoid_colors: Vec<NamedColor>,
    pub no_props: bool,
    /// The user's (and preset's) style words that agree with the palette.
    pub descriptors: Vec<&'static str>,
    /// Style words left out because they would pull the palette elsewhere.
    pub left_out: Vec<&'static str>,
    pub setting: Option<(&'static str, Environment)>,
    /// Where the user put the product, in their words, when it still holds.
    pub place: Option<String>,
    /// The user's light and time-of-day words, when they still hold.
    pub light_words: Vec<String>,
    /// The user's camera-angle words.
    pub angle_words: Option<String>,
    pub props: Vec<String>,
    pub negatives: Vec<Negative>,
    pub audience: Option<String>,
    pub occasion: Option<String>,
    pub angle: Option<Angle>,
    pub video: bool,
    pub camera: Option<Move>,
    pub pace: Option<Pace>,
    pub float: bool,
    pub sweep: bool,
    /// Room kept empty for text.
    pub space: Option<prompt::Space>,
    pub asked_seconds: Option<u32>,
    /// This message asked for motion.
    pub asked_motion: bool,
    /// Stick to the product as described or shown.
    pub fidelity: bool,
    /// Keep the frame simple and clean.
    pub simplify: bool,
    pub course: Option<Course>,
    /// The product changed in this message.
    pub switched_product: bool,
    /// Facts this message added, in words ("no people", "a 5-second video").
    pub added: Vec<String>,
    /// Every thing the seller named that the brief must account for: the places and things
    /// that still hold, and everything this message named.
    pub named: Vec<Named>,
    /// This message put the product somewhere new.
    pub place_changed: bool,
    /// The setting painted in place of a place the engine cannot draw ("a wooden tray" for
    /// "a bamboo mat").
    pub stage: Option<Setting>,
}

/// What the conversation says before this message.
pub(crate) struct Memory {
    pub product: Option<Product>,
    pub facts: Facts,
    /// The last brief's scene, if any.
    pub checkpoint: Option<Checkpoint>,
    /// User messages after the last brief, read in full.
    pub after: Vec<Reading>,
    /// The last answer's suggestions.
    pub last_suggestions: Vec<String>,
}

/// The user's facts, replayed over the conversation.
#[derive(Debug, Clone, Default)]
pub(crate) struct Facts {
    pub descriptors: Vec<&'static str>,
    pub setting: Option<(&'static str, Environment)>,
    pub place: Option<String>,
    pub light_words: Vec<String>,
    pub angle_words: Option<String>,
    pub props: Vec<String>,
    pub negatives: Vec<Negative>,
    pub audience: Option<(String, Lean)>,
    pub occasion: Option<(String, Lean)>,
    pub angle: Option<Angle>,
    pub video: bool,
    pub camera: Option<Move>,
    pub pace: Option<Pace>,
    pub float: bool,
    pub sweep: bool,
    pub space: Option<prompt::Space>,
    /// The place phrases that hold ("on a shelf", "in a camper van").
    pub places: Vec<Named>,
    /// The things beside and behind the product and the weather that hold.
    pub things: Vec<Named>,
}

impl Facts {
    fn apply(&mut self, r: &Reading) {
        self.descriptors.retain(|d| !r.dropped.contains(d));
        for d in &r.descriptors {
            if !self.descriptors.contains(d) {
                self.descriptors.push(d);
            }
        }
        if r.setting.is_some() {
            self.setting = r.setting;
        }
        if r.place.is_some() {
            self.place = r.place.clone();
        } else if r.setting.is_some() || r.choices.environment.is_some() {
            // A new setting named without a place phrase replaces the old place.
            self.place = None;
        }
        if !r.light_words.is_empty() {
            self.light_words = r.light_words.clone();
        } else if r.choices.lighting.is_some() {
            self.light_words.clear();
        }
        if r.angle_words.is_some() {
            self.angle_words = r.angle_words.clone();
        }
        // A new place replaces the old one; restating the product with it starts the
        // picture afresh, so the old things beside it go too. Things named replace the old.
        let places: Vec<Named> = r
            .named
            .iter()
            .filter(|n| n.part == Part::Place)
            .cloned()
            .collect();
        let things: Vec<Named> = r
            .named
            .iter()
            .filter(|n| n.part != Part::Place)
            .cloned()
            .collect();
        if !places.is_empty() {
            self.places = places;
            if r.product.is_some() && !r.product_is_prop {
                self.things.clear();
            }
        } else if r.place.is_none() && (r.setting.is_some() || r.choices.environment.is_some()) {
            self.places.clear();
        }
        if !things.is_empty() {
            self.things = things;
        }
        self.props = self
            .things
            .iter()
            .filter(|n| n.part != Part::Weather)
            .map(|n| n.phrase.clone())
            .collect();
        self.negatives.retain(|n| !r.allowed.contains(n));
        for n in &r.negatives {
            if !self.negatives.contains(n) {
                self.negatives.push(n.clone());
            }
        }
        if r.audience.is_some() {
            self.audience = r.audience.clone();
        }
        if r.occasion.is_some() {
            self.occasion = r.occasion.clone();
        }
        if r.angle.is_some() {
            self.angle = r.angle;
        }
        if let Some(video) = r.video {
            self.video = video;
        }
        if r.video == Some(true) {
            self.camera = r.camera.or(self.camera);
            self.float |= r.float;
            self.sweep |= r.sweep;
        }
        // "zoom in" in a clip is a push-in, "zoom out" a pull-back.
        if self.video {
            match r.zoom {
                Some(Zoom::In) => self.camera = Some(Move::PushIn),
                Some(Zoom::Out) => self.camera = Some(Move::PullOut),
                None => {}
            }
        }
        self.pace = r.pace.or(self.pace);
        self.space = r.space.or(self.space);
    }
}

/// The last brief, as the engine's parser reads it.
pub(crate) struct Checkpoint {
    pub look: Look,
    pub tone: Option<Tone>,
    pub scene_colors: Vec<NamedColor>,
    pub avoid_colors: Vec<NamedColor>,
    pub no_props: bool,
    pub fidelity: bool,
}

/// Replays the conversation.
pub(crate) fn remember(history: &[Turn]) -> Memory {
    let history = &history[history.len().saturating_sub(HISTORY_LIMIT)..];
    let last_brief = history.iter().rposition(|t| brief_of(t).is_some());
    let checkpoint = last_brief.and_then(|i| brief_of(&history[i])).map(|brief| {
        let p = prompt::parse(brief);
        Checkpoint {
            look: Look {
                environment: p.environment.unwrap_or_default(),
                palette: p.palette.unwrap_or_default(),
                lighting: p.lighting.unwrap_or_default(),
                composition: p.composition.unwrap_or_default(),
            },
            tone: p.tone,
            scene_colors: p.scene_colors,
            avoid_colors: p.avoid_colors,
            no_props: p.no_props,
            fidelity: brief.contains(FIDELITY_MARK),
        }
    });
    let mut memory = Memory {
        product: None,
        facts: Facts::default(),
        checkpoint: None,
        after: Vec::new(),
        last_suggestions: history
            .iter()
            .rev()
            .find_map(|t| t.structured.as_ref())
            .map(|s| s.suggestions.clone())
            .unwrap_or_default(),
    };
    for (i, turn) in history.iter().enumerate() {
        if turn.role != Role::User {
            continue;
        }
        let after = last_brief.is_none_or(|b| i > b);
        let reading = read_naming(clip(&turn.content), after, memory.product.is_some());
        memory.product = merge_product(memory.product.take(), &reading).0;
        memory.facts.apply(&reading);
        if after {
            memory.after.push(reading);
        }
    }
    // Only the seller's messages set the brief: a colour the last brief's own words read as
    // one ("on the sand of a beach" reads as sand) stays only if the seller wrote it.
    let seller_words: Vec<String> = history
        .iter()
        .filter(|t| t.role == Role::User)
        .flat_map(|t| {
            t.content
                .split(|c: char| !c.is_alphanumeric())
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
        })
        .collect();
    let seller_wrote = |col: &NamedColor| {
        col.name
            .split(' ')
            .next_back()
            .is_some_and(|w| seller_words.iter().any(|s| s == w))
    };
    // Colours of the product and props are not the scene's, however the parser read them.
    if let Some(mut c) = checkpoint {
        c.scene_colors.retain(seller_wrote);
        c.avoid_colors.retain(seller_wrote);
        let own: Vec<String> = memory
            .product
            .iter()
            .flat_map(|p| p.key.iter().cloned())
            .chain(
                memory
                    .facts
                    .props
                    .iter()
                    .flat_map(|p| p.split(' ').map(str::to_string).collect::<Vec<_>>()),
            )
            .collect();
        c.scene_colors
            .retain(|col| !own.iter().any(|w| w == col.name));
        memory.checkpoint = Some(c);
    }
    memory
}

fn brief_of(turn: &Turn) -> Option<&str> {
    if turn.role != Role::Assistant {
        return None;
    }
    turn.structured
        .as_ref()?
        .refined_image_prompt
        .as_deref()
        .map(str::trim)
        .filter(|b| !b.is_empty())
}

/// Messages longer than the limit are read up to it.
pub(crate) fn clip(text: &str) -> &str {
    match text.char_indices().nth(crate::MAX_MESSAGE_CHARS) {
        Some((at, _)) => &text[..at],
        None => text,
    }
}

/// The product after a message: a new one replaces it, a shorter mention of the same one
/// ("the bottle") keeps the longer name, a prop ("with a mug") names it only if none is
/// known. Also says whether it switched.
pub(crate) fn merge_product(known: Option<Product>, r: &Reading) -> (Option<Product>, bool) {
    match (known, &r.product) {
        (None, Some(new)) => (Some(new.clone()), false),
        (Some(old), Some(new)) if !r.product_is_prop && !new.same_as(&old) => {
            (Some(new.clone()), true)
        }
        (known, _) => (known, false),
    }
}

/// The scene choices being decided, with where each came from.
#[derive(Debug, Clone, Copy, Default)]
struct Draft {
    environment: Option<(Environment, Source)>,
    palette: Option<(ColorPalette, Source)>,
    lighting: Option<(Lighting, Source)>,
    composition: Option<(Composition, Source)>,
}

/// Everything the scene gathers besides the four choices.
struct Extras {
    tone: Option<Tone>,
    scene_colors: Vec<NamedColor>,
    avoid_colors: Vec<NamedColor>,
    no_props: bool,
}

impl Extras {
    /// What the last brief said besides its scene choices.
    fn of(checkpoint: Option<&Checkpoint>) -> Self {
        Extras {
            tone: checkpoint.and_then(|c| c.tone),
            scene_colors: checkpoint
                .map(|c| c.scene_colors.clone())
                .unwrap_or_default(),
            avoid_colors: checkpoint
                .map(|c| c.avoid_colors.clone())
                .unwrap_or_default(),
            no_props: checkpoint.is_some_and(|c| c.no_props),
        }
    }
}

impl Draft {
    /// Feedback asked for another style: a different environment, palette and light.
    fn restyle(&mut self) {
        let (e, p, l) = restyle(self.look());
        self.environment = Some((e, Source::Feedback));
        self.palette = Some((p, Source::Feedback));
        self.lighting = Some((l, Source::Feedback));
    }

    /// Feedback said the product was not shown faithfully: an artistic composition gives
    /// way to a plain hero shot.
    fn keep_the_product_plain(&mut self) {
        if self
            .composition
            .is_some_and(|c| c.0 == Composition::ArtisticComposition)
        {
            self.composition = Some((Composition::ProductHero, Source::Feedback));
        }
    }

    fn from_look(look: Look, source: Source) -> Self {
        Draft {
            environment: Some((look.environment, source)),
            palette: Some((look.palette, source)),
            lighting: Some((look.lighting, source)),
            composition: Some((look.composition, source)),
        }
    }

    fn look(&self) -> Look {
        Look {
            environment: self.environment.map(|v| v.0).unwrap_or_default(),
            palette: self.palette.map(|v| v.0).unwrap_or_default(),
            lighting: self.lighting.map(|v| v.0).unwrap_or_default(),
            composition: self.composition.map(|v| v.0).unwrap_or_default(),
        }
    }

    /// Applies a message: named choices, ruled-out ones, then relative refinements for what
    /// it did not name.
    fn apply(&mut self, r: &Reading, extras: &mut Extras, video: bool) {
        let c = r.choices;
        fn user<T>(named: Option<T>, slot: &mut Option<(T, Source)>) {
            if let Some(v) = named {
                *slot = Some((v, Source::User));
            }
        }
        user(
            c.environment.or(r.setting.map(|s| s.1)),
            &mut self.environment,
        );
        user(c.palette, &mut self.palette);
        user(c.lighting, &mut self.lighting);
        user(c.composition, &mut self.composition);
        self.exclude(&r.excluded);

        let mut shifts = r.shifts.clone();
        if !video {
            match r.zoom {
                Some(Zoom::In) => shifts.push(Shift::Closer),
                Some(Zoom::Out) => shifts.push(Shift::Wider),
                None => {}
            }
        }
        for shift in shifts {
            self.shift(shift, c, extras);
        }

        if r.tone.is_some() {
            extras.tone = r.tone;
        }
        if !r.scene_colors.is_empty() {
            extras.scene_colors = r.scene_colors.clone();
            extras
                .avoid_colors
                .retain(|a| !r.scene_colors.iter().any(|s| s.name == a.name));
        }
        for a in &r.avoid_colors {
            extras.scene_colors.retain(|s| s.name != a.name);
            if !extras.avoid_colors.iter().any(|x| x.name == a.name) {
                extras.avoid_colors.push(*a);
            }
        }
        if let Some(no_props) = r.no_props {
            extras.no_props = no_props;
        }
    }

    fn exclude(&mut self, e: &Excluded) {
        if self
            .environment
            .is_some_and(|v| e.environment.contains(&v.0))
        {
            self.environment = None;
        }
        if self.palette.is_some_and(|v| e.palette.contains(&v.0)) {
            self.palette = None;
        }
        if self.lighting.is_some_and(|v| e.lighting.contains(&v.0)) {
            self.lighting = None;
        }
        if self
            .composition
            .is_some_and(|v| e.composition.contains(&v.0))
        {
            self.composition = None;
        }
    }

    /// A relative refinement moves the choices the message did not name.
    fn shift(&mut self, shift: Shift, named: Choices, extras: &mut Extras) {
        use ColorPalette as P;
        use Composition as C;
        use Lighting as L;
        let set_pal = |d: &mut Draft, p| {
            if named.palette.is_none() {
                d.palette = Some((p, Source::User));
            }
        };
        let set_light = |d: &mut Draft, l| {
            if named.lighting.is_none() {
                d.lighting = Some((l, Source::User));
            }
        };
        let set_comp = |d: &mut Draft, c| {
            if named.composition.is_none() {
                d.composition = Some((c, Source::User));
            }
        };
        let light = self.lighting.map(|v| v.0);
        let pal = self.palette.map(|v| v.0);
        let comp = self.composition.map(|v| v.0);
        match shift {
            Shift::Warmer => {
                set_pal(self, P::WarmCozy);
                set_light(self, L::GoldenHour);
            }
            Shift::Cooler => {
                set_pal(self, P::CoolFresh);
                if matches!(light, None | Some(L::GoldenHour)) {
                    set_light(self, L::NaturalDaylight);
                }
            }
            Shift::Darker => {
                set_pal(self, P::BoldDramatic);
                set_light(self, L::DramaticShadows);
                extras.tone = Some(Tone::Dark);
            }
            Shift::Brighter => {
                set_light(self, L::NaturalDaylight);
                if matches!(pal, None | Some(P::BoldDramatic)) {
                    set_pal(self, P::NeutralClean);
                }
                extras.tone = Some(Tone::Light);
            }
            Shift::Softer => {
                set_light(self, L::SoftEven);
                if matches!(pal, None | Some(P::BoldDramatic)) {
                    set_pal(self, P::SoftDreamy);
                }
            }
            Shift::Bolder => {
                set_pal(self, P::BoldDramatic);
                if matches!(light, None | Some(L::SoftEven)) {
                    set_light(self, L::DramaticShadows);
                }
            }
            Shift::Minimal => {
                set_pal(self, P::NeutralClean);
                if matches!(comp, None | Some(C::LifestyleContext)) {
                    set_comp(self, C::ProductHero);
                }
                extras.no_props = true;
            }
            Shift::Busier => {
                set_comp(self, C::LifestyleContext);
                extras.no_props = false;
            }
            Shift::Closer => set_comp(self, C::DetailCloseup),
            Shift::Wider => match comp {
                Some(C::DetailCloseup) | None => set_comp(self, C::ProductHero),
                Some(C::ProductHero) => set_comp(self, C::LifestyleContext),
                Some(_) => {}
            },
            Shift::Indoors => {
                if named.environment.is_none()
                    && matches!(
                        self.environment,
                        None | Some((Environment::NaturalOutdoor, _))
                    )
                {
                    let env = if pal == Some(P::WarmCozy) {
                        Environment::CozyBedroom
                    } else {
                        Environment::ProfessionalStudio
                    };
                    self.environment = Some((env, Source::User));
                }
            }
        }
    }

    /// Fills what nobody named: the preset, the audience's and the occasion's lean, the
    /// product family's usual look, then the defaults; never an option ruled out.
    fn fill(&mut self, sources: &Fallbacks, excluded: &Excluded) {
        fn pick<T: Copy + PartialEq + 'static>(
            slot: &mut Option<(T, Source)>,
            candidates: &[(Option<T>, Source)],
            all: &'static [T],
            excluded: &[T],
        ) {
            if slot.is_some() {
                return;
            }
            *slot = candidates
                .iter()
                .find_map(|(v, s)| v.filter(|v| !excluded.contains(v)).map(|v| (v, *s)))
                .or_else(|| {
                    all.iter()
                        .find(|v| !excluded.contains(v))
                        .map(|v| (*v, Source::Default))
                });
        }
        let f = sources;
        pick(
            &mut self.environment,
            &[
                (f.preset.environment, Source::Preset),
                (f.audience.environment, Source::Audience),
                (f.occasion.environment, Source::Occasion),
                (Some(f.category.environment), Source::Category),
                (Some(Environment::default()), Source::Default),
            ],
            Environment::ALL,
            &excluded.environment,
        );
        pick(
            &mut self.palette,
            &[
                (f.preset.color_palette, Source::Preset),
                (f.audience.palette, Source::Audience),
                (f.occasion.palette, Source::Occasion),
                (f.product, Source::Product),
                (Some(f.category.palette), Source::Category),
                (Some(ColorPalette::default()), Source::Default),
            ],
            ColorPalette::ALL,
            &excluded.palette,
        );
        // A light or a time of day nobody asked for is never added: the seller's preset, a
        // soft, even light where the audience or product family leans to it, or the neutral
        // default; never golden hour or dramatic shadows because the product is a vase or
        // the message mentions snow.
        let neutral = |l: Option<Lighting>| l.filter(|l| *l == Lighting::SoftEven);
        pick(
            &mut self.lighting,
            &[
                (f.preset.lighting, Source::Preset),
                (neutral(f.audience.lighting), Source::Audience),
                (neutral(f.occasion.lighting), Source::Occasion),
                (neutral(Some(f.category.lighting)), Source::Category),
                (Some(Lighting::default()), Source::Default),
            ],
            Lighting::ALL,
            &excluded.lighting,
        );
        pick(
            &mut self.composition,
            &[
                (f.preset.composition, Source::Preset),
                (None, Source::Audience),
                (None, Source::Occasion),
                (Some(f.category.composition), Source::Category),
                (Some(Composition::default()), Source::Default),
            ],
            Composition::ALL,
            &excluded.composition,
        );
    }
}

struct Fallbacks {
    preset: StyleGuide,
    audience: Lean,
    occasion: Lean,
    /// The palette the product's colours and words suggest.
    product: Option<ColorPalette>,
    category: Look,
}

/// The palette that suits a product: its colours (the ones named in its name, then the
/// ones in its photo) and words that carry a colour of their own ("beeswax", "lavender").
/// A lavender soap is soft and dreamy, a beeswax candle warm, never "icy" by default.
fn product_palette(subject: &Subject) -> Option<ColorPalette> {
    use ColorPalette as P;
    let mut words: Vec<String> = Vec::new();
    if let Subject::Named { product, .. } = subject {
        words.extend(product.name.to_lowercase().split(' ').map(str::to_string));
    }
    if let Some(r) = subject.reference() {
        words.extend(r.colors.iter().cloned());
    }
    words.iter().find_map(|w| {
        Some(match w.as_str() {
            "lavender" | "lilac" | "pink" | "blush" | "rose" | "peach" | "violet" | "pastel"
            | "sky blue" => P::SoftDreamy,
            "amber" | "honey" | "beeswax" | "gold" | "orange" | "brown" | "caramel"
            | "terracotta" | "rust" | "copper" | "bronze" | "tan" | "mustard" | "cinnamon"
            | "vanilla" | "sandalwood" | "chocolate" | "coffee" | "yellow" | "cream" | "beige" => {
                P::WarmCozy
            }
            "black" | "charcoal" | "navy" | "burgundy" | "crimson" | "maroon" | "plum" | "red"
            | "emerald" | "purple" => P::BoldDramatic,
            "mint" | "eucalyptus" | "aqua" | "turquoise" | "teal" | "cyan" | "blue" | "sea"
            | "ocean" | "cobalt" => P::CoolFresh,
            "white" | "grey" | "gray" | "silver" | "ivory" | "sage" => P::NeutralClean,
            _ => return None,
        })
    })
}

/// Coherent looks, in the order a restyle tries them: each differs from the others in
/// setting and palette.
const LOOKS: [(Environment, ColorPalette, Lighting); 5] = [
    (
        Environment::ProfessionalStudio,
        ColorPalette::NeutralClean,
        Lighting::SoftEven,
    ),
    (
        Environment::NaturalOutdoor,
        ColorPalette::CoolFresh,
        Lighting::NaturalDaylight,
    ),
    (
        Environment::CozyBedroom,
        ColorPalette::WarmCozy,
        Lighting::GoldenHour,
    ),
    (
        Environment::LuxuryMarble,
        ColorPalette::BoldDramatic,
        Lighting::DramaticShadows,
    ),
    (
        Environment::CleanBathroom,
        ColorPalette::SoftDreamy,
        Lighting::SoftEven,
    ),
];

/// A look unlike `from` in setting, palette and light (setting and palette at least).
fn restyle(from: Look) -> (Environment, ColorPalette, Lighting) {
    LOOKS
        .iter()
        .find(|(e, p, l)| *e != from.environment && *p != from.palette && *l != from.lighting)
        .or_else(|| {
            LOOKS
                .iter()
                .find(|(e, p, _)| *e != from.environment && *p != from.palette)
        })
        .copied()
        .unwrap_or(LOOKS[0])
}

/// A negative rating's comment is read like a message the seller sent before this one:
/// its places, props and words reach the brief ("a wooden shelf with towels").
fn feedback_comment(request: &AssistantRequest) -> Option<Reading> {
    request
        .feedback
        .as_ref()
        .filter(|fb| !fb.reaction.trim().eq_ignore_ascii_case("positive"))
        .and_then(|fb| fb.comment.as_deref())
        .filter(|c| !c.trim().is_empty())
        .map(read_comment)
}

/// The brief's descriptive words: the preset's first, so later messages can turn away from
/// them, then the seller's own.
fn ordered_descriptors(preset: &StyleGuide, facts: &Facts, current: &Reading) -> Vec<&'static str> {
    let mut descriptors: Vec<&'static str> = preset_descriptors(preset);
    descriptors.retain(|d| !current.dropped.contains(d));
    for d in &facts.descriptors {
        if !descriptors.contains(d) {
            descriptors.push(d);
        }
    }
    descriptors
}

/// The props named beside the product, leaving out words that only name the product itself.
fn props_beside(facts: &Facts, subject: &Subject) -> Vec<String> {
    let own_words = |words: &str| match subject {
        Subject::Named { product, .. } => words
            .split(' ')
            .all(|w| product.key.iter().any(|k| k == w || k == &format!("{w}s"))),
        Subject::Reference(_) => false,
    };
    facts
        .props
        .iter()
        .filter(|p| !own_words(p))
        .cloned()
        .collect()
}

/// Builds the scene for this message; `None` when no product is known at all.
pub(crate) fn build(
    request: &AssistantRequest,
    memory: Memory,
    current: &Reading,
) -> Option<Scene> {
    let (product, switched_product) = merge_product(memory.product.clone(), current);
    let references = References::of(&request.reference_images);
    let subject = match (product, references) {
        (Some(product), reference) => Subject::Named { product, reference },
        (None, Some(r)) => Subject::Reference(r),
        (None, None) => return None,
    };

    let comment = feedback_comment(request);
    let mut facts = memory.facts.clone();
    if let Some(said) = &comment {
        facts.apply(said);
    }
    facts.apply(current);
    let preset = request.style.clone().unwrap_or_default();
    let descriptors = ordered_descriptors(&preset, &facts, current);

    let checkpoint = memory.checkpoint.as_ref();
    let mut draft = checkpoint.map_or_else(Draft::default, |c| {
        Draft::from_look(c.look, Source::Previous)
    });
    let mut extras = Extras::of(checkpoint);
    let mut excluded = Excluded::default();
    for r in &memory.after {
        draft.apply(r, &mut extras, facts.video);
        merge_excluded(&mut excluded, &r.excluded);
    }
    let fallbacks = Fallbacks {
        preset,
        audience: facts.audience.as_ref().map(|a| a.1).unwrap_or_default(),
        occasion: facts.occasion.as_ref().map(|o| o.1).unwrap_or_default(),
        product: product_palette(&subject),
        category: subject.category().look(),
    };
    draft.fill(&fallbacks, &excluded);

    let mut fidelity = checkpoint.is_some_and(|c| c.fidelity);
    let mut simplify = false;
    let course = request.feedback.as_ref().map(|fb| {
        let course = course_of(fb);
        match course {
            Course::Restyle => draft.restyle(),
            Course::Fidelity => {
                fidelity = true;
                draft.keep_the_product_plain();
            }
            Course::Simplify => {
                simplify = true;
                extras.no_props = true;
                draft.composition = Some((Composition::ProductHero, Source::Feedback));
            }
            Course::Keep | Course::Noted => {}
        }
        if let Some(said) = &comment {
            draft.apply(said, &mut extras, facts.video);
            merge_excluded(&mut excluded, &said.excluded);
        }
        course
    });

    draft.apply(current, &mut extras, facts.video);
    merge_excluded(&mut excluded, &current.excluded);
    draft.fill(&fallbacks, &excluded);
    // "dark marble" says nothing about the garden the product moves to.
    let moved =
        checkpoint.is_some_and(|c| Some(c.look.environment) != draft.environment.map(|e| e.0));
    let toned = current.tone.is_some()
        || current
            .shifts
            .iter()
            .any(|s| matches!(s, Shift::Darker | Shift::Brighter));
    if moved && !toned {
        extras.tone = None;
    }

    let props = props_beside(&facts, &subject);
    let added = added_facts(&memory.facts, &facts, current);

    // A place the engine cannot read ("on a bamboo mat", "on a porch") is no reason to paint
    // a place nobody asked for: the nearest setting the engine draws stands in for it, else
    // a plain studio backdrop. An environment the seller (or their preset) chose wins.
    let unreadable = facts
        .place
        .as_deref()
        .is_some_and(|p| prompt::parse(p).environment.is_none());
    let nearest = unreadable
        .then(|| super::honest::nearest_setting(&facts.places))
        .flatten();
    let chosen = draft
        .environment
        .is_some_and(|(_, s)| matches!(s, Source::User | Source::Preset | Source::Feedback));
    if unreadable && !chosen {
        let env = nearest.map_or(Environment::ProfessionalStudio, Setting::environment);
        draft.environment = Some((env, Source::User));
    }
    let stage = nearest.filter(|s| draft.environment.is_some_and(|e| e.0 == s.environment()));
    let place_changed = current.place.is_some() && memory.facts.place != facts.place;

    let look = draft.look();
    // The user's own words stay while they still describe the scene: a place the parser
    // reads as this environment (or as none), a light it reads as this lighting.
    let place = facts.place.clone().filter(|p| {
        prompt::parse(p)
            .environment
            .is_none_or(|e| e == look.environment)
    });
    let light_words: Vec<String> = facts
        .light_words
        .iter()
        .filter(|w| prompt::parse(w).lighting.is_none_or(|l| l == look.lighting))
        .cloned()
        .collect();
    // "moody" would pull a warm, cozy brief back towards bold: words follow the palette.
    let (descriptors, left_out): (Vec<&'static str>, Vec<&'static str>) = descriptors
        .into_iter()
        .partition(|d| prompt::parse(d).palette.is_none_or(|p| p == look.palette));
    // Everything named that still holds, and everything this message named.
    let mut named: Vec<Named> = if place.is_some() {
        facts.places.clone()
    } else {
        Vec::new()
    };
    named.extend(facts.things.iter().cloned());
    for n in &current.named {
        if !named
            .iter()
            .any(|m| m.phrase == n.phrase && m.part == n.part)
        {
            named.push(n.clone());
        }
    }
    fn source<T>(slot: Option<(T, Source)>) -> Source {
        slot.map_or(Source::Default, |v| v.1)
    }
    Some(Scene {
        sources: [
            source(draft.environment),
            source(draft.palette),
            source(draft.lighting),
            source(draft.composition),
        ],
        previous: checkpoint.map(|c| c.look),
        look,
        tone: extras.tone,
        scene_colors: extras.scene_colors,
        avoid_colors: extras.avoid_colors,
        no_props: extras.no_props,
        descriptors,
        left_out,
        setting: facts.setting,
        place,
        light_words,
        angle_words: facts.angle_words.clone(),
        props,
        negatives: facts.negatives,
        audience: facts.audience.map(|a| a.0),
        occasion: facts.occasion.map(|o| o.0),
        angle: facts.angle,
        video: facts.video,
        camera: facts.camera,
        pace: facts.pace,
        float: facts.float,
        sweep: facts.sweep,
        space: facts.space,
        asked_seconds: current.seconds,
        asked_motion: current.video == Some(true),
        fidelity,
        simplify,
        course,
        switched_product,
        added,
        named,
        place_changed,
        stage,
        subject,
    })
}

/// A feedback comment, read for what the seller wants: "not a shelf — a wooden shelf with
/// towels" corrects the first clause with the second, so clauses that only say what is
/// wrong are set aside when others say what is right, and a wish without a preposition
/// ("a wooden shelf") still names a place.
fn read_comment(comment: &str) -> Reading {
    let comment = clip(comment);
    let clauses: Vec<&str> = comment
        .split(['—', '–', ';', '.', '!', '?', ','])
        .flat_map(|c| c.split(" - "))
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .collect();
    let wrong = |c: &str| {
        let first = c.split(' ').next().unwrap_or("").to_lowercase();
        matches!(first.as_str(), "not" | "no" | "never" | "without" | "less")
    };
    let wishes: Vec<&str> = clauses.iter().copied().filter(|c| !wrong(c)).collect();
    if wishes.is_empty() || wishes.len() == clauses.len() {
        return read(comment, true);
    }
    let wish = wishes.join(". ");
    let mut said = read(&wish, true);
    if said.place.is_none() {
        // "a wooden shelf with towels" is where to put it, said without "on".
        if let Some(placed) = wishes
            .iter()
            .map(|w| read(&format!("on {w}"), true))
            .find(|r| r.place.is_some())
        {
            said.place = placed.place;
            said.setting = said.setting.or(placed.setting);
        }
    }
    said
}

fn merge_excluded(into: &mut Excluded, from: &Excluded) {
    into.environment.extend(&from.environment);
    into.palette.extend(&from.palette);
    into.lighting.extend(&from.lighting);
    into.composition.extend(&from.composition);
}

fn course_of(feedback: &FeedbackHint) -> Course {
    if feedback.reaction.trim().eq_ignore_ascii_case("positive") {
        return Course::Keep;
    }
    match feedback.reason.as_deref().map(str::trim) {
        Some("wrong_style") => Course::Restyle,
        Some("inaccurate") => Course::Fidelity,
        Some("poor_quality" | "distorted") => Course::Simplify,
        _ => Course::Noted,
    }
}

/// The preset's descriptors that the assistant knows how to write.
fn preset_descriptors(preset: &StyleGuide) -> Vec<&'static str> {
    preset
        .descriptors
        .iter()
        .filter_map(|d| {
            let reading = read(d, false);
            reading.descriptors.first().copied()
        })
        .fold(Vec::new(), |mut acc, d| {
            if !acc.contains(&d) {
                acc.push(d);
            }
            acc
        })
}

/// Facts this message added to the scene, in words.
fn added_facts(before: &Facts, after: &Facts, current: &Reading) -> Vec<String> {
    let mut added = Vec::new();
    for n in &after.negatives {
        if !before.negatives.contains(n) {
            added.push(n.phrase());
        }
    }
    for n in &before.negatives {
        if !after.negatives.contains(n) {
            added.push(format!(
                "{} allowed again",
                n.phrase().trim_start_matches("no ")
            ));
        }
    }
    // The seller's things as they wrote them, article and all ("a parrot").
    if after.things != before.things && !after.things.is_empty() {
        let things: Vec<String> = after.things.iter().map(|n| n.phrase.clone()).collect();
        added.push(format!("added {}", super::compose::list(&things)));
    }
    if after.audience.as_ref().map(|a| &a.0) != before.audience.as_ref().map(|a| &a.0) {
        if let Some((a, _)) = &after.audience {
            added.push(format!("aimed at {a}"));
        }
    }
    if after.occasion.as_ref().map(|a| &a.0) != before.occasion.as_ref().map(|a| &a.0) {
        if let Some((o, _)) = &after.occasion {
            added.push(format!("set up for {o}"));
        }
    }
    if after.angle != before.angle && after.angle.is_some() {
        added.push("a new camera angle".into());
    }
    for d in &current.descriptors {
        if !before.descriptors.contains(d) {
            added.push(format!("a {d} feel"));
        }
    }
    added
}

/// See [`crate::builtin::extract_style`].
pub(crate) fn extract_style(history: &[Turn]) -> Option<StyleGuide> {
    let history = &history[history.len().saturating_sub(HISTORY_LIMIT)..];
    let mut guide = StyleGuide::default();
    let last_brief = history.iter().rev().find_map(brief_of);
    if let Some(brief) = last_brief {
        let p = prompt::parse(brief);
        guide.environment = p.environment;
        guide.color_palette = p.palette;
        guide.lighting = p.lighting;
        guide.composition = p.composition;
    }
    // Style words in the order they first came up, with where they were seen.
    let mut seen: Vec<(&'static str, usize, bool)> = Vec::new();
    let mut note = |d: &'static str, in_brief: bool| match seen.iter_mut().find(|s| s.0 == d) {
        Some(s) => {
            s.1 += usize::from(!in_brief);
            s.2 |= in_brief;
        }
        None => seen.push((d, usize::from(!in_brief), in_brief)),
    };
    for turn in history {
        if let Some(brief) = brief_of(turn) {
            for d in read(brief, false).descriptors {
                note(d, true);
            }
            continue;
        }
        if turn.role != Role::User {
            continue;
        }
        // Before any brief, the user's own words are the only style there is.
        let r = read(clip(&turn.content), last_brief.is_none());
        if last_brief.is_none() {
            let c = r.choices;
            guide.environment = c.environment.or(guide.environment);
            guide.color_palette = c.palette.or(guide.color_palette);
            guide.lighting = c.lighting.or(guide.lighting);
            guide.composition = c.composition.or(guide.composition);
        }
        for d in r.descriptors {
            note(d, false);
        }
    }
    guide.descriptors = seen
        .into_iter()
        .filter(|(_, users, in_brief)| *in_brief || *users >= 2)
        .map(|(d, _, _)| d.to_string())
        .collect();
    (!guide.is_empty()).then_some(guide)
}
