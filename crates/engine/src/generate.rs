//! The image entry point the job handlers call: a prompt, optional product photos and the
//! Generate panel's choices in; one encoded image out.

use domain::{ColorPalette, Composition, Environment, Lighting, Quality, Resolution};

use image::GrayImage;

pub use crate::codec::OutputFormat;
pub use crate::scene::StandIn;
use crate::{codec, scene, EngineError, Progress, SubProgress};

/// One image to generate. Explicit choices override what the prompt says.
#[derive(Debug, Clone, Copy)]
pub struct ImageRequest<'a> {
    /// Free English text; may be empty.
    pub prompt: &'a str,
    /// Encoded product photos (any format `image` reads). The first is staged; when empty the
    /// product is a mockup chosen from the prompt's words.
    pub reference_photos: &'a [&'a [u8]],
    pub environment: Option<Environment>,
    pub palette: Option<ColorPalette>,
    pub lighting: Option<Lighting>,
    pub composition: Option<Composition>,
    pub resolution: Resolution,
    pub quality: Quality,
    /// Same request and seed, same bytes.
    pub seed: u64,
    /// Which of a set of variations this is: each index (0–3, repeating) has its own camera
    /// and prop layout, so the pictures of one set differ in composition, not only in grain.
    pub variation: u8,
    pub format: OutputFormat,
}

impl<'a> ImageRequest<'a> {
    /// A request with the default settings (medium, 1024x1536, JPEG) and no overrides.
    pub fn new(prompt: &'a str) -> Self {
        Self {
            prompt,
            reference_photos: &[],
            environment: None,
            palette: None,
            lighting: None,
            composition: None,
            resolution: Resolution::default(),
            quality: Quality::default(),
            seed: 0,
            variation: 0,
            format: OutputFormat::default(),
        }
    }
}

/// An encoded image of exactly the requested resolution.
#[derive(Debug, Clone)]
pub struct RenderedImage {
    pub bytes: Vec<u8>,
    pub mime: &'static str,
    pub width: u32,
    pub height: u32,
    /// Set when there was no product photo and a drawn mockup stands in for the product;
    /// [`StandIn::message`] says so in words for the job result and the seller.
    pub stand_in: Option<StandIn>,
    /// What the picture shows, in words: for alt text, never the prompt's wishes.
    pub description: String,
    /// Where the product stands, exactly as it was composited (its alpha, picture-sized):
    /// kept beside the picture so an ad design keeps text off it without segmenting again.
    pub product_mask: GrayImage,
}

/// Renders and encodes one image. Stages: "cutout", "scene", "encode".
pub fn generate_image(
    req: &ImageRequest,
    progress: &mut dyn Progress,
) -> Result<RenderedImage, EngineError> {
    let layers = scene::render_layers(req, &mut SubProgress::new(progress, 0.0, 0.9))?;
    let image = scene::flatten(&layers);
    progress.report("encode", 0.9)?;
    let bytes = codec::encode(&image, req.format)?;
    progress.report("encode", 1.0)?;
    Ok(RenderedImage {
        bytes,
        mime: req.format.mime(),
        width: image.width(),
        height: image.height(),
        product_mask: crate::design::layer_mask(&layers.product),
        stand_in: layers.stand_in,
        description: layers.description,
    })
}
