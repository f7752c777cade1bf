//! Intake of uploaded product photos ("reference images"): recognise the format by content,
//! refuse what is too large or malformed before spending memory on it, store an upright copy
//! without metadata, and make a thumbnail.
//!
//! Choices:
//! - Formats are recognised by magic bytes only; names and declared types are ignored.
//! - Sizes are read from the header and checked before any pixel is decoded, so a file that
//!   claims 60000×60000 costs nothing.
//! - Bytes after the image's own end (a ZIP appended to a JPEG, data after a PNG's IEND) make
//!   a polyglot and are refused, except further JPEG images after a JPEG (phones append
//!   multi-picture and gain-map images) and a few bytes of padding.
//! - A JPEG is always fully decoded (that is the validation). When it needs no rotation its
//!   scan data is kept as is and only metadata segments are dropped, which is lossless and
//!   saves an encode; otherwise it is rotated and re-encoded. PNG, WebP and GIF (first frame)
//!   are stored as PNG.
//! - The thumbnail fits 256×256 (never upscaled): JPEG, or PNG when the image has
//!   transparency.

use std::io::Cursor;

use fast_image_resize::images::{Image, ImageRef};
use fast_image_resize::{FilterType, PixelType, ResizeAlg, ResizeOptions, Resizer};
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage, RgbaImage};

use crate::codec;

/// The largest upload accepted, inclusive.
pub const MAX_UPLOAD_BYTES: usize = 15 * 1024 * 1024;
/// The largest width and height accepted, inclusive.
pub const MAX_DIMENSION: u32 = 4096;
/// The longest side of a thumbnail.
pub const THUMBNAIL_SIZE: u32 = 256;

const STORED_JPEG_QUALITY: u8 = 92;
const THUMBNAIL_JPEG_QUALITY: u8 = 82;
/// Trailing bytes tolerated after an image's end (some writers pad).
const TRAILING_SLACK: usize = 16;
/// Decoding never allocates more than this, whatever the file says.
const MAX_DECODE_ALLOC: u64 = 512 * 1024 * 1024;

/// Why an upload is refused; the messages are the product's, shown to users as they are.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IntakeError {
    #[error("Please upload a valid image file (JPEG, PNG, WebP, or GIF).")]
    UnsupportedType,
    #[error("Image size must be less than 15MB.")]
    TooLarge,
    #[error("Image dimensions too large. Max 4096x4096 pixels.")]
    DimensionsTooLarge,
    #[error("Invalid or corrupted image file")]
    Corrupted,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ImageKind {
    Jpeg,
    Png,
    Webp,
    Gif,
}

impl ImageKind {
    fn format(self) -> ImageFormat {
        match self {
            ImageKind::Jpeg => ImageFormat::Jpeg,
            ImageKind::Png => ImageFormat::Png,
            ImageKind::Webp => ImageFormat::WebP,
            ImageKind::Gif => ImageFormat::Gif,
        }
    }
}

/// Recognises the format from the first bytes (16 are enough), so callers can refuse a
/// non-image while it is still streaming in.
pub fn sniff(prefix: &[u8]) -> Option<ImageKind> {
    if prefix.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some(ImageKind::Jpeg)
    } else if prefix.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some(ImageKind::Png)
    } else if prefix.starts_with(b"GIF87a") || prefix.starts_with(b"GIF89a") {
        Some(ImageKind::Gif)
    } else if prefix.len() >= 12 && &prefix[..4] == b"RIFF" && &prefix[8..12] == b"WEBP" {
        Some(ImageKind::Webp)
    } else {
        None
    }
}

/// An accepted upload, ready to store.
#[derive(Debug, Clone)]
pub struct PreparedImage {
    pub bytes: Vec<u8>,
    pub mime: &'static str,
    pub extension: &'static str,
    /// After orientation.
    pub width: u32,
    pub height: u32,
    pub thumbnail: Vec<u8>,
    pub thumbnail_mime: &'static str,
    pub thumbnail_width: u32,
    pub thumbnail_height: u32,
    pub source_kind: ImageKind,
}

