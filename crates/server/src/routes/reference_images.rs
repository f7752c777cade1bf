//! Sellers' product photos: validated upload through the server, listing, deletion, and
//! each photo's cutout (seen, corrected, reset).

use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use domain::{CutoutHints, CutoutSource, LookupId};
use engine::intake::{self, IntakeError};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult, ErrorResponse};
use crate::extract::{checked_text, CurrentUser, Json, MediaReader, Path};
use crate::media_files;
use crate::services::{cutouts, reference_images};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload))
        // The file may be 15 MiB. Up to twice that is read (and dropped) so a client sending a
        // too-large file still receives the 413 answer; beyond it the connection is cut.
        .layer(DefaultBodyLimit::max(2 * intake::MAX_UPLOAD_BYTES))
        .routes(routes!(project_reference_images))
        .routes(routes!(scene_reference_images))
        .routes(routes!(get_reference_image, delete_reference_image))
        .routes(routes!(get_cutout, adjust_cutout, reset_cutout))
        .routes(routes!(cutout_mask))
}

/// A product photo's cutout: which pixels are the product.
#[derive(Serialize, ToSchema)]
pub struct CutoutView {
    /// The mask: an 8-bit grey PNG of the stored photo's size and orientation (255 product,
    /// 0 background, values between on the soft edge). Owner-only, like the photo.
    mask_url: String,
    /// How far the cutout can be trusted, 0 to 1.
    confidence: f64,
    /// `auto`: the studio's own; `seller`: re-solved with the seller's box and strokes.
    source: CutoutSource,
    /// Set when the automatic cutout is doubtful: "We could not separate your product
    /// cleanly — adjust the cutout". Nothing has been charged.
    warning: Option<String>,
}

