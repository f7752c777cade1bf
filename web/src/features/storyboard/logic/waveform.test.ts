import { waveformBars } from './waveform';

describe('waveformBars', () => {
  it('is the same for the same id and differs between ids', () => {
    expect(waveformBars('a', 24)).toEqual(waveformBars('a', 24));
    expect(waveformBars('a', 24)).not.toEqual(waveformBars('b', 24));
  });
  it('gives count bars between 0.2 and 1', () => {
    const bars = waveformBars('00000000-0000-4000-8000-000000000001', 40);
    expect(bars).toHaveLength(40);
    for (const bar of bars) {
      expect(bar).toBeGreaterThanOrEqual(0.2);
      expect(bar).toBeLessThanOrEqual(1);
    }
    expect(waveformBars('x', 0)).toEqual([]);
  });
});
