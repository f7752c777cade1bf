//! Export jobs: one image asset becomes one file per target, each stored as an asset of the
//! same campaign with the rules it was checked against. An image the offline engine made is
//! rendered again at each target's ratio from the job that made it (same brief, settings
//! and seed); any other picture is extended around its product by the studio. Exports are
//! free, so they never call a hosted model (a model's scene included). A video asset with a music
//! asset becomes reels (MP4s with the music), stored the same way: a video the offline
//! engine animated from a scene it can draw again is made again at each reel's ratio, any
//! other video is kept whole with its background extended.

use bytes::Bytes;
use domain::generation::Duration;
use domain::{
    Dimensions, ExportCheck, ExportMetadata, FileMetadata, JobFailure, JobKind, MediaKind,
};
use engine::export::{
    EndWords, ExportFile, ReelCards, ReelFile, ReelSource, Source, Target, TitleWords,
};
use sha2::{Digest, Sha256};
use store::{Job, MediaAsset, NewMediaAsset, StoreError, EXPORT_KEY_PREFIX};
use uuid::Uuid;

use crate::cutouts::{self, CutoutFacts};
use crate::execute::{missing_input, read_file, record_cutout, seed_of, thumbnail, Context};
use crate::lineage;
use crate::payload::{Guidance, JobPayload};
use crate::provider::{engine_request, ImageInput, ProgressSink, ProviderError};

/// The id of the asset an export job stores for `target`: fixed by the job, so a retried
/// job replaces its files instead of adding more, and the job's files can be found again.
pub fn export_asset_id(job_id: Uuid, target: Target) -> Uuid {
    let digest = Sha256::new()
        .chain_update(job_id.as_bytes())
        .chain_update(target.as_str().as_bytes())
        .finalize();
    let mut bytes = [0u8; 16];
    bytes.copy_from_slice(&digest[..16]);
    uuid::Builder::from_custom_bytes(bytes).into_uuid()
}

/// Object key of an exported file.
fn file_key(job: &Job, target: Target) -> String {
    format!(
        "{EXPORT_KEY_PREFIX}{}/{}.{}",
        job.id,
        target.as_str(),
        target.extension()
    )
}

/// What an export is made from.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ExportSource {
    pub source_id: Uuid,
    /// The music of reels.
    pub audio_asset_id: Option<Uuid>,
    /// Title and end cards over reels.
    pub cards: Option<crate::payload::ReelCards>,
}

async fn asset(
    ctx: &Context<'_>,
    job: &Job,
    id: Uuid,
    what: &str,
) -> Result<MediaAsset, ProviderError> {
    ctx.store
        .media_asset(job.user_id, id)
        .await
        .map_err(missing_input(&format!("{what} {id}")))
}

/// Makes and stores the files; returns the assets to insert, in the order of `targets`.
pub(crate) async fn run(
    ctx: &Context<'_>,
    job: &Job,
    from: ExportSource,
    targets: &[Target],
    sink: ProgressSink,
) -> Result<Vec<NewMediaAsset>, ProviderError> {
    sink.report("preparing", 0.0)
        .map_err(|_| ProviderError::Cancelled)?;
    if targets.iter().any(|t| t.is_reel()) {
        return run_reels(ctx, job, from, targets, sink).await;
    }
    let source_id = from.source_id;
    let source = asset(ctx, job, source_id, "exported image").await?;
    if source.file_type != MediaKind::Image {
        return Err(ProviderError::permanent(
            JobFailure::InputUnreadable,
            format!("asset {source_id} is a {}, not an image", source.file_type),
        ));
    }
    if let Some(design) = source.file_metadata.design.clone() {
        return run_design(ctx, job, &source, design, targets, sink).await;
    }
    let (files, cutout) = picture_files(ctx, job, &source, targets, sink).await?;
    store_files(ctx, job, &source, files, cutout).await
}

