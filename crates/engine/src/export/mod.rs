//! Exports: one picture becomes every file a seller uploads (a marketplace's main image on
//! white, listing and social formats, a transparent cutout), each made for its place without
//! cropping through the product, and each checked against that place's rules on the file
//! itself.
//!
//! Targets of one ratio share one composition (rendered at the largest of their sizes and
//! scaled down for the others); compositions run on all cores.

pub mod checks;
pub mod compose;
pub mod outpaint;
pub mod reel;
pub mod targets;

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

use fast_image_resize::FilterType;
use image::RgbaImage;

pub use checks::{check_file, source_resolution, Check, MAX_ENLARGEMENT};
pub use outpaint::Outpainter;
pub use reel::{
    check_reel, reels, CardTimes, EndWords, ReelCards, ReelFile, ReelSource, TitleWords,
};
pub use targets::{Look, Target, TargetError, STORY_UNSAFE_BAND};

use crate::cutout::{self, Cutout};
use crate::generate::ImageRequest;
use crate::scene::layout::Rect;
use crate::scene::raster::resize_rgba;
use crate::scene::{self, Product, SceneSpec, StandIn};
use crate::{codec, mockup, EngineError, NoProgress, Progress};

/// Where the product sits in a produced picture, in its pixels.
pub type Placement = Rect;

/// The picture exported.
#[derive(Debug, Clone, Copy)]
pub enum Source<'a> {
    /// An image the engine made, by the request that made it (same brief, settings and
    /// seed): each ratio is rendered again.
    Engine(ImageRequest<'a>),
    /// Any other picture (a hosted model's, an edit): kept whole, its background extended.
    Picture(&'a [u8]),
    /// A picture whose product photo is known (its lineage leads back to it): kept whole
    /// like any picture, while the packshot and the cutout come from the photo, so no
    /// scene, shadow or redraw reaches them.
    PictureOf {
        picture: &'a [u8],
        product_photo: &'a [u8],
    },
}

/// One produced file and the rules it was checked against.
#[derive(Debug, Clone)]
pub struct ExportFile {
    pub target: Target,
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub checks: Vec<Check>,
    /// Where the product is in the file.
    pub placement: Option<Placement>,
}

/// The product as every target stages it.
enum Subject {
    /// The seller's photo, cut out.
    Photo(Cutout),
    /// No photo: the drawn stand-in the scene showed.
    StandIn(StandIn),
}

struct Prepared<'a> {
    source: &'a Source<'a>,
    subject: Option<Subject>,
    /// The decoded picture of a [`Source::Picture`].
    picture: Option<RgbaImage>,
    /// Where the product is in that picture.
    picture_product: Option<Placement>,
    /// Who paints a picture's margins, when a model does.
    outpainter: Option<&'a dyn Outpainter>,
}

impl Prepared<'_> {
    /// The product's longer side in the pixels it comes from (its photo's, or the kept
    /// picture's); none for a drawn stand-in, which has no pixels to enlarge.
    fn product_side(&self) -> Option<u32> {
        match &self.subject {
            Some(Subject::Photo(cut)) => Some(cut.image.width().max(cut.image.height())),
            _ => None,
        }
    }
}

/// One piece of work: a packshot, a cutout, or one composition shared by a ratio's targets.
enum Unit {
    Single(Target),
    Ratio(Vec<Target>),
}

/// Makes one file per picture target, in the order asked (reels are made by [`reels`]).
/// Stages: "cutout", "composing".
pub fn export(
    source: &Source,
    targets: &[Target],
    progress: &mut dyn Progress,
) -> Result<Vec<ExportFile>, EngineError> {
    export_with(source, targets, None, progress)
}

