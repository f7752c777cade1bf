import type { MediaAsset, StoryboardScene } from '@/api/types';
import { storageKeys } from '@/lib/storage';

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

/**
 * The narrowest a card may get before the grid drops a column. Below the zoomed width, so a row
 * holds the column count nearest to it (two cards of about 360 px rather than one of 730 px at 100 %
 * beside a 650 px chat), and the columns then stretch to fill the row.
 */
export function gridMinWidth(zoom: number): number {
  return Math.round(cardWidth(zoom) * 0.8);
}

/** "100%" */
export function zoomLabel(zoom: number): string {
  return `${Math.round(clampZoom(zoom) * 100)}%`;
}

/** Zoom is a per-person preference: two accounts on one browser keep their own. */
export function zoomStorageKey(userId: string | null | undefined): string {
  return userId ? `${storageKeys.storyboardZoom}:${userId}` : storageKeys.storyboardZoom;
}

/** Whether the timeline under the storyboard is shown is remembered per person too. */
export function timelineStorageKey(userId: string | null | undefined): string {
  return `studio:storyboard-timeline${userId ? `:${userId}` : ''}`;
}

type CostedAsset = Pick<MediaAsset, 'file_type'> & {
  credit_cost?: number | null;
  file_metadata?: { duration?: number | null } | null;
};

/**
 * What one asset cost: the server's `credit_cost` when it sent one (so totals match the ledger),
 * else the price list — 1 per image (edits and templates are images) and per music track, a video
 * its duration rounded up (5 when unknown).
 */
export function assetCredits(asset: CostedAsset): number {
  const charged = asset.credit_cost;
  if (typeof charged === 'number' && Number.isFinite(charged) && charged >= 0) return charged;
  if (asset.file_type === 'video') {
    const duration = asset.file_metadata?.duration;
    return typeof duration === 'number' && Number.isFinite(duration) && duration > 0 ? Math.ceil(duration) : DEFAULT_VIDEO_SECONDS;
  }
  return 1;
}

/** Credits a scene's media cost. */
export function sceneCredits(media: readonly CostedAsset[]): number {
  let total = 0;
  for (const asset of media) total += assetCredits(asset);
  return total;
}

/** "7 credits", "1 credit". */
export function creditsLabel(credits: number): string {
  return plural(credits, 'credit');
}

/** Campaigns that hold at least one media item. */
export function scenesWithMedia(scenes: readonly Pick<StoryboardScene, 'media'>[]): number {
  return scenes.filter((scene) => (scene.media?.length ?? 0) > 0).length;
}

/**
 * A campaign's cover, as the server answers it: the asset the seller set, else the newest image
 * or video (media come oldest first). Music never becomes a cover by itself; null without one.
 * Used where the page changes the storyboard before the server's answer.
 */
export function coverOf<T extends { id: string; file_type: MediaAsset['file_type'] }>(media: readonly T[], activeId: string | null | undefined): T | null {
  const chosen = activeId ? media.find((m) => m.id === activeId) : undefined;
  return chosen ?? media.findLast((m) => m.file_type !== 'audio') ?? null;
}

/**
 * The asset a card shows: its cover if set and present, else the newest (a campaign of music
 * only shows its latest track).
 */
export function activeAsset<T extends { id: string }>(media: readonly T[], activeId: string | null | undefined): T | null {
  return (activeId ? media.find((m) => m.id === activeId) : undefined) ?? media[media.length - 1] ?? null;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** A scene's display name. */
export function sceneName(scene: Pick<StoryboardScene, 'name'>): string {
  return scene.name?.trim() ? scene.name.trim() : 'Untitled Campaign';
}

const TYPE_NAMES: Record<MediaAsset['file_type'], string> = { image: 'Image', video: 'Video', audio: 'Music' };

/**
 * Alt text of an asset: what the engine painted, else its prompt (either shortened), else what and
 * where it is ("Image 2 of 3 in Spring").
 */
export function assetAlt(
  asset: Pick<MediaAsset, 'file_type'> & { file_metadata?: { description?: string | null; prompt?: string | null } | null },
  scene: string,
  index: number,
  total: number,
): string {
  const words = [asset.file_metadata?.description, asset.file_metadata?.prompt].map((text) => text?.replace(/\s+/g, ' ').trim()).find(Boolean);
  if (words) return words.length > 140 ? `${words.slice(0, 139).trimEnd()}…` : words;
  return `${TYPE_NAMES[asset.file_type]} ${index + 1} of ${total} in ${scene}`;
}
