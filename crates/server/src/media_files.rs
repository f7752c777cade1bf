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
