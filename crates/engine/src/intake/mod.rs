// Long by nature: one upload pipeline whose steps share their limits and errors.
//! Intake of uploaded product photos ("reference images"): recognise the format by content,
//! refuse what is too large or malformed before spending memory on it, store an upright copy
//! without metadata, and make a thumbnail.
//!
//! Choices:
//! - Formats are recognised by magic bytes only; names and declared types are ignored. An
//!   empty file has no image content, so it gets the unsupported-type message.
//! - Sizes are read from the container (JPEG frame header, PNG IHDR, GIF screen and every
//!   frame descriptor, WebP canvas) and checked before any pixel is decoded, so a file that
//!   claims 60000×60000 costs nothing. Decoders also run under allocation limits.
//! - Bytes after the image's own end (a ZIP appended to a JPEG, data after a PNG's IEND) make
//!   a polyglot and are refused, except a few bytes of padding and, after a JPEG, further
//!   complete JPEGs (phones append multi-picture and HDR gain-map images); those are dropped.
//! - Every image is decoded before it is accepted (that is the validation); a GIF's or
//!   animated WebP's first frame only, after its whole block structure has been walked.
//! - The work a decode may cost is bounded before it starts, by the same walk: a JPEG's scans,
//!   segments and entropy-decoding passes, a PNG's chunks, an animation's frames, every
//!   format's metadata bytes ([`check_decoding_cost`]). The engine applies the same check
//!   before it decodes a stored photo, so what intake accepts the engine reads.
//! - A colour profile is kept only when it is a well-formed ICC profile of sensible size;
//!   comments and other application data never are.
//! - JPEG: when the photo is upright, its scan data is kept byte for byte and only metadata
//!   segments go (lossless, no encode); it is then decoded at 1/2–1/8 scale, which still
//!   entropy-decodes every coefficient but skips most of the inverse DCT and memory, and
//!   gives the thumbnail's source. A baseline photo with an EXIF rotation is turned upright
//!   losslessly in the DCT domain (`jpeg_lossless`: its coefficient blocks are moved and
//!   transformed, no pixel is decoded, the same metadata is kept) while the same scaled decode
//!   gives the thumbnail — when the turn is exact: 8-bit, grey or three components in one
//!   scan, and a mirrored side that is a whole number of MCUs. Otherwise (a ragged size,
//!   progressive, CMYK, lossless mode) it is decoded in full, turned upright and re-encoded at
//!   quality 92 with the source's chroma resolution (4:4:4 stays 4:4:4, anything subsampled
//!   becomes 4:2:0). 12/16-bit JPEG is refused.
//! - PNG: kept as is minus its text, EXIF, time and animation chunks, unless it must be
//!   rotated. Lossy opaque WebP is stored as JPEG (as PNG it would be ten times larger); other
//!   WebP and GIF are stored as PNG.
//! - The thumbnail fits 256×256 (never upscaled), resampled with Lanczos3: JPEG, or PNG when
//!   the image has transparency.

use std::io::Cursor;
use std::ops::Range;

use fast_image_resize::{FilterType, ResizeAlg, ResizeOptions, Resizer};
use image::metadata::Orientation;
use image::{DynamicImage, GrayImage, ImageDecoder, ImageFormat, ImageReader, Limits, RgbImage};
use jpeg_decoder::{CodingProcess, PixelFormat};
use jpeg_encoder::SamplingFactor;

use crate::codec;
use crate::jpeg_lossless::Rotation;

mod structure;

pub(crate) use structure::Segment;
use structure::*;

/// The largest upload accepted, inclusive.
pub const MAX_UPLOAD_BYTES: usize = 15 * 1024 * 1024;
/// The largest width and height accepted, inclusive.
pub const MAX_DIMENSION: u32 = codec::MAX_DIMENSION;
/// The longest side of a thumbnail.
pub const THUMBNAIL_SIZE: u32 = 256;

