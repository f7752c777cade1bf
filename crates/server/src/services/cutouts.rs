//! A product photo's cutout as the seller sees and corrects it: the stored one (made on
//! upload, or now for a photo stored before cutouts were), re-solved with the seller's box and
//! strokes, or back to the automatic one. Free: nothing here touches credits.

use domain::{CutoutHints, CutoutSource};
use jobs::cutouts::{self, CutoutError, Solved};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::state::AppState;

pub const PHOTO_NOT_FOUND: &str = "Reference image not found";

/// The URL serving a cutout's mask; the version changes with every save, so a browser never
/// shows a mask that was replaced.
pub fn mask_url(cutout: &store::Cutout) -> String {
    format!(
        "/api/reference-images/{}/cutout/mask?v={}",
        cutout.reference_image_id, cutout.version
    )
}

fn refused(e: CutoutError) -> ApiError {
    match e {
        CutoutError::Gone => ApiError::NotFound(PHOTO_NOT_FOUND),
        CutoutError::Unsolvable(why) => ApiError::validation("keep", why),
        CutoutError::Store(e) => e.into(),
        CutoutError::Storage(e) => ApiError::storing("a cutout", e),
        e @ (CutoutError::Unreadable(_) | CutoutError::Stopped(_)) => {
            ApiError::Internal(anyhow::Error::new(e))
        }
    }
}

async fn owned_photo(
    state: &AppState,
    user_id: Uuid,
    id: Uuid,
) -> ApiResult<store::ReferenceImage> {
    state
        .store
        .reference_image(user_id, id)
        .await
        .map_err(not_found(PHOTO_NOT_FOUND))
}

/// The photo's stored cutout; a photo stored before cutouts existed gets its automatic one
/// now, in one of the places pictures are decoded in.
pub async fn cutout(state: &AppState, user_id: Uuid, id: Uuid) -> ApiResult<store::Cutout> {
    let image = owned_photo(state, user_id, id).await?;
    if let Some(cutout) = state.store.cutout(user_id, id).await? {
        return Ok(cutout);
    }
    let _place = state
        .image_work
        .place(image.width as u32, image.height as u32)
        .await;
    cutouts::ensure(&state.store, &state.storage, &image)
        .await
        .map_err(refused)
}

/// Solves the photo's cutout (with the seller's `hints`, if any) off the async threads, in
/// one of the places pictures are decoded in.
pub async fn solve(
    state: &AppState,
    image: &store::ReferenceImage,
    photo: bytes::Bytes,
    hints: Option<CutoutHints>,
) -> ApiResult<Solved> {
    let place = state
        .image_work
        .place(image.width as u32, image.height as u32)
        .await;
    tokio::task::spawn_blocking(move || {
        let _place = place;
        cutouts::solve(&photo, hints.as_ref())
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))?
    .map_err(refused)
}

/// Re-solves the photo's cutout with the seller's corrections and stores it, replacing the
/// one before. Points off the photo are refused before anything is solved or stored.
pub async fn adjust(
    state: &AppState,
    user_id: Uuid,
    id: Uuid,
    hints: CutoutHints,
) -> ApiResult<store::Cutout> {
    let image = owned_photo(state, user_id, id).await?;
    hints.check_within(image.width as u32, image.height as u32)?;
    let solved = solve_from_storage(state, &image, Some(hints.clone())).await?;
    let cutout = store::Cutout::new(
        id,
        user_id,
        solved.confidence,
        CutoutSource::Seller,
        Some(hints),
    );
    replace(state, cutout, solved).await
}

/// Back to the automatic cutout, solved again from the photo.
pub async fn reset(state: &AppState, user_id: Uuid, id: Uuid) -> ApiResult<store::Cutout> {
    let image = owned_photo(state, user_id, id).await?;
    let solved = solve_from_storage(state, &image, None).await?;
    let cutout = store::Cutout::new(id, user_id, solved.confidence, CutoutSource::Auto, None);
    replace(state, cutout, solved).await
}

async fn solve_from_storage(
    state: &AppState,
    image: &store::ReferenceImage,
    hints: Option<CutoutHints>,
) -> ApiResult<Solved> {
    let photo = state
        .storage
        .read(&image.storage_key)
        .await
        .map_err(|e| match e {
            store::StorageError::NotFound => ApiError::NotFound(PHOTO_NOT_FOUND),
            e => ApiError::Internal(e.into()),
        })?;
    solve(state, image, photo, hints).await
}

/// Stores the new cutout's objects, then swaps the row; the previous objects are deleted
/// (through the deletion queue). If the row is refused, the new objects go again.
async fn replace(
    state: &AppState,
    cutout: store::Cutout,
    solved: Solved,
) -> ApiResult<store::Cutout> {
    cutouts::put_objects(&state.storage, &cutout, solved)
        .await
        .map_err(refused)?;
    match state.store.save_cutout(&cutout).await {
        Ok(old) => {
            state
                .store
                .delete_queued_objects(&state.storage, &old)
                .await;
            Ok(cutout)
        }
        Err(e) => {
            state.storage.delete_all(&cutout.keys()).await;
            Err(not_found(PHOTO_NOT_FOUND)(e))
        }
    }
}

/// The mask's bytes (an 8-bit grey PNG) and its version.
pub async fn mask(state: &AppState, user_id: Uuid, id: Uuid) -> ApiResult<(Vec<u8>, Uuid)> {
    let cutout = cutout(state, user_id, id).await?;
    let bytes = state
        .storage
        .read(&cutout.mask_key)
        .await
        .map_err(|e| match e {
            store::StorageError::NotFound => ApiError::NotFound(PHOTO_NOT_FOUND),
            e => ApiError::Internal(e.into()),
        })?;
    Ok((bytes.to_vec(), cutout.version))
}

/// The stored cutouts of these photos, by photo id (a photo stored before cutouts existed
/// has none until it is first needed).
pub async fn of(
    state: &AppState,
    user_id: Uuid,
    images: &[store::ReferenceImage],
) -> ApiResult<std::collections::HashMap<Uuid, store::Cutout>> {
    let ids: Vec<Uuid> = images.iter().map(|i| i.id).collect();
    Ok(state
        .store
        .cutouts(user_id, &ids)
        .await?
        .into_iter()
        .map(|c| (c.reference_image_id, c))
        .collect())
}
