//! Style presets: a campaign's settled style saved under a name and applied to other
//! campaigns.

use domain::OptionalId;
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::services::scenes::SceneRef;
use crate::state::AppState;

pub const PRESET_NOT_FOUND: &str = "Style preset not found";
const NO_STYLE: &str =
    "No style guidance found in campaign conversation history. Please refine some prompts in this campaign first.";
const NAME_TAKEN: &str = "A style preset with this name already exists";

#[derive(Deserialize, ToSchema)]
pub struct CreatePresetRequest {
    name: Option<String>,
    description: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    scene_id: OptionalId,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    project_id: OptionalId,
}

#[derive(Deserialize, ToSchema)]
pub struct ApplyPresetRequest {
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    scene_id: OptionalId,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    project_id: OptionalId,
}

/// Saves the style of a campaign's conversation under a name unique to the user.
pub async fn create_preset(
    state: &AppState,
    user_id: Uuid,
    request: CreatePresetRequest,
) -> ApiResult<store::StylePreset> {
    let name = request.name.as_deref().unwrap_or("").trim().to_owned();
    if name.is_empty() {
        return Err(ApiError::validation(
            "name",
            "Please enter a name for the style preset",
        ));
    }
    if name.chars().count() > 100 {
        return Err(ApiError::validation(
            "name",
            "The preset name is too long: at most 100 characters",
        ));
    }
    let description = request
        .description
        .as_deref()
        .unwrap_or("")
        .trim()
        .to_owned();
    if description.chars().count() > 1000 {
        return Err(ApiError::validation(
            "description",
            "The description is too long: at most 1000 characters",
        ));
    }
    let scene = SceneRef::required(request.project_id, request.scene_id)?
        .owned(state, user_id)
        .await?;
    let (messages, _) = state
        .store
        .scene_messages(user_id, scene.id, 1, 200)
        .await?;
    let turns = jobs::assistant::turns(&messages);
    let style =
        ai::extract_style(&turns).ok_or_else(|| ApiError::validation("scene_id", NO_STYLE))?;
    let preset = state
        .store
        .create_style_preset(user_id, &name, &description, &style, Some(scene.id))
        .await
        .map_err(|e| match e {
            store::StoreError::Conflict => ApiError::Conflict(NAME_TAKEN.into()),
            other => other.into(),
        })?;
    Ok(preset)
}

/// Applies a preset to a campaign: later refinements there use its style.
pub async fn apply_preset(
    state: &AppState,
    user_id: Uuid,
    id: &str,
    request: ApplyPresetRequest,
) -> ApiResult<(store::Scene, store::StylePreset)> {
    let id = Uuid::parse_str(id.trim()).map_err(|_| ApiError::NotFound(PRESET_NOT_FOUND))?;
    let preset = state
        .store
        .style_preset(user_id, id)
        .await
        .map_err(not_found(PRESET_NOT_FOUND))?;
    let scene = SceneRef::required(request.project_id, request.scene_id)?
        .owned(state, user_id)
        .await?;
    state
        .store
        .apply_style_preset(user_id, scene.id, preset.id)
        .await?;
    Ok((scene, preset))
}
