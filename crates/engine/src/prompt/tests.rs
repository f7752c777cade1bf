use super::*;

/// Expected reading of a prompt; `None`/empty means "the prompt says nothing about it".
#[derive(Default)]
struct Want {
    env: Option<Environment>,
    pal: Option<ColorPalette>,
    light: Option<Lighting>,
    comp: Option<Composition>,
    product: Option<ProductKind>,
    product_color: Option<(&'static str, Shade)>,
    scene_colors: &'static [&'static str],
    avoid: &'static [&'static str],
    tone: Option<Tone>,
    no_props: bool,
}

/// Every difference between what `prompt` reads as and `want`.
fn check(prompt: &str, want: Want) -> Vec<String> {
    let got = parse(prompt);
    let names = |v: &[NamedColor]| v.iter().map(|c| c.name).collect::<Vec<_>>();
    let mut errors = Vec::new();
    let mut expect = |what: &str, got: String, want: String| {
        if got != want {
            errors.push(format!("{prompt:?}: {what} is {got}, expected {want}"));
        }
    };
    expect(
        "environment",
        format!("{:?}", got.environment),
        format!("{:?}", want.env),
    );
    expect(
        "palette",
        format!("{:?}", got.palette),
        format!("{:?}", want.pal),
    );
    expect(
        "lighting",
        format!("{:?}", got.lighting),
        format!("{:?}", want.light),
    );
    expect(
        "composition",
        format!("{:?}", got.composition),
        format!("{:?}", want.comp),
    );
    expect(
        "product",
        format!("{:?}", got.product),
        format!("{:?}", want.product),
    );
    expect(
        "product colour",
        format!("{:?}", got.product_color.map(|c| (c.name, c.shade))),
        format!("{:?}", want.product_color),
    );
    expect(
        "scene colours",
        format!("{:?}", names(&got.scene_colors)),
        format!("{:?}", want.scene_colors),
    );
    expect(
        "avoided colours",
        format!("{:?}", names(&got.avoid_colors)),
        format!("{:?}", want.avoid),
    );
    expect(
        "tone",
        format!("{:?}", got.tone),
        format!("{:?}", want.tone),
    );
    expect(
        "no_props",
        format!("{:?}", got.no_props),
        format!("{:?}", want.no_props),
    );
    errors
}

use ColorPalette as P;
use Composition as C;
use Environment as E;
use Lighting as L;
use ProductKind as K;

