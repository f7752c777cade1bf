//! Encoders and a bounded decoder shared by the whole engine.
//!
//! Encoders are tuned for speed: generated media is stored once and served many times, but a
//! user waits for every render, and default PNG compression is ~24× slower than `Fast` for a
//! few percent of size.

use std::io::Cursor;

use image::{DynamicImage, GrayImage, ImageDecoder, ImageReader, Limits, RgbaImage};

use crate::EngineError;

/// The largest side a reference image may have: 4096 pixels.
pub const MAX_DIMENSION: u32 = 4096;

/// Default JPEG quality: visually clean for photographic scenes at about a tenth of PNG's size.
pub const JPEG_QUALITY: u8 = 90;

/// How an image is encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum OutputFormat {
    #[default]
    Png,
    Jpeg,
}

impl OutputFormat {
    pub fn mime(self) -> &'static str {
        match self {
            OutputFormat::Png => "image/png",
            OutputFormat::Jpeg => "image/jpeg",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            OutputFormat::Png => "png",
            OutputFormat::Jpeg => "jpg",
        }
    }
}

/// Encodes in `format`; JPEG drops alpha (callers flatten first when it matters).
pub fn encode(image: &RgbaImage, format: OutputFormat) -> Result<Vec<u8>, EngineError> {
    match format {
        OutputFormat::Png => encode_png(image),
        OutputFormat::Jpeg => encode_jpeg(image, JPEG_QUALITY),
    }
}

/// RGBA PNG with fast deflate.
pub fn encode_png(image: &RgbaImage) -> Result<Vec<u8>, EngineError> {
    let out = Vec::with_capacity(image.as_raw().len() / 2);
    fast_png(
        out,
        image.width(),
        image.height(),
        png::ColorType::Rgba,
        image.as_raw(),
    )
}

/// One-channel PNG of a mask (a product's alpha), fast deflate: mostly runs of 0 and 255, so
/// a few kilobytes.
pub fn encode_mask_png(mask: &GrayImage) -> Result<Vec<u8>, EngineError> {
    fast_png(
        Vec::new(),
        mask.width(),
        mask.height(),
        png::ColorType::Grayscale,
        mask.as_raw(),
    )
}

/// 8-bit PNG of `pixels` at fast deflate: the PNGs the engine writes are read back by it or
/// sent at once, where encode time matters more than a few percent of size.
fn fast_png(
    mut out: Vec<u8>,
    width: u32,
    height: u32,
    color: png::ColorType,
    pixels: &[u8],
) -> Result<Vec<u8>, EngineError> {
    let failed = |e: png::EncodingError| EngineError::Encode(format!("png: {e}"));
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(color);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header().map_err(failed)?;
    writer.write_image_data(pixels).map_err(failed)?;
    writer.finish().map_err(failed)?;
    Ok(out)
}

