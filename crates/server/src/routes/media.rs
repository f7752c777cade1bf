//! Serving stored media: owner-only files with ranges and caching, downloads, short-lived
//! media tokens and signed share links.

use axum::body::Body;
use axum::extract::State;
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Duration, Utc};
use domain::Choice;
use futures::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, MediaReader, Path, Query};
use crate::media_files::file_url;
use crate::models::{success, Success};
use crate::routes::share::wants_page;
use crate::services::media::{self, FileAnswer, MusicFormat, Variant};
use crate::services::share;
use crate::share_page;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(media_file))
        .routes(routes!(download))
        .routes(routes!(media_auth))
        .routes(routes!(share))
        .routes(routes!(delete_media))
        .routes(routes!(shared_file))
}

const MEDIA_TOKEN_MINUTES: i64 = 10;

#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct FileQuery {
    /// `thumbnail` for the small preview, `poster` for a video's first frame; a file without
    /// the rendition answers 404.
    #[serde(default)]
    #[param(value_type = Option<Variant>, inline)]
    variant: Choice<Variant>,
    /// `json` answers `{url, file_url, media_url}` instead of the bytes.
    #[serde(default)]
    #[param(value_type = Option<FileAnswer>, inline)]
    format: Choice<FileAnswer>,
}

#[derive(Serialize, ToSchema)]
pub struct MediaUrls {
    url: String,
    file_url: String,
    media_url: String,
}

/// The bytes of one stored file, or its thumbnail.
#[utoipa::path(get, path = "/api/media/file/{id}", tag = "media", operation_id = "mediaFile",
    params(("id" = Uuid, Path, description = "Media asset or reference image id"), FileQuery),
    responses((status = 200, description = "The file (byte ranges supported)"),
        (status = 206, description = "Part of the file"), (status = 304, description = "Not modified"),
        (status = 404, body = ErrorResponse), (status = 416, description = "Range not satisfiable")))]
async fn media_file(
    State(state): State<AppState>,
    reader: MediaReader,
    Path(id): Path<Uuid>,
    Query(query): Query<FileQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    if query.format.get() == Some(FileAnswer::Json) {
        media::stored_file(&state, reader.user_id, id).await?;
        let url = file_url(id);
        return Ok(Json(MediaUrls {
            file_url: url.clone(),
            media_url: url.clone(),
            url,
        })
        .into_response());
    }
    let variant = Variant::asked(query.variant);
    serve(&state, reader.user_id, id, variant, &headers, None).await
}

#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct DownloadQuery {
    /// Music only: `ogg`, `m4a` (AAC-LC) or `wav` (16-bit PCM). Without it, the file as stored.
    #[serde(default)]
    #[param(value_type = Option<MusicFormat>, inline)]
    format: Choice<MusicFormat>,
}

/// The file as an attachment with a safe file name; music in the format asked for.
#[utoipa::path(get, path = "/api/media/download/{id}", tag = "media", operation_id = "mediaDownload",
    params(("id" = Uuid, Path, description = "Media asset or reference image id"), DownloadQuery),
    responses((status = 200, description = "The file, Content-Disposition: attachment"),
        (status = 400, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn download(
    State(state): State<AppState>,
    reader: MediaReader,
    Path(id): Path<Uuid>,
    Query(query): Query<DownloadQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let file = media::stored_file(&state, reader.user_id, id).await?;
    let name = download_name(&state, reader.user_id, &file).await?;
    if let Some(MusicFormat(format)) = query.format.get() {
        let bytes = media::music_as(&state, &file, format).await?;
        let stem = name
            .rsplit_once('.')
            .map_or(name.as_str(), |(stem, _)| stem);
        let name = format!("{stem}.{}", format.extension());
        return Ok((
            [
                (
                    header::CONTENT_TYPE,
                    HeaderValue::from_static(format.mime()),
                ),
                (header::CONTENT_DISPOSITION, content_disposition(&name)),
                (
                    header::CACHE_CONTROL,
                    HeaderValue::from_static("private, max-age=86400"),
                ),
            ],
            bytes,
        )
            .into_response());
    }
    serve(
        &state,
        reader.user_id,
        id,
        Variant::Original,
        &headers,
        Some(name),
    )
    .await
}

#[derive(Serialize, ToSchema)]
pub struct MediaToken {
    /// Use as `Authorization: Bearer <token>` on media routes only.
    token: String,
    expires_at: DateTime<Utc>,
}

/// A short-lived token that reads the signed-in user's media (not a session token).
#[utoipa::path(get, path = "/api/media/auth", tag = "media", operation_id = "mediaAuth",
    responses((status = 200, body = MediaToken), (status = 401, body = ErrorResponse)))]
