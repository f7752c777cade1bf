//! Where a picture's product came from. A generated picture carries the id of the job that
//! made it; that job names what it started from (an edit its source picture, a scene its
//! product photos), and so on back to a photo no job made: the seller's product photo.

use domain::JobFailure;
use domain::{FileMetadata, Placement};
use engine::scene::layout::Rect;
use store::StoreError;
use uuid::Uuid;

use crate::cutouts::{self, ProductPhoto};
use crate::execute::Context;
use crate::payload::JobPayload;
use crate::provider::ProviderError;
use store::Job;

/// Edits of edits of a scene rarely run this deep; a longer chain is not followed.
const MAX_DEPTH: usize = 16;

/// The product photo behind the picture `id`: its lineage followed back to a file no job
/// made, with its stored cutout as its alpha when it is a reference image. `None` when the
/// picture itself was not made by a job (an upload is its own photo), when a scene was drawn
/// without a photo, or when the photo was deleted since.
pub(crate) async fn product_photo(
    ctx: &Context<'_>,
    job: &Job,
    id: Uuid,
) -> Result<Option<ProductPhoto>, ProviderError> {
    let found = product_photo_id(ctx.store, job.user_id, id)
        .await
        .map_err(|e| {
            ProviderError::transient(
                JobFailure::Internal,
                format!("could not follow the lineage of {id}: {e}"),
            )
        })?;
    let Some(photo_id) = found else {
        return Ok(None);
    };
    match cutouts::product_photo(ctx, job, photo_id, "product photo").await {
        Ok(photo) => Ok(Some(photo)),
        Err(ProviderError::Permanent { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The id of the file the user's picture `id` was made from, followed back through the jobs
/// that made each step to one no job made (the seller's product photo, when the first job
/// staged one). `None` when `id` itself was not made by a job or a step staged no photo.
pub async fn product_photo_id(
    store: &store::Store,
    user_id: Uuid,
    id: Uuid,
) -> Result<Option<Uuid>, StoreError> {
    let mut current = id;
    for depth in 0..MAX_DEPTH {
        let made_by = match store.job(user_id, current).await {
            Ok(made_by) => made_by,
            Err(StoreError::NotFound) if depth == 0 => return Ok(None),
            Err(StoreError::NotFound) => return Ok(Some(current)),
            Err(e) => return Err(e),
        };
        let Ok(payload) = serde_json::from_value::<JobPayload>(made_by.payload) else {
            return Ok(None);
        };
        current = match payload {
            JobPayload::ImageEdit { source_id, .. }
            | JobPayload::Recommendation { source_id, .. } => source_id,
            // Only the first photo is staged.
            JobPayload::Image {
                reference_image_ids,
                ..
            }
            | JobPayload::Template {
                reference_image_ids,
                ..
            } => match reference_image_ids.first() {
                Some(first) => *first,
                None => return Ok(None),
            },
            _ => return Ok(None),
        };
    }
    Ok(None)
}

/// Where the product stands in a picture, as its metadata records it (scenes with the
/// exact product, and edits that kept it).
pub(crate) fn recorded_placement(metadata: &FileMetadata) -> Option<Rect> {
    metadata.exact_placement().map(|at| Rect {
        x: at.x,
        y: at.y,
        width: at.width,
        height: at.height,
    })
}

/// The metadata form of a placement.
pub(crate) fn placement_of(at: Rect) -> Placement {
    Placement {
        x: at.x,
        y: at.y,
        width: at.width,
        height: at.height,
    }
}