/// The files of a picture: drawn again at each target's ratio when the offline engine made
/// it, else kept whole and extended; the packshot and cutout from its product photo.
async fn picture_files(
    ctx: &Context<'_>,
    job: &Job,
    source: &MediaAsset,
    targets: &[Target],
    sink: ProgressSink,
) -> Result<(Vec<ExportFile>, Option<CutoutFacts>), ProviderError> {
    let source_id = source.id;
    let picture = read_file(ctx, job, source_id, "exported image").await?;
    let recipe = engine_recipe(ctx, job, source).await?;
    // A picture that cannot be drawn again still has its product photo somewhere up its
    // lineage: the packshot and the cutout are made from that, never from the scene.
    let (product_photo, cutout) = match &recipe {
        Some(recipe) => (None, recipe.cutout),
        None => match lineage::product_photo(ctx, job, source_id).await? {
            Some(photo) => (Some(photo.bytes), photo.cutout),
            None => (None, None),
        },
    };
    let wanted = targets.to_vec();
    let mut progress = sink.clone();
    let files = tokio::task::spawn_blocking(move || {
        let (input, photos) = match &recipe {
            Some(recipe) => (Some(&recipe.input), recipe.photos.clone()),
            None => (None, Vec::new()),
        };
        let photo_refs: Vec<&[u8]> = photos.iter().map(|b| b.as_ref()).collect();
        let source = match (input, &product_photo) {
            (Some(input), _) => Source::Engine(engine_request(input, &photo_refs)),
            (None, Some(product_photo)) => Source::PictureOf {
                picture: &picture,
                product_photo,
            },
            (None, None) => Source::Picture(&picture),
        };
        engine::export::export(&source, &wanted, &mut progress)
    })
    .await
    .map_err(|e| {
        ProviderError::transient(
            JobFailure::Internal,
            format!("the export stopped unexpectedly: {e}"),
        )
    })??;
    sink.report("storing", 0.99)
        .map_err(|_| ProviderError::Cancelled)?;
    let files = files
        .into_iter()
        .map(|mut file| {
            file.checks.extend(cutout.map(product_cutout));
            file
        })
        .collect();
    Ok((files, cutout))
}

/// Targets whose files may carry no text or logo: a marketplace's main image (and the cutout).
fn clean_only(target: Target) -> bool {
    matches!(target, Target::AmazonMain | Target::TransparentPng)
}

/// The files of an ad design: a marketplace main image (and the cutout) from the clean
/// picture under it, saying so; every other target with the design laid out again at its
/// ratio over the clean picture (inside each frame's safe zone), or — when its text cannot be
/// set legibly there — the clean picture, saying why.
async fn run_design(
    ctx: &Context<'_>,
    job: &Job,
    design_asset: &MediaAsset,
    design: domain::DesignRecord,
    targets: &[Target],
    sink: ProgressSink,
) -> Result<Vec<NewMediaAsset>, ProviderError> {
    let clean = asset(
        ctx,
        job,
        design.source_asset_id,
        "picture under the ad design",
    )
    .await?;
    let (mut files, cutout) = picture_files(ctx, job, &clean, targets, sink.clone()).await?;
    let photo = lineage::product_photo(ctx, job, clean.id)
        .await?
        .map(|p| p.bytes);
    let logo = match (design.copy.logo, design_asset.project_id) {
        (true, Some(project_id)) => match ctx.store.brand_kit(job.user_id, project_id).await {
            Ok(kit) => match kit.logo {
                Some(logo) => ctx.storage.read(&logo.key).await.ok(),
                None => None,
            },
            Err(_) => None,
        },
        _ => None,
    };
    let pictures: Vec<(Target, Vec<u8>)> = files
        .iter()
        .filter(|f| !clean_only(f.target))
        .map(|f| (f.target, f.bytes.clone()))
        .collect();
    let laid = tokio::task::spawn_blocking(move || lay_out_targets(pictures, photo, logo, &design))
        .await
        .map_err(|e| {
            ProviderError::transient(
                JobFailure::Internal,
                format!("the ad export stopped unexpectedly: {e}"),
            )
        })??;
    for file in &mut files {
        if clean_only(file.target) {
            file.checks.push(engine::export::Check {
                rule: "no_text",
                ok: true,
                detail: "made from the clean picture under the ad: a marketplace main image may carry no text or logo".into(),
            });
        } else if let Some((_, made)) = laid.iter().find(|(t, _)| *t == file.target) {
            match made {
                Ok(ad) => {
                    file.bytes = ad.bytes.clone();
                    file.checks.extend(ad.checks.iter().cloned());
                }
                Err(reason) => file.checks.push(engine::export::Check {
                    rule: "ad_text",
                    ok: false,
                    detail: format!("the ad's text could not be set legibly at this size ({reason}): this file is the picture without it"),
                }),
            }
        }
    }
    store_files(ctx, job, design_asset, files, cutout).await
}