// Long by nature: one table of prompts and what each must read as.
#[test]
fn prompts_read_as_expected() {
    let cases: Vec<(&str, Want)> = vec![
        (
            "amber perfume bottle on dark marble at golden hour, moody",
            Want {
                env: Some(E::LuxuryMarble),
                pal: Some(P::BoldDramatic),
                light: Some(L::GoldenHour),
                product: Some(K::Bottle),
                product_color: Some(("amber", Shade::Normal)),
                tone: Some(Tone::Dark),
                ..Want::default()
            },
        ),
        ("", Want::default()),
        ("xyzzy plugh frobnicate", Want::default()),
        (
            "serum on the bathroom counter",
            Want {
                env: Some(E::CleanBathroom),
                product: Some(K::Bottle),
                ..Want::default()
            },
        ),
        (
            "shampoo in the shower",
            Want {
                env: Some(E::CleanBathroom),
                product: Some(K::Bottle),
                ..Want::default()
            },
        ),
        (
            "face cream jar, spa mood",
            Want {
                env: Some(E::CleanBathroom),
                light: Some(L::SoftEven),
                product: Some(K::Jar),
                ..Want::default()
            },
        ),
        (
            "candle at sunset",
            Want {
                pal: Some(P::WarmCozy),
                light: Some(L::GoldenHour),
                product: Some(K::Jar),
                ..Want::default()
            },
        ),
        (
            "candle at sunrise",
            Want {
                pal: Some(P::WarmCozy),
                light: Some(L::GoldenHour),
                product: Some(K::Jar),
                ..Want::default()
            },
        ),
        (
            "sneaker box in a studio with seamless backdrop",
            Want {
                env: Some(E::ProfessionalStudio),
                product: Some(K::Box),
                ..Want::default()
            },
        ),
        (
            "e-commerce packshot of a tube",
            Want {
                env: Some(E::ProfessionalStudio),
                comp: Some(C::ProductHero),
                product: Some(K::Tube),
                ..Want::default()
            },
        ),
        (
            "energy drink can on the beach",
            Want {
                env: Some(E::NaturalOutdoor),
                pal: Some(P::CoolFresh),
                product: Some(K::Can),
                ..Want::default()
            },
        ),
        (
            "coffee mug on a cozy bed",
            Want {
                env: Some(E::CozyBedroom),
                pal: Some(P::WarmCozy),
                light: Some(L::GoldenHour),
                product: Some(K::Cup),
                ..Want::default()
            },
        ),
        (
            "tea cup on the nightstand, morning light",
            Want {
                env: Some(E::CozyBedroom),
                light: Some(L::NaturalDaylight),
                product: Some(K::Cup),
                ..Want::default()
            },
        ),
        (
            "smartphone on a podium, abstract",
            Want {
                comp: Some(C::ArtisticComposition),
                product: Some(K::Phone),
                ..Want::default()
            },
        ),
        (
            "macro detail of a lipstick tube",
            Want {
                comp: Some(C::DetailCloseup),
                product: Some(K::Tube),
                ..Want::default()
            },
        ),
        (
            "close-up of the jar",
            Want {
                comp: Some(C::DetailCloseup),
                product: Some(K::Jar),
                ..Want::default()
            },
        ),
        (
            "lifestyle shot of granola pouch on a picnic",
            Want {
                env: Some(E::NaturalOutdoor),
                comp: Some(C::LifestyleContext),
                product: Some(K::Pouch),
                ..Want::default()
            },
        ),
        (
            "coffee beans pouch",
            Want {
                product: Some(K::Pouch),
                ..Want::default()
            },
        ),
        (
            "kraft coffee bag",
            Want {
                product: Some(K::Pouch),
                ..Want::default()
            },
        ),
        (
            "perfume bottle next to a candle",
            Want {
                pal: Some(P::WarmCozy),
                product: Some(K::Bottle),
                ..Want::default()
            },
        ),
        (
            "cream colored bottle",
            Want {
                product: Some(K::Bottle),
                product_color: Some(("cream", Shade::Normal)),
                ..Want::default()
            },
        ),
        (
            "hand cream on marble",
            Want {
                env: Some(E::LuxuryMarble),
                product: Some(K::Tube),
                ..Want::default()
            },
        ),
        (
            "pale pink jar",
            Want {
                product: Some(K::Jar),
                product_color: Some(("pink", Shade::Pale)),
                ..Want::default()
            },
        ),
        (
            "deep blue bottle",
            Want {
                product: Some(K::Bottle),
                product_color: Some(("blue", Shade::Deep)),
                ..Want::default()
            },
        ),
        (
            "neon green can",
            Want {
                product: Some(K::Can),
                product_color: Some(("green", Shade::Vivid)),
                ..Want::default()
            },
        ),
        (
            "bottle on a pale pink background",
            Want {
                env: Some(E::ProfessionalStudio),
                product: Some(K::Bottle),
                scene_colors: &["pink"],
                ..Want::default()
            },
        ),
        (
            "red box with gold and navy backdrop",
            Want {
                env: Some(E::ProfessionalStudio),
                product: Some(K::Box),
                product_color: Some(("red", Shade::Normal)),
                scene_colors: &["gold", "navy"],
                ..Want::default()
            },
        ),
        (
            "sky blue tones with a white jar",
            Want {
                env: Some(E::NaturalOutdoor),
                product: Some(K::Jar),
                product_color: Some(("white", Shade::Normal)),
                scene_colors: &["sky blue"],
                ..Want::default()
            },
        ),
        (
            "serum bottle, not on white",
            Want {
                product: Some(K::Bottle),
                avoid: &["white"],
                ..Want::default()
            },
        ),
        (
            "lotion, no people, no props",
            Want {
                product: Some(K::Bottle),
                comp: Some(C::ProductHero),
                no_props: true,
                ..Want::default()
            },
        ),
        (
            "jar without clutter",
            Want {
                product: Some(K::Jar),
                comp: Some(C::ProductHero),
                no_props: true,
                ..Want::default()
            },
        ),
        (
            "with props around the can",
            Want {
                comp: Some(C::LifestyleContext),
                product: Some(K::Can),
                ..Want::default()
            },
        ),
        (
            "not in a bathroom, on marble",
            Want {
                env: Some(E::LuxuryMarble),
                ..Want::default()
            },
        ),
        (
            "bathroom but not dramatic",
            Want {
                env: Some(E::CleanBathroom),
                ..Want::default()
            },
        ),
        (
            "no harsh shadows, soft light",
            Want {
                light: Some(L::SoftEven),
                ..Want::default()
            },
        ),
        (
            "dramatic lighting with hard light",
            Want {
                pal: Some(P::BoldDramatic),
                light: Some(L::DramaticShadows),
                ..Want::default()
            },
        ),
        (
            "noir spotlight",
            Want {
                pal: Some(P::BoldDramatic),
                light: Some(L::DramaticShadows),
                ..Want::default()
            },
        ),
        (
            "chiaroscuro still life",
            Want {
                light: Some(L::DramaticShadows),
                ..Want::default()
            },
        ),
        (
            "overcast diffused light in the forest",
            Want {
                env: Some(E::NaturalOutdoor),
                light: Some(L::SoftEven),
                ..Want::default()
            },
        ),
        (
            "soft even softbox lighting",
            Want {
                pal: Some(P::SoftDreamy),
                light: Some(L::SoftEven),
                ..Want::default()
            },
        ),
        (
            "bright sunny garden",
            Want {
                env: Some(E::NaturalOutdoor),
                light: Some(L::NaturalDaylight),
                ..Want::default()
            },
        ),
        (
            "warm autumn tones, rustic",
            Want {
                pal: Some(P::WarmCozy),
                ..Want::default()
            },
        ),
        (
            "cool icy fresh look",
            Want {
                pal: Some(P::CoolFresh),
                light: Some(L::NaturalDaylight),
                ..Want::default()
            },
        ),
        (
            "pastel dreamy ethereal",
            Want {
                pal: Some(P::SoftDreamy),
                ..Want::default()
            },
        ),
        (
            "minimal neutral clean",
            Want {
                pal: Some(P::NeutralClean),
                light: Some(L::SoftEven),
                ..Want::default()
            },
        ),
        (
            "bold vibrant colours",
            Want {
                pal: Some(P::BoldDramatic),
                light: Some(L::NaturalDaylight),
                ..Want::default()
            },
        ),
        (
            "luxury perfume",
            Want {
                env: Some(E::LuxuryMarble),
                pal: Some(P::WarmCozy),
                product: Some(K::Bottle),
                ..Want::default()
            },
        ),
        (
            "black marble with a gold jar",
            Want {
                env: Some(E::LuxuryMarble),
                product: Some(K::Jar),
                product_color: Some(("gold", Shade::Normal)),
                tone: Some(Tone::Dark),
                ..Want::default()
            },
        ),
        (
            "light wood table outdoors",
            Want {
                env: Some(E::NaturalOutdoor),
                tone: Some(Tone::Light),
                ..Want::default()
            },
        ),
        (
            "PERFUME ON MARBLE AT GOLDEN HOUR!!!",
            Want {
                env: Some(E::LuxuryMarble),
                light: Some(L::GoldenHour),
                product: Some(K::Bottle),
                ..Want::default()
            },
        ),
        (
            "bottles on tiles",
            Want {
                env: Some(E::CleanBathroom),
                product: Some(K::Bottle),
                ..Want::default()
            },
        ),
        (
            "boxes in the studio",
            Want {
                env: Some(E::ProfessionalStudio),
                product: Some(K::Box),
                ..Want::default()
            },
        ),
        (
            "a gift box on the bed at dusk",
            Want {
                env: Some(E::CozyBedroom),
                light: Some(L::GoldenHour),
                product: Some(K::Box),
                ..Want::default()
            },
        ),
        (
            "phone case hero shot, centered",
            Want {
                comp: Some(C::ProductHero),
                product: Some(K::Phone),
                ..Want::default()
            },
        ),
        (
            "soda on a garden patio at midday",
            Want {
                env: Some(E::NaturalOutdoor),
                light: Some(L::NaturalDaylight),
                product: Some(K::Can),
                ..Want::default()
            },
        ),
        (
            "wine bottle in a cozy bedroom by candlelight",
            Want {
                env: Some(E::CozyBedroom),
                pal: Some(P::WarmCozy),
                light: Some(L::GoldenHour),
                product: Some(K::Bottle),
                ..Want::default()
            },
        ),
        (
            "toothpaste tube by the sink",
            Want {
                env: Some(E::CleanBathroom),
                product: Some(K::Tube),
                ..Want::default()
            },
        ),
        (
            "cologne on a stone countertop",
            Want {
                env: Some(E::LuxuryMarble),
                product: Some(K::Bottle),
                ..Want::default()
            },
        ),
        (
            "teal and coral beer can",
            Want {
                product: Some(K::Can),
                product_color: Some(("coral", Shade::Normal)),
                scene_colors: &["teal"],
                ..Want::default()
            },
        ),
        (
            "not pink, not purple, a bottle",
            Want {
                product: Some(K::Bottle),
                avoid: &["pink", "purple"],
                ..Want::default()
            },
        ),
        (
            "latte on a white background",
            Want {
                env: Some(E::ProfessionalStudio),
                pal: Some(P::NeutralClean),
                product: Some(K::Cup),
                scene_colors: &["white"],
                ..Want::default()
            },
        ),
    ];
    assert!(cases.len() >= 50);
    let errors: Vec<String> = cases.into_iter().flat_map(|(p, w)| check(p, w)).collect();
    assert!(
        errors.is_empty(),
        "{} mismatches:\n{}",
        errors.len(),
        errors.join("\n")
    );
}

