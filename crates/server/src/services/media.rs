//! Stored media as users reach it: which bytes a request names (original, thumbnail or a
//! video's poster), reading them, and deleting a generated asset.

use domain::{Choice, Invalid, Word};
use engine::audio::AudioFormat;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;
use utoipa::{PartialSchema, ToSchema};
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::state::AppState;

pub const MEDIA_NOT_FOUND: &str = "Media not found";

/// Which rendition of a stored file is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    Original,
    Thumbnail,
    /// A video's full-size first frame.
    Poster,
}

/// `original`, `thumbnail` or `poster` as a request names them; whether a rendition is
/// marked is the server's choice (by the owner's plan), never asked for.
impl Word for Variant {
    fn parse_word(text: &str) -> Result<Self, Invalid> {
        match text {
            "original" => Ok(Variant::Original),
            "thumbnail" => Ok(Variant::Thumbnail),
            "poster" => Ok(Variant::Poster),
            _ => Err(Invalid::new(
                "variant",
                "variant must be thumbnail, poster or omitted",
            )),
        }
    }
}

impl Variant {
    /// The rendition asked for; none is the file itself.
    pub fn asked(choice: Choice<Variant>) -> Self {
        choice.get().unwrap_or(Variant::Original)
    }
}

impl PartialSchema for Variant {
    fn schema() -> RefOr<Schema> {
        words(["original", "thumbnail", "poster"])
    }
}

impl ToSchema for Variant {}

/// The music formats a track downloads in besides its stored one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MusicFormat(pub AudioFormat);

impl Word for MusicFormat {
    fn parse_word(text: &str) -> Result<Self, Invalid> {
        AudioFormat::parse(text)
            .map(MusicFormat)
            .ok_or_else(|| Invalid::new("format", "format must be ogg, m4a or wav (music only)"))
    }
}

impl PartialSchema for MusicFormat {
    fn schema() -> RefOr<Schema> {
        words(["ogg", "m4a", "wav"])
    }
}

impl ToSchema for MusicFormat {}

/// What a file request answers instead of the bytes: `json`, its URLs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileAnswer {
    Json,
}

impl Word for FileAnswer {
    fn parse_word(text: &str) -> Result<Self, Invalid> {
        match text {
            "json" => Ok(FileAnswer::Json),
            _ => Err(Invalid::new("format", "format must be json or omitted")),
        }
    }
}

impl PartialSchema for FileAnswer {
    fn schema() -> RefOr<Schema> {
        words(["json"])
    }
}

impl ToSchema for FileAnswer {}

