//! Each format's structure walked without decoding a pixel: its size, where it ends, what decoding
//! it would cost, and its metadata to strip.

use super::*;

pub(super) fn be16(bytes: &[u8], at: usize) -> Result<u32, IntakeError> {
    bytes
        .get(at..at + 2)
        .map(|b| u32::from(u16::from_be_bytes([b[0], b[1]])))
        .ok_or(IntakeError::Corrupted)
}

pub(super) fn be32(bytes: &[u8], at: usize) -> Result<u32, IntakeError> {
    bytes
        .get(at..at + 4)
        .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        .ok_or(IntakeError::Corrupted)
}

pub(super) fn le16(bytes: &[u8], at: usize) -> Result<u32, IntakeError> {
    bytes
        .get(at..at + 2)
        .map(|b| u32::from(u16::from_le_bytes([b[0], b[1]])))
        .ok_or(IntakeError::Corrupted)
}

pub(super) fn le32(bytes: &[u8], at: usize) -> Result<u32, IntakeError> {
    bytes
        .get(at..at + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
        .ok_or(IntakeError::Corrupted)
}

/// A JPEG marker segment: marker byte, and the byte range of the whole segment.
pub(crate) struct Segment {
    pub(crate) marker: u8,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

impl Segment {
    pub(crate) fn payload<'a>(&self, bytes: &'a [u8]) -> &'a [u8] {
        &bytes[(self.start + 4).min(self.end)..self.end]
    }
}

/// What a JPEG's markers say before any pixel is decoded.
pub(super) struct Jpeg {
    pub(super) width: u32,
    pub(super) height: u32,
    /// Marker segments up to EOI; entropy-coded data lies between them.
    pub(super) segments: Vec<Segment>,
    /// Offset just past EOI.
    pub(super) end: usize,
    pub(super) orientation: Orientation,
    /// Chroma stored at lower resolution than luma (4:2:0, 4:2:2, …).
    pub(super) subsampled: bool,
    /// The ICC profile segments form a well-formed profile (see [`icc_is_well_formed`]).
    pub(super) keep_icc: bool,
}