/// [`export`], with `outpainter` painting the margins of a picture extended to another
/// ratio (see [`outpaint`]).
pub fn export_with(
    source: &Source,
    targets: &[Target],
    outpainter: Option<&dyn Outpainter>,
    progress: &mut dyn Progress,
) -> Result<Vec<ExportFile>, EngineError> {
    if targets.iter().any(|t| t.is_reel()) {
        return Err(EngineError::InvalidInput(
            "a reel is made from a video, not a picture".into(),
        ));
    }
    progress.report("cutout", 0.0)?;
    let mut prepared = prepare(source, targets)?;
    prepared.outpainter = outpainter;
    let units = plan_units(targets);
    progress.report("composing", 0.1)?;

    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel();
    let threads = std::thread::available_parallelism()
        .map_or(1, usize::from)
        .min(units.len())
        .max(1);
    let mut made: Vec<ExportFile> = Vec::with_capacity(targets.len());
    let mut failure = None;
    std::thread::scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (units, prepared, next, stop) = (&units, &prepared, &next, &stop);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                if i >= units.len() || stop.load(Ordering::SeqCst) {
                    return;
                }
                if tx.send(make_unit(prepared, &units[i])).is_err() {
                    return;
                }
            });
        }
        drop(tx);
        let mut done = 0usize;
        for result in rx {
            done += 1;
            match result {
                Ok(files) => made.extend(files),
                Err(e) => {
                    stop.store(true, Ordering::SeqCst);
                    failure.get_or_insert(e);
                }
            }
            let fraction = 0.1 + 0.9 * done as f32 / units.len() as f32;
            if progress.report("composing", fraction).is_err() {
                stop.store(true, Ordering::SeqCst);
                failure.get_or_insert(EngineError::Cancelled);
            }
        }
    });
    if let Some(e) = failure {
        return Err(e);
    }
    made.sort_by_key(|f| targets.iter().position(|t| *t == f.target));
    Ok(made)
}

fn prepare<'a>(source: &'a Source<'a>, targets: &[Target]) -> Result<Prepared<'a>, EngineError> {
    let needs_product = targets.iter().any(|t| t.look() != Look::Scene);
    match source {
        Source::Engine(req) => {
            let subject = match req.reference_photos.first() {
                Some(bytes) => {
                    let photo = codec::decode(bytes, codec::MAX_DIMENSION)?;
                    Subject::Photo(cutout::cut_out(&photo, &mut NoProgress)?)
                }
                None => {
                    let params = crate::prompt::parse(req.prompt);
                    Subject::StandIn(scene::stand_in_for(req.prompt, &params))
                }
            };
            Ok(Prepared {
                source,
                subject: Some(subject),
                picture: None,
                picture_product: None,
                outpainter: None,
            })
        }
        Source::Picture(bytes) => {
            let picture = codec::decode(bytes, codec::MAX_DIMENSION)?;
            // The product is found in the picture itself: for the packshot and the cutout,
            // and to keep it clear of a story's bands.
            let needs_place = targets.contains(&Target::InstagramStory);
            let cut = if needs_product || needs_place {
                Some(cutout::cut_out(&picture, &mut NoProgress)?)
            } else {
                None
            };
            let picture_product = cut.as_ref().map(|c| placement_of(c.rect));
            Ok(Prepared {
                source,
                subject: cut.map(Subject::Photo),
                picture: Some(picture),
                picture_product,
                outpainter: None,
            })
        }
        Source::PictureOf {
            picture,
            product_photo,
        } => {
            let picture = codec::decode(picture, codec::MAX_DIMENSION)?;
            let photo = codec::decode(product_photo, codec::MAX_DIMENSION)?;
            let cut = cutout::cut_out(&photo, &mut NoProgress)?;
            // Where the product stands in the picture: the photo's product found there, else
            // whatever the picture's own cutout finds.
            let picture_product = if targets.contains(&Target::InstagramStory) {
                match crate::exact_scene::locate(&cut, &picture) {
                    Some((_, at)) => Some(at),
                    None => cutout::cut_out(&picture, &mut NoProgress)
                        .ok()
                        .map(|c| placement_of(c.rect)),
                }
            } else {
                None
            };
            Ok(Prepared {
                source,
                subject: Some(Subject::Photo(cut)),
                picture: Some(picture),
                picture_product,
                outpainter: None,
            })
        }
    }
}