/// A target's file with the design on it, or why its text could not be set there.
type LaidTarget = (Target, Result<LaidOut, String>);

/// A design laid out again over a target's picture and rendered: the file and its checks.
struct LaidOut {
    bytes: Vec<u8>,
    checks: Vec<engine::export::Check>,
}

/// The design laid out again over each target's clean file (the picture recomposed for its
/// ratio, the product whole), clear of the product found in it; a target whose text cannot
/// be set legibly answers the reason.
fn lay_out_targets(
    pictures: Vec<(Target, Vec<u8>)>,
    photo: Option<Bytes>,
    logo: Option<Bytes>,
    design: &domain::DesignRecord,
) -> Result<Vec<LaidTarget>, ProviderError> {
    let unreadable = |e: engine::EngineError| {
        ProviderError::permanent(
            JobFailure::InputUnreadable,
            format!("the ad's picture: {e}"),
        )
    };
    let decode = |bytes: &[u8]| engine::codec::decode(bytes, engine::codec::MAX_DIMENSION);
    let photo = photo
        .as_deref()
        .map(decode)
        .transpose()
        .map_err(unreadable)?;
    let logo = logo.as_deref().and_then(|bytes| decode(bytes).ok());
    let fonts = crate::designs::fonts();
    let brand = engine::design::Brand {
        logo: logo.clone(),
        ..crate::designs::brand(design)
    };
    let copy = crate::designs::copy(design, logo.is_some());
    let template = crate::designs::template(design.template);
    let mut out = Vec::new();
    for (target, bytes) in pictures {
        let picture = decode(&bytes).map_err(unreadable)?;
        let (w, h) = picture.dimensions();
        let mask = engine::design::product_mask(&picture, photo.as_ref(), None);
        let laid = engine::design::lay_out(
            &picture,
            mask.as_ref(),
            &copy,
            &brand,
            fonts,
            template,
            (w, h),
        );
        let made = match laid {
            Ok(d) => {
                let image = engine::design::render(&picture, &d, fonts, logo.as_ref());
                let format = if target.is_png() {
                    engine::codec::OutputFormat::Png
                } else {
                    engine::codec::OutputFormat::Jpeg
                };
                let bytes = engine::codec::encode(&image, format).map_err(|e| {
                    ProviderError::transient(JobFailure::Internal, format!("encoding the ad: {e}"))
                })?;
                let safe = engine::design::safe_frame(w, h);
                let inside = d.layers.iter().all(|l| safe.contains(l.bounds))
                    && d.logo.is_none_or(|r| safe.contains(r));
                let detail = if inside {
                    format!("the ad laid out again for {w}×{h}, clear of the product, its text and logo inside the frame's safe zone")
                } else {
                    "a line of the ad reaches outside the frame's safe zone".to_owned()
                };
                Ok(LaidOut {
                    bytes,
                    checks: vec![engine::export::Check {
                        rule: "ad_text",
                        ok: inside,
                        detail,
                    }],
                })
            }
            Err(refused) => Err(refused.reason),
        };
        out.push((target, made));
    }
    Ok(out)
}

