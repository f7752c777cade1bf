//! Running one claimed job: read its inputs from object storage, call the provider, store
//! the outputs under keys derived from the job id (a retry overwrites, never duplicates)
//! and describe the media asset that completion will insert.

use bytes::Bytes;
use domain::{
    Dimensions, FileMetadata, ImageEngine, JobFailure, MediaKind, Quality, RecipeSettings,
    Resolution,
};
use store::{Job, MediaStorage, NewMediaAsset, Store, StoreError};
use uuid::Uuid;

use crate::cutouts::{self, CutoutFacts};
use crate::lineage;
use crate::links::MediaLinks;
use crate::payload::{Guidance, JobPayload};
use crate::provider::{
    AudioInput, EditInput, ImageInput, KnownProduct, MediaOutput, MediaProvider, ProgressSink,
    ProviderError, VideoFrom, VideoInput,
};

pub(crate) struct Context<'a> {
    pub store: &'a Store,
    pub storage: &'a MediaStorage,
    pub provider: &'a dyn MediaProvider,
    pub links: Option<&'a MediaLinks>,
    /// Also store images and videos with the free plan's corner mark.
    pub watermark: bool,
}

/// Object keys a job writes, fixed by its id.
pub(crate) struct OutputKeys {
    pub file: String,
    pub thumbnail: String,
    pub poster: String,
    pub watermarked: String,
}

pub(crate) fn output_keys(job: &Job, extension: &str, thumbnail_extension: &str) -> OutputKeys {
    OutputKeys {
        file: format!("generated/{}.{extension}", job.id),
        thumbnail: format!("generated/{}-thumbnail.{thumbnail_extension}", job.id),
        poster: format!("generated/{}-poster.jpg", job.id),
        watermarked: format!("generated/{}-watermarked.{extension}", job.id),
    }
}

pub(crate) fn seed_of(job: &Job) -> u64 {
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&job.id.as_bytes()[..8]);
    u64::from_le_bytes(bytes)
}

/// A stored input's bytes could not be read: missing bytes stay missing, anything else may
/// pass.
fn unreadable(what: &str) -> impl Fn(store::StorageError) -> ProviderError + '_ {
    move |e| {
        let detail = format!("could not read {what}: {e}");
        match e {
            store::StorageError::NotFound => {
                ProviderError::permanent(JobFailure::InputUnreadable, detail)
            }
            _ => ProviderError::transient(JobFailure::InputUnreadable, detail),
        }
    }
}

/// Maps a failed lookup of one of the job's inputs: gone for good (the user deleted it) or a
/// store hiccup worth a retry.
pub(crate) fn missing_input(what: &str) -> impl FnOnce(StoreError) -> ProviderError + '_ {
    move |e| match e {
        StoreError::NotFound => ProviderError::permanent(
            JobFailure::InputMissing,
            format!("the {what} no longer exists"),
        ),
        e => ProviderError::transient(
            JobFailure::Internal,
            format!("could not look up the {what}: {e}"),
        ),
    }
}

/// Reads a user's stored file (reference image or media asset) by id.
pub(crate) async fn read_file(
    ctx: &Context<'_>,
    job: &Job,
    id: uuid::Uuid,
    what: &str,
) -> Result<Bytes, ProviderError> {
    let file = ctx
        .store
        .stored_file(job.user_id, id)
        .await
        .map_err(missing_input(&format!("{what} {id}")))?;
    ctx.storage
        .read(&file.storage_key)
        .await
        .map_err(unreadable(what))
}

/// The seller's product in the picture `id`, for a hosted edit to keep exact: the product
/// photo its lineage leads to, and where its metadata says the product stands.
async fn known_product(
    ctx: &Context<'_>,
    job: &Job,
    id: uuid::Uuid,
) -> Result<Option<KnownProduct>, ProviderError> {
    let Some(photo) = lineage::product_photo(ctx, job, id).await? else {
        return Ok(None);
    };
    let placement = match ctx.store.media_asset(job.user_id, id).await {
        Ok(asset) => lineage::recorded_placement(&asset.file_metadata),
        Err(_) => None,
    };
    Ok(Some(KnownProduct {
        photo: photo.bytes,
        placement,
    }))
}

