//! Stored music back to samples: the studio's Ogg Vorbis and 16-bit WAV files, as stereo
//! floats, for trimming, fading and encoding again.

use std::io::Cursor;

use crate::EngineError;

/// Stereo samples in −1…1 at `rate` per second.
#[derive(Debug, Clone, PartialEq)]
pub struct Pcm {
    pub rate: u32,
    pub left: Vec<f32>,
    pub right: Vec<f32>,
}

impl Pcm {
    pub fn seconds(&self) -> f64 {
        self.left.len() as f64 / f64::from(self.rate.max(1))
    }

    /// The same sound at `rate` per second (linear interpolation; unchanged when equal).
    pub fn resampled(self, rate: u32) -> Pcm {
        if rate == self.rate || self.left.is_empty() {
            return Pcm { rate, ..self };
        }
        let step = f64::from(self.rate) / f64::from(rate);
        let n = ((self.left.len() as f64) / step).floor() as usize;
        let at = |channel: &[f32], i: usize| {
            let x = i as f64 * step;
            let (k, f) = (x as usize, (x.fract()) as f32);
            let a = channel[k.min(channel.len() - 1)];
            let b = channel[(k + 1).min(channel.len() - 1)];
            a + (b - a) * f
        };
        Pcm {
            rate,
            left: (0..n).map(|i| at(&self.left, i)).collect(),
            right: (0..n).map(|i| at(&self.right, i)).collect(),
        }
    }

    /// Exactly `samples` long: cut, or repeated from the start when the music is shorter,
    /// ending with a fade to silence over `fade_seconds`.
    pub fn fitted(&self, samples: usize, fade_seconds: f32) -> Pcm {
        let n = self.left.len();
        let take = |channel: &[f32]| -> Vec<f32> {
            if n == 0 {
                return vec![0.0; samples];
            }
            (0..samples).map(|i| channel[i % n]).collect()
        };
        let (mut left, mut right) = (take(&self.left), take(&self.right));
        let fade = ((fade_seconds * self.rate as f32) as usize).min(samples);
        for k in 0..fade {
            let i = samples - fade + k;
            // Squared, so the music falls away smoothly instead of stopping on a ramp.
            let g = 1.0 - (k + 1) as f32 / fade as f32;
            left[i] *= g * g;
            right[i] *= g * g;
        }
        Pcm {
            rate: self.rate,
            left,
            right,
        }
    }
}

fn unreadable(why: impl std::fmt::Display) -> EngineError {
    EngineError::InvalidInput(format!("the music could not be read: {why}"))
}

/// Decodes Ogg Vorbis or PCM WAV (mono is played on both sides).
pub fn decode(bytes: &[u8]) -> Result<Pcm, EngineError> {
    if bytes.starts_with(b"OggS") {
        decode_vorbis(bytes)
    } else if bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WAVE") {
        decode_wav(bytes)
    } else {
        Err(unreadable("only Ogg Vorbis and WAV music is read"))
    }
}

fn decode_vorbis(bytes: &[u8]) -> Result<Pcm, EngineError> {
    let mut decoder = vorbis_rs::VorbisDecoder::new(Cursor::new(bytes)).map_err(unreadable)?;
    let rate = decoder.sampling_frequency().get();
    let (mut left, mut right) = (Vec::new(), Vec::new());
    while let Some(block) = decoder.decode_audio_block().map_err(unreadable)? {
        let channels = block.samples();
        let l = channels[0];
        let r = channels.get(1).copied().unwrap_or(l);
        left.extend_from_slice(l);
        right.extend_from_slice(r);
    }
    Ok(Pcm { rate, left, right })
}

fn decode_wav(bytes: &[u8]) -> Result<Pcm, EngineError> {
    let u16_at = |at: usize| {
        bytes
            .get(at..at + 2)
            .map(|b| u16::from_le_bytes([b[0], b[1]]))
    };
    let u32_at = |at: usize| {
        bytes
            .get(at..at + 4)
            .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    };
    let mut at = 12;
    let mut format = None;
    while let (Some(id), Some(len)) = (bytes.get(at..at + 4), u32_at(at + 4)) {
        let body = at + 8;
        let len = len as usize;
        match id {
            b"fmt " => {
                format = Some((
                    u16_at(body).unwrap_or(0),
                    u16_at(body + 2).unwrap_or(0),
                    u32_at(body + 4).unwrap_or(0),
                    u16_at(body + 14).unwrap_or(0),
                ))
            }
            b"data" => {
                let Some((1, channels @ 1..=2, rate, 16)) = format else {
                    return Err(unreadable("only 16-bit PCM WAV in one or two channels"));
                };
                let data = bytes
                    .get(body..(body + len).min(bytes.len()))
                    .unwrap_or(&[]);
                let frame = 2 * channels as usize;
                let sample = |b: &[u8], i: usize| {
                    f32::from(i16::from_le_bytes([b[2 * i], b[2 * i + 1]])) / 32767.0
                };
                let (left, right) = data
                    .chunks_exact(frame)
                    .map(|f| (sample(f, 0), sample(f, channels as usize - 1)))
                    .unzip();
                return Ok(Pcm { rate, left, right });
            }
            _ => {}
        }
        at = body + len + (len & 1);
    }
    Err(unreadable("the WAV file has no samples"))
}
