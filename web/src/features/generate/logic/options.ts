import type { RecommendationBody } from '../api/types';

/** Templates apply a ready-made scene; recommendations let the AI assistant stage it from guided choices. */
export type GenerationMode = 'templates' | 'recommendations';
export const DEFAULT_MODE: GenerationMode = 'templates';

export const MODES: readonly { value: GenerationMode; label: string; description: string; estimate: string }[] = [
  { value: 'templates', label: 'Templates', description: 'Pick a ready-made scene style for your product.', estimate: '1-2 minutes' },
  {
    value: 'recommendations',
    label: 'AI Assistant',
    description: 'Guide the AI with setting, colours, light and framing.',
    estimate: '2-3 minutes',
  },
];

export function modeInfo(mode: GenerationMode) {
  return MODES.find((entry) => entry.value === mode) ?? MODES[0]!;
}

export type Environment = NonNullable<RecommendationBody['environment']>;
export type ColorPalette = NonNullable<RecommendationBody['color_palette']>;
export type Lighting = NonNullable<RecommendationBody['lighting']>;
export type Composition = NonNullable<RecommendationBody['composition']>;

export interface Choice<T extends string> {
  value: T;
  label: string;
  description: string;
}

export interface PaletteChoice extends Choice<ColorPalette> {
  /** The colours the engine dresses the scene in, so the swatches match the result. */
  swatches: readonly [string, string, string];
}

export const ENVIRONMENTS: readonly Choice<Environment>[] = [
  { value: 'luxury_marble', label: 'Luxury Marble', description: 'Polished marble' },
  { value: 'clean_bathroom', label: 'Clean Bathroom', description: 'Bright spa tiles' },
  { value: 'professional_studio', label: 'Professional Studio', description: 'Seamless backdrop' },
  { value: 'natural_outdoor', label: 'Natural Outdoor', description: 'Sunlit wood, foliage' },
  { value: 'cozy_bedroom', label: 'Cozy Bedroom', description: 'Soft linen, homely' },
];

export const COLOR_PALETTES: readonly PaletteChoice[] = [
  { value: 'warm_cozy', label: 'Warm Cozy', description: 'Terracotta, cream', swatches: ['#C7794F', '#E8D7BE', '#8C5A3C'] },
  { value: 'cool_fresh', label: 'Cool Fresh', description: 'Sea glass, white', swatches: ['#9CC5C9', '#F2F5F5', '#5C8C9A'] },
  { value: 'bold_dramatic', label: 'Bold Dramatic', description: 'Burgundy, gold', swatches: ['#8E1F2F', '#1C1C1E', '#C9A44C'] },
  { value: 'soft_dreamy', label: 'Soft Dreamy', description: 'Blush and lilac', swatches: ['#E7B8C3', '#F7EEF0', '#B9A6D6'] },
  { value: 'neutral_clean', label: 'Neutral Clean', description: 'Stone, off-white', swatches: ['#D8D2C8', '#F4F3F0', '#9A948A'] },
];

export const LIGHTINGS: readonly Choice<Lighting>[] = [
  { value: 'natural_daylight', label: 'Natural Daylight', description: 'Fresh window light' },
  { value: 'golden_hour', label: 'Golden Hour', description: 'Warm low sun' },
  { value: 'dramatic_shadows', label: 'Dramatic Shadows', description: 'Hard light, deep contrast' },
  { value: 'soft_even', label: 'Soft Even', description: 'Shadowless softbox' },
];

export const COMPOSITIONS: readonly Choice<Composition>[] = [
  { value: 'product_hero', label: 'Product Hero', description: 'Centred and prominent' },
  { value: 'lifestyle_context', label: 'Lifestyle Context', description: 'In an everyday setting' },
  { value: 'artistic_composition', label: 'Artistic Composition', description: 'Editorial, with props' },
  { value: 'detail_closeup', label: 'Detail Close-up', description: 'Texture fills the frame' },
];

/** The four guided choices of AI Assistant mode, named as the server names them. */
export interface StyleChoices {
  environment: Environment;
  color_palette: ColorPalette;
  lighting: Lighting;
  composition: Composition;
}

export const DEFAULT_STYLE: StyleChoices = {
  environment: 'professional_studio',
  color_palette: 'neutral_clean',
  lighting: 'natural_daylight',
  composition: 'product_hero',
};

/** A style preset's choices as the scene carries them: any may be missing or unknown. */
export interface PresetStyle {
  environment?: string | null;
  color_palette?: string | null;
  lighting?: string | null;
  composition?: string | null;
}

function known<T extends string>(list: readonly Choice<T>[], value: string | null | undefined): T | undefined {
  const trimmed = value?.trim();
  return list.find((choice) => choice.value === trimmed)?.value;
}

/** The preset's choices where they are valid options, the defaults elsewhere. */
export function styleFromPreset(preset: PresetStyle | null | undefined): StyleChoices {
  return {
    environment: known(ENVIRONMENTS, preset?.environment) ?? DEFAULT_STYLE.environment,
    color_palette: known(COLOR_PALETTES, preset?.color_palette) ?? DEFAULT_STYLE.color_palette,
    lighting: known(LIGHTINGS, preset?.lighting) ?? DEFAULT_STYLE.lighting,
    composition: known(COMPOSITIONS, preset?.composition) ?? DEFAULT_STYLE.composition,
  };
}

/** Identifies a preset's prefill: when it changes, the choices are prefilled again. */
export function presetKey(preset: PresetStyle | null | undefined): string {
  const style = styleFromPreset(preset);
  return preset ? `${style.environment}|${style.color_palette}|${style.lighting}|${style.composition}` : '';
}

/** A human label for an option value (e.g. `golden_hour` → Golden Hour); null for unknown values. */
export function choiceLabel(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  for (const list of [ENVIRONMENTS, COLOR_PALETTES, LIGHTINGS, COMPOSITIONS] as readonly (readonly Choice<string>[])[]) {
    const match = list.find((choice) => choice.value === value);
    if (match) return match.label;
  }
  return null;
}

export const MAX_CREATIVE_DIRECTION = 4000;
