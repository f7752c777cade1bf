//! A Runway-style image-to-video task API: `POST /v1/image_to_video` starts a task from a
//! first frame (a signed link to our media when the operator configured a public URL and the
//! frame is a stored picture, else a data URI) and a prompt, `GET /v1/tasks/{id}` is polled until it
//! succeeds, fails or is cancelled, `DELETE /v1/tasks/{id}` cancels it; the finished clip is
//! downloaded from the provider's host or a host the operator lists, size-capped and
//! checked to be an MP4.

use std::time::{Duration, Instant};

use base64::Engine as _;
use bytes::Bytes;
use domain::FileMetadata;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::{cancelled, decode, encode_jpeg, image_facts, note_answer, provider_error, unusable};
use crate::provider::{
    MediaOutput, MediaProvider, ProgressSink, ProviderError, VideoFrom, VideoInput,
};

const PROVIDER: &str = "runway";
/// The API version this adapter speaks, sent as `X-Runway-Version`.
pub const API_VERSION: &str = "2024-11-06";
/// The longest prompt the API takes, in characters.
const MAX_PROMPT_CHARS: usize = 1000;
/// Frame sizes the image-to-video models produce, as `width:height`.
const RATIOS: [&str; 6] = [
    "1280:720", "720:1280", "1104:832", "832:1104", "960:960", "1584:672",
];
/// Data URIs above this are re-encoded as JPEG to stay under the API's limit; a JPEG still
/// above it cannot be sent inline.
const MAX_INLINE_IMAGE_BYTES: usize = 3 * 1024 * 1024;

#[derive(Debug, Clone)]
pub struct RunwayConfig {
    /// Scheme and host, e.g. `https://api.dev.runwayml.com`.
    pub base_url: String,
    pub api_secret: String,
    pub model: String,
    /// Hosts besides the API's own that finished clips may be downloaded from.
    pub download_hosts: Vec<String>,
    /// For one HTTP attempt.
    pub timeout: Duration,
    /// Between two looks at a running task.
    pub poll_interval: Duration,
    /// How long a task may run before the job gives up on it (and retries later).
    pub max_wait: Duration,
    /// The largest clip downloaded, in bytes.
    pub max_download_bytes: usize,
}

pub struct RunwayVideo {
    config: RunwayConfig,
    api: hosted::Client,
    downloads: hosted::Client,
}

/// A refusal when the API says its moderation stopped the request.
fn classify(status: StatusCode, body: &[u8]) -> Option<hosted::Failure> {
    if status != StatusCode::BAD_REQUEST {
        return None;
    }
    let text = String::from_utf8_lossy(body).to_ascii_lowercase();
    (text.contains("moderation") || text.contains("safety"))
        .then(|| hosted::Failure::Refused(hosted::excerpt(body)))
}

/// A supported ratio nearest the frame's shape.
pub fn nearest_ratio(width: u32, height: u32) -> &'static str {
    let shape = (f64::from(width.max(1)) / f64::from(height.max(1))).ln();
    RATIOS
        .iter()
        .min_by(|a, b| {
            let distance = |ratio: &str| {
                let (w, h) = ratio_size(ratio);
                ((f64::from(w) / f64::from(h)).ln() - shape).abs()
            };
            distance(a).total_cmp(&distance(b))
        })
        .copied()
        .unwrap_or(RATIOS[0])
}

fn ratio_size(ratio: &str) -> (u32, u32) {
    let (w, h) = ratio.split_once(':').unwrap_or(("1280", "720"));
    (w.parse().unwrap_or(1280), h.parse().unwrap_or(720))
}

fn host_of(url: &str) -> Option<String> {
    reqwest::Url::parse(url)
        .ok()?
        .host_str()
        .map(str::to_ascii_lowercase)
}

impl RunwayVideo {
    pub fn new(config: RunwayConfig) -> Result<Self, hosted::Failure> {
        let api = hosted::Client::new(
            "runway",
            hosted::Policy {
                timeout: config.timeout,
                ..hosted::Policy::default()
            },
        )?
        .with_classifier(classify);
        let downloads = hosted::Client::new(
            "runway downloads",
            hosted::Policy {
                timeout: config.timeout,
                max_body: config.max_download_bytes,
                ..hosted::Policy::default()
            },
        )?;
        Ok(Self {
            config,
            api,
            downloads,
        })
    }

