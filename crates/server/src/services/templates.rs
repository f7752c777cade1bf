//! The Generate panel's two modes: a template applied to the campaign's product photos, and
//! the AI Assistant mode staging one product photo with the chosen environment, palette,
//! lighting and composition.

use domain::{
    Choice, ColorPalette, Composition, Environment, ImageEngine, Lighting, OptionalId, OutputType,
    SettingsInput, Variations,
};
use jobs::{Guidance, JobPayload};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::services::generation::{
    enqueue_variations, image_engine, prompt_text, reference_images, Target, UPLOAD_AN_IMAGE,
};
use crate::services::ownership::owned_file_from_url;
use crate::services::scenes::SceneRef;
use crate::state::AppState;

pub const TEMPLATE_NOT_FOUND: &str = "Template not found";
const NO_REFERENCE_URL: &str =
    "No reference image URL available. Please try uploading images again.";

/// The assistant mode's `generation_settings`: the settings every generation reads, and
/// the kind of output, which here can only be an image.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct GenerationSettings {
    #[serde(flatten)]
    settings: SettingsInput,
    /// Only images are made here.
    #[serde(default)]
    #[schema(value_type = Option<OutputType>)]
    #[expect(
        dead_code,
        reason = "read only so that another kind is refused at the edge"
    )]
    output_type: Choice<OutputType>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TemplateGenerateRequest {
    template_id: Option<String>,
    /// Only images are made here.
    #[serde(default)]
    #[schema(value_type = Option<OutputType>)]
    #[expect(
        dead_code,
        reason = "read only so that another kind is refused at the edge"
    )]
    output_type: Choice<OutputType>,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    scene_id: OptionalId,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    project_id: OptionalId,
    #[serde(default)]
    settings: SettingsInput,
    /// Who draws the image: `hosted_exact` (the configured hosted image model paints the
    /// scene around the product photo's own pixels), `hosted` (the model redraws the whole
    /// picture, the product included) or `studio` (the studio's engine, offline). Default:
    /// hosted_exact when a hosted image model is configured, else studio.
    #[serde(default)]
    #[schema(value_type = Option<ImageEngine>)]
    engine: Choice<ImageEngine>,
    /// How many images to make (1–4, default 1): one job each, each with its own seed and
    /// composition, 1 credit each, all started or none.
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 4)]
    #[serde(default)]
    variations: Variations,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RecommendationRequest {
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    scene_id: OptionalId,
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    project_id: OptionalId,
    /// One of the user's reference images or image assets (`/api/media/file/{id}`).
    product_image_url: Option<String>,
    #[serde(default)]
    #[schema(value_type = Option<Environment>)]
    environment: Choice<Environment>,
    #[serde(default)]
    #[schema(value_type = Option<ColorPalette>)]
    color_palette: Choice<ColorPalette>,
    #[serde(default)]
    #[schema(value_type = Option<Lighting>)]
    lighting: Choice<Lighting>,
    #[serde(default)]
    #[schema(value_type = Option<Composition>)]
    composition: Choice<Composition>,
    creative_direction: Option<String>,
    #[serde(default)]
    generation_settings: GenerationSettings,
    /// Who draws the image: `hosted_exact` (the configured hosted image model paints the
    /// scene around the product photo's own pixels), `hosted` (the model redraws the whole
    /// picture, the product included) or `studio` (the studio's engine, offline). Default:
    /// hosted_exact when a hosted image model is configured, else studio.
    #[serde(default)]
    #[schema(value_type = Option<ImageEngine>)]
    engine: Choice<ImageEngine>,
    /// How many images to make (1–4, default 1): one job each, each with its own seed and
    /// composition, 1 credit each, all started or none.
    #[schema(value_type = Option<u8>, minimum = 1, maximum = 4)]
    #[serde(default)]
    variations: Variations,
}

/// Both modes work in a campaign: the job lands in it.
async fn panel_target(
    state: &AppState,
    user_id: Uuid,
    project_id: OptionalId,
    scene_id: OptionalId,
) -> ApiResult<(Target, store::Scene)> {
    let scene = SceneRef::required(project_id, scene_id)?
        .owned(state, user_id)
        .await?;
    Ok((
        Target {
            user_id,
            project_id: scene.project_id,
            scene_id: Some(scene.id),
            message_id: None,
        },
        scene,
    ))
}

