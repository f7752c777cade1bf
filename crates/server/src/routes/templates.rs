//! The Generate panel's templates: the catalogue (popular first), one template, its
//! thumbnail, and `POST /api/templates/generate`; plus the AI Assistant mode's
//! `POST /api/recommendations/generate`.

use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::{ColorPalette, Composition, Environment, Lighting, Resolution};
use jobs::{Guidance, JobPayload};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::generation::{self, Target, SELECT_SCENE, UPLOAD_AN_IMAGE};
use crate::models::{success, SettingsInput, Success};
use crate::routes::jobs::status_url;
use crate::state::AppState;

const TEMPLATE_NOT_FOUND: &str = "Template not found";
const NO_REFERENCE_URL: &str =
    "No reference image URL available. Please try uploading images again.";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_templates))
        .routes(routes!(get_template))
        .routes(routes!(template_thumbnail))
        .routes(routes!(generate_from_template))
        .routes(routes!(generate_recommendation))
}

#[derive(Serialize, ToSchema)]
pub struct TemplateView {
    template_id: String,
    /// The same as `template_id`.
    id: String,
    name: String,
    template_type: String,
    is_popular: bool,
    thumbnail_url: Option<String>,
    /// The scene the template stages (environment, color_palette, lighting, composition).
    parameters: serde_json::Value,
}

impl From<store::StoredTemplate> for TemplateView {
    fn from(t: store::StoredTemplate) -> Self {
        Self {
            thumbnail_url: t
                .thumbnail_key
                .as_ref()
                .map(|_| format!("/api/templates/{}/thumbnail", t.id)),
            template_id: t.id.clone(),
            id: t.id,
            name: t.name,
            template_type: t.template_type,
            is_popular: t.is_popular,
            parameters: t.parameters,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct TemplateList {
    /// Every template of the type, popular first (the panel shows 9).
    templates: Vec<TemplateView>,
    total: usize,
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TemplateQuery {
    /// Default `image`.
    template_type: Option<String>,
}

/// The template catalogue, popular first.
#[utoipa::path(get, path = "/api/templates", tag = "templates", operation_id = "listTemplates",
    params(TemplateQuery),
    responses((status = 200, body = Success<TemplateList>), (status = 401, body = ErrorResponse)))]
async fn list_templates(
    State(state): State<AppState>,
    _current: CurrentUser,
    Query(query): Query<TemplateQuery>,
) -> ApiResult<Json<Success<TemplateList>>> {
    let template_type = query
        .template_type
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .unwrap_or("image");
    let templates: Vec<TemplateView> = state
        .store
        .templates(template_type)
        .await?
        .into_iter()
        .map(Into::into)
        .collect();
    Ok(success(TemplateList {
        total: templates.len(),
        templates,
    }))
}

/// One template.
#[utoipa::path(get, path = "/api/templates/{id}", tag = "templates", operation_id = "getTemplate",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<TemplateView>), (status = 404, body = ErrorResponse)))]
async fn get_template(
    State(state): State<AppState>,
    _current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Success<TemplateView>>> {
    let template = state
        .store
        .template(&id)
        .await
        .map_err(not_found(TEMPLATE_NOT_FOUND))?;
    Ok(success(template.into()))
}

/// A template's preview image, rendered by the engine when the server started.
#[utoipa::path(get, path = "/api/templates/{id}/thumbnail", tag = "templates", operation_id = "templateThumbnail",
    params(("id" = String, Path)),
    responses((status = 200, description = "The image", content_type = "image/jpeg"), (status = 404, body = ErrorResponse)))]
async fn template_thumbnail(
    State(state): State<AppState>,
    _current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let template = state
        .store
        .template(&id)
        .await
        .map_err(not_found(TEMPLATE_NOT_FOUND))?;
    let (Some(key), Some(mime)) = (template.thumbnail_key, template.thumbnail_mime_type) else {
        return Err(ApiError::NotFound("This template has no thumbnail yet"));
    };
    let bytes = state
        .storage
        .read(&key)
        .await
        .map_err(|e| ApiError::Internal(e.into()))?;
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&mime).unwrap_or(HeaderValue::from_static("image/jpeg")),
    );
    headers.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=3600"),
    );
    Ok((headers, bytes).into_response())
}

