//! Bytes in object storage and the URLs that serve them.

use domain::MediaKind;
use store::{MediaStorage, Store};
use uuid::Uuid;

/// The URL that serves a stored media file (the media route).
pub fn file_url(id: Uuid) -> String {
    format!("/api/media/file/{id}")
}

/// The URL of a media file's thumbnail.
pub fn thumbnail_url(id: Uuid) -> String {
    format!("/api/media/file/{id}?variant=thumbnail")
}

/// The thumbnail URL of a media file, if its kind has a picture (music has none).
pub fn preview_url(id: Uuid, kind: Option<MediaKind>) -> Option<String> {
    kind.is_some_and(MediaKind::has_picture)
        .then(|| thumbnail_url(id))
}

/// Retries queued object deletions; returns how many remain.
pub async fn sweep_deletions(store: &Store, storage: &MediaStorage) -> anyhow::Result<usize> {
    let keys = store.pending_storage_deletions(500).await?;
    store.delete_queued_objects(storage, &keys).await;
    Ok(store.pending_storage_deletions(500).await?.len())
}

/// Lower-case ASCII words joined by dashes ("Été Sale!" → "ete-sale"), at most 40 characters;
/// `fallback` when nothing is left. The web app names files the same way.
pub(crate) fn slug(text: &str, fallback: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    let mut slug = String::new();
    for c in text.nfkd().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            slug.push(c);
        } else if unicode_normalization::char::is_combining_mark(c) {
            continue;
        } else if !slug.is_empty() && !slug.ends_with('-') {
            slug.push('-');
        }
    }
    let slug: String = slug.chars().take(40).collect();
    let slug = slug.trim_matches('-');
    if slug.is_empty() {
        fallback.to_owned()
    } else {
        slug.to_owned()
    }
}

/// `{project}-{campaign}` of a media file's place, slugged (`unassigned` outside any campaign):
/// the start of every generated file's download name.
pub(crate) fn place_stem(place: &store::MediaPlace) -> String {
    let project = slug(place.project_name.as_deref().unwrap_or_default(), "project");
    let campaign = match &place.scene_name {
        Some(name) => slug(name, "campaign"),
        None => "unassigned".to_owned(),
    };
    format!("{project}-{campaign}")
}

#[cfg(test)]
mod tests {
    use super::slug;

    #[test]
    fn slugs_are_lower_case_ascii_words_of_at_most_40_characters() {
        assert_eq!(slug("Été Sale!", "campaign"), "ete-sale");
        assert_eq!(slug("  ¿¡ ", "campaign"), "campaign");
        assert_eq!(slug(&"ab ".repeat(30), "x").len(), 40);
    }
}
