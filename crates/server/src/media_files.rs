//! Bytes in object storage and the URLs that serve them.

use store::{MediaStorage, Store};

pub use jobs::{file_url, thumbnail_url};

/// Retries queued object deletions; returns how many remain.
pub async fn sweep_deletions(store: &Store, storage: &MediaStorage) -> anyhow::Result<usize> {
    let keys = store.pending_storage_deletions(500).await?;
    store.delete_queued_objects(storage, &keys).await;
    Ok(store.pending_storage_deletions(500).await?.len())
}
