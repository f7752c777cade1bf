//! End-to-end API tests: the real binary, real HTTP, a fresh SQLite or PostgreSQL database
//! per test.

mod support;

mod access_matrix;
mod account_security;
mod admin;
mod auth;
mod brand_kits;
mod chat;
mod cluster;
mod commerce;
mod connections;
mod crate_rules;
mod credit_badge;
mod cutouts;
mod designs;
mod edits;
mod estimates;
mod exact_product;
mod exports;
// The engine's tests read media back with the same ffprobe/ffmpeg helpers.
#[allow(dead_code, reason = "the API tests use only some of the readers")]
#[path = "../../../engine/tests/common/ffmpeg.rs"]
mod ffmpeg;
mod files;
mod hosted_models;
mod hostile_input;
mod hostile_input_three;
mod hostile_input_two;
mod jobs;
mod outage;
mod projects;
mod reels;
mod reference_images;
mod scenes;
mod session_revocation;
mod share_pages;
mod stripe_webhook;
mod system;
mod variations;
mod watermark;