/// Whether the product in the files is the product: only a confident automatic cutout or
/// one the seller adjusted is trusted; a doubtful one fails until the seller adjusts it.
fn product_cutout(cutout: CutoutFacts) -> engine::export::Check {
    let percent = cutout.confidence * 100.0;
    let (ok, detail) = match cutout.source {
        domain::CutoutSource::Seller => (true, "the seller adjusted the product's cutout".to_owned()),
        domain::CutoutSource::Auto if domain::cutout_warning(cutout.source, cutout.confidence).is_none() => (
            true,
            format!("the product's automatic cutout is confident ({percent:.0} %)"),
        ),
        domain::CutoutSource::Auto => (
            false,
            format!(
                "the product's automatic cutout is doubtful ({percent:.0} %): adjust the cutout on the product photo"
            ),
        ),
    };
    engine::export::Check {
        rule: "product_cutout",
        ok,
        detail,
    }
}

/// Reels from the exported video and the music.
async fn run_reels(
    ctx: &Context<'_>,
    job: &Job,
    from: ExportSource,
    targets: &[Target],
    sink: ProgressSink,
) -> Result<Vec<NewMediaAsset>, ProviderError> {
    let source = asset(ctx, job, from.source_id, "exported video").await?;
    let music_id = from.audio_asset_id.ok_or_else(|| {
        ProviderError::permanent(JobFailure::InputMissing, "a reel export names no music")
    })?;
    let music = asset(ctx, job, music_id, "reel's music").await?;
    if source.file_type != MediaKind::Video || music.file_type != MediaKind::Audio {
        return Err(ProviderError::permanent(
            JobFailure::InputUnreadable,
            format!(
                "a reel is made from a video and music, not a {} and a {}",
                source.file_type, music.file_type
            ),
        ));
    }
    let video = read_file(ctx, job, source.id, "exported video").await?;
    let sound = read_file(ctx, job, music.id, "reel's music").await?;
    let again = scene_video(ctx, job, &source).await?;
    let cards = match from.cards {
        Some(cards) => Some(card_words(ctx, job, cards).await?),
        None => None,
    };
    let wanted = targets.to_vec();
    let mark = ctx.watermark;
    let mut progress = sink.clone();
    let reels = tokio::task::spawn_blocking(move || {
        let brand = cards.as_ref().map(CardWords::brand).transpose()?;
        let laid = cards
            .as_ref()
            .zip(brand.as_ref())
            .map(|(w, brand)| ReelCards {
                title: w.title.then(|| TitleWords {
                    headline: &w.headline,
                    offer: w.offer.as_deref(),
                }),
                end: w.end.then(|| EndWords {
                    line: w.tagline.as_deref().unwrap_or(&w.headline),
                    cta: w.cta.as_deref(),
                }),
                brand,
                fonts: crate::designs::fonts(),
            });
        let photos: Vec<&[u8]> = again
            .as_ref()
            .map(|a| a.photos.iter().map(|b| b.as_ref()).collect())
            .unwrap_or_default();
        let source = match &again {
            Some(again) => ReelSource::Scene {
                video: &video,
                scene: engine_request(&again.scene, &photos),
                motion: &again.motion,
                duration: again.duration,
                seed: again.seed,
            },
            None => ReelSource::Video(&video),
        };
        engine::export::reels(source, &sound, &wanted, mark, laid.as_ref(), &mut progress)
            .map_err(ProviderError::from)
    })
    .await
    .map_err(|e| {
        ProviderError::transient(
            JobFailure::Internal,
            format!("the reel export stopped unexpectedly: {e}"),
        )
    })??;
    sink.report("storing", 0.99)
        .map_err(|_| ProviderError::Cancelled)?;
    store_reels(ctx, job, &source, music.id, reels).await
}

