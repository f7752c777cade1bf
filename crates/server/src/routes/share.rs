//! Share links: the owner's list and revocation, and the public page a link opens (the
//! picture, clip or track with its project's name, a download button, when the link stops
//! working, and the tags chat and social apps build a preview from).

use axum::extract::State;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::MediaKind;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::media_files::preview_url;
use crate::models::{success, Success};
use crate::services::share::{self, Closed, OwnedLink, Shared};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_links))
        .routes(routes!(revoke_link))
}

/// A share link as its owner sees it.
#[derive(Serialize, ToSchema)]
pub struct ShareLinkView {
    id: Uuid,
    /// The public page; works without signing in until `expires_at` unless revoked.
    url: String,
    /// The file itself, for embedding.
    file_url: String,
    file_id: Uuid,
    /// `image`, `video` or `audio`.
    kind: String,
    project_name: Option<String>,
    /// The owner's thumbnail of the file; none for music.
    preview_url: Option<String>,
    created_at: DateTime<Utc>,
    expires_at: DateTime<Utc>,
}

pub fn kind_of(mime: &str) -> MediaKind {
    if mime.starts_with("video/") {
        MediaKind::Video
    } else if mime.starts_with("audio/") {
        MediaKind::Audio
    } else {
        MediaKind::Image
    }
}

impl From<OwnedLink> for ShareLinkView {
    fn from(owned: OwnedLink) -> Self {
        let link = owned.link;
        let kind = kind_of(link.mime_type.as_deref().unwrap_or_default());
        Self {
            id: link.id,
            url: share::page_url(&owned.token),
            file_url: share::file_url(&owned.token),
            file_id: link.file_id,
            kind: kind.as_str().to_owned(),
            project_name: link.project_name,
            preview_url: preview_url(link.file_id, Some(kind)),
            created_at: link.created_at,
            expires_at: link.expires_at,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct ShareLinks {
    links: Vec<ShareLinkView>,
}

/// The signed-in user's share links that still work, newest first.
#[utoipa::path(get, path = "/api/share-links", tag = "media", operation_id = "shareLinks",
    responses((status = 200, body = Success<ShareLinks>), (status = 401, body = ErrorResponse)))]
async fn list_links(
    State(state): State<AppState>,
    current: CurrentUser,
) -> ApiResult<Json<Success<ShareLinks>>> {
    let links = share::list(&state, current.user.id).await?;
    Ok(success(ShareLinks {
        links: links.into_iter().map(Into::into).collect(),
    }))
}

/// Stops a share link from working: its page then says so.
#[utoipa::path(delete, path = "/api/share-links/{id}", tag = "media", operation_id = "revokeShareLink",
    params(("id" = Uuid, Path, description = "Share link id")),
    responses((status = 204, description = "Revoked"), (status = 404, body = ErrorResponse)))]
