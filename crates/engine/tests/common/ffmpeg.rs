//! Reading produced media back with ffprobe and ffmpeg, readers independent of the engine's.

use std::path::Path;
use std::process::Command;

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
pub fn probe(file: &Path) -> serde_json::Value {
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

/// The file's first audio stream decoded by ffmpeg and mixed down by it to mono 16-bit at
/// 44.1 kHz, as floats.
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

/// The file decoded by ffmpeg to 16-bit stereo at 44.1 kHz, the two channels averaged here
/// into one of floats.
pub fn stereo_averaged(file: &Path) -> Vec<f32> {
    let raw = run(
        "ffmpeg",
        &[
            "-v",
            "error",
            "-nostdin",
            "-i",
            file.to_str().unwrap(),
            "-f",
            "s16le",
            "-ac",
            "2",
            "-ar",
            "44100",
            "-",
        ],
    );
    raw.chunks_exact(4)
        .map(|f| {
            let l = i16::from_le_bytes([f[0], f[1]]) as f32 / 32768.0;
            let r = i16::from_le_bytes([f[2], f[3]]) as f32 / 32768.0;
            (l + r) / 2.0
        })
        .collect()
}

pub fn rms(samples: &[f32]) -> f32 {
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len().max(1) as f32).sqrt()
}

/// The video's frame at `seconds`, decoded by ffmpeg.
pub fn frame(file: &Path, seconds: f64) -> image::RgbImage {
    let at = format!("{seconds:.3}");
    first_frame(&["-ss", &at, "-i", file.to_str().unwrap()])
}

/// The first frame ffmpeg decodes with `input` (options and the input file), as RGB.
fn first_frame(input: &[&str]) -> image::RgbImage {
    let mut args = vec!["-v", "error", "-nostdin"];
    args.extend_from_slice(input);
    args.extend_from_slice(&["-frames:v", "1", "-f", "image2pipe", "-c:v", "png", "-"]);
    let png = run("ffmpeg", &args);
    image::load_from_memory(&png).unwrap().to_rgb8()
}

/// The share of pixels in rows `rows` of `frame` on an edge: whose luma differs from their
/// right and lower neighbours' by more than 4 levels in all. A blur has none; a scene's
/// texture, grain and lines have some everywhere.
pub fn edges(frame: &image::RgbImage, rows: std::ops::Range<u32>) -> f32 {
    let luma = |x: u32, y: u32| {
        let p = frame.get_pixel(x, y);
        0.299 * p[0] as f32 + 0.587 * p[1] as f32 + 0.114 * p[2] as f32
    };
    let (mut edge, mut n) = (0u32, 0u32);
    for y in rows.start..rows.end - 1 {
        for x in 0..frame.width() - 1 {
            let step = (luma(x + 1, y) - luma(x, y)).abs() + (luma(x, y + 1) - luma(x, y)).abs();
            edge += u32::from(step > 4.0);
            n += 1;
        }
    }
    edge as f32 / n as f32
}

/// Frame number `n` (from 0) of the video in `file`, decoded by ffmpeg.
pub fn frame_number(file: &Path, n: usize) -> image::RgbImage {
    let select = format!("select=eq(n\\,{n})");
    first_frame(&[
        "-i",
        file.to_str().unwrap(),
        "-vf",
        &select,
        "-fps_mode",
        "passthrough",
    ])
}

/// How many frames the first video stream of `file` has, as ffmpeg decodes it.
pub fn frame_count(file: &Path) -> usize {
    let out = run(
        "ffmpeg",
        &[
            "-v",
            "error",
            "-nostdin",
            "-i",
            file.to_str().unwrap(),
            "-map",
            "0:v:0",
            "-f",
            "framemd5",
            "-",
        ],
    );
    String::from_utf8_lossy(&out)
        .lines()
        .filter(|line| !line.starts_with('#'))
        .count()
}
