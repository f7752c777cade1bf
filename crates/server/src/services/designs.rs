//! Ad designs: a seller's headline, offer and call to action set in exact type over one of
//! their pictures, in their project's brand kit, stored as a new picture of the same campaign
//! with its text layers. Typesetting, not generation: free, no credits, no AI model. Editing
//! the copy sets it again over the same clean picture.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};

use bytes::Bytes;
use domain::{AdCopyText, AdProposal, AdTemplate, DesignRecord, FileMetadata, MediaKind};
use engine::design::{self, DesignRefused, Role};
use jobs::designs::{fonts, record_layers};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::services::media::MEDIA_NOT_FOUND;
use crate::services::reference_images::quota_reached;
use crate::state::AppState;

pub const NOT_A_PICTURE: &str = "An ad design is set on a picture; choose an image.";
pub const NOT_A_DESIGN: &str = "This file is not an ad design.";

fn refused(e: DesignRefused) -> ApiError {
    let field = match e.layer {
        Role::Headline => "headline",
        Role::Subline => "subline",
        Role::Offer => "offer",
        Role::Cta => "cta",
        Role::Logo => "logo",
    };
    ApiError::validation(field, e.reason)
}

/// Where the product is in a picture, as the layout keeps text off it.
type Mask = Arc<Option<image::GrayImage>>;

/// What a mask was found from: the picture's stored file, the product photo's cutout file and
/// the recorded placement (a new file of either gets a new key).
type MaskKey = (String, Option<String>, Option<(i32, i32, u32, u32)>);

/// How many masks a process keeps (1.5 MB each for a 1080×1350 picture).
const KEPT_MASKS: usize = 16;

/// The masks found lately for pictures with none stored beside them (made before masks were
/// kept, uploads, edits), newest last. Finding the product there (a segmentation) is most of
/// a design's work, and new words do not move it: an edit, or another design over the same
/// picture, reuses it.
fn masks() -> &'static Mutex<VecDeque<(MaskKey, Mask)>> {
    static MASKS: OnceLock<Mutex<VecDeque<(MaskKey, Mask)>>> = OnceLock::new();
    MASKS.get_or_init(|| Mutex::new(VecDeque::with_capacity(KEPT_MASKS)))
}

fn kept_mask(key: &MaskKey) -> Option<Mask> {
    let kept = masks().lock().unwrap_or_else(|e| e.into_inner());
    kept.iter().find(|(k, _)| k == key).map(|(_, m)| m.clone())
}

fn keep_mask(key: MaskKey, mask: Mask) {
    let mut kept = masks().lock().unwrap_or_else(|e| e.into_inner());
    kept.retain(|(k, _)| *k != key);
    if kept.len() == KEPT_MASKS {
        kept.pop_front();
    }
    kept.push_back((key, mask));
}

/// What a design is set from: the clean picture, the product mask its maker stored beside it
/// or else the seller's product photo (cutout as alpha) and where the picture records it, the
/// logo.
struct Sources {
    picture: Bytes,
    picture_key: String,
    /// Where the picture's maker placed the product (a grey PNG of the picture's size).
    stored_mask: Option<Bytes>,
    photo: Option<Bytes>,
    photo_key: Option<String>,
    placement: Option<engine::scene::layout::Rect>,
    logo: Option<Bytes>,
    /// The picture carries the free plan's mark, so the design does too.
    marked: bool,
}

/// A design set and encoded, ready to store.
struct Made {
    png: Vec<u8>,
    thumbnail: Vec<u8>,
    thumbnail_mime: &'static str,
    marked: Option<Vec<u8>>,
    width: u32,
    height: u32,
}

