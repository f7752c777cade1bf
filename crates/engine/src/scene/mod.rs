//! The scene compositor: stages a product (a cutout photo or a drawn mockup) in a procedural
//! environment, as three layers the video engine can move independently.
//!
//! Order of work: light and layout from the options and seed; the backdrop (environment,
//! props, colour grade) at reduced resolution for speed, enlarged, with full-size grain;
//! the product scaled once into place; shadows and reflection from its silhouette.
//! The product layer is never graded, relit or covered: inside its matte the flattened
//! output is exactly the product scaled once ([`crate::cutout::scale`]).

pub mod draw;
pub mod environment;
pub mod layout;
pub mod light;
pub mod noise;
pub mod props;
pub mod raster;
pub mod shadow;

use domain::{ColorPalette, Composition, Environment, Lighting, Quality};
use fast_image_resize::FilterType;
use image::{Rgba, RgbaImage};

use crate::cutout::{self, Cutout};
use crate::generate::ImageRequest;
use crate::prompt::{self, ProductKind, PromptParams, SceneChoice, Setting, Space, Tone};
use crate::{codec, mockup, templates, EngineError, Progress, SubProgress};
use environment::{Materials, Paint};
use layout::Layout;
use light::{Grade, Light};
use noise::{hash2, Noise, Rng};
use raster::{box_blur, resize_rgba, rgb8, Canvas};

/// A rendered scene in three same-sized layers, flattened by [`flatten`].
#[derive(Debug, Clone)]
pub struct Layers {
    /// Environment, props and grade; opaque.
    pub background: RgbaImage,
    /// The product, transparent outside it; includes nothing of the shadow.
    pub product: RgbaImage,
    /// Shadows and reflection, straight (not premultiplied) RGBA.
    pub shadow: RgbaImage,
    /// Set when no product photo was given and a drawn mockup stands in for the product.
    pub stand_in: Option<StandIn>,
    /// What the picture shows, in words (see [`SceneSpec::describe`]).
    pub description: String,
}

/// A drawn mockup staged in place of the seller's product, which had no photo. Whoever shows
/// the result must say so: it is not the seller's product.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StandIn {
    pub kind: ProductKind,
    pub color: Option<[u8; 3]>,
}

impl StandIn {
    /// One sentence for the seller, e.g. "No product photo was given, so a stand-in amber
    /// bottle (a drawn mockup) is shown in place of your product; add a photo to see your
    /// own."
    pub fn message(&self) -> String {
        let what = match self.color {
            Some(c) => format!("{} {}", prompt::nearest_color_name(c), self.kind.as_str()),
            None => self.kind.as_str().to_string(),
        };
        format!(
            "No product photo was given, so a stand-in {what} (a drawn mockup) is shown in place of your product; add a photo to see your own."
        )
    }
}

/// Everything that decides a scene's pixels, after the prompt has been read.
#[derive(Debug, Clone, PartialEq)]
pub struct SceneSpec {
    pub environment: Environment,
    pub palette: ColorPalette,
    pub lighting: Lighting,
    pub composition: Composition,
    pub width: u32,
    pub height: u32,
    pub quality: Quality,
    pub seed: u64,
    /// Which camera and prop layout of a set of variations (see [`Layout::vary`]).
    pub variation: u8,
    /// "dark marble": surfaces lighter or darker than the palette's own.
    pub tone: Option<Tone>,
    /// A colour named for the scene: backdrop paper, wall, props.
    pub accent: Option<[u8; 3]>,
    /// Colours the prompt rules out for the backdrop.
    pub avoid: Vec<[u8; 3]>,
    /// A colour named for the props ("with white peonies").
    pub prop_color: Option<[u8; 3]>,
    pub no_props: bool,
    /// The place painted; one belonging to `environment`.
    pub setting: Setting,
    /// Seen from directly above (a flat lay).
    pub top_down: bool,
    /// What the prompt asked to have beside the product.
    pub props: Vec<props::PropKind>,
    /// Room kept empty for text.
    pub space: Option<Space>,
}

impl SceneSpec {
    pub fn new(choice: SceneChoice, width: u32, height: u32, quality: Quality, seed: u64) -> Self {
        SceneSpec {
            setting: Setting::of(choice.environment),
            top_down: false,
            environment: choice.environment,
            palette: choice.palette,
            lighting: choice.lighting,
            composition: choice.composition,
            width,
            height,
            quality,
            seed,
            variation: 0,
            tone: None,
            accent: None,
            avoid: Vec::new(),
            prop_color: None,
            no_props: false,
            props: Vec::new(),
            space: None,
        }
    }

