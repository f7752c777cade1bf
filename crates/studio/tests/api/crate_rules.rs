//! The crate rules, checked over `cargo metadata`: `domain` depends on no crate of ours,
//! `engine` only on `domain`, `ai` never on `store`, `server` or `jobs`, `store` never on
//! `server`, `jobs`, `ai` or `engine`, `jobs` never on `server`, and only the `studio`
//! binary depends on `server` (it wires everything together).

use std::process::Command;

use serde_json::Value;

/// Our crates that `from` must not depend on.
fn forbidden(from: &str) -> &'static [&'static str] {
    match from {
        "domain" => &["engine", "store", "ai", "jobs", "server", "studio"],
        "engine" => &["store", "ai", "jobs", "server", "studio"],
        "ai" => &["store", "server", "jobs", "studio"],
        "store" => &["server", "jobs", "ai", "engine", "studio"],
        "jobs" => &["server", "studio"],
        "server" => &["studio"],
        "studio" => &[],
        other => panic!("{other} is a crate the rules do not know yet: add its rule here"),
    }
}

/// Every dependency edge between our crates (any kind: normal, dev or build).
fn our_edges() -> Vec<(String, String)> {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let manifest = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml");
    let output = Command::new(cargo)
        .args([
            "metadata",
            "--format-version",
            "1",
            "--no-deps",
            "--manifest-path",
            manifest,
        ])
        .output()
        .expect("cargo metadata runs");
    assert!(
        output.status.success(),
        "cargo metadata failed: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let metadata: Value =
        serde_json::from_slice(&output.stdout).expect("cargo metadata answers JSON");
    let mut edges = Vec::new();
    for package in metadata["packages"].as_array().expect("packages") {
        let from = package["name"].as_str().expect("a package name");
        for dependency in package["dependencies"].as_array().expect("dependencies") {
            if dependency.get("path").is_some() {
                let to = dependency["name"].as_str().expect("a dependency name");
                edges.push((from.to_owned(), to.to_owned()));
            }
        }
    }
    edges
}

#[test]
fn our_crates_depend_on_each_other_only_as_the_rules_allow() {
    let edges = our_edges();
    assert!(
        edges
            .iter()
            .any(|(from, to)| from == "studio" && to == "server"),
        "the dependency edges were not read: {edges:?}"
    );
    let broken: Vec<String> = edges
        .iter()
        .filter(|(from, to)| forbidden(from).contains(&to.as_str()))
        .map(|(from, to)| format!("{from} → {to}"))
        .collect();
    assert!(
        broken.is_empty(),
        "forbidden dependencies between our crates: {}",
        broken.join(", ")
    );
}