const STORED_JPEG_QUALITY: u8 = 92;
/// Above this many pixels a re-encoded photo is stored with 4:2:0 chroma.
const LARGE_PIXELS: u32 = 8_000_000;
const THUMBNAIL_JPEG_QUALITY: u8 = 82;
/// Trailing bytes tolerated after an image's end (some writers pad); too few for an archive.
const TRAILING_SLACK: usize = 16;
/// Decoding never allocates more than this, whatever the file says. The largest legitimate
/// image, 4096² RGBA at 16 bits, needs 128 MiB.
const MAX_DECODE_ALLOC: usize = 256 * 1024 * 1024;
/// The most scans a JPEG may have. Encoders write at most about twenty (libjpeg's progressive
/// script has ten); every scan is another pass over the blocks it covers, so a file of
/// thousands of tiny scans costs seconds of decoding.
pub const MAX_JPEG_SCANS: usize = 64;
/// The most marker segments a JPEG may have: a photo has a few dozen, and the decoder rebuilds
/// every table it is given.
const MAX_JPEG_SEGMENTS: usize = 1024;
/// Entropy decoding a JPEG may ask for, in passes over all of its blocks: a progressive photo
/// makes about five (each scan covers some components' blocks), a baseline one exactly one.
pub const MAX_BLOCK_PASSES: u64 = 10;
/// Metadata decoders read (JPEG EXIF and colour profile segments, PNG ancillary chunks, WebP
/// metadata chunks) a file may carry; a photo carries a few hundred kilobytes at most.
const MAX_METADATA_BYTES: usize = 4 * 1024 * 1024;
/// The largest colour profile kept; display and camera profiles are a few kilobytes.
const MAX_ICC_BYTES: usize = 1024 * 1024;
/// The most frames an animation (GIF, APNG, WebP) may have; only the first is used.
pub const MAX_FRAMES: usize = 1000;
/// The most PNG chunks that are not image data; each is read and checked on its own.
pub const MAX_PNG_ANCILLARY_CHUNKS: usize = 1024;
/// The most PNG chunks in all: writers split the image data into chunks of 8 KB or more,
/// a few thousand for the largest accepted image.
pub const MAX_PNG_CHUNKS: usize = 65_536;
/// A JPEG preview is decoded at the smallest DCT scale at least this large, so the thumbnail
/// is resampled from twice its size rather than taken from 8×8 block averages.
const PREVIEW_SIZE: u16 = 2 * THUMBNAIL_SIZE as u16;

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
    /// Within the size limits but asking for more decoding work than any photo needs (thousands
    /// of scans, chunks or frames, megabytes of metadata).
    #[error("This image is too complex to process. Please save it again as a standard JPEG or PNG and upload it again.")]
    TooComplex,
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

/// Recognises the format from the first bytes (12 are enough), so callers can refuse a
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

/// Refuses a file whose structure asks for more decoding work than the shared policy allows
/// (see the module's notes), by walking it without decoding a pixel. Intake and the engine's
/// decoders both call it first. Answers the stored width and height, so that callers can
/// tell a small decode from a large one before taking memory for it.
pub fn check_decoding_cost(bytes: &[u8]) -> Result<(u32, u32), IntakeError> {
    match sniff(bytes).ok_or(IntakeError::UnsupportedType)? {
        ImageKind::Jpeg => parse_jpeg(bytes).map(|j| (j.width, j.height)),
        ImageKind::Png => parse_png(bytes).map(|c| (c.width, c.height)),
        ImageKind::Gif => parse_gif(bytes).map(|c| (c.width, c.height)),
        ImageKind::Webp => parse_webp(bytes).map(|c| (c.width, c.height)),
    }
}

/// Validates an upload and prepares the stored copy and its thumbnail.
pub fn prepare_reference_image(bytes: &[u8]) -> Result<PreparedImage, IntakeError> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(IntakeError::TooLarge);
    }
    match sniff(bytes).ok_or(IntakeError::UnsupportedType)? {
        ImageKind::Jpeg => prepare_jpeg(bytes),
        kind => prepare_other(bytes, kind),
    }
}

/// A thumbnail of an image we made ourselves (generated media): the same size, filter and
/// format rules as uploads', and the same dimension limit; no polyglot or size checks.
pub fn thumbnail_of(bytes: &[u8]) -> Result<(Vec<u8>, &'static str, u32, u32), IntakeError> {
    let thumb = match sniff(bytes).ok_or(IntakeError::UnsupportedType)? {
        ImageKind::Jpeg => {
            let jpeg = parse_jpeg(bytes)?;
            check_dimensions(jpeg.width, jpeg.height)?;
            let mut decoder = open_jpeg(&bytes[..jpeg.end])?;
            let preview = decode_jpeg(&mut decoder, true)?;
            make_thumbnail(&preview, (jpeg.width, jpeg.height), jpeg.orientation)?
        }
        kind => {
            check_decoding_cost(bytes)?;
            let (image, orientation, _) = decode_other(bytes, kind)?;
            make_thumbnail(&image, (image.width(), image.height()), orientation)?
        }
    };
    Ok((thumb.bytes, thumb.mime, thumb.width, thumb.height))
}

