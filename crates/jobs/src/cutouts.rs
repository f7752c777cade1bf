//! Product photos' cutouts: solved once (on upload, when the seller corrects one, or on the
//! first need of a photo stored before cutouts were), stored beside the photo, and handed to
//! every engine as the photo with the stored mask as its alpha. The engines keep a photo's
//! own transparency, so offline scenes, exact hosted scenes, exports, variations and videos
//! all stage exactly the stored cutout.

use bytes::Bytes;
use domain::{CutoutHints, CutoutSource, JobFailure};
use engine::segment::{self, Hints, Segmentation};
use engine::{codec, EngineError, NoProgress};
use image::{GrayImage, Luma};
use store::{Cutout, Job, MediaStorage, ReferenceImage, StorageError, Store, StoreError};
use uuid::Uuid;

use crate::execute::{read_file, Context};
use crate::provider::ProviderError;

/// A solved cutout, encoded and ready to store.
#[derive(Debug, Clone)]
pub struct Solved {
    /// 8-bit grey PNG of the photo's size: 255 product, 0 background.
    pub mask_png: Vec<u8>,
    /// The photo with the mask as its alpha (RGBA PNG).
    pub product_png: Vec<u8>,
    pub confidence: f64,
}

/// Why a cutout could not be had.
#[derive(Debug, thiserror::Error)]
pub enum CutoutError {
    /// The photo is gone (deleted, or never the user's).
    #[error("the product photo no longer exists")]
    Gone,
    /// The seller's corrections leave no product to separate.
    #[error("{0}")]
    Unsolvable(String),
    #[error("the product photo cannot be read: {0}")]
    Unreadable(String),
    #[error(transparent)]
    Store(StoreError),
    #[error("object storage: {0}")]
    Storage(StorageError),
    #[error("the cutout stopped unexpectedly: {0}")]
    Stopped(String),
}

impl From<StoreError> for CutoutError {
    fn from(e: StoreError) -> Self {
        match e {
            StoreError::NotFound => CutoutError::Gone,
            e => CutoutError::Store(e),
        }
    }
}

impl From<CutoutError> for ProviderError {
    fn from(e: CutoutError) -> Self {
        match e {
            CutoutError::Gone => ProviderError::permanent(JobFailure::InputMissing, e),
            CutoutError::Unsolvable(_) | CutoutError::Unreadable(_) => {
                ProviderError::permanent(JobFailure::InputUnreadable, e)
            }
            CutoutError::Store(_) | CutoutError::Storage(_) | CutoutError::Stopped(_) => {
                ProviderError::transient(JobFailure::Internal, e)
            }
        }
    }
}

/// The engine's form of the seller's corrections on a photo whose longer side is `longest`.
fn engine_hints(hints: &CutoutHints, longest: u32) -> Hints {
    Hints {
        rect: hints.bounds,
        keep: hints.keep.clone(),
        remove: hints.remove.clone(),
        brush_px: hints.brush_on(longest),
        prior: None,
    }
}

/// Priors kept for re-solves: a seller's strokes change nothing the network sees (the photo
/// and the box), so the next correction of the same photo reuses its prior rather than run
/// the network again (about half a second). A few photos' worth; each is at most 2048² bytes.
const PRIORS_KEPT: usize = 4;

type PriorKey = ([u8; 32], Option<[u32; 4]>);

fn prior_cache() -> &'static std::sync::Mutex<Vec<(PriorKey, GrayImage)>> {
    static CACHE: std::sync::OnceLock<std::sync::Mutex<Vec<(PriorKey, GrayImage)>>> =
        std::sync::OnceLock::new();
    CACHE.get_or_init(Default::default)
}

/// The network's product probability for the photo (`bytes` decoded as `photo`), on the
/// seller's box when there is one; `None` when the network fails (the solve then stands on
/// the colours alone, and says so in its confidence).
fn prior(bytes: &[u8], photo: &image::RgbaImage, rect: Option<[f32; 4]>) -> Option<GrayImage> {
    use sha2::{Digest, Sha256};
    let key: PriorKey = (
        Sha256::digest(bytes).into(),
        rect.map(|r| r.map(f32::to_bits)),
    );
    if let Ok(cache) = prior_cache().lock() {
        if let Some((_, map)) = cache.iter().find(|(k, _)| *k == key) {
            return Some(map.clone());
        }
    }
    match segnet::prior(photo, rect) {
        Ok(map) => {
            if let Ok(mut cache) = prior_cache().lock() {
                if cache.len() >= PRIORS_KEPT {
                    cache.remove(0);
                }
                cache.push((key, map.clone()));
            }
            Some(map)
        }
        Err(e) => {
            tracing::warn!(error = %e, "no network prior; the cutout uses the colours alone");
            None
        }
    }
}

