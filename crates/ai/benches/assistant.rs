//! Latency of `BuiltinAssistant::respond` over realistic requests: first messages,
//! refinements deep into a conversation, presets, reference images, feedback, motion and a
//! message at the 4,000-character limit. Prints p50/p99 per scenario and overall.
//!
//! `cargo bench --bench assistant` (target: p99 under 5 ms).

use std::hint::black_box;
use std::time::{Duration, Instant};

use ai::builtin::BuiltinAssistant;
use ai::{AssistantRequest, FeedbackHint, ReferenceFacts, Role, StyleGuide, Turn};
use domain::{ColorPalette, Environment, Lighting};

const ROUNDS: usize = 400;

/// A conversation as the assistant itself would have answered it.
fn history(messages: &[&str]) -> Vec<Turn> {
    let mut turns = Vec::new();
    for text in messages {
        let reply = BuiltinAssistant.respond(&AssistantRequest {
            message: text.to_string(),
            history: turns.clone(),
            ..AssistantRequest::default()
        });
        turns.push(Turn {
            role: Role::User,
            content: text.to_string(),
            structured: None,
        });
        turns.push(Turn {
            role: Role::Assistant,
            content: reply.content,
            structured: Some(reply.structured),
        });
    }
    turns
}

fn scenarios() -> Vec<(&'static str, AssistantRequest)> {
    let long_chat = history(&[
        "hi",
        "matte black wireless earbuds for gen z",
        "put them on dark marble",
        "golden hour please",
        "same but outdoors, no people",
        "make it warmer",
        "add eucalyptus sprigs",
        "more minimal",
        "zoom in",
        "make it a 5 second video",
    ]);
    let mut long_message =
        "A frosted glass serum bottle on a bathroom counter, soft light, no people. ".repeat(60);
    long_message.truncate(4000);
    vec![
        (
            "first message",
            AssistantRequest {
                message: "amber perfume bottle on dark marble at golden hour, moody".into(),
                ..AssistantRequest::default()
            },
        ),
        (
            "refinement, 20 turns",
            AssistantRequest {
                message: "make it a bit darker and slow orbit".into(),
                history: long_chat.clone(),
                ..AssistantRequest::default()
            },
        ),
        (
            "preset, bare product",
            AssistantRequest {
                message: "a jar of face cream".into(),
                style: Some(StyleGuide {
                    environment: Some(Environment::LuxuryMarble),
                    color_palette: Some(ColorPalette::BoldDramatic),
                    lighting: Some(Lighting::GoldenHour),
                    composition: None,
                    descriptors: vec!["moody".into()],
                }),
                ..AssistantRequest::default()
            },
        ),
        (
            "reference images only",
            AssistantRequest {
                message: String::new(),
                reference_images: vec![
                    ReferenceFacts {
                        width: 1200,
                        height: 1600,
                        transparent_background: true,
                        dominant_colors: vec!["amber".into(), "white".into()],
                    };
                    3
                ],
                ..AssistantRequest::default()
            },
        ),
        (
            "feedback, wrong style",
            AssistantRequest {
                message: "try again".into(),
                history: history(&["soy candle in a cozy bedroom at golden hour"]),
                feedback: Some(FeedbackHint {
                    reaction: "negative".into(),
                    reason: Some("wrong_style".into()),
                    comment: Some("too dark and gloomy".into()),
                }),
                ..AssistantRequest::default()
            },
        ),
        (
            "contradiction",
            AssistantRequest {
                message: "bright daylight at midnight".into(),
                history: history(&["a scented candle"]),
                ..AssistantRequest::default()
            },
        ),
        (
            "4000-character message",
            AssistantRequest {
                message: long_message,
                ..AssistantRequest::default()
            },
        ),
        (
            "one word 3000 times",
            AssistantRequest {
                message: "candle ".repeat(3000),
                ..AssistantRequest::default()
            },
        ),
        (
            "5000 emoji",
            AssistantRequest {
                message: "🕯️".repeat(5000),
                ..AssistantRequest::default()
            },
        ),
    ]
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i]
}

fn main() {
    let scenarios = scenarios();
    // Warm up the word tables and caches.
    for (_, request) in &scenarios {
        black_box(BuiltinAssistant.respond(request));
    }
    let mut all = Vec::new();
    println!(
        "{:<26} {:>10} {:>10} {:>10}",
        "scenario", "p50", "p99", "max"
    );
    for (name, request) in &scenarios {
        let mut times: Vec<Duration> = (0..ROUNDS)
            .map(|_| {
                let started = Instant::now();
                black_box(BuiltinAssistant.respond(black_box(request)));
                started.elapsed()
            })
            .collect();
        times.sort();
        println!(
            "{name:<26} {:>10.3?} {:>10.3?} {:>10.3?}",
            percentile(&times, 0.5),
            percentile(&times, 0.99),
            times[times.len() - 1]
        );
        all.extend(times);
    }
    all.sort();
    println!(
        "{:<26} {:>10.3?} {:>10.3?} {:>10.3?}",
        "all",
        percentile(&all, 0.5),
        percentile(&all, 0.99),
        all[all.len() - 1]
    );
}