async fn media_auth(State(state): State<AppState>, current: CurrentUser) -> Json<MediaToken> {
    let expires_at = store::now() + Duration::minutes(MEDIA_TOKEN_MINUTES);
    // Tied to this session: it stops working when the session signs out.
    Json(MediaToken {
        token: state
            .signer
            .media_token(current.user.id, current.session_id, expires_at),
        expires_at,
    })
}

#[derive(Serialize, ToSchema)]
pub struct ShareLink {
    id: Uuid,
    /// The public page of this file: works without signing in until `expires_at`, unless
    /// revoked.
    url: String,
    /// The file itself, for embedding.
    file_url: String,
    expires_at: DateTime<Utc>,
}

/// Deletes a generated media asset with its bytes. A scene that showed it as its cover shows
/// its other media; the credits it cost stay spent.
#[utoipa::path(delete, path = "/api/media/{id}", tag = "media", operation_id = "deleteMedia",
    params(("id" = Uuid, Path, description = "Media asset id")),
    responses((status = 204, description = "Deleted"), (status = 404, body = ErrorResponse)))]
async fn delete_media(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    media::delete_asset(&state, current.user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A share link to one file: a public page with the file, until it expires or is revoked.
#[utoipa::path(post, path = "/api/media/{id}/share", tag = "media", operation_id = "shareMedia",
    params(("id" = Uuid, Path, description = "Media asset or reference image id")),
    responses((status = 200, body = Success<ShareLink>), (status = 404, body = ErrorResponse)))]
async fn share(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Success<ShareLink>>> {
    let owned = share::create(&state, current.user.id, id).await?;
    Ok(success(ShareLink {
        id: owned.link.id,
        url: share::page_url(&owned.token),
        file_url: share::file_url(&owned.token),
        expires_at: owned.link.expires_at,
    }))
}

#[derive(Deserialize, IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct SharedQuery {
    /// `thumbnail` for the small preview, `poster` for a video's first frame; a file without
    /// the rendition answers 404.
    #[serde(default)]
    #[param(value_type = Option<Variant>, inline)]
    variant: Choice<Variant>,
    /// `1` to save the file (an attachment with its name) rather than show it.
    download: Option<String>,
}

/// The file behind a share link; no sign-in needed. A browser opening a link that no longer
/// works gets a page that says so.
#[utoipa::path(get, path = "/api/media/shared/{token}", tag = "media", operation_id = "sharedMedia",
    security(()),
    params(("token" = String, Path, description = "The token of a share link"), SharedQuery),
    responses((status = 200, description = "The file"), (status = 404, body = ErrorResponse)))]
async fn shared_file(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(query): Query<SharedQuery>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let shared = match share::open(&state, &token).await? {
        Ok(shared) => shared,
        Err(closed) if wants_page(&headers) => return Ok(share_page::closed(closed)),
        Err(_) => return Err(ApiError::NotFound(LINK_CLOSED)),
    };
    let variant = Variant::asked(query.variant);
    let attachment = match query.download.as_deref() {
        Some("1") => {
            let file = media::stored_file(&state, shared.user_id, shared.file_id).await?;
            Some(download_name(&state, shared.user_id, &file).await?)
        }
        _ => None,
    };
    serve(
        &state,
        shared.user_id,
        shared.file_id,
        variant,
        &headers,
        attachment,
    )
    .await
}

const LINK_CLOSED: &str = "This link has expired or is invalid";

/// A single byte range from a `Range` header, resolved against the size.
enum RangeRequest {
    Whole,
    Part(std::ops::Range<u64>),
    Unsatisfiable,
}

fn parse_range(header: Option<&HeaderValue>, size: u64) -> RangeRequest {
    let Some(spec) = header
        .and_then(|h| h.to_str().ok())
        .and_then(|h| h.trim().strip_prefix("bytes="))
    else {
        return RangeRequest::Whole;
    };
    // Several ranges are rare (and unneeded for seeking): answer the whole file.
    if spec.contains(',') {
        return RangeRequest::Whole;
    }
    let Some((start, end)) = spec.split_once('-') else {
        return RangeRequest::Whole;
    };
    let (start, end) = (start.trim(), end.trim());
    let range = match (start.parse::<u64>(), end.parse::<u64>()) {
        // An end past the file (up to u64::MAX, which has no successor) is the file's end.
        (Ok(start), Ok(end)) if start <= end => start..end.saturating_add(1).min(size),
        (Ok(start), Err(_)) if end.is_empty() => start..size,
        (Err(_), Ok(suffix)) if start.is_empty() && suffix > 0 => size.saturating_sub(suffix)..size,
        _ => return RangeRequest::Whole,
    };
    if range.start >= size || range.is_empty() {
        RangeRequest::Unsatisfiable
    } else {
        RangeRequest::Part(range)
    }
}

