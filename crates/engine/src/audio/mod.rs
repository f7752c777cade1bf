//! Music: a short track composed from the prompt's mood, tempo and genre words (chords,
//! bass, drums, a lead), mastered without clipping and encoded as Ogg Vorbis, WAV or M4A
//! (AAC-LC); stored music read back and encoded again in another of those formats.

mod aac;
mod arrange;
mod pcm;
mod style;
mod synth;

use std::num::{NonZeroU32, NonZeroU8};

pub use aac::{encode_aac, encode_m4a, AacStream, FRAME_SAMPLES};
pub use pcm::{decode, Pcm};
pub use style::Mood;

use crate::{EngineError, Progress, SubProgress};

pub const MIN_SECONDS: f32 = 5.0;
pub const MAX_SECONDS: f32 = 30.0;
pub const DEFAULT_SECONDS: f32 = 15.0;

/// Peak level after mastering (−1 dBFS): headroom for the lossy encoder's overshoot.
const PEAK: f32 = 0.89;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AudioFormat {
    /// Ogg Vorbis: small, plays in every current browser.
    #[default]
    OggVorbis,
    /// 16-bit PCM WAV: lossless, large.
    Wav,
    /// AAC-LC in an MP4 container: what phones, editors and social platforms take.
    M4a,
}

impl AudioFormat {
    pub fn mime(self) -> &'static str {
        match self {
            AudioFormat::OggVorbis => "audio/ogg",
            AudioFormat::Wav => "audio/wav",
            AudioFormat::M4a => "audio/mp4",
        }
    }

    /// `ogg`, `wav` or `m4a`; anything else is `None`, never a default.
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "ogg" => Some(AudioFormat::OggVorbis),
            "wav" => Some(AudioFormat::Wav),
            "m4a" => Some(AudioFormat::M4a),
            _ => None,
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            AudioFormat::OggVorbis => "ogg",
            AudioFormat::Wav => "wav",
            AudioFormat::M4a => "m4a",
        }
    }
}

#[derive(Debug, Clone)]
pub struct RenderedAudio {
    pub bytes: Vec<u8>,
    pub mime: &'static str,
    pub duration_seconds: f32,
    /// The tempo played (a loop bends the mood's tempo to fit whole bars).
    pub bpm: f32,
    pub mood: Mood,
}

/// Composes `seconds` (5–30) of music for `prompt`. A `loop_safe` track has no fades and
/// whole bars, and what rings past its end is folded onto its start, so it repeats seamlessly.
pub fn compose(
    prompt: &str,
    seconds: f32,
    loop_safe: bool,
    seed: u64,
    format: AudioFormat,
    progress: &mut dyn Progress,
) -> Result<RenderedAudio, EngineError> {
    if !(MIN_SECONDS..=MAX_SECONDS).contains(&seconds) {
        return Err(EngineError::InvalidInput(format!(
            "music must be {MIN_SECONDS}–{MAX_SECONDS} seconds long, not {seconds}"
        )));
    }
    let mood = style::mood_of(prompt);
    let style = style::style(mood);
    let bpm = style::explicit_bpm(prompt).unwrap_or(style.bpm);
    let mut arranged = arrange::arrange(
        &style,
        bpm,
        seconds,
        loop_safe,
        seed,
        &mut SubProgress::new(progress, 0.0, 0.3),
    )?;
    master(&mut arranged.left, &mut arranged.right, loop_safe);
    progress.report("encoding", 0.3)?;
    let bytes = match format {
        AudioFormat::OggVorbis => encode_vorbis(
            &arranged.left,
            &arranged.right,
            seed,
            &mut SubProgress::new(progress, 0.3, 1.0),
        )?,
        AudioFormat::Wav => encode_wav(&arranged.left, &arranged.right),
        AudioFormat::M4a => encode_m4a(&arranged.left, &arranged.right, synth::RATE)?,
    };
    progress.report("done", 1.0)?;
    Ok(RenderedAudio {
        bytes,
        mime: format.mime(),
        duration_seconds: arranged.left.len() as f32 / synth::RATE as f32,
        bpm: arranged.bpm,
        mood,
    })
}

