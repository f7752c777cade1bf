//! An H.264 MP4's frames read back (the engine's clips and hosted models' alike), and the
//! free plan's corner mark on every frame: each frame decoded, marked as a picture is, and
//! encoded again into a new fast-start MP4 of the same size, length and frame rate.

use image::RgbaImage;
use openh264::decoder::{DecodedYUV, Decoder};
use openh264::formats::{RgbaSliceU8, YUVBuffer, YUVSource};

use super::Mp4Writer;
use crate::{codec, watermark, EngineError};

/// More frames than a clip of the product's longest length at 60 frames a second.
const MAX_FRAMES: usize = 60 * 60;

fn invalid(what: &str) -> EngineError {
    EngineError::InvalidInput(format!("the video cannot be read: {what}"))
}

/// The boxes directly inside `data`: (type, payload). A box that runs past the end stops the
/// walk (and so is not found).
fn boxes(data: &[u8]) -> impl Iterator<Item = ([u8; 4], &[u8])> {
    let mut at = 0usize;
    std::iter::from_fn(move || {
        let header = data.get(at..at.checked_add(8)?)?;
        let kind: [u8; 4] = header[4..8].try_into().ok()?;
        let (size, start) = match u32::from_be_bytes(header[..4].try_into().ok()?) {
            0 => (data.len() - at, at + 8),
            1 => {
                let large = data.get(at + 8..at + 16)?;
                (
                    usize::try_from(u64::from_be_bytes(large.try_into().ok()?)).ok()?,
                    at + 16,
                )
            }
            n => (n as usize, at + 8),
        };
        let end = at.checked_add(size)?;
        if end < start || end > data.len() {
            return None;
        }
        at = end;
        Some((kind, &data[start..end]))
    })
}

fn child<'a>(data: &'a [u8], path: &[&[u8; 4]]) -> Option<&'a [u8]> {
    path.iter().try_fold(data, |current, name| {
        boxes(current)
            .find(|(kind, _)| kind == *name)
            .map(|(_, body)| body)
    })
}

fn be32(data: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_be_bytes(data.get(at..at + 4)?.try_into().ok()?))
}

fn be16(data: &[u8], at: usize) -> Option<usize> {
    Some(u16::from_be_bytes(data.get(at..at + 2)?.try_into().ok()?) as usize)
}

/// A file's video track: where each frame's bytes are and how to read them.
struct VideoTrack<'a> {
    /// SPS and PPS, each with its start code.
    parameter_sets: Vec<u8>,
    /// Bytes in each NAL unit's length prefix.
    length_size: usize,
    samples: Vec<&'a [u8]>,
    seconds: f64,
    width: usize,
    height: usize,
}

fn video_track(mp4: &[u8]) -> Option<VideoTrack<'_>> {
    let moov = child(mp4, &[b"moov"])?;
    let trak = boxes(moov)
        .filter(|(kind, _)| kind == b"trak")
        .map(|(_, body)| body)
        .find(|trak| {
            child(trak, &[b"mdia", b"hdlr"]).and_then(|hdlr| hdlr.get(8..12)) == Some(b"vide")
        })?;
    let mdhd = child(trak, &[b"mdia", b"mdhd"])?;
    let timescale = match mdhd.first()? {
        0 => be32(mdhd, 12)?,
        _ => be32(mdhd, 20)?,
    };
    let stbl = child(trak, &[b"mdia", b"minf", b"stbl"])?;

    // The sample entry (avc1/avc3) holds avcC after its 78 bytes of fixed fields.
    let stsd = child(stbl, &[b"stsd"])?;
    let (kind, entry) = boxes(stsd.get(8..)?).next()?;
    if &kind != b"avc1" && &kind != b"avc3" {
        return None;
    }
    let (width, height) = (be16(entry, 24)?, be16(entry, 26)?);
    let avcc = child(entry.get(78..)?, &[b"avcC"])?;
    let length_size = (*avcc.get(4)? & 3) as usize + 1;
    let mut parameter_sets = Vec::new();
    let mut at = 5;
    for mask in [0x1f, 0xff] {
        let count = (*avcc.get(at)? & mask) as usize;
        at += 1;
        for _ in 0..count {
            let len = be16(avcc, at)?;
            parameter_sets.extend_from_slice(&[0, 0, 0, 1]);
            parameter_sets.extend_from_slice(avcc.get(at + 2..at + 2 + len)?);
            at += 2 + len;
        }
    }

    let stsz = child(stbl, &[b"stsz"])?;
    let (fixed, count) = (be32(stsz, 4)? as usize, be32(stsz, 8)? as usize);
    if count == 0 || count > MAX_FRAMES {
        return None;
    }
    let sizes: Vec<usize> = (0..count)
        .map(|i| {
            if fixed > 0 {
                Some(fixed)
            } else {
                be32(stsz, 12 + 4 * i).map(|s| s as usize)
            }
        })
        .collect::<Option<_>>()?;
    let chunk_offsets: Vec<u64> = match child(stbl, &[b"stco"]) {
        Some(stco) => (0..be32(stco, 4)? as usize)
            .map(|i| be32(stco, 8 + 4 * i).map(u64::from))
            .collect::<Option<_>>()?,
        None => {
            let co64 = child(stbl, &[b"co64"])?;
            (0..be32(co64, 4)? as usize)
                .map(|i| {
                    Some(
                        u64::from(be32(co64, 8 + 8 * i)?) << 32
                            | u64::from(be32(co64, 12 + 8 * i)?),
                    )
                })
                .collect::<Option<_>>()?
        }
    };
    // Samples per chunk, from runs of (first chunk, samples) in stsc.
    let stsc = child(stbl, &[b"stsc"])?;
    let runs: Vec<(usize, usize)> = (0..be32(stsc, 4)? as usize)
        .map(|i| {
            Some((
                be32(stsc, 8 + 12 * i)? as usize,
                be32(stsc, 12 + 12 * i)? as usize,
            ))
        })
        .collect::<Option<_>>()?;
    let mut samples = Vec::with_capacity(count);
    let mut sizes_left = sizes.iter();
    for (chunk, offset) in chunk_offsets.iter().enumerate() {
        let per_chunk = runs.iter().rev().find(|(first, _)| *first <= chunk + 1)?.1;
        let mut at = usize::try_from(*offset).ok()?;
        for _ in 0..per_chunk {
            let Some(&size) = sizes_left.next() else {
                break;
            };
            samples.push(mp4.get(at..at.checked_add(size)?)?);
            at += size;
        }
    }
    if samples.len() != count {
        return None;
    }

    let stts = child(stbl, &[b"stts"])?;
    let ticks: u64 = (0..be32(stts, 4)? as usize)
        .map(|i| Some(u64::from(be32(stts, 8 + 8 * i)?) * u64::from(be32(stts, 12 + 8 * i)?)))
        .sum::<Option<u64>>()?;
    if timescale == 0 || ticks == 0 {
        return None;
    }
    Some(VideoTrack {
        parameter_sets,
        length_size,
        samples,
        seconds: ticks as f64 / f64::from(timescale),
        width,
        height,
    })
}

