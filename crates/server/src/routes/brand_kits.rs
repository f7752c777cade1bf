//! A project's brand kit: colours, fonts, tagline and logo.

use axum::extract::multipart::MultipartRejection;
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use engine::intake;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, MediaReader, Path};
use crate::models::{success, Success};
use crate::routes::reference_images::{multipart_error, read_file, read_text};
use crate::services::brand_kits::{self, StyleInput};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_logo, logo))
        // As for product photos: up to twice the file's limit is read so a client sending a
        // too-large file still receives the 413 answer.
        .layer(DefaultBodyLimit::max(2 * intake::MAX_UPLOAD_BYTES))
        .routes(routes!(get_brand_kit, put_brand_kit))
}

/// A project's brand kit.
#[derive(Serialize, ToSchema)]
pub struct BrandKitView {
    project_id: Uuid,
    /// The logo, owner-only; null until one is uploaded.
    logo_url: Option<String>,
    logo_width: Option<i64>,
    logo_height: Option<i64>,
    /// Up to 5 colours, `#rrggbb`: the first fills bars and panels, the second buttons and
    /// badges. Read from the logo when one is uploaded; editable.
    colours: Vec<String>,
    /// A family of the bundled set; headlines are set in its bold.
    heading_font: String,
    /// A family of the bundled set; sublines, offers and buttons are set in its regular.
    body_font: String,
    tagline: Option<String>,
    /// The families a kit chooses from.
    fonts: Vec<String>,
    /// Null until the kit is first saved.
    updated_at: Option<DateTime<Utc>>,
}

impl From<store::BrandKit> for BrandKitView {
    fn from(kit: store::BrandKit) -> Self {
        Self {
            project_id: kit.project_id,
            logo_url: brand_kits::logo_url(&kit),
            logo_width: kit.logo.as_ref().map(|l| l.width),
            logo_height: kit.logo.as_ref().map(|l| l.height),
            colours: kit.style.colours.iter().map(|c| c.hex()).collect(),
            heading_font: kit.style.heading_font,
            body_font: kit.style.body_font,
            tagline: kit.style.tagline,
            fonts: engine::design::families()
                .into_iter()
                .map(str::to_owned)
                .collect(),
            updated_at: kit.updated_at,
        }
    }
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct BrandKitRequest {
    /// At most 5, each `#rrggbb`.
    #[schema(max_items = 5)]
    colours: Vec<String>,
    heading_font: String,
    body_font: String,
    /// One line, at most 80 characters; blank or absent for none.
    tagline: Option<String>,
}

/// The project's brand kit (the default one until it is set).
#[utoipa::path(get, path = "/api/projects/{id}/brand-kit", tag = "brand-kits",
    operation_id = "getBrandKit", params(("id" = Uuid, Path, description = "Project id")),
    responses((status = 200, body = Success<BrandKitView>), (status = 401, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn get_brand_kit(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Success<BrandKitView>>> {
    let kit = brand_kits::brand_kit(&state, current.user.id, id).await?;
    Ok(success(kit.into()))
}

/// Sets the kit's colours (at most 5, `#rrggbb`), heading and body font (families of the
/// bundled set) and tagline (at most 80 characters). The logo stays. A broken rule is a 400
/// naming it, and nothing changes.
#[utoipa::path(put, path = "/api/projects/{id}/brand-kit", tag = "brand-kits",
    operation_id = "putBrandKit", params(("id" = Uuid, Path, description = "Project id")),
    request_body = BrandKitRequest,
    responses((status = 200, body = Success<BrandKitView>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn put_brand_kit(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
    Json(body): Json<BrandKitRequest>,
) -> ApiResult<Json<Success<BrandKitView>>> {
    let input = StyleInput {
        colours: body.colours,
        heading_font: body.heading_font,
        body_font: body.body_font,
        tagline: body.tagline,
    };
    let kit = brand_kits::save_style(&state, current.user.id, id, input).await?;
    Ok(success(kit.into()))
}

/// Uploads the project's logo (multipart `file`), checked like a product photo: JPEG, PNG,
/// WebP or GIF by content, at most 15 MB and 4096×4096, stored without metadata; a PNG keeps
/// its transparency. SVG is refused (415) with a sentence saying what to upload instead. The
/// kit's colours become the logo's own (up to 5, most covered first), editable afterwards.
/// A refused file leaves nothing stored.
#[utoipa::path(post, path = "/api/projects/{id}/brand-kit/logo", tag = "brand-kits",
    operation_id = "uploadBrandLogo", params(("id" = Uuid, Path, description = "Project id")),
    request_body(content_type = "multipart/form-data", description = "file"),
    responses((status = 200, body = Success<BrandKitView>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse),
        (status = 413, body = ErrorResponse), (status = 415, body = ErrorResponse)))]
async fn upload_logo(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Json<Success<BrandKitView>>> {
    let mut multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType("Expected a multipart/form-data upload".into())
    })?;
    let mut file = None;
    let mut refused = None;
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() == Some("file") {
            match read_file(field, brand_kits::not_a_picture).await {
                Ok(bytes) => file = Some(bytes),
                Err(refusal) => refused = Some(refusal),
            }
        } else {
            read_text(field).await?;
        }
    }
    if let Some(refusal) = refused {
        return Err(refusal);
    }
    let kit = brand_kits::upload_logo(&state, current.user.id, id, file).await?;
    Ok(success(kit.into()))
}

/// The project's logo as stored (owner-only).
#[utoipa::path(get, path = "/api/projects/{id}/brand-kit/logo", tag = "brand-kits",
    operation_id = "brandLogo", params(("id" = Uuid, Path, description = "Project id")),
    responses((status = 200, description = "The logo, image/png or image/jpeg"),
        (status = 404, body = ErrorResponse)))]
async fn logo(
    State(state): State<AppState>,
    reader: MediaReader,
    Path(id): Path<Uuid>,
) -> ApiResult<Response> {
    let (bytes, mime) = brand_kits::logo(&state, reader.user_id, id).await?;
    // Its URL changes with every new logo.
    let headers = [
        (header::CONTENT_TYPE, mime),
        (
            header::CACHE_CONTROL,
            "private, max-age=31536000, immutable".to_owned(),
        ),
    ];
    Ok((headers, bytes).into_response())
}