/// Validates an upload and prepares the stored copy and its thumbnail.
pub fn prepare_reference_image(bytes: &[u8]) -> Result<PreparedImage, IntakeError> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(IntakeError::TooLarge);
    }
    let kind = sniff(bytes).ok_or(IntakeError::UnsupportedType)?;
    let structure = match kind {
        ImageKind::Jpeg => jpeg_structure(bytes)?,
        ImageKind::Png => png_structure(bytes)?,
        ImageKind::Gif => gif_structure(bytes)?,
        ImageKind::Webp => webp_structure(bytes)?,
    };
    let (width, height) = structure.dimensions;
    if width == 0 || height == 0 {
        return Err(IntakeError::Corrupted);
    }
    if width > MAX_DIMENSION || height > MAX_DIMENSION {
        return Err(IntakeError::DimensionsTooLarge);
    }
    let trailing = &bytes[structure.end..];
    let tolerated = trailing.len() <= TRAILING_SLACK
        || (kind == ImageKind::Jpeg && trailing.starts_with(&[0xFF, 0xD8, 0xFF]));
    if !tolerated {
        return Err(IntakeError::Corrupted);
    }

    let (mut image, orientation) = decode(bytes, kind)?;
    let upright_unchanged = orientation == image::metadata::Orientation::NoTransforms;
    image.apply_orientation(orientation);
    let (width, height) = (image.width(), image.height());

    let (stored, mime, extension) = match kind {
        ImageKind::Jpeg if upright_unchanged => (
            strip_jpeg_metadata(&bytes[..structure.end])?,
            "image/jpeg",
            "jpg",
        ),
        ImageKind::Jpeg => (
            encode_rgb_jpeg(&image.to_rgb8(), STORED_JPEG_QUALITY)?,
            "image/jpeg",
            "jpg",
        ),
        _ => (
            encode(codec::encode_png(&image.to_rgba8()))?,
            "image/png",
            "png",
        ),
    };
    let thumb = make_thumbnail(&image)?;
    Ok(PreparedImage {
        bytes: stored,
        mime,
        extension,
        width,
        height,
        thumbnail: thumb.bytes,
        thumbnail_mime: thumb.mime,
        thumbnail_width: thumb.width,
        thumbnail_height: thumb.height,
        source_kind: kind,
    })
}

/// A thumbnail of an image we made ourselves (generated media): same rules as uploads'.
pub fn thumbnail_of(bytes: &[u8]) -> Result<(Vec<u8>, &'static str, u32, u32), IntakeError> {
    let kind = sniff(bytes).ok_or(IntakeError::UnsupportedType)?;
    let (mut image, orientation) = decode(bytes, kind)?;
    image.apply_orientation(orientation);
    let thumb = make_thumbnail(&image)?;
    Ok((thumb.bytes, thumb.mime, thumb.width, thumb.height))
}

fn encode(result: Result<Vec<u8>, crate::EngineError>) -> Result<Vec<u8>, IntakeError> {
    // Our encoders only fail on sizes we have already refused.
    result.map_err(|_| IntakeError::Corrupted)
}

fn decode(
    bytes: &[u8],
    kind: ImageKind,
) -> Result<(DynamicImage, image::metadata::Orientation), IntakeError> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DIMENSION);
    limits.max_image_height = Some(MAX_DIMENSION);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(decode_error)?;
    let (w, h) = decoder.dimensions();
    if w > MAX_DIMENSION || h > MAX_DIMENSION {
        return Err(IntakeError::DimensionsTooLarge);
    }
    let orientation = decoder
        .orientation()
        .unwrap_or(image::metadata::Orientation::NoTransforms);
    // For a GIF this reads the first frame only.
    let image = DynamicImage::from_decoder(decoder).map_err(decode_error)?;
    Ok((image, orientation))
}

fn decode_error(e: image::ImageError) -> IntakeError {
    match e {
        image::ImageError::Limits(_) => IntakeError::DimensionsTooLarge,
        _ => IntakeError::Corrupted,
    }
}