/// [`thumbnail_of`] for pixels still in hand (a design just rendered): the same thumbnail
/// without decoding the file they were encoded to.
pub fn thumbnail_of_pixels(
    image: &DynamicImage,
) -> Result<(Vec<u8>, &'static str, u32, u32), IntakeError> {
    let size = (image.width(), image.height());
    check_dimensions(size.0, size.1)?;
    let thumb = make_thumbnail(image, size, Orientation::NoTransforms)?;
    Ok((thumb.bytes, thumb.mime, thumb.width, thumb.height))
}

fn prepare_jpeg(bytes: &[u8]) -> Result<PreparedImage, IntakeError> {
    let jpeg = parse_jpeg(bytes)?;
    check_dimensions(jpeg.width, jpeg.height)?;
    check_jpeg_trailer(&bytes[jpeg.end..])?;
    let mut decoder = open_jpeg(&bytes[..jpeg.end])?;
    let info = decoder.info().ok_or(IntakeError::Corrupted)?;
    // Browsers show 8-bit grey and YCbCr DCT JPEGs everywhere; anything else is re-encoded.
    let shown_as_is = matches!(info.pixel_format, PixelFormat::L8 | PixelFormat::RGB24)
        && info.coding_process != CodingProcess::Lossless;
    let rotation = if shown_as_is && info.coding_process == CodingProcess::DctSequential {
        Rotation::plan(&bytes[..jpeg.end], &jpeg.segments, jpeg.orientation)?
    } else {
        None
    };
    let (bytes, thumb, (width, height)) =
        if shown_as_is && jpeg.orientation == Orientation::NoTransforms {
            let preview = decode_jpeg(&mut decoder, true)?;
            let thumb = make_thumbnail(&preview, (jpeg.width, jpeg.height), jpeg.orientation)?;
            (
                strip_jpeg_metadata(bytes, &jpeg),
                thumb,
                (jpeg.width, jpeg.height),
            )
        } else if let Some(rotation) = rotation {
            // The scan is turned block by block while the preview (which validates the photo as
            // the upright path does) gives the thumbnail: the two share nothing.
            let metadata: Vec<&[u8]> = jpeg
                .segments
                .iter()
                .filter(|s| matches!(s.marker, 0xE0..=0xEF))
                .filter(|s| keeps_segment(bytes, s, jpeg.keep_icc))
                .map(|s| &bytes[s.start..s.end])
                .collect();
            let (thumb, turned) = std::thread::scope(|scope| {
                let thumb = scope.spawn(|| {
                    let preview = decode_jpeg(&mut decoder, true)?;
                    make_thumbnail(&preview, (jpeg.width, jpeg.height), jpeg.orientation)
                });
                let turned = rotation.apply(&metadata);
                (thumb.join(), turned)
            });
            let thumb = thumb.map_err(|_| IntakeError::Corrupted)??;
            match turned? {
                Some(turned) => {
                    let quarter_turn = matches!(
                        jpeg.orientation,
                        Orientation::Rotate90
                            | Orientation::Rotate270
                            | Orientation::Rotate90FlipH
                            | Orientation::Rotate270FlipH
                    );
                    let size = if quarter_turn {
                        (jpeg.height, jpeg.width)
                    } else {
                        (jpeg.width, jpeg.height)
                    };
                    (turned, thumb, size)
                }
                None => reencode(&jpeg, open_jpeg(&bytes[..jpeg.end])?)?,
            }
        } else {
            reencode(&jpeg, decoder)?
        };
    Ok(PreparedImage {
        bytes,
        mime: "image/jpeg",
        extension: "jpg",
        width,
        height,
        thumbnail: thumb.bytes,
        thumbnail_mime: thumb.mime,
        thumbnail_width: thumb.width,
        thumbnail_height: thumb.height,
        source_kind: ImageKind::Jpeg,
    })
}

/// A stored copy, its thumbnail and its upright size.
type StoredJpeg = (Vec<u8>, Thumbnail, (u32, u32));

