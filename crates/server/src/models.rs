//! Response and request shapes shared by several resources.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::openapi::path::{Parameter, ParameterBuilder, ParameterIn};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::Required;
use utoipa::{IntoParams, ToSchema};
use uuid::Uuid;

use crate::error::{ApiError, ApiResult};
use crate::extract::Query;

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

/// The highest page number a paged list serves: far past any real history, and low enough
/// that `(page - 1) × per_page` is a small offset on every database.
pub const MAX_PAGE: i64 = 100_000;

/// The most entries one page of any list serves.
pub const MAX_PER_PAGE: i64 = 100;

/// One page of a list as the client asked for it with `page` and `per_page` in the query,
/// read once at the edge: `page` from 1 to [`MAX_PAGE`] (default 1), `per_page` from 1 to
/// [`MAX_PER_PAGE`] (default `PER_PAGE`, the list's own).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Page<const PER_PAGE: i64> {
    /// 1-based.
    pub number: i64,
    pub size: i64,
}

impl<const PER_PAGE: i64> Page<PER_PAGE> {
    pub fn new(number: Option<i64>, size: Option<i64>) -> ApiResult<Self> {
        let number = number.unwrap_or(1);
        if !(1..=MAX_PAGE).contains(&number) {
            return Err(ApiError::validation(
                "page",
                format!("page must be between 1 and {MAX_PAGE}"),
            ));
        }
        let size = size.unwrap_or(PER_PAGE);
        if !(1..=MAX_PER_PAGE).contains(&size) {
            return Err(ApiError::validation(
                "per_page",
                format!("per_page must be between 1 and {MAX_PER_PAGE}"),
            ));
        }
        Ok(Self { number, size })
    }
}

#[derive(Deserialize)]
struct PageQuery {
    page: Option<i64>,
    per_page: Option<i64>,
}

impl<const PER_PAGE: i64, S: Send + Sync> FromRequestParts<S> for Page<PER_PAGE> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, ApiError> {
        let Query(query) = Query::<PageQuery>::from_request_parts(parts, state).await?;
        Self::new(query.page, query.per_page)
    }
}

impl<const PER_PAGE: i64> IntoParams for Page<PER_PAGE> {
    fn into_params(_: impl Fn() -> Option<ParameterIn>) -> Vec<Parameter> {
        let whole = |maximum: i64| {
            ObjectBuilder::new()
                .schema_type(Type::Integer)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Int64)))
                .minimum(Some(1))
                .maximum(Some(maximum))
        };
        let param = |name: &str, description: String, maximum: i64| {
            ParameterBuilder::new()
                .name(name)
                .parameter_in(ParameterIn::Query)
                .required(Required::False)
                .description(Some(description))
                .schema(Some(whole(maximum)))
                .build()
        };
        vec![
            param("page", "1-based; default 1.".into(), MAX_PAGE),
            param(
                "per_page",
                format!("Default {PER_PAGE}, at most {MAX_PER_PAGE}."),
                MAX_PER_PAGE,
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_has_one_limit_and_the_lists_own_default() {
        assert_eq!(
            Page::<50>::new(None, None).unwrap(),
            Page {
                number: 1,
                size: 50
            }
        );
        assert_eq!(
            Page::<20>::new(Some(3), Some(100)).unwrap(),
            Page {
                number: 3,
                size: 100
            }
        );
        for (page, per_page, message) in [
            (Some(0), None, "page must be between 1 and 100000"),
            (
                Some(MAX_PAGE + 1),
                None,
                "page must be between 1 and 100000",
            ),
            (None, Some(0), "per_page must be between 1 and 100"),
            (None, Some(101), "per_page must be between 1 and 100"),
        ] {
            let error = Page::<20>::new(page, per_page).unwrap_err();
            assert_eq!(error.to_string(), message);
        }
    }
}