struct Thumbnail {
    bytes: Vec<u8>,
    mime: &'static str,
    width: u32,
    height: u32,
}

/// Baseline JPEG straight from RGB pixels (no RGBA copy of a large photo).
fn encode_rgb_jpeg(image: &RgbImage, quality: u8) -> Result<Vec<u8>, IntakeError> {
    let (w, h) = (u16::try_from(image.width()), u16::try_from(image.height()));
    let (Ok(w), Ok(h)) = (w, h) else {
        return Err(IntakeError::DimensionsTooLarge);
    };
    let mut out = Vec::with_capacity(image.as_raw().len() / 8);
    jpeg_encoder::Encoder::new(&mut out, quality)
        .encode(image.as_raw(), w, h, jpeg_encoder::ColorType::Rgb)
        .map_err(|_| IntakeError::Corrupted)?;
    Ok(out)
}

/// Resizes straight from the decoded pixels: RGB stays RGB (photos), anything with an alpha
/// channel is resized alpha-weighted and kept as PNG when it is really transparent.
fn make_thumbnail(image: &DynamicImage) -> Result<Thumbnail, IntakeError> {
    let (w, h) = (image.width(), image.height());
    let scale = (f64::from(THUMBNAIL_SIZE) / f64::from(w.max(h))).min(1.0);
    let tw = ((f64::from(w) * scale).round() as u32).max(1);
    let th = ((f64::from(h) * scale).round() as u32).max(1);
    let resize = |raw: &[u8], pixel: PixelType, use_alpha: bool| -> Result<Vec<u8>, IntakeError> {
        let src = ImageRef::new(w, h, raw, pixel).map_err(|_| IntakeError::Corrupted)?;
        let mut dst = Image::new(tw, th, pixel);
        let options = ResizeOptions::new()
            .resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3))
            .use_alpha(use_alpha);
        Resizer::new()
            .resize(&src, &mut dst, &options)
            .map_err(|_| IntakeError::Corrupted)?;
        Ok(dst.into_vec())
    };
    if let DynamicImage::ImageRgb8(rgb) = image {
        let small = RgbImage::from_raw(tw, th, resize(rgb.as_raw(), PixelType::U8x3, false)?)
            .ok_or(IntakeError::Corrupted)?;
        let bytes = encode_rgb_jpeg(&small, THUMBNAIL_JPEG_QUALITY)?;
        return Ok(Thumbnail {
            bytes,
            mime: "image/jpeg",
            width: tw,
            height: th,
        });
    }
    let rgba = image.to_rgba8();
    let has_alpha = rgba.pixels().any(|p| p[3] < 255);
    let small = RgbaImage::from_raw(tw, th, resize(rgba.as_raw(), PixelType::U8x4, has_alpha)?)
        .ok_or(IntakeError::Corrupted)?;
    let (bytes, mime) = if has_alpha {
        (encode(codec::encode_png(&small))?, "image/png")
    } else {
        (
            encode(codec::encode_jpeg(&small, THUMBNAIL_JPEG_QUALITY))?,
            "image/jpeg",
        )
    };
    Ok(Thumbnail {
        bytes,
        mime,
        width: tw,
        height: th,
    })
}

/// What the container says before any pixel is decoded.
struct Structure {
    dimensions: (u32, u32),
    /// Offset just past the image's last byte (its end marker).
    end: usize,
}

fn be16(bytes: &[u8], at: usize) -> Result<usize, IntakeError> {
    bytes
        .get(at..at + 2)
        .map(|b| usize::from(u16::from_be_bytes([b[0], b[1]])))
        .ok_or(IntakeError::Corrupted)
}

fn be32(bytes: &[u8], at: usize) -> Result<u32, IntakeError> {
    bytes
        .get(at..at + 4)
        .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        .ok_or(IntakeError::Corrupted)
}

fn le16(bytes: &[u8], at: usize) -> Result<u32, IntakeError> {
    bytes
        .get(at..at + 2)
        .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
        .ok_or(IntakeError::Corrupted)
}