/// Separates the product in the stored `photo` (with the seller's `hints`, if any) and
/// encodes the mask and the masked photo. Blocking: call it off the async threads. An
/// automatic cutout that finds no product at all keeps the whole photo, with confidence 0, so
/// the seller is told and can correct it; corrections that leave no product are refused.
pub fn solve(photo: &[u8], hints: Option<&CutoutHints>) -> Result<Solved, CutoutError> {
    let unreadable = |e: EngineError| CutoutError::Unreadable(e.to_string());
    let bytes = photo;
    let photo = codec::decode(photo, codec::MAX_DIMENSION).map_err(unreadable)?;
    let (w, h) = photo.dimensions();
    let mut engine = hints.map_or_else(Hints::default, |s| engine_hints(s, w.max(h)));
    // The network's prior: on the seller's box when it is a valid one (the engine refuses
    // the others with a reason the seller can act on).
    let rect = engine.rect.filter(|_| engine.check(w, h).is_ok());
    engine.prior = prior(bytes, &photo, rect);
    let solved = segment::segment(&photo, &engine, &mut NoProgress);
    let Segmentation { mask, confidence } = match solved {
        Ok(solved) => solved,
        Err(EngineError::InvalidInput(_)) if hints.is_none() => Segmentation {
            mask: GrayImage::from_pixel(w, h, Luma([255])),
            confidence: 0.0,
        },
        Err(EngineError::InvalidInput(why)) => {
            return Err(CutoutError::Unsolvable(format!(
                "No product could be separated with these corrections ({why}); draw the box around the product"
            )))
        }
        Err(e) => return Err(CutoutError::Stopped(e.to_string())),
    };
    if !mask.pixels().any(|p| p[0] > 0) {
        return Err(CutoutError::Unsolvable(
            "These corrections remove the whole product; keep at least part of it".into(),
        ));
    }
    let product = segment::with_mask(&photo, &mask).map_err(unreadable)?;
    let product_png =
        codec::encode_png(&product).map_err(|e| CutoutError::Stopped(e.to_string()))?;
    Ok(Solved {
        mask_png: encode_grey(&mask)?,
        product_png,
        confidence: f64::from(confidence.clamp(0.0, 1.0)),
    })
}

/// [`solve`] on the blocking pool.
pub async fn solve_blocking(
    photo: Bytes,
    hints: Option<CutoutHints>,
) -> Result<Solved, CutoutError> {
    tokio::task::spawn_blocking(move || solve(&photo, hints.as_ref()))
        .await
        .map_err(|e| CutoutError::Stopped(e.to_string()))?
}

fn encode_grey(mask: &GrayImage) -> Result<Vec<u8>, CutoutError> {
    use image::codecs::png::{CompressionType, FilterType, PngEncoder};
    use image::ImageEncoder;
    let mut out = Vec::new();
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Adaptive)
        .write_image(
            mask.as_raw(),
            mask.width(),
            mask.height(),
            image::ExtendedColorType::L8,
        )
        .map_err(|e| CutoutError::Stopped(format!("png: {e}")))?;
    Ok(out)
}

/// Writes a solved cutout's objects under `cutout`'s keys.
pub async fn put_objects(
    storage: &MediaStorage,
    cutout: &Cutout,
    solved: Solved,
) -> Result<(), CutoutError> {
    let objects = [
        (cutout.mask_key.clone(), Bytes::from(solved.mask_png)),
        (cutout.product_key.clone(), Bytes::from(solved.product_png)),
    ];
    storage
        .put_all(&objects)
        .await
        .map_err(|(_, e)| CutoutError::Storage(e))
}

/// The photo's stored cutout; a photo stored before cutouts existed gets its automatic one
/// now (unless one was stored meanwhile: the first stored stays).
pub async fn ensure(
    store: &Store,
    storage: &MediaStorage,
    image: &ReferenceImage,
) -> Result<Cutout, CutoutError> {
    if let Some(cutout) = store.cutout(image.user_id, image.id).await? {
        return Ok(cutout);
    }
    let photo = storage
        .read(&image.storage_key)
        .await
        .map_err(|e| match e {
            StorageError::NotFound => CutoutError::Gone,
            e => CutoutError::Storage(e),
        })?;
    let solved = solve_blocking(photo, None).await?;
    let cutout = Cutout::new(
        image.id,
        image.user_id,
        solved.confidence,
        CutoutSource::Auto,
        None,
    );
    put_objects(storage, &cutout, solved).await?;
    let added = store.add_cutout_if_missing(&cutout).await;
    if !matches!(added, Ok(true)) {
        storage.delete_all(&cutout.keys()).await;
    }
    added?;
    store
        .cutout(image.user_id, image.id)
        .await?
        .ok_or(CutoutError::Gone)
}

/// What a stored cutout says about itself, for a job's record and an export's checks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct CutoutFacts {
    pub confidence: f64,
    pub source: CutoutSource,
}

/// A product photo as the engines take it.
pub(crate) struct ProductPhoto {
    pub bytes: Bytes,
    /// The stored cutout behind `bytes`; none when the file is no reference image (an
    /// uploaded picture the engine cuts out itself).
    pub cutout: Option<CutoutFacts>,
}

/// Reads the product photo `id`: a reference image with its stored cutout as its alpha, or
/// any other of the user's files as it is.
pub(crate) async fn product_photo(
    ctx: &Context<'_>,
    job: &Job,
    id: Uuid,
    what: &str,
) -> Result<ProductPhoto, ProviderError> {
    let image = match ctx.store.reference_image(job.user_id, id).await {
        Ok(image) => image,
        Err(StoreError::NotFound) => {
            return Ok(ProductPhoto {
                bytes: read_file(ctx, job, id, what).await?,
                cutout: None,
            })
        }
        Err(e) => {
            return Err(ProviderError::transient(
                JobFailure::Internal,
                format!("could not look up {what} {id}: {e}"),
            ))
        }
    };
    // A seller's save between reading the row and its object replaces the object: read the
    // row again once.
    for _ in 0..2 {
        let cutout = ensure(ctx.store, ctx.storage, &image).await?;
        match ctx.storage.read(&cutout.product_key).await {
            Ok(bytes) => {
                return Ok(ProductPhoto {
                    bytes,
                    cutout: Some(CutoutFacts {
                        confidence: cutout.confidence,
                        source: cutout.source,
                    }),
                })
            }
            Err(StorageError::NotFound) => continue,
            Err(e) => {
                return Err(ProviderError::transient(
                    JobFailure::InputUnreadable,
                    format!("could not read the cutout of {what} {id}: {e}"),
                ))
            }
        }
    }
    Err(ProviderError::transient(
        JobFailure::InputUnreadable,
        format!("the cutout of {what} {id} kept changing while it was read"),
    ))
}
