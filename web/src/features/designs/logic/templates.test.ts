import { describe, expect, it } from 'vitest';
import { designRequest, isDesign, TEMPLATES } from './templates';

describe('ad design requests', () => {
  it('offers all eight layouts', () => {
    expect(new Set(TEMPLATES.map((t) => t.id)).size).toBe(8);
  });

  it('trims the copy and leaves blank lines out', () => {
    expect(designRequest({ headline: ' Weekend sale ', offer: ' ', cta: 'Shop now ', logo: true, template: 'bottom_bar' })).toEqual({
      headline: 'Weekend sale',
      offer: null,
      cta: 'Shop now',
      logo: true,
      template: 'bottom_bar',
    });
  });

  it('tells a design from a plain picture', () => {
    expect(isDesign({ design: { layers: [] } })).toBe(true);
    expect(isDesign({})).toBe(false);
    expect(isDesign(null)).toBe(false);
  });
});
