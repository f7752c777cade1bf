//! Sellers' product photos: validated upload through the server, listing, deletion.

use axum::extract::multipart::{Field, MultipartError, MultipartRejection};
use axum::extract::{DefaultBodyLimit, Multipart, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use chrono::{DateTime, Utc};
use engine::intake::{self, IntakeError, PreparedImage};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::media_files;
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
}

const TOO_MANY: &str = "You can only upload up to 3 reference images.";

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
}

impl From<store::ReferenceImage> for ReferenceImageView {
    fn from(r: store::ReferenceImage) -> Self {
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
        }
    }
}

/// The upload's answer, errors included: `{success, reference_image, error}`.
#[derive(Serialize, ToSchema)]
pub struct UploadResponse {
    success: bool,
    reference_image: Option<ReferenceImageView>,
    error: Option<String>,
}

struct UploadFailure(StatusCode, String);

impl UploadFailure {
    fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self(status, message.into())
    }
}

impl From<IntakeError> for UploadFailure {
    fn from(e: IntakeError) -> Self {
        let status = match e {
            IntakeError::UnsupportedType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            IntakeError::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
            IntakeError::DimensionsTooLarge | IntakeError::Corrupted => StatusCode::BAD_REQUEST,
        };
        Self(status, e.to_string())
    }
}

impl From<ApiError> for UploadFailure {
    fn from(e: ApiError) -> Self {
        let response = e.into_response();
        let status = response.status();
        let message = match status {
            StatusCode::UNAUTHORIZED => crate::auth::SIGN_IN_REQUIRED.to_owned(),
            StatusCode::FORBIDDEN => "Cross-site request refused".to_owned(),
            StatusCode::NOT_FOUND => "Project not found".to_owned(),
            _ => "Upload failed".to_owned(),
        };
        Self(status, message)
    }
}

impl From<MultipartError> for UploadFailure {
    fn from(e: MultipartError) -> Self {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            IntakeError::TooLarge.into()
        } else {
            Self(
                StatusCode::BAD_REQUEST,
                format!("Invalid upload: {}", e.body_text()),
            )
        }
    }
}

impl IntoResponse for UploadFailure {
    fn into_response(self) -> Response {
        let body = UploadResponse {
            success: false,
            reference_image: None,
            error: Some(self.1),
        };
        (self.0, Json(body)).into_response()
    }
}

/// The upload form's fields; text fields are short, the file is bounded while streaming.
#[derive(Default)]
struct UploadForm {
    file: Option<Bytes>,
    file_name: Option<String>,
    upload_id: Option<String>,
    project_id: Option<String>,
    scene_id: Option<String>,
    message_id: Option<String>,
    original_filename: Option<String>,
}

const MAX_TEXT_FIELD: usize = 1024;

async fn read_text(field: Field<'_>) -> Result<Option<String>, UploadFailure> {
    let text = field.text().await?;
    if text.len() > MAX_TEXT_FIELD {
        return Err(UploadFailure::new(
            StatusCode::BAD_REQUEST,
            "Invalid upload: a form field is too long",
        ));
    }
    let text = text.trim().to_owned();
    Ok((!text.is_empty() && text != "null" && text != "undefined").then_some(text))
}

/// Reads the file, deciding as soon as it is too big or its first bytes are no image; the
/// rest is then read and dropped, so the client can finish sending and read the answer.
async fn read_file(mut field: Field<'_>) -> Result<Bytes, UploadFailure> {
    let mut bytes = Vec::new();
    let mut refused: Option<UploadFailure> = None;
    while let Some(chunk) = field.chunk().await? {
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
            refused = Some(IntakeError::UnsupportedType.into());
            bytes = Vec::new();
        }
    }
    match refused {
        Some(failure) => Err(failure),
        None => Ok(Bytes::from(bytes)),
    }
}

async fn read_form(mut multipart: Multipart) -> Result<UploadForm, UploadFailure> {
    let mut form = UploadForm::default();
    let mut refused = None;
    while let Some(field) = multipart.next_field().await? {
        match field.name().unwrap_or_default() {
            "file" => {
                form.file_name = field.file_name().map(str::to_owned);
                match read_file(field).await {
                    Ok(bytes) => form.file = Some(bytes),
                    Err(failure) => refused = Some(failure),
                }
            }
            "uploadId" => form.upload_id = read_text(field).await?,
            "projectId" => form.project_id = read_text(field).await?,
            "sceneId" => form.scene_id = read_text(field).await?,
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
        Some(failure) => Err(failure),
        None => Ok(form),
    }
}

fn parse_id(
    text: Option<&str>,
    missing: &'static str,
    not_found: &'static str,
) -> Result<Uuid, UploadFailure> {
    let text = text.ok_or_else(|| UploadFailure::new(StatusCode::BAD_REQUEST, missing))?;
    text.parse()
        .map_err(|_| UploadFailure::new(StatusCode::NOT_FOUND, not_found))
}

/// Keeps a display name: no directories, no control characters, at most 255 characters.
fn clean_filename(name: &str) -> Option<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let cleaned: String = base.chars().filter(|c| !c.is_control()).take(255).collect();
    let cleaned = cleaned.trim().to_owned();
    (!cleaned.is_empty()).then_some(cleaned)
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
    match receive(&state, current, multipart).await {
        Ok(image) => {
            let body = UploadResponse {
                success: true,
                reference_image: Some(image.into()),
                error: None,
            };
            (StatusCode::CREATED, Json(body)).into_response()
        }
        Err(failure) => failure.into_response(),
    }
}

