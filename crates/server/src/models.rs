//! Response and request shapes shared by several resources.

use chrono::{DateTime, Utc};
use domain::{Duration, Quality, Resolution, Settings};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use uuid::Uuid;

use crate::error::{ApiError, ApiResult};

/// The contract's success envelope.
#[derive(Serialize, ToSchema)]
pub struct Success<T> {
    /// Always `success`.
    pub status: &'static str,
    pub data: T,
    /// What was done, in words, where the resource's answers say it (style presets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<&'static str>,
}

pub fn success<T>(data: T) -> crate::extract::Json<Success<T>> {
    crate::extract::Json(Success {
        status: "success",
        data,
        message: None,
    })
}

/// [`success`] with the words saying what was done.
pub fn success_saying<T>(data: T, message: &'static str) -> crate::extract::Json<Success<T>> {
    crate::extract::Json(Success {
        status: "success",
        data,
        message: Some(message),
    })
}

/// The signed-in user.
#[derive(Serialize, ToSchema)]
pub struct UserView {
    pub id: Uuid,
    pub email: String,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
    pub picture: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<store::User> for UserView {
    fn from(u: store::User) -> Self {
        Self {
            id: u.id,
            email: u.email,
            given_name: u.given_name,
            family_name: u.family_name,
            picture: u.picture,
            created_at: u.created_at,
        }
    }
}

/// Generation settings as sent by clients: every field optional (missing ones keep their
/// current value), duration as `5`, `"5"` or `"5s"`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct SettingsInput {
    #[schema(value_type = Option<Quality>)]
    pub quality: Option<String>,
    #[schema(value_type = Option<Resolution>)]
    pub resolution: Option<String>,
    #[schema(value_type = Option<String>, example = "5")]
    pub duration: Option<DurationInput>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
pub enum DurationInput {
    Seconds(u32),
    Text(String),
}

impl SettingsInput {
    /// Applies the given fields over `base`, rejecting unknown values with the field named.
    pub fn apply_to(&self, base: Settings) -> Result<Settings, ApiError> {
        let mut settings = base;
        if let Some(q) = &self.quality {
            settings.quality = Quality::parse(q)?;
        }
        if let Some(r) = &self.resolution {
            settings.resolution = Resolution::parse(r)?;
        }
        match &self.duration {
            Some(DurationInput::Seconds(s)) => settings.duration = Duration::parse(&s.to_string())?,
            Some(DurationInput::Text(t)) => settings.duration = Duration::parse(t)?,
            None => {}
        }
        Ok(settings)
    }
}

/// The highest page number a paged list serves: far past any real history, and low enough
/// that `(page - 1) × per_page` is a small offset on every database.
pub const MAX_PAGE: i64 = 100_000;

/// A requested page number, 1 to [`MAX_PAGE`].
pub fn page_number(page: Option<i64>) -> ApiResult<i64> {
    let page = page.unwrap_or(1);
    if !(1..=MAX_PAGE).contains(&page) {
        return Err(ApiError::validation(
            "page",
            format!("page must be between 1 and {MAX_PAGE}"),
        ));
    }
    Ok(page)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duration_is_accepted_in_the_spec_forms() {
        for raw in [
            r#"{"duration":5}"#,
            r#"{"duration":"5"}"#,
            r#"{"duration":"5s"}"#,
        ] {
            let input: SettingsInput = serde_json::from_str(raw).unwrap();
            let settings = input
                .apply_to(Settings {
                    duration: Duration::Ten,
                    ..Settings::default()
                })
                .unwrap();
            assert_eq!(settings.duration, Duration::Five, "{raw}");
        }
    }

    #[test]
    fn unknown_values_name_the_field() {
        let input: SettingsInput = serde_json::from_str(r#"{"quality":"ultra"}"#).unwrap();
        match input.apply_to(Settings::default()) {
            Err(ApiError::Validation { field, .. }) => assert_eq!(field, Some("quality")),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn missing_fields_keep_their_values() {
        let base = Settings {
            quality: Quality::High,
            ..Settings::default()
        };
        let input: SettingsInput = serde_json::from_str(r#"{"resolution":"1024x1024"}"#).unwrap();
        let settings = input.apply_to(base).unwrap();
        assert_eq!(
            (settings.quality, settings.resolution),
            (Quality::High, Resolution::Square)
        );
    }
}
