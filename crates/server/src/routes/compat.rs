//! The contract's older shapes, kept where they differ from the canonical API, in one place
//! so they stay visible and can be removed together (kept since 2026-11-29).
//!
//! Canonical: every route that starts jobs answers 202 `Success<StartedJob>`, and a job's
//! status is `GET /api/jobs/{id}/status`. Kept here for clients written against the older
//! contract: three more status routes with their own shapes, and the chat's
//! `video_generation.id` (the job started from a message). The web app reads none of them.
//! The answers the contract fixes outside the envelope, and its camelCase names, are listed
//! (and checked against the OpenAPI document) at the end of this module.

use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};
use uuid::Uuid;

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Path};
use crate::models::{success, Success};
use crate::routes::jobs::JobStatusView;
use crate::services::ownership;
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(generate_status))
        .routes(routes!(video_status))
        .routes(routes!(recommendation_status))
}

/// The job a chat message started, under the older contract's name for it.
#[derive(Serialize, ToSchema)]
pub struct VideoGeneration {
    /// The job id (`job_id`).
    pub id: Uuid,
}

/// `/api/jobs/{id}/status`'s view with the older poll's names beside it.
#[derive(Serialize, ToSchema)]
pub struct GenerateStatusView {
    #[serde(flatten)]
    job: JobStatusView,
    /// The media URL once completed (`result_url`).
    url: Option<String>,
    thumbnail_url: Option<String>,
    /// image, video or audio.
    asset_type: &'static str,
}

/// A job's status in the older chat poll's shape (200 also for failed jobs; 404 for other
/// users' jobs). Canonical: `/api/jobs/{id}/status`.
#[utoipa::path(get, path = "/api/generate/status/{job_id}", tag = "compat", operation_id = "generateStatus",
    params(("job_id" = String, Path)),
    responses((status = 200, body = Success<GenerateStatusView>), (status = 404, body = ErrorResponse)))]
async fn generate_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(job_id): Path<String>,
) -> ApiResult<Json<Success<GenerateStatusView>>> {
    let job = ownership::owned_job(&state, current.user.id, &job_id).await?;
    let view = JobStatusView::from(&job);
    Ok(success(GenerateStatusView {
        url: view.result_url.clone(),
        thumbnail_url: view.thumbnail_url.clone(),
        asset_type: job.kind.output().map_or("text", domain::MediaKind::as_str),
        job: view,
    }))
}

#[derive(Serialize, ToSchema)]
pub struct VideoResult {
    media_url: String,
    thumbnail_url: Option<String>,
    credit_cost: i64,
}

/// The older video poll's shape: everything at the top level, outside the envelope.
#[derive(Serialize, ToSchema)]
pub struct VideoStatusView {
    status: domain::JobStatus,
    error: Option<String>,
    result: Option<VideoResult>,
    progress: i64,
}

/// A video job's status in the older video poll's shape. Canonical: `/api/jobs/{id}/status`.
#[utoipa::path(get, path = "/api/video-status/{id}", tag = "compat", operation_id = "videoStatus",
    params(("id" = String, Path)),
    responses((status = 200, body = VideoStatusView), (status = 404, body = ErrorResponse)))]
async fn video_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<VideoStatusView>> {
    let job = ownership::owned_job(&state, current.user.id, &id).await?;
    let view = JobStatusView::from(&job);
    Ok(Json(VideoStatusView {
        status: view.status,
        result: view.result.map(|result| VideoResult {
            media_url: result.url,
            thumbnail_url: result.thumbnail,
            credit_cost: result.credit_cost,
        }),
        error: view.error,
        progress: view.progress,
    }))
}

/// An AI Assistant (recommendation) job's status: the same view as the canonical
/// `/api/jobs/{id}/status`, under the older route.
#[utoipa::path(get, path = "/api/recommendations/status/{id}", tag = "compat", operation_id = "recommendationStatus",
    params(("id" = String, Path)),
    responses((status = 200, body = Success<JobStatusView>), (status = 404, body = ErrorResponse)))]