async fn receive(
    state: &AppState,
    current: Result<CurrentUser, ApiError>,
    multipart: Result<Multipart, MultipartRejection>,
) -> Result<store::ReferenceImage, UploadFailure> {
    let user_id = current?.user.id;
    let multipart = multipart.map_err(|_| {
        UploadFailure::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "Expected a multipart/form-data upload",
        )
    })?;
    let form = read_form(multipart).await?;
    let file = form
        .file
        .ok_or_else(|| UploadFailure::new(StatusCode::BAD_REQUEST, "No file uploaded"))?;

    let project_id = parse_id(
        form.project_id.as_deref(),
        "projectId is required",
        "Project not found",
    )?;
    state
        .store
        .project(user_id, project_id)
        .await
        .map_err(not_found("Project not found"))
        .map_err(UploadFailure::from)?;
    let scene_id = match form.scene_id.as_deref() {
        Some(text) => {
            let id = parse_id(Some(text), "sceneId is required", "Scene not found")?;
            let scene = state
                .store
                .scene(user_id, id)
                .await
                .map_err(|_| UploadFailure::new(StatusCode::NOT_FOUND, "Scene not found"))?;
            if scene.project_id != project_id {
                return Err(UploadFailure::new(StatusCode::NOT_FOUND, "Scene not found"));
            }
            Some(id)
        }
        None => None,
    };
    if scene_id.is_none() && form.message_id.is_none() {
        return Err(UploadFailure::new(
            StatusCode::BAD_REQUEST,
            "sceneId is required",
        ));
    }
    // Refuse early when full; the insert checks again under a lock.
    let held = state
        .store
        .count_reference_images(user_id, scene_id, form.message_id.as_deref())
        .await
        .map_err(ApiError::from)?;
    if held >= store::MAX_REFERENCE_IMAGES {
        return Err(UploadFailure::new(StatusCode::BAD_REQUEST, TOO_MANY));
    }

    let permit = state
        .image_work
        .clone()
        .acquire_owned()
        .await
        .map_err(|e| ApiError::Internal(e.into()))?;
    let prepared: PreparedImage = tokio::task::spawn_blocking(move || {
        let _permit = permit;
        intake::prepare_reference_image(&file)
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))??;

    let id = Uuid::new_v4();
    let storage_key = format!("reference-images/{id}.{}", prepared.extension);
    let thumbnail_extension = if prepared.thumbnail_mime == "image/png" {
        "png"
    } else {
        "jpg"
    };
    let thumbnail_key = format!("reference-images/{id}.thumb.{thumbnail_extension}");
    let new = store::ReferenceImage {
        id,
        user_id,
        project_id,
        scene_id,
        message_id: form.message_id,
        upload_id: form.upload_id,
        storage_key: storage_key.clone(),
        thumbnail_key: thumbnail_key.clone(),
        filename: format!("{id}.{}", prepared.extension),
        original_filename: form
            .original_filename
            .or(form.file_name)
            .as_deref()
            .and_then(clean_filename),
        mime_type: prepared.mime.to_owned(),
        thumbnail_mime_type: prepared.thumbnail_mime.to_owned(),
        width: i64::from(prepared.width),
        height: i64::from(prepared.height),
        file_size: prepared.bytes.len() as i64,
        created_at: store::now(),
    };
    let objects = [
        (storage_key, Bytes::from(prepared.bytes)),
        (thumbnail_key, Bytes::from(prepared.thumbnail)),
    ];
    state.storage.put_all(&objects).await.map_err(|(key, e)| {
        ApiError::Internal(anyhow::Error::new(e).context(format!("storing {key}")))
    })?;
    match state.store.add_reference_image(&new).await {
        Ok(image) => Ok(image),
        Err(e) => {
            let keys: Vec<String> = objects.iter().map(|(key, _)| key.clone()).collect();
            state.storage.delete_all(&keys).await;
            Err(match e {
                store::AddReferenceImageError::LimitReached => {
                    UploadFailure::new(StatusCode::BAD_REQUEST, TOO_MANY)
                }
                store::AddReferenceImageError::Store(e) => ApiError::from(e).into(),
            })
        }
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
    state
        .store
        .project(user_id, project_id)
        .await
        .map_err(not_found("Project not found"))?;
    let images = state
        .store
        .project_reference_images(user_id, project_id)
        .await?;
    Ok(Json(ReferenceImageList {
        success: true,
        reference_images: images.into_iter().map(Into::into).collect(),
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
    state
        .store
        .scene(user_id, scene_id)
        .await
        .map_err(not_found("Scene not found"))?;
    let images = state
        .store
        .scene_reference_images(user_id, scene_id)
        .await?;
    Ok(Json(ReferenceImageList {
        success: true,
        reference_images: images.into_iter().map(Into::into).collect(),
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
    Ok(Json(ReferenceImageResponse {
        success: true,
        reference_image: image.into(),
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
    let keys = state
        .store
        .delete_reference_image(current.user.id, id)
        .await
        .map_err(not_found("Reference image not found"))?;
    state
        .store
        .delete_queued_objects(&state.storage, &keys)
        .await;
    Ok(StatusCode::NO_CONTENT)
}
