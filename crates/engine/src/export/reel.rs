//! Reels: a video and a music track become one MP4 per reel target (H.264 and AAC-LC, the
//! format social platforms take). Every frame is kept whole in the target's frame, the rest
//! filled with its own background enlarged and softened, as a picture is extended; the music
//! is cut (or repeated) to the video's length and fades out at its end. Each file is read
//! back and checked: size, streams, length.

use openh264::formats::{RgbaSliceU8, YUVBuffer};

use super::checks::Check;
use super::{compose, ExportFile, Target};
use crate::audio::{self, AacStream};
use crate::video::{Clip, Mp4Writer};
use crate::{codec, watermark, EngineError, Progress};

/// How long the music takes to fade out at the end of a reel.
pub const FADE_OUT_SECONDS: f32 = 0.75;

/// A reel's length may differ from the video's by this much.
pub const LENGTH_TOLERANCE_SECONDS: f64 = 0.1;

/// The bitrate of a reel's 1080-wide frames: clean on a phone, well under the platforms'
/// upload limits.
const BITRATE: u32 = 8_000_000;

/// One reel and, when asked, the same reel with the free plan's mark on every frame.
#[derive(Debug, Clone)]
pub struct ReelFile {
    pub file: ExportFile,
    pub marked: Option<Vec<u8>>,
    /// The reel's first frame as a JPEG (clean).
    pub poster_jpeg: Vec<u8>,
    pub seconds: f64,
}

fn refused(why: &str) -> EngineError {
    EngineError::InvalidInput(why.to_owned())
}

/// Makes one reel per target in `targets` (reel targets only) from the H.264 MP4 `video` and
/// the music `music` (Ogg Vorbis or WAV); with `mark`, each also in a marked copy. The video
/// is decoded once for all targets. Stages: "music", "composing".
pub fn reels(
    video: &[u8],
    music: &[u8],
    targets: &[Target],
    mark: bool,
    progress: &mut dyn Progress,
) -> Result<Vec<ReelFile>, EngineError> {
    if targets.is_empty() || targets.iter().any(|t| !t.is_reel()) {
        return Err(refused("reels are made for reel targets only"));
    }
    progress.report("music", 0.0)?;
    let clip = Clip::read(video)?;
    let aac = soundtrack(music, clip.seconds)?;
    let mut writers = Vec::new();
    for target in targets {
        let (w, h) = target.size().expect("reels have a size");
        let clean = Mp4Writer::with_audio(w, h, clip.fps, BITRATE, Some(&aac))?;
        let marked = if mark {
            Some(Mp4Writer::with_audio(w, h, clip.fps, BITRATE, Some(&aac))?)
        } else {
            None
        };
        writers.push((*target, (w, h), clean, marked, None));
    }

    progress.report("composing", 0.05)?;
    let total = clip.frame_count().max(1);
    let mut done = 0usize;
    clip.decode(|frame| {
        for (_, (w, h), clean, marked, poster) in &mut writers {
            let (mut framed, _) = compose::extend(&frame, None, *w, *h, false);
            if poster.is_none() {
                *poster = Some(codec::encode_jpeg(&framed, codec::JPEG_QUALITY)?);
            }
            let size = (*w as usize, *h as usize);
            clean.push(&YUVBuffer::from_rgba8_source(RgbaSliceU8::new(
                framed.as_raw(),
                size,
            )))?;
            if let Some(marked) = marked {
                watermark::mark(&mut framed);
                marked.push(&YUVBuffer::from_rgba8_source(RgbaSliceU8::new(
                    framed.as_raw(),
                    size,
                )))?;
            }
        }
        done += 1;
        progress.report("composing", 0.05 + 0.93 * done as f32 / total as f32)?;
        Ok(frame)
    })?;

    let mut made = Vec::with_capacity(writers.len());
    for (target, (w, h), mut clean, marked, poster) in writers {
        clean.push_audio(&aac)?;
        let bytes = clean.finish()?;
        let marked = match marked {
            Some(mut m) => {
                m.push_audio(&aac)?;
                Some(m.finish()?)
            }
            None => None,
        };
        let checks = check_reel(target, &bytes, clip.seconds);
        made.push(ReelFile {
            file: ExportFile {
                target,
                bytes,
                width: w,
                height: h,
                checks,
                placement: None,
            },
            marked,
            poster_jpeg: poster.ok_or_else(|| refused("the video has no frames"))?,
            seconds: clip.seconds,
        });
    }
    progress.report("done", 1.0)?;
    Ok(made)
}

/// The music as AAC-LC, exactly `seconds` long (cut, or repeated when shorter), fading out.
fn soundtrack(music: &[u8], seconds: f64) -> Result<AacStream, EngineError> {
    let pcm = audio::decode(music)?;
    if pcm.left.is_empty() {
        return Err(refused("the music has no sound"));
    }
    let rate = if pcm.rate >= 48_000 { 48_000 } else { 44_100 };
    let pcm = pcm.resampled(rate);
    let samples = (seconds * f64::from(rate)).round() as usize;
    let fitted = pcm.fitted(samples, FADE_OUT_SECONDS);
    audio::encode_aac(&fitted.left, &fitted.right, rate)
}

fn check(rule: &'static str, ok: bool, detail: String) -> Check {
    Check { rule, ok, detail }
}

/// Reads the reel back from its bytes: the frame size, an H.264 video and an AAC-LC audio
/// stream, and both as long as the video it was made from.
pub fn check_reel(target: Target, bytes: &[u8], video_seconds: f64) -> Vec<Check> {
    let mut checks = Vec::new();
    let (w, h) = target.size().unwrap_or((0, 0));
    let tracks = crate::video::tracks(bytes);
    let video = tracks.iter().find(|t| t.kind == *b"vide");
    let sound = tracks.iter().find(|t| t.kind == *b"soun");
    let size = video.map(|v| (v.width, v.height));
    checks.push(check(
        "size",
        size == Some((w, h)),
        match size {
            Some((vw, vh)) => format!("{vw}×{vh} px (the reel is {w}×{h})"),
            None => "no video track".to_owned(),
        },
    ));
    let codecs = (video.map(|v| v.codec), sound.map(|s| s.codec));
    let aot = sound.and_then(|s| s.audio_object_type);
    let streams_ok = codecs == (Some(*b"avc1"), Some(*b"mp4a")) && aot == Some(2);
    let name = |c: Option<[u8; 4]>| {
        c.map_or("none".to_owned(), |c| {
            String::from_utf8_lossy(&c).into_owned()
        })
    };
    checks.push(check(
        "streams",
        streams_ok,
        if streams_ok {
            "H.264 video and AAC-LC audio".to_owned()
        } else {
            format!(
                "video {}, audio {}{} (H.264 and AAC-LC wanted)",
                name(codecs.0),
                name(codecs.1),
                aot.map_or(String::new(), |a| format!(" object type {a}"))
            )
        },
    ));
    let lengths = [video, sound].map(|t| t.map(|t| t.seconds));
    let within =
        |s: Option<f64>| s.is_some_and(|s| (s - video_seconds).abs() <= LENGTH_TOLERANCE_SECONDS);
    checks.push(check(
        "duration",
        within(lengths[0]) && within(lengths[1]),
        format!(
            "video {} s, music {} s (the source video is {video_seconds:.2} s)",
            lengths[0].map_or("–".to_owned(), |s| format!("{s:.2}")),
            lengths[1].map_or("–".to_owned(), |s| format!("{s:.2}")),
        ),
    ));
    checks
}
