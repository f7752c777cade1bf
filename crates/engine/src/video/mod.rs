//! Image to video: camera moves (push-in, pull-out, pan, parallax, orbit) with light sweeps,
//! drifting motes and a floating product, encoded as H.264 in a fast-start MP4 (moov before
//! mdat, so browsers play at once), plus a JPEG poster of the first frame.
//!
//! The product is always one rigid layer: it is moved and scaled as a whole, never warped.
//! A flat picture is first split into product and background where the product can be told
//! apart; otherwise the whole picture moves rigidly.

mod mark;
mod motion;
mod render;
mod separate;

use domain::generation::Duration;
use image::RgbaImage;
use openh264::encoder::{
    BitRate, Encoder, EncoderConfig, FrameRate, FrameType, IntraFramePeriod, RateControlMode,
    VuiConfig,
};
use openh264::formats::{YUVSlices, YUVSource};
use openh264::OpenH264API;

pub use mark::mark_mp4;
pub(crate) use mark::{tracks, Clip};
pub use motion::{parse_motion, Camera, Motion};

use crate::{codec, EngineError, Progress};

/// What to animate.
#[derive(Debug, Clone, Copy)]
pub enum VideoSource<'a> {
    /// An encoded picture. The product is lifted out as its own layer when it stands out
    /// from its backdrop; otherwise the picture moves as one rigid layer.
    Image(&'a [u8]),
    /// A scene's layers (all the same size): the product layer (transparent outside the
    /// product) moves against the background, its shadow moving with it.
    Layers {
        background: &'a RgbaImage,
        product: &'a RgbaImage,
        shadow: Option<&'a RgbaImage>,
    },
}

/// Output size by its short side; the long side follows the source's aspect.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum VideoQuality {
    P1080,
    #[default]
    P720,
    P480,
}

impl VideoQuality {
    pub fn short_side(self) -> u32 {
        match self {
            VideoQuality::P1080 => 1080,
            VideoQuality::P720 => 720,
            VideoQuality::P480 => 480,
        }
    }

    /// Target bit rate: enough that slow camera moves over detailed product shots stay clean.
    fn bitrate(self) -> u32 {
        match self {
            VideoQuality::P1080 => 8_000_000,
            VideoQuality::P720 => 4_000_000,
            VideoQuality::P480 => 2_000_000,
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        match text.trim().to_lowercase().trim_end_matches('p') {
            "1080" => Some(VideoQuality::P1080),
            "720" => Some(VideoQuality::P720),
            "480" => Some(VideoQuality::P480),
            _ => None,
        }
    }
}

#[derive(Debug, Clone)]
pub struct RenderedVideo {
    pub mp4: Vec<u8>,
    pub poster_jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
    pub duration_seconds: f32,
    pub fps: u32,
    pub motion: Motion,
}

/// Frame size for a source of `width`×`height`: the short side from `quality`, the long side
/// from the aspect (kept within 3:1), both even as 4:2:0 needs.
pub fn frame_size(width: u32, height: u32, quality: VideoQuality) -> (u32, u32) {
    let short = quality.short_side();
    let aspect = (width as f32 / height.max(1) as f32).clamp(1.0 / 3.0, 3.0);
    let even = |v: f32| ((v / 2.0).round() as u32 * 2).max(2);
    if aspect >= 1.0 {
        (even(short as f32 * aspect), short)
    } else {
        (short, even(short as f32 / aspect))
    }
}

/// How big a clip's frames are.
#[derive(Debug, Clone, Copy)]
enum FrameSize {
    /// The short side from the quality, the long side from the source's aspect.
    Quality(VideoQuality),
    /// Exactly this size (even sides).
    Exact(u32, u32),
}

/// A clip ready to render frame by frame.
struct Prepared {
    renderer: render::Renderer,
    motion: Motion,
    width: u32,
    height: u32,
    seconds: u32,
    sweep_from_right: bool,
}

impl Prepared {
    fn new(
        source: VideoSource,
        prompt: &str,
        duration: Duration,
        size: FrameSize,
        seed: u64,
    ) -> Result<Prepared, EngineError> {
        let motion = parse_motion(prompt);
        let (background, product) = match source {
            VideoSource::Image(bytes) => {
                let picture = codec::decode(bytes, codec::MAX_DIMENSION)?;
                match separate::separate(&picture, seed) {
                    Some((background, product)) => (background, Some(product)),
                    None => (picture, None),
                }
            }
            VideoSource::Layers {
                background,
                product,
                shadow,
            } => {
                if product.dimensions() != background.dimensions()
                    || shadow.is_some_and(|s| s.dimensions() != background.dimensions())
                {
                    return Err(EngineError::InvalidInput(
                        "the layers differ in size".into(),
                    ));
                }
                let foreground = match shadow {
                    Some(shadow) => over(product, shadow),
                    None => product.clone(),
                };
                (background.clone(), Some(foreground))
            }
        };
        let (w, h) = match size {
            FrameSize::Quality(quality) => {
                frame_size(background.width(), background.height(), quality)
            }
            FrameSize::Exact(w, h) => (w, h),
        };
        // Layers are prepared at the largest zoom the clip reaches, so that moment is sampled
        // 1:1 and the rest is a mild downscale.
        let zoom = motion.max_zoom();
        let (lw, lh) = (
            (w as f32 * zoom).round() as u32,
            (h as f32 * zoom).round() as u32,
        );
        let background = cover(&background, lw, lh, false);
        let product = product.map(|p| cover(&p, lw, lh, true));
        let renderer =
            render::Renderer::new(w as usize, h as usize, &background, product.as_ref(), seed);
        Ok(Prepared {
            renderer,
            motion,
            width: w,
            height: h,
            seconds: duration.seconds(),
            sweep_from_right: seed & 1 == 1,
        })
    }

