/** What a photo's listing says about its cutout: enough to warn before anything is charged. */
export interface CutoutSummary {
  confidence: number;
  source: 'auto' | 'seller';
  warning: string | null;
}

/** The cutout summary a reference image carries, or null when the server has none for it (yet). */
export function cutoutSummary(image: object): CutoutSummary | null {
  const cutout = (image as { cutout?: unknown }).cutout as Partial<CutoutSummary> | null | undefined;
  if (!cutout || typeof cutout.confidence !== 'number' || (cutout.source !== 'auto' && cutout.source !== 'seller')) return null;
  return { confidence: cutout.confidence, source: cutout.source, warning: typeof cutout.warning === 'string' && cutout.warning ? cutout.warning : null };
}

/** "82 % sure", for the editor's header and the tile's title. */
export function confidenceLabel(confidence: number): string {
  return `${Math.round(Math.max(0, Math.min(1, confidence)) * 100)} %`;
}