/// A sample's length-prefixed NAL units as an Annex B stream (start codes), as the decoder
/// reads them.
fn annex_b(sample: &[u8], length_size: usize, out: &mut Vec<u8>) -> Option<()> {
    let mut at = 0;
    while at < sample.len() {
        let len = sample
            .get(at..at + length_size)?
            .iter()
            .fold(0usize, |n, b| n << 8 | *b as usize);
        out.extend_from_slice(&[0, 0, 0, 1]);
        out.extend_from_slice(sample.get(at + length_size..at + length_size + len)?);
        at += length_size + len;
    }
    Some(())
}

/// An H.264 MP4's video track, checked and ready to decode.
pub(crate) struct Clip<'a> {
    track: VideoTrack<'a>,
    pub fps: f64,
    pub seconds: f64,
    pub width: u32,
    pub height: u32,
    /// The source's own bitrate, so a re-encode looks the same.
    pub bitrate: u32,
}

impl<'a> Clip<'a> {
    pub(crate) fn read(mp4: &'a [u8]) -> Result<Clip<'a>, EngineError> {
        let track =
            video_track(mp4).ok_or_else(|| invalid("no H.264 video track could be read"))?;
        let bytes: usize = track.samples.iter().map(|s| s.len()).sum();
        let (w, h) = (track.width, track.height);
        if w == 0 || h == 0 || w % 2 != 0 || h % 2 != 0 || w.max(h) > codec::MAX_DIMENSION as usize
        {
            return Err(invalid(&format!("{w}×{h} frames")));
        }
        Ok(Clip {
            fps: track.samples.len() as f64 / track.seconds,
            seconds: track.seconds,
            width: w as u32,
            height: h as u32,
            bitrate: ((bytes as f64 * 8.0 / track.seconds) as u32).clamp(500_000, 20_000_000),
            track,
        })
    }

    pub(crate) fn frame_count(&self) -> usize {
        self.track.samples.len()
    }

    /// Decodes every frame in order and hands each to `each`; fails unless every frame
    /// decodes.
    pub(crate) fn decode(
        &self,
        mut each: impl FnMut(RgbaImage) -> Result<RgbaImage, EngineError>,
    ) -> Result<(), EngineError> {
        let (w, h) = (self.width as usize, self.height as usize);
        let decode_err = |e: openh264::Error| invalid(&format!("h264: {e}"));
        let mut decoder = Decoder::new().map_err(decode_err)?;
        let mut rgba = vec![0; w * h * 4];
        let mut frames = 0;
        let mut take = |yuv: &DecodedYUV<'_>| -> Result<(), EngineError> {
            if yuv.dimensions() != (w, h) {
                return Err(invalid("a frame of another size than the track's"));
            }
            yuv.write_rgba8(&mut rgba);
            let picture = RgbaImage::from_raw(w as u32, h as u32, std::mem::take(&mut rgba))
                .ok_or_else(|| invalid("a frame of the wrong size"))?;
            // The buffer comes back to be filled again.
            rgba = each(picture)?.into_raw();
            rgba.resize(w * h * 4, 0);
            frames += 1;
            Ok(())
        };
        let track = &self.track;
        let mut packet = track.parameter_sets.clone();
        for sample in &track.samples {
            annex_b(sample, track.length_size, &mut packet)
                .ok_or_else(|| invalid("a frame's NAL units run past its end"))?;
            if let Some(yuv) = decoder.decode(&packet).map_err(decode_err)? {
                take(&yuv)?;
            }
            packet.clear();
        }
        for yuv in decoder.flush_remaining().map_err(decode_err)? {
            take(&yuv)?;
        }
        if frames != track.samples.len() {
            return Err(invalid(&format!(
                "{frames} of {} frames decoded",
                track.samples.len()
            )));
        }
        Ok(())
    }
}

