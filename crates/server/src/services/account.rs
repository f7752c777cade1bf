//! The profile the web app initialises once per session from what the identity provider
//! says: names and picture of the signed-in user only.

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

const MAX_NAME: usize = 100;
const MAX_PICTURE_URL: usize = 2048;

/// The profile as sent; every field optional.
pub struct ProfileUpdate {
    /// Must be the signed-in user's id when given.
    pub sub: Option<String>,
    /// Must be the signed-in user's email (any case) when given.
    pub email: Option<String>,
    /// Split into given and family name when those are not given.
    pub name: Option<String>,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
    /// An http(s) URL.
    pub picture: Option<String>,
}

fn field(value: Option<String>, name: &'static str, max: usize) -> ApiResult<Option<String>> {
    let value = value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    if value.as_ref().is_some_and(|v| v.chars().count() > max) {
        return Err(ApiError::validation(
            name,
            format!("{name} is limited to {max} characters"),
        ));
    }
    Ok(value)
}

/// Updates the user's names and picture; the same profile again changes nothing. A profile
/// naming another user (by id or email) is refused.
pub async fn initialize_user(
    state: &AppState,
    user: &store::User,
    update: ProfileUpdate,
) -> ApiResult<store::User> {
    const NOT_YOURS: &str = "This profile belongs to another user";
    if update
        .sub
        .as_deref()
        .is_some_and(|s| s.trim() != user.id.to_string())
    {
        return Err(ApiError::validation("sub", NOT_YOURS));
    }
    if update
        .email
        .as_deref()
        .is_some_and(|e| !e.trim().eq_ignore_ascii_case(&user.email))
    {
        return Err(ApiError::validation("email", NOT_YOURS));
    }
    let mut given_name = field(update.given_name, "given_name", MAX_NAME)?;
    let mut family_name = field(update.family_name, "family_name", MAX_NAME)?;
    if let (None, None, Some(name)) = (
        &given_name,
        &family_name,
        field(update.name, "name", MAX_NAME)?,
    ) {
        let (given, family) = name.split_once(' ').unwrap_or((&name, ""));
        given_name = Some(given.to_owned());
        family_name = Some(family.trim().to_owned()).filter(|f| !f.is_empty());
    }
    let picture = field(update.picture, "picture", MAX_PICTURE_URL)?;
    if picture
        .as_deref()
        .is_some_and(|p| !(p.starts_with("https://") || p.starts_with("http://")))
    {
        return Err(ApiError::validation(
            "picture",
            "picture must be an http(s) URL",
        ));
    }
    let updated = state
        .store
        .update_profile(
            user.id,
            given_name.as_deref(),
            family_name.as_deref(),
            picture.as_deref(),
        )
        .await?;
    // The next request reads the new profile, not a cached session's copy.
    state.sessions.forget_user(user.id);
    Ok(updated)
}