    fn render(&mut self, i: u32, frames: u32) {
        let t = i as f32 / (frames - 1).max(1) as f32;
        let frame = self.motion.at(t, self.seconds as f32);
        self.renderer
            .render(&frame, self.sweep_from_right, self.motion.particles);
    }

    /// The last frame rendered, as the encoder takes it.
    fn planes(&self) -> YUVSlices<'_> {
        let r = &self.renderer;
        let (w, h) = (self.width as usize, self.height as usize);
        debug_assert_eq!(r.u.len(), (w / 2) * (h / 2));
        YUVSlices::new((&r.y, &r.u, &r.v), (w, h), (w, w / 2, w / 2))
    }
}

/// A scene's clip rendered frame by frame at an exact size, for a caller that encodes the
/// frames itself (a reel animates the scene it rendered again at its own ratio).
pub(crate) struct SceneClip {
    clip: Prepared,
    frames: u32,
}

impl SceneClip {
    /// The clip [`animate`] makes of `source` with `prompt`, `duration`, `fps` and `seed`,
    /// at `width`×`height` (even).
    pub(crate) fn new(
        source: VideoSource,
        prompt: &str,
        duration: Duration,
        fps: u32,
        seed: u64,
        (width, height): (u32, u32),
    ) -> Result<SceneClip, EngineError> {
        check_fps(fps)?;
        let clip = Prepared::new(
            source,
            prompt,
            duration,
            FrameSize::Exact(width, height),
            seed,
        )?;
        Ok(SceneClip {
            frames: duration.seconds() * fps,
            clip,
        })
    }

    pub(crate) fn frame_count(&self) -> u32 {
        self.frames
    }

    /// Renders frame `i`.
    pub(crate) fn render(&mut self, i: u32) {
        self.clip.render(i, self.frames);
    }

    /// The last frame rendered, as the encoder takes it.
    pub(crate) fn planes(&self) -> YUVSlices<'_> {
        self.clip.planes()
    }

    /// The last frame rendered, as RGBA.
    pub(crate) fn to_rgba(&self) -> RgbaImage {
        self.clip.renderer.to_rgba()
    }
}

