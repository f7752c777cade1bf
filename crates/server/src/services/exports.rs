//! Exports a user asks for: one of their images made into the files each marketplace and
//! app takes, or one of their videos with one of their music tracks made into reels (a free
//! job), the files it made with their checks, and the whole set as one ZIP with a manifest.

use std::borrow::Cow;
use std::io::Write;

use domain::{ExportCheck, Invalid, MediaKind, OptionalId};
use engine::export::Target;
use jobs::{export_asset_id, JobPayload, ReelCards};
use serde::{Deserialize, Deserializer, Serialize};
use store::Job;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::media_files::{file_url, thumbnail_url};
use crate::services::generation;
use crate::services::media::{self, MEDIA_NOT_FOUND};
use crate::state::AppState;

/// Targets one export may ask for.
pub const MAX_TARGETS: usize = 12;

pub const EXPORT_NOT_FOUND: &str = "Export not found";

#[derive(Debug, Deserialize, ToSchema)]
pub struct ExportRequest {
    /// From an image: `amazon_main`, `amazon_lifestyle`, `etsy`, `shopify`,
    /// `instagram_feed`, `instagram_story`, `facebook_feed`, `pinterest`, `transparent_png`.
    /// From a video: `reel` (1080×1920), `reel_square` (1080×1080), `reel_feed` (1080×1350).
    /// Each is made once, in the order given.
    #[schema(max_items = 12)]
    pub targets: Option<Vec<ExportTarget>>,
    /// The music of reels: one of the user's music assets. Required with reel targets.
    #[serde(default)]
    #[schema(value_type = Option<Uuid>)]
    pub audio_asset_id: OptionalId,
    /// Title and end cards over reels, set from one of the user's ad designs.
    #[serde(default)]
    pub cards: Option<CardsRequest>,
}

fn shown() -> bool {
    true
}

/// Cards laid over reels, in the ad design's brand: a title card with its headline and offer
/// over the first seconds, fading out; an end card with the brand kit's logo and tagline (its
/// headline when the kit has none) and its call to action over the last seconds, fading in.
#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CardsRequest {
    /// One of the user's ad designs (a picture made with "Make an ad").
    pub design_id: Uuid,
    /// The title card (default true).
    #[serde(default = "shown")]
    pub title: bool,
    /// The end card (default true).
    #[serde(default = "shown")]
    pub end: bool,
}

/// The cards asked for, checked: only on reels, at least one card, from one of the user's
/// ad designs (another user's or a missing one is a 404).
async fn reel_cards(
    state: &AppState,
    user_id: Uuid,
    cards: Option<CardsRequest>,
    reels: bool,
) -> ApiResult<Option<ReelCards>> {
    let Some(cards) = cards else {
        return Ok(None);
    };
    if !reels {
        return Err(ApiError::validation(
            "cards",
            "Title and end cards are laid over reels; leave them out for pictures",
        ));
    }
    if !cards.title && !cards.end {
        return Err(ApiError::validation(
            "cards",
            "Choose the title card, the end card or both (or leave cards out)",
        ));
    }
    let design = media::owned_asset(state, user_id, cards.design_id).await?;
    if design.file_metadata.design.is_none() {
        return Err(ApiError::validation(
            "cards.design_id",
            "The cards take their words from an ad design; this file is not one. Make an ad from a picture first",
        ));
    }
    Ok(Some(ReelCards {
        design_id: design.id,
        title: cards.title,
        end: cards.end,
    }))
}

/// A target's name as a request sends it, read strictly: a name not known is refused
/// naming it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExportTarget(Target);

impl<'de> Deserialize<'de> for ExportTarget {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Target::parse(name.trim())
            .map(ExportTarget)
            .map_err(|e| Invalid::new("targets", e.to_string()).into_de_error())
    }
}

impl Serialize for ExportTarget {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.0.as_str())
    }
}

impl PartialSchema for ExportTarget {
    fn schema() -> RefOr<Schema> {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(
                Target::PICTURES
                    .iter()
                    .chain(Target::REELS)
                    .map(|t| t.as_str()),
            ))
            .into()
    }
}