/// The product photos, each with its stored cutout as its alpha; `metadata` records the
/// cutout of the first, the one a scene stages.
async fn read_photos(
    ctx: &Context<'_>,
    job: &Job,
    ids: &[uuid::Uuid],
    metadata: &mut FileMetadata,
) -> Result<Vec<Bytes>, ProviderError> {
    let mut photos = Vec::with_capacity(ids.len());
    for (i, id) in ids.iter().enumerate() {
        let photo = cutouts::product_photo(ctx, job, *id, "reference image").await?;
        if i == 0 {
            record_cutout(metadata, photo.cutout);
        }
        photos.push(photo.bytes);
    }
    Ok(photos)
}

/// Notes in a job's record how far the product photo's stored cutout could be trusted and
/// who made it, with the warning a doubtful automatic cutout carries.
pub(crate) fn record_cutout(metadata: &mut FileMetadata, cutout: Option<CutoutFacts>) {
    let Some(cutout) = cutout else {
        return;
    };
    metadata.cutout_confidence = Some(cutout.confidence);
    metadata.cutout_source = Some(cutout.source);
    if let Some(warning) = domain::cutout_warning(cutout.source, cutout.confidence) {
        metadata.cutout_warning = Some(warning.to_owned());
    }
}

/// Runs the job's provider call and stores what it made; returns the asset to insert.
pub(crate) async fn execute(
    ctx: &Context<'_>,
    job: &Job,
    sink: ProgressSink,
) -> Result<NewMediaAsset, ProviderError> {
    let payload: JobPayload = serde_json::from_value(job.payload.clone()).map_err(|e| {
        ProviderError::permanent(JobFailure::Internal, format!("the job cannot be read: {e}"))
    })?;
    let seed = seed_of(job);
    sink.report("preparing", 0.0)
        .map_err(|_| ProviderError::Cancelled)?;
    let image_engine = payload.image_engine();
    let mut metadata = FileMetadata {
        generation_type: Some(job.kind),
        prompt: Some(payload.prompt().to_owned()),
        seed: Some(seed.to_string()),
        engine: image_engine,
        variation: image_engine.map(|_| payload.variation()),
        // What to ask again for the same picture: the settings beside the brief and seed.
        settings: Some(recipe_settings(&payload)),
        ..FileMetadata::default()
    };
    let output = generate(ctx, job, &payload, sink, &mut metadata).await?;
    store_output(ctx, job, output, metadata).await
}