/// The JPEG decoded in full, turned upright and encoded again.
fn reencode(
    jpeg: &Jpeg,
    mut decoder: jpeg_decoder::Decoder<&[u8]>,
) -> Result<StoredJpeg, IntakeError> {
    let image = decode_jpeg(&mut decoder, false)?;
    // Large photos are stored 4:2:0 (as phones write them): at this size the halved
    // chroma does not show and the encoder is a third faster.
    let sampling = if jpeg.subsampled || image.width() * image.height() > LARGE_PIXELS {
        SamplingFactor::F_2_2
    } else {
        SamplingFactor::F_1_1
    };
    // The thumbnail is made from the decoded pixels while the photo is turned upright
    // and re-encoded: the two share nothing.
    let (thumb, stored) = std::thread::scope(|scope| {
        let thumb =
            scope.spawn(|| make_thumbnail(&image, (jpeg.width, jpeg.height), jpeg.orientation));
        let upright = orient_ref(&image, jpeg.orientation);
        let stored = if upright.width() * upright.height() > LARGE_PIXELS {
            encode_jpeg_split(&upright, STORED_JPEG_QUALITY, sampling)
        } else {
            encode_jpeg(&upright, STORED_JPEG_QUALITY, sampling)
        }
        .map(|bytes| (bytes, (upright.width(), upright.height())));
        (thumb.join(), stored)
    });
    let thumb = thumb.map_err(|_| IntakeError::Corrupted)??;
    let (stored, size) = stored?;
    Ok((stored, thumb, size))
}

fn prepare_other(bytes: &[u8], kind: ImageKind) -> Result<PreparedImage, IntakeError> {
    let container = match kind {
        ImageKind::Png => parse_png(bytes)?,
        ImageKind::Gif => parse_gif(bytes)?,
        ImageKind::Webp => parse_webp(bytes)?,
        ImageKind::Jpeg => unreachable!("JPEG has its own path"),
    };
    check_dimensions(container.width, container.height)?;
    if bytes.len() - container.end > TRAILING_SLACK {
        return Err(IntakeError::Corrupted);
    }
    let (image, orientation, icc) = decode_other(&bytes[..container.end], kind)?;
    let thumb = make_thumbnail(&image, (image.width(), image.height()), orientation)?;
    let keep_icc = icc.as_deref().is_some_and(icc_is_well_formed);
    let kept_chunks: Vec<Range<usize>> = container
        .kept_chunks
        .into_iter()
        .filter(|chunk| keep_icc || bytes.get(chunk.start + 4..chunk.start + 8) != Some(b"iCCP"))
        .collect();
    let upright = orientation == Orientation::NoTransforms;
    let image = orient(image, orientation);
    let (width, height) = (image.width(), image.height());
    let (stored, mime, extension) = match kind {
        ImageKind::Png if upright => (strip_png_metadata(bytes, &kept_chunks), "image/png", "png"),
        ImageKind::Webp if container.lossy_opaque => (
            // VP8 is 4:2:0 already.
            encode_jpeg(&image, STORED_JPEG_QUALITY, SamplingFactor::F_2_2)?,
            "image/jpeg",
            "jpg",
        ),
        _ => (
            codec::encode_png(&image.into_rgba8()).map_err(|_| IntakeError::Corrupted)?,
            "image/png",
            "png",
        ),
    };
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

fn check_dimensions(width: u32, height: u32) -> Result<(), IntakeError> {
    if width == 0 || height == 0 {
        Err(IntakeError::Corrupted)
    } else if width > MAX_DIMENSION || height > MAX_DIMENSION {
        Err(IntakeError::DimensionsTooLarge)
    } else {
        Ok(())
    }
}

/// Decodes a PNG, GIF (first frame) or WebP with the `image` crate under allocation limits.
/// Also gives the embedded colour profile, inflated.
fn decode_other(
    bytes: &[u8],
    kind: ImageKind,
) -> Result<(DynamicImage, Orientation, Option<Vec<u8>>), IntakeError> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), kind.format());
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_DIMENSION);
    limits.max_image_height = Some(MAX_DIMENSION);
    limits.max_alloc = Some(MAX_DECODE_ALLOC as u64);
    reader.limits(limits);
    let mut decoder = reader.into_decoder().map_err(decode_error)?;
    let (w, h) = decoder.dimensions();
    check_dimensions(w, h)?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let icc = decoder.icc_profile().ok().flatten();
    // For a GIF or an animated WebP this reads the first frame only.
    let image = DynamicImage::from_decoder(decoder).map_err(decode_error)?;
    Ok((image, orientation, icc))
}

fn decode_error(e: image::ImageError) -> IntakeError {
    match e {
        image::ImageError::Limits(_) => IntakeError::DimensionsTooLarge,
        _ => IntakeError::Corrupted,
    }
}