    /// Adds what the prompt says about colours, tone and props.
    pub fn with_prompt(mut self, params: &PromptParams) -> Self {
        self.tone = params.tone;
        self.accent = params.scene_colors.first().map(|c| c.rgb);
        self.avoid = params.avoid_colors.iter().map(|c| c.rgb).collect();
        self.prop_color = params.prop_colors.first().map(|c| c.rgb);
        self.no_props = params.no_props;
        self.setting = params.setting_for(self.environment);
        self.top_down = params.top_down;
        self.props = params.props.clone();
        self.space = params.space;
        self
    }
}

impl SceneSpec {
    /// What the picture shows, in words, for its alt text and a card's description: read
    /// from what is painted, never from the prompt's wishes. E.g. "The product on a wooden
    /// windowsill before a bright window, with a candle, in warm golden-hour light, with
    /// empty space for text at the top."
    pub fn describe(&self, stand_in: Option<&StandIn>) -> String {
        let product = match stand_in {
            Some(s) => match s.color {
                Some(c) => format!(
                    "A stand-in {} {}",
                    prompt::nearest_color_name(c),
                    s.kind.as_str()
                ),
                None => format!("A stand-in {}", s.kind.as_str()),
            },
            None => "The product".to_string(),
        };
        let mut parts = vec![format!("{product} {}", self.setting.describe())];
        if self.top_down {
            parts[0].push_str(", seen from above");
        }
        if !self.no_props && !self.props.is_empty() {
            let names: Vec<&str> = self.props.iter().map(|k| k.name()).collect();
            let list = match names.as_slice() {
                [one] => one.to_string(),
                [init @ .., last] => format!("{} and {last}", init.join(", ")),
                [] => String::new(),
            };
            parts.push(format!("with {list}"));
        }
        if self.composition == Composition::ArtisticComposition && !self.top_down {
            parts.push("on a podium".into());
        }
        parts.push(
            match self.lighting {
                Lighting::NaturalDaylight => "in natural daylight",
                Lighting::GoldenHour => "in warm golden-hour light",
                Lighting::DramaticShadows => "with dramatic shadows",
                Lighting::SoftEven => "in soft, even light",
            }
            .into(),
        );
        if let Some(space) = self.space {
            parts.push(format!("with {}", space.describe()));
        }
        format!("{}.", parts.join(", "))
    }
}

/// What stands in the scene.
#[derive(Debug, Clone, Copy)]
pub enum Product<'a> {
    Photo(&'a Cutout),
    Mockup {
        kind: ProductKind,
        color: Option<[u8; 3]>,
    },
}

impl SceneSpec {
    /// The scene a request asks for, and what its prompt said.
    pub fn from_request(req: &ImageRequest) -> (SceneSpec, PromptParams) {
        let params = prompt::parse(req.prompt);
        let choice = params.resolve(req.environment, req.palette, req.lighting, req.composition);
        let spec = SceneSpec::new(
            choice,
            req.resolution.width(),
            req.resolution.height(),
            req.quality,
            req.seed,
        )
        .with_prompt(&params);
        let spec = SceneSpec {
            variation: req.variation,
            ..spec
        };
        (spec, params)
    }
}

/// The light and layout a scene will use for a product of `product_w`×`product_h` pixels.
/// Deterministic in the spec, so callers (parallax, tests) can know where the product lands.
pub struct Plan {
    pub light: Light,
    pub layout: Layout,
}

pub fn plan(spec: &SceneSpec, product_w: u32, product_h: u32) -> Plan {
    let mut rng = Rng::new(spec.seed);
    let mut light = Light::new(spec.lighting, &mut rng);
    let new = if spec.top_down {
        Layout::top_down
    } else {
        Layout::new
    };
    let layout = new(
        spec.composition,
        spec.width.max(1),
        spec.height.max(1),
        product_w,
        product_h,
        &mut rng,
    )
    .vary(spec.variation, spec.width.max(1), spec.height.max(1));
    // Odd variations are lit from the other side, so their shadows fall the other way too.
    if spec.variation % 2 == 1 {
        light.side = -light.side;
    }
    let layout = match spec.space {
        Some(space) => layout.leave_room(space, spec.width.max(1), spec.height.max(1)),
        None => layout,
    };
    Plan { light, layout }
}

/// Reads the request, cuts out the first reference photo (or picks a mockup) and renders the
/// layers. Stages: "cutout", "scene", "shadow".
pub fn render_layers(
    req: &ImageRequest,
    progress: &mut dyn Progress,
) -> Result<Layers, EngineError> {
    let (spec, params) = SceneSpec::from_request(req);
    match req.reference_photos.first() {
        Some(bytes) => {
            let photo = codec::decode(bytes, codec::MAX_DIMENSION)?;
            let cut = cutout::cut_out(&photo, &mut SubProgress::new(progress, 0.0, 0.3))?;
            render_scene(
                &spec,
                Product::Photo(&cut),
                &mut SubProgress::new(progress, 0.3, 1.0),
            )
        }
        None => {
            let stand_in = stand_in_for(req.prompt, &params);
            let product = Product::Mockup {
                kind: stand_in.kind,
                color: stand_in.color,
            };
            let mut layers = render_scene(&spec, product, progress)?;
            layers.description = spec.describe(Some(&stand_in));
            layers.stand_in = Some(stand_in);
            Ok(layers)
        }
    }
}