/// Gathers the payload's inputs (photos, template, mask) and asks the provider for the
/// picture, video or sound; notes in `metadata` what the inputs add to the asset's record.
async fn generate(
    ctx: &Context<'_>,
    job: &Job,
    payload: &JobPayload,
    sink: ProgressSink,
    metadata: &mut FileMetadata,
) -> Result<MediaOutput, ProviderError> {
    let seed = seed_of(job);
    let output = match payload {
        JobPayload::Image {
            prompt,
            reference_image_ids,
            quality,
            resolution,
            ..
        } => {
            let reference_photos = read_photos(ctx, job, reference_image_ids, metadata).await?;
            metadata.aspect_ratio = Some(resolution.aspect_ratio().to_owned());
            let staged = Staged {
                prompt: prompt.clone(),
                reference_photos,
                guidance: Guidance::default(),
            };
            let input = staged.image(job, payload, *resolution, *quality);
            ctx.provider.image(input, sink).await?
        }
        JobPayload::Template {
            template_id,
            reference_image_ids,
            quality,
            resolution,
            ..
        } => {
            let template = ctx
                .store
                .template(template_id)
                .await
                .map_err(missing_input(&format!("template {template_id}")))?;
            let guidance = template.parameters;
            let reference_photos = read_photos(ctx, job, reference_image_ids, metadata).await?;
            metadata.aspect_ratio = Some(resolution.aspect_ratio().to_owned());
            metadata.template_id = Some(template.id.clone());
            metadata.template_name = Some(template.name.clone());
            metadata.prompt = Some(template.prompt.clone());
            let staged = Staged {
                prompt: template.prompt,
                reference_photos,
                guidance,
            };
            let input = staged.image(job, payload, *resolution, *quality);
            ctx.provider.image(input, sink).await?
        }
        JobPayload::Recommendation {
            source_id,
            guidance,
            creative_direction,
            quality,
            resolution,
            ..
        } => {
            let photo = cutouts::product_photo(ctx, job, *source_id, "product image").await?;
            record_cutout(metadata, photo.cutout);
            let photo = photo.bytes;
            metadata.aspect_ratio = Some(resolution.aspect_ratio().to_owned());
            metadata.guidance = Some(*guidance);
            let staged = Staged {
                prompt: creative_direction.clone(),
                reference_photos: vec![photo],
                guidance: *guidance,
            };
            let input = staged.image(job, payload, *resolution, *quality);
            ctx.provider.image(input, sink).await?
        }
        JobPayload::ImageEdit {
            prompt,
            source_id,
            mask_key,
            ..
        } => {
            metadata.source_id = Some(*source_id);
            let engine = payload.image_engine().unwrap_or_default();
            let input = edit_input(ctx, job, prompt, *source_id, mask_key, engine).await?;
            ctx.provider.edit(input, sink).await?
        }
        JobPayload::Video {
            prompt,
            reference_image_ids,
            quality,
            resolution,
            duration,
        } => {
            let reference_photos = read_photos(ctx, job, reference_image_ids, metadata).await?;
            let input = VideoInput {
                prompt: prompt.clone(),
                // A staged scene has no stored file to link to: it goes inline.
                frame_url: None,
                from: VideoFrom::Scene(ImageInput {
                    prompt: prompt.clone(),
                    reference_photos,
                    guidance: Guidance::default(),
                    resolution: *resolution,
                    quality: *quality,
                    seed,
                    variation: 0,
                    // The first frame is always staged by the engine, from the seller's photos.
                    engine: ImageEngine::Studio,
                }),
                duration: *duration,
                quality: *quality,
                seed,
            };
            ctx.provider.video(input, sink).await?
        }
        JobPayload::Animate {
            prompt,
            source_id,
            quality,
            duration,
        } => {
            let image = read_file(ctx, job, *source_id, "image to animate").await?;
            metadata.source_id = Some(*source_id);
            let input = VideoInput {
                prompt: prompt.clone(),
                from: VideoFrom::Image(image),
                frame_url: ctx.links.map(|links| links.link(job.user_id, *source_id)),
                duration: *duration,
                quality: *quality,
                seed,
            };
            ctx.provider.video(input, sink).await?
        }
        JobPayload::AssistantReply { .. } | JobPayload::Export { .. } => {
            return Err(ProviderError::permanent(
                JobFailure::Internal,
                "this job is not one generation",
            ));
        }
        JobPayload::Audio { prompt, audio_type } => {
            metadata.audio_type = Some(audio_type.clone());
            let input = AudioInput {
                prompt: prompt.clone(),
                seconds: engine::audio::DEFAULT_SECONDS,
                seed,
            };
            ctx.provider.audio(input, sink).await?
        }
    };
    Ok(output)
}

/// What a picture is staged from: the brief, the product photos and the guided choices.
struct Staged {
    prompt: String,
    reference_photos: Vec<Bytes>,
    guidance: Guidance,
}

impl Staged {
    /// The picture at `resolution` and `quality`, with the job's seed, variation and engine.
    fn image(
        self,
        job: &Job,
        payload: &JobPayload,
        resolution: Resolution,
        quality: Quality,
    ) -> ImageInput {
        ImageInput {
            prompt: self.prompt,
            reference_photos: self.reference_photos,
            guidance: self.guidance,
            resolution,
            quality,
            seed: seed_of(job),
            variation: payload.variation(),
            engine: payload.image_engine().unwrap_or_default(),
        }
    }
}

/// The picture to edit, its mask and the instruction, with the product a hosted model must
/// keep exact.
async fn edit_input(
    ctx: &Context<'_>,
    job: &Job,
    instruction: &str,
    source_id: Uuid,
    mask_key: &str,
    engine: ImageEngine,
) -> Result<EditInput, ProviderError> {
    let image = read_file(ctx, job, source_id, "original image").await?;
    let mask = ctx
        .storage
        .read(mask_key)
        .await
        .map_err(unreadable("the mask"))?;
    let product = if engine.is_hosted() {
        known_product(ctx, job, source_id).await?
    } else {
        None
    };
    Ok(EditInput {
        image,
        mask,
        instruction: instruction.to_owned(),
        seed: seed_of(job),
        engine,
        product,
    })
}