fn open_jpeg(bytes: &[u8]) -> Result<jpeg_decoder::Decoder<&[u8]>, IntakeError> {
    let mut decoder = jpeg_decoder::Decoder::new(bytes);
    decoder.set_max_decoding_buffer_size(MAX_DECODE_ALLOC);
    decoder.read_info().map_err(|_| IntakeError::Corrupted)?;
    Ok(decoder)
}

/// Decodes the whole scan, at full size or as a preview (see [`PREVIEW_SIZE`]).
fn decode_jpeg(
    decoder: &mut jpeg_decoder::Decoder<&[u8]>,
    preview: bool,
) -> Result<DynamicImage, IntakeError> {
    if preview {
        decoder
            .scale(PREVIEW_SIZE, PREVIEW_SIZE)
            .map_err(|_| IntakeError::Corrupted)?;
    }
    let pixels = decoder.decode().map_err(|_| IntakeError::Corrupted)?;
    let info = decoder.info().ok_or(IntakeError::Corrupted)?;
    let (w, h) = (u32::from(info.width), u32::from(info.height));
    let image = match info.pixel_format {
        PixelFormat::L8 => GrayImage::from_raw(w, h, pixels).map(DynamicImage::ImageLuma8),
        PixelFormat::RGB24 => RgbImage::from_raw(w, h, pixels).map(DynamicImage::ImageRgb8),
        PixelFormat::CMYK32 => {
            // The decoder has undone Adobe's inversion: 0 is no ink.
            let rgb = pixels
                .chunks_exact(4)
                .flat_map(|p| {
                    let k = 255 - u16::from(p[3]);
                    [0, 1, 2].map(|c| ((255 - u16::from(p[c])) * k / 255) as u8)
                })
                .collect();
            RgbImage::from_raw(w, h, rgb).map(DynamicImage::ImageRgb8)
        }
        // 12- and 16-bit lossless JPEG: no browser shows it, and no camera writes it.
        PixelFormat::L16 => None,
    };
    image.ok_or(IntakeError::Corrupted)
}

/// Applies an EXIF orientation. Decoded photos (8-bit grey or RGB) are moved tile by tile so
/// that a rotation's reads and writes both stay in cache: the `image` crate's pixel-by-pixel
/// rotation of a 4096² photo takes ~160 ms, this ~50, most of it writing fresh memory.
fn orient(image: DynamicImage, orientation: Orientation) -> DynamicImage {
    if orientation == Orientation::NoTransforms {
        return image;
    }
    orient_ref(&image, orientation)
}

/// [`orient`] reading from a borrowed image; the destination is filled in two halves on two
/// threads (each writes its own rows, both only read the source).
fn orient_ref(image: &DynamicImage, orientation: Orientation) -> DynamicImage {
    fn moved<const N: usize>(
        src: &[u8],
        width: u32,
        height: u32,
        orientation: Orientation,
    ) -> (Vec<u8>, u32, u32) {
        let (w, h) = (width as isize, height as isize);
        // The source pixel of destination (x, y) is `origin + x * step_x + y * step_y`.
        let (origin, step_x, step_y) = match orientation {
            Orientation::NoTransforms => (0, 1, w),
            Orientation::FlipHorizontal => (w - 1, -1, w),
            Orientation::Rotate180 => (w * h - 1, -1, -w),
            Orientation::FlipVertical => ((h - 1) * w, 1, -w),
            Orientation::Rotate90 => ((h - 1) * w, -w, 1),
            Orientation::Rotate270 => (w - 1, w, -1),
            Orientation::Rotate90FlipH => (0, w, 1),
            Orientation::Rotate270FlipH => (w * h - 1, -w, -1),
        };
        let (dw, dh) = if step_x.abs() == 1 { (w, h) } else { (h, w) };
        const TILE: isize = 64;
        let (src, _) = src.as_chunks::<N>();
        let mut dst = vec![[0u8; N]; src.len()];
        // Destination rows `y0..` of `part`, tile by tile.
        let fill = |part: &mut [[u8; N]], y0: isize| {
            let rows = part.len() as isize / dw;
            for ty in (0..rows).step_by(TILE as usize) {
                for tx in (0..dw).step_by(TILE as usize) {
                    let tx_end = (tx + TILE).min(dw);
                    for y in ty..(ty + TILE).min(rows) {
                        let row = &mut part[(y * dw + tx) as usize..(y * dw + tx_end) as usize];
                        let mut s = origin + (y0 + y) * step_y + tx * step_x;
                        for px in row {
                            *px = src[s as usize];
                            s += step_x;
                        }
                    }
                }
            }
        };
        let half = (dh / 2) as usize * dw as usize;
        let (top, bottom) = dst.split_at_mut(half);
        std::thread::scope(|scope| {
            scope.spawn(|| fill(bottom, dh / 2));
            fill(top, 0);
        });
        (dst.into_flattened(), dw as u32, dh as u32)
    }

    match image {
        DynamicImage::ImageRgb8(rgb) => {
            let (pixels, w, h) = moved::<3>(rgb.as_raw(), rgb.width(), rgb.height(), orientation);
            DynamicImage::ImageRgb8(RgbImage::from_raw(w, h, pixels).expect("same pixel count"))
        }
        DynamicImage::ImageLuma8(grey) => {
            let (pixels, w, h) =
                moved::<1>(grey.as_raw(), grey.width(), grey.height(), orientation);
            DynamicImage::ImageLuma8(GrayImage::from_raw(w, h, pixels).expect("same pixel count"))
        }
        other => {
            let mut other = other.clone();
            other.apply_orientation(orientation);
            other
        }
    }
}