/// Stored music (Ogg Vorbis or WAV) encoded again as `format`, at its own rate (AAC at
/// the nearest of 44.1 and 48 kHz).
pub fn transcode(bytes: &[u8], format: AudioFormat) -> Result<Vec<u8>, EngineError> {
    let pcm = decode(bytes)?;
    match format {
        AudioFormat::OggVorbis => {
            let pcm = pcm.resampled(synth::RATE);
            let seed = bytes.len() as u64;
            encode_vorbis(&pcm.left, &pcm.right, seed, &mut crate::NoProgress)
        }
        AudioFormat::Wav => Ok(encode_wav_at(&pcm.left, &pcm.right, pcm.rate)),
        AudioFormat::M4a => {
            let rate = aac::rate_for(pcm.rate);
            let pcm = pcm.resampled(rate);
            encode_m4a(&pcm.left, &pcm.right, pcm.rate)
        }
    }
}

/// Soft-clips, normalises to [`PEAK`] and (unless looping) fades in and out.
fn master(left: &mut [f32], right: &mut [f32], loop_safe: bool) {
    // Saturate the loudest moments gently instead of letting them dictate the level.
    let loudest = left
        .iter()
        .chain(right.iter())
        .fold(0f32, |m, s| m.max(s.abs()))
        .max(1e-6);
    let drive = 1.5 / loudest;
    for s in left.iter_mut().chain(right.iter_mut()) {
        *s = (*s * drive).tanh();
    }
    let peak = left
        .iter()
        .chain(right.iter())
        .fold(0f32, |m, s| m.max(s.abs()))
        .max(1e-6);
    let gain = PEAK / peak;
    let rate = synth::RATE as f32;
    let (fade_in, fade_out) = ((0.05 * rate) as usize, (1.5 * rate) as usize);
    let n = left.len();
    for (i, (l, r)) in left.iter_mut().zip(right.iter_mut()).enumerate() {
        let fade = if loop_safe {
            1.0
        } else {
            let a = (i as f32 / fade_in as f32).min(1.0);
            let b = ((n - i) as f32 / fade_out as f32).min(1.0);
            a * b * b
        };
        *l *= gain * fade;
        *r *= gain * fade;
    }
}

fn encode_vorbis(
    left: &[f32],
    right: &[f32],
    seed: u64,
    progress: &mut dyn Progress,
) -> Result<Vec<u8>, EngineError> {
    let encode_err = |e: vorbis_rs::VorbisError| EngineError::Encode(e.to_string());
    let rate = NonZeroU32::new(synth::RATE).expect("non-zero rate");
    let channels = NonZeroU8::new(2).expect("two channels");
    // A fixed stream serial (from the seed) keeps the file byte-identical per seed.
    let mut encoder =
        vorbis_rs::VorbisEncoderBuilder::new_with_serial(rate, channels, Vec::new(), seed as i32)
            .bitrate_management_strategy(vorbis_rs::VorbisBitrateManagementStrategy::QualityVbr {
                target_quality: 0.3,
            })
            .build()
            .map_err(encode_err)?;
    const BLOCK: usize = 8192;
    let blocks = left.len().div_ceil(BLOCK);
    for (i, (l, r)) in left.chunks(BLOCK).zip(right.chunks(BLOCK)).enumerate() {
        progress.report("encoding", i as f32 / blocks as f32)?;
        encoder.encode_audio_block([l, r]).map_err(encode_err)?;
    }
    encoder.finish().map_err(encode_err)
}

fn encode_wav(left: &[f32], right: &[f32]) -> Vec<u8> {
    encode_wav_at(left, right, synth::RATE)
}

/// 16-bit stereo PCM in a RIFF/WAVE container.
fn encode_wav_at(left: &[f32], right: &[f32], rate: u32) -> Vec<u8> {
    let data_len = (left.len() * 4) as u32;
    let mut out = Vec::with_capacity(44 + data_len as usize);
    out.extend_from_slice(b"RIFF");
    out.extend_from_slice(&(36 + data_len).to_le_bytes());
    out.extend_from_slice(b"WAVEfmt ");
    out.extend_from_slice(&16u32.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes()); // PCM
    out.extend_from_slice(&2u16.to_le_bytes()); // channels
    out.extend_from_slice(&rate.to_le_bytes());
    out.extend_from_slice(&(rate * 4).to_le_bytes()); // bytes per second
    out.extend_from_slice(&4u16.to_le_bytes()); // block align
    out.extend_from_slice(&16u16.to_le_bytes()); // bits per sample
    out.extend_from_slice(b"data");
    out.extend_from_slice(&data_len.to_le_bytes());
    for (l, r) in left.iter().zip(right) {
        for s in [l, r] {
            out.extend_from_slice(&((s.clamp(-1.0, 1.0) * 32767.0).round() as i16).to_le_bytes());
        }
    }
    out
}
