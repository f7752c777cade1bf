//! The Generate panel's templates: the catalogue (popular first), one template, its
//! thumbnail, and `POST /api/templates/generate`; plus the AI Assistant mode's
//! `POST /api/recommendations/generate`.

use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use domain::Guidance;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{not_found, ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path, Query};
use crate::models::{success, Success};
use crate::routes::jobs::StartedJob;
use crate::services::templates::{
    self, RecommendationRequest, TemplateGenerateRequest, TEMPLATE_NOT_FOUND,
};
use crate::state::AppState;

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
    parameters: Guidance,
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

/// Applies a template to the scene's product images: one job per variation asked for (1–4,
/// 1 credit each; 402 with nothing started when the balance does not cover them all).
#[utoipa::path(post, path = "/api/templates/generate", tag = "templates", operation_id = "generateFromTemplate",
    request_body = TemplateGenerateRequest,
    responses((status = 202, body = Success<StartedJob>), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate_from_template(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(request): Json<TemplateGenerateRequest>,
) -> ApiResult<(StatusCode, Json<Success<StartedJob>>)> {
    let (jobs, template) = templates::start_from_template(&state, current.user.id, request).await?;
    let started = StartedJob {
        template_name: Some(template.name),
        ..StartedJob::set(&jobs)
    };
    Ok((StatusCode::ACCEPTED, success(started)))
}

/// AI Assistant mode: stages the product photo with the chosen environment, palette,
/// lighting and composition (defaults for those left out) and the creative direction: one
/// job per variation asked for (1–4, 1 credit each, all started or none).
#[utoipa::path(post, path = "/api/recommendations/generate", tag = "templates", operation_id = "generateRecommendation",
    request_body = RecommendationRequest,
    responses((status = 202, body = Success<StartedJob>), (status = 400, body = ErrorResponse),
        (status = 402, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn generate_recommendation(
    State(state): State<AppState>,
    current: CurrentUser,
    headers: HeaderMap,
    Json(request): Json<RecommendationRequest>,
) -> ApiResult<(StatusCode, Json<Success<StartedJob>>)> {
    let host = headers.get(header::HOST).and_then(|h| h.to_str().ok());
    let jobs = templates::start_recommendation(&state, current.user.id, request, host).await?;
    Ok((StatusCode::ACCEPTED, success(StartedJob::set(&jobs))))
}