/// The drawn mockup staged when a request has no product photo. A template's prompt names no
/// product, so its stand-in is the shape that fits the template's category (a mug in bed, a
/// can in the garden), not always a bottle.
pub fn stand_in_for(prompt: &str, params: &PromptParams) -> StandIn {
    let template = templates::find_by_prompt(prompt);
    StandIn {
        kind: params
            .product
            .or(template.map(|t| t.product))
            .unwrap_or(ProductKind::Bottle),
        color: params
            .product_color
            .map(|c| c.rgb)
            .or(template.and_then(|t| t.product_color)),
    }
}

/// Renders `product` staged by `spec`, at `spec`'s exact size.
pub fn render_scene(
    spec: &SceneSpec,
    product: Product,
    progress: &mut dyn Progress,
) -> Result<Layers, EngineError> {
    let (w, h) = (spec.width.max(1), spec.height.max(1));
    progress.report("scene", 0.0)?;
    let drawn;
    let source = match product {
        Product::Photo(c) => &c.image,
        Product::Mockup { kind, color } => {
            // The light does not depend on the product's size; ask with any.
            let side = plan(spec, 1, 1).light.side;
            drawn = mockup::draw(kind, color, side, (h as f32 * 0.8) as u32);
            &drawn
        }
    };
    let Plan { light, layout } = plan(spec, source.width(), source.height());
    let placed = cutout::scale(source, layout.product.width, layout.product.height);
    progress.report("scene", 0.1)?;

    let materials = Materials::new(
        spec.setting,
        spec.palette,
        spec.tone,
        spec.accent.map(rgb8),
        &spec.avoid.iter().map(|&c| rgb8(c)).collect::<Vec<_>>(),
    );
    let background = backdrop(spec, &light, &materials, &layout, true);
    progress.report("shadow", 0.75)?;
    let shadow = shadow::render(
        w,
        h,
        &shadow::ShadowParams {
            layout: &layout,
            light: &light,
            product: &placed,
            reflectivity: if layout.top_down {
                0.0
            } else {
                materials.reflectivity
            },
            surface: materials.surface,
            horizon: (!materials.seamless && !layout.top_down).then_some(layout.horizon),
            factor: if spec.quality == Quality::Low { 4 } else { 2 },
        },
    );
    let mut product_layer = RgbaImage::new(w, h);
    image::imageops::replace(
        &mut product_layer,
        &placed,
        layout.product.x as i64,
        layout.product.y as i64,
    );
    progress.report("scene", 1.0)?;
    Ok(Layers {
        background,
        product: product_layer,
        shadow,
        stand_in: None,
        description: spec.describe(None),
    })
}

/// The backdrop alone, for "replace background" edits: no product, no props.
pub fn render_environment(
    env: Environment,
    palette: ColorPalette,
    lighting: Lighting,
    width: u32,
    height: u32,
    quality: Quality,
    seed: u64,
) -> RgbaImage {
    let choice = SceneChoice {
        environment: env,
        palette,
        lighting,
        composition: Composition::ProductHero,
    };
    let spec = SceneSpec::new(choice, width.max(1), height.max(1), quality, seed);
    // A nominal product only aims the light and places the horizon.
    let Plan { light, layout } = plan(&spec, 1, 2);
    let materials = Materials::new(Setting::of(env), palette, None, None, &[]);
    backdrop(&spec, &light, &materials, &layout, false)
}