impl ToSchema for ExportTarget {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("ExportTarget")
    }
}

/// The targets asked for, each once: none or more than one export may make is refused.
fn distinct_targets(asked: Option<Vec<ExportTarget>>) -> ApiResult<Vec<Target>> {
    let asked = asked.unwrap_or_default();
    if asked.is_empty() {
        return Err(ApiError::validation(
            "targets",
            "Choose at least one export target",
        ));
    }
    if asked.len() > MAX_TARGETS {
        return Err(ApiError::validation(
            "targets",
            format!("At most {MAX_TARGETS} export targets at once"),
        ));
    }
    let mut targets = Vec::with_capacity(asked.len());
    for ExportTarget(target) in asked {
        if !targets.contains(&target) {
            targets.push(target);
        }
    }
    Ok(targets)
}

/// "an image", "a video", "music": a file's kind in a sentence.
fn a_kind(kind: MediaKind) -> &'static str {
    match kind {
        MediaKind::Image => "an image",
        MediaKind::Video => "a video",
        MediaKind::Audio => "music",
    }
}

fn names(targets: &[Target]) -> String {
    targets
        .iter()
        .map(|t| t.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

/// Queues the export of the user's asset `asset_id` (free): picture targets from an image,
/// reels from a video with the music `audio_asset_id`. Another user's asset or music is a
/// 404; a target the file cannot make, missing music or music that is not music is a 400
/// saying what to choose instead. Free work is bounded: an identical export (queued,
/// running, or completed with all its files) answers instead of a new one; past
/// [`store::EXPORTS_IN_FLIGHT`] exports in flight the account is told to wait (429), and
/// with its storage full (product photos and export files) to make room (413).
pub async fn start(
    state: &AppState,
    user_id: Uuid,
    asset_id: Uuid,
    request: ExportRequest,
) -> ApiResult<Started> {
    let asset = media::owned_asset(state, user_id, asset_id).await?;
    let targets = distinct_targets(request.targets)?;
    let (reels, pictures): (Vec<Target>, Vec<Target>) = targets.iter().partition(|t| t.is_reel());
    let audio_asset_id = match asset.file_type {
        MediaKind::Image => {
            if !reels.is_empty() {
                return Err(ApiError::validation(
                    "targets",
                    format!(
                        "{} needs a video; this file is an image. Export a video of it as a reel",
                        names(&reels)
                    ),
                ));
            }
            if request.audio_asset_id.get().is_some() {
                return Err(ApiError::validation(
                    "audio_asset_id",
                    "Music is only used by reels; leave it out for pictures",
                ));
            }
            None
        }
        MediaKind::Video => {
            if !pictures.is_empty() {
                return Err(ApiError::validation(
                    "targets",
                    format!(
                        "{} needs an image; this file is a video. A video exports as reel, reel_square or reel_feed",
                        names(&pictures)
                    ),
                ));
            }
            let music_id = request.audio_asset_id.get().ok_or_else(|| {
                ApiError::validation(
                    "audio_asset_id",
                    "A reel needs music: choose one of your music tracks (audio_asset_id), or make one with ‘Make music for this campaign’ in the chat",
                )
            })?;
            let music = media::owned_asset(state, user_id, music_id).await?;
            if music.file_type != MediaKind::Audio {
                return Err(ApiError::validation(
                    "audio_asset_id",
                    format!(
                        "The reel's music must be a music track; this file is {}",
                        a_kind(music.file_type)
                    ),
                ));
            }
            Some(music.id)
        }
        MediaKind::Audio => {
            return Err(ApiError::validation(
                "targets",
                "A music track cannot be exported; download it as Ogg, M4A or WAV instead",
            ))
        }
    };
    let cards = reel_cards(state, user_id, request.cards, !reels.is_empty()).await?;
    let project_id = asset.project_id.ok_or_else(|| {
        ApiError::validation(
            "asset_id",
            "This file belongs to no project; it cannot be exported",
        )
    })?;
    let target = generation::Target {
        user_id,
        project_id,
        scene_id: asset.scene_id,
        message_id: None,
    };
    let request_key = request_key(asset.id, &targets, audio_asset_id, cards);
    let payload = JobPayload::Export {
        source_id: asset.id,
        targets,
        audio_asset_id,
        cards,
    };
    let mut new = generation::new_job(Uuid::new_v4(), target, payload, std::time::Duration::ZERO)?;
    new.request_key = Some(request_key);
    let quota = state.config.upload_quota;
    loop {
        match state.store.enqueue_export(&new, &quota).await {
            Ok(store::ExportAdmission::Queued(job)) => return Ok(Started { job, reused: false }),
            Ok(store::ExportAdmission::Reused(job)) => {
                if job.status != domain::JobStatus::Completed || all_files_kept(state, &job).await?
                {
                    return Ok(Started { job, reused: true });
                }
                // A file of it was deleted since: that export no longer answers, a new one
                // makes every file again.
                state.store.forget_request(user_id, job.id).await?;
            }
            Err(store::ExportRefused::InFlight) => return Err(ApiError::ExportsInFlight),
            Err(store::ExportRefused::QuotaReached) => {
                return Err(crate::services::reference_images::quota_reached(&quota))
            }
            Err(store::ExportRefused::Store(e)) => return Err(e.into()),
        }
    }
}

/// An export as started: a new job, or the identical one already made or on its way.
pub struct Started {
    pub job: Job,
    pub reused: bool,
}

/// What makes two exports the same: the source, the set of targets (in any order), the
/// music and the cards.
fn request_key(
    source_id: Uuid,
    targets: &[Target],
    audio_asset_id: Option<Uuid>,
    cards: Option<ReelCards>,
) -> String {
    let mut names: Vec<&str> = targets.iter().map(|t| t.as_str()).collect();
    names.sort_unstable();
    let music = audio_asset_id.map_or_else(String::new, |id| id.to_string());
    let key = format!("export:{source_id}:{}:{music}", names.join(","));
    match cards {
        Some(c) => format!("{key}:cards:{}:{}:{}", c.design_id, c.title, c.end),
        None => key,
    }
}

/// Whether every file a completed export made is still there.
async fn all_files_kept(state: &AppState, job: &Job) -> ApiResult<bool> {
    let Ok(JobPayload::Export { targets, .. }) = serde_json::from_value(job.payload.clone()) else {
        return Ok(false);
    };
    Ok(files(state, job.user_id, job, &targets).await?.len() == targets.len())
}

/// One file an export made.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportedFile {
    pub target: String,
    /// For people: "Amazon main image".
    pub label: String,
    pub asset_id: Uuid,
    /// `{project}-{campaign}-{target}.jpg` (`.png` for the transparent cutout).
    pub filename: String,
    /// The file (as the owner's plan serves it).
    pub url: String,
    pub thumbnail_url: String,
    /// The file as an attachment named `filename`.
    pub download_url: String,
    pub mime_type: String,
    pub width: Option<i64>,
    pub height: Option<i64>,
    pub file_size: i64,
    /// Every rule of the target, failed ones included.
    pub checks: Vec<ExportCheck>,
}

/// An export job and, once it completed, its files.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExportView {
    pub job_id: Uuid,
    /// queued, running, processing, completed or failed.
    pub status: &'static str,
    /// 0–100.
    pub progress: i64,
    pub stage: Option<String>,
    /// Why it failed, in words.
    pub error: Option<String>,
    pub source_asset_id: Uuid,
    /// The targets asked for, in order.
    pub targets: Vec<ExportTarget>,
    /// The files made (a file the user deleted since is left out).
    pub files: Vec<ExportedFile>,
    /// All files and `manifest.json` as one ZIP, once completed.
    pub zip_url: Option<String>,
}