/// Animates `source` for `duration` at `fps` (24 or 30) with the moves named in `prompt`.
pub fn animate(
    source: VideoSource,
    prompt: &str,
    duration: Duration,
    quality: VideoQuality,
    fps: u32,
    seed: u64,
    progress: &mut dyn Progress,
) -> Result<RenderedVideo, EngineError> {
    check_fps(fps)?;
    progress.report("preparing", 0.0)?;
    let mut clip = Prepared::new(source, prompt, duration, FrameSize::Quality(quality), seed)?;
    let (w, h) = (clip.width, clip.height);

    let mut writer = Mp4Writer::new(w, h, fps as f64, quality.bitrate())?;
    let seconds = duration.seconds();
    let frames = seconds * fps;
    let mut poster = None;
    for i in 0..frames {
        progress.report("rendering", 0.02 + 0.93 * i as f32 / frames as f32)?;
        clip.render(i, frames);
        if i == 0 {
            poster = Some(clip.renderer.to_rgba());
        }
        writer.push(&clip.planes())?;
    }
    progress.report("muxing", 0.96)?;
    let mp4 = writer.finish()?;
    let poster_jpeg = codec::encode_jpeg(&poster.expect("a clip has frames"), codec::JPEG_QUALITY)?;
    progress.report("done", 1.0)?;
    Ok(RenderedVideo {
        mp4,
        poster_jpeg,
        width: w,
        height: h,
        duration_seconds: seconds as f32,
        fps,
        motion: clip.motion,
    })
}

fn check_fps(fps: u32) -> Result<(), EngineError> {
    if fps != 24 && fps != 30 {
        return Err(EngineError::InvalidInput(format!(
            "frame rate must be 24 or 30, not {fps}"
        )));
    }
    Ok(())
}

/// Frames in, a fast-start H.264 MP4 out: one frame every 1/`fps` s at a steady bitrate,
/// with an AAC-LC track when one is given.
pub(crate) struct Mp4Writer {
    encoder: Encoder,
    muxer: muxide::api::Muxer<Vec<u8>>,
    fps: f64,
    written: u32,
    packet: Vec<u8>,
}

fn encode_err(e: openh264::Error) -> EngineError {
    EngineError::Encode(format!("h264: {e}"))
}

fn mux_err(e: muxide::api::MuxerError) -> EngineError {
    EngineError::Encode(format!("mp4: {e}"))
}

impl Mp4Writer {
    pub(crate) fn new(
        width: u32,
        height: u32,
        fps: f64,
        bitrate: u32,
    ) -> Result<Mp4Writer, EngineError> {
        Self::with_audio(width, height, fps, bitrate, None)
    }

    /// With `audio`, the AAC-LC stream is written beside the frames as they come.
    pub(crate) fn with_audio(
        width: u32,
        height: u32,
        fps: f64,
        bitrate: u32,
        audio: Option<&crate::audio::AacStream>,
    ) -> Result<Mp4Writer, EngineError> {
        let config = EncoderConfig::new()
            .bitrate(BitRate::from_bps(bitrate))
            .rate_control_mode(RateControlMode::Bitrate)
            .max_frame_rate(FrameRate::from_hz(fps as f32))
            .skip_frames(false)
            .intra_frame_period(IntraFramePeriod::from_num_frames((2.0 * fps).round() as u32))
            .num_threads(1)
            .vui(VuiConfig::bt601());
        let encoder =
            Encoder::with_api_config(OpenH264API::from_source(), config).map_err(encode_err)?;
        let mut builder = muxide::api::MuxerBuilder::new(Vec::new())
            .video(muxide::api::VideoCodec::H264, width, height, fps)
            .with_fast_start(true);
        if let Some(aac) = audio {
            builder = builder.audio(
                muxide::api::AudioCodec::Aac(muxide::api::AacProfile::Lc),
                aac.sample_rate,
                aac.channels,
            );
        }
        let muxer = builder.build().map_err(mux_err)?;
        Ok(Mp4Writer {
            encoder,
            muxer,
            fps,
            written: 0,
            packet: Vec::new(),
        })
    }

    pub(crate) fn push(&mut self, frame: &impl YUVSource) -> Result<(), EngineError> {
        let bitstream = self.encoder.encode(frame).map_err(encode_err)?;
        let keyframe = matches!(bitstream.frame_type(), FrameType::IDR | FrameType::I);
        self.packet.clear();
        bitstream.write_vec(&mut self.packet);
        self.muxer
            .write_video(f64::from(self.written) / self.fps, &self.packet, keyframe)
            .map_err(mux_err)?;
        self.written += 1;
        Ok(())
    }

    /// Writes the AAC stream (after the first frame: the muxer orders tracks by time).
    pub(crate) fn push_audio(&mut self, aac: &crate::audio::AacStream) -> Result<(), EngineError> {
        for i in 0..aac.frames.len() {
            let pts = (i * crate::audio::FRAME_SAMPLES) as f64 / f64::from(aac.sample_rate);
            self.muxer
                .write_audio(pts, &aac.adts_frame(i))
                .map_err(mux_err)?;
        }
        Ok(())
    }