/// The MP4 `mp4` with the free plan's mark in the bottom-right corner of every frame. The
/// audio of a file that has some is not kept (the studio's videos have none).
pub fn mark_mp4(mp4: &[u8]) -> Result<Vec<u8>, EngineError> {
    let clip = Clip::read(mp4)?;
    let (w, h) = (clip.width as usize, clip.height as usize);
    let mut writer = Mp4Writer::new(clip.width, clip.height, clip.fps, clip.bitrate)?;
    clip.decode(|mut picture| {
        watermark::mark(&mut picture);
        let marked = YUVBuffer::from_rgba8_source(RgbaSliceU8::new(picture.as_raw(), (w, h)));
        writer.push(&marked)?;
        Ok(picture)
    })?;
    writer.finish()
}

/// One track of an MP4, as its header boxes describe it.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct TrackInfo {
    /// The handler: `vide` or `soun`.
    pub kind: [u8; 4],
    /// The sample entry: `avc1`, `mp4a`, …
    pub codec: [u8; 4],
    pub width: u32,
    pub height: u32,
    pub seconds: f64,
    /// For `mp4a`: the object type of the AudioSpecificConfig in its esds (2 = AAC-LC).
    pub audio_object_type: Option<u8>,
}

/// The tracks of the MP4 `mp4` (none when it cannot be read).
pub(crate) fn tracks(mp4: &[u8]) -> Vec<TrackInfo> {
    let Some(moov) = child(mp4, &[b"moov"]) else {
        return Vec::new();
    };
    boxes(moov)
        .filter(|(kind, _)| kind == b"trak")
        .filter_map(|(_, trak)| {
            let kind: [u8; 4] = child(trak, &[b"mdia", b"hdlr"])?
                .get(8..12)?
                .try_into()
                .ok()?;
            let mdhd = child(trak, &[b"mdia", b"mdhd"])?;
            let (timescale, duration) = match mdhd.first()? {
                0 => (be32(mdhd, 12)?, u64::from(be32(mdhd, 16)?)),
                _ => (
                    be32(mdhd, 20)?,
                    u64::from(be32(mdhd, 24)?) << 32 | u64::from(be32(mdhd, 28)?),
                ),
            };
            let stsd = child(trak, &[b"mdia", b"minf", b"stbl", b"stsd"])?;
            let (codec, entry) = boxes(stsd.get(8..)?).next()?;
            let (width, height) = if kind == *b"vide" {
                (be16(entry, 24)? as u32, be16(entry, 26)? as u32)
            } else {
                (0, 0)
            };
            let audio_object_type = (codec == *b"mp4a")
                .then(|| child(entry.get(28..)?, &[b"esds"]).and_then(esds_object_type))
                .flatten();
            Some(TrackInfo {
                kind,
                codec,
                width,
                height,
                seconds: duration as f64 / f64::from(timescale.max(1)),
                audio_object_type,
            })
        })
        .collect()
}

/// The audio object type in an esds box's DecoderSpecificInfo (its AudioSpecificConfig).
fn esds_object_type(esds: &[u8]) -> Option<u8> {
    // A descriptor: a tag, a length of 1–4 bytes (7 bits each), then its body.
    fn descriptor(data: &[u8], at: usize) -> Option<(u8, usize, usize)> {
        let tag = *data.get(at)?;
        let (mut len, mut i) = (0usize, at + 1);
        loop {
            let b = *data.get(i)?;
            len = len << 7 | (b & 0x7f) as usize;
            i += 1;
            if b & 0x80 == 0 || i - at > 4 {
                break;
            }
        }
        Some((tag, i, len))
    }
    let (tag, body, _) = descriptor(esds, 4)?;
    if tag != 0x03 {
        return None;
    }
    let flags = *esds.get(body + 2)?;
    let mut at = body + 3;
    if flags & 0x80 != 0 {
        at += 2;
    }
    if flags & 0x40 != 0 {
        at += 1 + *esds.get(at)? as usize;
    }
    if flags & 0x20 != 0 {
        at += 2;
    }
    let (tag, config, _) = descriptor(esds, at)?;
    if tag != 0x04 {
        return None;
    }
    let (tag, specific, _) = descriptor(esds, config + 13)?;
    if tag != 0x05 {
        return None;
    }
    Some(*esds.get(specific)? >> 3)
}
