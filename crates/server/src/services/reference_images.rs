//! Product photos (reference images) arriving through the server: checked by content,
//! normalised by the engine, stored with a thumbnail, recorded — or nothing is kept.

use bytes::Bytes;
use domain::LookupId;
use engine::intake::{self, PreparedImage};
use jobs::cutouts::Solved;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::services::ownership::{owned_project, MESSAGE_NOT_FOUND};
use crate::state::AppState;

pub const TOO_MANY: &str = "You can only upload up to 3 reference images.";

/// The answer once a user's storage quota (product photos and export files) is used up.
pub fn quota_reached(quota: &store::UploadQuota) -> ApiError {
    ApiError::PayloadTooLarge(format!(
        "Your storage is full ({} files or {} MB of product photos and exports). Delete some exports or product photos to make room.",
        quota.files,
        quota.bytes / (1024 * 1024)
    ))
}

/// An upload as the form sent it.
#[derive(Debug, Default)]
pub struct Upload {
    pub file: Option<Bytes>,
    /// The name the browser gave the file part.
    pub file_name: Option<String>,
    pub upload_id: Option<String>,
    pub project_id: LookupId,
    pub scene_id: LookupId,
    /// Text: a message not sent yet is named by the id its client chose.
    pub message_id: Option<String>,
    pub original_filename: Option<String>,
}

/// Where an upload belongs, once its ids are parsed and owned by the uploader.
struct Destination {
    project_id: Uuid,
    scene_id: Option<Uuid>,
    message_id: Option<String>,
    /// An attachment of a message not yet sent.
    draft: bool,
}

/// Stores a product photo for the user's campaign (or chat message) with its automatic
/// cutout, solved while the photo is decoded anyway, so the upload's answer already says
/// whether the product came out cleanly (before any credit is spent on it). The bytes are
/// written before the rows; if the rows are refused (the campaign filled up meanwhile) the
/// bytes are deleted again, so a refused upload leaves nothing behind.
pub async fn add_reference_image(
    state: &AppState,
    user_id: Uuid,
    upload: Upload,
) -> ApiResult<store::ReferenceImage> {
    let file = upload
        .file
        .clone()
        .ok_or_else(|| ApiError::validation("file", "No file uploaded"))?;
    let destination = destination(state, user_id, &upload).await?;
    // Refuse early when full; the insert checks again under a lock.
    let held = state
        .store
        .count_reference_images(
            user_id,
            destination.scene_id,
            destination.message_id.as_deref(),
        )
        .await?;
    if held >= store::MAX_REFERENCE_IMAGES {
        return Err(ApiError::validation("file", TOO_MANY));
    }
    if destination.draft
        && state
            .store
            .count_draft_images(user_id, destination.project_id, destination.scene_id)
            .await?
            >= store::MAX_DRAFT_IMAGES
    {
        return Err(ApiError::validation("file", TOO_MANY));
    }
    let quota = state.config.upload_quota;
    if !state.store.upload_usage(user_id).await?.allows(&quota, 0) {
        return Err(quota_reached(&quota));
    }
    let (prepared, solved) = prepare(state, file).await?;
    let draft = destination.draft;
    let new = new_reference_image(user_id, destination, upload, &prepared);
    let cutout = store::Cutout::new(
        new.id,
        user_id,
        solved.confidence,
        domain::CutoutSource::Auto,
        None,
    );
    let objects = [
        (new.storage_key.clone(), Bytes::from(prepared.bytes)),
        (new.thumbnail_key.clone(), Bytes::from(prepared.thumbnail)),
        (cutout.mask_key.clone(), Bytes::from(solved.mask_png)),
        (cutout.product_key.clone(), Bytes::from(solved.product_png)),
    ];
    state
        .storage
        .put_all(&objects)
        .await
        .map_err(|(key, e)| ApiError::storing(&key, e))?;
    match state
        .store
        .add_reference_image(&new, Some(&cutout), draft, &quota)
        .await
    {
        Ok(image) => Ok(image),
        Err(e) => {
            let keys: Vec<String> = objects.into_iter().map(|(key, _)| key).collect();
            state.storage.delete_all(&keys).await;
            Err(match e {
                store::AddReferenceImageError::LimitReached => {
                    ApiError::validation("file", TOO_MANY)
                }
                store::AddReferenceImageError::QuotaReached => quota_reached(&quota),
                store::AddReferenceImageError::Store(e) => e.into(),
            })
        }
    }
}