/// Where the product is in `picture`: the mask stored beside it when it is the picture's
/// (read in milliseconds), else one found lately for the same sources, else found now by
/// segmenting (about a second; the caller keeps it).
fn find_mask(
    picture: &image::RgbaImage,
    stored: Option<&[u8]>,
    kept: Option<Mask>,
    photo: Option<&[u8]>,
    placement: Option<engine::scene::layout::Rect>,
) -> ApiResult<(Mask, bool)> {
    let (w, h) = picture.dimensions();
    let stored = stored.and_then(|bytes| match engine::codec::decode_mask_png(bytes, w, h) {
        Ok(mask) => Some(mask),
        Err(e) => {
            tracing::warn!(error = %e, "a stored product mask is unusable; finding the product again");
            None
        }
    });
    if let Some(mask) = stored {
        return Ok((Arc::new(Some(mask)), false));
    }
    if let Some(mask) = kept {
        return Ok((mask, false));
    }
    let photo = photo
        .map(|bytes| engine::codec::decode(bytes, engine::codec::MAX_DIMENSION))
        .transpose()
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?;
    let found = design::product_mask(picture, photo.as_ref(), placement);
    Ok((Arc::new(found), true))
}

/// Lays the copy out over the picture at its own size and renders it (off the async threads,
/// in one of the places pictures are decoded in). Fills the record's layers.
async fn set(state: &AppState, sources: Sources, record: &mut DesignRecord) -> ApiResult<Made> {
    let copy = jobs::designs::copy(record, sources.logo.is_some());
    let brand = jobs::designs::brand(record);
    let template = jobs::designs::template(record.template);
    let internal = |e: engine::EngineError| ApiError::Internal(anyhow::Error::new(e));
    let (width, height) = engine::intake::check_decoding_cost(&sources.picture)?;
    let place = state.image_work.place(width, height).await;
    let mask_key: MaskKey = (
        sources.picture_key.clone(),
        sources.photo_key.clone(),
        sources.placement.map(|r| (r.x, r.y, r.width, r.height)),
    );
    let kept = match sources.stored_mask {
        Some(_) => None,
        None => kept_mask(&mask_key),
    };
    let (made, laid_out, found) = tokio::task::spawn_blocking(move || {
        let _place = place;
        let decode = |bytes: &[u8]| {
            engine::codec::decode(bytes, engine::codec::MAX_DIMENSION).map_err(internal)
        };
        let picture = decode(&sources.picture)?;
        let logo = sources.logo.as_deref().map(decode).transpose()?;
        let brand = engine::design::Brand {
            logo: logo.clone(),
            ..brand
        };
        let (mask, segmented) = find_mask(
            &picture,
            sources.stored_mask.as_deref(),
            kept,
            sources.photo.as_deref(),
            sources.placement,
        )?;
        let size = picture.dimensions();
        let d = design::lay_out(
            &picture,
            mask.as_ref().as_ref(),
            &copy,
            &brand,
            fonts(),
            template,
            size,
        )
        .map_err(refused)?;
        let mut rendered = design::render(&picture, &d, fonts(), logo.as_ref());
        let png = engine::codec::encode_png(&rendered).map_err(internal)?;
        // The thumbnail and the marked copy from the pixels in hand, not decoded back from
        // the PNG just encoded.
        let shown = image::DynamicImage::ImageRgba8(rendered);
        let (thumbnail, thumbnail_mime, _, _) = engine::intake::thumbnail_of_pixels(&shown)?;
        let marked = if sources.marked {
            rendered = shown.into_rgba8();
            engine::watermark::mark(&mut rendered);
            Some(engine::codec::encode_png(&rendered).map_err(internal)?)
        } else {
            None
        };
        Ok::<_, ApiError>((
            Made {
                png,
                thumbnail,
                thumbnail_mime,
                marked,
                width: size.0,
                height: size.1,
            },
            d,
            segmented.then_some(mask),
        ))
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))??;
    if let Some(mask) = found {
        keep_mask(mask_key, mask);
    }
    record_layers(record, &laid_out);
    Ok(made)
}