    pub fn model(&self) -> &str {
        &self.config.model
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.config.base_url.trim_end_matches('/'))
    }

    /// A first frame (the picture to animate, or a scene `stager` renders) → a clip.
    pub async fn video(
        &self,
        input: VideoInput,
        progress: &ProgressSink,
        stager: &dyn MediaProvider,
    ) -> Result<MediaOutput, ProviderError> {
        let frame_url = input.frame_url.clone();
        let first_frame = match input.from {
            VideoFrom::Image(bytes) => bytes,
            VideoFrom::Scene(scene) => stager.image(scene, progress.clone()).await?.bytes,
        };
        progress
            .report("sending", 0.2)
            .map_err(|_| ProviderError::Cancelled)?;
        let frame = decode(&first_frame).map_err(|e| unusable(PROVIDER, e))?;
        let ratio = nearest_ratio(frame.width(), frame.height());
        let body = json!({
            "model": self.config.model,
            "promptImage": match frame_url {
                Some(url) => url,
                None => data_uri(&first_frame, &frame, MAX_INLINE_IMAGE_BYTES)
                    .map_err(|e| unusable(PROVIDER, e))?,
            },
            "promptText": input.prompt.trim().chars().take(MAX_PROMPT_CHARS).collect::<String>(),
            "ratio": ratio,
            "duration": input.duration.seconds(),
            "seed": input.seed % (1u64 << 32),
        });
        let url = self.url("/v1/image_to_video");
        let started =
            self.api
                .call(
                    "start",
                    |http| self.authorised(http.post(&url)).json(&body),
                    |reply| {
                        let task: Value = serde_json::from_slice(&reply.body).map_err(|e| {
                            hosted::Failure::Invalid(format!("the answer is not JSON: {e}"))
                        })?;
                        task["id"].as_str().map(str::to_owned).ok_or_else(|| {
                            hosted::Failure::Invalid("the answer has no task id".into())
                        })
                    },
                    &cancelled(progress),
                )
                .await;
        // The task id is noted at once: a task that later fails or is cancelled is billed too.
        note_answer(progress, PROVIDER, &self.config.model, &started, |id| {
            (Some(id.clone()), Value::Null)
        });
        let task_id = started.map_err(|f| provider_error(PROVIDER, f))?;
        tracing::info!(provider = PROVIDER, task = %task_id, "video task started");
        let clip_url = match self.wait(&task_id, progress).await {
            Err(ProviderError::Cancelled) => {
                self.cancel(&task_id).await;
                return Err(ProviderError::Cancelled);
            }
            other => other?,
        };
        progress
            .report("downloading", 0.95)
            .map_err(|_| ProviderError::Cancelled)?;
        let mp4 = self.download(&clip_url, progress).await?;
        let (width, height) = ratio_size(ratio);
        Ok(MediaOutput {
            bytes: mp4,
            mime: "video/mp4".into(),
            extension: "mp4",
            width: Some(width),
            height: Some(height),
            duration_seconds: Some(f64::from(input.duration.seconds())),
            // The model starts from the frame it was given, so that frame is the poster.
            poster_jpeg: Some(encode_jpeg(&frame).map_err(|e| unusable(PROVIDER, e))?),
            product_mask_png: None,
            details: FileMetadata {
                provider: Some(PROVIDER.to_owned()),
                model: Some(self.config.model.clone()),
                remote_id: Some(task_id),
                ratio: Some(ratio.to_owned()),
                ..FileMetadata::default()
            },
        })
    }

    fn authorised(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        request
            .bearer_auth(&self.config.api_secret)
            .header("X-Runway-Version", API_VERSION)
    }

    /// Polls the task until it ends; the URL of its clip on success.
    async fn wait(&self, task_id: &str, progress: &ProgressSink) -> Result<String, ProviderError> {
        let url = self.url(&format!("/v1/tasks/{task_id}"));
        let started = Instant::now();
        loop {
            if !hosted::sleep_unless_cancelled(self.config.poll_interval, &cancelled(progress))
                .await
            {
                return Err(ProviderError::Cancelled);
            }
            let task: Value = self
                .api
                .call(
                    "poll",
                    |http| self.authorised(http.get(&url)),
                    |reply| {
                        serde_json::from_slice(&reply.body).map_err(|e| {
                            hosted::Failure::Invalid(format!("the task is not JSON: {e}"))
                        })
                    },
                    &cancelled(progress),
                )
                .await
                .map_err(|f| provider_error(PROVIDER, f))?;
            let status = task["status"].as_str().unwrap_or_default();
            let reported = match status {
                "PENDING" | "THROTTLED" => progress.report("queued at the provider", 0.2),
                "RUNNING" => {
                    let done = task["progress"].as_f64().unwrap_or(0.0).clamp(0.0, 1.0) as f32;
                    progress.report("generating", 0.2 + 0.7 * done)
                }
                "SUCCEEDED" => {
                    return task["output"][0]
                        .as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| unusable(PROVIDER, "the finished task has no output URL"));
                }
                "FAILED" => return Err(task_failure(&task)),
                "CANCELLED" => {
                    return Err(provider_error(
                        PROVIDER,
                        hosted::Failure::Invalid("the task was cancelled at the provider".into()),
                    ))
                }
                other => {
                    return Err(unusable(PROVIDER, format!("unknown task status {other:?}")));
                }
            };
            reported.map_err(|_| ProviderError::Cancelled)?;
            if started.elapsed() > self.config.max_wait {
                self.cancel(task_id).await;
                return Err(provider_error(
                    PROVIDER,
                    hosted::Failure::Transient(format!(
                        "task {task_id} still {status} after {:?}",
                        self.config.max_wait
                    )),
                ));
            }
        }
    }

    /// Best effort: the job is over either way.
    async fn cancel(&self, task_id: &str) {
        let url = self.url(&format!("/v1/tasks/{task_id}"));
        let result = self
            .api
            .call(
                "cancel",
                |http| self.authorised(http.delete(&url)),
                |_| Ok(()),
                &|| false,
            )
            .await;
        match result {
            Ok(()) => tracing::info!(provider = PROVIDER, task = %task_id, "video task cancelled"),
            Err(e) => {
                tracing::warn!(provider = PROVIDER, task = %task_id, error = %e, "could not cancel the video task")
            }
        }
    }

    /// The clip, from an allowed host only, size-capped and checked to be an MP4.
    async fn download(&self, url: &str, progress: &ProgressSink) -> Result<Bytes, ProviderError> {
        let host = host_of(url)
            .ok_or_else(|| unusable(PROVIDER, format!("the output URL {url:?} has no host")))?;
        let allowed = host_of(&self.config.base_url).as_deref() == Some(host.as_str())
            || self
                .config
                .download_hosts
                .iter()
                .any(|h| h.eq_ignore_ascii_case(&host));
        if !allowed {
            return Err(unusable(
                PROVIDER,
                format!("the output is on {host}, which is not an allowed download host"),
            ));
        }
        let bytes = self
            .downloads
            .call(
                "download",
                |http| http.get(url),
                |reply| Ok(reply.body),
                &cancelled(progress),
            )
            .await
            .map_err(|f| provider_error(PROVIDER, f))?;
        if !is_mp4(&bytes) {
            return Err(unusable(
                PROVIDER,
                "the downloaded output is not an MP4 file",
            ));
        }
        Ok(bytes)
    }
}