/// A JPEG segment: marker byte, and the byte range of the whole segment.
struct Segment {
    marker: u8,
    start: usize,
    end: usize,
}

/// Walks the JPEG's segments to the EOI marker; entropy-coded data is skipped byte-wise
/// (0xFF is followed by a stuffed 0x00 or a restart marker there).
fn jpeg_segments(bytes: &[u8]) -> Result<(Vec<Segment>, usize), IntakeError> {
    let mut segments = Vec::new();
    let mut at = 2;
    loop {
        // Fill bytes (0xFF) may precede a marker.
        while bytes.get(at) == Some(&0xFF) && bytes.get(at + 1) == Some(&0xFF) {
            at += 1;
        }
        if bytes.get(at) != Some(&0xFF) {
            return Err(IntakeError::Corrupted);
        }
        let marker = *bytes.get(at + 1).ok_or(IntakeError::Corrupted)?;
        match marker {
            0xD9 => return Ok((segments, at + 2)),
            0xD0..=0xD7 | 0x01 => {
                at += 2;
                continue;
            }
            _ => {}
        }
        let length = be16(bytes, at + 2)?;
        if length < 2 {
            return Err(IntakeError::Corrupted);
        }
        let end = at + 2 + length;
        if end > bytes.len() {
            return Err(IntakeError::Corrupted);
        }
        segments.push(Segment {
            marker,
            start: at,
            end,
        });
        at = end;
        if marker == 0xDA {
            // Entropy-coded data runs to the next marker that is not a stuffed byte or a restart.
            loop {
                let next = bytes[at..]
                    .iter()
                    .position(|&b| b == 0xFF)
                    .ok_or(IntakeError::Corrupted)?;
                at += next;
                match bytes.get(at + 1) {
                    Some(0x00) | Some(0xD0..=0xD7) | Some(0xFF) => at += 1,
                    Some(_) => break,
                    None => return Err(IntakeError::Corrupted),
                }
            }
        }
    }
}

fn jpeg_structure(bytes: &[u8]) -> Result<Structure, IntakeError> {
    let (segments, end) = jpeg_segments(bytes)?;
    let frame = segments
        .iter()
        .find(|s| matches!(s.marker, 0xC0..=0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF))
        .ok_or(IntakeError::Corrupted)?;
    let height = be16(bytes, frame.start + 5)? as u32;
    let width = be16(bytes, frame.start + 7)? as u32;
    Ok(Structure {
        dimensions: (width, height),
        end,
    })
}

/// The JPEG without EXIF, XMP, comments and other application segments; keeps what decoding
/// and colour need (JFIF, ICC profile, Adobe colour transform) and the scan data untouched.
fn strip_jpeg_metadata(bytes: &[u8]) -> Result<Vec<u8>, IntakeError> {
    let (segments, end) = jpeg_segments(bytes)?;
    let mut out = Vec::with_capacity(end);
    out.extend_from_slice(&bytes[..2]);
    let mut copied_to = 2;
    for segment in &segments {
        // Anything between segments (fill bytes, entropy data after SOS) is kept as is.
        out.extend_from_slice(&bytes[copied_to..segment.start]);
        let payload = &bytes[(segment.start + 4).min(segment.end)..segment.end];
        let keep = match segment.marker {
            0xE0 => payload.starts_with(b"JFIF\0") || payload.starts_with(b"JFXX\0"),
            0xE2 => payload.starts_with(b"ICC_PROFILE\0"),
            0xEE => payload.starts_with(b"Adobe"),
            0xE1 | 0xE3..=0xED | 0xEF | 0xFE => false,
            _ => true,
        };
        if keep {
            out.extend_from_slice(&bytes[segment.start..segment.end]);
        }
        copied_to = segment.end;
    }
    out.extend_from_slice(&bytes[copied_to..end]);
    Ok(out)
}

