import type { MediaAsset, StoryboardScene } from '@/api/types';

export const ZOOM_MIN = 0.6;
export const ZOOM_MAX = 1.8;
export const ZOOM_STEP = 0.2;
export const ZOOM_DEFAULT = 1;
export const BASE_CARD_WIDTH = 380;
export const DEFAULT_VIDEO_SECONDS = 5;

/** Keeps a zoom level on the 0.2 grid between 0.6 and 1.8. */
export function clampZoom(zoom: number): number {
  if (!Number.isFinite(zoom)) return ZOOM_DEFAULT;
  const stepped = Math.round(zoom / ZOOM_STEP) * ZOOM_STEP;
  return Math.round(Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, stepped)) * 10) / 10;
}

export function zoomIn(zoom: number): number {
  return clampZoom(zoom + ZOOM_STEP);
}

export function zoomOut(zoom: number): number {
  return clampZoom(zoom - ZOOM_STEP);
}

export function cardWidth(zoom: number): number {
  return Math.round(BASE_CARD_WIDTH * clampZoom(zoom));
}

/** Credits a scene's media cost: 1 per image; a video counts its duration rounded up (default 5). */
export function sceneCredits(media: readonly Pick<MediaAsset, 'file_type' | 'file_metadata'>[]): number {
  let total = 0;
  for (const asset of media) {
    if (asset.file_type === 'image') total += 1;
    else if (asset.file_type === 'video') {
      const duration = asset.file_metadata?.duration;
      total += typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? Math.ceil(duration) : DEFAULT_VIDEO_SECONDS;
    }
  }
  return total;
}

/** Campaigns that hold at least one media item. */
export function campaignsWithMedia(scenes: readonly Pick<StoryboardScene, 'media'>[]): number {
  return scenes.filter((scene) => (scene.media?.length ?? 0) > 0).length;
}

/** The asset a card shows: the active one if set and present, else the first. */
export function activeAsset<T extends { id: string }>(media: readonly T[], activeId: string | null | undefined): T | null {
  return (activeId ? media.find((m) => m.id === activeId) : undefined) ?? media[0] ?? null;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