async fn revoke_link(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<StatusCode> {
    share::revoke(&state, current.user.id, id).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The page's own policy: no scripts at all, media only from here.
const PAGE_POLICY: &str = "default-src 'none'; img-src 'self'; media-src 'self'; \
style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const STYLE: &str = "body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',sans-serif;\
background:#f6f5f2;color:#1d1d1f}main{max-width:880px;margin:0 auto;padding:24px 16px 40px}\
.brand{font-size:14px;font-weight:600;letter-spacing:.04em;color:#5b4bd6;margin:0 0 8px}\
h1{font-size:24px;margin:0 0 16px;overflow-wrap:anywhere}figure{margin:0 0 16px;background:#fff;\
border-radius:12px;padding:12px;box-shadow:0 1px 3px rgba(0,0,0,.12)}img,video{display:block;\
width:100%;height:auto;max-height:75vh;object-fit:contain;border-radius:8px}audio{width:100%}\
.row{display:flex;flex-wrap:wrap;gap:12px;align-items:center;justify-content:space-between}\
.expiry{margin:0;color:#4a4a4f;font-size:15px}.download{display:inline-block;background:#5b4bd6;\
color:#fff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px}\
.download:focus-visible{outline:3px solid #1d1d1f;outline-offset:2px}\
.note{font-size:16px;line-height:1.5;max-width:60ch}";

/// Escapes text for HTML element content and quoted attributes.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// A name as the page shows it: without control and invisible formatting characters, so a
/// bidirectional override or a zero-width space cannot make a title or a link preview read
/// as something else (download names drop the same characters).
fn visible(name: &str) -> String {
    name.chars()
        .filter(|&c| !c.is_control() && !crate::extract::is_format_character(c))
        .collect()
}

fn html(status: StatusCode, body: String) -> Response {
    (
        status,
        [
            (header::CONTENT_TYPE, "text/html; charset=utf-8"),
            (header::CONTENT_SECURITY_POLICY, PAGE_POLICY),
            (header::X_FRAME_OPTIONS, "DENY"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response()
}

fn document(title: &str, head: &str, main: &str) -> String {
    format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
<meta name=\"robots\" content=\"noindex\"><title>{title}</title>{head}<style>{STYLE}</style>\
</head><body><main><p class=\"brand\">Campaign Studio</p>{main}</main></body></html>",
        title = escape(title),
    )
}

/// The friendly page for a link that opens nothing, with the status that says why.
pub fn closed_page(closed: Closed) -> Response {
    let (status, heading, note) = match closed {
        Closed::Expired => (
            StatusCode::GONE,
            "This share link has expired",
            "Share links work for 7 days. Ask the person who sent it for a new link.",
        ),
        Closed::Revoked => (
            StatusCode::GONE,
            "This share link was turned off",
            "Its owner stopped sharing this file. Ask them for a new link if you still need it.",
        ),
        Closed::Invalid => (
            StatusCode::NOT_FOUND,
            "This share link does not work",
            "It may be incomplete, or the file was deleted. Check that you copied the whole link, \
or ask the person who sent it for a new one.",
        ),
    };
    html(
        status,
        document(
            heading,
            "",
            &format!(
                "<h1>{}</h1><p class=\"note\">{}</p>",
                escape(heading),
                escape(note)
            ),
        ),
    )
}

/// Whether a request is a browser navigating (so an error should be a page, not JSON).
pub fn wants_page(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"))
}

/// The public page of a share link.
pub async fn page(
    State(state): State<AppState>,
    axum::extract::Path(token): axum::extract::Path<String>,
    headers: HeaderMap,
) -> Response {
    match share::open(&state, &token).await {
        Ok(Ok(shared)) => open_page(&state, &headers, &token, &shared),
        Ok(Err(closed)) => closed_page(closed),
        Err(error) => error.into_response(),
    }
}

fn open_page(state: &AppState, headers: &HeaderMap, token: &str, shared: &Shared) -> Response {
    let origin = crate::routes::stripe::origin(state, headers);
    let project = shared
        .project_name
        .as_deref()
        .map(visible)
        .filter(|name| !name.trim().is_empty())
        .unwrap_or_else(|| "A file from Campaign Studio".to_owned());
    let project = project.as_str();
    let kind = kind_of(&shared.mime_type);
    let file = share::file_url(token);
    let absolute = |path: &str| escape(&format!("{origin}{path}"));
    let (noun, og_type) = match kind {
        MediaKind::Image => ("Image", "website"),
        MediaKind::Video => ("Video", "video.other"),
        MediaKind::Audio => ("Music", "music.song"),
    };
    let title = format!("{project} · {noun}");
    let description =
        format!("{noun} from the campaign \u{201c}{project}\u{201d}, made with Campaign Studio.");
    let poster = format!("{file}?variant=poster");
    let mut head = format!(
        "<meta name=\"description\" content=\"{description}\">\
<meta property=\"og:site_name\" content=\"Campaign Studio\">\
<meta property=\"og:title\" content=\"{title}\">\
<meta property=\"og:description\" content=\"{description}\">\
<meta property=\"og:type\" content=\"{og_type}\">\
<meta property=\"og:url\" content=\"{url}\">\
<meta name=\"twitter:title\" content=\"{title}\">\
<meta name=\"twitter:description\" content=\"{description}\">",
        description = escape(&description),
        title = escape(&title),
        url = absolute(&share::page_url(token)),
    );
    let media = match kind {
        MediaKind::Image => {
            head.push_str(&format!(
                "<meta property=\"og:image\" content=\"{image}\">\
<meta property=\"og:image:type\" content=\"{mime}\">\
<meta name=\"twitter:card\" content=\"summary_large_image\">\
<meta name=\"twitter:image\" content=\"{image}\">",
                image = absolute(&file),
                mime = escape(&shared.mime_type),
            ));
            format!(
                "<img src=\"{src}\" alt=\"{alt}\">",
                src = escape(&file),
                alt = escape(&format!("Image from {project}"))
            )
        }
        MediaKind::Video => {
            head.push_str(&format!(
                "<meta property=\"og:image\" content=\"{image}\">\
<meta property=\"og:video\" content=\"{video}\">\
<meta property=\"og:video:type\" content=\"{mime}\">\
<meta name=\"twitter:card\" content=\"summary_large_image\">\
<meta name=\"twitter:image\" content=\"{image}\">",
                image = absolute(&poster),
                video = absolute(&file),
                mime = escape(&shared.mime_type),
            ));
            format!(
                "<video controls playsinline preload=\"metadata\" poster=\"{poster}\" aria-label=\"{label}\">\
<source src=\"{src}\" type=\"{mime}\"></video>",
                poster = escape(&poster),
                src = escape(&file),
                mime = escape(&shared.mime_type),
                label = escape(&format!("Video from {project}")),
            )
        }
        MediaKind::Audio => {
            head.push_str(&format!(
                "<meta property=\"og:audio\" content=\"{audio}\">\
<meta property=\"og:audio:type\" content=\"{mime}\">\
<meta name=\"twitter:card\" content=\"summary\">",
                audio = absolute(&file),
                mime = escape(&shared.mime_type),
            ));
            format!(
                "<audio controls preload=\"metadata\" src=\"{src}\" aria-label=\"{label}\"></audio>",
                src = escape(&file),
                label = escape(&format!("Music from {project}")),
            )
        }
    };
    let expiry = match shared.expires_at {
        Some(at) => format!(
            "<p class=\"expiry\">This link works until <time datetime=\"{}\">{}</time>.</p>",
            at.to_rfc3339(),
            at.format("%-d %B %Y, %H:%M UTC")
        ),
        None => String::new(),
    };
    let main = format!(
        "<h1>{project}</h1><figure>{media}</figure><div class=\"row\">{expiry}\
<a class=\"download\" href=\"{download}\">Download</a></div>",
        project = escape(project),
        download = escape(&format!("{file}?download=1")),
    );
    html(StatusCode::OK, document(&title, &head, &main))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everything_put_in_a_page_is_escaped() {
        assert_eq!(
            escape(r#"<script>"a" & 'b'</script>"#),
            "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;"
        );
    }

    #[test]
    fn names_lose_their_invisible_characters() {
        assert_eq!(
            visible("Sale\u{202E}gpj.exe\u{200B} \u{2066}Best\u{2069}\u{FEFF}"),
            "Salegpj.exe Best"
        );
        assert_eq!(visible("Crème & Co"), "Crème & Co");
    }

    #[test]
    fn kinds_follow_the_file_type() {
        assert_eq!(kind_of("video/mp4"), MediaKind::Video);
        assert_eq!(kind_of("audio/ogg"), MediaKind::Audio);
        assert_eq!(kind_of("image/png"), MediaKind::Image);
    }
}