/// The project must be the user's, and the campaign (when named) must be in it. A photo
/// belongs to a campaign or to a chat message; one of the two is required.
async fn destination(state: &AppState, user_id: Uuid, upload: &Upload) -> ApiResult<Destination> {
    let project_id = match upload.project_id {
        LookupId::Id(id) => id,
        LookupId::Absent => return Err(ApiError::validation("projectId", "projectId is required")),
        LookupId::Nothing => return Err(ApiError::NotFound("Project not found")),
    };
    owned_project(state, user_id, project_id).await?;
    let scene_id = match upload.scene_id {
        LookupId::Id(id) => {
            let scene = state
                .store
                .scene(user_id, id)
                .await
                .map_err(not_found("Campaign not found"))?;
            if scene.project_id != project_id {
                return Err(ApiError::NotFound("Campaign not found"));
            }
            Some(id)
        }
        LookupId::Absent => None,
        LookupId::Nothing => return Err(ApiError::NotFound("Campaign not found")),
    };
    let (message_id, draft) = match upload.message_id.as_deref() {
        Some(text) => {
            let (key, sent) = message_key(state, user_id, project_id, scene_id, text).await?;
            (Some(key), !sent)
        }
        None if scene_id.is_none() => {
            return Err(ApiError::validation("sceneId", "sceneId is required"));
        }
        None => (None, false),
    };
    Ok(Destination {
        project_id,
        scene_id,
        message_id,
        draft,
    })
}

/// A chat attachment's key: the id of the user's message in this campaign (or project), or
/// a fresh UUID the client chose for a message it has not sent yet (then the second value is
/// false: a draft). Any other text, or the id of a message elsewhere (another campaign's,
/// another user's), names nothing here.
async fn message_key(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
    scene_id: Option<Uuid>,
    text: &str,
) -> ApiResult<(String, bool)> {
    let not_found = || ApiError::NotFound(MESSAGE_NOT_FOUND);
    let id: Uuid = text.parse().map_err(|_| not_found())?;
    let sent = match state.store.message(user_id, id).await {
        Ok(message) => {
            let in_place = message.project_id == project_id
                && scene_id.is_none_or(|scene| scene == message.scene_id);
            if !in_place {
                return Err(not_found());
            }
            true
        }
        Err(store::StoreError::NotFound) => {
            if state.store.message_exists(id).await? {
                return Err(not_found());
            }
            false
        }
        Err(e) => return Err(e.into()),
    };
    Ok((id.to_string(), sent))
}

/// Decodes, orients, strips and thumbnails the photo and solves its automatic cutout, in one
/// of the places pictures are decoded in.
async fn prepare(state: &AppState, file: Bytes) -> ApiResult<(PreparedImage, Solved)> {
    in_image_place(state, file, |file| {
        let prepared = intake::prepare_reference_image(&file)?;
        // The cutout is of the photo as stored (oriented), so its mask matches what every
        // engine decodes.
        let solved = jobs::cutouts::solve(&prepared.bytes, None)
            .map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?;
        Ok((prepared, solved))
    })
    .await
}

/// Runs `work` on an uploaded picture off the async threads, a bounded number at a time so
/// that many uploads cannot exhaust memory. A file asking for more decoding work than any
/// photo needs is refused by a walk of its structure before it takes one of those places, so
/// hostile files cannot make other people's uploads wait.
pub(crate) async fn in_image_place<T: Send + 'static>(
    state: &AppState,
    file: Bytes,
    work: impl FnOnce(Bytes) -> ApiResult<T> + Send + 'static,
) -> ApiResult<T> {
    let walked = file.clone();
    let (width, height) = tokio::task::spawn_blocking(move || intake::check_decoding_cost(&walked))
        .await
        .map_err(|e| ApiError::Internal(e.into()))??;
    let permit = state.image_work.place(width, height).await;
    tokio::task::spawn_blocking(move || {
        let _permit = permit;
        work(file)
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))?
}

fn new_reference_image(
    user_id: Uuid,
    destination: Destination,
    upload: Upload,
    prepared: &PreparedImage,
) -> store::ReferenceImage {
    let id = Uuid::new_v4();
    let thumbnail_extension = if prepared.thumbnail_mime == "image/png" {
        "png"
    } else {
        "jpg"
    };
    store::ReferenceImage {
        id,
        user_id,
        project_id: destination.project_id,
        scene_id: destination.scene_id,
        message_id: destination.message_id,
        upload_id: upload.upload_id,
        storage_key: format!("reference-images/{id}.{}", prepared.extension),
        thumbnail_key: format!("reference-images/{id}.thumb.{thumbnail_extension}"),
        filename: format!("{id}.{}", prepared.extension),
        original_filename: upload
            .original_filename
            .or(upload.file_name)
            .as_deref()
            .and_then(clean_filename),
        mime_type: prepared.mime.to_owned(),
        thumbnail_mime_type: prepared.thumbnail_mime.to_owned(),
        width: i64::from(prepared.width),
        height: i64::from(prepared.height),
        file_size: prepared.bytes.len() as i64,
        created_at: store::now(),
    }
}

/// Keeps a display name: no directories, no control or invisible formatting characters, at
/// most 255 characters.
fn clean_filename(name: &str) -> Option<String> {
    let base = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let cleaned: String = base
        .chars()
        .filter(|&c| !c.is_control() && !crate::extract::is_format_character(c))
        .take(255)
        .collect();
    let cleaned = cleaned.trim().to_owned();
    (!cleaned.is_empty()).then_some(cleaned)
}

