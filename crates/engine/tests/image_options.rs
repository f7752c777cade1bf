//! Every option combination renders (small sizes), and the options visibly change the
//! picture the way they say.

use domain::{ColorPalette, Composition, Environment, Lighting, Quality};
use engine::prompt::{ProductKind, SceneChoice};
use engine::scene::{self, Product, SceneSpec};
use engine::{codec, NoProgress};

fn render(choice: SceneChoice, w: u32, h: u32, kind: ProductKind) -> image::RgbaImage {
    let spec = SceneSpec::new(choice, w, h, Quality::Low, 5);
    let layers = scene::render_scene(
        &spec,
        Product::Mockup { kind, color: None },
        &mut NoProgress,
    )
    .unwrap();
    scene::flatten(&layers)
}

#[test]
fn every_combination_renders() {
    let mut n = 0;
    for &environment in Environment::ALL {
        for &palette in ColorPalette::ALL {
            for &lighting in Lighting::ALL {
                for &composition in Composition::ALL {
                    let choice = SceneChoice {
                        environment,
                        palette,
                        lighting,
                        composition,
                    };
                    let kind = ProductKind::ALL[n % ProductKind::ALL.len()];
                    let img = render(choice, 48, 72, kind);
                    assert_eq!(img.dimensions(), (48, 72));
                    if n % 40 == 0 {
                        let png = codec::encode_png(&img).unwrap();
                        assert_eq!(codec::decode(&png, 4096).unwrap(), img);
                    }
                    n += 1;
                }
            }
        }
    }
    assert_eq!(n, 400);
}

fn mean_luma(img: &image::RgbaImage) -> f32 {
    img.pixels()
        .map(|p| 0.3 * p[0] as f32 + 0.59 * p[1] as f32 + 0.11 * p[2] as f32)
        .sum::<f32>()
        / (img.width() * img.height()) as f32
}

#[test]
fn dramatic_light_is_darker_than_soft_light() {
    let base = SceneChoice {
        environment: Environment::ProfessionalStudio,
        palette: ColorPalette::NeutralClean,
        lighting: Lighting::SoftEven,
        composition: Composition::ProductHero,
    };
    let soft = mean_luma(&render(base, 96, 96, ProductKind::Box));
    let dramatic = mean_luma(&render(
        SceneChoice {
            lighting: Lighting::DramaticShadows,
            ..base
        },
        96,
        96,
        ProductKind::Box,
    ));
    assert!(dramatic < soft - 10.0, "dramatic {dramatic} vs soft {soft}");
}

#[test]
fn warm_palettes_are_warmer_than_cool_ones() {
    let base = SceneChoice {
        environment: Environment::CleanBathroom,
        palette: ColorPalette::WarmCozy,
        lighting: Lighting::NaturalDaylight,
        composition: Composition::ProductHero,
    };
    let warmth =
        |img: &image::RgbaImage| img.pixels().map(|p| p[0] as f32 - p[2] as f32).sum::<f32>();
    let warm = warmth(&render(base, 96, 96, ProductKind::Jar));
    let cool = warmth(&render(
        SceneChoice {
            palette: ColorPalette::CoolFresh,
            ..base
        },
        96,
        96,
        ProductKind::Jar,
    ));
    assert!(warm > cool);
}