/// What the cards of a reel say and how they look: an ad design's words, brand and the
/// kit's logo and tagline, read before the reels are made.
struct CardWords {
    title: bool,
    end: bool,
    headline: String,
    offer: Option<String>,
    cta: Option<String>,
    tagline: Option<String>,
    design: domain::DesignRecord,
    logo: Option<Bytes>,
}

impl CardWords {
    /// The design's brand with the kit's logo, decoded.
    fn brand(&self) -> Result<engine::design::Brand, ProviderError> {
        let logo = self
            .logo
            .as_deref()
            .map(|bytes| engine::codec::decode(bytes, engine::codec::MAX_DIMENSION))
            .transpose()
            .map_err(|e| {
                ProviderError::permanent(
                    JobFailure::InputUnreadable,
                    format!("the brand kit's logo: {e}"),
                )
            })?;
        Ok(engine::design::Brand {
            logo,
            ..crate::designs::brand(&self.design)
        })
    }
}

/// Reads the ad design the cards are set from and its project's brand kit.
async fn card_words(
    ctx: &Context<'_>,
    job: &Job,
    cards: crate::payload::ReelCards,
) -> Result<CardWords, ProviderError> {
    let design_asset = asset(ctx, job, cards.design_id, "ad design of the reel's cards").await?;
    let design = design_asset.file_metadata.design.clone().ok_or_else(|| {
        ProviderError::permanent(
            JobFailure::InputUnreadable,
            format!("asset {} is not an ad design", cards.design_id),
        )
    })?;
    let kit = match design_asset.project_id {
        Some(project_id) => ctx
            .store
            .brand_kit(job.user_id, project_id)
            .await
            .map_err(missing_input("the brand kit of the ad design"))?,
        None => store::BrandKit::default_for(Uuid::nil()),
    };
    let logo = match &kit.logo {
        Some(logo) if cards.end => Some(ctx.storage.read(&logo.key).await.map_err(|e| {
            ProviderError::transient(
                JobFailure::InputMissing,
                format!("the brand kit's logo could not be read: {e}"),
            )
        })?),
        _ => None,
    };
    Ok(CardWords {
        title: cards.title,
        end: cards.end,
        headline: design.copy.headline.clone(),
        offer: design.copy.offer.clone(),
        cta: design.copy.cta.clone(),
        tagline: kit.style.tagline.filter(|t| !t.trim().is_empty()),
        design,
        logo,
    })
}

async fn store_reels(
    ctx: &Context<'_>,
    job: &Job,
    source: &MediaAsset,
    music_id: Uuid,
    reels: Vec<ReelFile>,
) -> Result<Vec<NewMediaAsset>, ProviderError> {
    let mut objects = Vec::new();
    let mut assets = Vec::new();
    for reel in reels {
        let file = reel.file;
        let target = file.target;
        let key = file_key(job, target);
        let name = target.as_str();
        let poster_key = format!("{EXPORT_KEY_PREFIX}{}/{name}-poster.jpg", job.id);
        let (thumbnail, thumbnail_mime) = thumbnail(Bytes::from(reel.poster_jpeg.clone())).await?;
        let thumbnail_key = format!(
            "{EXPORT_KEY_PREFIX}{}/{name}-thumbnail.{}",
            job.id,
            if thumbnail_mime == "image/png" {
                "png"
            } else {
                "jpg"
            }
        );
        let watermarked_key = reel.marked.map(|marked| {
            let key = format!("{EXPORT_KEY_PREFIX}{}/{name}-watermarked.mp4", job.id);
            objects.push((key.clone(), Bytes::from(marked)));
            key
        });
        let file_size = i64::try_from(file.bytes.len()).unwrap_or(i64::MAX);
        let size = Dimensions {
            width: file.width,
            height: file.height,
        };
        let metadata = export_metadata(
            job,
            source.id,
            Some(music_id),
            target,
            &file.checks,
            size,
            file_size,
        );
        objects.push((key.clone(), Bytes::from(file.bytes)));
        objects.push((thumbnail_key.clone(), Bytes::from(thumbnail)));
        objects.push((poster_key.clone(), Bytes::from(reel.poster_jpeg)));
        assets.push(NewMediaAsset {
            id: export_asset_id(job.id, target),
            user_id: job.user_id,
            project_id: job.project_id,
            scene_id: job.scene_id,
            file_type: MediaKind::Video,
            mime_type: target.mime().to_owned(),
            storage_key: key.clone(),
            thumbnail_key: Some(thumbnail_key),
            poster_key: Some(poster_key),
            watermarked_key,
            filename: key.rsplit('/').next().unwrap_or(&key).to_owned(),
            file_size,
            width: Some(i64::from(file.width)),
            height: Some(i64::from(file.height)),
            duration_seconds: Some(reel.seconds),
            file_metadata: metadata,
            credit_cost: 0,
        });
    }
    ctx.storage.put_all(&objects).await.map_err(|(key, e)| {
        ProviderError::transient(
            JobFailure::OutputNotStored,
            format!("could not store {key}: {e}"),
        )
    })?;
    Ok(assets)
}

