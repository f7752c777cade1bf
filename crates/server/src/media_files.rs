//! Bytes in object storage and the URLs that serve them.

use bytes::Bytes;
use store::{MediaStorage, Store};
use uuid::Uuid;

pub fn file_url(id: Uuid) -> String {
    format!("/api/media/file/{id}")
}

pub fn thumbnail_url(id: Uuid) -> String {
    format!("/api/media/file/{id}?variant=thumbnail")
}

/// Stores every object or none: on a failure the ones already written are deleted.
pub async fn put_all(storage: &MediaStorage, objects: &[(String, Bytes)]) -> anyhow::Result<()> {
    for (index, (key, bytes)) in objects.iter().enumerate() {
        if let Err(e) = storage.put(key, bytes.clone()).await {
            let written: Vec<String> = objects[..index]
                .iter()
                .map(|(key, _)| key.clone())
                .collect();
            delete_all(storage, &written).await;
            return Err(anyhow::Error::new(e).context(format!("storing {key}")));
        }
    }
    Ok(())
}

/// Best-effort deletion of objects no row refers to yet.
pub async fn delete_all(storage: &MediaStorage, keys: &[String]) {
    for key in keys {
        if let Err(e) = storage.delete(key).await {
            tracing::warn!(key, error = %e, "could not delete a stored object");
        }
    }
}

/// Deletes objects whose rows are gone; any that fail stay queued for [`sweep_deletions`].
pub async fn delete_queued(store: &Store, storage: &MediaStorage, keys: &[String]) {
    for key in keys {
        match storage.delete(key).await {
            Ok(()) => {
                if let Err(e) = store.storage_deleted(key).await {
                    tracing::warn!(key, error = %e, "could not record a deleted object");
                }
            }
            Err(e) => tracing::warn!(key, error = %e, "object deletion failed; it stays queued"),
        }
    }
}

/// Retries queued object deletions; returns how many remain.
pub async fn sweep_deletions(store: &Store, storage: &MediaStorage) -> anyhow::Result<usize> {
    let keys = store.pending_storage_deletions(500).await?;
    delete_queued(store, storage, &keys).await;
    Ok(store.pending_storage_deletions(500).await?.len())
}
