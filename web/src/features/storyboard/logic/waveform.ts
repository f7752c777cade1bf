/**
 * Bar heights (0.2–1) of a decorative waveform for a music track: drawn from its id, so a track
 * always looks the same without decoding any audio.
 */
export function waveformBars(seed: string, count: number): number[] {
  // FNV-1a of the id, then a small xorshift generator.
  let state = 2166136261;
  for (let i = 0; i < seed.length; i++) {
    state ^= seed.charCodeAt(i);
    state = Math.imul(state, 16777619) >>> 0;
  }
  const bars: number[] = [];
  for (let i = 0; i < Math.max(0, Math.floor(count)); i++) {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    // A gentle envelope keeps the ends lower, like a track fading in and out.
    const envelope = 0.55 + 0.45 * Math.sin((Math.PI * (i + 0.5)) / count);
    const value = 0.2 + 0.8 * ((state % 1000) / 1000) * envelope;
    bars.push(Math.round(value * 100) / 100);
  }
  return bars;
}
