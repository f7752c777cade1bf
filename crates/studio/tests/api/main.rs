//! End-to-end API tests: the real binary, real HTTP, a fresh SQLite or PostgreSQL database
//! per test.

mod support;

mod admin;
mod auth;
mod chat;
mod crate_rules;
mod files;
mod hosted_models;
mod jobs;
mod projects;
mod reference_images;
mod scenes;
mod session_revocation;
mod system;
