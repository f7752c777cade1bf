//! Media providers: one trait per capability set, the offline engine as the default
//! implementation, and a fault-injecting wrapper that tests switch on by configuration.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use bytes::Bytes;
use domain::{Duration, FileMetadata, ImageEngine, JobFailure, Quality, Resolution};
use engine::video::{VideoQuality, VideoSource};
use engine::{Cancelled, EngineError, Progress};

use store::ProviderCall;

use crate::payload::Guidance;

/// Why a job produced nothing: the `reason` the user is told, and the `detail` that only
/// the log sees.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProviderError {
    /// Worth retrying: a timeout, a provider's 429 or 5xx, a storage hiccup.
    #[error("{detail}")]
    Transient { reason: JobFailure, detail: String },
    /// Retrying cannot help: invalid input, a content-policy refusal.
    #[error("{detail}")]
    Permanent { reason: JobFailure, detail: String },
    /// The worker asked the provider to stop (lost lease or shutdown).
    #[error("cancelled")]
    Cancelled,
}

impl ProviderError {
    pub fn transient(reason: JobFailure, detail: impl std::fmt::Display) -> Self {
        ProviderError::Transient {
            reason,
            detail: detail.to_string(),
        }
    }

    pub fn permanent(reason: JobFailure, detail: impl std::fmt::Display) -> Self {
        ProviderError::Permanent {
            reason,
            detail: detail.to_string(),
        }
    }

    /// The provider refused the content; `why` is its own reason, when it gave one.
    pub fn refused(why: Option<String>) -> Self {
        let detail = format!("refused: {}", why.as_deref().unwrap_or("no reason given"));
        ProviderError::permanent(JobFailure::Refused(why), detail)
    }

    /// What the user is told.
    pub fn reason(&self) -> JobFailure {
        match self {
            ProviderError::Transient { reason, .. } | ProviderError::Permanent { reason, .. } => {
                reason.clone()
            }
            ProviderError::Cancelled => JobFailure::Cancelled,
        }
    }
}

impl From<EngineError> for ProviderError {
    fn from(e: EngineError) -> Self {
        match e {
            EngineError::Cancelled => ProviderError::Cancelled,
            EngineError::InvalidInput(message) => ProviderError::permanent(
                JobFailure::InputUnreadable,
                format!("invalid input: {message}"),
            ),
            EngineError::Encode(message) => ProviderError::permanent(
                JobFailure::Internal,
                format!("could not encode the result: {message}"),
            ),
        }
    }
}

#[derive(Debug, Default)]
struct ProgressState {
    fraction: f32,
    stage: String,
}

/// The channel between a running provider and its worker: progress one way, cancellation
/// the other. Cheap to clone; every clone sees the same state.
#[derive(Debug, Clone, Default)]
pub struct ProgressSink {
    state: Arc<Mutex<ProgressState>>,
    cancelled: Arc<AtomicBool>,
    /// The hosted model's latest answer, recorded on the job however the job ends.
    provider_call: Arc<Mutex<Option<ProviderCall>>>,
    /// Which attempt of the job this call is (1-based).
    pub attempt: i64,
}

impl ProgressSink {
    pub fn new(attempt: i64) -> Self {
        Self {
            attempt,
            ..Self::default()
        }
    }

    pub fn report(&self, stage: &str, fraction: f32) -> Result<(), Cancelled> {
        if let Ok(mut state) = self.state.lock() {
            state.fraction = fraction.clamp(0.0, 1.0);
            if state.stage != stage {
                state.stage = stage.to_owned();
            }
        }
        if self.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }

    /// The latest `(fraction, stage)`.
    pub fn snapshot(&self) -> (f32, String) {
        self.state
            .lock()
            .map(|s| (s.fraction, s.stage.clone()))
            .unwrap_or_default()
    }

    /// Notes what a hosted model answered (a task id, reported usage, a refusal).
    pub fn record_provider_call(&self, call: ProviderCall) {
        if let Ok(mut slot) = self.provider_call.lock() {
            *slot = Some(call);
        }
    }

    pub fn provider_call(&self) -> Option<ProviderCall> {
        self.provider_call.lock().ok().and_then(|slot| slot.clone())
    }

    pub fn cancel(&self) {
        self.cancelled.store(true, Ordering::Relaxed);
    }

    pub fn is_cancelled(&self) -> bool {
        self.cancelled.load(Ordering::Relaxed)
    }
}

