//! `studio render …`: run the offline media engine from the command line, without a server,
//! database or account. Each kind of output is one subcommand and one function.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context};
use clap::{Args, Subcommand};
use domain::{ColorPalette, Composition, Duration, Environment, Lighting, Quality, Resolution};
use engine::audio::AudioFormat;
use engine::generate::{generate_image, ImageRequest, OutputFormat};
use engine::video::{VideoQuality, VideoSource};
use engine::{templates, Cancelled};

#[derive(Args, Debug)]
pub struct RenderArgs {
    #[command(subcommand)]
    pub what: RenderCommand,
}

#[derive(Subcommand, Debug)]
pub enum RenderCommand {
    /// Generate one marketing image from a prompt and optional product photos.
    Image(ImageArgs),
    /// List the Generate panel's templates, or render their thumbnails.
    Templates(TemplatesArgs),
    /// Edit an image inside a mask as an instruction says ("remove the cup", "make it red").
    Edit(EditArgs),
    /// Animate an image into an H.264 MP4, with a poster JPEG beside it.
    Video(VideoArgs),
    /// Compose a music track from mood, tempo and genre words.
    Music(MusicArgs),
}

#[derive(Args, Debug)]
pub struct EditArgs {
    /// The image to edit (JPEG, PNG, WebP or GIF).
    #[arg(long, value_name = "FILE")]
    pub image: PathBuf,
    /// A PNG of the image's size: white where to edit.
    #[arg(long, value_name = "FILE")]
    pub mask: PathBuf,
    /// What to do inside the mask.
    #[arg(long)]
    pub instruction: String,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Output PNG.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct VideoArgs {
    /// The image to animate.
    #[arg(long, value_name = "FILE")]
    pub image: PathBuf,
    /// Camera moves in plain English ("slow push-in", "parallax with a light sweep").
    #[arg(long, default_value = "")]
    pub prompt: String,
    /// 5 or 10 seconds.
    #[arg(long, value_parser = Duration::parse, default_value = "5")]
    pub duration: Duration,
    /// 1080p, 720p or 480p.
    #[arg(long, value_parser = video_quality, default_value = "720p")]
    pub quality: VideoQuality,
    /// 24 or 30 frames per second.
    #[arg(long, default_value_t = 30)]
    pub fps: u32,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Output MP4; the poster is written beside it with a `.jpg` extension.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct MusicArgs {
    /// Mood, tempo and genre words ("calm spa", "energetic 128 bpm", "lo-fi").
    #[arg(long, default_value = "")]
    pub prompt: String,
    /// Length, 5 to 30 seconds.
    #[arg(long, default_value_t = engine::audio::DEFAULT_SECONDS)]
    pub seconds: f32,
    /// No fades, whole bars, seamless when repeated.
    #[arg(long = "loop")]
    pub loop_safe: bool,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Output file; `.wav` writes WAV, anything else Ogg Vorbis.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct ImageArgs {
    /// What to show, in plain English ("amber perfume bottle on dark marble at golden hour").
    #[arg(long, default_value = "")]
    pub prompt: String,
    /// A product photo (JPEG, PNG, WebP or GIF); repeat for up to 3.
    #[arg(long = "reference", value_name = "FILE")]
    pub references: Vec<PathBuf>,
    /// luxury_marble, clean_bathroom, professional_studio, natural_outdoor or cozy_bedroom.
    #[arg(long, value_parser = Environment::parse)]
    pub environment: Option<Environment>,
    /// warm_cozy, cool_fresh, bold_dramatic, soft_dreamy or neutral_clean.
    #[arg(long, value_parser = ColorPalette::parse)]
    pub palette: Option<ColorPalette>,
    /// natural_daylight, golden_hour, dramatic_shadows or soft_even.
    #[arg(long, value_parser = Lighting::parse)]
    pub lighting: Option<Lighting>,
    /// product_hero, lifestyle_context, artistic_composition or detail_closeup.
    #[arg(long, value_parser = Composition::parse)]
    pub composition: Option<Composition>,
    /// 1024x1024, 1536x1024 or 1024x1536.
    #[arg(long, value_parser = Resolution::parse, default_value = "1024x1536")]
    pub resolution: Resolution,
    /// low, medium or high.
    #[arg(long, value_parser = Quality::parse, default_value = "medium")]
    pub quality: Quality,
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Which camera of a set of variations (0–3): 0 the usual layout, 1 and 2 the product to
    /// the left or right, 3 a step back.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=3))]
    pub variation: u8,
    /// Output file; `.jpg`/`.jpeg` writes JPEG, anything else PNG.
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

#[derive(Args, Debug)]
pub struct TemplatesArgs {
    /// Render every template's thumbnail as `<template_id>.jpg` into this directory.
    #[arg(long, value_name = "DIR")]
    pub thumbnails: Option<PathBuf>,
    /// Thumbnail side in pixels.
    #[arg(long, default_value_t = 256)]
    pub size: u32,
}

pub fn run(args: RenderArgs) -> anyhow::Result<()> {
    match args.what {
        RenderCommand::Image(a) => image(a),
        RenderCommand::Templates(a) => templates(a),
        RenderCommand::Edit(a) => edit(a),
        RenderCommand::Video(a) => video(a),
        RenderCommand::Music(a) => music(a),
    }
}

/// Prints progress on one line of stderr.
fn progress(stage: &str, fraction: f32) -> Result<(), Cancelled> {
    eprint!("\r{stage:<8} {:>3.0}%", fraction * 100.0);
    Ok(())
}

fn image(a: ImageArgs) -> anyhow::Result<()> {
    if a.references.len() > 3 {
        bail!("You can only upload up to 3 reference images.");
    }
    let photos = a
        .references
        .iter()
        .map(|p| std::fs::read(p).with_context(|| format!("reading {}", p.display())))
        .collect::<anyhow::Result<Vec<Vec<u8>>>>()?;
    let photo_refs: Vec<&[u8]> = photos.iter().map(Vec::as_slice).collect();
    let req = ImageRequest {
        prompt: &a.prompt,
        reference_photos: &photo_refs,
        environment: a.environment,
        palette: a.palette,
        lighting: a.lighting,
        composition: a.composition,
        resolution: a.resolution,
        quality: a.quality,
        seed: a.seed,
        variation: a.variation,
        format: format_for(&a.out),
    };
    let image = generate_image(&req, &mut progress)?;
    eprintln!();
    std::fs::write(&a.out, &image.bytes).with_context(|| format!("writing {}", a.out.display()))?;
    println!(
        "{} ({}x{}, {})",
        a.out.display(),
        image.width,
        image.height,
        image.mime
    );
    Ok(())
}

fn format_for(path: &Path) -> OutputFormat {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("jpg" | "jpeg") => OutputFormat::Jpeg,
        _ => OutputFormat::Png,
    }
}

fn templates(a: TemplatesArgs) -> anyhow::Result<()> {
    for t in templates::all() {
        let star = if t.is_popular { "*" } else { " " };
        println!(
            "{star} {:<18} {:<18} {} / {} / {} / {}",
            t.id, t.name, t.environment, t.palette, t.lighting, t.composition
        );
    }
    if let Some(dir) = a.thumbnails {
        std::fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        for t in templates::all() {
            let jpeg = templates::render_thumbnail(t, a.size.clamp(32, 1024))?;
            let path = dir.join(format!("{}.{}", t.id, OutputFormat::Jpeg.extension()));
            std::fs::write(&path, jpeg).with_context(|| format!("writing {}", path.display()))?;
        }
        println!("thumbnails written to {}", dir.display());
    }
    Ok(())
}

fn read(path: &Path) -> anyhow::Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("reading {}", path.display()))
}

fn write(path: &Path, bytes: &[u8]) -> anyhow::Result<()> {
    std::fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

fn edit(a: EditArgs) -> anyhow::Result<()> {
    let edited = engine::edit::edit_image(
        &read(&a.image)?,
        &read(&a.mask)?,
        &a.instruction,
        a.seed,
        &mut progress,
    )?;
    eprintln!();
    write(&a.out, &edited.png)?;
    println!(
        "{} ({}x{}, {:?})",
        a.out.display(),
        edited.width,
        edited.height,
        edited.op
    );
    Ok(())
}

fn video_quality(text: &str) -> Result<VideoQuality, String> {
    VideoQuality::parse(text)
        .ok_or_else(|| format!("unknown quality '{text}'; expected 1080p, 720p or 480p"))
}

fn video(a: VideoArgs) -> anyhow::Result<()> {
    let image = read(&a.image)?;
    let clip = engine::video::animate(
        VideoSource::Image(&image),
        &a.prompt,
        a.duration,
        a.quality,
        a.fps,
        a.seed,
        &mut progress,
    )?;
    eprintln!();
    write(&a.out, &clip.mp4)?;
    let poster = a.out.with_extension("jpg");
    write(&poster, &clip.poster_jpeg)?;
    println!(
        "{} ({}x{}, {} s at {} fps, {:?}); poster {}",
        a.out.display(),
        clip.width,
        clip.height,
        clip.duration_seconds,
        clip.fps,
        clip.motion.camera,
        poster.display()
    );
    Ok(())
}

fn music(a: MusicArgs) -> anyhow::Result<()> {
    let format = match a
        .out
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("wav") => AudioFormat::Wav,
        _ => AudioFormat::OggVorbis,
    };
    let track = engine::audio::compose(
        &a.prompt,
        a.seconds,
        a.loop_safe,
        a.seed,
        format,
        &mut progress,
    )?;
    eprintln!();
    write(&a.out, &track.bytes)?;
    println!(
        "{} ({:?}, {:.0} bpm, {} s, {})",
        a.out.display(),
        track.mood,
        track.bpm,
        track.duration_seconds,
        track.mime
    );
    Ok(())
}
