//! Writes the parts (chords, bass, drums, lead) bar by bar on a sixteenth-note grid and
//! renders them into a stereo bus.

use super::style::{Drums, Style, Voice};
use super::synth::{self, Bus, Hit, Rng, RATE};
use crate::{Cancelled, Progress};

const MAJOR: [i32; 7] = [0, 2, 4, 5, 7, 9, 11];
const MINOR: [i32; 7] = [0, 2, 3, 5, 7, 8, 10];
/// Longest ring-out after the last bar (the cinematic boom, pad releases).
const TAIL_SECONDS: f32 = 3.0;

pub(super) struct Arranged {
    pub left: Vec<f32>,
    pub right: Vec<f32>,
    pub bpm: f32,
}

/// Semitones above the tonic of scale degree `degree` (may exceed an octave).
fn degree_semitones(scale: &[i32; 7], degree: usize) -> i32 {
    scale[degree % 7] + 12 * (degree / 7) as i32
}

pub(super) fn arrange(
    style: &Style,
    bpm: f32,
    seconds: f32,
    loop_safe: bool,
    seed: u64,
    progress: &mut dyn Progress,
) -> Result<Arranged, Cancelled> {
    let sr = RATE as f32;
    let mut rng = Rng::new(seed);
    let bar_seconds_nominal = 240.0 / bpm;
    // A loop must hold whole bars so the beat carries on across the wrap: bend the tempo.
    let bpm = if loop_safe {
        let bars = (seconds / bar_seconds_nominal).round().max(1.0);
        bars * 240.0 / seconds
    } else {
        bpm
    };
    let sixteenth = 15.0 / bpm;
    let bar_seconds = 16.0 * sixteenth;
    let len = (seconds * sr).round() as usize;
    let mut bus = Bus::new(len + (TAIL_SECONDS * sr) as usize);

    let scale = if style.minor { &MINOR } else { &MAJOR };
    let tonic = 55 + rng.below(10) as i32;
    let progression = style.progressions[rng.below(style.progressions.len())];
    let bars = (seconds / bar_seconds).ceil() as usize;
    // A short intro (chords and bass only, then drums, then the tune) when there is room
    // for one; a loop has no beginning, so everything plays from the first bar.
    let (drums_from, lead_from) = if !loop_safe && bars >= 6 {
        (1, 2)
    } else {
        (0, 0)
    };
    let step_start = |bar: usize, step: usize| {
        let swing = if step % 4 == 2 {
            style.swing * 2.0 * sixteenth
        } else {
            0.0
        };
        ((bar as f32 * bar_seconds + step as f32 * sixteenth + swing) * sr) as usize
    };

    let grid = Grid {
        sixteenth,
        bar_seconds,
        at: &step_start,
    };

    for bar in 0..bars {
        progress.report("composing", bar as f32 / bars as f32)?;
        let degree = progression[bar % 4];
        let chord = chord_of(style, scale, tonic, degree);
        chords(&mut bus, style.chords, &chord, bar, &grid, &mut rng);
        // Bass: the chord's root two octaves down.
        let root = tonic - 24 + degree_semitones(scale, degree) % 12;
        bass_line(&mut bus, style, root, bar, &grid);

        if bar >= drums_from {
            drums(&mut bus, style.drums, bar, &step_start, &mut rng);
        }
        if let (Some(voice), true) = (style.lead, bar >= lead_from) {
            lead(
                &mut bus,
                style,
                voice,
                bar,
                &chord,
                tonic,
                scale,
                seed,
                sixteenth,
                &step_start,
                &mut rng,
            );
        }
    }

    if style.crackle {
        synth::crackle(&mut bus, &mut rng);
    }
    if let Some(cutoff) = style.master_cutoff {
        synth::lowpass(&mut bus, cutoff);
    }
    let Bus {
        mut left,
        mut right,
    } = bus;
    if loop_safe {
        fold_tail(&mut left, len);
        fold_tail(&mut right, len);
    }
    left.truncate(len);
    right.truncate(len);
    progress.report("composing", 1.0)?;
    Ok(Arranged { left, right, bpm })
}