/// [`encode_jpeg`] of a large photo on two threads: the top and bottom halves are encoded
/// separately with a restart marker after every row of blocks, and the bottom's scan is
/// appended to the top's (its markers renumbered, the frame's height patched), which is a
/// valid baseline JPEG because each restart interval is coded independently.
fn encode_jpeg_split(
    image: &DynamicImage,
    quality: u8,
    sampling: SamplingFactor,
) -> Result<Vec<u8>, IntakeError> {
    let (w, h) = (image.width(), image.height());
    let grey = matches!(image, DynamicImage::ImageLuma8(_));
    let mcu = if grey || sampling == SamplingFactor::F_1_1 {
        8
    } else {
        16
    };
    let split = h / 2 / mcu * mcu;
    let rgb;
    let (raw, channels) = match image {
        DynamicImage::ImageLuma8(g) => (g.as_raw().as_slice(), 1),
        DynamicImage::ImageRgb8(c) => (c.as_raw().as_slice(), 3),
        other => {
            rgb = other.to_rgb8();
            (rgb.as_raw().as_slice(), 3)
        }
    };
    if split < mcu || w > u32::from(u16::MAX) || h > u32::from(u16::MAX) {
        return encode_jpeg(image, quality, sampling);
    }
    let per_row = w.div_ceil(mcu) as u16;
    let part = |rows: std::ops::Range<u32>| -> Result<Vec<u8>, IntakeError> {
        let bytes = &raw[(rows.start * w * channels) as usize..(rows.end * w * channels) as usize];
        let mut out = Vec::with_capacity(bytes.len() / 8);
        let mut encoder = jpeg_encoder::Encoder::new(&mut out, quality);
        encoder.set_sampling_factor(sampling);
        encoder.set_restart_interval(per_row);
        let color = if grey {
            jpeg_encoder::ColorType::Luma
        } else {
            jpeg_encoder::ColorType::Rgb
        };
        encoder
            .encode(bytes, w as u16, (rows.end - rows.start) as u16, color)
            .map_err(|_| IntakeError::Corrupted)?;
        Ok(out)
    };
    let (top, bottom) = std::thread::scope(|scope| {
        let bottom = scope.spawn(|| part(split..h));
        (part(0..split), bottom.join())
    });
    let (mut top, bottom) = (top?, bottom.map_err(|_| IntakeError::Corrupted)??);
    let scan_start = |jpeg: &[u8]| -> Option<usize> {
        // Segments up to and including SOS; the scan's entropy-coded data follows.
        let mut at = 2;
        while at + 4 <= jpeg.len() && jpeg[at] == 0xFF {
            let len = ((jpeg[at + 2] as usize) << 8) | jpeg[at + 3] as usize;
            if jpeg[at + 1] == 0xDA {
                return Some(at + 2 + len);
            }
            at += 2 + len;
        }
        None
    };
    let (Some(top_scan), Some(bottom_scan)) = (scan_start(&top), scan_start(&bottom)) else {
        return Err(IntakeError::Corrupted);
    };
    // The frame header's height is the whole photo's.
    let mut at = 2;
    while at + 9 <= top_scan {
        if top[at + 1] == 0xC0 {
            top[at + 5..at + 7].copy_from_slice(&(h as u16).to_be_bytes());
            break;
        }
        at += 2 + (((top[at + 2] as usize) << 8) | top[at + 3] as usize);
    }
    let top_rows = split / mcu;
    let mut out = Vec::with_capacity(top.len() + bottom.len());
    out.extend_from_slice(&top[..top.len() - 2]);
    out.extend_from_slice(&[0xFF, 0xD0 + ((top_rows - 1) % 8) as u8]);
    let data = &bottom[bottom_scan..bottom.len() - 2];
    let mut k = 0;
    while k < data.len() {
        let b = data[k];
        out.push(b);
        if b == 0xFF && k + 1 < data.len() && (0xD0..=0xD7).contains(&data[k + 1]) {
            out.push(0xD0 + ((u32::from(data[k + 1] - 0xD0) + top_rows) % 8) as u8);
            k += 2;
            continue;
        }
        k += 1;
    }
    out.extend_from_slice(&[0xFF, 0xD9]);
    Ok(out)
}