impl Progress for ProgressSink {
    fn report(&mut self, stage: &str, fraction: f32) -> Result<(), Cancelled> {
        ProgressSink::report(self, stage, fraction)
    }
}

/// Text and/or product photos → one image.
#[derive(Debug, Clone)]
pub struct ImageInput {
    pub prompt: String,
    /// Product photos, first one staged; empty means a mockup drawn from the prompt.
    pub reference_photos: Vec<Bytes>,
    pub guidance: Guidance,
    pub resolution: Resolution,
    pub quality: Quality,
    pub seed: u64,
    /// Which of a set of variations this is (0 for a single image): the engine's camera and
    /// prop layout.
    pub variation: u8,
    /// Who draws it; only a provider with a hosted image model tells them apart.
    pub engine: ImageEngine,
}

/// An image, a mask (white = edit) and an instruction → the edited image, same size.
#[derive(Debug, Clone)]
pub struct EditInput {
    pub image: Bytes,
    pub mask: Bytes,
    pub instruction: String,
    pub seed: u64,
    pub engine: ImageEngine,
    /// The seller's product in the picture, when its lineage leads to a product photo.
    pub product: Option<KnownProduct>,
}

/// The seller's product in a picture: the photo it was cut from and, when the picture's
/// metadata records it, where it was placed.
#[derive(Debug, Clone)]
pub struct KnownProduct {
    pub photo: Bytes,
    pub placement: Option<engine::scene::layout::Rect>,
}

/// What a video starts from.
#[derive(Debug, Clone)]
pub enum VideoFrom {
    /// An existing picture (animate).
    Image(Bytes),
    /// A scene to stage first (text or product photos → video).
    Scene(ImageInput),
}

#[derive(Debug, Clone)]
pub struct VideoInput {
    pub prompt: String,
    pub from: VideoFrom,
    /// A signed link to the picture to animate on the studio's media route, when the
    /// operator configured a public URL: a hosted model fetches it instead of the bytes.
    pub frame_url: Option<String>,
    pub duration: Duration,
    /// low 480p, medium 720p, high 1080p on the short side.
    pub quality: Quality,
    pub seed: u64,
}

#[derive(Debug, Clone)]
pub struct AudioInput {
    pub prompt: String,
    pub seconds: f32,
    pub seed: u64,
}

/// One produced file with what the media asset records about it.
#[derive(Debug, Clone)]
pub struct MediaOutput {
    pub bytes: Bytes,
    pub mime: String,
    pub extension: &'static str,
    pub width: Option<u32>,
    pub height: Option<u32>,
    pub duration_seconds: Option<f64>,
    /// A video's first frame, JPEG.
    pub poster_jpeg: Option<Bytes>,
    /// A picture's product mask as the compositor placed it (grey PNG, picture-sized), stored
    /// beside the picture for its ad designs; none when the picture's maker did not place one.
    pub product_mask_png: Option<Bytes>,
    /// Provider-specific facts for `file_metadata` (motion, tempo, edit operation…).
    pub details: FileMetadata,
}

/// A source of generated media. Implementations: the offline engine (default) and, by
/// configuration, hosted models.
#[async_trait]
pub trait MediaProvider: Send + Sync {
    async fn image(
        &self,
        input: ImageInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError>;
    async fn edit(
        &self,
        input: EditInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError>;
    async fn video(
        &self,
        input: VideoInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError>;
    async fn audio(
        &self,
        input: AudioInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError>;
}

/// Video frame size rule of the product: the short side from the quality.
pub fn video_quality(quality: Quality) -> VideoQuality {
    match quality {
        Quality::Low => VideoQuality::P480,
        Quality::Medium => VideoQuality::P720,
        Quality::High => VideoQuality::P1080,
    }
}

const VIDEO_FPS: u32 = 24;

/// Who painted a scene the studio's own engine made, as the result's metadata names it.
pub const SCENE_BY_STUDIO: &str = "studio engine";

/// The offline engine: CPU only, no network, deterministic for a seed. Each call runs on
/// the blocking pool so the async workers stay responsive.
#[derive(Debug, Clone, Copy, Default)]
pub struct EngineProvider;

async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, ProviderError> + Send + 'static,
) -> Result<T, ProviderError> {
    tokio::task::spawn_blocking(work).await.map_err(|e| {
        ProviderError::transient(
            JobFailure::Internal,
            format!("the engine stopped unexpectedly: {e}"),
        )
    })?
}

pub(crate) fn engine_request<'a>(
    input: &'a ImageInput,
    photos: &'a [&'a [u8]],
) -> engine::generate::ImageRequest<'a> {
    engine::generate::ImageRequest {
        prompt: &input.prompt,
        reference_photos: photos,
        environment: input.guidance.environment,
        palette: input.guidance.color_palette,
        lighting: input.guidance.lighting,
        composition: input.guidance.composition,
        resolution: input.resolution,
        quality: input.quality,
        seed: input.seed,
        variation: input.variation,
        format: engine::generate::OutputFormat::Jpeg,
    }
}

