//! Reels: a video and a music track become one MP4 per reel target (H.264 and AAC-LC, the
//! format social platforms take). A reel of another ratio than the video is re-composed,
//! never cropped: a video the engine animated from a scene it can render again is made
//! again at the reel's ratio (the scene rendered with the same brief, settings and seed, and
//! animated with the same moves, length and seed); any other video is kept whole in the
//! reel's frame, the rest filled with its own background enlarged and softened. The music
//! is cut (or repeated) to the video's length and fades out at its end. An ad's words may
//! be laid over it: a title card over the first seconds and an end card over the last, each
//! fading. Each file is read back and checked: size, streams, length, and says how its frame
//! was filled (and where its cards are).

use domain::generation::Duration;
use image::RgbaImage;
use openh264::formats::{RgbaSliceU8, YUVBuffer};

use super::checks::Check;
use super::{compose, outpaint, ExportFile, Source, Target};
use crate::audio::{self, AacStream};
use crate::design::{self, Brand, Card, Design, FontBook};
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

/// The words of a title card: the ad's headline and offer.
#[derive(Debug, Clone, Copy)]
pub struct TitleWords<'a> {
    pub headline: &'a str,
    pub offer: Option<&'a str>,
}

/// The words of an end card: one line (the brand's tagline, or the ad's headline) and the
/// call to action.
#[derive(Debug, Clone, Copy)]
pub struct EndWords<'a> {
    pub line: &'a str,
    pub cta: Option<&'a str>,
}

/// Cards laid over every reel: each is set for the reel's size in the brand's fonts and
/// colours (the logo, when the brand has one, on the end card).
#[derive(Clone, Copy)]
pub struct ReelCards<'a> {
    pub title: Option<TitleWords<'a>>,
    pub end: Option<EndWords<'a>>,
    pub brand: &'a Brand,
    pub fonts: &'a FontBook,
}

/// When the cards of a reel `seconds` long show: the title card whole from the first frame
/// for `hold` seconds, then fading out over `fade`; the end card fading in over `fade` and
/// then whole for the last `hold` seconds. At most 2 s and 0.5 s, and shorter in a short
/// reel (30 % and 10 % of it), so the video shows between them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct CardTimes {
    pub seconds: f64,
    pub hold: f64,
    pub fade: f64,
}

impl CardTimes {
    pub fn of(seconds: f64) -> Self {
        CardTimes {
            seconds,
            hold: (0.3 * seconds).min(2.0),
            fade: (0.1 * seconds).min(0.5),
        }
    }

    /// The title card's opacity at `t` seconds.
    pub fn title(&self, t: f64) -> f32 {
        (1.0 - (t - self.hold) / self.fade).clamp(0.0, 1.0) as f32
    }

    /// The end card's opacity at `t` seconds.
    pub fn end(&self, t: f64) -> f32 {
        let from = self.seconds - self.hold - self.fade;
        ((t - from) / self.fade).clamp(0.0, 1.0) as f32
    }
}

/// The cards of one reel, laid out on its first frame.
struct Laid {
    times: CardTimes,
    title: Option<Card>,
    end: Option<Card>,
    /// Why a card asked for could not be set.
    refused: Vec<String>,
}

impl Laid {
    fn new(cards: &ReelCards, first: &RgbaImage, seconds: f64) -> Laid {
        let mut refused = Vec::new();
        let mut keep = |kind: &str, card: Result<Card, design::DesignRefused>| match card {
            Ok(card) => Some(card),
            Err(e) => {
                refused.push(format!("no {kind} card: {}", e.reason));
                None
            }
        };
        let title = cards.title.and_then(|w| {
            keep(
                "title",
                design::title_card(first, w.headline, w.offer, cards.brand, cards.fonts),
            )
        });
        let end = cards.end.and_then(|w| {
            keep(
                "end",
                design::end_card(w.line, w.cta, cards.brand, cards.fonts, first.dimensions()),
            )
        });
        Laid {
            times: CardTimes::of(seconds),
            title,
            end,
            refused,
        }
    }

    /// The opacities of the title and end cards at `t` seconds (0 for a card not laid).
    fn at(&self, t: f64) -> (f32, f32) {
        (
            if self.title.is_some() {
                self.times.title(t)
            } else {
                0.0
            },
            if self.end.is_some() {
                self.times.end(t)
            } else {
                0.0
            },
        )
    }

    fn shows(&self, t: f64) -> bool {
        let (a, b) = self.at(t);
        a > 0.0 || b > 0.0
    }

    fn lay_over(&self, frame: &mut RgbaImage, t: f64) {
        let (a, b) = self.at(t);
        for (card, opacity) in [(&self.title, a), (&self.end, b)] {
            if let Some(card) = card {
                design::overlay(frame, &card.layers, opacity);
            }
        }
    }