pub fn view_url(job_id: Uuid) -> String {
    format!("/api/exports/{job_id}")
}

fn zip_url(job_id: Uuid) -> String {
    format!("/api/exports/{job_id}/zip")
}

fn download_url(job_id: Uuid, target: Target) -> String {
    format!("/api/exports/{job_id}/files/{}", target.as_str())
}

/// The user's export job and what it asked for, or 404.
async fn owned_export(
    state: &AppState,
    user_id: Uuid,
    job_id: Uuid,
) -> ApiResult<(Job, Uuid, Vec<Target>)> {
    let job = state
        .store
        .job(user_id, job_id)
        .await
        .map_err(not_found(EXPORT_NOT_FOUND))?;
    match serde_json::from_value::<JobPayload>(job.payload.clone()) {
        Ok(JobPayload::Export {
            source_id, targets, ..
        }) => Ok((job, source_id, targets)),
        _ => Err(ApiError::NotFound(EXPORT_NOT_FOUND)),
    }
}

/// `{project}-{campaign}` of the job's campaign, slugged.
async fn name_stem(state: &AppState, user_id: Uuid, asset_id: Uuid) -> ApiResult<String> {
    let place = match state.store.media_place(user_id, asset_id).await {
        Ok(place) => place,
        Err(store::StoreError::NotFound) => {
            return Ok("project-campaign".to_owned());
        }
        Err(e) => return Err(e.into()),
    };
    Ok(crate::media_files::place_stem(&place))
}