/// The record of a file an export made: its target, source, and the checks it passed.
fn export_metadata(
    job: &Job,
    source_id: Uuid,
    music_id: Option<Uuid>,
    target: Target,
    checks: &[engine::export::Check],
    size: Dimensions,
    file_size: i64,
) -> FileMetadata {
    let checks = checks
        .iter()
        .map(|c| ExportCheck {
            rule: c.rule.to_owned(),
            ok: c.ok,
            detail: c.detail.clone(),
        })
        .collect();
    FileMetadata {
        generation_type: Some(JobKind::Export),
        export: Some(ExportMetadata {
            target: target.as_str().to_owned(),
            source_asset_id: source_id,
            audio_asset_id: music_id,
            checks,
            job_id: Some(job.id),
        }),
        dimensions: Some(size),
        output_format: Some(target.extension().to_owned()),
        file_size: Some(file_size),
        ..FileMetadata::default()
    }
}

/// How the offline engine drew an image: its brief, settings and seed, and the photos it
/// staged with the stored cutout behind them.
struct Recipe {
    input: ImageInput,
    photos: Vec<Bytes>,
    cutout: Option<CutoutFacts>,
}

/// The brief, settings, seed and photos that made an image the offline engine drew; `None`
/// for anything else (a hosted model's image, an edit, an upload), which cannot be drawn
/// again.
async fn engine_recipe(
    ctx: &Context<'_>,
    job: &Job,
    source: &MediaAsset,
) -> Result<Option<Recipe>, ProviderError> {
    // A hosted model names itself in the asset's metadata.
    if source.file_metadata.provider.is_some() {
        return Ok(None);
    }
    // A generated asset carries the id of the job that made it.
    let made_by = match ctx.store.job(job.user_id, source.id).await {
        Ok(made_by) => made_by,
        Err(StoreError::NotFound) => return Ok(None),
        Err(e) => {
            return Err(ProviderError::transient(
                JobFailure::Internal,
                format!("could not read the job that made the image: {e}"),
            ))
        }
    };
    let Ok(payload) = serde_json::from_value::<JobPayload>(made_by.payload.clone()) else {
        return Ok(None);
    };
    let seed = seed_of(&made_by);
    // The same camera as the picture: a variation of a set keeps its place in the frame.
    let variation = payload.variation();
    let (prompt, guidance, photo_ids, quality, resolution) = match payload {
        JobPayload::Image {
            prompt,
            reference_image_ids,
            quality,
            resolution,
            ..
        } => (
            prompt,
            Guidance::default(),
            reference_image_ids,
            quality,
            resolution,
        ),
        JobPayload::Template {
            template_id,
            reference_image_ids,
            quality,
            resolution,
            ..
        } => {
            let Ok(template) = ctx.store.template(&template_id).await else {
                return Ok(None);
            };
            let guidance = template.parameters;
            (
                template.prompt,
                guidance,
                reference_image_ids,
                quality,
                resolution,
            )
        }
        JobPayload::Recommendation {
            source_id,
            guidance,
            creative_direction,
            quality,
            resolution,
            ..
        } => (
            creative_direction,
            guidance,
            vec![source_id],
            quality,
            resolution,
        ),
        _ => return Ok(None),
    };
    let Some((photos, cutout)) = staged_photo(ctx, job, &photo_ids).await? else {
        return Ok(None);
    };
    let input = ImageInput {
        prompt,
        reference_photos: photos.clone(),
        guidance,
        resolution,
        quality,
        seed,
        variation,
        engine: domain::ImageEngine::Studio,
    };
    Ok(Some(Recipe {
        input,
        photos,
        cutout,
    }))
}

