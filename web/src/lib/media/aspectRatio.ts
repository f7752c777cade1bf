/** The studio's three output sizes. */
export const RESOLUTIONS = ['1024x1024', '1536x1024', '1024x1536'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

export type AspectRatioName = 'square' | 'landscape' | 'portrait';

/** Portrait for 1024x1536, landscape for 1536x1024, otherwise square. */
export function aspectRatioOf(resolution: string | null | undefined): AspectRatioName {
  if (resolution === '1024x1536') return 'portrait';
  if (resolution === '1536x1024') return 'landscape';
  return 'square';
}

/** How the ratio reads to a person: 1:1, 3:2, 2:3. */
export const ASPECT_RATIO_LABELS: Record<AspectRatioName, string> = { square: '1:1', landscape: '3:2', portrait: '2:3' };

export const RESOLUTION_OF: Record<AspectRatioName, Resolution> = { square: '1024x1024', landscape: '1536x1024', portrait: '1024x1536' };

/** `width / height` for CSS `aspect-ratio`, from known dimensions or else the resolution. */
export function cssAspectRatio(width: number | null | undefined, height: number | null | undefined, fallback = '1 / 1'): string {
  if (width && height && width > 0 && height > 0) return `${width} / ${height}`;
  return fallback;
}
