//! The live events a user's stream carries, as one type: the store keeps each as its name
//! and JSON data, the server sends them as Server-Sent Events under the same name.
//!
//! A completed job's asset is stored by id and kind ([`AssetRef`]); the server turns it
//! into the asset it sends, with the URLs where the file is served, so stored events never
//! hold a route.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::{JobKind, JobStatus, MediaKind};

/// One live event; the variant's name is the SSE event name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(
    tag = "event",
    content = "data",
    rename_all = "kebab-case",
    bound(serialize = "A: Serialize", deserialize = "A: Deserialize<'de>")
)]
pub enum LiveEvent<A = AssetRef> {
    JobProgress(JobEvent<A>),
    JobCompleted(JobEvent<A>),
    JobFailed(JobEvent<A>),
    CreditsChanged(CreditsChanged),
    StoryboardUpdated(StoryboardUpdated),
}

/// Data of `job-progress`, `job-completed` and `job-failed`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct JobEvent<A = AssetRef> {
    pub job_id: Uuid,
    pub kind: JobKind,
    pub status: JobStatus,
    /// 0–100.
    pub progress: i64,
    pub stage: Option<String>,
    pub project_id: Uuid,
    pub scene_id: Option<Uuid>,
    /// The chat message the job answers, if any.
    pub message_id: Option<Uuid>,
    /// What the job made; set once completed.
    #[cfg_attr(feature = "openapi", schema(nullable = true))]
    pub asset: Option<A>,
    /// Why the job failed, in words for the user; set once failed.
    pub error: Option<String>,
}

/// A completed job's media asset as stored in the event: which file, of what kind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AssetRef {
    pub id: Uuid,
    pub file_type: MediaKind,
    pub credit_cost: i64,
}

/// Data of `credits-changed`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct CreditsChanged {
    /// The new balance.
    pub balance: i64,
}

/// Data of `storyboard-updated`: a campaign's storyboard changed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct StoryboardUpdated {
    pub project_id: Uuid,
    pub scene_id: Option<Uuid>,
    /// The asset that joined the storyboard, when a job completed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub asset_id: Option<Uuid>,
}

impl<A> LiveEvent<A> {
    /// The SSE event name (also the stored kind).
    pub fn name(&self) -> &'static str {
        match self {
            LiveEvent::JobProgress(_) => "job-progress",
            LiveEvent::JobCompleted(_) => "job-completed",
            LiveEvent::JobFailed(_) => "job-failed",
            LiveEvent::CreditsChanged(_) => "credits-changed",
            LiveEvent::StoryboardUpdated(_) => "storyboard-updated",
        }
    }

    /// The same event with its asset turned into another form (e.g. the one sent).
    pub fn map_asset<B>(self, f: impl FnOnce(A) -> B) -> LiveEvent<B> {
        match self {
            LiveEvent::JobProgress(e) => LiveEvent::JobProgress(e.map_asset(f)),
            LiveEvent::JobCompleted(e) => LiveEvent::JobCompleted(e.map_asset(f)),
            LiveEvent::JobFailed(e) => LiveEvent::JobFailed(e.map_asset(f)),
            LiveEvent::CreditsChanged(c) => LiveEvent::CreditsChanged(c),
            LiveEvent::StoryboardUpdated(s) => LiveEvent::StoryboardUpdated(s),
        }
    }
}

impl<A> JobEvent<A> {
    pub fn map_asset<B>(self, f: impl FnOnce(A) -> B) -> JobEvent<B> {
        JobEvent {
            job_id: self.job_id,
            kind: self.kind,
            status: self.status,
            progress: self.progress,
            stage: self.stage,
            project_id: self.project_id,
            scene_id: self.scene_id,
            message_id: self.message_id,
            asset: self.asset.map(f),
            error: self.error,
        }
    }
}

impl<A: Serialize> LiveEvent<A> {
    /// The event's data as JSON, without its name: what is stored and sent.
    pub fn data(&self) -> serde_json::Result<serde_json::Value> {
        match self {
            LiveEvent::JobProgress(e) | LiveEvent::JobCompleted(e) | LiveEvent::JobFailed(e) => {
                serde_json::to_value(e)
            }
            LiveEvent::CreditsChanged(c) => serde_json::to_value(c),
            LiveEvent::StoryboardUpdated(s) => serde_json::to_value(s),
        }
    }
}

impl<'de, A: Deserialize<'de>> LiveEvent<A> {
    /// Reads a stored event back from its name and data.
    pub fn from_stored(name: &str, data: serde_json::Value) -> serde_json::Result<Self> {
        use serde::de::IntoDeserializer;
        let tagged = serde_json::json!({ "event": name, "data": data });
        LiveEvent::deserialize(tagged.into_deserializer())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(asset: Option<AssetRef>) -> JobEvent {
        JobEvent {
            job_id: Uuid::nil(),
            kind: JobKind::Image,
            status: JobStatus::Completed,
            progress: 100,
            stage: Some("completed".into()),
            project_id: Uuid::nil(),
            scene_id: None,
            message_id: None,
            asset,
            error: None,
        }
    }

    #[test]
    fn events_are_stored_by_name_and_data_and_read_back() {
        let asset = AssetRef {
            id: Uuid::nil(),
            file_type: MediaKind::Image,
            credit_cost: 1,
        };
        let events = [
            LiveEvent::JobCompleted(job(Some(asset))),
            LiveEvent::JobProgress(job(None)),
            LiveEvent::CreditsChanged(CreditsChanged { balance: 7 }),
            LiveEvent::StoryboardUpdated(StoryboardUpdated {
                project_id: Uuid::nil(),
                scene_id: None,
                asset_id: None,
            }),
        ];
        for event in events {
            let data = event.data().unwrap();
            assert_eq!(LiveEvent::from_stored(event.name(), data).unwrap(), event);
        }
        assert!(LiveEvent::<AssetRef>::from_stored("ping", serde_json::json!({})).is_err());
    }

    #[test]
    fn every_field_is_sent_even_when_empty() {
        let data = LiveEvent::JobFailed(job(None)).data().unwrap();
        let mut keys: Vec<&str> = data
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "asset",
                "error",
                "job_id",
                "kind",
                "message_id",
                "progress",
                "project_id",
                "scene_id",
                "stage",
                "status"
            ]
        );
        let storyboard = LiveEvent::<AssetRef>::StoryboardUpdated(StoryboardUpdated {
            project_id: Uuid::nil(),
            scene_id: None,
            asset_id: None,
        });
        assert_eq!(
            storyboard.data().unwrap(),
            serde_json::json!({ "project_id": Uuid::nil(), "scene_id": null })
        );
    }
}