#[test]
fn explicit_choices_override_the_prompt() {
    let p = parse("perfume on marble at golden hour, moody close-up");
    let chosen = p.resolve(Some(E::CozyBedroom), None, Some(L::SoftEven), None);
    assert_eq!(chosen.environment, E::CozyBedroom);
    assert_eq!(chosen.lighting, L::SoftEven);
    assert_eq!(chosen.palette, P::BoldDramatic);
    assert_eq!(chosen.composition, C::DetailCloseup);
    let all = p.resolve(
        Some(E::NaturalOutdoor),
        Some(P::CoolFresh),
        Some(L::NaturalDaylight),
        Some(C::ProductHero),
    );
    assert_eq!(
        (all.environment, all.palette, all.lighting, all.composition),
        (
            E::NaturalOutdoor,
            P::CoolFresh,
            L::NaturalDaylight,
            C::ProductHero
        )
    );
}

#[test]
fn an_empty_prompt_resolves_to_the_spec_defaults() {
    let c = parse("").resolve(None, None, None, None);
    assert_eq!(
        (c.environment, c.palette, c.lighting, c.composition),
        (
            E::ProfessionalStudio,
            P::NeutralClean,
            L::NaturalDaylight,
            C::ProductHero
        )
    );
}

#[test]
fn modifiers_change_the_colour_value() {
    let base = parse("pink jar").product_color.unwrap().rgb;
    let pale = parse("pale pink jar").product_color.unwrap().rgb;
    let deep = parse("deep pink jar").product_color.unwrap().rgb;
    let sum = |c: [u8; 3]| c.iter().map(|&v| v as u32).sum::<u32>();
    assert!(sum(pale) > sum(base) && sum(base) > sum(deep));
}
