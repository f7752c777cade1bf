//! A project's brand kit: its colours, fonts and tagline as the seller sets them, and its logo,
//! checked like a product photo (by content, bounded decoding, stored without metadata, PNG
//! transparency kept) with the brand colours read from it.

use bytes::Bytes;
use domain::{BrandColour, BrandStyle, MAX_BRAND_COLOURS};
use engine::intake;
use uuid::Uuid;

use crate::error::{not_found, ApiError, ApiResult};
use crate::services::reference_images::in_image_place;
use crate::state::AppState;

pub const PROJECT_NOT_FOUND: &str = "Project not found";
pub const SVG_REFUSED: &str =
    "SVG logos are not accepted: save your logo as a PNG (its transparency is kept), JPEG or WebP and upload it again.";

/// What the seller sent for the kit, before it is checked.
#[derive(Debug, Clone, Default)]
pub struct StyleInput {
    pub colours: Vec<String>,
    pub heading_font: String,
    pub body_font: String,
    pub tagline: Option<String>,
}

/// The URL serving the kit's logo; it changes with every new logo, so a browser never shows
/// one that was replaced.
pub fn logo_url(kit: &store::BrandKit) -> Option<String> {
    kit.logo.as_ref().map(|logo| {
        let version = logo
            .key
            .rsplit('/')
            .next()
            .and_then(|name| name.split('.').next())
            .unwrap_or_default();
        format!(
            "/api/projects/{}/brand-kit/logo?v={version}",
            kit.project_id
        )
    })
}

/// The project's kit (the default one when none was set); another user's project is 404.
pub async fn brand_kit(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
) -> ApiResult<store::BrandKit> {
    state
        .store
        .brand_kit(user_id, project_id)
        .await
        .map_err(not_found(PROJECT_NOT_FOUND))
}

/// Checks and stores the kit's colours, fonts and tagline; the logo stays.
pub async fn save_style(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
    input: StyleInput,
) -> ApiResult<store::BrandKit> {
    // Another user's project is not found, whatever was sent.
    brand_kit(state, user_id, project_id).await?;
    let style = BrandStyle::parse(
        &input.colours,
        &input.heading_font,
        &input.body_font,
        input.tagline.as_deref(),
        &engine::design::families(),
    )?;
    state
        .store
        .save_brand_style(user_id, project_id, &style)
        .await
        .map_err(not_found(PROJECT_NOT_FOUND))
}

/// Whether the file's first bytes are an SVG (or other XML) document.
pub fn looks_like_svg(prefix: &[u8]) -> bool {
    let text = String::from_utf8_lossy(&prefix[..prefix.len().min(256)]).to_ascii_lowercase();
    let text = text.trim_start_matches('\u{feff}').trim_start();
    text.starts_with("<?xml") || text.starts_with("<svg") || text.starts_with("<!doctype svg")
}

/// Why a file that is no picture was refused: SVG gets its own sentence.
pub fn not_a_picture(prefix: &[u8]) -> ApiError {
    if looks_like_svg(prefix) {
        ApiError::UnsupportedMediaType(SVG_REFUSED.into())
    } else {
        intake::IntakeError::UnsupportedType.into()
    }
}

/// Stores a new logo for the project and replaces the kit's colours with those read from it
/// (the seller edits them afterwards). The bytes are written before the row; a refused file
/// or a project that is not the user's leaves nothing behind.
pub async fn upload_logo(
    state: &AppState,
    user_id: Uuid,
    project_id: Uuid,
    file: Option<Bytes>,
) -> ApiResult<store::BrandKit> {
    let file = file.ok_or_else(|| ApiError::validation("file", "No file uploaded"))?;
    brand_kit(state, user_id, project_id).await?;
    if intake::sniff(&file).is_none() {
        return Err(not_a_picture(&file));
    }
    let (prepared, colours) = in_image_place(state, file, |file| {
        let prepared = intake::prepare_reference_image(&file)?;
        let picture = image::load_from_memory(&prepared.bytes)
            .map_err(|_| ApiError::from(intake::IntakeError::Corrupted))?
            .to_rgba8();
        let colours: Vec<BrandColour> = engine::design::logo_colours(&picture, MAX_BRAND_COLOURS)
            .into_iter()
            .map(BrandColour::new)
            .collect();
        Ok((prepared, colours))
    })
    .await?;
    let logo = store::Logo {
        key: format!(
            "brand-kits/{project_id}/logo-{}.{}",
            Uuid::new_v4(),
            prepared.extension
        ),
        mime_type: prepared.mime.to_owned(),
        width: i64::from(prepared.width),
        height: i64::from(prepared.height),
    };
    state
        .storage
        .put(&logo.key, Bytes::from(prepared.bytes))
        .await
        .map_err(|e| ApiError::storing(&logo.key, e))?;
    match state
        .store
        .save_brand_logo(user_id, project_id, &logo, &colours)
        .await
    {
        Ok((kit, old)) => {
            state
                .store
                .delete_queued_objects(&state.storage, &old)
                .await;
            Ok(kit)
        }
        Err(e) => {
            state.storage.delete_all(&[logo.key]).await;
            Err(not_found(PROJECT_NOT_FOUND)(e))
        }
    }
}

/// The logo's bytes and type; 404 when the project has none (or is not the user's).
pub async fn logo(state: &AppState, user_id: Uuid, project_id: Uuid) -> ApiResult<(Bytes, String)> {
    let kit = brand_kit(state, user_id, project_id).await?;
    let logo = kit
        .logo
        .ok_or(ApiError::NotFound("This brand kit has no logo"))?;
    let bytes = state
        .storage
        .read(&logo.key)
        .await
        .map_err(|e| ApiError::Internal(anyhow::Error::new(e)))?;
    Ok((bytes, logo.mime_type))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svg_is_told_apart() {
        assert!(looks_like_svg(b"<svg xmlns='http://www.w3.org/2000/svg'/>"));
        assert!(looks_like_svg(b"\xef\xbb\xbf  <?xml version='1.0'?><svg/>"));
        assert!(!looks_like_svg(b"\x89PNG\r\n\x1a\n"));
        assert!(!looks_like_svg(b"hello world, not a picture"));
    }
}