impl From<&store::Cutout> for CutoutView {
    fn from(c: &store::Cutout) -> Self {
        Self {
            mask_url: cutouts::mask_url(c),
            confidence: c.confidence,
            source: c.source,
            warning: domain::cutout_warning(c.source, c.confidence).map(str::to_owned),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct Dimensions {
    width: i64,
    height: i64,
}

#[derive(Serialize, ToSchema)]
pub struct ImageMetadata {
    thumbnail_url: String,
}

/// A product photo with every field the clients read.
#[derive(Serialize, ToSchema)]
pub struct ReferenceImageView {
    id: Uuid,
    /// `/api/media/file/{id}`.
    url: String,
    thumbnail_url: String,
    #[serde(rename = "thumbnailUrl")]
    thumbnail_url_camel: String,
    /// The stored file's generated name.
    filename: String,
    original_filename: Option<String>,
    dimensions: Dimensions,
    /// The same as `url`: bytes are always served through the API.
    s3_url: String,
    file_size: i64,
    mime_type: String,
    project_id: Uuid,
    scene_id: Option<Uuid>,
    message_id: Option<String>,
    upload_id: Option<String>,
    created_at: DateTime<Utc>,
    image_metadata: ImageMetadata,
    /// The photo's stored cutout with its confidence and warning; null for a photo stored
    /// before cutouts existed, until its cutout is first asked for.
    cutout: Option<CutoutView>,
}

impl ReferenceImageView {
    fn new(r: store::ReferenceImage, cutout: Option<&store::Cutout>) -> Self {
        let url = media_files::file_url(r.id);
        let thumbnail_url = media_files::thumbnail_url(r.id);
        Self {
            id: r.id,
            s3_url: url.clone(),
            url,
            thumbnail_url_camel: thumbnail_url.clone(),
            image_metadata: ImageMetadata {
                thumbnail_url: thumbnail_url.clone(),
            },
            thumbnail_url,
            filename: r.filename,
            original_filename: r.original_filename,
            dimensions: Dimensions {
                width: r.width,
                height: r.height,
            },
            file_size: r.file_size,
            mime_type: r.mime_type,
            project_id: r.project_id,
            scene_id: r.scene_id,
            message_id: r.message_id,
            upload_id: r.upload_id,
            created_at: r.created_at,
            cutout: cutout.map(CutoutView::from),
        }
    }

    /// Views of `images`, each with its stored cutout.
    async fn list(
        state: &AppState,
        user_id: Uuid,
        images: Vec<store::ReferenceImage>,
    ) -> ApiResult<Vec<Self>> {
        let cutouts = cutouts::of(state, user_id, &images).await?;
        Ok(images
            .into_iter()
            .map(|image| {
                let cutout = cutouts.get(&image.id);
                Self::new(image, cutout)
            })
            .collect())
    }
}

/// The upload's answer, errors included: `{success, reference_image, error}`.
#[derive(Serialize, ToSchema)]
pub struct UploadResponse {
    success: bool,
    reference_image: Option<ReferenceImageView>,
    error: Option<String>,
}

impl UploadResponse {
    /// The upload's own error shape, from the one error type every route uses.
    fn refused(error: ApiError) -> Response {
        let (status, message) = error.status_and_message();
        let body = UploadResponse {
            success: false,
            reference_image: None,
            error: Some(message),
        };
        (status, Json(body)).into_response()
    }
}

pub(crate) fn multipart_error(e: MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        IntakeError::TooLarge.into()
    } else {
        ApiError::validation("file", format!("Invalid upload: {}", e.body_text()))
    }
}

const MAX_TEXT_FIELD: usize = 1024;

pub(crate) async fn read_text(field: Field<'_>) -> ApiResult<Option<String>> {
    let text = checked_text(field.text().await.map_err(multipart_error)?)?;
    if text.len() > MAX_TEXT_FIELD {
        return Err(ApiError::Validation {
            field: None,
            message: "Invalid upload: a form field is too long".into(),
        });
    }
    let text = text.trim().to_owned();
    Ok((!text.is_empty() && text != "null" && text != "undefined").then_some(text))
}

/// Reads the file, deciding as soon as it is too big or its first bytes are no image (then
/// `no_image` says why from them); the rest is then read and dropped, so the client can
/// finish sending and read the answer.
pub(crate) async fn read_file(
    mut field: Field<'_>,
    no_image: fn(&[u8]) -> ApiError,
) -> ApiResult<Bytes> {
    let mut bytes = Vec::new();
    let mut refused: Option<ApiError> = None;
    while let Some(chunk) = field.chunk().await.map_err(multipart_error)? {
        if refused.is_some() {
            continue;
        }
        if bytes.len() + chunk.len() > intake::MAX_UPLOAD_BYTES {
            refused = Some(IntakeError::TooLarge.into());
            bytes = Vec::new();
            continue;
        }
        let sniffable_before = bytes.len() >= 16;
        bytes.extend_from_slice(&chunk);
        if !sniffable_before && bytes.len() >= 16 && intake::sniff(&bytes).is_none() {
            refused = Some(no_image(&bytes));
            bytes = Vec::new();
        }
    }
    match refused {
        Some(refusal) => Err(refusal),
        None => Ok(Bytes::from(bytes)),
    }
}

async fn read_form(
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<reference_images::Upload> {
    let mut multipart = multipart.map_err(|_| {
        ApiError::UnsupportedMediaType("Expected a multipart/form-data upload".into())
    })?;
    let mut form = reference_images::Upload::default();
    let mut refused = None;
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        match field.name().unwrap_or_default() {
            "file" => {
                form.file_name = field.file_name().map(str::to_owned);
                match read_file(field, |_| IntakeError::UnsupportedType.into()).await {
                    Ok(bytes) => form.file = Some(bytes),
                    Err(refusal) => refused = Some(refusal),
                }
            }
            "uploadId" => form.upload_id = read_text(field).await?,
            "projectId" => form.project_id = LookupId::parse(read_text(field).await?),
            "sceneId" => form.scene_id = LookupId::parse(read_text(field).await?),
            "messageId" => form.message_id = read_text(field).await?,
            "originalFilename" => form.original_filename = read_text(field).await?,
            // `userId` and `simpleFilename` are accepted and ignored: the session says who
            // uploads, and stored names are generated.
            _ => {
                read_text(field).await?;
            }
        }
    }
    match refused {
        Some(refusal) => Err(refusal),
        None => Ok(form),
    }
}

/// Uploads a product photo (multipart `file` plus uploadId, projectId, sceneId, messageId,
/// originalFilename). Checked by content: JPEG, PNG, WebP or GIF, at most 15 MB and
/// 4096×4096; stored with EXIF orientation applied and metadata stripped, with a thumbnail.
#[utoipa::path(post, path = "/api/reference-images/upload-proxy", tag = "reference-images",
    operation_id = "uploadReferenceImage",
    request_body(content_type = "multipart/form-data", description = "file, uploadId, projectId, sceneId, messageId, originalFilename"),
    responses((status = 201, body = UploadResponse), (status = 400, body = UploadResponse),
        (status = 401, body = UploadResponse), (status = 404, body = UploadResponse),
        (status = 413, body = UploadResponse), (status = 415, body = UploadResponse)))]