    /// The `cards` check: where each card shows, and that its text and logo keep inside the
    /// frame's safe zone; failed when a card asked for could not be set.
    fn check(&self) -> Check {
        let t = self.times;
        let mut said = Vec::new();
        let mut inside = true;
        for card in [&self.title, &self.end].into_iter().flatten() {
            let d = &card.design;
            let safe = design::safe_frame(d.width, d.height);
            inside &= d.layers.iter().all(|l| safe.contains(l.bounds))
                && d.logo.is_none_or(|r| safe.contains(r));
        }
        if let Some(card) = &self.title {
            said.push(format!(
                "title card \u{201c}{}\u{201d} from the first frame to {:.1} s, faded out by {:.1} s",
                card.design.copy.headline,
                t.hold,
                t.hold + t.fade
            ));
        }
        if let Some(card) = &self.end {
            let logo = if card.design.logo.is_some() {
                "the logo, "
            } else {
                ""
            };
            said.push(format!(
                "end card with {logo}\u{201c}{}\u{201d}{} fading in from {:.1} s, whole from {:.1} s",
                card.design.copy.headline,
                card.design
                    .copy
                    .cta
                    .as_deref()
                    .map_or(String::new(), |c| format!(" and \u{201c}{c}\u{201d}")),
                t.seconds - t.hold - t.fade,
                t.seconds - t.hold
            ));
        }
        if inside {
            said.push("their text and logo inside the reel's safe zone".to_owned());
        } else {
            said.push("a card's text reaches outside the reel's safe zone".to_owned());
        }
        said.extend(self.refused.iter().cloned());
        check("cards", inside && self.refused.is_empty(), said.join("; "))
    }
}

/// One reel and, when asked, the same reel with the free plan's mark on every frame.
#[derive(Debug, Clone)]
pub struct ReelFile {
    pub file: ExportFile,
    pub marked: Option<Vec<u8>>,
    /// The reel's first frame as a JPEG (clean).
    pub poster_jpeg: Vec<u8>,
    pub seconds: f64,
    /// The title and end cards as laid out on this reel, when asked for and set.
    pub title_card: Option<Design>,
    pub end_card: Option<Design>,
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
    cards: Option<Laid>,
}

impl Reel {
    /// Lays the cards out on the reel's first frame.
    fn lay_cards(&mut self, cards: Option<&ReelCards>, first: &RgbaImage, seconds: f64) {
        if let Some(cards) = cards {
            self.cards = Some(Laid::new(cards, first, seconds));
        }
    }

    /// Whether a card shows at `t` seconds.
    fn card_at(&self, t: f64) -> bool {
        self.cards.as_ref().is_some_and(|c| c.shows(t))
    }

    /// Adds one frame given as RGBA, with the cards showing at `t` seconds laid over it.
    fn push_frame(&mut self, mut frame: RgbaImage, t: f64) -> Result<(), EngineError> {
        if let Some(cards) = &self.cards {
            cards.lay_over(&mut frame, t);
        }
        self.push_rgba(frame)
    }

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
/// `music` (Ogg Vorbis or WAV); with `mark`, each also in a marked copy; with `cards`, the
/// title and end cards laid over each (a card that cannot be set is left out and its
/// `cards` check fails saying why). A kept video is decoded once for all targets. Stages:
/// "music", "composing".
pub fn reels(
    source: ReelSource,
    music: &[u8],
    targets: &[Target],
    mark: bool,
    cards: Option<&ReelCards>,
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
            cards: None,
        });
    }

    progress.report("composing", 0.05)?;
    let how = match source {
        ReelSource::Video(_) => {
            kept_whole(&clip, &mut reels, cards, progress)?;
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
            made_again(
                scene, motion, duration, fps, seed, &mut reels, cards, progress,
            )?;
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
        if let Some(cards) = &reel.cards {
            checks.push(cards.check());
        }
        let (title_card, end_card) = match reel.cards {
            Some(c) => (c.title.map(|c| c.design), c.end.map(|c| c.design)),
            None => (None, None),
        };
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
            title_card,
            end_card,
        });
    }
    progress.report("done", 1.0)?;
    Ok(made)
}

/// Every frame of the video kept whole in each reel's frame, its background extended.
fn kept_whole(
    clip: &Clip,
    reels: &mut [Reel],
    cards: Option<&ReelCards>,
    progress: &mut dyn Progress,
) -> Result<(), EngineError> {
    let total = clip.frame_count().max(1);
    let mut done = 0usize;
    clip.decode(|frame| {
        let t = done as f64 / clip.fps;
        for reel in reels.iter_mut() {
            let (framed, _) = compose::extend(&frame, None, reel.width, reel.height, false);
            if done == 0 {
                reel.lay_cards(cards, &framed, clip.seconds);
            }
            reel.push_frame(framed, t)?;
        }
        done += 1;
        progress.report("composing", 0.05 + 0.93 * done as f32 / total as f32)?;
        Ok(frame)
    })?;
    Ok(())
}

/// The scene rendered again at each reel's size and animated as the video was.
#[allow(clippy::too_many_arguments)]
fn made_again(
    scene: ImageRequest,
    motion: &str,
    duration: Duration,
    fps: u32,
    seed: u64,
    reels: &mut [Reel],
    cards: Option<&ReelCards>,
    progress: &mut dyn Progress,
) -> Result<(), EngineError> {
    let source = Source::Engine(scene);
    let prepared = super::prepare(&source, &[])?;
    // Rendered at the largest zoom the moves reach, so that moment is drawn 1:1.
    let zoom = parse_motion(motion).max_zoom();
    let count = reels.len() as f32;
    let seconds = f64::from(duration.seconds());
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
            let t = f64::from(i) / f64::from(fps);
            frames.render(i);
            if i == 0 {
                reel.lay_cards(cards, &frames.to_rgba(), seconds);
            }
            if reel.card_at(t) {
                reel.push_frame(frames.to_rgba(), t)?;
            } else {
                let planes = frames.planes();
                reel.clean.push(&planes)?;
                if reel.wants_rgba() {
                    reel.poster_and_marked(frames.to_rgba())?;
                }
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
