//! Music through the public API, checked by decoding the output independently (lewton for
//! Ogg Vorbis, a hand parse for WAV).

use engine::audio::{compose, AudioFormat, Mood};
use engine::{EngineError, NoProgress};

/// Interleaved stereo samples in -1..1 and the sample rate.
fn decode_ogg(bytes: &[u8]) -> (Vec<f32>, u32) {
    let mut reader = lewton::inside_ogg::OggStreamReader::new(std::io::Cursor::new(bytes)).unwrap();
    assert_eq!(reader.ident_hdr.audio_channels, 2);
    let rate = reader.ident_hdr.audio_sample_rate;
    let mut out = Vec::new();
    while let Some(packet) = reader.read_dec_packet_itl().unwrap() {
        out.extend(packet.into_iter().map(|s| s as f32 / 32768.0));
    }
    (out, rate)
}

fn decode_wav(bytes: &[u8]) -> (Vec<f32>, u32) {
    assert_eq!(&bytes[0..4], b"RIFF");
    assert_eq!(&bytes[8..16], b"WAVEfmt ");
    assert_eq!(
        u32::from_le_bytes(bytes[4..8].try_into().unwrap()) as usize,
        bytes.len() - 8
    );
    assert_eq!(u16::from_le_bytes([bytes[20], bytes[21]]), 1, "PCM");
    assert_eq!(u16::from_le_bytes([bytes[22], bytes[23]]), 2, "stereo");
    let rate = u32::from_le_bytes(bytes[24..28].try_into().unwrap());
    assert_eq!(&bytes[36..40], b"data");
    let len = u32::from_le_bytes(bytes[40..44].try_into().unwrap()) as usize;
    let samples = bytes[44..44 + len]
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]) as f32 / 32768.0)
        .collect();
    (samples, rate)
}

fn rms(samples: &[f32]) -> f32 {
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len().max(1) as f32).sqrt()
}

fn assert_healthy(samples: &[f32], seconds: f32, rate: u32) {
    let frames = samples.len() as f32 / 2.0 / rate as f32;
    assert!(
        (frames - seconds).abs() < 0.1,
        "{frames} s instead of {seconds}"
    );
    let level = rms(samples);
    assert!(level > 0.05, "too quiet: rms {level}");
    let peak = samples.iter().fold(0f32, |m, s| m.max(s.abs()));
    assert!(peak < 0.99, "clipping: peak {peak}");
    // Every second has sound: no dead gaps in the middle of a track.
    let second = 2 * rate as usize;
    for (i, chunk) in samples.chunks(second).enumerate().skip(1) {
        if chunk.len() == second && (i + 2) * second < samples.len() {
            assert!(rms(chunk) > 0.02, "second {i} is silent");
        }
    }
}