/// The bar grid: a sixteenth's and a bar's length in seconds, and where (in samples) a
/// step of a bar starts, swing included.
struct Grid<'a> {
    sixteenth: f32,
    bar_seconds: f32,
    at: &'a dyn Fn(usize, usize) -> usize,
}

/// The chord on `degree`: triads, or seventh chords when the style has them.
fn chord_of(style: &Style, scale: &[i32; 7], tonic: i32, degree: usize) -> Vec<i32> {
    let tones = if style.sevenths { 4 } else { 3 };
    (0..tones)
        .map(|k| {
            let semis = degree_semitones(scale, degree + 2 * k);
            // Keep voicings in one register so chord changes move little.
            tonic + if semis > 14 { semis - 12 } else { semis }
        })
        .collect()
}

/// One bar of chords in the style's voice: saw stabs on the off-beats, two electric-piano
/// hits, or one held chord for pads and the rest.
fn chords(bus: &mut Bus, voice: Voice, chord: &[i32], bar: usize, grid: &Grid, rng: &mut Rng) {
    let Grid {
        sixteenth,
        bar_seconds,
        at: step_start,
    } = *grid;
    match voice {
        Voice::Saw => {
            for step in [2, 6, 10, 14] {
                for (i, &n) in chord.iter().enumerate() {
                    let pan = (i as f32 - 1.0) * 0.4;
                    synth::note(
                        bus,
                        Voice::Saw,
                        step_start(bar, step),
                        1.5 * sixteenth,
                        n as f32,
                        0.09,
                        pan,
                        rng,
                    );
                }
            }
        }
        Voice::EPiano => {
            for (step, gate) in [(0, 5.0), (6, 9.0)] {
                for (i, &n) in chord.iter().enumerate() {
                    let pan = (i as f32 - 1.5) * 0.3;
                    synth::note(
                        bus,
                        Voice::EPiano,
                        step_start(bar, step),
                        gate * sixteenth,
                        n as f32,
                        0.14,
                        pan,
                        rng,
                    );
                }
            }
        }
        voice => {
            for (i, &n) in chord.iter().enumerate() {
                let pan = (i as f32 - 1.5) * 0.5;
                synth::note(
                    bus,
                    voice,
                    step_start(bar, 0),
                    bar_seconds * 0.98,
                    n as f32,
                    0.13,
                    pan,
                    rng,
                );
            }
        }
    }
}

/// One bar of bass on the style's steps, on `root`; with seventh chords it walks to the
/// fifth on the bar's middle.
fn bass_line(bus: &mut Bus, style: &Style, root: i32, bar: usize, grid: &Grid) {
    for (i, &step) in style.bass_steps.iter().enumerate() {
        let next = style.bass_steps.get(i + 1).copied().unwrap_or(16);
        let pitch = if style.sevenths && step == 8 {
            root + 7
        } else {
            root
        };
        let gate = (next - step) as f32 * grid.sixteenth * 0.9;
        synth::bass(bus, (grid.at)(bar, step), gate, pitch as f32, 0.38);
    }
}

/// Whatever rings past the end of a loop continues at its start: the loop is seamless.
fn fold_tail(channel: &mut [f32], len: usize) {
    let (body, tail) = channel.split_at_mut(len);
    for (i, s) in tail.iter().enumerate() {
        body[i % len] += s;
    }
}