async fn upload(
    State(state): State<AppState>,
    current: Result<CurrentUser, ApiError>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Response {
    let stored = async {
        let user_id = current?.user.id;
        let form = read_form(multipart).await?;
        let image = reference_images::add_reference_image(&state, user_id, form).await?;
        let cutout = state.store.cutout(user_id, image.id).await?;
        Ok::<_, ApiError>(ReferenceImageView::new(image, cutout.as_ref()))
    };
    match stored.await {
        Ok(image) => {
            let body = UploadResponse {
                success: true,
                reference_image: Some(image),
                error: None,
            };
            (StatusCode::CREATED, Json(body)).into_response()
        }
        Err(error) => UploadResponse::refused(error),
    }
}

#[derive(Serialize, ToSchema)]
pub struct ReferenceImageList {
    success: bool,
    /// Oldest first.
    reference_images: Vec<ReferenceImageView>,
}

#[derive(Serialize, ToSchema)]
pub struct ReferenceImageResponse {
    success: bool,
    reference_image: ReferenceImageView,
}

/// Every reference image of a project (chat attachments included), oldest first.
#[utoipa::path(get, path = "/api/reference-images/project/{id}", tag = "reference-images",
    operation_id = "projectReferenceImages", params(("id" = Uuid, Path, description = "Project id")),
    responses((status = 200, body = ReferenceImageList), (status = 404, body = ErrorResponse)))]
async fn project_reference_images(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(project_id): Path<Uuid>,
) -> ApiResult<Json<ReferenceImageList>> {
    let user_id = current.user.id;
    let images = reference_images::project_reference_images(&state, user_id, project_id).await?;
    Ok(Json(ReferenceImageList {
        success: true,
        reference_images: ReferenceImageView::list(&state, user_id, images).await?,
    }))
}

/// A scene's product images (not chat attachments), oldest first.
#[utoipa::path(get, path = "/api/reference-images/scene/{id}", tag = "reference-images",
    operation_id = "sceneReferenceImages", params(("id" = Uuid, Path, description = "Scene id")),
    responses((status = 200, body = ReferenceImageList), (status = 404, body = ErrorResponse)))]
async fn scene_reference_images(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(scene_id): Path<Uuid>,
) -> ApiResult<Json<ReferenceImageList>> {
    let user_id = current.user.id;
    let images = reference_images::scene_reference_images(&state, user_id, scene_id).await?;
    Ok(Json(ReferenceImageList {
        success: true,
        reference_images: ReferenceImageView::list(&state, user_id, images).await?,
    }))
}

/// One reference image.
#[utoipa::path(get, path = "/api/reference-images/{id}", tag = "reference-images",
    operation_id = "getReferenceImage", params(("id" = Uuid, Path, description = "Reference image id")),
    responses((status = 200, body = ReferenceImageResponse), (status = 404, body = ErrorResponse)))]
async fn get_reference_image(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<ReferenceImageResponse>> {
    let image = state
        .store
        .reference_image(current.user.id, id)
        .await
        .map_err(not_found("Reference image not found"))?;
    let cutout = state.store.cutout(current.user.id, id).await?;
    Ok(Json(ReferenceImageResponse {
        success: true,
        reference_image: ReferenceImageView::new(image, cutout.as_ref()),
    }))
}

/// Deletes a reference image with its bytes and thumbnail.
#[utoipa::path(delete, path = "/api/reference-images/{id}", tag = "reference-images",
    operation_id = "deleteReferenceImage", params(("id" = Uuid, Path, description = "Reference image id")),
    responses((status = 204, description = "Deleted"), (status = 404, body = ErrorResponse)))]
