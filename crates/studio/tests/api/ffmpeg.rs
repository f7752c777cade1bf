//! Reading the studio's media back with ffprobe and ffmpeg, readers independent of its own.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

/// Runs `program` with `args`; its standard output, or a panic with its standard error.
pub fn run(program: &str, args: &[&str]) -> Vec<u8> {
    let output = Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} is installed: {e}"));
    assert!(
        output.status.success(),
        "{program} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    output.stdout
}

/// ffprobe's streams and format of `file`, as JSON.
pub fn probe(file: &Path) -> Value {
    let out = run(
        "ffprobe",
        &[
            "-v",
            "error",
            "-print_format",
            "json",
            "-show_streams",
            "-show_format",
            file.to_str().unwrap(),
        ],
    );
    serde_json::from_slice(&out).unwrap()
}

/// The file's sound as ffmpeg decodes it: mono 16-bit samples at 44.1 kHz, as floats.
pub fn sound(file: &Path) -> Vec<f32> {
    let raw = run(
        "ffmpeg",
        &[
            "-v",
            "error",
            "-nostdin",
            "-i",
            file.to_str().unwrap(),
            "-map",
            "0:a:0",
            "-f",
            "s16le",
            "-ac",
            "1",
            "-ar",
            "44100",
            "-",
        ],
    );
    raw.chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]) as f32 / 32768.0)
        .collect()
}

pub fn rms(samples: &[f32]) -> f32 {
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len().max(1) as f32).sqrt()
}

/// The video's frame at `seconds`, decoded by ffmpeg.
pub fn frame(file: &Path, seconds: f64) -> image::RgbImage {
    let at = format!("{seconds:.3}");
    let png = run(
        "ffmpeg",
        &[
            "-v",
            "error",
            "-nostdin",
            "-ss",
            &at,
            "-i",
            file.to_str().unwrap(),
            "-frames:v",
            "1",
            "-f",
            "image2pipe",
            "-c:v",
            "png",
            "-",
        ],
    );
    image::load_from_memory(&png).unwrap().to_rgb8()
}