/// Walks the JPEG's segments to the EOI marker; entropy-coded data is skipped byte-wise
/// (0xFF is followed by a stuffed 0x00 or a restart marker there).
pub(super) fn jpeg_segments(bytes: &[u8]) -> Result<(Vec<Segment>, usize), IntakeError> {
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
        let length = be16(bytes, at + 2)? as usize;
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

pub(super) fn parse_jpeg(bytes: &[u8]) -> Result<Jpeg, IntakeError> {
    let (segments, end) = jpeg_segments(bytes)?;
    let frame = segments
        .iter()
        .find(|s| matches!(s.marker, 0xC0..=0xC3 | 0xC5..=0xC7 | 0xC9..=0xCB | 0xCD..=0xCF))
        .ok_or(IntakeError::Corrupted)?;
    let sof = frame.payload(bytes);
    let height = be16(sof, 1)?;
    let width = be16(sof, 3)?;
    let components = usize::from(*sof.get(5).ok_or(IntakeError::Corrupted)?);
    // Each component is (id, sampling factors, quantisation table).
    let sampling: Vec<u8> = (0..components)
        .map(|i| sof.get(6 + 3 * i + 1).copied())
        .collect::<Option<_>>()
        .ok_or(IntakeError::Corrupted)?;
    let subsampled = sampling.windows(2).any(|pair| pair[0] != pair[1]);
    check_jpeg_work(bytes, &segments, sof)?;
    let keep_icc = jpeg_icc_is_well_formed(bytes, &segments);
    let orientation = segments
        .iter()
        .filter(|s| s.marker == 0xE1)
        .find_map(|s| s.payload(bytes).strip_prefix(b"Exif\0\0"))
        .and_then(Orientation::from_exif_chunk)
        .unwrap_or(Orientation::NoTransforms);
    Ok(Jpeg {
        width,
        height,
        segments,
        end,
        orientation,
        subsampled,
        keep_icc,
    })
}

/// Refuses a JPEG whose segments, scans or entropy-decoding passes exceed the policy. A scan
/// decodes every block of the components it names, whatever its byte size, so the work is
/// counted in blocks: a component's blocks are its share of the MCU grid.
pub(super) fn check_jpeg_work(
    bytes: &[u8],
    segments: &[Segment],
    sof: &[u8],
) -> Result<(), IntakeError> {
    if segments.len() > MAX_JPEG_SEGMENTS {
        return Err(IntakeError::TooComplex);
    }
    // Decoders read EXIF (APP1) and gather the colour profile (APP2); comments and other
    // application segments they only skip.
    let metadata: usize = segments
        .iter()
        .filter(|s| matches!(s.marker, 0xE1 | 0xE2))
        .map(|s| s.end - s.start)
        .sum();
    if metadata > MAX_METADATA_BYTES {
        return Err(IntakeError::TooComplex);
    }
    let scans: Vec<&[u8]> = segments
        .iter()
        .filter(|s| s.marker == 0xDA)
        .map(|s| s.payload(bytes))
        .collect();
    if scans.len() > MAX_JPEG_SCANS {
        return Err(IntakeError::TooComplex);
    }
    let height = u64::from(be16(sof, 1)?);
    let width = u64::from(be16(sof, 3)?);
    let count = usize::from(*sof.get(5).ok_or(IntakeError::Corrupted)?);
    // (component id, horizontal and vertical sampling factors)
    let components: Vec<(u8, u64, u64)> = (0..count)
        .map(|i| {
            let id = *sof.get(6 + 3 * i)?;
            let factors = *sof.get(7 + 3 * i)?;
            Some((id, u64::from(factors >> 4), u64::from(factors & 0x0F)))
        })
        .collect::<Option<_>>()
        .ok_or(IntakeError::Corrupted)?;
    let h_max = components.iter().map(|c| c.1).max().unwrap_or(0);
    let v_max = components.iter().map(|c| c.2).max().unwrap_or(0);
    if h_max == 0 || v_max == 0 {
        return Err(IntakeError::Corrupted);
    }
    let (mcus_x, mcus_y) = (width.div_ceil(8 * h_max), height.div_ceil(8 * v_max));
    let blocks = |id: u8| {
        components
            .iter()
            .find(|c| c.0 == id)
            .map_or(0, |&(_, h, v)| mcus_x * h * mcus_y * v)
    };
    let one_pass: u64 = components.iter().map(|c| blocks(c.0)).sum();
    let mut visits = 0u64;
    for scan in scans {
        let named = usize::from(*scan.first().ok_or(IntakeError::Corrupted)?);
        for j in 0..named {
            visits += blocks(*scan.get(1 + 2 * j).ok_or(IntakeError::Corrupted)?);
        }
    }
    if visits > MAX_BLOCK_PASSES * one_pass {
        return Err(IntakeError::TooComplex);
    }
    Ok(())
}

/// Whether the JPEG's ICC segments (each `ICC_PROFILE\0`, its 1-based number, the count, a
/// piece) number 1..=count exactly once and join into a well-formed profile.
pub(super) fn jpeg_icc_is_well_formed(bytes: &[u8], segments: &[Segment]) -> bool {
    let pieces: Vec<&[u8]> = segments
        .iter()
        .filter(|s| s.marker == 0xE2)
        .filter_map(|s| s.payload(bytes).strip_prefix(b"ICC_PROFILE\0"))
        .collect();
    let count = pieces.len();
    let mut ordered: Vec<Option<&[u8]>> = vec![None; count];
    for piece in &pieces {
        let (Some(&number), Some(&declared)) = (piece.first(), piece.get(1)) else {
            return false;
        };
        let slot = usize::from(number).wrapping_sub(1);
        if usize::from(declared) != count || slot >= count || ordered[slot].is_some() {
            return false;
        }
        ordered[slot] = Some(&piece[2..]);
    }
    let profile: Vec<u8> = ordered.into_iter().flatten().flatten().copied().collect();
    count > 0 && icc_is_well_formed(&profile)
}

/// An ICC profile whose header states its own length, carries the `acsp` signature, and is
/// no larger than [`MAX_ICC_BYTES`]; anything else is not kept.
pub(super) fn icc_is_well_formed(profile: &[u8]) -> bool {
    profile.len() >= 128
        && profile.len() <= MAX_ICC_BYTES
        && be32(profile, 0).is_ok_and(|declared| declared as usize == profile.len())
        && profile.get(36..40) == Some(b"acsp")
}

/// After a JPEG, only padding or further complete JPEGs (walked, not decoded) may follow.
pub(super) fn check_jpeg_trailer(mut rest: &[u8]) -> Result<(), IntakeError> {
    while rest.len() > TRAILING_SLACK {
        if !rest.starts_with(&[0xFF, 0xD8, 0xFF]) {
            return Err(IntakeError::Corrupted);
        }
        let (_, end) = jpeg_segments(rest)?;
        rest = &rest[end..];
    }
    Ok(())
}

/// Whether a stored copy keeps this segment: not EXIF, XMP, comments, multi-picture index
/// or other application data; only what decoding and colour need (JFIF, ICC profile, Adobe
/// colour transform) besides the tables, frame and scans; the profile only when `keep_icc`.
pub(super) fn keeps_segment(bytes: &[u8], segment: &Segment, keep_icc: bool) -> bool {
    let payload = segment.payload(bytes);
    match segment.marker {
        0xE0 => payload.starts_with(b"JFIF\0") || payload.starts_with(b"JFXX\0"),
        0xE2 => keep_icc && payload.starts_with(b"ICC_PROFILE\0"),
        0xEE => payload.starts_with(b"Adobe"),
        0xE1 | 0xE3..=0xED | 0xEF | 0xFE => false,
        _ => true,
    }
}

/// The JPEG without metadata (see [`keeps_segment`]), its scan data untouched, up to EOI.
pub(super) fn strip_jpeg_metadata(bytes: &[u8], jpeg: &Jpeg) -> Vec<u8> {
    let mut out = Vec::with_capacity(jpeg.end);
    let mut copied_to = 0;
    for segment in &jpeg.segments {
        if !keeps_segment(bytes, segment, jpeg.keep_icc) {
            // Everything before it (SOI, segments, fill bytes, entropy data) is kept as is.
            out.extend_from_slice(&bytes[copied_to..segment.start]);
            copied_to = segment.end;
        }
    }
    out.extend_from_slice(&bytes[copied_to..jpeg.end]);
    out
}

/// What a PNG, GIF or WebP container says before any pixel is decoded.
pub(super) struct Container {
    pub(super) width: u32,
    pub(super) height: u32,
    /// Offset just past the image's last byte.
    pub(super) end: usize,
    /// PNG: the chunks a metadata-free copy keeps.
    pub(super) kept_chunks: Vec<Range<usize>>,
    /// WebP: a single lossy bitstream without alpha, best stored as JPEG.
    pub(super) lossy_opaque: bool,
}

/// A PNG's embedded profile is inflated by the decoder: above this compressed size it could
/// inflate to hundreds of megabytes.
pub(super) const MAX_PNG_ICCP_BYTES: usize = 128 * 1024;

pub(super) fn parse_png(bytes: &[u8]) -> Result<Container, IntakeError> {
    let mut at = 8;
    let mut dimensions = None;
    let mut kept_chunks = Vec::new();
    let (mut chunks, mut ancillary, mut frames, mut metadata) = (0usize, 0usize, 0usize, 0usize);
    loop {
        let length = be32(bytes, at)? as usize;
        let kind: [u8; 4] = bytes
            .get(at + 4..at + 8)
            .and_then(|k| k.try_into().ok())
            .ok_or(IntakeError::Corrupted)?;
        let end = at.checked_add(12 + length).ok_or(IntakeError::Corrupted)?;
        if end > bytes.len() {
            return Err(IntakeError::Corrupted);
        }
        chunks += 1;
        if !matches!(&kind, b"IDAT" | b"fdAT") {
            ancillary += 1;
            metadata += length;
        }
        frames += usize::from(&kind == b"fcTL");
        let too_costly = chunks > MAX_PNG_CHUNKS
            || ancillary > MAX_PNG_ANCILLARY_CHUNKS
            || frames > MAX_FRAMES
            || metadata > MAX_METADATA_BYTES
            || (&kind == b"iCCP" && length > MAX_PNG_ICCP_BYTES);
        if too_costly {
            return Err(IntakeError::TooComplex);
        }
        if dimensions.is_none() {
            if &kind != b"IHDR" || length < 8 {
                return Err(IntakeError::Corrupted);
            }
            dimensions = Some((be32(bytes, at + 8)?, be32(bytes, at + 12)?));
        }
        // Critical chunks and colour; not text, EXIF, time or APNG frames.
        let keep = matches!(
            &kind,
            b"IHDR"
                | b"PLTE"
                | b"IDAT"
                | b"IEND"
                | b"tRNS"
                | b"gAMA"
                | b"cHRM"
                | b"sRGB"
                | b"iCCP"
                | b"sBIT"
                | b"cICP"
                | b"mDCV"
                | b"cLLI"
        );
        if keep {
            kept_chunks.push(at..end);
        }
        if &kind == b"IEND" {
            let (width, height) = dimensions.ok_or(IntakeError::Corrupted)?;
            return Ok(Container {
                width,
                height,
                end,
                kept_chunks,
                lossy_opaque: false,
            });
        }
        at = end;
    }
}

pub(super) fn strip_png_metadata(bytes: &[u8], kept_chunks: &[Range<usize>]) -> Vec<u8> {
    let mut out = bytes[..8].to_vec();
    for chunk in kept_chunks {
        out.extend_from_slice(&bytes[chunk.clone()]);
    }
    out
}

/// Walks the GIF's blocks to its trailer, checking every frame's size on the way (a bomb can
/// hide a huge frame inside a small screen). Linear in the file's size, whatever the frame
/// count; only the first frame is decoded later.
pub(super) fn parse_gif(bytes: &[u8]) -> Result<Container, IntakeError> {
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
            0x3B if frames > 0 => {
                return Ok(Container {
                    width,
                    height,
                    end: at + 1,
                    kept_chunks: Vec::new(),
                    lossy_opaque: false,
                })
            }
            0x21 => at = skip_sub_blocks(at + 2)?,
            0x2C => {
                check_dimensions(le16(bytes, at + 5)?, le16(bytes, at + 7)?)?;
                let frame_flags = *bytes.get(at + 9).ok_or(IntakeError::Corrupted)?;
                at += 10;
                if frame_flags & 0x80 != 0 {
                    at += 3 << ((frame_flags & 0x07) + 1);
                }
                at = skip_sub_blocks(at + 1)?;
                frames += 1;
                if frames > MAX_FRAMES {
                    return Err(IntakeError::TooComplex);
                }
            }
            _ => return Err(IntakeError::Corrupted),
        }
    }
}