/// A string schema of exactly these words.
fn words<const N: usize>(words: [&'static str; N]) -> RefOr<Schema> {
    ObjectBuilder::new()
        .schema_type(Type::String)
        .enum_values(Some(words))
        .into()
}

/// One rendition of a user's file, located but not yet read.
#[derive(Debug)]
pub struct MediaFile {
    key: String,
    pub mime: String,
    /// A stored file never changes, so its id and variant identify the bytes; an ad design's
    /// (replaced when its words change) adds its version.
    pub etag: String,
    pub size: u64,
}

impl MediaFile {
    /// An ad design's file, replaced when its words change: revalidated on each view.
    pub fn replaceable(&self) -> bool {
        self.key.starts_with(store::DESIGN_KEY_PREFIX)
    }
}

/// Whether the owner's generated pictures are served marked: the operator marks free-plan
/// work and the owner subscribes to no plan now (so subscribing unmarks past work too).
pub async fn marked_for(state: &AppState, user_id: Uuid) -> ApiResult<bool> {
    if !state.config.watermark_free_plan {
        return Ok(false);
    }
    Ok(state.store.active_subscription(user_id).await?.is_none())
}

/// The user's generated asset or 404.
pub async fn owned_asset(
    state: &AppState,
    user_id: Uuid,
    asset_id: Uuid,
) -> ApiResult<store::MediaAsset> {
    state
        .store
        .media_asset(user_id, asset_id)
        .await
        .map_err(not_found(MEDIA_NOT_FOUND))
}

/// The user's file (a generated asset or a product photo) or 404.
pub async fn stored_file(
    state: &AppState,
    user_id: Uuid,
    id: Uuid,
) -> ApiResult<store::StoredFile> {
    state
        .store
        .stored_file(user_id, id)
        .await
        .map_err(not_found(MEDIA_NOT_FOUND))
}

/// Finds the rendition asked for. A rendition the file does not have is a 404, never the
/// file itself (a picture asked for as a poster would otherwise come without its mark).
/// `marked`: the owner's plan gets the free plan's mark, so the full-size renditions (the
/// original and a video's poster) are its marked copies; a thumbnail is a small preview and
/// stays as it is.
pub async fn locate(
    state: &AppState,
    user_id: Uuid,
    id: Uuid,
    variant: Variant,
    marked: bool,
) -> ApiResult<MediaFile> {
    let file = stored_file(state, user_id, id).await?;
    let missing = || ApiError::NotFound(MEDIA_NOT_FOUND);
    let (key, mime, tag) = match variant {
        // A file without a marked copy (music, a product photo, a marketplace's main image)
        // carries no mark.
        Variant::Original => match file.watermarked_key {
            Some(key) if marked => (key, file.mime_type, "w"),
            _ => (file.storage_key, file.mime_type, "o"),
        },
        Variant::Thumbnail => {
            let key = file.thumbnail_key.ok_or_else(missing)?;
            let mime = file
                .thumbnail_mime_type
                .unwrap_or_else(|| guess_mime(&key).to_owned());
            (key, mime, "t")
        }
        Variant::Poster => {
            let key = file.poster_key.ok_or_else(missing)?;
            if marked {
                (
                    marked_poster(state, &key).await?,
                    "image/jpeg".to_owned(),
                    "pw",
                )
            } else {
                (key, "image/jpeg".to_owned(), "p")
            }
        }
    };
    let size = state.storage.size(&key).await.map_err(|e| match e {
        store::StorageError::NotFound => missing(),
        other => ApiError::Internal(other.into()),
    })?;
    // An ad design's objects are replaced (under new keys) when its words change.
    let etag = match key.strip_prefix(store::DESIGN_KEY_PREFIX) {
        Some(version) => format!("\"{id}-{tag}-{version}\""),
        None => format!("\"{id}-{tag}\""),
    };
    Ok(MediaFile {
        key,
        mime,
        etag,
        size,
    })
}

/// The key of the marked copy of a video's poster, made and stored on its first view (the
/// video's own marked copy is made by the worker; the poster's is small and made here).
async fn marked_poster(state: &AppState, poster_key: &str) -> ApiResult<String> {
    let key = store::marked_poster_key(poster_key);
    match state.storage.size(&key).await {
        Ok(_) => return Ok(key),
        Err(store::StorageError::NotFound) => {}
        Err(other) => return Err(ApiError::Internal(other.into())),
    }
    let poster = state.storage.read(poster_key).await.map_err(|e| match e {
        store::StorageError::NotFound => ApiError::NotFound(MEDIA_NOT_FOUND),
        other => ApiError::Internal(other.into()),
    })?;
    let marked = tokio::task::spawn_blocking(move || {
        engine::watermark::mark_encoded(&poster, engine::codec::OutputFormat::Jpeg)
    })
    .await
    .map_err(|e| ApiError::Internal(e.into()))?
    .map_err(|e| ApiError::Internal(anyhow::anyhow!("the poster cannot be marked: {e}")))?;
    state
        .storage
        .put(&key, bytes::Bytes::from(marked))
        .await
        .map_err(|e| ApiError::storing(&key, e))?;
    Ok(key)
}

/// Reads the file, or the part of it in `range`.
pub async fn read(
    state: &AppState,
    file: &MediaFile,
    range: Option<std::ops::Range<u64>>,
) -> ApiResult<store::StoredObject> {
    state
        .storage
        .get(&file.key, range)
        .await
        .map_err(|e| ApiError::Internal(e.into()))
}

/// The user's music track `file` encoded as `format` (its stored bytes when it is stored so).
/// A conversion is made once, on its first download, and kept beside the track (deleted with
/// it), so repeated downloads cost a read, not an encode. Anything but music is a 400: only
/// music has other formats.
pub async fn music_as(
    state: &AppState,
    file: &store::StoredFile,
    format: engine::audio::AudioFormat,
) -> ApiResult<bytes::Bytes> {
    if !file.mime_type.starts_with("audio/") {
        return Err(ApiError::validation(
            "format",
            "Only music downloads in other formats; download this file without format",
        ));
    }
    let read = |key: String| async move {
        state.storage.read(&key).await.map_err(|e| match e {
            store::StorageError::NotFound => ApiError::NotFound(MEDIA_NOT_FOUND),
            other => ApiError::Internal(other.into()),
        })
    };
    if file.mime_type == format.mime() {
        return read(file.storage_key.clone()).await;
    }
    let key = store::converted_music_key(&file.storage_key, format.extension());
    match read(key.clone()).await {
        Err(ApiError::NotFound(_)) => {}
        kept => return kept,
    }
    let stored = read(file.storage_key.clone()).await?;
    let converted = tokio::task::spawn_blocking(move || engine::audio::transcode(&stored, format))
        .await
        .map_err(|e| ApiError::Internal(e.into()))?
        .map_err(|e| {
            tracing::warn!(error = %e, "music could not be converted");
            ApiError::validation(
                "format",
                "This music track cannot be converted; download it in its own format",
            )
        })?;
    let converted = bytes::Bytes::from(converted);
    state
        .storage
        .put(&key, converted.clone())
        .await
        .map_err(|e| ApiError::storing(&key, e))?;
    Ok(converted)
}

/// Deletes a generated asset with its bytes (through the deletion queue, so a storage
/// hiccup is retried by the sweep). A campaign that showed it as its cover shows its other
/// media; the credits it cost stay spent. The user's other tabs hear of it.
pub async fn delete_asset(state: &AppState, user_id: Uuid, id: Uuid) -> ApiResult<()> {
    let deleted = state
        .store
        .delete_media_asset(user_id, id)
        .await
        .map_err(not_found(MEDIA_NOT_FOUND))?;
    state
        .store
        .delete_queued_objects(&state.storage, &deleted.storage_keys)
        .await;
    if let Some(project_id) = deleted.project_id {
        crate::services::scenes::storyboard_updated(state, user_id, project_id, deleted.scene_id)
            .await;
    }
    Ok(())
}

fn guess_mime(key: &str) -> &'static str {
    match key.rsplit('.').next() {
        Some("png") => "image/png",
        Some("webp") => "image/webp",
        Some("gif") => "image/gif",
        Some("mp4") => "video/mp4",
        Some("ogg") => "audio/ogg",
        _ => "image/jpeg",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::services::reference_images::{add_reference_image, Upload};
    use crate::services::testing::{png, TestWorld};

    #[tokio::test]
    async fn renditions_are_located_for_their_owner_only() {
        let world = TestWorld::new().await;
        let image = add_reference_image(
            &world.state,
            world.user_id,
            Upload {
                file: Some(png(400, 300)),
                project_id: domain::LookupId::Id(world.project_id),
                scene_id: domain::LookupId::Id(world.scene_id),
                ..Upload::default()
            },
        )
        .await
        .unwrap();
        let original = locate(
            &world.state,
            world.user_id,
            image.id,
            Variant::Original,
            false,
        )
        .await
        .unwrap();
        let thumbnail = locate(
            &world.state,
            world.user_id,
            image.id,
            Variant::Thumbnail,
            false,
        )
        .await
        .unwrap();
        assert_eq!(original.mime, "image/png");
        assert_eq!(original.etag, format!("\"{}-o\"", image.id));
        assert_eq!(thumbnail.etag, format!("\"{}-t\"", image.id));
        assert_eq!(thumbnail.mime, image.thumbnail_mime_type);
        // A photo has no poster: asking for one finds nothing (never the photo itself).
        let error = locate(
            &world.state,
            world.user_id,
            image.id,
            Variant::Poster,
            false,
        )
        .await
        .unwrap_err();
        assert!(
            matches!(error, ApiError::NotFound(MEDIA_NOT_FOUND)),
            "{error:?}"
        );
        let part = read(&world.state, &original, Some(10..20)).await.unwrap();
        assert_eq!(part.range, 10..20);

        let (stranger, _, _) = TestWorld::seller(&world.state, "stranger@example.com").await;
        let error = locate(&world.state, stranger, image.id, Variant::Original, false)
            .await
            .unwrap_err();
        assert!(
            matches!(error, ApiError::NotFound(MEDIA_NOT_FOUND)),
            "{error:?}"
        );
    }

    #[test]
    fn unknown_variants_are_refused() {
        let asked = |text: Option<&str>| Choice::parse(text.map(str::to_owned)).map(Variant::asked);
        assert_eq!(asked(None).unwrap(), Variant::Original);
        assert_eq!(asked(Some(" ")).unwrap(), Variant::Original);
        assert_eq!(asked(Some("poster")).unwrap(), Variant::Poster);
        assert!(asked(Some("huge")).is_err());
        assert!(asked(Some("marked")).is_err());
    }
}
