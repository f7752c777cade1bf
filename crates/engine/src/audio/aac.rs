//! AAC-LC, the audio social platforms and every player take inside an MP4: PCM in, raw
//! access units out, with the stream's AudioSpecificConfig. Encoded with libxaac.

use xaac_rs::{Encoder, EncoderConfig, OutputFormat, Profile};

use crate::EngineError;

/// Samples per channel in one AAC-LC access unit.
pub const FRAME_SAMPLES: usize = 1024;

/// Stereo at 44.1 kHz: clean for music, small enough for a phone upload.
const BITRATE: u32 = 160_000;

/// Encoded AAC-LC: one raw access unit per [`FRAME_SAMPLES`] samples.
#[derive(Debug, Clone)]
pub struct AacStream {
    pub sample_rate: u32,
    pub channels: u16,
    /// The decoder configuration (object type 2, rate, channels), as an MP4's esds holds it.
    pub audio_specific_config: Vec<u8>,
    pub frames: Vec<Vec<u8>>,
}

impl AacStream {
    pub fn seconds(&self) -> f64 {
        (self.frames.len() * FRAME_SAMPLES) as f64 / f64::from(self.sample_rate)
    }

    /// Access unit `i` behind a 7-byte MPEG-4 ADTS header, the framing the MP4 muxer reads
    /// the stream's configuration from.
    pub fn adts_frame(&self, i: usize) -> Vec<u8> {
        let frame = &self.frames[i];
        let len = frame.len() + 7;
        let rate_index: u8 = if self.sample_rate == 48_000 { 3 } else { 4 };
        let channels = self.channels as u8;
        // Sync word, MPEG-4, layer 0, no CRC; AAC-LC (object type 2, written as 1); rate;
        // channels; the frame's length; a variable-rate buffer (0x7ff); one access unit.
        let mut out = vec![
            0xff,
            0xf1,
            (1 << 6) | (rate_index << 2) | (channels >> 2),
            ((channels & 3) << 6) | (len >> 11) as u8,
            (len >> 3) as u8,
            ((len & 7) << 5) as u8 | 0x1f,
            0xfc,
        ];
        out.extend_from_slice(frame);
        out
    }
}

/// The AAC rate for music at `rate`: 48 kHz for 48 kHz and above, else 44.1 kHz.
pub(super) fn rate_for(rate: u32) -> u32 {
    if rate >= 48_000 {
        48_000
    } else {
        44_100
    }
}

fn aac_err(e: xaac_rs::Error) -> EngineError {
    EngineError::Encode(format!("aac: {e}"))
}

/// Encodes stereo PCM (samples in −1…1) at `sample_rate` (44 100 or 48 000) as AAC-LC. The
/// stream holds exactly as many access units as the samples fill (the last one padded with
/// silence); the encoder's look-ahead is flushed with silence, so the stream lasts as long
/// as the PCM, not a frame more or less.
pub fn encode_aac(left: &[f32], right: &[f32], sample_rate: u32) -> Result<AacStream, EngineError> {
    if left.len() != right.len() {
        return Err(EngineError::InvalidInput(
            "the channels differ in length".into(),
        ));
    }
    if sample_rate != 44_100 && sample_rate != 48_000 {
        return Err(EngineError::InvalidInput(format!(
            "AAC is made at 44.1 or 48 kHz, not {sample_rate} Hz"
        )));
    }
    let mut encoder = Encoder::new(EncoderConfig {
        profile: Profile::AacLc,
        sample_rate,
        native_sample_rate: Some(sample_rate),
        channels: 2,
        bitrate: BITRATE,
        pcm_word_size: 16,
        output_format: OutputFormat::Raw,
        ..EncoderConfig::default()
    })
    .map_err(aac_err)?;
    let audio_specific_config = encoder.audio_specific_config().to_vec();
    let per_frame = encoder.input_samples_per_channel();
    if per_frame != FRAME_SAMPLES {
        return Err(EngineError::Encode(format!(
            "aac: {per_frame} samples per frame"
        )));
    }
    let wanted = left.len().div_ceil(FRAME_SAMPLES);
    let mut frames = Vec::with_capacity(wanted);
    let mut pcm = vec![0i16; FRAME_SAMPLES * 2];
    let to_i16 = |s: f32| (s.clamp(-1.0, 1.0) * 32767.0).round() as i16;
    // Silence after the end flushes what the encoder still holds; a bounded number of extra
    // frames, so a stuck encoder fails instead of looping.
    let mut fed = 0usize;
    while frames.len() < wanted {
        if fed > wanted + 16 {
            return Err(EngineError::Encode(
                "aac: the encoder stopped giving frames".into(),
            ));
        }
        for (i, pair) in pcm.chunks_exact_mut(2).enumerate() {
            let at = fed * FRAME_SAMPLES + i;
            pair[0] = left.get(at).copied().map_or(0, to_i16);
            pair[1] = right.get(at).copied().map_or(0, to_i16);
        }
        fed += 1;
        let packet = encoder.encode_i16_interleaved(&pcm).map_err(aac_err)?;
        if !packet.data.is_empty() {
            frames.push(packet.data);
        }
    }
    Ok(AacStream {
        sample_rate,
        channels: 2,
        audio_specific_config,
        frames,
    })
}

/// AAC-LC in an MP4 container (`.m4a`): plays in browsers, phones and editors.
pub fn encode_m4a(left: &[f32], right: &[f32], sample_rate: u32) -> Result<Vec<u8>, EngineError> {
    let stream = encode_aac(left, right, sample_rate)?;
    let mux_err = |e: muxide::api::MuxerError| EngineError::Encode(format!("m4a: {e}"));
    let mut muxer = muxide::api::MuxerBuilder::new(Vec::new())
        .audio(
            muxide::api::AudioCodec::Aac(muxide::api::AacProfile::Lc),
            stream.sample_rate,
            stream.channels,
        )
        .with_fast_start(true)
        .build()
        .map_err(mux_err)?;
    for i in 0..stream.frames.len() {
        let pts = (i * FRAME_SAMPLES) as f64 / f64::from(stream.sample_rate);
        muxer
            .write_audio(pts, &stream.adts_frame(i))
            .map_err(mux_err)?;
    }
    muxer.finish_in_place().map_err(mux_err)?;
    Ok(muxer.into_writer())
}
