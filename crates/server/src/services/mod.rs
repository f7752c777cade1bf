//! The application layer between the routes and the store, queue, engine and assistant:
//! each service function does one thing a user asks for (upload a product photo, send a chat
//! message, start a generation, serve a file) and owns its orchestration. Handlers only parse
//! the request, call one of these and shape the answer, so nothing here knows HTTP beyond
//! the [`ApiError`](crate::error::ApiError) it returns.

pub mod account;
pub mod account_security;
pub mod brand_kits;
pub mod chat;
pub mod commerce;
pub mod cutouts;
pub mod designs;
pub mod estimates;
pub mod exports;
pub mod feedback;
pub mod generation;
pub mod media;
pub mod ownership;
pub mod presets;
pub mod reference_images;
pub mod scenes;
pub mod share;
pub mod storyboard;
pub mod templates;

#[cfg(test)]
mod testing;
