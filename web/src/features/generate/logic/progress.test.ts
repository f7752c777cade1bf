import { progressPercent, stageLabel } from './progress';

describe('progress display', () => {
  it('words the engine’s stages', () => {
    expect(stageLabel('cutout')).toBe('Cutting out your product');
    expect(stageLabel('scene')).toBe('Staging the scene');
    expect(stageLabel('rendering_background')).toBe('Rendering background');
  });

  it('falls back to the status, then to Starting', () => {
    expect(stageLabel(null, 'queued')).toBe('Waiting in line');
    expect(stageLabel(null, 'processing')).toBe('Generating');
    expect(stageLabel(null, null)).toBe('Starting');
  });

  it('rounds and clamps the percentage; unknown stays unknown', () => {
    expect(progressPercent(41.6)).toBe(42);
    expect(progressPercent(140)).toBe(100);
    expect(progressPercent(-3)).toBe(0);
    expect(progressPercent(null)).toBeNull();
    expect(progressPercent(Number.NaN)).toBeNull();
  });
});