    pub(crate) fn finish(mut self) -> Result<Vec<u8>, EngineError> {
        self.muxer.finish_in_place().map_err(mux_err)?;
        Ok(self.muxer.into_writer())
    }
}

/// Chosen frames of a clip, uncompressed, with where the product is in each: what the
/// encoder would be given, for contact sheets and for checking that the product stays rigid.
#[derive(Debug, Clone)]
pub struct Preview {
    pub motion: Motion,
    /// The frame numbers asked for, in order.
    pub indices: Vec<u32>,
    pub frames: Vec<RgbaImage>,
    /// The product layer's coverage per frame; empty when the product is not its own layer
    /// (a flat picture whose product could not be told apart moves as one piece).
    pub product_masks: Vec<image::GrayImage>,
}

/// Renders the frames `indices` (clamped to the clip) of the clip [`animate`] would encode.
pub fn preview(
    source: VideoSource,
    prompt: &str,
    duration: Duration,
    quality: VideoQuality,
    fps: u32,
    seed: u64,
    indices: &[u32],
) -> Result<Preview, EngineError> {
    check_fps(fps)?;
    let mut clip = Prepared::new(source, prompt, duration, FrameSize::Quality(quality), seed)?;
    clip.renderer.keep_mask();
    let frames = duration.seconds() * fps;
    let mut out = Preview {
        motion: clip.motion,
        indices: Vec::new(),
        frames: Vec::new(),
        product_masks: Vec::new(),
    };
    for &i in indices {
        let i = i.min(frames - 1);
        clip.render(i, frames);
        out.indices.push(i);
        out.frames.push(clip.renderer.to_rgba());
        if !clip.renderer.mask.is_empty() {
            out.product_masks.push(
                image::GrayImage::from_raw(clip.width, clip.height, clip.renderer.mask.clone())
                    .expect("mask matches the frame"),
            );
        }
    }
    Ok(out)
}

/// `top` over `bottom`, straight alpha.
fn over(top: &RgbaImage, bottom: &RgbaImage) -> RgbaImage {
    let mut out = bottom.clone();
    for (o, t) in out.pixels_mut().zip(top.pixels()) {
        let (ta, ba) = (t.0[3] as f32 / 255.0, o.0[3] as f32 / 255.0);
        let a = ta + ba * (1.0 - ta);
        if a <= 0.0 {
            continue;
        }
        for c in 0..3 {
            o.0[c] = ((t.0[c] as f32 * ta + o.0[c] as f32 * ba * (1.0 - ta)) / a).round() as u8;
        }
        o.0[3] = (a * 255.0).round() as u8;
    }
    out
}

/// Scales `image` to cover `w`×`h` and crops the centre. With `alpha`, colour is weighted by
/// alpha while scaling so transparent pixels do not darken the product's edge.
fn cover(image: &RgbaImage, w: u32, h: u32, alpha: bool) -> RgbaImage {
    let (iw, ih) = image.dimensions();
    let scale = (w as f32 / iw as f32).max(h as f32 / ih as f32);
    let (cw, ch) = (
        ((w as f32 / scale).round() as u32).min(iw),
        ((h as f32 / scale).round() as u32).min(ih),
    );
    let view = image::imageops::crop_imm(image, (iw - cw) / 2, (ih - ch) / 2, cw, ch).to_image();
    let filter = image::imageops::FilterType::Triangle;
    if !alpha {
        return image::imageops::resize(&view, w, h, filter);
    }
    let mut premultiplied = view;
    for p in premultiplied.pixels_mut() {
        let a = p.0[3] as u32;
        for c in 0..3 {
            p.0[c] = ((p.0[c] as u32 * a + 127) / 255) as u8;
        }
    }
    let mut scaled = image::imageops::resize(&premultiplied, w, h, filter);
    for p in scaled.pixels_mut() {
        let a = p.0[3] as u32;
        for c in 0..3 {
            if let Some(straight) = (p.0[c] as u32 * 255 + a / 2).checked_div(a) {
                p.0[c] = straight.min(255) as u8;
            }
        }
    }
    scaled
}
