//! Which pixels of a photo are the product, as a network sees it.
//!
//! U²-Netp (Qin et al., "U²-Net: Going Deeper with Nested U-Structure for Salient Object
//! Detection", 2020; weights Apache-2.0, see MODEL.md) is a 4.6 MB salient-object network:
//! it answers, for a 320×320 view of the photo, how likely each pixel belongs to the
//! object the photo is about. The engine's segmentation takes that map as a prior
//! (`engine::segment::Hints::prior`) and settles the outline against the photo's own
//! colours and edges, so this crate only runs the network.
//!
//! The network is embedded at compile time (`models/u2netp.onnx`, placed there by
//! `scripts/fetch-model`; build.rs checks its hash) and run with tract, pure Rust. The plan
//! is built once, on first use, and shared; a run takes about half a second on one core.

use std::io::Cursor;
use std::sync::OnceLock;

use fast_image_resize as fr;
use image::{GrayImage, RgbImage, RgbaImage};
use tract_onnx::prelude::*;

/// The network, as fetched by `scripts/fetch-model` (hash checked by build.rs).
static MODEL: &[u8] = include_bytes!(concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../../models/u2netp.onnx"
));

/// The network's input side: it sees every photo squeezed to a square of this size.
pub const SIDE: u32 = 320;

/// ImageNet statistics the network was trained with, per RGB channel.
const MEAN: [f32; 3] = [0.485, 0.456, 0.406];
const STD: [f32; 3] = [0.229, 0.224, 0.225];

/// Why no probability map could be made.
#[derive(Debug, thiserror::Error)]
pub enum SegnetError {
    /// The photo (or the region asked for) has no pixels.
    #[error("the photo is empty ({0}x{1})")]
    Empty(u32, u32),
    /// The embedded network could not be loaded or run: a build problem, not the photo's.
    #[error("the segmentation network failed: {0}")]
    Network(String),
}

type Plan = Arc<TypedRunnableModel>;

/// The optimised plan, built on first use (about 0.2 s) and shared after.
fn plan() -> Result<&'static Plan, SegnetError> {
    static PLAN: OnceLock<Result<Plan, String>> = OnceLock::new();
    PLAN.get_or_init(|| build().map_err(|e| format!("{e:#}")))
        .as_ref()
        .map_err(|e| SegnetError::Network(e.clone()))
}

fn build() -> TractResult<Plan> {
    let side = SIDE as usize;
    tract_onnx::onnx()
        .model_for_read(&mut Cursor::new(MODEL))?
        .with_input_fact(0, f32::fact([1, 3, side, side]).into())?
        .into_optimized()?
        .into_runnable()
}

/// Loads the network now rather than on the first photo (a server warms it at start).
pub fn warm_up() -> Result<(), SegnetError> {
    plan().map(|_| ())
}

/// The product's probability over the whole photo: a [`SIDE`]×[`SIDE`] map (the photo
/// squeezed to a square, as the network sees it; stretch it back to the photo's size), 255
/// where the network is sure of the product, 0 where sure of the background. Alpha is
/// ignored.
pub fn product_probability(photo: &RgbaImage) -> Result<GrayImage, SegnetError> {
    let (w, h) = photo.dimensions();
    if w == 0 || h == 0 {
        return Err(SegnetError::Empty(w, h));
    }
    run(photo)
}

/// The product's probability inside a region of the photo (`[x0, y0, x1, y1]` in photo
/// pixels, clamped to it): the network run on that crop alone, so a small product fills its
/// view. The map is [`SIDE`]×[`SIDE`] over the region.
pub fn product_probability_in(
    photo: &RgbaImage,
    [x0, y0, x1, y1]: [u32; 4],
) -> Result<GrayImage, SegnetError> {
    let (w, h) = photo.dimensions();
    let (x1, y1) = (x1.min(w), y1.min(h));
    if x1 <= x0 || y1 <= y0 {
        return Err(SegnetError::Empty(
            x1.saturating_sub(x0),
            y1.saturating_sub(y0),
        ));
    }
    let crop = image::imageops::crop_imm(photo, x0, y0, x1 - x0, y1 - y0).to_image();
    run(&crop)
}