/// The settings a job was made with, as an asset records them for making it again: quality
/// and resolution, the template or the guided choices, the photos staged.
fn recipe_settings(payload: &JobPayload) -> RecipeSettings {
    match payload {
        JobPayload::Image {
            reference_image_ids,
            quality,
            resolution,
            ..
        } => RecipeSettings {
            quality: Some(*quality),
            resolution: Some(*resolution),
            reference_image_ids: Some(reference_image_ids.clone()),
            ..RecipeSettings::default()
        },
        JobPayload::Template {
            template_id,
            reference_image_ids,
            quality,
            resolution,
            ..
        } => RecipeSettings {
            quality: Some(*quality),
            resolution: Some(*resolution),
            template_id: Some(template_id.clone()),
            reference_image_ids: Some(reference_image_ids.clone()),
            ..RecipeSettings::default()
        },
        JobPayload::Recommendation {
            source_id,
            guidance,
            quality,
            resolution,
            ..
        } => RecipeSettings {
            quality: Some(*quality),
            resolution: Some(*resolution),
            guidance: Some(*guidance),
            product_image_id: Some(*source_id),
            ..RecipeSettings::default()
        },
        JobPayload::Video {
            reference_image_ids,
            quality,
            resolution,
            duration,
            ..
        } => RecipeSettings {
            quality: Some(*quality),
            resolution: Some(*resolution),
            duration: Some(*duration),
            reference_image_ids: Some(reference_image_ids.clone()),
            ..RecipeSettings::default()
        },
        JobPayload::Animate {
            quality, duration, ..
        } => RecipeSettings {
            quality: Some(*quality),
            duration: Some(*duration),
            ..RecipeSettings::default()
        },
        JobPayload::Audio { audio_type, .. } => RecipeSettings {
            audio_type: Some(audio_type.clone()),
            ..RecipeSettings::default()
        },
        JobPayload::ImageEdit { .. }
        | JobPayload::AssistantReply { .. }
        | JobPayload::Export { .. } => RecipeSettings::default(),
    }
}

fn aspect_ratio_of(width: u32, height: u32) -> &'static str {
    match width.cmp(&height) {
        std::cmp::Ordering::Greater => Resolution::Landscape.aspect_ratio(),
        std::cmp::Ordering::Less => Resolution::Portrait.aspect_ratio(),
        std::cmp::Ordering::Equal => Resolution::Square.aspect_ratio(),
    }
}

fn extension_of(mime: &str) -> &'static str {
    match mime {
        "image/png" => "png",
        "image/webp" => "webp",
        _ => "jpg",
    }
}

pub(crate) async fn thumbnail(bytes: Bytes) -> Result<(Vec<u8>, &'static str), ProviderError> {
    tokio::task::spawn_blocking(move || engine::intake::thumbnail_of(&bytes))
        .await
        .map_err(|e| {
            ProviderError::transient(
                JobFailure::Internal,
                format!("thumbnail stopped unexpectedly: {e}"),
            )
        })?
        .map(|(bytes, mime, _, _)| (bytes, mime))
        .map_err(|e| {
            ProviderError::permanent(
                JobFailure::Internal,
                format!("the result cannot be previewed: {e}"),
            )
        })
}

/// The image or video with the free plan's corner mark (on every frame of a video), in the
/// file's own format; music carries none.
async fn watermarked(
    bytes: Bytes,
    kind: MediaKind,
    mime: &str,
) -> Result<Option<Vec<u8>>, ProviderError> {
    let format = if mime == "image/png" {
        engine::codec::OutputFormat::Png
    } else {
        engine::codec::OutputFormat::Jpeg
    };
    tokio::task::spawn_blocking(move || match kind {
        MediaKind::Image => engine::watermark::mark_encoded(&bytes, format).map(Some),
        MediaKind::Video => engine::video::mark_mp4(&bytes).map(Some),
        MediaKind::Audio => Ok(None),
    })
    .await
    .map_err(|e| {
        ProviderError::transient(
            JobFailure::Internal,
            format!("watermarking stopped unexpectedly: {e}"),
        )
    })?
    .map_err(|e| {
        ProviderError::permanent(
            JobFailure::Internal,
            format!("the result cannot be watermarked: {e}"),
        )
    })
}

