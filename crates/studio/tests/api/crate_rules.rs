//! The crate rules, checked over `cargo metadata`: `domain` depends on no crate of ours,
//! `engine` only on `domain`, `ai` never on `store`, `server` or `jobs`, `store` never on
//! `server`, `jobs`, `ai` or `engine`, `jobs` never on `server`, and only the `studio`
//! binary depends on `server` (it wires everything together).
//!
//! Inside `server`, read from its sources: the state knows no route module and no service,
//! services know no route module, and services import each other (`crate::services::…`)
//! without circles.

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

/// The `crate::…` paths a Rust source names, brace groups expanded (`crate::a::{b, c::d}`
/// gives `a::b` and `a::c::d`), comments skipped.
fn crate_paths(source: &str) -> Vec<Vec<String>> {
    let code: String = source
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n");
    let mut paths = Vec::new();
    let mut rest = code.as_str();
    while let Some(at) = rest.find("crate::") {
        let before = rest[..at].chars().next_back();
        rest = &rest[at + "crate::".len()..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        expand(rest, Vec::new(), &mut paths);
    }
    paths
}

/// Reads the path (or brace group of paths) at the start of `text` after `prefix`.
fn expand(text: &str, prefix: Vec<String>, paths: &mut Vec<Vec<String>>) {
    let text = text.trim_start();
    if let Some(group) = text.strip_prefix('{') {
        let mut depth = 0;
        let mut start = 0;
        for (i, c) in group.char_indices() {
            match c {
                '{' => depth += 1,
                '}' if depth == 0 => {
                    expand(&group[start..i], prefix.clone(), paths);
                    return;
                }
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&group[start..i], prefix.clone(), paths);
                    start = i + 1;
                }
                _ => {}
            }
        }
        return;
    }
    let name: String = text
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    if name.is_empty() {
        if !prefix.is_empty() {
            paths.push(prefix);
        }
        return;
    }
    let mut path = prefix;
    path.push(name.clone());
    match text[name.len()..].strip_prefix("::") {
        Some(more) => expand(more, path, paths),
        None => paths.push(path),
    }
}

/// Every `.rs` file below `dir`, with its path relative to `dir`, without its unit tests (a
/// test may reach across modules; the rules are about what the code itself depends on).
fn sources(dir: &std::path::Path) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("a source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let relative = path.strip_prefix(dir).expect("below the folder");
                let mut text = std::fs::read_to_string(&path).expect("a readable source");
                if let Some(tests) = text.find("#[cfg(test)]\nmod ") {
                    text.truncate(tests);
                }
                found.push((relative.to_string_lossy().into_owned(), text));
            }
        }
    }
    found
}

fn server_source(folder: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../server/src")
        .join(folder)
}

/// The service (or route) module a file belongs to: `generation.rs` and `generation/x.rs`
/// both belong to `generation`.
fn module_of(relative: &str) -> String {
    let first = relative.split('/').next().expect("a path");
    first.trim_end_matches(".rs").to_owned()
}

#[test]
fn the_server_state_knows_no_route_and_no_service() {
    let files = sources(&server_source("state"));
    assert!(!files.is_empty(), "the state's sources were not read");
    let broken: Vec<String> = files
        .iter()
        .flat_map(|(file, text)| {
            crate_paths(text)
                .into_iter()
                .filter(|path| path[0] == "routes" || path[0] == "services")
                .map(move |path| format!("state/{file} uses crate::{}", path.join("::")))
        })
        .collect();
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn services_know_no_route_module() {
    let files = sources(&server_source("services"));
    assert!(files.len() > 5, "the services' sources were not read");
    let broken: Vec<String> = files
        .iter()
        .flat_map(|(file, text)| {
            crate_paths(text)
                .into_iter()
                .filter(|path| path[0] == "routes")
                .map(move |path| format!("services/{file} uses crate::{}", path.join("::")))
        })
        .collect();
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn services_import_each_other_without_circles() {
    let files = sources(&server_source("services"));
    let mut imports: std::collections::BTreeMap<String, std::collections::BTreeSet<String>> =
        Default::default();
    for (file, text) in &files {
        let module = module_of(file);
        let used = imports.entry(module.clone()).or_default();
        for path in crate_paths(text) {
            if path[0] == "services" && path.len() > 1 && path[1] != module {
                used.insert(path[1].clone());
            }
        }
    }
    assert!(
        imports.values().any(|used| !used.is_empty()),
        "no imports between services were read: {imports:?}"
    );
    // A circle is a service reachable again from itself.
    let mut circles = Vec::new();
    for start in imports.keys() {
        let mut trail = vec![start.clone()];
        find_circles(&imports, start, &mut trail, &mut circles);
    }
    assert!(
        circles.is_empty(),
        "services import each other in a circle: {}",
        circles.join("; ")
    );
}

fn find_circles(
    imports: &std::collections::BTreeMap<String, std::collections::BTreeSet<String>>,
    start: &str,
    trail: &mut Vec<String>,
    circles: &mut Vec<String>,
) {
    let here = trail.last().expect("a trail").clone();
    for next in imports.get(&here).into_iter().flatten() {
        if next == start {
            circles.push(format!("{} → {start}", trail.join(" → ")));
        } else if !trail.contains(next) && next.as_str() > start {
            trail.push(next.clone());
            find_circles(imports, start, trail, circles);
            trail.pop();
        }
    }
}

#[test]
fn crate_paths_are_read_through_brace_groups() {
    let paths = crate_paths(
        "use crate::services::{generation, scenes::{a, b}};\n// crate::routes::x\nlet _ = crate::routes::slug(x);",
    );
    let joined: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        joined,
        [
            "services::generation",
            "services::scenes::a",
            "services::scenes::b",
            "routes::slug"
        ]
    );
}