fn run(photo: &RgbaImage) -> Result<GrayImage, SegnetError> {
    let plan = plan()?;
    let small = squeeze(photo)?;
    let side = SIDE as usize;
    let max = small.as_raw().iter().copied().max().unwrap_or(0).max(1) as f32;
    let mut input = vec![0f32; 3 * side * side];
    for (i, p) in small.pixels().enumerate() {
        for c in 0..3 {
            input[c * side * side + i] = (p[c] as f32 / max - MEAN[c]) / STD[c];
        }
    }
    let net = |e: TractError| SegnetError::Network(format!("{e:#}"));
    let tensor = Tensor::from_shape(&[1, 3, side, side], &input).map_err(net)?;
    let outputs = plan.run(tvec!(tensor.into())).map_err(net)?;
    let first = outputs
        .first()
        .ok_or_else(|| SegnetError::Network("the network gave no output".into()))?;
    let view = first.to_plain_array_view::<f32>().map_err(net)?;
    let values: Vec<f32> = view.iter().copied().collect();
    if values.len() != side * side {
        return Err(SegnetError::Network(format!(
            "the network's first output has {} values, not {}",
            values.len(),
            side * side
        )));
    }
    // The map's own range is the scale: the network's sigmoid rarely reaches 0 or 1.
    let (lo, hi) = values
        .iter()
        .fold((f32::MAX, f32::MIN), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let span = (hi - lo).max(1e-6);
    let bytes = values
        .iter()
        .map(|&v| ((v - lo) / span * 255.0).round().clamp(0.0, 255.0) as u8)
        .collect();
    Ok(GrayImage::from_raw(SIDE, SIDE, bytes).expect("size matches"))
}

/// The photo's colours at [`SIDE`]×[`SIDE`], Lanczos3 as the network was evaluated with.
/// Each channel is filtered on its own (alpha neither weighs nor is kept), straight from the
/// RGBA buffer: a 12 MP photo is not copied first.
fn squeeze(photo: &RgbaImage) -> Result<RgbImage, SegnetError> {
    let resize = |e: String| SegnetError::Network(format!("resize: {e}"));
    let src = fr::images::ImageRef::new(
        photo.width(),
        photo.height(),
        photo.as_raw(),
        fr::PixelType::U8x4,
    )
    .map_err(|e| resize(e.to_string()))?;
    let mut dst = fr::images::Image::new(SIDE, SIDE, fr::PixelType::U8x4);
    fr::Resizer::new()
        .resize(
            &src,
            &mut dst,
            &fr::ResizeOptions::new()
                .resize_alg(fr::ResizeAlg::Convolution(fr::FilterType::Lanczos3))
                .use_alpha(false),
        )
        .map_err(|e| resize(e.to_string()))?;
    let rgb = dst
        .buffer()
        .chunks_exact(4)
        .flat_map(|p| [p[0], p[1], p[2]])
        .collect();
    Ok(RgbImage::from_raw(SIDE, SIDE, rgb).expect("size matches"))
}

/// The prior the engine's segmentation takes for this photo: [`product_probability`] of the
/// whole photo, or with the seller's box (`[x0, y0, x1, y1]`, photo pixels) the network run
/// on the box and a margin of a twentieth of its size, so a small product fills the
/// network's view; outside that crop the map is 0. The map covers the whole photo (stretch
/// it to the photo's size), at about the crop's resolution.
pub fn prior(photo: &RgbaImage, rect: Option<[f32; 4]>) -> Result<GrayImage, SegnetError> {
    let Some([x0, y0, x1, y1]) = rect else {
        return product_probability(photo);
    };
    let (w, h) = photo.dimensions();
    let (mx, my) = ((x1 - x0) * 0.05, (y1 - y0) * 0.05);
    let cx0 = (x0 - mx).floor().clamp(0.0, w as f32) as u32;
    let cy0 = (y0 - my).floor().clamp(0.0, h as f32) as u32;
    let cx1 = (x1 + mx).ceil().clamp(0.0, w as f32) as u32;
    let cy1 = (y1 + my).ceil().clamp(0.0, h as f32) as u32;
    let crop = product_probability_in(photo, [cx0, cy0, cx1, cy1])?;
    let (cw, ch) = (cx1 - cx0, cy1 - cy0);
    // The crop at about the network's resolution; the photo at the same scale.
    // A small box in a large photo keeps the map within 2048 pixels a side.
    let s = (SIDE as f32 / cw.max(ch) as f32)
        .min(2048.0 / w.max(h) as f32)
        .min(1.0);
    let px = |v: u32| (v as f32 * s).round() as u32;
    let (ow, oh) = (px(w).max(1), px(h).max(1));
    let (ox0, oy0) = (px(cx0).min(ow - 1), px(cy0).min(oh - 1));
    let (ox1, oy1) = (px(cx1).clamp(ox0 + 1, ow), px(cy1).clamp(oy0 + 1, oh));
    let inner = image::imageops::resize(
        &crop,
        ox1 - ox0,
        oy1 - oy0,
        image::imageops::FilterType::Triangle,
    );
    let mut out = GrayImage::new(ow, oh);
    image::imageops::replace(&mut out, &inner, ox0 as i64, oy0 as i64);
    Ok(out)
}
