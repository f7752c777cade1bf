//! Named scene recipes for the Generate panel's template grid: each has an id, a name, a
//! popularity flag, a prompt for hosted image models and the offline engine's parameters.
//! Thumbnails are rendered by the engine itself, so they always match what it produces.

use domain::{ColorPalette as P, Composition as C, Environment as E, Lighting as L, Quality};

use crate::codec;
use crate::prompt::{self, ProductKind, SceneChoice};
use crate::scene::{self, Product, SceneSpec};
use crate::{EngineError, NoProgress};

#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    /// Stable slug, the API's `template_id`.
    pub id: &'static str,
    pub name: &'static str,
    pub is_popular: bool,
    /// Sent to hosted image models, with the user's product images.
    pub prompt: &'static str,
    pub environment: E,
    pub palette: P,
    pub lighting: L,
    pub composition: C,
    /// The product its thumbnail shows: a shape and colour that suit the template's
    /// category (a perfume on marble, a mug in bed, a can in the garden).
    pub product: ProductKind,
    pub product_color: Option<[u8; 3]>,
}

impl Template {
    pub fn choice(&self) -> SceneChoice {
        SceneChoice {
            environment: self.environment,
            palette: self.palette,
            lighting: self.lighting,
            composition: self.composition,
        }
    }
}

macro_rules! template {
    ($id:literal, $name:literal, $popular:literal, $env:ident, $pal:ident, $light:ident, $comp:ident, $kind:ident, $color:expr, $prompt:literal) => {
        Template {
            id: $id,
            name: $name,
            is_popular: $popular,
            prompt: $prompt,
            environment: E::$env,
            palette: P::$pal,
            lighting: L::$light,
            composition: C::$comp,
            product: ProductKind::$kind,
            product_color: $color,
        }
    };
}

const TEMPLATES: &[Template] = &[
    template!("clean-studio", "Clean Studio", true, ProfessionalStudio, NeutralClean, SoftEven, ProductHero, Box, Some([70, 110, 160]),
        "The product centred on a seamless light grey studio sweep, soft even softbox lighting, a gentle contact shadow, crisp e-commerce packshot"),
    template!("luxe-marble", "Luxe Marble", true, LuxuryMarble, NeutralClean, NaturalDaylight, ProductHero, Bottle, Some([176, 98, 28]),
        "The product on a polished white and gold-veined marble counter, bright window daylight, soft reflection, luxurious and elegant"),
    template!("spa-fresh", "Spa Fresh", true, CleanBathroom, CoolFresh, NaturalDaylight, LifestyleContext, Jar, Some([236, 240, 238]),
        "The product on a bright bathroom counter with white subway tiles, folded towels and pebbles, fresh natural daylight, clean spa mood"),
    template!("golden-garden", "Golden Garden", true, NaturalOutdoor, WarmCozy, GoldenHour, LifestyleContext, Can, Some([214, 84, 60]),
        "The product on a weathered wooden table outdoors, sunlit foliage bokeh behind, long warm golden-hour shadows"),
    template!("noir-spotlight", "Noir Spotlight", true, ProfessionalStudio, BoldDramatic, DramaticShadows, ArtisticComposition, Phone, None,
        "The product on a dark studio podium under a hard spotlight, blinds casting slatted shadows on a charcoal wall, bold high contrast"),
    template!("midnight-marble", "Midnight Marble", false, LuxuryMarble, BoldDramatic, DramaticShadows, ProductHero, Jar, Some([196, 160, 92]),
        "The product on black Nero Marquina marble with white veins, dramatic side light, deep shadows and a mirror reflection"),
    template!("dreamy-morning", "Dreamy Morning", false, CozyBedroom, SoftDreamy, NaturalDaylight, LifestyleContext, Cup, Some([240, 236, 230]),
        "The product on soft blush bed linen by a sheer-curtained window, pastel dreamy morning light, books beside it"),
    template!("cozy-evening", "Cozy Evening", false, CozyBedroom, WarmCozy, GoldenHour, LifestyleContext, Jar, Some([150, 92, 60]),
        "The product on a warm linen bed at dusk, a lit candle and fairy-light bokeh, cozy inviting evening glow"),
    template!("fresh-garden", "Fresh Garden", false, NaturalOutdoor, CoolFresh, NaturalDaylight, ProductHero, Pouch, Some([120, 170, 90]),
        "The product centred on a pale wooden table in a green garden, cool fresh daylight, blue sky and leafy bokeh"),
    template!("pastel-podium", "Pastel Podium", false, ProfessionalStudio, SoftDreamy, SoftEven, ArtisticComposition, Tube, Some([232, 170, 190]),
        "The product on a round pastel studio podium framed by an arch, a sphere beside it, soft shadowless light, playful and dreamy"),
    template!("macro-detail", "Macro Detail", false, LuxuryMarble, NeutralClean, SoftEven, DetailCloseup, Bottle, Some([40, 90, 70]),
        "A close-up of the product filling the frame on white marble, shallow depth of field, soft even light showing texture and detail"),
    template!("morning-routine", "Morning Routine", false, CleanBathroom, NeutralClean, SoftEven, LifestyleContext, Tube, Some([246, 246, 244]),
        "The product in an everyday bathroom routine on a white quartz counter, soft diffused light, towels and stones, clean and calm"),
    template!("terracotta-sun", "Terracotta Sun", false, ProfessionalStudio, WarmCozy, GoldenHour, ArtisticComposition, Pouch, Some([196, 154, 108]),
        "The product on a sand-coloured studio podium before a terracotta arch, warm low sun with long shadows, earthy and editorial"),
    template!("ocean-breeze", "Ocean Breeze", false, NaturalOutdoor, CoolFresh, SoftEven, DetailCloseup, Can, Some([60, 150, 190]),
        "A close-up of the product outdoors in soft overcast light, cool blue and green bokeh behind, breezy and refreshing"),
];

