//! Instruments: each renders one note additively into a stereo buffer. Plain oscillators,
//! envelopes and one-pole filters: cheap enough that 30 s of music renders in milliseconds.

use std::f32::consts::{PI, TAU};

use super::style::Voice;

pub(super) const RATE: u32 = 44_100;
const SR: f32 = RATE as f32;

/// Small deterministic generator (SplitMix64) for noise and musical choices.
pub(super) struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed ^ 0xA076_1D64_78BD_642F)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (((self.next() >> 32) * n as u64) >> 32) as usize
    }

    /// Uniform in -1..1.
    pub fn noise(&mut self) -> f32 {
        (self.next() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }
}

pub(super) fn midi_hz(note: f32) -> f32 {
    440.0 * 2f32.powf((note - 69.0) / 12.0)
}

/// A stereo mix bus. Notes may run past the end; the caller decides whether that tail is
/// dropped or wrapped around (loops).
pub(super) struct Bus {
    pub left: Vec<f32>,
    pub right: Vec<f32>,
}

impl Bus {
    pub fn new(len: usize) -> Self {
        Bus {
            left: vec![0.0; len],
            right: vec![0.0; len],
        }
    }

    /// Adds `samples` from `start`, panned (-1 left … 1 right) at constant power.
    fn add(&mut self, start: usize, samples: impl Iterator<Item = f32>, pan: f32) {
        let angle = (pan.clamp(-1.0, 1.0) + 1.0) * PI / 4.0;
        let (gl, gr) = (angle.cos(), angle.sin());
        let n = self.left.len();
        for (i, s) in (start..n).zip(samples) {
            self.left[i] += s * gl;
            self.right[i] += s * gr;
        }
    }
}

/// One-pole low-pass coefficient for a cut-off in Hz.
fn lowpass_k(cutoff: f32) -> f32 {
    1.0 - (-TAU * cutoff.min(SR * 0.45) / SR).exp()
}

/// Attack / release envelope around a held gate; exponential decay while held if `decay > 0`.
fn envelope(t: f32, gate: f32, attack: f32, decay: f32, release: f32) -> f32 {
    let rise = (t / attack).min(1.0);
    let held = if decay > 0.0 { (-t * decay).exp() } else { 1.0 };
    let fall = if t > gate {
        (1.0 - (t - gate) / release).max(0.0)
    } else {
        1.0
    };
    rise * held * fall
}

/// Renders a pitched note of `seconds` gate length into the bus.
#[allow(clippy::too_many_arguments)]
pub(super) fn note(
    bus: &mut Bus,
    voice: Voice,
    start: usize,
    seconds: f32,
    midi: f32,
    velocity: f32,
    pan: f32,
    rng: &mut Rng,
) {
    let f = midi_hz(midi);
    match voice {
        Voice::Pad | Voice::Strings | Voice::Saw => {
            let (attack, release, cutoff, vibrato) = match voice {
                Voice::Pad => (0.35, 0.8, (f * 3.0).min(2200.0), 0.0),
                Voice::Strings => (0.6, 1.2, (f * 4.0).min(3000.0), 0.004),
                _ => (0.01, 0.12, (f * 6.0).min(4500.0), 0.0),
            };
            let len = ((seconds + release) * SR) as usize;
            let k = lowpass_k(cutoff);
            // Three slightly detuned saws give the chorus-like width of an analogue pad.
            let detune = [1.0, 1.0035, 0.9965];
            let mut phase = [rng.noise().abs(), rng.noise().abs(), rng.noise().abs()];
            let (mut y1, mut y2) = (0.0f32, 0.0f32);
            let samples = (0..len).map(move |i| {
                let t = i as f32 / SR;
                let wobble = 1.0 + vibrato * (TAU * 5.0 * t).sin();
                let mut x = 0.0;
                for (p, d) in phase.iter_mut().zip(detune) {
                    *p += f * d * wobble / SR;
                    *p -= p.floor();
                    x += 2.0 * *p - 1.0;
                }
                y1 += k * (x / 3.0 - y1);
                y2 += k * (y1 - y2);
                y2 * envelope(t, seconds, attack, 0.0, release) * velocity
            });
            bus.add(start, samples, pan);
        }
        Voice::EPiano | Voice::Bell => {
            // Two-operator FM: a ratio of 1 sounds like an electric piano's tine, a
            // non-integer ratio like a bell; the brightness (index) decays with the note.
            let (ratio, index, decay, release) = match voice {
                Voice::EPiano => (1.0, 1.8, 1.6, 0.15),
                _ => (3.5, 2.5, 1.1, 0.6),
            };
            let len = ((seconds + release) * SR) as usize;
            let samples = (0..len).map(move |i| {
                let t = i as f32 / SR;
                let modulator = (TAU * f * ratio * t).sin() * index * (-t * 4.0).exp();
                (TAU * f * t + modulator).sin()
                    * envelope(t, seconds, 0.004, decay, release)
                    * velocity
            });
            bus.add(start, samples, pan);
        }
        Voice::Pluck => {
            // Karplus–Strong: a noise burst circulating in a delay line tuned to the pitch,
            // averaged each pass, decays like a plucked string.
            let period = (SR / f).round().max(2.0) as usize;
            let mut line: Vec<f32> = (0..period).map(|_| rng.noise()).collect();
            let len = ((seconds + 0.1) * SR) as usize;
            let mut pos = 0;
            let mut prev = 0.0;
            let samples = (0..len).map(move |i| {
                let t = i as f32 / SR;
                let out = line[pos];
                let next = line[(pos + 1) % period];
                line[pos] = 0.498 * (out + next);
                pos = (pos + 1) % period;
                let smoothed = 0.5 * (out + prev);
                prev = out;
                smoothed * envelope(t, seconds, 0.002, 0.0, 0.1) * velocity
            });
            bus.add(start, samples, pan);
        }
    }
}