fn png_structure(bytes: &[u8]) -> Result<Structure, IntakeError> {
    let mut at = 8;
    let mut dimensions = None;
    loop {
        let length = be32(bytes, at)? as usize;
        let kind = bytes.get(at + 4..at + 8).ok_or(IntakeError::Corrupted)?;
        let end = at.checked_add(12 + length).ok_or(IntakeError::Corrupted)?;
        if end > bytes.len() {
            return Err(IntakeError::Corrupted);
        }
        if dimensions.is_none() {
            if kind != b"IHDR" || length < 8 {
                return Err(IntakeError::Corrupted);
            }
            dimensions = Some((be32(bytes, at + 8)?, be32(bytes, at + 12)?));
        }
        if kind == b"IEND" {
            return Ok(Structure {
                dimensions: dimensions.ok_or(IntakeError::Corrupted)?,
                end,
            });
        }
        at = end;
    }
}

/// Walks the GIF's blocks to its trailer, checking every frame's size on the way (a bomb can
/// hide a huge frame inside a small screen). Linear in the file's size, whatever the frame count.
fn gif_structure(bytes: &[u8]) -> Result<Structure, IntakeError> {
    let width = le16(bytes, 6)?;
    let height = le16(bytes, 8)?;
    let flags = *bytes.get(10).ok_or(IntakeError::Corrupted)?;
    let mut at = 13;
    if flags & 0x80 != 0 {
        at += 3 << ((flags & 0x07) + 1);
    }
    let skip_sub_blocks = |mut at: usize| -> Result<usize, IntakeError> {
        loop {
            let size = usize::from(*bytes.get(at).ok_or(IntakeError::Corrupted)?);
            at += 1 + size;
            if size == 0 {
                return Ok(at);
            }
        }
    };
    let mut frames = 0usize;
    loop {
        match *bytes.get(at).ok_or(IntakeError::Corrupted)? {
            0x3B => {
                if frames == 0 {
                    return Err(IntakeError::Corrupted);
                }
                return Ok(Structure {
                    dimensions: (width, height),
                    end: at + 1,
                });
            }
            0x21 => at = skip_sub_blocks(at + 2)?,
            0x2C => {
                let frame_width = le16(bytes, at + 5)?;
                let frame_height = le16(bytes, at + 7)?;
                if frame_width > MAX_DIMENSION || frame_height > MAX_DIMENSION {
                    return Err(IntakeError::DimensionsTooLarge);
                }
                let frame_flags = *bytes.get(at + 9).ok_or(IntakeError::Corrupted)?;
                at += 10;
                if frame_flags & 0x80 != 0 {
                    at += 3 << ((frame_flags & 0x07) + 1);
                }
                at = skip_sub_blocks(at + 1)?;
                frames += 1;
            }
            _ => return Err(IntakeError::Corrupted),
        }
    }
}

fn webp_structure(bytes: &[u8]) -> Result<Structure, IntakeError> {
    let riff_size = u32::from_le_bytes(
        bytes
            .get(4..8)
            .ok_or(IntakeError::Corrupted)?
            .try_into()
            .map_err(|_| IntakeError::Corrupted)?,
    );
    let end = (riff_size as usize)
        .checked_add(8)
        .ok_or(IntakeError::Corrupted)?;
    if end > bytes.len() {
        return Err(IntakeError::Corrupted);
    }
    // The first chunk's header gives the canvas; the decoder checks the rest.
    let reader = ImageReader::with_format(Cursor::new(&bytes[..end]), ImageFormat::WebP);
    let dimensions = reader
        .into_dimensions()
        .map_err(|_| IntakeError::Corrupted)?;
    Ok(Structure { dimensions, end })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_are_recognised_by_their_first_bytes() {
        assert_eq!(sniff(&[0xFF, 0xD8, 0xFF, 0xE0]), Some(ImageKind::Jpeg));
        assert_eq!(sniff(b"\x89PNG\r\n\x1a\n...."), Some(ImageKind::Png));
        assert_eq!(sniff(b"GIF89a"), Some(ImageKind::Gif));
        assert_eq!(sniff(b"RIFF\0\0\0\0WEBPVP8 "), Some(ImageKind::Webp));
        assert_eq!(sniff(b"<svg xmlns="), None);
        assert_eq!(sniff(b""), None);
    }
}
