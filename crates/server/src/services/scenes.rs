//! The campaign (scene) a request is about, named by project and scene ids in its body or
//! query, and checked to be the user's before anything else happens.

use domain::OptionalId;
use uuid::Uuid;

use crate::error::{ApiError, ApiResult};
use crate::services::ownership::{owned_scene, NO_SELECTION, SELECT_SCENE};
use crate::state::AppState;

/// A project id and a scene id as a request gave them, both present and well-formed.
#[derive(Debug, Clone, Copy)]
pub struct SceneRef {
    pub project_id: Uuid,
    pub scene_id: Uuid,
}

impl SceneRef {
    /// The project is asked for first: without it nothing is selected at all.
    pub fn required(project_id: OptionalId, scene_id: OptionalId) -> ApiResult<Self> {
        Ok(Self {
            project_id: project_id
                .get()
                .ok_or_else(|| ApiError::validation("project_id", NO_SELECTION))?,
            scene_id: scene_id
                .get()
                .ok_or_else(|| ApiError::validation("scene_id", SELECT_SCENE))?,
        })
    }

    /// The user's scene in the user's project; anything else is 404.
    pub async fn owned(self, state: &AppState, user_id: Uuid) -> ApiResult<store::Scene> {
        owned_scene(state, user_id, self.project_id, self.scene_id).await
    }
}

/// Tells the user's other tabs and devices; the change itself is already saved, so a failure
/// here is only logged.
pub(crate) async fn storyboard_updated(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
    scene_id: Option<Uuid>,
) {
    let event = store::NewEvent {
        user_id,
        event: domain::LiveEvent::StoryboardUpdated(domain::events::StoryboardUpdated {
            project_id,
            scene_id,
            asset_id: None,
        }),
    };
    if let Err(e) = state.store.publish_event(event).await {
        tracing::warn!(error = %e, "could not publish a storyboard update");
    }
}
