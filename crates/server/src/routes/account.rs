//! The sign-in redirect of a signed-out purchase, and the profile the web app initialises
//! once per session.

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::error::{ApiResult, ErrorResponse};
use crate::extract::{CurrentUser, Json, Query};
use crate::models::{success, Success, UserView};
use crate::services::account::{self, ProfileUpdate};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(initialize_user))
}

#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LoginQuery {
    /// A path of this site to return to after signing in.
    next: Option<String>,
}

/// A path on this site: one leading `/`, no scheme or host, nothing a browser would read
/// as another origin.
fn safe_next(next: &str) -> bool {
    next.starts_with('/')
        && !next.starts_with("//")
        && !next.contains('\\')
        && !next.chars().any(char::is_control)
        && next.len() <= 512
}

fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' | b'/' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Sends the browser to the studio with the sign-in modal open (a pending purchase stays
/// in the browser's session storage).
#[utoipa::path(get, path = "/api/auth/login", tag = "auth", operation_id = "loginRedirect",
    security(()),
    params(LoginQuery),
    responses((status = 302, description = "To /create?auth=signin[&next=…]")))]
async fn login(Query(query): Query<LoginQuery>) -> Response {
    let mut location = "/create?auth=signin".to_owned();
    if let Some(next) = query.next.as_deref().filter(|n| safe_next(n)) {
        location.push_str("&next=");
        location.push_str(&percent_encode(next));
    }
    (StatusCode::FOUND, [(header::LOCATION, location)]).into_response()
}

/// The profile an identity provider describes; every field optional.
#[derive(Deserialize, ToSchema)]
pub struct InitializeUserRequest {
    /// Must be the signed-in user's id when given.
    sub: Option<String>,
    /// Must be the signed-in user's email when given.
    email: Option<String>,
    /// Split into given and family name when those are not given.
    name: Option<String>,
    given_name: Option<String>,
    family_name: Option<String>,
    /// An http(s) URL of the user's picture.
    picture: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct InitializedUser {
    user: UserView,
}

/// Updates the signed-in user's names and picture; sending the same profile again changes
/// nothing.
#[utoipa::path(post, path = "/api/auth/initialize-user", tag = "auth", operation_id = "initializeUser",
    request_body = InitializeUserRequest,
    responses((status = 200, body = Success<InitializedUser>), (status = 400, body = ErrorResponse),
        (status = 401, body = ErrorResponse)))]
async fn initialize_user(
    State(state): State<AppState>,
    current: CurrentUser,
    Json(body): Json<InitializeUserRequest>,
) -> ApiResult<Json<Success<InitializedUser>>> {
    let update = ProfileUpdate {
        sub: body.sub,
        email: body.email,
        name: body.name,
        given_name: body.given_name,
        family_name: body.family_name,
        picture: body.picture,
    };
    let user = account::initialize_user(&state, &current.user, update).await?;
    Ok(success(InitializedUser { user: user.into() }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_paths_of_this_site_are_kept() {
        assert!(safe_next("/pricing"));
        assert!(safe_next("/create?x=1"));
        for bad in [
            "//evil.example",
            "https://evil.example",
            "/\\evil",
            "pricing",
            "/a\nb",
        ] {
            assert!(!safe_next(bad), "{bad}");
        }
        assert_eq!(percent_encode("/create?x=1&y"), "/create%3Fx%3D1%26y");
    }
}
