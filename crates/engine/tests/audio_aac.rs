//! AAC-LC: the studio's music encoded as M4A and read back by ffprobe and ffmpeg (a decoder
//! independent of ours): AAC, profile LC, 44.1 kHz stereo, as long as the music, and the
//! same sound (its level follows the music's, second by second).

mod common;

use common::ffmpeg::{probe, rms, stereo_averaged};
use engine::audio::{compose, decode, encode_aac, transcode, AudioFormat, FRAME_SAMPLES};
use engine::NoProgress;

#[test]
fn music_encoded_as_m4a_is_aac_lc_stereo_of_the_same_length_and_sound() {
    let music = compose(
        "upbeat summer pop",
        10.0,
        false,
        3,
        AudioFormat::OggVorbis,
        &mut NoProgress,
    )
    .unwrap();
    let m4a = transcode(&music.bytes, AudioFormat::M4a).unwrap();

    let dir = std::env::temp_dir().join(format!("engine-audio-aac-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("music.m4a");
    std::fs::write(&file, &m4a).unwrap();
    let info = probe(&file);
    let streams = info["streams"].as_array().unwrap();
    assert_eq!(streams.len(), 1, "{info}");
    let audio = &streams[0];
    assert_eq!(audio["codec_name"], "aac", "{info}");
    assert_eq!(audio["profile"], "LC", "{info}");
    assert_eq!(audio["sample_rate"], "44100", "{info}");
    assert_eq!(audio["channels"], 2, "{info}");
    let seconds: f64 = info["format"]["duration"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(
        (seconds - 10.0).abs() < 0.05,
        "the M4A lasts {seconds} s, the music 10 s"
    );

    // Second by second, the decoded AAC is as loud as the music it was made from.
    let source = decode(&music.bytes).unwrap();
    let mono: Vec<f32> = source
        .left
        .iter()
        .zip(&source.right)
        .map(|(l, r)| (l + r) / 2.0)
        .collect();
    let got = stereo_averaged(&file);
    assert!(got.len() >= mono.len(), "{} < {}", got.len(), mono.len());
    for second in 0..9 {
        let span = second * 44_100..(second + 1) * 44_100;
        let (want, have) = (rms(&mono[span.clone()]), rms(&got[span]));
        assert!(want > 0.02, "second {second} of the music is silent");
        assert!(
            (have / want - 1.0).abs() < 0.25,
            "second {second}: the AAC's level {have:.3}, the music's {want:.3}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_stream_holds_one_access_unit_per_1024_samples() {
    let n: usize = 44_100 * 2 + 100;
    let tone: Vec<f32> = (0..n)
        .map(|i| (i as f32 * 440.0 * std::f32::consts::TAU / 44_100.0).sin() * 0.5)
        .collect();
    let stream = encode_aac(&tone, &tone, 44_100).unwrap();
    assert_eq!(stream.frames.len(), n.div_ceil(FRAME_SAMPLES));
    assert!(stream.frames.iter().all(|f| !f.is_empty()));
    // The encoder's own configuration: object type 2 (AAC-LC), 44.1 kHz (index 4), stereo.
    let asc = &stream.audio_specific_config;
    assert!(asc.len() >= 2, "{asc:?}");
    assert_eq!(asc[0] >> 3, 2, "object type {}", asc[0] >> 3);
    assert_eq!(((asc[0] & 7) << 1) | (asc[1] >> 7), 4);
    assert_eq!((asc[1] >> 3) & 0x0f, 2);
    // Framed for the muxer: a valid ADTS header with the frame's length.
    let adts = stream.adts_frame(10);
    assert_eq!(&adts[..2], &[0xff, 0xf1]);
    let len = ((adts[3] as usize & 3) << 11) | ((adts[4] as usize) << 3) | (adts[5] as usize >> 5);
    assert_eq!(len, adts.len());
    assert_eq!(&adts[7..], &stream.frames[10][..]);

    assert!(encode_aac(&tone, &tone, 22_050).is_err());
    assert!(encode_aac(&tone, &tone[1..], 44_100).is_err());
}

#[test]
fn music_downloads_as_wav_keep_every_sample() {
    let music = compose(
        "calm piano",
        6.0,
        false,
        5,
        AudioFormat::Wav,
        &mut NoProgress,
    )
    .unwrap();
    let wav = transcode(&music.bytes, AudioFormat::Wav).unwrap();
    assert_eq!(wav, music.bytes);
    let ogg = compose(
        "calm piano",
        6.0,
        false,
        5,
        AudioFormat::OggVorbis,
        &mut NoProgress,
    )
    .unwrap();
    let from_ogg = decode(&transcode(&ogg.bytes, AudioFormat::Wav).unwrap()).unwrap();
    let source = decode(&ogg.bytes).unwrap();
    assert_eq!(from_ogg.rate, 44_100);
    assert_eq!(from_ogg.left.len(), source.left.len());
    let worst = from_ogg
        .left
        .iter()
        .zip(&source.left)
        .map(|(a, b)| (a - b.clamp(-1.0, 1.0)).abs())
        .fold(0f32, f32::max);
    assert!(worst < 2.0 / 32768.0, "a sample moved by {worst}");
    assert!(transcode(b"ID3 an mp3", AudioFormat::M4a).is_err());
}
