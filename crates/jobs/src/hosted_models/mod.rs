//! Hosted generative models behind [`MediaProvider`]: OpenAI Images for pictures and edits,
//! a Runway-style task API for image-to-video, ElevenLabs for music, and [`Composite`], which
//! gives each capability to the provider the operator configured (the offline engine for the
//! rest).
//!
//! What the user may read of a failure: a content-policy refusal says so; everything else
//! (the provider down, our account at the provider, an unusable answer) is one generic
//! sentence, with the detail in the log.

mod elevenlabs;
mod openai;
mod runway;

use std::io::Cursor;
use std::sync::Arc;

use async_trait::async_trait;
use bytes::Bytes;

pub use elevenlabs::{ElevenLabsConfig, ElevenLabsMusic};
pub use openai::{OpenAiConfig, OpenAiImages};
pub use runway::{RunwayConfig, RunwayVideo};

use domain::{ImageEngine, JobFailure};

use crate::provider::{
    AudioInput, EditInput, ImageInput, MediaOutput, MediaProvider, ProgressSink, ProviderError,
    VideoInput,
};

/// A content-policy refusal: the user is told the content was refused; the provider's
/// own wording goes to the log.
pub fn refused() -> ProviderError {
    ProviderError::permanent(JobFailure::Refused(None), "refused by the provider")
}

/// The provider could not be used (our account there, an unusable answer): the user sees a
/// generic failure, the operator the logged detail.
pub fn unavailable() -> ProviderError {
    ProviderError::permanent(JobFailure::Internal, "the hosted model is unavailable")
}

/// The provider stayed busy or down: worth another attempt later.
pub fn busy() -> ProviderError {
    ProviderError::transient(JobFailure::TimedOut, "the hosted model is busy or down")
}

/// Maps a hosted call's failure to the job's, keeping internal detail in the log.
pub(crate) fn provider_error(provider: &str, failure: hosted::Failure) -> ProviderError {
    match failure {
        hosted::Failure::Cancelled => ProviderError::Cancelled,
        hosted::Failure::Refused(reason) => {
            tracing::info!(provider, %reason, "the provider refused the request");
            refused()
        }
        hosted::Failure::Transient(detail) => {
            tracing::warn!(provider, %detail, "hosted generation failed for now");
            busy()
        }
        hosted::Failure::Operator(detail) | hosted::Failure::Invalid(detail) => {
            tracing::error!(provider, %detail, "hosted generation failed");
            unavailable()
        }
    }
}

/// Notes on the job what the provider answered — a refusal or an unusable answer included,
/// since it may bill those too. A call that never got an answer is not noted.
pub(crate) fn note_answer<T>(
    progress: &ProgressSink,
    provider: &str,
    model: &str,
    answer: &Result<T, hosted::Failure>,
    read: impl Fn(&T) -> (Option<String>, serde_json::Value),
) {
    let (remote_id, usage) = match answer {
        Ok(value) => read(value),
        Err(
            hosted::Failure::Refused(_)
            | hosted::Failure::Operator(_)
            | hosted::Failure::Invalid(_),
        ) => (None, serde_json::Value::Null),
        Err(hosted::Failure::Transient(_) | hosted::Failure::Cancelled) => return,
    };
    progress.record_provider_call(store::ProviderCall {
        provider: provider.to_owned(),
        model: model.to_owned(),
        remote_id,
        usage,
    });
}

/// A provider answered something we cannot use: logged, the user sees the generic reason.
pub(crate) fn unusable(provider: &str, detail: impl std::fmt::Display) -> ProviderError {
    provider_error(provider, hosted::Failure::Invalid(detail.to_string()))
}

/// The closure hosted calls poll to stop when the worker cancels the job.
pub(crate) fn cancelled(progress: &ProgressSink) -> impl Fn() -> bool + Sync + '_ {
    move || progress.is_cancelled()
}

/// An image's format and size from its bytes, or `None` when it is no picture we read.
pub(crate) fn image_facts(bytes: &[u8]) -> Option<(image::ImageFormat, u32, u32)> {
    let reader = image::ImageReader::new(Cursor::new(bytes))
        .with_guessed_format()
        .ok()?;
    let format = reader.format()?;
    let (width, height) = reader.into_dimensions().ok()?;
    Some((format, width, height))
}

/// Decodes a picture whose pixels we must touch (masks, resizing, posters).
pub(crate) fn decode(bytes: &[u8]) -> Result<image::RgbaImage, String> {
    image::load_from_memory(bytes)
        .map(|image| image.to_rgba8())
        .map_err(|e| format!("cannot decode the image: {e}"))
}

pub(crate) fn encode_png(image: &image::RgbaImage) -> Result<Bytes, String> {
    let mut out = Cursor::new(Vec::new());
    image
        .write_to(&mut out, image::ImageFormat::Png)
        .map_err(|e| format!("cannot encode PNG: {e}"))?;
    Ok(Bytes::from(out.into_inner()))
}

pub(crate) fn encode_jpeg(image: &image::RgbaImage) -> Result<Bytes, String> {
    let rgb = image::DynamicImage::ImageRgba8(image.clone()).to_rgb8();
    let mut out = Cursor::new(Vec::new());
    rgb.write_to(&mut out, image::ImageFormat::Jpeg)
        .map_err(|e| format!("cannot encode JPEG: {e}"))?;
    Ok(Bytes::from(out.into_inner()))
}

/// The media provider of a configured studio: each capability goes to its hosted model when
/// the operator configured one, else to the offline engine. An image or edit whose job chose
/// the studio engine goes to the engine even then; one that chose the exact product has the
/// model paint only around the seller's own product pixels. A hosted video still starts
/// from a first frame the engine stages.
pub struct Composite {
    pub engine: Arc<dyn MediaProvider>,
    pub images: Option<OpenAiImages>,
    pub video: Option<RunwayVideo>,
    pub music: Option<ElevenLabsMusic>,
}

#[async_trait]
impl MediaProvider for Composite {
    async fn image(
        &self,
        input: ImageInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        match (&self.images, input.engine) {
            (Some(images), ImageEngine::Hosted) => images.image(input, &progress).await,
            (Some(images), ImageEngine::HostedExact) => images.image_exact(input, &progress).await,
            _ => self.engine.image(input, progress).await,
        }
    }

    async fn edit(
        &self,
        input: EditInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        match &self.images {
            Some(images) if input.engine.is_hosted() => images.edit(input, &progress).await,
            _ => self.engine.edit(input, progress).await,
        }
    }

    async fn video(
        &self,
        input: VideoInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        match &self.video {
            Some(video) => video.video(input, &progress, self.engine.as_ref()).await,
            None => self.engine.video(input, progress).await,
        }
    }

    async fn audio(
        &self,
        input: AudioInput,
        progress: ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        match &self.music {
            Some(music) => music.audio(input, &progress).await,
            None => self.engine.audio(input, progress).await,
        }
    }
}
