//! The answers every route can give whatever its handler says, written into the OpenAPI
//! document once here rather than on each handler: 401 without a session (all but the public
//! routes), 400/413/415 for a body that is malformed, too large or not the declared type, 400
//! for unreadable path or query parameters, 404 for a path naming nothing of the caller's, and 503 while the database is unreachable. With
//! them the document states everything the server answers, so clients and schema-based tests
//! can rely on it.

use utoipa::openapi::path::Operation;
use utoipa::openapi::security::SecurityRequirement;
use utoipa::openapi::{ContentBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

/// Routes anyone may call.
pub const PUBLIC_ROUTES: &[&str] = &[
    "/api/auth/signup",
    "/api/auth/signin",
    "/api/auth/login",
    "/api/health",
    "/api/openapi.json",
    "/api/stripe/webhook",
    "/api/media/shared/{token}",
];

/// Routes that never touch the database.
const WITHOUT_DATABASE: &[&str] = &["/api/health", "/api/openapi.json", "/api/auth/login"];

fn error(description: &str) -> RefOr<utoipa::openapi::Response> {
    RefOr::T(
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                ContentBuilder::new()
                    .schema(Some(Ref::from_schema_name("ErrorResponse")))
                    .build(),
            )
            .build(),
    )
}

fn declare(operation: &mut Operation, status: &str, description: &str) {
    operation
        .responses
        .responses
        .entry(status.to_owned())
        .or_insert_with(|| error(description));
}

pub fn declare_common_responses(doc: &mut OpenApi) {
    for (path, item) in doc.paths.paths.iter_mut() {
        let public = PUBLIC_ROUTES.contains(&path.as_str());
        let operations = [
            item.get.as_mut(),
            item.post.as_mut(),
            item.put.as_mut(),
            item.patch.as_mut(),
            item.delete.as_mut(),
        ];
        for operation in operations.into_iter().flatten() {
            if public {
                operation.security = Some(vec![SecurityRequirement::default()]);
            } else {
                declare(operation, "401", "Not signed in, or the session has ended");
            }
            if operation.request_body.is_some() {
                declare(
                    operation,
                    "400",
                    "The body is malformed or a field is invalid",
                );
                declare(operation, "413", "The body is over its size limit");
                declare(
                    operation,
                    "415",
                    "The body is not of the declared content type",
                );
            }
            let parameters = operation.parameters.as_deref().unwrap_or_default();
            let has_parameters = !parameters.is_empty();
            let has_path_parameter = parameters
                .iter()
                .any(|p| matches!(p.parameter_in, utoipa::openapi::path::ParameterIn::Path));
            if has_parameters {
                declare(operation, "400", "A path or query parameter is invalid");
            }
            if has_path_parameter {
                declare(operation, "404", "No such resource, or not the caller's");
            }
            if !WITHOUT_DATABASE.contains(&path.as_str()) {
                declare(
                    operation,
                    "503",
                    "The database is unreachable for the moment; retry after `Retry-After` seconds",
                );
            }
        }
    }
}