/// Bass: sine with its octave, gently saturated so it reads on small speakers.
pub(super) fn bass(bus: &mut Bus, start: usize, seconds: f32, midi: f32, velocity: f32) {
    let f = midi_hz(midi);
    let len = ((seconds + 0.06) * SR) as usize;
    let samples = (0..len).map(move |i| {
        let t = i as f32 / SR;
        let x = (TAU * f * t).sin()
            + 0.45 * (TAU * 2.0 * f * t).sin()
            + 0.15 * (TAU * 3.0 * f * t).sin();
        (1.4 * x).tanh() * envelope(t, seconds, 0.006, 0.4, 0.06) * velocity
    });
    bus.add(start, samples, 0.0);
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Hit {
    Kick,
    Snare,
    Rim,
    ClosedHat,
    OpenHat,
    Shaker,
    Boom,
    Tom,
}

pub(super) fn drum(bus: &mut Bus, hit: Hit, start: usize, velocity: f32, rng: &mut Rng) {
    let seconds = match hit {
        Hit::Kick => 0.45,
        Hit::Snare => 0.25,
        Hit::Rim => 0.08,
        Hit::ClosedHat | Hit::Shaker => 0.06,
        Hit::OpenHat => 0.3,
        Hit::Boom => 2.0,
        Hit::Tom => 0.5,
    };
    let len = (seconds * SR) as usize;
    // Noise is drawn up front so each hit's sound depends only on the seed and its order.
    let noise: Vec<f32> = (0..len).map(|_| rng.noise()).collect();
    let mut phase = 0.0f32;
    let (mut hp_prev, mut lp) = (0.0f32, 0.0f32);
    let samples = noise.into_iter().enumerate().map(move |(i, n)| {
        let t = i as f32 / SR;
        // High-passed noise (first difference) for cymbals, low-passed for thuds.
        let bright = n - hp_prev;
        hp_prev = n;
        lp += 0.05 * (n - lp);
        match hit {
            Hit::Kick | Hit::Boom | Hit::Tom => {
                let (from, to, sweep, decay) = match hit {
                    Hit::Kick => (150.0, 48.0, 28.0, 7.0),
                    Hit::Boom => (90.0, 38.0, 6.0, 1.6),
                    _ => (150.0, 95.0, 10.0, 6.0),
                };
                phase += (to + (from - to) * (-t * sweep).exp()) / SR;
                let body = (TAU * phase).sin() * (-t * decay).exp();
                let thump = if hit == Hit::Boom {
                    0.6 * lp * (-t * 3.0).exp()
                } else {
                    0.0
                };
                (body + thump) * velocity
            }
            Hit::Snare => {
                phase += 185.0 / SR;
                (0.55 * bright * (-t * 16.0).exp() + 0.5 * (TAU * phase).sin() * (-t * 30.0).exp())
                    * velocity
            }
            Hit::Rim => {
                phase += 420.0 / SR;
                ((TAU * phase).sin() * 0.6 + 0.4 * bright) * (-t * 60.0).exp() * velocity
            }
            Hit::ClosedHat => 0.35 * bright * (-t * 70.0).exp() * velocity,
            Hit::OpenHat => 0.3 * bright * (-t * 9.0).exp() * velocity,
            Hit::Shaker => 0.3 * bright * (t / 0.012).min(1.0) * (-t * 55.0).exp() * velocity,
        }
    });
    let pan = match hit {
        Hit::ClosedHat | Hit::OpenHat => 0.3,
        Hit::Shaker => -0.3,
        Hit::Tom => -0.2,
        _ => 0.0,
    };
    bus.add(start, samples, pan);
}

/// Vinyl surface: soft hiss and sparse clicks over the whole bus.
pub(super) fn crackle(bus: &mut Bus, rng: &mut Rng) {
    let mut lp = 0.0f32;
    for i in 0..bus.left.len() {
        lp += 0.1 * (rng.noise() - lp);
        let click = if rng.below(6000) == 0 {
            rng.noise() * 0.25
        } else {
            0.0
        };
        let s = 0.012 * lp + click;
        bus.left[i] += s;
        bus.right[i] += s;
    }
}

/// In-place one-pole low-pass over the whole bus.
pub(super) fn lowpass(bus: &mut Bus, cutoff: f32) {
    let k = lowpass_k(cutoff);
    for channel in [&mut bus.left, &mut bus.right] {
        let mut y = 0.0;
        for s in channel.iter_mut() {
            y += k * (*s - y);
            *s = y;
        }
    }
}
