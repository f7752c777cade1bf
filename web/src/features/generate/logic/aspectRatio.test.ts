import { aspectRatioOf } from '@/lib/media/aspectRatio';
import { ASPECT_RATIOS, aspectRatioLabel, cssAspectRatioOf, DEFAULT_ASPECT_RATIO, isAspectRatio, resolutionFor } from './aspectRatio';

describe('aspect ratios', () => {
  it('offers 1:1 Square, 3:2 Landscape and 2:3 Portrait, 2:3 by default', () => {
    expect(ASPECT_RATIOS.map((ratio) => aspectRatioLabel(ratio.value))).toEqual(['1:1 Square', '3:2 Landscape', '2:3 Portrait']);
    expect(DEFAULT_ASPECT_RATIO).toBe('2:3');
  });

  it('maps each ratio to the resolution the server expects (and that reads back as the same shape)', () => {
    expect(resolutionFor('1:1')).toBe('1024x1024');
    expect(resolutionFor('3:2')).toBe('1536x1024');
    expect(resolutionFor('2:3')).toBe('1024x1536');
    for (const ratio of ASPECT_RATIOS) expect(aspectRatioOf(resolutionFor(ratio.value))).toBe(ratio.name);
  });

  it('reserves the box of each ratio in CSS terms', () => {
    expect(cssAspectRatioOf('1:1')).toBe('1 / 1');
    expect(cssAspectRatioOf('3:2')).toBe('3 / 2');
    expect(cssAspectRatioOf('2:3')).toBe('2 / 3');
  });

  it('recognises only the offered ratios', () => {
    expect(isAspectRatio('3:2')).toBe(true);
    expect(isAspectRatio('16:9')).toBe(false);
    expect(isAspectRatio(undefined)).toBe(false);
  });
});