/// Paints environment, props and grade at reduced size, enlarges, adds grain.
fn backdrop(
    spec: &SceneSpec,
    light: &Light,
    materials: &Materials,
    layout: &Layout,
    with_props: bool,
) -> RgbaImage {
    let (w, h) = (spec.width, spec.height);
    let (factor, octaves) = match spec.quality {
        Quality::Low => (3, 3),
        Quality::Medium => (2, 5),
        Quality::High => (1, 6),
    };
    let (bw, bh) = (w.div_ceil(factor), h.div_ceil(factor));
    let mut canvas = Canvas::new(bw, bh, [0.0; 3]);
    let noise = Noise::new(spec.seed);
    let r = layout.product;
    let focus = (
        r.center_x() / w as f32,
        (r.y as f32 + r.height as f32 * 0.45) / h as f32,
    );
    environment::paint(
        &mut canvas,
        &Paint {
            setting: spec.setting,
            top_down: layout.top_down,
            materials,
            light,
            noise: &noise,
            horizon: layout.horizon,
            focus,
            octaves,
            seed: spec.seed,
        },
    );
    if with_props && !spec.no_props {
        let mut pixmap = tiny_skia::Pixmap::new(bw, bh).expect("non-zero size");
        props::draw(
            &mut pixmap,
            &props::Props {
                setting: spec.setting,
                composition: spec.composition,
                palette: spec.palette,
                layout,
                light,
                wall: materials.wall,
                surface: materials.surface,
                accent: spec.prop_color.or(spec.accent).map(rgb8),
                named: &spec.props,
                scale: bw as f32 / w as f32,
                seed: spec.seed,
            },
        );
        draw::composite(&mut canvas, &pixmap);
    }
    if layout.backdrop_blur > 1.0 {
        // Shallow focus: the close-up's backdrop melts away.
        let radius = (bh as f32 * 0.004 * layout.backdrop_blur).round() as usize;
        for c in 0..3 {
            let mut plane: Vec<f32> = canvas.px.iter().map(|p| p[c]).collect();
            box_blur(&mut plane, bw as usize, bh as usize, radius, 3);
            for (p, v) in canvas.px.iter_mut().zip(plane) {
                p[c] = v;
            }
        }
    }
    if let Some(space) = spec.space {
        keep_plain(&mut canvas, space, layout.top_down);
    }
    let grade = Grade::new(spec.palette, light);
    for y in 0..bh {
        let v = (y as f32 + 0.5) / bh as f32;
        for x in 0..bw {
            let u = (x as f32 + 0.5) / bw as f32;
            let p = &mut canvas.px[(y * bw + x) as usize];
            *p = grade.apply(*p, u, v);
        }
    }
    let small = canvas.to_rgba(spec.seed as u32);
    let mut full = resize_rgba(&small, w, h, FilterType::CatmullRom, false);
    // Fine luminance grain at full size, so enlarged areas do not look plastic.
    let seed = (spec.seed >> 32) as u32 ^ 0x5EED;
    let amount = if spec.quality == Quality::Low {
        3.0
    } else {
        4.0
    };
    for (i, p) in full.pixels_mut().enumerate() {
        let g = (hash2(i as u32 % w, i as u32 / w, seed) - 0.5) * amount;
        for ch in 0..3 {
            p[ch] = (p[ch] as f32 + g).round().clamp(0.0, 255.0) as u8;
        }
    }
    full
}

/// The room kept for text is thrown far out of focus, as a photographer leaves copy space:
/// whatever the setting paints there becomes a soft, even field text can sit on.
fn keep_plain(canvas: &mut Canvas, space: Space, top_down: bool) {
    let (w, h) = (canvas.width as usize, canvas.height as usize);
    let radius = (h.max(w) as f32 * 0.045).round().max(1.0) as usize;
    let mut blurred = canvas.px.clone();
    for c in 0..3 {
        let mut plane: Vec<f32> = canvas.px.iter().map(|p| p[c]).collect();
        box_blur(&mut plane, w, h, radius, 3);
        for (p, v) in blurred.iter_mut().zip(plane) {
            p[c] = v;
        }
    }
    // How far into the frame the room reaches, and a soft edge so no seam shows.
    let reach = if top_down { 0.3 } else { 0.36 };
    for y in 0..h {
        let v = (y as f32 + 0.5) / h as f32;
        for x in 0..w {
            let u = (x as f32 + 0.5) / w as f32;
            let depth = match space {
                Space::Top => v,
                Space::Left => u,
                Space::Right => 1.0 - u,
            };
            let k = raster::smoothstep(reach + 0.06, reach - 0.04, depth);
            if k > 0.0 {
                let i = y * w + x;
                let (a, b) = (canvas.px[i], blurred[i]);
                canvas.px[i] = [
                    a[0] + (b[0] - a[0]) * k,
                    a[1] + (b[1] - a[1]) * k,
                    a[2] + (b[2] - a[2]) * k,
                ];
            }
        }
    }
}

/// Background, then shadow, then product, each with source-over. Where the product is
/// opaque the result is the product's pixel, bit for bit.
pub fn flatten(layers: &Layers) -> RgbaImage {
    let mut out = layers.background.clone();
    over(&mut out, &layers.shadow);
    over(&mut out, &layers.product);
    out
}

/// Source-over of straight-alpha `src` onto opaque `dst`; opaque source pixels are copied
/// bit for bit.
pub(crate) fn over(dst: &mut RgbaImage, src: &RgbaImage) {
    for (d, s) in dst.pixels_mut().zip(src.pixels()) {
        let a = s[3] as u32;
        match a {
            0 => {}
            255 => *d = Rgba([s[0], s[1], s[2], 255]),
            _ => {
                for c in 0..3 {
                    d[c] = ((s[c] as u32 * a + d[c] as u32 * (255 - a) + 127) / 255) as u8;
                }
                d[3] = 255;
            }
        }
    }
}
