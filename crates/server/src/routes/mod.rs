//! Routes per resource, each exporting `router()`; paths and schemas are documented by
//! `utoipa` so the OpenAPI document is generated from the same code that serves.

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

mod auth;
mod credits;
mod flags;
mod health;
mod media;
mod projects;
mod reference_images;
pub(crate) mod scenes;
mod storyboard;

pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(auth::router())
        .merge(projects::router())
        .merge(scenes::router())
        .merge(storyboard::router())
        .merge(credits::router())
        .merge(flags::router())
        .merge(reference_images::router())
        .merge(media::router())
}
