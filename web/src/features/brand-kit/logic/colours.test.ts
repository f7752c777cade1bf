import { describe, expect, it } from 'vitest';
import { inkOn, MAX_COLOURS, nextColour, normaliseHex, replaceColour } from './colours';

describe('brand colours', () => {
  it('reads #rrggbb in any case and nothing else', () => {
    expect(normaliseHex(' #C44A18 ')).toBe('#c44a18');
    expect(normaliseHex('#abc')).toBeNull();
    expect(normaliseHex('red')).toBeNull();
  });

  it('drops a colour that repeats another after an edit', () => {
    expect(replaceColour(['#111111', '#222222'], 1, '#111111')).toEqual(['#111111']);
    expect(replaceColour(['#111111', '#222222'], 0, '#333333')).toEqual(['#333333', '#222222']);
  });

  it('offers a new chip only while there is room', () => {
    expect(nextColour(['#ffffff'])).toBe('#000000');
    expect(nextColour(Array.from({ length: MAX_COLOURS }, (_, i) => `#00000${i}`))).toBeNull();
  });

  it('labels dark chips in white and light ones in black', () => {
    expect(inkOn('#1f2937')).toBe('#ffffff');
    expect(inkOn('#fff4e6')).toBe('#000000');
  });
});
