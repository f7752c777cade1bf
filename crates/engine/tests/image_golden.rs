//! Golden renders: small scenes summarised as a grid of mean colours, compared with recorded
//! values within a tolerance (exact bytes would break on harmless float or dependency
//! changes; a moved product, a lost backdrop or a wrong grade will not pass).
//! Regenerate after an intended visual change: `UPDATE_GOLDEN=1 cargo test -p engine --test image_golden`.

use domain::{ColorPalette as P, Composition as C, Environment as E, Lighting as L, Quality};
use engine::prompt::{ProductKind, SceneChoice};
use engine::scene::{self, Product, SceneSpec};
use engine::NoProgress;

const GOLDEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/golden/scenes.txt");
const TOLERANCE: i32 = 10;
const GRID: (u32, u32) = (4, 6);

fn cases() -> Vec<(&'static str, SceneChoice, ProductKind)> {
    let c = |environment, palette, lighting, composition| SceneChoice {
        environment,
        palette,
        lighting,
        composition,
    };
    vec![
        (
            "marble-golden-hero",
            c(E::LuxuryMarble, P::WarmCozy, L::GoldenHour, C::ProductHero),
            ProductKind::Bottle,
        ),
        (
            "bathroom-daylight-lifestyle",
            c(
                E::CleanBathroom,
                P::CoolFresh,
                L::NaturalDaylight,
                C::LifestyleContext,
            ),
            ProductKind::Jar,
        ),
        (
            "studio-dramatic-artistic",
            c(
                E::ProfessionalStudio,
                P::BoldDramatic,
                L::DramaticShadows,
                C::ArtisticComposition,
            ),
            ProductKind::Box,
        ),
        (
            "outdoor-soft-closeup",
            c(
                E::NaturalOutdoor,
                P::NeutralClean,
                L::SoftEven,
                C::DetailCloseup,
            ),
            ProductKind::Can,
        ),
        (
            "bedroom-dreamy-lifestyle",
            c(
                E::CozyBedroom,
                P::SoftDreamy,
                L::NaturalDaylight,
                C::LifestyleContext,
            ),
            ProductKind::Cup,
        ),
        (
            "studio-neutral-hero",
            c(
                E::ProfessionalStudio,
                P::NeutralClean,
                L::SoftEven,
                C::ProductHero,
            ),
            ProductKind::Tube,
        ),
    ]
}

fn signature(choice: SceneChoice, kind: ProductKind) -> Vec<[u8; 3]> {
    let (w, h) = (64, 96);
    let spec = SceneSpec::new(choice, w, h, Quality::Medium, 11);
    let img = scene::flatten(
        &scene::render_scene(
            &spec,
            Product::Mockup { kind, color: None },
            &mut NoProgress,
        )
        .unwrap(),
    );
    let (cw, ch) = (w / GRID.0, h / GRID.1);
    let mut out = Vec::new();
    for gy in 0..GRID.1 {
        for gx in 0..GRID.0 {
            let mut sum = [0u32; 3];
            for y in gy * ch..(gy + 1) * ch {
                for x in gx * cw..(gx + 1) * cw {
                    let p = img.get_pixel(x, y);
                    for c in 0..3 {
                        sum[c] += p[c] as u32;
                    }
                }
            }
            out.push(sum.map(|s| (s / (cw * ch)) as u8));
        }
    }
    out
}

fn format_line(name: &str, sig: &[[u8; 3]]) -> String {
    let cells: Vec<String> = sig
        .iter()
        .map(|c| format!("{},{},{}", c[0], c[1], c[2]))
        .collect();
    format!("{name} {}", cells.join(" "))
}

#[test]
fn scenes_match_their_golden_signatures() {
    let rendered: Vec<(&str, Vec<[u8; 3]>)> = cases()
        .into_iter()
        .map(|(n, c, k)| (n, signature(c, k)))
        .collect();
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        let text: Vec<String> = rendered.iter().map(|(n, s)| format_line(n, s)).collect();
        std::fs::write(GOLDEN, text.join("\n") + "\n").unwrap();
        return;
    }
    let golden = std::fs::read_to_string(GOLDEN)
        .expect("golden file; run with UPDATE_GOLDEN=1 to create it");
    let mut failures = Vec::new();
    for (name, sig) in &rendered {
        let line = golden
            .lines()
            .find(|l| l.split(' ').next() == Some(name))
            .unwrap_or_else(|| panic!("no golden for {name}"));
        let want: Vec<[i32; 3]> = line
            .split(' ')
            .skip(1)
            .map(|cell| {
                let v: Vec<i32> = cell.split(',').map(|n| n.parse().unwrap()).collect();
                [v[0], v[1], v[2]]
            })
            .collect();
        assert_eq!(want.len(), sig.len(), "{name}");
        for (i, (got, want)) in sig.iter().zip(&want).enumerate() {
            if (0..3).any(|c| (got[c] as i32 - want[c]).abs() > TOLERANCE) {
                failures.push(format!("{name} cell {i}: {got:?} vs golden {want:?}"));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