/// The photo a scene staged (only the first is), read again with its stored cutout as it
/// is now; `None` when it was deleted since, so the scene cannot be drawn again.
async fn staged_photo(
    ctx: &Context<'_>,
    job: &Job,
    photo_ids: &[Uuid],
) -> Result<Option<(Vec<Bytes>, Option<CutoutFacts>)>, ProviderError> {
    let Some(id) = photo_ids.first() else {
        return Ok(Some((Vec::new(), None)));
    };
    match cutouts::product_photo(ctx, job, *id, "product photo").await {
        Ok(photo) => Ok(Some((vec![photo.bytes], photo.cutout))),
        Err(ProviderError::Permanent { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// A video the offline engine animated from a scene it can draw again: the scene's recipe
/// and the video's own brief (its moves), length and seed.
struct SceneVideo {
    scene: ImageInput,
    photos: Vec<Bytes>,
    motion: String,
    duration: Duration,
    seed: u64,
}

/// How `video` was made, when the engine can make it again at another ratio; `None` for a
/// hosted model's video, an upload, or a video of a picture that cannot be drawn again.
async fn scene_video(
    ctx: &Context<'_>,
    job: &Job,
    video: &MediaAsset,
) -> Result<Option<SceneVideo>, ProviderError> {
    if video.file_metadata.provider.is_some() {
        return Ok(None);
    }
    let made_by = match ctx.store.job(job.user_id, video.id).await {
        Ok(made_by) => made_by,
        Err(StoreError::NotFound) => return Ok(None),
        Err(e) => {
            return Err(ProviderError::transient(
                JobFailure::Internal,
                format!("could not read the job that made the video: {e}"),
            ))
        }
    };
    let Ok(payload) = serde_json::from_value::<JobPayload>(made_by.payload.clone()) else {
        return Ok(None);
    };
    let seed = seed_of(&made_by);
    match payload {
        // The engine staged the scene with the video's own brief and seed.
        JobPayload::Video {
            prompt,
            reference_image_ids,
            quality,
            resolution,
            duration,
        } => {
            let Some((photos, _)) = staged_photo(ctx, job, &reference_image_ids).await? else {
                return Ok(None);
            };
            let scene = ImageInput {
                prompt: prompt.clone(),
                reference_photos: photos.clone(),
                guidance: Guidance::default(),
                resolution,
                quality,
                seed,
                variation: 0,
                engine: domain::ImageEngine::Studio,
            };
            Ok(Some(SceneVideo {
                scene,
                photos,
                motion: prompt,
                duration,
                seed,
            }))
        }
        // An animated picture: made again when the picture can be drawn again.
        JobPayload::Animate {
            prompt,
            source_id,
            duration,
            ..
        } => {
            let picture = match ctx.store.media_asset(job.user_id, source_id).await {
                Ok(picture) => picture,
                Err(StoreError::NotFound) => return Ok(None),
                Err(e) => {
                    return Err(ProviderError::transient(
                        JobFailure::Internal,
                        format!("could not read the animated picture: {e}"),
                    ))
                }
            };
            Ok(engine_recipe(ctx, job, &picture)
                .await?
                .map(|recipe| SceneVideo {
                    scene: recipe.input,
                    photos: recipe.photos,
                    motion: prompt,
                    duration,
                    seed,
                }))
        }
        _ => Ok(None),
    }
}

async fn store_files(
    ctx: &Context<'_>,
    job: &Job,
    source: &MediaAsset,
    files: Vec<ExportFile>,
    cutout: Option<CutoutFacts>,
) -> Result<Vec<NewMediaAsset>, ProviderError> {
    let mut objects = Vec::new();
    let mut assets = Vec::new();
    for file in files {
        let target = file.target;
        let bytes = Bytes::from(file.bytes);
        let key = file_key(job, target);
        let (thumbnail, thumbnail_mime) = thumbnail(bytes.clone()).await?;
        let thumbnail_key = format!(
            "{EXPORT_KEY_PREFIX}{}/{}-thumbnail.{}",
            job.id,
            target.as_str(),
            if thumbnail_mime == "image/png" {
                "png"
            } else {
                "jpg"
            }
        );
        // A marketplace main image may carry no mark, so it is never marked.
        let watermarked_key = if ctx.watermark && target != Target::AmazonMain {
            let format = if target.is_png() {
                engine::codec::OutputFormat::Png
            } else {
                engine::codec::OutputFormat::Jpeg
            };
            let original = bytes.clone();
            let marked = tokio::task::spawn_blocking(move || {
                engine::watermark::mark_encoded(&original, format)
            })
            .await
            .map_err(|e| {
                ProviderError::transient(
                    JobFailure::Internal,
                    format!("watermarking stopped unexpectedly: {e}"),
                )
            })??;
            let key = format!(
                "{EXPORT_KEY_PREFIX}{}/{}-watermarked.{}",
                job.id,
                target.as_str(),
                target.extension()
            );
            objects.push((key.clone(), Bytes::from(marked)));
            Some(key)
        } else {
            None
        };
        let file_size = i64::try_from(bytes.len()).unwrap_or(i64::MAX);
        let size = Dimensions {
            width: file.width,
            height: file.height,
        };
        let mut metadata =
            export_metadata(job, source.id, None, target, &file.checks, size, file_size);
        record_cutout(&mut metadata, cutout);
        objects.push((key.clone(), bytes));
        objects.push((thumbnail_key.clone(), Bytes::from(thumbnail)));
        assets.push(NewMediaAsset {
            id: export_asset_id(job.id, target),
            user_id: job.user_id,
            project_id: job.project_id,
            scene_id: job.scene_id,
            file_type: MediaKind::Image,
            mime_type: target.mime().to_owned(),
            storage_key: key.clone(),
            thumbnail_key: Some(thumbnail_key),
            poster_key: None,
            watermarked_key,
            filename: key.rsplit('/').next().unwrap_or(&key).to_owned(),
            file_size,
            width: Some(i64::from(file.width)),
            height: Some(i64::from(file.height)),
            duration_seconds: None,
            file_metadata: metadata,
            credit_cost: 0,
        });
    }
    ctx.storage.put_all(&objects).await.map_err(|(key, e)| {
        ProviderError::transient(
            JobFailure::OutputNotStored,
            format!("could not store {key}: {e}"),
        )
    })?;
    Ok(assets)
}

/// Every object an export's assets refer to.
pub(crate) fn object_keys(assets: &[NewMediaAsset]) -> Vec<String> {
    assets
        .iter()
        .flat_map(|a| {
            std::iter::once(a.storage_key.clone())
                .chain(a.thumbnail_key.clone())
                .chain(a.poster_key.clone())
                .chain(a.watermarked_key.clone())
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_target_of_a_job_has_its_own_fixed_asset_id() {
        let job = Uuid::new_v4();
        let a = export_asset_id(job, Target::Etsy);
        assert_eq!(a, export_asset_id(job, Target::Etsy));
        assert_ne!(a, export_asset_id(job, Target::Pinterest));
        assert_ne!(a, export_asset_id(Uuid::new_v4(), Target::Etsy));
        assert_ne!(a, job);
    }
}
