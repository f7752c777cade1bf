//! Copies the engine's template catalogue into the database and renders the thumbnails that
//! are missing, so every node serves the same list and previews match what the engine makes.

use bytes::Bytes;
use store::{MediaStorage, Store, StoredTemplate};

use crate::payload::Guidance;

const THUMBNAIL_SIZE: u32 = 384;

/// Upserts every template of the engine's catalogue (popular first, in catalogue order).
pub async fn sync_templates(store: &Store) -> anyhow::Result<()> {
    let catalogue = engine::templates::all();
    for (position, template) in catalogue.iter().enumerate() {
        let guidance = Guidance {
            environment: Some(template.environment),
            color_palette: Some(template.palette),
            lighting: Some(template.lighting),
            composition: Some(template.composition),
        };
        store
            .upsert_template(&StoredTemplate {
                id: template.id.to_owned(),
                name: template.name.to_owned(),
                template_type: "image".to_owned(),
                is_popular: template.is_popular,
                position: i64::try_from(position).unwrap_or(i64::MAX),
                prompt: template.prompt.to_owned(),
                parameters: guidance,
                thumbnail_key: None,
                thumbnail_mime_type: None,
                updated_at: store::now(),
            })
            .await?;
    }
    Ok(())
}

/// Renders and stores thumbnails for templates that have none, or one drawn by an older
/// version of the engine's thumbnails (the version is part of the key); old objects are queued
/// for deletion.
pub async fn render_missing_thumbnails(
    store: &Store,
    storage: &MediaStorage,
) -> anyhow::Result<usize> {
    let version = format!("-v{}-", engine::templates::THUMBNAIL_VERSION);
    let mut rendered = 0;
    for stored in store.templates("image").await? {
        if stored
            .thumbnail_key
            .as_deref()
            .is_some_and(|key| key.contains(&version))
        {
            continue;
        }
        let Some(template) = engine::templates::find(&stored.id) else {
            continue;
        };
        let jpeg = tokio::task::spawn_blocking(move || {
            engine::templates::render_thumbnail(template, THUMBNAIL_SIZE)
        })
        .await??;
        let key = format!(
            "templates/{}{version}{}.jpg",
            stored.id,
            uuid::Uuid::new_v4().simple()
        );
        storage.put(&key, Bytes::from(jpeg)).await?;
        store
            .set_template_thumbnail(&stored.id, &key, "image/jpeg")
            .await?;
        if let Some(old) = stored.thumbnail_key {
            store.queue_storage_deletions(&[old]).await?;
        }
        rendered += 1;
    }
    Ok(rendered)
}