/// Lists of a user's product photos, each after checking the project or campaign is theirs.
pub async fn project_reference_images(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
) -> ApiResult<Vec<store::ReferenceImage>> {
    owned_project(state, user_id, project_id).await?;
    Ok(state
        .store
        .project_reference_images(user_id, project_id)
        .await?)
}

pub async fn scene_reference_images(
    state: &AppState,
    user_id: Uuid,
    scene_id: Uuid,
) -> ApiResult<Vec<store::ReferenceImage>> {
    state
        .store
        .scene(user_id, scene_id)
        .await
        .map_err(not_found("Campaign not found"))?;
    Ok(state
        .store
        .scene_reference_images(user_id, scene_id)
        .await?)
}

/// Deletes a product photo's row; its bytes go through the deletion queue, so a storage
/// hiccup is retried by the sweep instead of leaving orphans.
pub async fn delete_reference_image(state: &AppState, user_id: Uuid, id: Uuid) -> ApiResult<()> {
    let keys = state
        .store
        .delete_reference_image(user_id, id)
        .await
        .map_err(not_found("Reference image not found"))?;
    state
        .store
        .delete_queued_objects(&state.storage, &keys)
        .await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::testing::{png, TestWorld};

    fn upload_to(world: &TestWorld, scene_id: Uuid, file: Bytes) -> Upload {
        Upload {
            file: Some(file),
            file_name: Some("C:\\photos\\serum.png".into()),
            project_id: LookupId::Id(world.project_id),
            scene_id: LookupId::Id(scene_id),
            ..Upload::default()
        }
    }

    #[test]
    fn display_names_lose_directories_and_control_characters() {
        assert_eq!(
            clean_filename("../../etc/pa\nss.png").as_deref(),
            Some("pass.png")
        );
        assert_eq!(
            clean_filename("C:\\photos\\serum.jpg").as_deref(),
            Some("serum.jpg")
        );
        assert_eq!(clean_filename("  \u{7}  "), None);
        assert_eq!(clean_filename(&"a".repeat(300)).map(|n| n.len()), Some(255));
    }

    #[tokio::test]
    async fn a_photo_is_stored_with_its_thumbnail_and_row() {
        let world = TestWorld::new().await;
        let image = add_reference_image(
            &world.state,
            world.user_id,
            upload_to(&world, world.scene_id, png(320, 200)),
        )
        .await
        .unwrap();
        assert_eq!((image.width, image.height), (320, 200));
        assert_eq!(image.original_filename.as_deref(), Some("serum.png"));
        assert_eq!(image.scene_id, Some(world.scene_id));
        let files = world.stored_files();
        assert_eq!(files.len(), 4, "{files:?}");
        assert!(files.contains(&image.storage_key), "{files:?}");
        assert!(files.contains(&image.thumbnail_key), "{files:?}");
        let cutout = world
            .state
            .store
            .cutout(world.user_id, image.id)
            .await
            .unwrap()
            .expect("the automatic cutout is stored with the photo");
        for key in cutout.keys() {
            assert!(files.contains(&key), "{files:?}");
        }
    }

    #[tokio::test]
    async fn refused_photos_leave_nothing_behind() {
        let world = TestWorld::new().await;
        let refused = add_reference_image(
            &world.state,
            world.user_id,
            upload_to(
                &world,
                world.scene_id,
                Bytes::from_static(b"\x89PNG\r\n\x1a\nnot really a png"),
            ),
        )
        .await
        .unwrap_err();
        assert_eq!(refused.to_string(), "Invalid or corrupted image file");
        for _ in 0..store::MAX_REFERENCE_IMAGES {
            add_reference_image(
                &world.state,
                world.user_id,
                upload_to(&world, world.scene_id, png(64, 64)),
            )
            .await
            .unwrap();
        }
        let full = add_reference_image(
            &world.state,
            world.user_id,
            upload_to(&world, world.scene_id, png(64, 64)),
        )
        .await
        .unwrap_err();
        assert_eq!(full.to_string(), TOO_MANY);
        assert_eq!(
            world.stored_files().len(),
            4 * store::MAX_REFERENCE_IMAGES as usize
        );
    }

    #[tokio::test]
    async fn another_sellers_campaign_is_not_found() {
        let world = TestWorld::new().await;
        let (_, _, their_scene) = TestWorld::seller(&world.state, "other@example.com").await;
        let error = add_reference_image(
            &world.state,
            world.user_id,
            upload_to(&world, their_scene, png(64, 64)),
        )
        .await
        .unwrap_err();
        assert!(
            matches!(error, ApiError::NotFound("Campaign not found")),
            "{error:?}"
        );
        let mut no_ids = upload_to(&world, world.scene_id, png(64, 64));
        no_ids.project_id = LookupId::parse(Some("not-an-id".into()));
        let error = add_reference_image(&world.state, world.user_id, no_ids)
            .await
            .unwrap_err();
        assert!(
            matches!(error, ApiError::NotFound("Project not found")),
            "{error:?}"
        );
        assert!(world.stored_files().is_empty());
    }
}