#[async_trait]
impl MediaProvider for EngineProvider {
    async fn image(
        &self,
        input: ImageInput,
        mut progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        blocking(move || {
            let photos: Vec<&[u8]> = input.reference_photos.iter().map(|b| b.as_ref()).collect();
            let request = engine_request(&input, &photos);
            let image = engine::generate::generate_image(&request, &mut progress)?;
            let mask = engine::codec::encode_mask_png(&image.product_mask)?;
            Ok(MediaOutput {
                extension: request.format.extension(),
                bytes: Bytes::from(image.bytes),
                mime: image.mime.to_owned(),
                width: Some(image.width),
                height: Some(image.height),
                duration_seconds: None,
                poster_jpeg: None,
                product_mask_png: Some(Bytes::from(mask)),
                // Said to the seller: without a product photo a drawn stand-in was staged; and
                // what the picture shows, for its alt text (the prompt is only what was asked).
                details: FileMetadata {
                    stand_in_product: image.stand_in.map(|s| s.message()),
                    description: Some(image.description),
                    scene_by: Some(SCENE_BY_STUDIO.to_owned()),
                    product_exact: Some(image.stand_in.is_none()),
                    ..FileMetadata::default()
                },
            })
        })
        .await
    }

    async fn edit(
        &self,
        input: EditInput,
        mut progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        blocking(move || {
            let edited = engine::edit::edit_image(
                &input.image,
                &input.mask,
                &input.instruction,
                input.seed,
                &mut progress,
            )?;
            Ok(MediaOutput {
                bytes: Bytes::from(edited.png),
                mime: "image/png".into(),
                extension: "png",
                width: Some(edited.width),
                height: Some(edited.height),
                duration_seconds: None,
                poster_jpeg: None,
                product_mask_png: None,
                details: FileMetadata {
                    edit_operation: Some(format!("{:?}", edited.op)),
                    ..FileMetadata::default()
                },
            })
        })
        .await
    }

    async fn video(
        &self,
        input: VideoInput,
        mut progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        blocking(move || {
            let quality = video_quality(input.quality);
            let mut stand_in = None;
            let mut description = None;
            let clip = match &input.from {
                VideoFrom::Image(bytes) => engine::video::animate(
                    VideoSource::Image(bytes),
                    &input.prompt,
                    input.duration,
                    quality,
                    VIDEO_FPS,
                    input.seed,
                    &mut progress,
                )?,
                VideoFrom::Scene(scene) => {
                    let photos: Vec<&[u8]> =
                        scene.reference_photos.iter().map(|b| b.as_ref()).collect();
                    let request = engine_request(scene, &photos);
                    let layers = engine::scene::render_layers(
                        &request,
                        &mut engine::SubProgress::new(&mut progress, 0.0, 0.3),
                    )?;
                    stand_in = layers.stand_in.map(|s| s.message());
                    description = Some(layers.description.clone());
                    engine::video::animate(
                        VideoSource::Layers {
                            background: &layers.background,
                            product: &layers.product,
                            shadow: Some(&layers.shadow),
                        },
                        &input.prompt,
                        input.duration,
                        quality,
                        VIDEO_FPS,
                        input.seed,
                        &mut engine::SubProgress::new(&mut progress, 0.3, 1.0),
                    )?
                }
            };
            Ok(MediaOutput {
                bytes: Bytes::from(clip.mp4),
                mime: "video/mp4".into(),
                extension: "mp4",
                width: Some(clip.width),
                height: Some(clip.height),
                duration_seconds: Some(f64::from(clip.duration_seconds)),
                poster_jpeg: Some(Bytes::from(clip.poster_jpeg)),
                product_mask_png: None,
                details: FileMetadata {
                    fps: Some(clip.fps),
                    camera: Some(format!("{:?}", clip.motion.camera)),
                    stand_in_product: stand_in,
                    description,
                    ..FileMetadata::default()
                },
            })
        })
        .await
    }