async fn recommendation_status(
    State(state): State<AppState>,
    current: CurrentUser,
    Path(id): Path<String>,
) -> ApiResult<Json<Success<JobStatusView>>> {
    let job = ownership::owned_job(&state, current.user.id, &id).await?;
    Ok(success(JobStatusView::from(&job)))
}

/// The rest of the contract's own shapes: answers it fixes outside the `{status, data}`
/// envelope and field names it spells in camelCase. Each is listed here with why, and the
/// OpenAPI document is checked against the lists, so no new one appears unnoticed and a
/// removed one leaves the list.
#[cfg(test)]
mod contract_shapes {
    use std::collections::BTreeSet;

    use serde_json::Value;

    /// 2xx JSON answers whose shape the contract fixes outside the envelope.
    const OUTSIDE_THE_ENVELOPE: &[(&str, &str, &str)] = &[
        (
            "get",
            "/api/health",
            "`{status: ok}`, read by load balancers",
        ),
        ("post", "/api/auth/signup", "`{token, user}`"),
        ("post", "/api/auth/signin", "`{token, user}`"),
        ("get", "/api/auth/me", "`{user}`"),
        (
            "get",
            "/api/media/auth",
            "`{token, expires_at}`, a bearer for media calls",
        ),
        (
            "get",
            "/api/credits/balance",
            "the balance's fields at the top",
        ),
        ("get", "/api/feature-flags/check/{flag}", "`{isEnabled}`"),
        (
            "get",
            "/api/chat/status/{id}",
            "`{processing_status, response, error}`",
        ),
        ("get", "/api/projects/{id}/storyboard", "`{success, data}`"),
        (
            "get",
            "/api/reference-images/project/{id}",
            "`{success, reference_images}`",
        ),
        (
            "get",
            "/api/reference-images/scene/{id}",
            "`{success, reference_images}`",
        ),
        (
            "get",
            "/api/reference-images/{id}",
            "`{success, reference_image}`",
        ),
        (
            "post",
            "/api/reference-images/upload-proxy",
            "`{success, reference_image, error}`",
        ),
        (
            "get",
            "/api/reference-images/{id}/cutout",
            "`{mask_url, confidence, source, warning}`",
        ),
        (
            "put",
            "/api/reference-images/{id}/cutout",
            "answers like GET",
        ),
        (
            "delete",
            "/api/reference-images/{id}/cutout",
            "answers like GET",
        ),
        ("post", "/api/stripe/checkout", "`{sessionId, url}`"),
        ("post", "/api/stripe/subscription", "`{sessionId, url}`"),
        (
            "post",
            "/api/stripe/webhook",
            "`{received}`, read by Stripe",
        ),
        (
            "get",
            "/api/video-status/{id}",
            "the older video poll, above",
        ),
    ];

    /// Field names the contract spells in camelCase (the rest of the API is snake_case).
    const CAMEL_CASE: &[&str] = &[
        // Checkout and plans: the web's pricing and offer shapes.
        "specialOffer",
        "sessionId",
        "bonusCredits",
        "isSubscription",
        "regularCredits",
        "isSpecialOffer",
        "offerDescription",
        "offerType",
        "totalCreditsPromised",
        "billingCycle",
        // Feedback on a message's media.
        "assetUrl",
        "feedbackType",
        "messageId",
        // Media: the file's metadata and the chat's media items.
        "fileSize",
        "creditCost",
        "thumbnailUrl",
        // Feature flags.
        "isEnabled",
    ];

    /// Where a media kind goes by another name than `file_type`: the contract's own spelling.
    /// (The older job polls' `asset_type`, above, also says "text" for a job without a file,
    /// and a chat brief's `media_type` is what to make next, not a file's kind.)
    const MEDIA_KIND_NAMES: &[(&str, &str)] = &[("MessageMedia", "type")];

    fn document() -> Value {
        serde_json::to_value(crate::openapi()).unwrap()
    }

