//! Which provider serves each generation capability: the offline engine unless the operator
//! configured a hosted model (OpenAI Images, a Runway-style video API, ElevenLabs music).

use std::sync::Arc;
use std::time::Duration;

use anyhow::bail;
use domain::ImageEngine;
use jobs::hosted_models::{
    Composite, ElevenLabsConfig, ElevenLabsMusic, OpenAiConfig, OpenAiImages, RunwayConfig,
    RunwayVideo,
};
use serde::Deserialize;

use crate::config::Config;

/// Accepts `["a.example", "b.example"]` (studio.toml) or `"a.example,b.example"` (the
/// environment).
pub fn host_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Hosts {
        List(Vec<String>),
        Text(String),
    }
    let hosts = match Hosts::deserialize(d)? {
        Hosts::List(list) => list,
        Hosts::Text(text) => text.split(',').map(str::to_owned).collect(),
    };
    Ok(hosts
        .into_iter()
        .map(|h| h.trim().to_ascii_lowercase())
        .filter(|h| !h.is_empty())
        .collect())
}

/// `scheme://host[:port]` with nothing after it.
fn is_origin(url: &str) -> bool {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    matches!(rest, Some(host) if !host.trim_end_matches('/').is_empty() && !host.trim_end_matches('/').contains('/'))
}

fn key(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|k| !k.is_empty())
}

impl Config {
    /// Every chosen provider has what it needs; each message names the variable to set.
    pub(crate) fn validate_providers(&self) -> anyhow::Result<()> {
        match self.image_provider.as_str() {
            "offline" => {}
            "openai" => {
                if key(&self.openai_api_key).is_none() {
                    bail!("invalid configuration: STUDIO_IMAGE_PROVIDER=openai needs OPENAI_API_KEY (openai_api_key in studio.toml)");
                }
                let base = self.openai_base_url.trim_end_matches('/');
                if !(base.starts_with("http://") || base.starts_with("https://"))
                    || !base.ends_with("/v1")
                {
                    bail!("invalid configuration: OPENAI_BASE_URL must be an http(s) URL ending with /v1 (got {:?})", self.openai_base_url);
                }
                if self.image_model.trim().is_empty() {
                    bail!("invalid configuration: STUDIO_IMAGE_MODEL cannot be empty");
                }
            }
            other => bail!("invalid configuration: STUDIO_IMAGE_PROVIDER must be offline or openai (got {other:?})"),
        }
        match self.video_provider.as_str() {
            "offline" => {}
            "runway" => {
                if key(&self.runwayml_api_secret).is_none() {
                    bail!("invalid configuration: STUDIO_VIDEO_PROVIDER=runway needs RUNWAYML_API_SECRET (runwayml_api_secret in studio.toml)");
                }
                if self.video_model.trim().is_empty() {
                    bail!("invalid configuration: STUDIO_VIDEO_MODEL cannot be empty");
                }
                if !is_origin(&self.runway_base_url) {
                    bail!("invalid configuration: STUDIO_RUNWAY_BASE_URL is a scheme and host, like https://api.dev.runwayml.com (got {:?})", self.runway_base_url);
                }
            }
            other => bail!("invalid configuration: STUDIO_VIDEO_PROVIDER must be offline or runway (got {other:?})"),
        }
        match self.audio_provider.as_str() {
            "offline" => {}
            "elevenlabs" => {
                if key(&self.elevenlabs_api_key).is_none() {
                    bail!("invalid configuration: STUDIO_AUDIO_PROVIDER=elevenlabs needs ELEVENLABS_API_KEY (elevenlabs_api_key in studio.toml)");
                }
                if self.audio_model.trim().is_empty() {
                    bail!("invalid configuration: STUDIO_AUDIO_MODEL cannot be empty");
                }
                if !is_origin(&self.elevenlabs_base_url) {
                    bail!("invalid configuration: STUDIO_ELEVENLABS_BASE_URL is a scheme and host, like https://api.elevenlabs.io (got {:?})", self.elevenlabs_base_url);
                }
            }
            other => bail!("invalid configuration: STUDIO_AUDIO_PROVIDER must be offline or elevenlabs (got {other:?})"),
        }
        Ok(())
    }

    /// The media provider: each capability's configured hosted model, else the offline
    /// engine; wrapped for fault injection when configured.
    pub fn media_provider(&self) -> anyhow::Result<Arc<dyn jobs::MediaProvider>> {
        let failed = |e: hosted::Failure| anyhow::anyhow!("cannot set up a hosted model: {e}");
        let images = match key(&self.openai_api_key) {
            Some(api_key) if self.image_provider == "openai" => Some(
                OpenAiImages::new(OpenAiConfig {
                    base_url: self.openai_base_url.clone(),
                    api_key: api_key.to_owned(),
                    model: self.image_model.clone(),
                    timeout: Duration::from_secs(180),
                })
                .map_err(failed)?,
            ),
            _ => None,
        };
        let video = match key(&self.runwayml_api_secret) {
            Some(secret) if self.video_provider == "runway" => Some(
                RunwayVideo::new(RunwayConfig {
                    base_url: self.runway_base_url.clone(),
                    api_secret: secret.to_owned(),
                    model: self.video_model.clone(),
                    download_hosts: self.provider_download_hosts.clone(),
                    timeout: Duration::from_secs(120),
                    poll_interval: Duration::from_secs(5),
                    max_wait: Duration::from_secs(20 * 60),
                    max_download_bytes: 200 * 1024 * 1024,
                })
                .map_err(failed)?,
            ),
            _ => None,
        };
        let music = match key(&self.elevenlabs_api_key) {
            Some(api_key) if self.audio_provider == "elevenlabs" => Some(
                ElevenLabsMusic::new(ElevenLabsConfig {
                    base_url: self.elevenlabs_base_url.clone(),
                    api_key: api_key.to_owned(),
                    model: self.audio_model.clone(),
                    timeout: Duration::from_secs(300),
                })
                .map_err(failed)?,
            ),
            _ => None,
        };
        let composite = Composite {
            engine: Arc::new(jobs::EngineProvider),
            images,
            video,
            music,
        };
        Ok(if self.fault_injection {
            Arc::new(jobs::FaultInjection(composite))
        } else {
            Arc::new(composite)
        })
    }

