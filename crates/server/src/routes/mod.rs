//! Routes per resource, each exporting `router()`; paths and schemas are documented by
//! `utoipa` so the OpenAPI document is generated from the same code that serves.
//!
//! A request type lives where it is read. Query strings, and bodies the handler turns into
//! domain values before calling its service (a `SceneName`, a `Page`), are declared here with
//! their route. A body whose fields a service checks together (a generation's prompt,
//! settings and references; an export's formats) is the service's input and is declared
//! in the service, so the rule that reads it sits beside the code that relies on it.

use utoipa_axum::router::OpenApiRouter;

use crate::state::AppState;

mod account;
mod account_security;
mod analytics;
mod auth;
mod brand_kits;
mod chat;
mod compat;
mod credits;
mod designs;
mod estimates;
pub(crate) mod events;
mod exports;
mod feedback;
mod flags;
mod generate;
mod health;
mod job_cancel;
pub(crate) mod jobs;
mod media;
pub(crate) use media::content_disposition;
mod plans;
mod presets;
mod projects;
pub(crate) mod providers;
mod reference_images;
pub(crate) mod scenes;
pub(crate) mod share;
mod storyboard;
pub(crate) mod stripe;
mod subscription;
mod templates;

pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(auth::router())
        .merge(projects::router())
        .merge(brand_kits::router())
        .merge(scenes::router())
        .merge(storyboard::router())
        .merge(credits::router())
        .merge(flags::router())
        .merge(reference_images::router())
        .merge(media::router())
        .merge(share::router())
        .merge(exports::router())
        .merge(designs::router())
        .merge(generate::router())
        .merge(jobs::router())
        .merge(compat::router())
        .merge(estimates::router())
        .merge(job_cancel::router())
        .merge(templates::router())
        .merge(events::router())
        .merge(chat::router())
        .merge(presets::router())
        .merge(feedback::router())
        .merge(providers::router())
        .merge(account::router())
        .merge(account_security::router())
        .merge(plans::router())
        .merge(stripe::router())
        .merge(subscription::router())
        .merge(analytics::router())
}
