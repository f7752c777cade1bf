//! Where the product stands in the picture a design is set on.

use image::{GrayImage, RgbaImage};

use crate::cutout;
use crate::exact_scene;
use crate::scene::layout::Rect;

/// The product's pixels in `picture` (255 product, 0 background, picture-sized): the seller's
/// `photo` (with its cutout as alpha) at its recorded `placement` when the picture shows it
/// there, else found in the picture; failing that (no photo, or the scene's product reads
/// differently, e.g. with its reflection), the picture's own cutout — a doubtful one still
/// keeps text off what looks like the product. `None` only when nothing separates at all:
/// the layout then keeps to quiet regions.
pub fn product_mask(
    picture: &RgbaImage,
    photo: Option<&RgbaImage>,
    placement: Option<Rect>,
) -> Option<GrayImage> {
    let (w, h) = picture.dimensions();
    let found = photo.and_then(|photo| {
        let cut = cutout::cut_out(photo, &mut crate::NoProgress).ok()?;
        placement
            .map(|at| exact_scene::place(&cut.image, at, w, h))
            .filter(|layer| exact_scene::shows(picture, layer))
            .or_else(|| exact_scene::locate(&cut, picture).map(|(layer, _)| layer))
    });
    let layer = match found {
        Some(layer) => layer,
        None => {
            let own = cutout::cut_out(picture, &mut crate::NoProgress).ok()?;
            let (x, y, width, height) = own.rect;
            let at = Rect {
                x: x as i32,
                y: y as i32,
                width,
                height,
            };
            exact_scene::place(&own.image, at, w, h)
        }
    };
    Some(layer_mask(&layer))
}

/// A product layer's alpha as a mask (255 product, 0 background): what a compositor that
/// placed the product knows exactly, kept beside the picture so no design segments it again.
pub fn layer_mask(layer: &RgbaImage) -> GrayImage {
    let (w, h) = layer.dimensions();
    let alpha = layer.pixels().map(|p| p[3]).collect();
    GrayImage::from_raw(w, h, alpha).expect("one byte per pixel")
}