/// Changes whenever thumbnails are drawn differently, so stored ones can be re-rendered.
/// 2: each template shows its own product shape in its own setting.
/// 3: Luxe Marble is white marble with gold veins in daylight; new settings and props.
pub const THUMBNAIL_VERSION: u32 = 3;

/// Every template: popular ones first, then in catalogue order.
pub fn all() -> Vec<&'static Template> {
    let mut out: Vec<&Template> = TEMPLATES.iter().filter(|t| t.is_popular).collect();
    out.extend(TEMPLATES.iter().filter(|t| !t.is_popular));
    out
}

pub fn find(id: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.id == id)
}

/// The template whose prompt `prompt` is: a template job sends its template's prompt, which
/// says "the product" without naming one.
pub fn find_by_prompt(prompt: &str) -> Option<&'static Template> {
    let prompt = prompt.trim();
    TEMPLATES.iter().find(|t| t.prompt == prompt)
}

/// A `size`×`size` JPEG preview of `template`: its own scene with its own product shape.
pub fn render_thumbnail(template: &Template, size: u32) -> Result<Vec<u8>, EngineError> {
    let params = prompt::parse(template.prompt);
    let spec =
        SceneSpec::new(template.choice(), size, size, Quality::Medium, 1).with_prompt(&params);
    let product = Product::Mockup {
        kind: template.product,
        color: template.product_color,
    };
    let layers = scene::render_scene(&spec, product, &mut NoProgress)?;
    codec::encode_jpeg(&scene::flatten(&layers), 85)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_catalogue_is_complete_and_consistent() {
        let all = all();
        assert!(all.len() >= 12);
        assert!(all.iter().filter(|t| t.is_popular).count() >= 4);
        assert!(
            all.iter().take_while(|t| t.is_popular).count()
                == all.iter().filter(|t| t.is_popular).count()
        );
        for t in &all {
            assert!(
                t.id.chars().all(|c| c.is_ascii_lowercase() || c == '-'),
                "{}",
                t.id
            );
            assert_eq!(find(t.id), Some(*t));
            assert_eq!(
                all.iter().filter(|o| o.id == t.id).count(),
                1,
                "duplicate {}",
                t.id
            );
            assert!(!t.name.is_empty() && t.prompt.len() > 40);
        }
        for env in E::ALL {
            assert!(
                all.iter().any(|t| t.environment == *env),
                "{env} has no template"
            );
        }
        assert_eq!(find("no-such-template"), None);
    }

    #[test]
    fn a_template_prompt_reads_back_as_its_own_options() {
        // The hosted-model prompt and the engine parameters must describe the same picture.
        for t in all() {
            let read = prompt::parse(t.prompt);
            assert_eq!(read.environment, Some(t.environment), "{}", t.id);
        }
    }

    #[test]
    fn every_thumbnail_shows_its_own_scene_and_product() {
        let all = all();
        let kinds: std::collections::HashSet<_> = all.iter().map(|t| t.product).collect();
        assert!(kinds.len() >= 6, "only {} product shapes", kinds.len());
        let thumbs: Vec<(&str, image::RgbaImage)> = all
            .iter()
            .map(|t| {
                let jpeg = render_thumbnail(t, 64).unwrap();
                (t.id, codec::decode(&jpeg, codec::MAX_DIMENSION).unwrap())
            })
            .collect();
        for (i, (a, x)) in thumbs.iter().enumerate() {
            for (b, y) in &thumbs[i + 1..] {
                let diff: u64 = x
                    .pixels()
                    .zip(y.pixels())
                    .map(|(p, q)| {
                        (0..3)
                            .map(|c| (p[c] as i64 - q[c] as i64).unsigned_abs())
                            .sum::<u64>()
                    })
                    .sum();
                let mean = diff as f64 / (64.0 * 64.0 * 3.0);
                assert!(mean > 12.0, "{a} and {b} look alike ({mean:.1}/255)");
            }
        }
    }

    /// A template job without a product photo stages the template's own product shape and
    /// colour, and says that it is a stand-in.
    #[test]
    fn a_template_job_without_a_photo_stages_its_own_product() {
        for t in all() {
            let request = crate::generate::ImageRequest {
                environment: Some(t.environment),
                palette: Some(t.palette),
                lighting: Some(t.lighting),
                composition: Some(t.composition),
                resolution: domain::Resolution::Square,
                quality: Quality::Low,
                ..crate::generate::ImageRequest::new(t.prompt)
            };
            let layers = scene::render_layers(&request, &mut NoProgress).unwrap();
            let stand_in = layers.stand_in.expect("no photo: a stand-in");
            assert_eq!(stand_in.kind, t.product, "{}", t.id);
            assert_eq!(stand_in.color, t.product_color, "{}", t.id);
            assert!(
                stand_in.message().contains(t.product.as_str()),
                "{}: {}",
                t.id,
                stand_in.message()
            );
        }
        // Any other prompt keeps its own product words.
        let words = format!("a tube of cream. {}", find("golden-garden").unwrap().prompt);
        let own = crate::generate::ImageRequest {
            resolution: domain::Resolution::Square,
            quality: Quality::Low,
            ..crate::generate::ImageRequest::new(&words)
        };
        let layers = scene::render_layers(&own, &mut NoProgress).unwrap();
        assert_eq!(layers.stand_in.unwrap().kind, ProductKind::Tube);
    }

    #[test]
    fn thumbnails_are_square_jpegs() {
        let bytes = render_thumbnail(find("clean-studio").unwrap(), 96).unwrap();
        let img = codec::decode(&bytes, codec::MAX_DIMENSION).unwrap();
        assert_eq!(img.dimensions(), (96, 96));
    }
}