/// Reads what a design over the user's picture `source` is set from; the logo is the
/// project's when `logo` is asked for and the kit has one.
async fn sources(
    state: &AppState,
    user_id: Uuid,
    source: &store::MediaAsset,
    project_id: Option<Uuid>,
    logo: bool,
) -> ApiResult<Sources> {
    let file = state
        .store
        .stored_file(user_id, source.id)
        .await
        .map_err(not_found(MEDIA_NOT_FOUND))?;
    let picture = state
        .storage
        .read(&file.storage_key)
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?;
    let stored_mask = match state
        .storage
        .read(&store::product_mask_key(&file.storage_key))
        .await
    {
        Ok(bytes) => Some(bytes),
        Err(store::StorageError::NotFound) => None,
        Err(e) => return Err(ApiError::Internal(anyhow::Error::new(e))),
    };
    // The product photo only finds the product in a picture that has no mask stored.
    let photo_id = match stored_mask {
        Some(_) => None,
        None => jobs::lineage::product_photo_id(&state.store, user_id, source.id).await?,
    };
    let (photo, photo_key) = match photo_id {
        Some(photo_id) => match product_photo(state, user_id, photo_id).await? {
            Some((bytes, key)) => (Some(bytes), Some(key)),
            None => (None, None),
        },
        None => (None, None),
    };
    let logo = match (logo, project_id) {
        (true, Some(project_id)) => {
            let kit = state.store.brand_kit(user_id, project_id).await?;
            match kit.logo {
                Some(logo) => Some(
                    state
                        .storage
                        .read(&logo.key)
                        .await
                        .map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?,
                ),
                None => None,
            }
        }
        _ => None,
    };
    Ok(Sources {
        picture,
        picture_key: file.storage_key,
        stored_mask,
        photo,
        photo_key,
        placement: source
            .file_metadata
            .exact_placement()
            .map(|at| engine::scene::layout::Rect {
                x: at.x,
                y: at.y,
                width: at.width,
                height: at.height,
            }),
        logo,
        marked: file.watermarked_key.is_some(),
    })
}