/// A mask [`encode_mask_png`] wrote, when it is `width`×`height`; anything else (another
/// size, not a PNG) is an error: the caller finds the mask another way.
pub fn decode_mask_png(bytes: &[u8], width: u32, height: u32) -> Result<GrayImage, EngineError> {
    let invalid = |e: image::ImageError| EngineError::InvalidInput(format!("mask: {e}"));
    let mut decoder = image::codecs::png::PngDecoder::new(Cursor::new(bytes)).map_err(invalid)?;
    if decoder.dimensions() != (width, height) {
        let (w, h) = decoder.dimensions();
        return Err(EngineError::InvalidInput(format!(
            "mask is {w}x{h}, the picture {width}x{height}"
        )));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    decoder.set_limits(limits).map_err(invalid)?;
    Ok(DynamicImage::from_decoder(decoder)
        .map_err(invalid)?
        .into_luma8())
}

/// Baseline JPEG of the RGB channels; `quality` is 1..=100.
pub fn encode_jpeg(image: &RgbaImage, quality: u8) -> Result<Vec<u8>, EngineError> {
    let (w, h) = (image.width(), image.height());
    let (w16, h16) = match (u16::try_from(w), u16::try_from(h)) {
        (Ok(w), Ok(h)) => (w, h),
        _ => return Err(EngineError::Encode(format!("jpeg: {w}x{h} is too large"))),
    };
    let mut out = Vec::with_capacity(image.as_raw().len() / 8);
    jpeg_encoder::Encoder::new(&mut out, quality.clamp(1, 100))
        .encode(image.as_raw(), w16, h16, jpeg_encoder::ColorType::Rgba)
        .map_err(|e| EngineError::Encode(format!("jpeg: {e}")))?;
    Ok(out)
}

/// Decodes any format the `image` crate reads, refusing images larger than `max_dimension`
/// on a side before allocating them, and applying the EXIF orientation phones write. The
/// decoding-cost policy uploads pass is checked first, so a photo intake accepted decodes
/// here and a file it would refuse costs no more here either.
pub fn decode(bytes: &[u8], max_dimension: u32) -> Result<RgbaImage, EngineError> {
    check_decoding_cost(bytes)?;
    let invalid = |e: image::ImageError| EngineError::InvalidInput(format!("image: {e}"));
    let reader = ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .map_err(|e| EngineError::InvalidInput(format!("image: {e}")))?;
    let mut decoder = reader.into_decoder().map_err(invalid)?;
    let (w, h) = decoder.dimensions();
    if w == 0 || h == 0 || w > max_dimension || h > max_dimension {
        return Err(EngineError::InvalidInput(format!(
            "image is {w}x{h}; the largest accepted is {max_dimension}x{max_dimension}"
        )));
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(max_dimension);
    limits.max_image_height = Some(max_dimension);
    decoder.set_limits(limits).map_err(invalid)?;
    let orientation = decoder.orientation().map_err(invalid)?;
    let mut image = DynamicImage::from_decoder(decoder).map_err(invalid)?;
    image.apply_orientation(orientation);
    Ok(image.into_rgba8())
}

/// [`crate::intake::check_decoding_cost`] as an engine error.
pub fn check_decoding_cost(bytes: &[u8]) -> Result<(), EngineError> {
    crate::intake::check_decoding_cost(bytes)
        .map(|_| ())
        .map_err(|e| EngineError::InvalidInput(format!("image: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> RgbaImage {
        RgbaImage::from_fn(37, 21, |x, y| {
            image::Rgba([
                (x * 6) as u8,
                (y * 12) as u8,
                90,
                if x < 5 { 128 } else { 255 },
            ])
        })
    }

    #[test]
    fn mask_png_round_trips_exactly_and_refuses_another_size() {
        let mask = GrayImage::from_fn(37, 21, |x, y| image::Luma([((x * 7 + y) % 256) as u8]));
        let bytes = encode_mask_png(&mask).unwrap();
        assert_eq!(decode_mask_png(&bytes, 37, 21).unwrap(), mask);
        assert!(decode_mask_png(&bytes, 21, 37).is_err());
        assert!(decode_mask_png(b"not a png", 37, 21).is_err());
    }

    #[test]
    fn png_round_trips_exactly() {
        let img = sample();
        let bytes = encode(&img, OutputFormat::Png).unwrap();
        assert_eq!(decode(&bytes, MAX_DIMENSION).unwrap(), img);
    }

    #[test]
    fn jpeg_decodes_to_the_same_size_and_close_colours() {
        let img = sample();
        let bytes = encode(&img, OutputFormat::Jpeg).unwrap();
        let back = decode(&bytes, MAX_DIMENSION).unwrap();
        assert_eq!(back.dimensions(), img.dimensions());
        let p = back.get_pixel(20, 10);
        let q = img.get_pixel(20, 10);
        for c in 0..3 {
            assert!((p[c] as i32 - q[c] as i32).abs() < 16, "{p:?} vs {q:?}");
        }
    }

    #[test]
    fn decode_refuses_oversized_and_garbage_input() {
        let bytes = encode_png(&RgbaImage::new(300, 10)).unwrap();
        assert!(matches!(
            decode(&bytes, 256),
            Err(EngineError::InvalidInput(_))
        ));
        assert!(matches!(
            decode(b"not an image", MAX_DIMENSION),
            Err(EngineError::InvalidInput(_))
        ));
    }
}