/// Deletes objects no row refers to; what cannot be deleted now stays queued for the
/// maintenance sweep.
pub(crate) async fn delete_now(store: &Store, storage: &MediaStorage, keys: &[String]) {
    if keys.is_empty() {
        return;
    }
    if let Err(e) = store.queue_storage_deletions(keys).await {
        tracing::warn!(error = %e, "could not queue objects for deletion");
    }
    store.delete_queued_objects(storage, keys).await;
}

async fn store_output(
    ctx: &Context<'_>,
    job: &Job,
    output: MediaOutput,
    metadata: FileMetadata,
) -> Result<NewMediaAsset, ProviderError> {
    let Some(file_type) = job.kind.output() else {
        return Err(ProviderError::permanent(
            JobFailure::Internal,
            "a chat reply is not a media file",
        ));
    };
    let preview_source = match file_type {
        MediaKind::Image => Some(output.bytes.clone()),
        MediaKind::Video => output.poster_jpeg.clone(),
        MediaKind::Audio => None,
    };
    let preview = match preview_source {
        Some(bytes) => Some(thumbnail(bytes).await?),
        None => None,
    };
    let thumbnail_extension = preview
        .as_ref()
        .map_or("jpg", |(_, mime)| extension_of(mime));
    let keys = output_keys(job, output.extension, thumbnail_extension);
    let key = keys.file;
    let mut objects = vec![(key.clone(), output.bytes.clone())];
    let thumbnail_key = preview.map(|(bytes, _)| {
        objects.push((keys.thumbnail.clone(), Bytes::from(bytes)));
        keys.thumbnail
    });
    let poster_key = output.poster_jpeg.clone().map(|poster| {
        objects.push((keys.poster.clone(), poster));
        keys.poster
    });
    if let (MediaKind::Image, Some(mask)) = (file_type, output.product_mask_png.clone()) {
        objects.push((store::product_mask_key(&key), mask));
    }
    let marked = if ctx.watermark {
        watermarked(output.bytes.clone(), file_type, &output.mime).await?
    } else {
        None
    };
    let watermarked_key = marked.map(|marked| {
        objects.push((keys.watermarked.clone(), Bytes::from(marked)));
        keys.watermarked
    });
    ctx.storage.put_all(&objects).await.map_err(|(key, e)| {
        ProviderError::transient(
            JobFailure::OutputNotStored,
            format!("could not store {key}: {e}"),
        )
    })?;
    let file_size = i64::try_from(output.bytes.len()).unwrap_or(i64::MAX);
    let dimensions = output
        .width
        .zip(output.height)
        .map(|(width, height)| Dimensions { width, height });
    // What the file measures is recorded as measured; the ratio asked for stays (a hosted
    // model may answer a near size); the provider's facts fill in the rest.
    let metadata = FileMetadata {
        output_format: Some(output.extension.to_owned()),
        file_size: Some(file_size),
        dimensions: dimensions.or(metadata.dimensions),
        duration: output.duration_seconds.or(metadata.duration),
        aspect_ratio: metadata
            .aspect_ratio
            .or_else(|| dimensions.map(|d| aspect_ratio_of(d.width, d.height).to_owned())),
        ..metadata
    }
    .or(output.details);
    Ok(NewMediaAsset {
        id: job.id,
        user_id: job.user_id,
        project_id: job.project_id,
        scene_id: job.scene_id,
        file_type,
        mime_type: output.mime,
        storage_key: key.clone(),
        thumbnail_key,
        poster_key,
        watermarked_key,
        filename: key.rsplit('/').next().unwrap_or(&key).to_owned(),
        file_size,
        width: output.width.map(i64::from),
        height: output.height.map(i64::from),
        duration_seconds: output.duration_seconds,
        file_metadata: metadata,
        credit_cost: job.credit_cost,
    })
}
