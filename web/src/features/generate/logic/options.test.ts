import {
  choiceLabel,
  COLOR_PALETTES,
  COMPOSITIONS,
  DEFAULT_MODE,
  DEFAULT_STYLE,
  ENVIRONMENTS,
  LIGHTINGS,
  modeInfo,
  presetKey,
  styleFromPreset,
} from './options';

describe('generation options', () => {
  it('lists every option the server accepts, with human labels', () => {
    expect(ENVIRONMENTS.map((o) => o.value)).toEqual(['luxury_marble', 'clean_bathroom', 'professional_studio', 'natural_outdoor', 'cozy_bedroom']);
    expect(ENVIRONMENTS.map((o) => o.label)).toEqual(['Luxury Marble', 'Clean Bathroom', 'Professional Studio', 'Natural Outdoor', 'Cozy Bedroom']);
    expect(COLOR_PALETTES.map((o) => o.value)).toEqual(['warm_cozy', 'cool_fresh', 'bold_dramatic', 'soft_dreamy', 'neutral_clean']);
    expect(COLOR_PALETTES.map((o) => o.label)).toEqual(['Warm Cozy', 'Cool Fresh', 'Bold Dramatic', 'Soft Dreamy', 'Neutral Clean']);
    expect(LIGHTINGS.map((o) => o.value)).toEqual(['natural_daylight', 'golden_hour', 'dramatic_shadows', 'soft_even']);
    expect(LIGHTINGS.map((o) => o.label)).toEqual(['Natural Daylight', 'Golden Hour', 'Dramatic Shadows', 'Soft Even']);
    expect(COMPOSITIONS.map((o) => o.value)).toEqual(['product_hero', 'lifestyle_context', 'artistic_composition', 'detail_closeup']);
  });

  it('gives every palette three swatch colours', () => {
    for (const palette of COLOR_PALETTES) {
      expect(palette.swatches).toHaveLength(3);
      for (const colour of palette.swatches) expect(colour).toMatch(/^#[0-9A-F]{6}$/i);
    }
  });

  it('defaults to professional studio, neutral clean, natural daylight, product hero', () => {
    expect(DEFAULT_STYLE).toEqual({
      environment: 'professional_studio',
      color_palette: 'neutral_clean',
      lighting: 'natural_daylight',
      composition: 'product_hero',
    });
  });

  it('starts in templates mode; templates take 1-2 minutes, the AI assistant 2-3', () => {
    expect(DEFAULT_MODE).toBe('templates');
    expect(modeInfo('templates')).toMatchObject({ label: 'Templates', estimate: '1-2 minutes' });
    expect(modeInfo('recommendations')).toMatchObject({ label: 'AI Assistant', estimate: '2-3 minutes' });
  });

  it('prefills from a preset, keeping the defaults for missing or unknown values', () => {
    expect(styleFromPreset({ environment: 'luxury_marble', color_palette: 'warm_cozy', lighting: 'golden_hour', composition: 'detail_closeup' })).toEqual({
      environment: 'luxury_marble',
      color_palette: 'warm_cozy',
      lighting: 'golden_hour',
      composition: 'detail_closeup',
    });
    expect(styleFromPreset({ environment: 'moon_base', color_palette: null, lighting: ' soft_even ' })).toEqual({ ...DEFAULT_STYLE, lighting: 'soft_even' });
    expect(styleFromPreset(null)).toEqual(DEFAULT_STYLE);
    expect(styleFromPreset(undefined)).toEqual(DEFAULT_STYLE);
  });

  it('keys a prefill by the choices it makes, and no preset by the empty key', () => {
    expect(presetKey(null)).toBe('');
    expect(presetKey(undefined)).toBe('');
    expect(presetKey({ environment: 'luxury_marble' })).toBe(presetKey({ environment: 'luxury_marble', lighting: 'natural_daylight' }));
    expect(presetKey({ environment: 'luxury_marble' })).not.toBe(presetKey({ environment: 'cozy_bedroom' }));
  });

  it('names option values for people', () => {
    expect(choiceLabel('golden_hour')).toBe('Golden Hour');
    expect(choiceLabel('cozy_bedroom')).toBe('Cozy Bedroom');
    expect(choiceLabel('nope')).toBeNull();
    expect(choiceLabel(3)).toBeNull();
  });
});