/// Baseline JPEG of grey or RGB pixels (anything else is converted to RGB).
fn encode_jpeg(
    image: &DynamicImage,
    quality: u8,
    sampling: SamplingFactor,
) -> Result<Vec<u8>, IntakeError> {
    let (Ok(w), Ok(h)) = (u16::try_from(image.width()), u16::try_from(image.height())) else {
        return Err(IntakeError::DimensionsTooLarge);
    };
    let mut out = Vec::with_capacity(image.as_bytes().len() / 8);
    let mut encoder = jpeg_encoder::Encoder::new(&mut out, quality);
    encoder.set_sampling_factor(sampling);
    let encoded = match image {
        DynamicImage::ImageLuma8(grey) => {
            encoder.encode(grey.as_raw(), w, h, jpeg_encoder::ColorType::Luma)
        }
        DynamicImage::ImageRgb8(rgb) => {
            encoder.encode(rgb.as_raw(), w, h, jpeg_encoder::ColorType::Rgb)
        }
        other => encoder.encode(other.to_rgb8().as_raw(), w, h, jpeg_encoder::ColorType::Rgb),
    };
    // Only sizes we have already refused make the encoder fail.
    encoded.map_err(|_| IntakeError::Corrupted)?;
    Ok(out)
}

struct Thumbnail {
    bytes: Vec<u8>,
    mime: &'static str,
    width: u32,
    height: u32,
}