async fn delete_reference_image(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    reference_images::delete_reference_image(&state, current.user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The photo's cutout: the mask's URL, how far it can be trusted, who made it and the warning
/// of a doubtful automatic one. A photo stored before cutouts existed gets its automatic one
/// now.
#[utoipa::path(get, path = "/api/reference-images/{id}/cutout", tag = "reference-images",
    operation_id = "getCutout", params(("id" = Uuid, Path, description = "Reference image id")),
    responses((status = 200, body = CutoutView), (status = 404, body = ErrorResponse)))]
async fn get_cutout(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<CutoutView>> {
    let cutout = cutouts::cutout(&state, current.user.id, id).await?;
    Ok(Json(CutoutView::from(&cutout)))
}

/// Re-solves the cutout with the seller's corrections as hard constraints (a pixel under a
/// keep stroke is product, one under a remove stroke or outside the box is background) and
/// stores it, replacing the one before. The body is the whole set of corrections (any of
/// `box`, `keep`, `remove`, `brush_px`, in photo pixels), not an addition to the last one.
/// Free. Points off the photo, an empty box, more than 200 strokes or 20,000 points, or a
/// brush of nothing or over 1000 px are refused (400) and change nothing.
#[utoipa::path(put, path = "/api/reference-images/{id}/cutout", tag = "reference-images",
    operation_id = "adjustCutout", params(("id" = Uuid, Path, description = "Reference image id")),
    request_body = CutoutHints,
    responses((status = 200, body = CutoutView), (status = 400, body = ErrorResponse),
        (status = 404, body = ErrorResponse)))]
async fn adjust_cutout(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
    Json(hints): Json<CutoutHints>,
) -> ApiResult<Json<CutoutView>> {
    let cutout = cutouts::adjust(&state, current.user.id, id, hints).await?;
    Ok(Json(CutoutView::from(&cutout)))
}

/// Goes back to the automatic cutout (the seller's corrections are dropped). Free.
#[utoipa::path(delete, path = "/api/reference-images/{id}/cutout", tag = "reference-images",
    operation_id = "resetCutout", params(("id" = Uuid, Path, description = "Reference image id")),
    responses((status = 200, body = CutoutView), (status = 404, body = ErrorResponse)))]
async fn reset_cutout(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<CutoutView>> {
    let cutout = cutouts::reset(&state, current.user.id, id).await?;
    Ok(Json(CutoutView::from(&cutout)))
}

/// The cutout's mask: an 8-bit grey PNG of the stored photo's size and orientation (255
/// product, 0 background). `v` (the URL `mask_url` gives) changes whenever the cutout does.
#[utoipa::path(get, path = "/api/reference-images/{id}/cutout/mask", tag = "reference-images",
    operation_id = "cutoutMask", params(("id" = Uuid, Path, description = "Reference image id")),
    responses((status = 200, description = "The mask, image/png"),
        (status = 304, description = "Not modified"), (status = 404, body = ErrorResponse)))]
async fn cutout_mask(
    State(state): State<AppState>,
    reader: MediaReader,
    Path(id): Path<Uuid>,
    headers: axum::http::HeaderMap,
) -> ApiResult<Response> {
    use axum::http::header;
    let (bytes, version) = cutouts::mask(&state, reader.user_id, id).await?;
    let etag = format!("\"{version}\"");
    // Replaced on every correction: revalidated on each view, answered 304 while unchanged.
    let headers_out = [
        (header::CONTENT_TYPE, "image/png".to_owned()),
        (header::CACHE_CONTROL, "private, no-cache".to_owned()),
        (header::ETAG, etag.clone()),
    ];
    let unchanged = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == etag));
    if unchanged {
        return Ok((StatusCode::NOT_MODIFIED, headers_out).into_response());
    }
    Ok((headers_out, bytes).into_response())
}