/// Applies a template to the campaign's product photos, one job per variation asked for
/// (1 credit each); answers the jobs and the template they follow.
pub async fn start_from_template(
    state: &AppState,
    user_id: Uuid,
    request: TemplateGenerateRequest,
) -> ApiResult<(Vec<store::Job>, store::StoredTemplate)> {
    let count = request.variations.count();
    let (target, scene) =
        panel_target(state, user_id, request.project_id, request.scene_id).await?;
    let template_id = request
        .template_id
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::validation("template_id", "Please select a template"))?;
    let settings = request.settings.apply_to(scene.settings);
    let engine = image_engine(state, request.engine.get())?;
    let template = state
        .store
        .template(template_id)
        .await
        .map_err(not_found(TEMPLATE_NOT_FOUND))?;
    let reference_image_ids = reference_images(state, user_id, scene.id, None).await?;
    if reference_image_ids.is_empty() {
        return Err(ApiError::validation("scene_id", UPLOAD_AN_IMAGE));
    }
    let payload = JobPayload::Template {
        template_id: template.id.clone(),
        reference_image_ids,
        quality: settings.quality,
        resolution: settings.resolution,
        engine,
        variation: 0,
    };
    let jobs = enqueue_variations(state, Uuid::new_v4(), target, payload, count).await?;
    Ok((jobs, template))
}

/// Stages the product photo named by URL (one of the user's images) with the chosen
/// guidance; options left out take their defaults. One job per variation asked for (1
/// credit each).
pub async fn start_recommendation(
    state: &AppState,
    user_id: Uuid,
    request: RecommendationRequest,
    host: Option<&str>,
) -> ApiResult<Vec<store::Job>> {
    let count = request.variations.count();
    let (target, scene) =
        panel_target(state, user_id, request.project_id, request.scene_id).await?;
    let settings = request
        .generation_settings
        .settings
        .apply_to(scene.settings);
    let engine = image_engine(state, request.engine.get())?;
    let guidance = Guidance {
        environment: Some(request.environment.get().unwrap_or_default()),
        color_palette: Some(request.color_palette.get().unwrap_or_default()),
        lighting: Some(request.lighting.get().unwrap_or_default()),
        composition: Some(request.composition.get().unwrap_or_default()),
    };
    let creative_direction = prompt_text(request.creative_direction.as_deref())?;
    let url = request
        .product_image_url
        .as_deref()
        .filter(|u| !u.trim().is_empty())
        .ok_or_else(|| ApiError::validation("product_image_url", NO_REFERENCE_URL))?;
    let product = owned_file_from_url(
        state,
        user_id,
        url,
        host,
        "product_image_url must be one of your images",
    )
    .await?;
    if !product.mime_type.starts_with("image/") {
        return Err(ApiError::validation(
            "product_image_url",
            "product_image_url must be one of your images",
        ));
    }
    let payload = JobPayload::Recommendation {
        source_id: product.id,
        guidance,
        creative_direction,
        quality: settings.quality,
        resolution: settings.resolution,
        engine,
        variation: 0,
    };
    enqueue_variations(state, Uuid::new_v4(), target, payload, count).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::reference_images::{add_reference_image, Upload};
    use crate::services::testing::{png, TestWorld};

    fn template_request(world: &TestWorld, template_id: &str) -> TemplateGenerateRequest {
        TemplateGenerateRequest {
            template_id: Some(template_id.into()),
            output_type: Choice::default(),
            scene_id: Some(world.scene_id).into(),
            project_id: Some(world.project_id).into(),
            settings: SettingsInput::default(),
            engine: Choice::default(),
            variations: Variations::default(),
        }
    }

    #[tokio::test]
    async fn a_template_needs_a_product_photo_then_runs() {
        let world = TestWorld::new().await;
        jobs::sync_templates(&world.state.store).await.unwrap();
        let template_id = world.state.store.templates("image").await.unwrap()[0]
            .id
            .clone();
        let error = start_from_template(
            &world.state,
            world.user_id,
            template_request(&world, &template_id),
        )
        .await
        .unwrap_err();
        assert_eq!(error.to_string(), UPLOAD_AN_IMAGE);
        let error = start_from_template(
            &world.state,
            world.user_id,
            template_request(&world, "no-such"),
        )
        .await
        .unwrap_err();
        assert!(
            matches!(error, ApiError::NotFound(TEMPLATE_NOT_FOUND)),
            "{error:?}"
        );
        add_reference_image(
            &world.state,
            world.user_id,
            Upload {
                file: Some(png(80, 80)),
                project_id: domain::LookupId::Id(world.project_id),
                scene_id: domain::LookupId::Id(world.scene_id),
                ..Upload::default()
            },
        )
        .await
        .unwrap();
        let (job, template) = start_from_template(
            &world.state,
            world.user_id,
            template_request(&world, &template_id),
        )
        .await
        .unwrap();
        assert_eq!(template.id, template_id);
        assert_eq!(job[0].scene_id, Some(world.scene_id));
    }

    #[test]
    fn the_assistant_modes_settings_refuse_another_output() {
        let settings: GenerationSettings =
            serde_json::from_str(r#"{"aspect_ratio":"2:3","model":"any"}"#).unwrap();
        assert_eq!(
            settings.settings.resolution,
            Some(domain::Resolution::Portrait)
        );
        let video = serde_json::from_str::<GenerationSettings>(r#"{"output_type":"video"}"#);
        assert!(video
            .unwrap_err()
            .to_string()
            .contains("Unknown output_type 'video'. Expected image"));
    }
}
