//! ElevenLabs music: `POST /v1/music` with the prompt and the length, an MP3 back.

use std::time::Duration;

use domain::FileMetadata;
use reqwest::StatusCode;
use serde_json::{json, Value};

use super::{cancelled, note_answer, provider_error, unusable};
use crate::provider::{AudioInput, MediaOutput, ProgressSink, ProviderError};

const PROVIDER: &str = "elevenlabs";
/// The shortest and longest track the API composes, in milliseconds.
const LENGTH_MS: std::ops::RangeInclusive<u32> = 10_000..=300_000;

#[derive(Debug, Clone)]
pub struct ElevenLabsConfig {
    /// Scheme and host, e.g. `https://api.elevenlabs.io`.
    pub base_url: String,
    pub api_key: String,
    pub model: String,
    /// For one HTTP attempt; a track takes up to a few minutes.
    pub timeout: Duration,
}

pub struct ElevenLabsMusic {
    config: ElevenLabsConfig,
    client: hosted::Client,
}

/// A refusal when the API says the prompt breaks its terms; an exhausted quota is the
/// operator's to fix.
fn classify(status: StatusCode, body: &[u8]) -> Option<hosted::Failure> {
    let answer: Value = serde_json::from_slice(body).ok()?;
    let detail = &answer["detail"];
    let code = detail["status"].as_str().unwrap_or_default();
    let message = detail["message"].as_str().unwrap_or_default().to_owned();
    match code {
        "bad_prompt" | "bad_composition_plan" | "content_policy_violation" => {
            Some(hosted::Failure::Refused(message))
        }
        "quota_exceeded" | "payment_required" => Some(hosted::Failure::Operator(format!(
            "{status} {code}: {message}"
        ))),
        _ => None,
    }
}

impl ElevenLabsMusic {
    pub fn new(config: ElevenLabsConfig) -> Result<Self, hosted::Failure> {
        let client = hosted::Client::new(
            "elevenlabs",
            hosted::Policy {
                timeout: config.timeout,
                ..hosted::Policy::default()
            },
        )?
        .with_classifier(classify);
        Ok(Self { config, client })
    }

    pub fn model(&self) -> &str {
        &self.config.model
    }

    pub async fn audio(
        &self,
        input: AudioInput,
        progress: &ProgressSink,
    ) -> Result<MediaOutput, ProviderError> {
        progress
            .report("composing", 0.1)
            .map_err(|_| ProviderError::Cancelled)?;
        // Whole seconds within what the API composes.
        let length_ms = ((input.seconds.max(0.0) * 1000.0).round() as u32)
            .clamp(*LENGTH_MS.start(), *LENGTH_MS.end());
        let body = json!({
            "prompt": input.prompt.trim(),
            "music_length_ms": length_ms,
            "model_id": self.config.model,
        });
        let url = format!(
            "{}/v1/music?output_format=mp3_44100_128",
            self.config.base_url.trim_end_matches('/')
        );
        let answer = self
            .client
            .call(
                "compose",
                |http| {
                    http.post(&url)
                        .header("xi-api-key", &self.config.api_key)
                        .header("accept", "audio/mpeg")
                        .json(&body)
                },
                |reply| {
                    if !is_mp3(&reply.body) {
                        return Err(hosted::Failure::Invalid(format!(
                            "the answer ({}, {} bytes) is not an MP3 file",
                            reply.content_type(),
                            reply.body.len()
                        )));
                    }
                    let song_id = reply
                        .headers
                        .get("song-id")
                        .and_then(|v| v.to_str().ok())
                        .map(str::to_owned);
                    Ok((reply.body, song_id))
                },
                &cancelled(progress),
            )
            .await;
        note_answer(
            progress,
            PROVIDER,
            &self.config.model,
            &answer,
            |(_, song_id)| (song_id.clone(), json!({ "music_length_ms": length_ms })),
        );
        let (mp3, song_id) = answer.map_err(|f| provider_error(PROVIDER, f))?;
        if mp3.is_empty() {
            return Err(unusable(PROVIDER, "the track is empty"));
        }
        Ok(MediaOutput {
            bytes: mp3,
            mime: "audio/mpeg".into(),
            extension: "mp3",
            width: None,
            height: None,
            duration_seconds: Some(f64::from(length_ms) / 1000.0),
            poster_jpeg: None,
            product_mask_png: None,
            details: FileMetadata {
                provider: Some(PROVIDER.to_owned()),
                model: Some(self.config.model.clone()),
                remote_id: song_id,
                ..FileMetadata::default()
            },
        })
    }
}

/// An MP3 starts with an ID3 tag or an MPEG audio frame header.
pub fn is_mp3(bytes: &[u8]) -> bool {
    bytes.starts_with(b"ID3") || (bytes.len() > 2 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0)
}