/// The name a download is saved under. Generated media: `{project}-{campaign}-{n}.{ext}`,
/// `n` its place in the campaign as the storyboard lists it (media outside any campaign are
/// `unassigned`); a product photo: the name it was uploaded with. The extension always follows
/// the stored type (a PNG uploaded as `page.html` downloads as `page.png`), and control and
/// invisible formatting characters are dropped.
async fn download_name(
    state: &AppState,
    user_id: Uuid,
    file: &store::StoredFile,
) -> ApiResult<String> {
    let extension = extension_of(&file.mime_type, &file.filename);
    match state.store.media_place(user_id, file.id).await {
        Ok(place) => {
            let stem = crate::media_files::place_stem(&place);
            Ok(format!("{stem}-{}.{extension}", place.position.max(1)))
        }
        Err(store::StoreError::NotFound) => Ok(uploaded_name(file, &extension)),
        Err(e) => Err(e.into()),
    }
}

/// A product photo's download name: the name it was uploaded with, minus control and
/// formatting characters, with the stored type's `extension`.
fn uploaded_name(file: &store::StoredFile, extension: &str) -> String {
    let name = file.original_filename.as_deref().unwrap_or(&file.filename);
    let cleaned: String = name
        .chars()
        .filter(|&c| !c.is_control() && !crate::extract::is_format_character(c))
        .map(|c| {
            if matches!(c, '"' | '\\' | '/' | ';') {
                '_'
            } else {
                c
            }
        })
        .collect();
    let stem = match cleaned.trim().rsplit_once('.') {
        Some((stem, _)) => stem.trim().to_owned(),
        None => cleaned.trim().to_owned(),
    };
    let stem = if stem.trim_matches('.').is_empty() {
        file.id.to_string()
    } else {
        stem
    };
    format!("{stem}.{extension}")
}

/// The extension of a stored type; our own file name's for a type not listed.
fn extension_of(mime: &str, stored_name: &str) -> String {
    let known = match mime {
        "image/png" => "png",
        "image/jpeg" => "jpg",
        "image/webp" => "webp",
        "image/gif" => "gif",
        "video/mp4" => "mp4",
        "video/webm" => "webm",
        "audio/mpeg" => "mp3",
        "audio/ogg" => "ogg",
        "audio/wav" | "audio/x-wav" => "wav",
        "audio/mp4" => "m4a",
        _ => "",
    };
    if !known.is_empty() {
        return known.to_owned();
    }
    stored_name
        .rsplit_once('.')
        .map(|(_, ext)| ext.to_ascii_lowercase())
        .filter(|ext| !ext.is_empty() && ext.chars().all(|c| c.is_ascii_alphanumeric()))
        .unwrap_or_else(|| "bin".to_owned())
}

