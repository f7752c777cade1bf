import { wrapIndex } from '@/components/media/viewerIndex';

/** Index of the asset a card shows: the active one, else the newest; -1 when there is none. */
export function shownIndex(media: readonly { id: string }[], activeId: string | null | undefined): number {
  if (media.length === 0) return -1;
  const index = activeId ? media.findIndex((m) => m.id === activeId) : -1;
  return index === -1 ? media.length - 1 : index;
}

/** The neighbour's id, wrapping around both ends; null with fewer than two assets. */
export function stepAssetId(media: readonly { id: string }[], index: number, delta: -1 | 1): string | null {
  if (media.length < 2) return null;
  return media[wrapIndex(index + delta, media.length)]?.id ?? null;
}

/** "2/5", counting from 1. */
export function positionLabel(index: number, total: number): string {
  return total <= 0 ? '0/0' : `${wrapIndex(index, total) + 1}/${total}`;
}

/**
 * Which asset the detail view shows once the list changed: the same asset if it is still there,
 * else the one now at its old place (the next one after a delete, or the last); -1 when empty.
 */
export function resolveIndex(media: readonly { id: string }[], currentId: string | null, previousIndex: number): number {
  if (media.length === 0) return -1;
  const index = currentId ? media.findIndex((m) => m.id === currentId) : -1;
  if (index !== -1) return index;
  return Math.min(Math.max(previousIndex, 0), media.length - 1);
}