fn placement_of((x, y, width, height): (u32, u32, u32, u32)) -> Placement {
    Placement {
        x: x as i32,
        y: y as i32,
        width,
        height,
    }
}

/// Scene targets grouped by ratio (largest size first), each other target alone.
fn plan_units(targets: &[Target]) -> Vec<Unit> {
    let mut ratios: BTreeMap<(u32, u32), Vec<Target>> = BTreeMap::new();
    let mut units = Vec::new();
    for t in targets {
        match (t.look(), t.size()) {
            (Look::Scene, Some((w, h))) => {
                let g = gcd(w, h);
                ratios.entry((w / g, h / g)).or_default().push(*t);
            }
            _ => units.push(Unit::Single(*t)),
        }
    }
    for mut group in ratios.into_values() {
        group.sort_by_key(|t| std::cmp::Reverse(t.size().map_or(0, |(w, _)| w)));
        group.dedup();
        units.push(Unit::Ratio(group));
    }
    // The biggest compositions first, so the last one to finish is a small one.
    units.sort_by_key(|u| {
        std::cmp::Reverse(match u {
            Unit::Ratio(g) => g[0].size().map_or(0, |(w, h)| w * h),
            Unit::Single(_) => 2000 * 2000,
        })
    });
    units
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

fn make_unit(p: &Prepared, unit: &Unit) -> Result<Vec<ExportFile>, EngineError> {
    match unit {
        Unit::Single(target) => {
            let product = product_picture(p)?;
            let (image, placement) = match target.look() {
                Look::Packshot => {
                    let (w, h) = target.size().unwrap_or((2000, 2000));
                    let (img, at) = compose::packshot(&product, w, h);
                    (img, at)
                }
                _ => compose::transparent(&product),
            };
            let side = p
                .product_side()
                .map(|_| product.width().max(product.height()));
            Ok(vec![finish(*target, &image, Some(placement), side)?])
        }
        Unit::Ratio(group) => {
            let Some((w, h)) = group[0].size() else {
                return Ok(Vec::new());
            };
            let keep_safe = group.contains(&Target::InstagramStory);
            let (image, placement, extension) = compose_scene(p, w, h, keep_safe)?;
            let side = p.product_side();
            let finish = |t: Target, image: &RgbaImage, placement| {
                let mut file = finish(t, image, placement, side)?;
                file.checks.extend(extension.clone());
                Ok(file)
            };
            group
                .iter()
                .map(|t| {
                    let (tw, th) = t.size().unwrap_or((w, h));
                    if (tw, th) == (w, h) {
                        return finish(*t, &image, placement);
                    }
                    let k = tw as f32 / w as f32;
                    let smaller = resize_rgba(&image, tw, th, FilterType::Lanczos3, false);
                    let at = placement.map(|r| Placement {
                        x: (r.x as f32 * k).round() as i32,
                        y: (r.y as f32 * k).round() as i32,
                        width: ((r.width as f32 * k).round() as u32).max(1),
                        height: ((r.height as f32 * k).round() as u32).max(1),
                    });
                    finish(*t, &smaller, at)
                })
                .collect()
        }
    }
}

/// The product alone with its matte, tight.
fn product_picture(p: &Prepared) -> Result<RgbaImage, EngineError> {
    let drawn = match &p.subject {
        Some(Subject::Photo(cut)) => cut.image.clone(),
        Some(Subject::StandIn(s)) => mockup::draw(s.kind, s.color, -1.0, 1800),
        None => {
            return Err(EngineError::InvalidInput(
                "no product could be found in the picture".into(),
            ))
        }
    };
    compose::clean_product(&drawn).ok_or_else(|| {
        EngineError::InvalidInput("no product could be separated from the picture".into())
    })
}

/// A scene at `w`×`h`, where its product is, and how a kept picture was extended.
fn compose_scene(
    p: &Prepared,
    w: u32,
    h: u32,
    keep_safe: bool,
) -> Result<(RgbaImage, Option<Placement>, Option<Check>), EngineError> {
    match p.source {
        Source::Engine(req) => {
            let layers = scene_at(p, req, w, h, keep_safe)?;
            let placement = alpha_box(&layers.product);
            Ok((scene::flatten(&layers), placement, None))
        }
        Source::Picture(_) | Source::PictureOf { .. } => {
            let picture = p
                .picture
                .as_ref()
                .ok_or_else(|| EngineError::InvalidInput("no picture".into()))?;
            Ok(outpaint::extend(
                picture,
                p.picture_product,
                w,
                h,
                keep_safe,
                p.outpainter,
            ))
        }
    }
}

/// The scene of `req` rendered again at `w`×`h` (same brief, settings and seed), in layers;
/// with `keep_safe` staged so the product stays out of a story's bands.
fn scene_at(
    p: &Prepared,
    req: &ImageRequest,
    w: u32,
    h: u32,
    keep_safe: bool,
) -> Result<scene::Layers, EngineError> {
    let (mut spec, _) = SceneSpec::from_request(req);
    spec.width = w;
    spec.height = h;
    let product = match &p.subject {
        Some(Subject::Photo(cut)) => Product::Photo(cut),
        Some(Subject::StandIn(s)) => Product::Mockup {
            kind: s.kind,
            color: s.color,
        },
        None => return Err(EngineError::InvalidInput("no product to stage".into())),
    };
    if keep_safe && !stays_safe(&spec, &product) {
        // A close-up stands too low and too tall for a story: stage it as a hero shot.
        spec.composition = domain::Composition::ProductHero;
        spec.space = None;
    }
    scene::render_scene(&spec, product, &mut NoProgress)
}

/// Whether the scene's layout keeps the product out of a story's bands.
fn stays_safe(spec: &SceneSpec, product: &Product) -> bool {
    let (pw, ph) = match product {
        Product::Photo(cut) => cut.image.dimensions(),
        Product::Mockup { kind, color } => {
            mockup::draw(*kind, *color, -1.0, (spec.height as f32 * 0.8) as u32).dimensions()
        }
    };
    let r = scene::plan(spec, pw, ph).layout.product;
    r.y >= STORY_UNSAFE_BAND as i32 && r.bottom() <= (spec.height - STORY_UNSAFE_BAND) as i32
}

fn alpha_box(layer: &RgbaImage) -> Option<Placement> {
    let (mut x0, mut y0, mut x1, mut y1) = (u32::MAX, u32::MAX, 0, 0);
    for (x, y, p) in layer.enumerate_pixels() {
        if p[3] > 0 {
            x0 = x0.min(x);
            y0 = y0.min(y);
            x1 = x1.max(x + 1);
            y1 = y1.max(y + 1);
        }
    }
    (x1 > x0).then_some(Placement {
        x: x0 as i32,
        y: y0 as i32,
        width: x1 - x0,
        height: y1 - y0,
    })
}

/// Encodes the picture for its target and checks the encoded file, and how far the product
/// (`product_side` pixels on its longer side where it comes from) was enlarged for it.
fn finish(
    target: Target,
    image: &RgbaImage,
    placement: Option<Placement>,
    product_side: Option<u32>,
) -> Result<ExportFile, EngineError> {
    let bytes = if target.is_png() {
        codec::encode_png(image)?
    } else {
        codec::encode_jpeg(image, codec::JPEG_QUALITY)?
    };
    let mut checks = check_file(target, &bytes, placement);
    if let (Some(at), Some(side)) = (placement, product_side) {
        checks.push(source_resolution(at, side));
    }
    Ok(ExportFile {
        target,
        width: image.width(),
        height: image.height(),
        bytes,
        checks,
        placement,
    })
}