#[test]
fn ogg_decodes_to_a_healthy_track_of_the_asked_length() {
    let track = compose(
        "upbeat summer promo",
        15.0,
        false,
        1,
        AudioFormat::OggVorbis,
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!(track.mime, "audio/ogg");
    assert_eq!(track.mood, Mood::Upbeat);
    let (samples, rate) = decode_ogg(&track.bytes);
    assert_eq!(rate, 44_100);
    assert_healthy(&samples, 15.0, rate);
    // Fades: the last 50 ms are near silence.
    let tail = &samples[samples.len() - 4410..];
    assert!(rms(tail) < 0.02, "no fade out: {}", rms(tail));
}

#[test]
fn wav_is_a_valid_riff_file_without_clipping() {
    let track = compose(
        "luxurious perfume",
        8.0,
        false,
        2,
        AudioFormat::Wav,
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!(track.mime, "audio/wav");
    let (samples, rate) = decode_wav(&track.bytes);
    assert_healthy(&samples, 8.0, rate);
}

/// Period of the strongest beat in 0.3–1.0 s (60–200 BPM), from the autocorrelation of the
/// low band's onset envelope.
fn beat_period(samples: &[f32], rate: u32) -> f32 {
    let hop = rate as usize / 200; // 5 ms
    let mut lp = 0f32;
    let mut energy = Vec::new();
    let mut acc = 0f32;
    for (i, frame) in samples.chunks_exact(2).enumerate() {
        lp += 0.02 * ((frame[0] + frame[1]) * 0.5 - lp);
        acc += lp * lp;
        if (i + 1) % hop == 0 {
            energy.push(acc);
            acc = 0.0;
        }
    }
    let onset: Vec<f32> = energy.windows(2).map(|w| (w[1] - w[0]).max(0.0)).collect();
    let (lo, hi) = (60, 200); // lags in hops: 0.3 s to 1.0 s
    let score = |lag: usize| {
        onset
            .iter()
            .zip(&onset[lag..])
            .map(|(a, b)| a * b)
            .sum::<f32>()
    };
    let best = (lo..=hi)
        .max_by(|&a, &b| score(a).total_cmp(&score(b)))
        .unwrap();
    best as f32 * hop as f32 / rate as f32
}

#[test]
fn calm_is_slower_than_energetic_in_the_api_and_in_the_sound() {
    let calm = compose(
        "calm spa",
        12.0,
        false,
        5,
        AudioFormat::Wav,
        &mut NoProgress,
    )
    .unwrap();
    let energetic = compose(
        "energetic workout",
        12.0,
        false,
        5,
        AudioFormat::Wav,
        &mut NoProgress,
    )
    .unwrap();
    assert!(
        calm.bpm * 1.4 < energetic.bpm,
        "{} vs {}",
        calm.bpm,
        energetic.bpm
    );
    for track in [&calm, &energetic] {
        let (samples, rate) = decode_wav(&track.bytes);
        let period = beat_period(&samples, rate);
        // The strongest low-band period falls on the track's own eighth-note grid.
        let eighths = period * track.bpm / 30.0;
        assert!(
            (eighths - eighths.round()).abs() < 0.2,
            "{:?}: period {period:.3} s is {eighths:.2} eighths",
            track.mood
        );
    }
}

#[test]
fn the_same_seed_gives_the_same_bytes_and_another_seed_differs() {
    let a = compose(
        "lo-fi study beat",
        6.0,
        false,
        42,
        AudioFormat::OggVorbis,
        &mut NoProgress,
    )
    .unwrap();
    let b = compose(
        "lo-fi study beat",
        6.0,
        false,
        42,
        AudioFormat::OggVorbis,
        &mut NoProgress,
    )
    .unwrap();
    let c = compose(
        "lo-fi study beat",
        6.0,
        false,
        43,
        AudioFormat::OggVorbis,
        &mut NoProgress,
    )
    .unwrap();
    assert_eq!(a.bytes, b.bytes);
    assert_ne!(a.bytes, c.bytes);
}

#[test]
fn a_loop_has_no_fades_whole_bars_and_a_seamless_wrap() {
    let track = compose(
        "cinematic trailer",
        10.0,
        true,
        3,
        AudioFormat::Wav,
        &mut NoProgress,
    )
    .unwrap();
    let (samples, rate) = decode_wav(&track.bytes);
    assert_healthy(&samples, 10.0, rate);
    let bars = 10.0 * track.bpm / 240.0;
    assert!((bars - bars.round()).abs() < 1e-3, "{bars} bars");
    let head = rms(&samples[..rate as usize / 5 * 2]);
    assert!(head > 0.03, "a loop must not fade in: {head}");
    // Across the wrap the step is no larger than the steps inside the track.
    let (last_l, first_l) = (samples[samples.len() - 2], samples[0]);
    let typical = samples
        .chunks_exact(2)
        .collect::<Vec<_>>()
        .windows(2)
        .map(|w| (w[1][0] - w[0][0]).abs())
        .fold(0f32, f32::max);
    assert!(
        (last_l - first_l).abs() <= typical,
        "wrap step {} vs largest step {typical}",
        (last_l - first_l).abs()
    );
}

#[test]
fn lengths_outside_5_to_30_seconds_are_refused() {
    for seconds in [4.9, 30.5, f32::NAN] {
        let err =
            compose("calm", seconds, false, 0, AudioFormat::Wav, &mut NoProgress).unwrap_err();
        assert!(
            matches!(err, EngineError::InvalidInput(_)),
            "{seconds}: {err:?}"
        );
    }
}
