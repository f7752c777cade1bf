//! The public page a share link opens, and the page for a link that opens nothing: HTML from
//! the templates in `templates/share/`, where the template engine escapes every value.

use askama::Template;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use domain::MediaKind;

use crate::services::share::Closed;

/// The page's own policy: no scripts at all, media only from here.
const PAGE_POLICY: &str = "default-src 'none'; img-src 'self'; media-src 'self'; \
style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/// What a share link's page shows: the file with its project's name, a download button,
/// when the link stops working, and the tags chat and social apps build a preview from.
#[derive(Template)]
#[template(path = "share/open.html")]
pub struct OpenPage<'a> {
    /// Where browsers reach the site, before every absolute URL of the preview tags.
    pub origin: &'a str,
    /// The project's name as the page shows it (never empty).
    pub project: &'a str,
    pub kind: MediaKind,
    pub mime: &'a str,
    /// The page itself and the shared file, as paths.
    pub page_url: &'a str,
    pub file_url: &'a str,
    pub expires_at: Option<DateTime<Utc>>,
    title: String,
    description: String,
    og_type: &'static str,
    poster_url: String,
}

impl<'a> OpenPage<'a> {
    pub fn new(
        origin: &'a str,
        project: &'a str,
        kind: MediaKind,
        mime: &'a str,
        page_url: &'a str,
        file_url: &'a str,
        expires_at: Option<DateTime<Utc>>,
    ) -> Self {
        let (noun, og_type) = match kind {
            MediaKind::Image => ("Image", "website"),
            MediaKind::Video => ("Video", "video.other"),
            MediaKind::Audio => ("Music", "music.song"),
        };
        Self {
            origin,
            project,
            kind,
            mime,
            page_url,
            file_url,
            expires_at,
            title: format!("{project} · {noun}"),
            description: format!(
                "{noun} from the campaign \u{201c}{project}\u{201d}, made with Campaign Studio."
            ),
            og_type,
            poster_url: format!("{file_url}?variant=poster"),
        }
    }

    pub fn into_response(self) -> Response {
        html(StatusCode::OK, &self)
    }
}

/// The friendly page for a link that opens nothing.
#[derive(Template)]
#[template(path = "share/closed.html")]
struct ClosedPage {
    title: &'static str,
    note: &'static str,
}

/// The page for a link that opens nothing, with the status that says why.
pub fn closed(closed: Closed) -> Response {
    let (status, title, note) = match closed {
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
            "It may be incomplete, or the file was deleted. Check that you copied the whole \
link, or ask the person who sent it for a new one.",
        ),
    };
    html(status, &ClosedPage { title, note })
}

fn html(status: StatusCode, page: &impl Template) -> Response {
    let body = match page.render() {
        Ok(body) => body,
        Err(error) => {
            tracing::error!(%error, "rendering a share page");
            return StatusCode::INTERNAL_SERVER_ERROR.into_response();
        }
    };
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everything_put_in_a_page_is_escaped() {
        let name = r#"<script>"a" & 'b'</script>"#;
        let page = OpenPage::new(
            "https://studio.example",
            name,
            MediaKind::Image,
            "image/png",
            "/s/t",
            "/s/t/file",
            None,
        )
        .render()
        .unwrap();
        assert!(!page.contains("<script>"), "{page}");
        assert!(
            page.contains(
                "<h1>&#60;script&#62;&#34;a&#34; &#38; &#39;b&#39;&#60;/script&#62;</h1>"
            ),
            "{page}"
        );
    }

    #[test]
    fn each_kind_gets_its_player_and_preview_tags() {
        let render = |kind, mime| {
            OpenPage::new("https://x", "Soap", kind, mime, "/s/t", "/s/t/file", None)
                .render()
                .unwrap()
        };
        let video = render(MediaKind::Video, "video/mp4");
        assert!(video.contains(r#"<meta property="og:video" content="https://x/s/t/file">"#));
        assert!(
            video.contains(r#"poster="/s/t/file?variant=poster""#),
            "{video}"
        );
        let audio = render(MediaKind::Audio, "audio/mpeg");
        assert!(audio.contains("<audio controls"), "{audio}");
        assert!(!audio.contains("og:image"), "{audio}");
        let image = render(MediaKind::Image, "image/png");
        assert!(
            image.contains(r#"<img src="/s/t/file" alt="Image from Soap">"#),
            "{image}"
        );
    }
}
