//! Reels: a video and a music track become one MP4 per reel target (H.264 and AAC-LC, the
//! format social platforms take). A reel of another ratio than the video is re-composed,
//! never cropped: a video the engine animated from a scene it can render again is made
//! again at the reel's ratio (the scene rendered with the same brief, settings and seed, and
//! animated with the same moves, length and seed); any other video is kept whole in the
//! reel's frame, the rest filled with its own background enlarged and softened. The music
//! is cut (or repeated) to the video's length and fades out at its end. Each file is read
//! back and checked: size, streams, length, and says how its frame was filled.

use domain::generation::Duration;
use image::RgbaImage;
use openh264::formats::{RgbaSliceU8, YUVBuffer};

use super::checks::Check;
use super::{compose, outpaint, ExportFile, Source, Target};
use crate::audio::{self, AacStream};
use crate::generate::ImageRequest;
use crate::video::{parse_motion, Clip, Mp4Writer, SceneClip, VideoSource};
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

/// The video a reel is made from.
#[derive(Debug, Clone, Copy)]
pub enum ReelSource<'a> {
    /// An H.264 MP4 kept whole in each reel's frame, its background extended.
    Video(&'a [u8]),
    /// An H.264 MP4 the engine animated from a scene it can render again: each reel renders
    /// `scene` at its own ratio and animates it as the video was.
    Scene {
        video: &'a [u8],
        /// The request that made the scene (brief, settings, seed, photos).
        scene: ImageRequest<'a>,
        /// The video's brief, which names its moves.
        motion: &'a str,
        duration: Duration,
        /// The video's seed.
        seed: u64,
    },
}

fn refused(why: &str) -> EngineError {
    EngineError::InvalidInput(why.to_owned())
}

/// One reel being written.
struct Reel {
    target: Target,
    width: u32,
    height: u32,
    clean: Mp4Writer,
    marked: Option<Mp4Writer>,
    poster: Option<Vec<u8>>,
}

impl Reel {
    /// Adds one frame given as RGBA.
    fn push_rgba(&mut self, frame: RgbaImage) -> Result<(), EngineError> {
        self.clean
            .push(&YUVBuffer::from_rgba8_source(RgbaSliceU8::new(
                frame.as_raw(),
                (self.width as usize, self.height as usize),
            )))?;
        self.poster_and_marked(frame)
    }

    /// Whether the RGBA of a frame already given to the clean copy is still wanted.
    fn wants_rgba(&self) -> bool {
        self.poster.is_none() || self.marked.is_some()
    }

    /// Keeps the first frame as the poster and adds the frame, marked, to the marked copy.
    fn poster_and_marked(&mut self, mut frame: RgbaImage) -> Result<(), EngineError> {
        if self.poster.is_none() {
            self.poster = Some(codec::encode_jpeg(&frame, codec::JPEG_QUALITY)?);
        }
        if let Some(marked) = &mut self.marked {
            watermark::mark(&mut frame);
            marked.push(&YUVBuffer::from_rgba8_source(RgbaSliceU8::new(
                frame.as_raw(),
                (self.width as usize, self.height as usize),
            )))?;
        }
        Ok(())
    }
}