/// Reads the RIFF chunk list; the canvas size comes from the `image` crate's header parser.
pub(super) fn parse_webp(bytes: &[u8]) -> Result<Container, IntakeError> {
    let end = (le32(bytes, 4)? as usize)
        .checked_add(8)
        .filter(|&end| end <= bytes.len())
        .ok_or(IntakeError::Corrupted)?;
    let (mut lossy, mut alpha_or_animation) = (false, false);
    let (mut chunks, mut metadata) = (0usize, 0usize);
    let mut at = 12;
    while at < end {
        let kind = bytes.get(at..at + 4).ok_or(IntakeError::Corrupted)?;
        lossy |= kind == b"VP8 ";
        alpha_or_animation |= kind == b"ALPH" || kind == b"ANIM";
        // Chunks are padded to an even size.
        let size = le32(bytes, at + 4)? as usize;
        // A frame is one chunk; a still image has a handful besides.
        chunks += 1;
        if matches!(kind, b"ICCP" | b"EXIF" | b"XMP ") {
            metadata += size;
        }
        if chunks > MAX_FRAMES + 8 || metadata > MAX_METADATA_BYTES {
            return Err(IntakeError::TooComplex);
        }
        at = at
            .checked_add(8 + size + (size & 1))
            .ok_or(IntakeError::Corrupted)?;
    }
    if at > end {
        return Err(IntakeError::Corrupted);
    }
    let (width, height) = ImageReader::with_format(Cursor::new(&bytes[..end]), ImageFormat::WebP)
        .into_dimensions()
        .map_err(|_| IntakeError::Corrupted)?;
    Ok(Container {
        width,
        height,
        end,
        kept_chunks: Vec::new(),
        lossy_opaque: lossy && !alpha_or_animation,
    })
}