/// Generation settings of the Generate panel.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct PanelSettings {
    #[serde(flatten)]
    settings: SettingsInput,
    /// `1:1`, `3:2`, `2:3` (or square, landscape, portrait); must agree with `resolution`.
    aspect_ratio: Option<String>,
    /// `image`.
    output_type: Option<String>,
}

impl PanelSettings {
    fn resolve(&self, base: domain::Settings) -> ApiResult<domain::Settings> {
        let mut settings = self.settings.apply_to(base)?;
        if let Some(ratio) = self
            .aspect_ratio
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty())
        {
            let from_ratio = match ratio {
                "1:1" | "square" => Resolution::Square,
                "3:2" | "landscape" => Resolution::Landscape,
                "2:3" | "portrait" => Resolution::Portrait,
                other => {
                    return Err(ApiError::validation(
                        "aspect_ratio",
                        format!("Unknown aspect_ratio '{other}'. Expected one of: 1:1, 3:2, 2:3"),
                    ))
                }
            };
            if self.settings.resolution.is_some() && from_ratio != settings.resolution {
                return Err(ApiError::validation(
                    "aspect_ratio",
                    format!(
                        "aspect_ratio {ratio} does not match resolution {}",
                        settings.resolution.as_str()
                    ),
                ));
            }
            settings.resolution = from_ratio;
        }
        check_output_type(self.output_type.as_deref())?;
        Ok(settings)
    }
}