/// Makes one reel per target in `targets` (reel targets only) from `source` and the music
/// `music` (Ogg Vorbis or WAV); with `mark`, each also in a marked copy. A kept video is
/// decoded once for all targets. Stages: "music", "composing".
pub fn reels(
    source: ReelSource,
    music: &[u8],
    targets: &[Target],
    mark: bool,
    progress: &mut dyn Progress,
) -> Result<Vec<ReelFile>, EngineError> {
    if targets.is_empty() || targets.iter().any(|t| !t.is_reel()) {
        return Err(refused("reels are made for reel targets only"));
    }
    progress.report("music", 0.0)?;
    let video = match source {
        ReelSource::Video(video) | ReelSource::Scene { video, .. } => video,
    };
    let clip = Clip::read(video)?;
    let aac = soundtrack(music, clip.seconds)?;
    let mut reels = Vec::new();
    for target in targets {
        let (width, height) = target.size().expect("reels have a size");
        let writer = || Mp4Writer::with_audio(width, height, clip.fps, BITRATE, Some(&aac));
        reels.push(Reel {
            target: *target,
            width,
            height,
            clean: writer()?,
            marked: if mark { Some(writer()?) } else { None },
            poster: None,
        });
    }

    progress.report("composing", 0.05)?;
    let how = match source {
        ReelSource::Video(_) => {
            kept_whole(&clip, &mut reels, progress)?;
            "The video is kept whole; the rest of the frame continues its own background, \
             blurred."
        }
        ReelSource::Scene {
            scene,
            motion,
            duration,
            seed,
            ..
        } => {
            let fps = clip.fps.round() as u32;
            made_again(scene, motion, duration, fps, seed, &mut reels, progress)?;
            "The scene was rendered again at the reel's ratio with the same brief, settings \
             and seed, and animated with the same moves."
        }
    };

    let mut made = Vec::with_capacity(reels.len());
    for reel in reels {
        let mut clean = reel.clean;
        clean.push_audio(&aac)?;
        let bytes = clean.finish()?;
        let marked = match reel.marked {
            Some(mut m) => {
                m.push_audio(&aac)?;
                Some(m.finish()?)
            }
            None => None,
        };
        let target = reel.target;
        let mut checks = check_reel(target, &bytes, clip.seconds);
        checks.push(check(outpaint::RULE, true, how.to_owned()));
        made.push(ReelFile {
            file: ExportFile {
                target,
                bytes,
                width: reel.width,
                height: reel.height,
                checks,
                placement: None,
            },
            marked,
            poster_jpeg: reel
                .poster
                .ok_or_else(|| refused("the video has no frames"))?,
            seconds: clip.seconds,
        });
    }
    progress.report("done", 1.0)?;
    Ok(made)
}

/// Every frame of the video kept whole in each reel's frame, its background extended.
fn kept_whole(
    clip: &Clip,
    reels: &mut [Reel],
    progress: &mut dyn Progress,
) -> Result<(), EngineError> {
    let total = clip.frame_count().max(1);
    let mut done = 0usize;
    clip.decode(|frame| {
        for reel in reels.iter_mut() {
            let (framed, _) = compose::extend(&frame, None, reel.width, reel.height, false);
            reel.push_rgba(framed)?;
        }
        done += 1;
        progress.report("composing", 0.05 + 0.93 * done as f32 / total as f32)?;
        Ok(frame)
    })?;
    Ok(())
}

/// The scene rendered again at each reel's size and animated as the video was.
fn made_again(
    scene: ImageRequest,
    motion: &str,
    duration: Duration,
    fps: u32,
    seed: u64,
    reels: &mut [Reel],
    progress: &mut dyn Progress,
) -> Result<(), EngineError> {
    let source = Source::Engine(scene);
    let prepared = super::prepare(&source, &[])?;
    // Rendered at the largest zoom the moves reach, so that moment is drawn 1:1.
    let zoom = parse_motion(motion).max_zoom();
    let count = reels.len() as f32;
    for (k, reel) in reels.iter_mut().enumerate() {
        let (w, h) = (reel.width, reel.height);
        let at = |v: u32| (v as f32 * zoom).round() as u32;
        let layers = super::scene_at(&prepared, &scene, at(w), at(h), false)?;
        let mut frames = SceneClip::new(
            VideoSource::Layers {
                background: &layers.background,
                product: &layers.product,
                shadow: Some(&layers.shadow),
            },
            motion,
            duration,
            fps,
            seed,
            (w, h),
        )?;
        let total = frames.frame_count();
        for i in 0..total {
            let planes = frames.render(i);
            reel.clean.push(&planes)?;
            if reel.wants_rgba() {
                reel.poster_and_marked(frames.to_rgba())?;
            }
            let done = (k as f32 + (i + 1) as f32 / total as f32) / count;
            progress.report("composing", 0.05 + 0.93 * done)?;
        }
    }
    Ok(())
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
