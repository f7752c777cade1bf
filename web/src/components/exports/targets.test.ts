import { describe, expect, it } from 'vitest';
import { ALL_TARGETS, checksSummary, ordered, presetChosen, PRESETS, togglePreset } from './targets';

describe('export targets', () => {
  it('keeps the shown order whatever the picking order', () => {
    expect(ordered(new Set(['instagram_story', 'amazon_main']))).toEqual(['amazon_main', 'instagram_story']);
  });

  it('names the presets a seller needs; a preset adds its targets, or takes them out when all were chosen', () => {
    expect(PRESETS.map((p) => p.name)).toEqual(['Amazon listing', 'Etsy listing', 'Instagram', 'Everything']);
    const amazon = PRESETS[0]?.targets ?? [];
    const instagram = PRESETS[2]?.targets ?? [];
    const both = togglePreset(new Set(amazon), instagram);
    expect(ordered(both)).toEqual(['amazon_main', 'amazon_lifestyle', 'instagram_feed', 'instagram_story', 'transparent_png']);
    expect(presetChosen(both, amazon) && presetChosen(both, instagram)).toBe(true);
    expect(ordered(togglePreset(both, instagram))).toEqual(['amazon_main', 'amazon_lifestyle', 'transparent_png']);
    expect(PRESETS[3]?.targets).toEqual(ALL_TARGETS);
    expect(ALL_TARGETS).toHaveLength(9);
  });

  it('sums the checks up, a failure first', () => {
    expect(checksSummary([{ ok: true }, { ok: true }])).toBe('All 2 checks pass');
    expect(checksSummary([{ ok: true }, { ok: false }])).toBe('1 of 2 checks fail');
  });
});