fn drums(bus: &mut Bus, kit: Drums, bar: usize, at: &dyn Fn(usize, usize) -> usize, rng: &mut Rng) {
    let eighths = [0, 2, 4, 6, 8, 10, 12, 14];
    let mut hits: Vec<(usize, Hit, f32)> = Vec::new();
    let mut put = |steps: &[usize], hit: Hit, velocity: f32| {
        hits.extend(steps.iter().map(|&s| (s, hit, velocity)));
    };
    match kit {
        Drums::Shaker => {
            put(&[0], Hit::Kick, 0.45);
            put(&eighths, Hit::Shaker, 0.5);
        }
        Drums::Pop => {
            put(&[0, 6, 8], Hit::Kick, 0.9);
            put(&[4, 12], Hit::Snare, 0.6);
            put(&eighths, Hit::ClosedHat, 0.5);
        }
        Drums::FourOnTheFloor => {
            put(&[0, 4, 8, 12], Hit::Kick, 1.0);
            put(&[4, 12], Hit::Snare, 0.65);
            put(
                &[0, 1, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15],
                Hit::ClosedHat,
                0.35,
            );
            put(&[2, 6, 10, 14], Hit::OpenHat, 0.45);
        }
        Drums::Lounge => {
            put(&[0, 10], Hit::Kick, 0.6);
            put(&[4, 12], Hit::Rim, 0.45);
            put(&eighths, Hit::ClosedHat, 0.3);
        }
        Drums::Dusty => {
            put(&[0, 7, 10], Hit::Kick, 0.8);
            put(&[4, 12], Hit::Snare, 0.55);
            put(&eighths, Hit::ClosedHat, 0.35);
        }
        Drums::Boom => {
            put(&[0], Hit::Boom, 1.0);
            if bar % 2 == 1 {
                put(&[12, 14], Hit::Tom, 0.6);
            }
        }
    }
    for (step, hit, velocity) in hits {
        // A little velocity variation keeps repeated hits from sounding machine-stamped.
        let v = velocity * (0.9 + 0.1 * rng.noise().abs());
        synth::drum(bus, hit, at(bar, step), v, rng);
    }
}

#[allow(clippy::too_many_arguments)]
fn lead(
    bus: &mut Bus,
    style: &Style,
    voice: Voice,
    bar: usize,
    chord: &[i32],
    tonic: i32,
    scale: &[i32; 7],
    seed: u64,
    sixteenth: f32,
    at: &dyn Fn(usize, usize) -> usize,
    rng: &mut Rng,
) {
    let velocity = match voice {
        Voice::Pluck => 0.3,
        Voice::Bell => 0.16,
        _ => 0.2,
    };
    if style.lead_density >= 16 {
        // Arpeggio: chord tones an octave up, every sixteenth.
        for step in 0..16 {
            let n = chord[step % chord.len()] + 12 + if step % 8 >= 4 { 12 } else { 0 };
            synth::note(
                bus,
                voice,
                at(bar, step),
                sixteenth * 0.8,
                n as f32,
                velocity * 0.7,
                0.2,
                rng,
            );
        }
        return;
    }
    // The tune repeats with the four-bar progression, so it is heard as a motif: draw it
    // from a generator seeded by the bar's place in the cycle.
    let mut motif = Rng::new(seed ^ (0x1EAD_0000 + (bar % 4) as u64));
    let grid: &[usize] = if style.lead_density <= 4 {
        &[0, 4, 8, 12]
    } else {
        &[0, 2, 4, 6, 8, 10, 12, 14]
    };
    let mut steps: Vec<usize> = vec![0];
    while steps.len() < style.lead_density.min(grid.len()) {
        let s = grid[motif.below(grid.len())];
        if !steps.contains(&s) {
            steps.push(s);
        }
    }
    steps.sort_unstable();
    // Pentatonic degrees (no semitone clashes with the chords).
    let pentatonic: [usize; 5] = if scale == &MINOR {
        [0, 2, 3, 4, 6]
    } else {
        [0, 1, 2, 4, 5]
    };
    let mut index = motif.below(5);
    for (i, &step) in steps.iter().enumerate() {
        let next = steps.get(i + 1).copied().unwrap_or(16);
        let pitch = if i == 0 {
            // Land on a chord tone at the bar's start.
            chord[motif.below(chord.len())] + 12
        } else {
            index = (index as isize + motif.below(5) as isize - 2).clamp(0, 9) as usize;
            tonic + 12 + degree_semitones(scale, pentatonic[index % 5] + 7 * (index / 5))
        };
        let gate = (next - step) as f32 * sixteenth * 0.85;
        synth::note(
            bus,
            voice,
            at(bar, step),
            gate,
            pitch as f32,
            velocity,
            -0.15,
            rng,
        );
    }
}