/// The thumbnail of an image of `size` as stored in the file (`source` may be a reduced
/// preview of it), resampled in the source's own pixel type and then turned upright, which
/// is cheap at this size.
fn make_thumbnail(
    source: &DynamicImage,
    size: (u32, u32),
    orientation: Orientation,
) -> Result<Thumbnail, IntakeError> {
    let (w, h) = size;
    let scale = (f64::from(THUMBNAIL_SIZE) / f64::from(w.max(h))).min(1.0);
    let width = ((f64::from(w) * scale).round() as u32).max(1);
    let height = ((f64::from(h) * scale).round() as u32).max(1);
    let mut small = DynamicImage::new(width, height, source.color());
    let options = ResizeOptions::new().resize_alg(ResizeAlg::Convolution(FilterType::Lanczos3));
    Resizer::new()
        .resize(source, &mut small, &options)
        .map_err(|_| IntakeError::Corrupted)?;
    let small = orient(small, orientation);
    let rgba = small.color().has_alpha().then(|| small.to_rgba8());
    let (bytes, mime) = if let Some(rgba) = rgba.filter(|i| i.pixels().any(|p| p[3] < 255)) {
        let png = codec::encode_png(&rgba).map_err(|_| IntakeError::Corrupted)?;
        (png, "image/png")
    } else {
        let jpeg = encode_jpeg(&small, THUMBNAIL_JPEG_QUALITY, SamplingFactor::F_2_2)?;
        (jpeg, "image/jpeg")
    };
    Ok(Thumbnail {
        bytes,
        mime,
        width: small.width(),
        height: small.height(),
    })
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

    #[test]
    fn a_photo_encoded_in_two_halves_decodes_whole() {
        for (w, h, grey) in [(640u32, 488u32, false), (333, 250, true), (96, 40, false)] {
            let image = if grey {
                DynamicImage::ImageLuma8(GrayImage::from_fn(w, h, |x, y| {
                    image::Luma([((x * 7 + y * 3) % 251) as u8])
                }))
            } else {
                DynamicImage::ImageRgb8(RgbImage::from_fn(w, h, |x, y| {
                    image::Rgb([(x % 256) as u8, (y % 256) as u8, ((x + y) % 256) as u8])
                }))
            };
            for sampling in [SamplingFactor::F_2_2, SamplingFactor::F_1_1] {
                let split = encode_jpeg_split(&image, 90, sampling).unwrap();
                let whole = encode_jpeg(&image, 90, sampling).unwrap();
                let a = image::load_from_memory(&split).unwrap().to_rgb8();
                let b = image::load_from_memory(&whole).unwrap().to_rgb8();
                assert_eq!(a.dimensions(), (w, h));
                let worst = a
                    .pixels()
                    .zip(b.pixels())
                    .map(|(p, q)| {
                        (0..3)
                            .map(|c| (p[c] as i32 - q[c] as i32).abs())
                            .max()
                            .unwrap()
                    })
                    .max()
                    .unwrap();
                // Only the rows at the seam may round differently (chroma is not shared).
                assert!(worst <= 24, "{w}x{h} grey {grey}: {worst}");
                let mut d = jpeg_decoder::Decoder::new(split.as_slice());
                d.decode()
                    .expect("a strict decoder reads the restart markers too");
            }
        }
    }

    /// `jpeg` turned by the lossless path alone, without the preview decode beside it.
    fn turned(jpeg: &[u8], orientation: Orientation) -> Result<Option<Vec<u8>>, IntakeError> {
        let parsed = parse_jpeg(jpeg)?;
        match Rotation::plan(&jpeg[..parsed.end], &parsed.segments, orientation)? {
            Some(rotation) => rotation.apply(&[]),
            None => Ok(None),
        }
    }

    #[test]
    fn the_lossless_path_itself_refuses_a_damaged_scan() {
        let image = RgbImage::from_fn(64, 48, |x, y| {
            image::Rgb([(x * 4) as u8, (y * 5) as u8, ((x ^ y) * 7) as u8])
        });
        let mut jpeg = Vec::new();
        let mut encoder = jpeg_encoder::Encoder::new(&mut jpeg, 90);
        encoder.set_sampling_factor(SamplingFactor::F_2_2);
        encoder.set_restart_interval(2);
        encoder
            .encode(image.as_raw(), 64, 48, jpeg_encoder::ColorType::Rgb)
            .unwrap();
        assert!(turned(&jpeg, Orientation::Rotate90).unwrap().is_some());
        assert!(turned(&jpeg, Orientation::NoTransforms).unwrap().is_none());

        let segments = parse_jpeg(&jpeg).unwrap().segments;
        let scan = segments.iter().find(|s| s.marker == 0xDA).unwrap().end;
        let restart = (scan..jpeg.len())
            .find(|&i| jpeg[i] == 0xFF && jpeg[i + 1] == 0xD0)
            .unwrap();
        let truncated = [&jpeg[..scan + 40], &[0xFF, 0xD9]].concat();
        let mut bad_code = jpeg.clone();
        bad_code.splice(scan..scan + 4, [0xFF, 0x00, 0xFF, 0x00, 0xFF, 0x00]);
        let mut wrong_marker = jpeg.clone();
        wrong_marker[restart + 1] = 0xD5;
        let mut extra_data = jpeg.clone();
        extra_data.splice(restart..restart, [0x12, 0x34]);
        for (name, bytes) in [
            ("truncated", truncated),
            ("bad code", bad_code),
            ("wrong restart marker", wrong_marker),
            ("data before a restart marker", extra_data),
        ] {
            assert_eq!(
                turned(&bytes, Orientation::Rotate90),
                Err(IntakeError::Corrupted),
                "{name}"
            );
        }
    }

    #[test]
    fn tiled_orientation_matches_the_image_crate() {
        let rgb = RgbImage::from_fn(70, 67, |x, y| image::Rgb([x as u8, y as u8, (x ^ y) as u8]));
        let grey = GrayImage::from_fn(67, 70, |x, y| image::Luma([(x * 3 + y) as u8]));
        for exif in 1..=8 {
            let orientation = Orientation::from_exif(exif).unwrap();
            for image in [
                DynamicImage::ImageRgb8(rgb.clone()),
                DynamicImage::ImageLuma8(grey.clone()),
            ] {
                let mut expected = image.clone();
                expected.apply_orientation(orientation);
                assert_eq!(orient(image, orientation), expected, "orientation {exif}");
            }
        }
    }
}
