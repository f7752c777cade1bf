//! Ad designs: copy set in exact type over a picture, and edited.

use axum::extract::State;
use axum::http::StatusCode;
use domain::{AdProposal, AdTemplate, DesignRecord};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::media_files::{file_url, thumbnail_url};
use crate::models::{success, Success};
use crate::services::designs::{self, CopyEdit, CopyInput, NOT_A_DESIGN};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(make_design))
        .routes(routes!(edit_design))
        .routes(routes!(ad_proposal))
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DesignRequest {
    /// One line, at most 200 characters; wrapped and shrunk to fit, refused when it cannot be
    /// set legibly.
    headline: String,
    subline: Option<String>,
    /// E.g. "20% off this weekend".
    offer: Option<String>,
    /// The call to action, e.g. "Shop now".
    cta: Option<String>,
    /// Place the brand kit's logo.
    #[serde(default)]
    logo: bool,
    template: AdTemplate,
}

#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct DesignEditRequest {
    /// Absent: unchanged.
    headline: Option<String>,
    /// Absent: unchanged; empty: taken out.
    subline: Option<String>,
    offer: Option<String>,
    cta: Option<String>,
    logo: Option<bool>,
}

/// An ad design as stored: a picture of the campaign and its text layers.
#[derive(Serialize, ToSchema)]
pub struct DesignView {
    id: Uuid,
    project_id: Option<Uuid>,
    scene_id: Option<Uuid>,
    url: String,
    thumbnail_url: String,
    width: Option<i64>,
    height: Option<i64>,
    /// Always 0: typesetting spends no credits.
    credit_cost: i64,
    design: DesignRecord,
}

impl TryFrom<store::MediaAsset> for DesignView {
    type Error = ApiError;

    fn try_from(asset: store::MediaAsset) -> Result<Self, ApiError> {
        let design = asset
            .file_metadata
            .design
            .ok_or_else(|| ApiError::validation("id", NOT_A_DESIGN))?;
        Ok(Self {
            id: asset.id,
            project_id: asset.project_id,
            scene_id: asset.scene_id,
            // The file is replaced when the words change: the URLs name its version.
            url: format!(
                "{}?v={}",
                file_url(asset.id),
                asset.updated_at.timestamp_millis()
            ),
            thumbnail_url: format!(
                "{}&v={}",
                thumbnail_url(asset.id),
                asset.updated_at.timestamp_millis()
            ),
            width: asset.width,
            height: asset.height,
            credit_cost: asset.credit_cost,
            design,
        })
    }
}

/// Sets a headline (and optionally a subline, offer, call to action and the brand kit's
/// logo) over one of the user's pictures with a layout template, in the project's brand kit,
/// and stores it as a new picture of the same campaign with its text layers (text, font,
/// size, colour, box). Free: this is typesetting by the studio, not a generation — no
/// credits, no AI model. The text keeps clear of the product and reads at 4.5:1 contrast or
/// better; a line that cannot be set legibly is refused (400) with the reason, and nothing is
/// stored. On a design, the new one is set over the same clean picture.
#[utoipa::path(post, path = "/api/media/{id}/designs", tag = "designs", operation_id = "makeDesign",
    params(("id" = Uuid, Path, description = "The picture's media asset id")),
    request_body = DesignRequest,
    responses((status = 201, body = Success<DesignView>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse),
        (status = 413, body = ErrorResponse)))]
async fn make_design(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
    Json(body): Json<DesignRequest>,
) -> ApiResult<(StatusCode, Json<Success<DesignView>>)> {
    let copy = CopyInput {
        headline: body.headline,
        subline: body.subline,
        offer: body.offer,
        cta: body.cta,
        logo: body.logo,
    };
    let asset = designs::make(&state, current.user.id, id, copy, body.template).await?;
    Ok((StatusCode::CREATED, success(asset.try_into()?)))
}

/// Edits a design's copy and sets it again over the same clean picture, in the same template
/// and brand: no new generation, no credits. The file at the design's URL is replaced. Refused
/// like a new design (400 with the reason), and then nothing changes.
#[utoipa::path(patch, path = "/api/media/{id}/design", tag = "designs", operation_id = "editDesign",
    params(("id" = Uuid, Path, description = "The design's media asset id")),
    request_body = DesignEditRequest,
    responses((status = 200, body = Success<DesignView>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn edit_design(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
    Json(body): Json<DesignEditRequest>,
) -> ApiResult<Json<Success<DesignView>>> {
    let edit = CopyEdit {
        headline: body.headline,
        subline: body.subline,
        offer: body.offer,
        cta: body.cta,
        logo: body.logo,
    };
    let asset = designs::edit(&state, current.user.id, id, edit).await?;
    Ok(success(asset.try_into()?))
}

/// The copy the studio proposes for an ad on one of the user's pictures, to start the "Ad"
/// step from: a headline, an offer and a call to action read from the campaign's name and
/// the picture's prompt (an occasion or offer named there is used; no offer is invented),
/// and the layout that suits them. Nothing is stored.
#[utoipa::path(get, path = "/api/media/{id}/ad-proposal", tag = "designs", operation_id = "proposeAd",
    params(("id" = Uuid, Path, description = "The picture's media asset id")),
    responses((status = 200, body = Success<AdProposal>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse), (status = 404, body = ErrorResponse)))]
async fn ad_proposal(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<Uuid>,
) -> ApiResult<Json<Success<AdProposal>>> {
    Ok(success(
        designs::proposal(&state, current.user.id, id).await?,
    ))
}