fn file_name(stem: &str, target: Target) -> String {
    format!("{stem}-{}.{}", target.as_str(), target.extension())
}

/// The export's files as stored, in the order asked, with the names they download under.
async fn files(
    state: &AppState,
    user_id: Uuid,
    job: &Job,
    targets: &[Target],
) -> ApiResult<Vec<(Target, store::MediaAsset, String)>> {
    let mut out = Vec::new();
    let mut stem = None;
    for target in targets {
        let id = export_asset_id(job.id, *target);
        let asset = match state.store.media_asset(user_id, id).await {
            Ok(asset) => asset,
            Err(store::StoreError::NotFound) => continue,
            Err(e) => return Err(e.into()),
        };
        let stem = match &stem {
            Some(stem) => stem,
            None => stem.insert(name_stem(state, user_id, asset.id).await?),
        };
        let name = file_name(stem, *target);
        out.push((*target, asset, name));
    }
    Ok(out)
}

fn checks_of(asset: &store::MediaAsset) -> Vec<ExportCheck> {
    asset
        .file_metadata
        .export
        .as_ref()
        .map(|e| e.checks.clone())
        .unwrap_or_default()
}

/// The export's state and files.
pub async fn view(state: &AppState, user_id: Uuid, job_id: Uuid) -> ApiResult<ExportView> {
    let (job, source_id, targets) = owned_export(state, user_id, job_id).await?;
    let completed = job.status == domain::JobStatus::Completed;
    let files = if completed {
        files(state, user_id, &job, &targets).await?
    } else {
        Vec::new()
    };
    Ok(ExportView {
        job_id: job.id,
        status: job.status.as_str(),
        progress: job.progress,
        stage: job.stage.clone(),
        error: job.error.clone(),
        source_asset_id: source_id,
        targets: targets.iter().copied().map(ExportTarget).collect(),
        files: files
            .into_iter()
            .map(|(target, asset, filename)| ExportedFile {
                target: target.as_str().to_owned(),
                label: target.label().to_owned(),
                asset_id: asset.id,
                filename,
                url: file_url(asset.id),
                thumbnail_url: thumbnail_url(asset.id),
                download_url: download_url(job.id, target),
                mime_type: asset.mime_type.clone(),
                width: asset.width,
                height: asset.height,
                file_size: asset.file_size,
                checks: checks_of(&asset),
            })
            .collect(),
        zip_url: completed.then(|| zip_url(job.id)),
    })
}

/// A finished file's bytes as the owner's plan serves them (marked on the free plan where
/// a marked copy was made).
async fn served_bytes(
    state: &AppState,
    user_id: Uuid,
    id: Uuid,
    marked: bool,
) -> ApiResult<bytes::Bytes> {
    let file = media::stored_file(state, user_id, id).await?;
    let key = match (marked, file.watermarked_key) {
        (true, Some(key)) => key,
        _ => file.storage_key,
    };
    state.storage.read(&key).await.map_err(|e| match e {
        store::StorageError::NotFound => ApiError::NotFound(MEDIA_NOT_FOUND),
        other => ApiError::Internal(other.into()),
    })
}