pub(crate) fn content_disposition(name: &str) -> HeaderValue {
    let ascii: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_graphic() || c == ' ' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let encoded: String = name
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                (b as char).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect();
    HeaderValue::from_str(&format!(
        "attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

/// Answers with a file's bytes: 304 when the client has them, byte ranges for seeking,
/// a day's private caching, and an attachment name for downloads. The full-size renditions
/// (the original, a video's poster) follow the owner's plan: marked on the free plan when
/// the operator marks it.
async fn serve(
    state: &AppState,
    user_id: Uuid,
    id: Uuid,
    variant: Variant,
    headers: &HeaderMap,
    attachment: Option<String>,
) -> ApiResult<Response> {
    let by_plan = variant != Variant::Thumbnail && state.config.watermark_free_plan;
    let marked = by_plan && media::marked_for(state, user_id).await?;
    let file = media::locate(state, user_id, id, variant, marked).await?;
    // A rendition that depends on the plan is checked on every view, so a new subscriber
    // sees clean pictures at once.
    // So is an ad design, whose file is replaced when its words change.
    let cache = HeaderValue::from_static(if by_plan || file.replaceable() {
        "private, no-cache"
    } else {
        "private, max-age=86400"
    });
    if matches_etag(headers, &file.etag) {
        return Ok((
            StatusCode::NOT_MODIFIED,
            [(header::ETAG, file.etag)],
            [(header::CACHE_CONTROL, cache)],
        )
            .into_response());
    }
    let size = file.size;
    let requested = headers
        .get(header::RANGE)
        .filter(|_| range_still_valid(headers, &file.etag));
    let (status, range) = match parse_range(requested, size) {
        RangeRequest::Whole => (StatusCode::OK, None),
        RangeRequest::Part(range) => (StatusCode::PARTIAL_CONTENT, Some(range)),
        RangeRequest::Unsatisfiable => {
            return Ok((
                StatusCode::RANGE_NOT_SATISFIABLE,
                [(header::CONTENT_RANGE, format!("bytes */{size}"))],
                [(header::ACCEPT_RANGES, "bytes")],
            )
                .into_response())
        }
    };
    let object = media::read(state, &file, range.clone()).await?;
    let mut response = Response::builder()
        .status(status)
        .header(header::CONTENT_TYPE, file.mime)
        .header(
            header::CONTENT_LENGTH,
            object.range.end - object.range.start,
        )
        .header(header::ACCEPT_RANGES, "bytes")
        .header(header::ETAG, file.etag)
        .header(header::CACHE_CONTROL, cache);
    if let Some(range) = range {
        response = response.header(
            header::CONTENT_RANGE,
            format!("bytes {}-{}/{size}", range.start, range.end - 1),
        );
    }
    if let Some(name) = attachment {
        response = response.header(header::CONTENT_DISPOSITION, content_disposition(&name));
    }
    let body = Body::from_stream(
        object
            .body
            .map(|chunk| chunk.map_err(std::io::Error::other)),
    );
    response
        .body(body)
        .map_err(|e| ApiError::Internal(e.into()))
}

/// `If-Range` makes a range conditional: the part is sent only while the client's copy is
/// this file's current version; otherwise the whole file is. Only our strong entity tag
/// qualifies: a date can never match, as no `Last-Modified` is given out.
fn range_still_valid(headers: &HeaderMap, etag: &str) -> bool {
    match headers.get(header::IF_RANGE) {
        None => true,
        Some(value) => value.to_str().is_ok_and(|v| v.trim() == etag),
    }
}

fn matches_etag(headers: &HeaderMap, etag: &str) -> bool {
    headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|tag| tag.trim() == etag || tag.trim() == "*")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(spec: &str, size: u64) -> Option<std::ops::Range<u64>> {
        match parse_range(Some(&HeaderValue::from_str(spec).unwrap()), size) {
            RangeRequest::Part(r) => Some(r),
            RangeRequest::Whole => None,
            RangeRequest::Unsatisfiable => Some(u64::MAX..u64::MAX),
        }
    }

    #[test]
    fn byte_ranges_follow_rfc_9110() {
        assert_eq!(range("bytes=0-99", 1000), Some(0..100));
        assert_eq!(range("bytes=900-", 1000), Some(900..1000));
        assert_eq!(range("bytes=-100", 1000), Some(900..1000));
        assert_eq!(range("bytes=990-2000", 1000), Some(990..1000));
        assert_eq!(range("bytes=1000-", 1000), Some(u64::MAX..u64::MAX));
        assert_eq!(range("bytes=5-1", 1000), None);
        assert_eq!(range("bytes=0-1,5-6", 1000), None);
        assert_eq!(range("items=0-1", 1000), None);
    }

    #[test]
    fn download_names_are_safe() {
        let file = store::StoredFile {
            id: Uuid::nil(),
            storage_key: "k".into(),
            mime_type: "image/png".into(),
            thumbnail_key: None,
            thumbnail_mime_type: None,
            poster_key: None,
            watermarked_key: None,
            filename: "abc.png".into(),
            original_filename: Some("../evil\"name;\n.png".into()),
            width: None,
            height: None,
        };
        assert_eq!(uploaded_name(&file, "png"), ".._evil_name_.png");
        for (uploaded_as, mime, expected) in [
            ("page.html", "image/png", "page.png"),
            ("invoice\u{202E}gnp.exe", "image/png", "invoicegnp.png"),
            ("\u{2066}shot\u{2069}.JPEG", "image/jpeg", "shot.jpg"),
            (
                "\u{200B}",
                "image/png",
                "00000000-0000-0000-0000-000000000000.png",
            ),
        ] {
            let file = store::StoredFile {
                original_filename: Some(uploaded_as.into()),
                mime_type: mime.into(),
                ..file.clone()
            };
            let extension = extension_of(&file.mime_type, &file.filename);
            assert_eq!(
                uploaded_name(&file, &extension),
                expected,
                "{uploaded_as:?}"
            );
        }
        let header = content_disposition("crème.png");
        assert_eq!(
            header.to_str().unwrap(),
            "attachment; filename=\"cr_me.png\"; filename*=UTF-8''cr%C3%A8me.png"
        );
    }
}