/// An MP4 (ISO base media) file starts with an `ftyp` box.
pub fn is_mp4(bytes: &[u8]) -> bool {
    bytes.len() > 12 && &bytes[4..8] == b"ftyp"
}

/// A failed task: a refusal when moderation stopped it, worth retrying when the provider
/// says the fault was its own, otherwise final.
fn task_failure(task: &Value) -> ProviderError {
    let code = task["failureCode"].as_str().unwrap_or_default();
    let detail = format!(
        "task {} failed ({code}): {}",
        task["id"].as_str().unwrap_or("?"),
        task["failure"].as_str().unwrap_or("no reason given")
    );
    let failure = if code.starts_with("SAFETY") || code.contains(".SAFETY") {
        hosted::Failure::Refused(detail)
    } else if code.starts_with("INTERNAL") || code.contains(".INTERNAL") {
        hosted::Failure::Transient(detail)
    } else {
        hosted::Failure::Invalid(detail)
    };
    provider_error(PROVIDER, failure)
}

/// The first frame inline, as the API accepts it: as it is when small enough, else as a
/// JPEG; a frame still over `limit` cannot be sent without a public URL to fetch it from.
fn data_uri(bytes: &Bytes, frame: &image::RgbaImage, limit: usize) -> Result<String, String> {
    let encoded = |mime: &str, bytes: &[u8]| {
        format!(
            "data:{mime};base64,{}",
            base64::engine::general_purpose::STANDARD.encode(bytes)
        )
    };
    match image_facts(bytes).map(|(format, _, _)| format) {
        Some(image::ImageFormat::Png) if bytes.len() <= limit => Ok(encoded("image/png", bytes)),
        Some(image::ImageFormat::Jpeg) if bytes.len() <= limit => Ok(encoded("image/jpeg", bytes)),
        _ => {
            let jpeg = encode_jpeg(frame)?;
            if jpeg.len() > limit {
                return Err(format!(
                    "the first frame is {} bytes even as JPEG, over the {limit}-byte data URI \
                     limit; set STUDIO_PUBLIC_URL so the provider can fetch it from the studio",
                    jpeg.len()
                ));
            }
            Ok(encoded("image/jpeg", &jpeg))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratios_map_to_the_nearest_supported() {
        assert_eq!(nearest_ratio(1536, 1024), "1104:832");
        assert_eq!(nearest_ratio(1024, 1536), "832:1104");
        assert_eq!(nearest_ratio(1024, 1024), "960:960");
        assert_eq!(nearest_ratio(1920, 1080), "1280:720");
        assert_eq!(nearest_ratio(1080, 1920), "720:1280");
        assert_eq!(nearest_ratio(2400, 1000), "1584:672");
    }

    #[test]
    fn frames_over_the_limit_are_sent_as_jpeg_or_not_at_all() {
        let frame = image::RgbaImage::from_fn(64, 64, |x, y| {
            image::Rgba([(x * 4) as u8, (y * 4) as u8, ((x ^ y) * 4) as u8, 255])
        });
        let mut png = std::io::Cursor::new(Vec::new());
        frame.write_to(&mut png, image::ImageFormat::Png).unwrap();
        let png = Bytes::from(png.into_inner());
        let inline = data_uri(&png, &frame, png.len()).unwrap();
        assert!(inline.starts_with("data:image/png;base64,"));
        let jpeg = encode_jpeg(&frame).unwrap();
        assert!(jpeg.len() < png.len(), "the JPEG is the smaller");
        let smaller = data_uri(&png, &frame, png.len() - 1).unwrap();
        assert!(smaller.starts_with("data:image/jpeg;base64,"));
        let error = data_uri(&png, &frame, 100).unwrap_err();
        assert!(error.contains("STUDIO_PUBLIC_URL"), "{error}");
    }

    #[test]
    fn task_failures_are_classified() {
        let failed = |code: &str| {
            task_failure(
                &json!({"id": "t", "status": "FAILED", "failure": "x", "failureCode": code}),
            )
        };
        assert_eq!(failed("SAFETY.INPUT.TEXT"), super::super::refused());
        assert_eq!(
            failed("INPUT_PREPROCESSING.SAFETY.TEXT"),
            super::super::refused()
        );
        assert!(matches!(
            failed("INTERNAL.BAD_OUTPUT.CODE01"),
            ProviderError::Transient { .. }
        ));
        assert_eq!(failed("ASSET.INVALID"), super::super::unavailable());
    }
}
