import { RESOLUTION_OF, type AspectRatioName, type Resolution } from '@/lib/media/aspectRatio';

/** The ratios the panel offers, as the server reads them in `aspect_ratio`. */
export type AspectRatio = '1:1' | '3:2' | '2:3';

export interface AspectRatioOption {
  value: AspectRatio;
  name: AspectRatioName;
  label: string;
  width: number;
  height: number;
}

export const ASPECT_RATIOS: readonly AspectRatioOption[] = [
  { value: '1:1', name: 'square', label: 'Square', width: 1, height: 1 },
  { value: '3:2', name: 'landscape', label: 'Landscape', width: 3, height: 2 },
  { value: '2:3', name: 'portrait', label: 'Portrait', width: 2, height: 3 },
];

export const DEFAULT_ASPECT_RATIO: AspectRatio = '2:3';

function option(ratio: AspectRatio): AspectRatioOption {
  return ASPECT_RATIOS.find((entry) => entry.value === ratio) ?? ASPECT_RATIOS[2]!;
}

/** 1:1 → 1024x1024, 3:2 → 1536x1024, 2:3 → 1024x1536 (the server refuses a resolution that disagrees). */
export function resolutionFor(ratio: AspectRatio): Resolution {
  return RESOLUTION_OF[option(ratio).name];
}

/** The CSS `aspect-ratio` of a ratio, to reserve an image's box before it loads. */
export function cssAspectRatioOf(ratio: AspectRatio): string {
  const { width, height } = option(ratio);
  return `${width} / ${height}`;
}

/** e.g. `2:3 Portrait`. */
export function aspectRatioLabel(ratio: AspectRatio): string {
  return `${ratio} ${option(ratio).label}`;
}

export function isAspectRatio(value: unknown): value is AspectRatio {
  return ASPECT_RATIOS.some((entry) => entry.value === value);
}