    async fn audio(
        &self,
        input: AudioInput,
        mut progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        blocking(move || {
            let format = engine::audio::AudioFormat::default();
            let track = engine::audio::compose(
                &input.prompt,
                input.seconds,
                false,
                input.seed,
                format,
                &mut progress,
            )?;
            Ok(MediaOutput {
                bytes: Bytes::from(track.bytes),
                mime: track.mime.to_owned(),
                extension: format.extension(),
                width: None,
                height: None,
                duration_seconds: Some(f64::from(track.duration_seconds)),
                poster_jpeg: None,
                product_mask_png: None,
                details: FileMetadata {
                    bpm: Some(f64::from(track.bpm)),
                    mood: Some(format!("{:?}", track.mood)),
                    ..FileMetadata::default()
                },
            })
        })
        .await
    }
}

/// Wraps a provider and fails on request, for tests of retries and refunds: a prompt
/// containing `[fail:permanent]` fails at once; `[fail:transient=N]` fails the first N
/// attempts with a retryable error. The markers are removed before the inner provider sees
/// the prompt. Never enabled unless configured.
pub struct FaultInjection<P>(pub P);

enum Fault {
    Permanent,
    Transient(i64),
}

fn fault_in(prompt: &str) -> (Option<Fault>, String) {
    if prompt.contains("[fail:permanent]") {
        return (
            Some(Fault::Permanent),
            prompt.replace("[fail:permanent]", ""),
        );
    }
    if let Some(start) = prompt.find("[fail:transient=") {
        let rest = &prompt[start + "[fail:transient=".len()..];
        if let Some(end) = rest.find(']') {
            if let Ok(times) = rest[..end].parse::<i64>() {
                let marker = &prompt[start..start + "[fail:transient=".len() + end + 1];
                return (Some(Fault::Transient(times)), prompt.replace(marker, ""));
            }
        }
    }
    (None, prompt.to_owned())
}

fn inject(prompt: &mut String, attempt: i64) -> Result<(), ProviderError> {
    let (fault, clean) = fault_in(prompt);
    *prompt = clean;
    match fault {
        Some(Fault::Permanent) => Err(ProviderError::refused(None)),
        Some(Fault::Transient(times)) if attempt <= times => Err(ProviderError::transient(
            JobFailure::TimedOut,
            format!("the provider is busy (attempt {attempt})"),
        )),
        _ => Ok(()),
    }
}

#[async_trait]
impl<P: MediaProvider> MediaProvider for FaultInjection<P> {
    async fn image(
        &self,
        mut input: ImageInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        inject(&mut input.prompt, progress.attempt)?;
        self.0.image(input, progress).await
    }

    async fn edit(
        &self,
        mut input: EditInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        inject(&mut input.instruction, progress.attempt)?;
        self.0.edit(input, progress).await
    }

    async fn video(
        &self,
        mut input: VideoInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        inject(&mut input.prompt, progress.attempt)?;
        if let VideoFrom::Scene(scene) = &mut input.from {
            scene.prompt = fault_in(&scene.prompt).1;
        }
        self.0.video(input, progress).await
    }

    async fn audio(
        &self,
        mut input: AudioInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        inject(&mut input.prompt, progress.attempt)?;
        self.0.audio(input, progress).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fault_markers_are_read_and_removed() {
        let mut prompt = "a jar [fail:transient=2] on marble".to_owned();
        assert!(matches!(
            inject(&mut prompt, 1),
            Err(ProviderError::Transient { .. })
        ));
        assert_eq!(prompt, "a jar  on marble");
        let mut prompt = "a jar [fail:transient=2]".to_owned();
        assert!(inject(&mut prompt, 3).is_ok());
        let mut prompt = "[fail:permanent] a jar".to_owned();
        assert!(matches!(
            inject(&mut prompt, 3),
            Err(ProviderError::Permanent { .. })
        ));
        let mut prompt = "plain".to_owned();
        assert!(inject(&mut prompt, 1).is_ok());
    }

    #[test]
    fn video_sizes_follow_quality() {
        assert_eq!(
            engine::video::frame_size(1024, 1536, video_quality(Quality::Medium)),
            (720, 1080)
        );
        assert_eq!(
            engine::video::frame_size(1536, 1024, video_quality(Quality::Low)),
            (720, 480)
        );
        assert_eq!(
            engine::video::frame_size(1024, 1024, video_quality(Quality::High)),
            (1080, 1080)
        );
    }
}