/// The product photo with its stored cutout as alpha, and its key; none when it was deleted
/// since.
async fn product_photo(
    state: &AppState,
    user_id: Uuid,
    photo_id: Uuid,
) -> ApiResult<Option<(Bytes, String)>> {
    let cutout = match crate::services::cutouts::cutout(state, user_id, photo_id).await {
        Ok(cutout) => cutout,
        Err(ApiError::NotFound(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    match state.storage.read(&cutout.product_key).await {
        Ok(bytes) => Ok(Some((bytes, cutout.product_key))),
        Err(store::StorageError::NotFound) => Ok(None),
        Err(e) => Err(ApiError::Internal(anyhow::Error::new(e))),
    }
}

/// The user's picture a design is set on: a design's own clean picture when `id` is a design.
async fn clean_picture(state: &AppState, user_id: Uuid, id: Uuid) -> ApiResult<store::MediaAsset> {
    let asset = state
        .store
        .media_asset(user_id, id)
        .await
        .map_err(not_found(MEDIA_NOT_FOUND))?;
    if asset.file_type != MediaKind::Image {
        return Err(ApiError::validation("id", NOT_A_PICTURE));
    }
    match &asset.file_metadata.design {
        Some(design) => state
            .store
            .media_asset(user_id, design.source_asset_id)
            .await
            .map_err(not_found(MEDIA_NOT_FOUND)),
        None => Ok(asset),
    }
}

fn object_keys(id: Uuid, thumbnail_mime: &str) -> (String, String, String) {
    let stem = format!("{}{id}-{}", store::DESIGN_KEY_PREFIX, Uuid::new_v4());
    let thumbnail_extension = if thumbnail_mime == "image/png" {
        "png"
    } else {
        "jpg"
    };
    (
        format!("{stem}.png"),
        format!("{stem}.thumb.{thumbnail_extension}"),
        format!("{stem}-watermarked.png"),
    )
}

/// The copy proposed for an ad on the user's picture `id` before the seller wrote any: read
/// from the campaign's name and the picture's prompt by the assistant's ad rules, so an
/// occasion or offer named there is used and nothing is invented.
pub async fn proposal(state: &AppState, user_id: Uuid, id: Uuid) -> ApiResult<AdProposal> {
    let source = clean_picture(state, user_id, id).await?;
    let campaign = match source.scene_id {
        Some(scene_id) => Some(state.store.scene(user_id, scene_id).await?.name),
        None => None,
    };
    let given: Vec<String> = campaign
        .into_iter()
        .chain(source.file_metadata.prompt.clone())
        .collect();
    Ok(ai::ad::propose_from(&given.join(". ")))
}

/// The words of a new design as sent.
#[derive(Debug, Clone, Default)]
pub struct CopyInput {
    pub headline: String,
    pub subline: Option<String>,
    pub offer: Option<String>,
    pub cta: Option<String>,
    pub logo: bool,
}

/// Sets `copy` over the user's picture `id` with `template` in its project's brand kit and
/// stores the design as a new picture of the same campaign. A headline that cannot be set
/// legibly (or any line that cannot) is refused with the reason, and nothing is stored.
pub async fn make(
    state: &AppState,
    user_id: Uuid,
    id: Uuid,
    copy: CopyInput,
    template: AdTemplate,
) -> ApiResult<store::MediaAsset> {
    let source = clean_picture(state, user_id, id).await?;
    let copy = AdCopyText::parse(
        &copy.headline,
        copy.subline.as_deref(),
        copy.offer.as_deref(),
        copy.cta.as_deref(),
        copy.logo,
    )?;
    let project_id = source
        .project_id
        .ok_or(ApiError::NotFound(MEDIA_NOT_FOUND))?;
    // Checked again, with the design's size, under the lock that inserts it; this early
    // look spares the typesetting when the storage is full already.
    let quota = state.config.upload_quota;
    if !state.store.upload_usage(user_id).await?.allows(&quota, 0) {
        return Err(quota_reached(&quota));
    }
    let kit = state.store.brand_kit(user_id, project_id).await?;
    let mut record = DesignRecord {
        source_asset_id: source.id,
        template,
        copy,
        colours: kit.style.colours,
        heading_font: kit.style.heading_font,
        body_font: kit.style.body_font,
        layers: Vec::new(),
        logo: None,
    };
    let inputs = sources(state, user_id, &source, Some(project_id), record.copy.logo).await?;
    let made = set(state, inputs, &mut record).await?;
    let asset_id = Uuid::new_v4();
    let (key, thumbnail_key, marked_key) = object_keys(asset_id, made.thumbnail_mime);
    let mut objects = vec![
        (key.clone(), Bytes::from(made.png)),
        (thumbnail_key.clone(), Bytes::from(made.thumbnail)),
    ];
    let watermarked_key = made.marked.map(|marked| {
        objects.push((marked_key.clone(), Bytes::from(marked)));
        marked_key
    });
    let file_size = objects[0].1.len() as i64;
    state
        .storage
        .put_all(&objects)
        .await
        .map_err(|(key, e)| ApiError::storing(&key, e))?;
    let new = store::NewMediaAsset {
        id: asset_id,
        user_id,
        project_id,
        scene_id: source.scene_id,
        file_type: MediaKind::Image,
        mime_type: "image/png".into(),
        storage_key: key,
        thumbnail_key: Some(thumbnail_key),
        poster_key: None,
        watermarked_key,
        filename: format!("{asset_id}.png"),
        file_size,
        width: Some(i64::from(made.width)),
        height: Some(i64::from(made.height)),
        duration_seconds: None,
        file_metadata: FileMetadata {
            output_format: Some("png".into()),
            prompt: Some(record.copy.headline.clone()),
            source_id: Some(source.id),
            design: Some(record),
            ..FileMetadata::default()
        },
        credit_cost: 0,
    };
    match state.store.create_kept_asset(&new, &quota).await {
        Ok(Some(asset)) => {
            if let Some(project_id) = asset.project_id {
                crate::services::scenes::storyboard_updated(
                    state,
                    user_id,
                    project_id,
                    asset.scene_id,
                )
                .await;
            }
            Ok(asset)
        }
        refused => {
            let keys: Vec<String> = objects.into_iter().map(|(key, _)| key).collect();
            state.storage.delete_all(&keys).await;
            match refused {
                Err(e) => Err(e.into()),
                _ => Err(quota_reached(&quota)),
            }
        }
    }
}

/// The lines a seller changes on a design; a line not given stays, an empty one (but the
/// headline) is taken out.
#[derive(Debug, Clone, Default)]
pub struct CopyEdit {
    pub headline: Option<String>,
    pub subline: Option<String>,
    pub offer: Option<String>,
    pub cta: Option<String>,
    pub logo: Option<bool>,
}

/// Sets the design `id` again with its copy edited, over the same clean picture, in the same
/// template and brand: no generation, no credits. Refused like a new design (nothing
/// changes); the previous file is deleted once the new one is stored.
pub async fn edit(
    state: &AppState,
    user_id: Uuid,
    id: Uuid,
    edit: CopyEdit,
) -> ApiResult<store::MediaAsset> {
    let asset = state
        .store
        .media_asset(user_id, id)
        .await
        .map_err(not_found(MEDIA_NOT_FOUND))?;
    let mut record = asset
        .file_metadata
        .design
        .clone()
        .ok_or_else(|| ApiError::validation("id", NOT_A_DESIGN))?;
    let before = record.copy.clone();
    record.copy = AdCopyText::parse(
        edit.headline.as_deref().unwrap_or(&before.headline),
        edit.subline.as_deref().or(before.subline.as_deref()),
        edit.offer.as_deref().or(before.offer.as_deref()),
        edit.cta.as_deref().or(before.cta.as_deref()),
        edit.logo.unwrap_or(before.logo),
    )?;
    let source = state
        .store
        .media_asset(user_id, record.source_asset_id)
        .await
        .map_err(|_| {
            ApiError::validation(
                "id",
                "The picture this design was set on was deleted, so it cannot be set again.",
            )
        })?;
    let inputs = sources(state, user_id, &source, asset.project_id, record.copy.logo).await?;
    let made = set(state, inputs, &mut record).await?;
    let (key, thumbnail_key, marked_key) = object_keys(asset.id, made.thumbnail_mime);
    let mut objects = vec![
        (key.clone(), Bytes::from(made.png)),
        (thumbnail_key.clone(), Bytes::from(made.thumbnail)),
    ];
    let watermarked_key = made.marked.map(|marked| {
        objects.push((marked_key.clone(), Bytes::from(marked)));
        marked_key
    });
    let replacement = store::FileReplacement {
        storage_key: key,
        thumbnail_key: Some(thumbnail_key),
        watermarked_key,
        file_size: objects[0].1.len() as i64,
        file_metadata: FileMetadata {
            prompt: Some(record.copy.headline.clone()),
            design: Some(record),
            ..asset.file_metadata.clone()
        },
    };
    state
        .storage
        .put_all(&objects)
        .await
        .map_err(|(key, e)| ApiError::storing(&key, e))?;
    match state
        .store
        .replace_media_file(user_id, id, &replacement)
        .await
    {
        Ok(old) => {
            state
                .store
                .delete_queued_objects(&state.storage, &old)
                .await;
            if let Some(project_id) = asset.project_id {
                crate::services::scenes::storyboard_updated(
                    state,
                    user_id,
                    project_id,
                    asset.scene_id,
                )
                .await;
            }
            state
                .store
                .media_asset(user_id, id)
                .await
                .map_err(not_found(MEDIA_NOT_FOUND))
        }
        Err(e) => {
            let keys: Vec<String> = objects.into_iter().map(|(key, _)| key).collect();
            state.storage.delete_all(&keys).await;
            Err(not_found(MEDIA_NOT_FOUND)(e))
        }
    }
}
