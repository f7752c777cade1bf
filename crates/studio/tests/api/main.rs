//! End-to-end API tests: the real binary, real HTTP, a fresh SQLite or PostgreSQL database
//! per test.

mod support;

mod access_matrix;
mod account_security;
mod admin;
mod auth;
mod chat;
mod cluster;
mod commerce;
mod connections;
mod crate_rules;
mod credit_badge;
mod edits;
mod estimates;
mod exact_product;
mod exports;
mod ffmpeg;
mod files;
mod hosted_models;
mod hostile_input;
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