    /// What `/api/health/providers` reports: names and models, never a key.
    pub fn provider_statuses(&self) -> Vec<server::ProviderStatus> {
        let status = |capability: &str, provider: &str, model: &str| server::ProviderStatus {
            capability: capability.into(),
            provider: provider.into(),
            model: model.into(),
            configured: provider != "offline",
            engines: Vec::new(),
        };
        // A hosted image model paints scenes around the exact product by default.
        let engines = if self.image_provider == "openai" {
            vec![
                ImageEngine::HostedExact,
                ImageEngine::Hosted,
                ImageEngine::Studio,
            ]
        } else {
            vec![ImageEngine::Studio]
        };
        let with_engines = |status: server::ProviderStatus| server::ProviderStatus {
            engines: engines.clone(),
            ..status
        };
        let engine = "offline engine";
        let image = match self.image_provider.as_str() {
            "openai" => ("openai", self.image_model.as_str()),
            _ => ("offline", engine),
        };
        let video = match self.video_provider.as_str() {
            "runway" => ("runway", self.video_model.as_str()),
            _ => ("offline", engine),
        };
        let audio = match self.audio_provider.as_str() {
            "elevenlabs" => ("elevenlabs", self.audio_model.as_str()),
            _ => ("offline", engine),
        };
        let assistant = match &self.llm_base_url {
            Some(_) => ("openai-compatible", self.llm_model.as_str()),
            None => ("offline", "built-in assistant"),
        };
        vec![
            with_engines(status("image", image.0, image.1)),
            with_engines(status("edit", image.0, image.1)),
            status("video", video.0, video.1),
            status("audio", audio.0, audio.1),
            status("assistant", assistant.0, assistant.1),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hosted_provider_without_its_key_names_the_variable() {
        let config = Config {
            image_provider: "openai".into(),
            ..Config::default()
        };
        let error = config.validate_providers().unwrap_err().to_string();
        assert!(error.contains("OPENAI_API_KEY"), "{error}");
        let config = Config {
            video_provider: "runway".into(),
            ..Config::default()
        };
        let error = config.validate_providers().unwrap_err().to_string();
        assert!(error.contains("RUNWAYML_API_SECRET"), "{error}");
        let config = Config {
            audio_provider: "elevenlabs".into(),
            elevenlabs_api_key: Some("  ".into()),
            ..Config::default()
        };
        let error = config.validate_providers().unwrap_err().to_string();
        assert!(error.contains("ELEVENLABS_API_KEY"), "{error}");
        assert!(Config::default().validate_providers().is_ok());
    }

    #[test]
    fn download_hosts_come_as_a_list_or_a_comma_separated_string() {
        #[derive(Deserialize)]
        struct Hosts {
            #[serde(deserialize_with = "host_list")]
            hosts: Vec<String>,
        }
        let read = |json: &str| serde_json::from_str::<Hosts>(json).unwrap().hosts;
        assert_eq!(
            read(r#"{"hosts": "CDN.example.com, files.example.net,"}"#),
            ["cdn.example.com", "files.example.net"]
        );
        assert_eq!(
            read(r#"{"hosts": ["cdn.example.com"]}"#),
            ["cdn.example.com"]
        );
    }

    #[test]
    fn base_urls_are_checked() {
        let config = Config {
            image_provider: "openai".into(),
            openai_api_key: Some("sk".into()),
            openai_base_url: "https://gateway.example".into(),
            ..Config::default()
        };
        assert!(config
            .validate_providers()
            .unwrap_err()
            .to_string()
            .contains("OPENAI_BASE_URL"));
        assert!(is_origin("http://127.0.0.1:9000"));
        assert!(is_origin("https://api.dev.runwayml.com/"));
        assert!(!is_origin("https://api.dev.runwayml.com/v1"));
        assert!(!is_origin("ftp://host"));
    }

    #[test]
    fn statuses_name_models_and_never_keys() {
        let config = Config {
            image_provider: "openai".into(),
            openai_api_key: Some("sk-secret".into()),
            ..Config::default()
        };
        let statuses = config.provider_statuses();
        let text = serde_json::to_string(&statuses).unwrap();
        assert!(!text.contains("sk-secret"));
        assert_eq!(statuses[0].provider, "openai");
        assert_eq!(statuses[0].model, "gpt-image-1");
        assert!(statuses[0].configured);
        assert_eq!(statuses[2].provider, "offline");
        assert!(!statuses[2].configured);

        let config = Config {
            video_provider: "runway".into(),
            runwayml_api_secret: Some("key".into()),
            video_model: "gen4_aleph".into(),
            audio_provider: "elevenlabs".into(),
            elevenlabs_api_key: Some("key".into()),
            ..Config::default()
        };
        let statuses = config.provider_statuses();
        assert_eq!(
            (statuses[2].model.as_str(), statuses[3].model.as_str()),
            ("gen4_aleph", "music_v1")
        );
    }
}