fn check_output_type(output_type: Option<&str>) -> ApiResult<()> {
    match output_type.map(str::trim).filter(|t| !t.is_empty()) {
        None | Some("image") => Ok(()),
        Some(other) => Err(ApiError::validation(
            "output_type",
            format!("Unknown output_type '{other}'. Expected image"),
        )),
    }
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TemplateGenerateRequest {
    template_id: Option<String>,
    output_type: Option<String>,
    scene_id: Option<String>,
    project_id: Option<String>,
    #[serde(default)]
    settings: PanelSettings,
}

#[derive(Serialize, ToSchema)]
pub struct TemplateJob {
    job_id: Uuid,
    template_name: String,
    status_url: String,
    status: &'static str,
}

/// Clients read `job_id`, `template_name` and `status_url` at the top level or in `data`:
/// both are given.
#[derive(Serialize, ToSchema)]
pub struct TemplateJobStarted {
    status: &'static str,
    job_id: Uuid,
    template_name: String,
    status_url: String,
    data: TemplateJob,
}

async fn panel_target(
    state: &AppState,
    current: &CurrentUser,
    project_id: Option<&str>,
    scene_id: Option<&str>,
) -> ApiResult<(Target, store::Scene)> {
    let scene_id = generation::required_id(scene_id, "scene_id", SELECT_SCENE)?;
    let project_id =
        generation::required_id(project_id, "project_id", "No campaign or project selected")?;
    let scene = generation::owned_scene(state, current.user.id, project_id, scene_id).await?;
    Ok((
        Target {
            user_id: current.user.id,
            project_id,
            scene_id: Some(scene.id),
            message_id: None,
        },
        scene,
    ))
}

/// Applies a template to the scene's product images (1 credit).
#[utoipa::path(post, path = "/api/templates/generate", tag = "templates", operation_id = "generateFromTemplate",
    request_body = TemplateGenerateRequest,
    responses((status = 202, body = TemplateJobStarted), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate_from_template(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<TemplateGenerateRequest>,
) -> ApiResult<(StatusCode, Json<TemplateJobStarted>)> {
    let (target, scene) = panel_target(
        &state,
        &current,
        request.project_id.as_deref(),
        request.scene_id.as_deref(),
    )
    .await?;
    let template_id = request
        .template_id
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::validation("template_id", "Please select a template"))?;
    check_output_type(request.output_type.as_deref())?;
    let settings = request.settings.resolve(scene.settings)?;
    let template = state
        .store
        .template(template_id)
        .await
        .map_err(not_found(TEMPLATE_NOT_FOUND))?;
    let reference_image_ids =
        generation::reference_images(&state, current.user.id, scene.id, None).await?;
    if reference_image_ids.is_empty() {
        return Err(ApiError::validation("scene_id", UPLOAD_AN_IMAGE));
    }
    let payload = JobPayload::Template {
        template_id: template.id.clone(),
        reference_image_ids,
        quality: settings.quality,
        resolution: settings.resolution,
    };
    let job = generation::enqueue(&state, target, payload).await?;
    let data = TemplateJob {
        job_id: job.id,
        template_name: template.name.clone(),
        status_url: status_url(job.id),
        status: job.status.as_str(),
    };
    Ok((
        StatusCode::ACCEPTED,
        Json(TemplateJobStarted {
            status: "success",
            job_id: job.id,
            template_name: template.name,
            status_url: data.status_url.clone(),
            data,
        }),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct RecommendationRequest {
    scene_id: Option<String>,
    project_id: Option<String>,
    /// One of the user's reference images or image assets (`/api/media/file/{id}`).
    product_image_url: Option<String>,
    #[schema(value_type = Option<Environment>)]
    environment: Option<String>,
    #[schema(value_type = Option<ColorPalette>)]
    color_palette: Option<String>,
    #[schema(value_type = Option<Lighting>)]
    lighting: Option<String>,
    #[schema(value_type = Option<Composition>)]
    composition: Option<String>,
    creative_direction: Option<String>,
    #[serde(default)]
    generation_settings: PanelSettings,
}

#[derive(Serialize, ToSchema)]
pub struct RecommendationJob {
    job_id: Uuid,
    status_url: String,
    status: &'static str,
}

#[derive(Serialize, ToSchema)]
pub struct RecommendationStarted {
    status: &'static str,
    job_id: Uuid,
    status_url: String,
    data: RecommendationJob,
}

fn parse_choice<T>(
    text: Option<&str>,
    parse: fn(&str) -> Result<T, domain::Invalid>,
) -> ApiResult<Option<T>> {
    match text.map(str::trim).filter(|t| !t.is_empty()) {
        Some(t) => Ok(Some(parse(t)?)),
        None => Ok(None),
    }
}

/// AI Assistant mode: stages the product photo with the chosen environment, palette,
/// lighting and composition (defaults for those left out) and the creative direction.
#[utoipa::path(post, path = "/api/recommendations/generate", tag = "templates", operation_id = "generateRecommendation",
    request_body = RecommendationRequest,
    responses((status = 202, body = RecommendationStarted), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate_recommendation(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    Json(request): Json<RecommendationRequest>,
) -> ApiResult<(StatusCode, Json<RecommendationStarted>)> {
    let (target, scene) = panel_target(
        &state,
        &current,
        request.project_id.as_deref(),
        request.scene_id.as_deref(),
    )
    .await?;
    let settings = request.generation_settings.resolve(scene.settings)?;
    let guidance = Guidance {
        environment: Some(
            parse_choice(request.environment.as_deref(), Environment::parse)?.unwrap_or_default(),
        ),
        color_palette: Some(
            parse_choice(request.color_palette.as_deref(), ColorPalette::parse)?
                .unwrap_or_default(),
        ),
        lighting: Some(
            parse_choice(request.lighting.as_deref(), Lighting::parse)?.unwrap_or_default(),
        ),
        composition: Some(
            parse_choice(request.composition.as_deref(), Composition::parse)?.unwrap_or_default(),
        ),
    };
    let creative_direction = generation::prompt_text(request.creative_direction.as_deref())?;
    let url = request
        .product_image_url
        .as_deref()
        .filter(|u| !u.trim().is_empty())
        .ok_or_else(|| ApiError::validation("product_image_url", NO_REFERENCE_URL))?;
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let product = generation::owned_file_from_url(
        &state,
        current.user.id,
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
    };
    let job = generation::enqueue(&state, target, payload).await?;
    let data = RecommendationJob {
        job_id: job.id,
        status_url: status_url(job.id),
        status: job.status.as_str(),
    };
    Ok((
        StatusCode::ACCEPTED,
        Json(RecommendationStarted {
            status: "success",
            job_id: job.id,
            status_url: data.status_url.clone(),
            data,
        }),
    ))
}
