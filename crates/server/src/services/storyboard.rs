//! A project's storyboard: its campaigns in order, each with its media, and the media that
//! belongs to no campaign (any more).

use domain::MediaKind;
use store::{MediaAsset, Project, Scene};
use uuid::Uuid;

use crate::error::ApiResult;
use crate::services::ownership::owned_project;
use crate::state::AppState;

pub struct Storyboard {
    pub project: Project,
    /// In the user's order, each with its media oldest first.
    pub scenes: Vec<(Scene, Vec<MediaAsset>)>,
    /// Media of the project whose campaign is gone or was never named.
    pub unassigned: Vec<MediaAsset>,
}

impl Storyboard {
    /// How many files of a kind the project holds, in campaigns or not.
    pub fn count(&self, kind: MediaKind) -> usize {
        self.scenes
            .iter()
            .flat_map(|(_, media)| media)
            .chain(&self.unassigned)
            .filter(|m| m.file_type == kind)
            .count()
    }
}

/// The asset a campaign shows as its cover: the one the seller set, else its newest image or
/// video. Music never becomes a cover by itself (a waveform says little about a campaign);
/// a campaign holding only music has none. Exported files are copies made for somewhere
/// else: the picture they came from stays the cover while there is one.
pub fn cover(scene: &Scene, media: &[MediaAsset]) -> Option<Uuid> {
    let newest = |exports: bool| {
        media
            .iter()
            .filter(|m| m.file_type != MediaKind::Audio)
            .filter(|m| exports || m.file_metadata.export.is_none())
            .max_by_key(|m| m.created_at)
            .map(|m| m.id)
    };
    scene
        .active_asset_id
        .filter(|id| media.iter().any(|m| m.id == *id))
        .or_else(|| newest(false))
        .or_else(|| newest(true))
}

pub async fn of_project(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
) -> ApiResult<Storyboard> {
    let project = owned_project(state, user_id, project_id).await?;
    let scenes = state.store.scenes(user_id, project_id).await?;
    let media = state.store.project_media(user_id, project_id).await?;
    let (mut assigned, unassigned): (Vec<_>, Vec<_>) = media.into_iter().partition(|m| {
        m.scene_id
            .is_some_and(|id| scenes.iter().any(|s| s.id == id))
    });
    let scenes = scenes
        .into_iter()
        .map(|scene| {
            let (own, rest): (Vec<_>, Vec<_>) = assigned
                .drain(..)
                .partition(|m| m.scene_id == Some(scene.id));
            assigned = rest;
            (scene, own)
        })
        .collect();
    Ok(Storyboard {
        project,
        scenes,
        unassigned,
    })
}