async fn completed_export(
    state: &AppState,
    user_id: Uuid,
    job_id: Uuid,
) -> ApiResult<(Job, Uuid, Vec<Target>)> {
    let found = owned_export(state, user_id, job_id).await?;
    match found.0.status {
        domain::JobStatus::Completed => Ok(found),
        domain::JobStatus::Failed => Err(ApiError::Conflict(
            "This export failed; it has no files".into(),
        )),
        _ => Err(ApiError::Conflict(
            "This export is still being made; download it when it is ready".into(),
        )),
    }
}

/// One file of a finished export, with the name it downloads under.
pub async fn file(
    state: &AppState,
    user_id: Uuid,
    job_id: Uuid,
    target: &str,
) -> ApiResult<(String, &'static str, bytes::Bytes)> {
    let target = Target::parse(target).map_err(|_| ApiError::NotFound(MEDIA_NOT_FOUND))?;
    let (job, _, targets) = completed_export(state, user_id, job_id).await?;
    let files = files(state, user_id, &job, &targets).await?;
    let (_, asset, name) = files
        .into_iter()
        .find(|(t, _, _)| *t == target)
        .ok_or(ApiError::NotFound(MEDIA_NOT_FOUND))?;
    let marked = media::marked_for(state, user_id).await?;
    let bytes = served_bytes(state, user_id, asset.id, marked).await?;
    Ok((name, target.mime(), bytes))
}

#[derive(Serialize)]
struct ManifestFile {
    file: String,
    target: &'static str,
    label: &'static str,
    width: Option<i64>,
    height: Option<i64>,
    bytes: usize,
    checks: Vec<ExportCheck>,
}

/// Every file of a finished export and a `manifest.json` (what each file is for and the
/// rules it was checked against) as one ZIP, with its download name.
pub async fn zip(state: &AppState, user_id: Uuid, job_id: Uuid) -> ApiResult<(String, Vec<u8>)> {
    let (job, source_id, targets) = completed_export(state, user_id, job_id).await?;
    let files = files(state, user_id, &job, &targets).await?;
    if files.is_empty() {
        return Err(ApiError::NotFound(MEDIA_NOT_FOUND));
    }
    let marked = media::marked_for(state, user_id).await?;
    let mut contents = Vec::with_capacity(files.len());
    let mut listed = Vec::with_capacity(files.len());
    for (target, asset, name) in &files {
        let bytes = served_bytes(state, user_id, asset.id, marked).await?;
        listed.push(ManifestFile {
            file: name.clone(),
            target: target.as_str(),
            label: target.label(),
            width: asset.width,
            height: asset.height,
            bytes: bytes.len(),
            checks: checks_of(asset),
        });
        contents.push((name.clone(), bytes));
    }
    let manifest = serde_json::json!({
        "source_asset_id": source_id,
        "export_job_id": job.id,
        "files": listed,
    });
    let stem = files[0]
        .2
        .strip_suffix(&format!(
            "-{}.{}",
            files[0].0.as_str(),
            files[0].0.extension()
        ))
        .unwrap_or("export")
        .to_owned();
    let archive = tokio::task::spawn_blocking(move || -> zip::result::ZipResult<Vec<u8>> {
        let mut writer = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
        // Pictures are compressed already: stored as they are. The manifest is text.
        let stored = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        let deflated = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated);
        for (name, bytes) in &contents {
            writer.start_file(name.as_str(), stored)?;
            writer.write_all(bytes)?;
        }
        writer.start_file("manifest.json", deflated)?;
        writer.write_all(&serde_json::to_vec_pretty(&manifest).unwrap_or_default())?;
        Ok(writer.finish()?.into_inner())
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))?
    .map_err(|e| ApiError::Internal(e.into()))?;
    Ok((format!("{stem}-export.zip"), archive))
}