    fn resolve<'a>(doc: &'a Value, mut schema: &'a Value) -> &'a Value {
        while let Some(reference) = schema["$ref"].as_str() {
            let name = reference.rsplit('/').next().unwrap();
            schema = &doc["components"]["schemas"][name];
        }
        schema
    }

    #[test]
    fn every_answer_outside_the_envelope_is_one_the_contract_fixes() {
        let doc = document();
        let mut outside = BTreeSet::new();
        for (path, operations) in doc["paths"].as_object().unwrap() {
            for (method, operation) in operations.as_object().unwrap() {
                for (status, response) in operation["responses"].as_object().unwrap() {
                    let Some(body) = response["content"]["application/json"].get("schema") else {
                        continue;
                    };
                    let properties = &resolve(&doc, body)["properties"];
                    let enveloped =
                        properties.get("status").is_some() && properties.get("data").is_some();
                    if status.starts_with('2') && !enveloped {
                        outside.insert((method.clone(), path.clone()));
                    }
                }
            }
        }
        let listed: BTreeSet<_> = OUTSIDE_THE_ENVELOPE
            .iter()
            .map(|(method, path, _)| ((*method).to_owned(), (*path).to_owned()))
            .collect();
        assert_eq!(
            outside, listed,
            "answer in `Success<T>`, or list the contract's shape here"
        );
    }

    #[test]
    fn every_camel_case_name_is_one_the_contract_spells() {
        let doc = document();
        let mut camel = BTreeSet::new();
        let mut names = |properties: &Value| {
            for name in properties.as_object().into_iter().flat_map(|p| p.keys()) {
                if name.chars().any(char::is_uppercase) {
                    camel.insert(name.clone());
                }
            }
        };
        for schema in doc["components"]["schemas"].as_object().unwrap().values() {
            names(&schema["properties"]);
            for part in schema["allOf"].as_array().into_iter().flatten() {
                names(&part["properties"]);
            }
        }
        for operations in doc["paths"].as_object().unwrap().values() {
            for operation in operations.as_object().unwrap().values() {
                // Headers keep HTTP's own spelling (`Stripe-Signature`).
                let parameters = operation["parameters"].as_array().into_iter().flatten();
                for parameter in parameters.filter(|p| p["in"] != "header") {
                    let name = parameter["name"].as_str().unwrap();
                    if name.chars().any(char::is_uppercase) {
                        camel.insert(name.to_owned());
                    }
                }
            }
        }
        let listed: BTreeSet<String> = CAMEL_CASE.iter().map(|n| (*n).to_owned()).collect();
        assert_eq!(
            camel, listed,
            "name it in snake_case, or list the contract's name here"
        );
    }

    #[test]
    fn a_media_kind_is_called_file_type_except_where_the_contract_says_otherwise() {
        let doc = document();
        let mut renamed = BTreeSet::new();
        let mut file_type = 0;
        for (schema_name, schema) in doc["components"]["schemas"].as_object().unwrap() {
            let parts =
                std::iter::once(schema).chain(schema["allOf"].as_array().into_iter().flatten());
            for properties in parts.filter_map(|p| p["properties"].as_object()) {
                for (name, property) in properties {
                    let media_kind = |p: &Value| p["$ref"] == "#/components/schemas/MediaKind";
                    let mut alternatives = ["oneOf", "anyOf", "allOf"]
                        .iter()
                        .flat_map(|k| property[*k].as_array().into_iter().flatten());
                    if !media_kind(property) && !alternatives.any(media_kind) {
                        continue;
                    }
                    if name == "file_type" {
                        file_type += 1;
                    } else {
                        renamed.insert((schema_name.clone(), name.clone()));
                    }
                }
            }
        }
        assert!(
            file_type >= 3,
            "media assets, job assets and share links say `file_type`"
        );
        let listed: BTreeSet<_> = MEDIA_KIND_NAMES
            .iter()
            .map(|(schema, name)| ((*schema).to_owned(), (*name).to_owned()))
            .collect();
        assert_eq!(
            renamed, listed,
            "call a media kind `file_type`, or list the contract's name here"
        );
    }
}
