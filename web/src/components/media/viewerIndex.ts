/** An index brought into 0…total-1, wrapping around both ends; 0 when there is nothing. */
export function wrapIndex(index: number, total: number): number {
  if (total <= 0 || !Number.isFinite(index)) return 0;
  return ((Math.trunc(index) % total) + total) % total;
}

export function nextIndex(index: number, total: number): number {
  return wrapIndex(index + 1, total);
}

export function previousIndex(index: number, total: number): number {
  return wrapIndex(index - 1, total);
}

/** "n / total", counting from 1. */
export function counterLabel(index: number, total: number): string {
  return total <= 0 ? '0 / 0' : `${wrapIndex(index, total) + 1} / ${total}`;
}

/** A horizontal swipe far enough (and more sideways than up or down) to change item, in CSS pixels. */
export const SWIPE_MIN_DISTANCE = 50;

/** Which way a finger's swipe moves: a swipe to the left shows the next item. */
export function swipeDirection(dx: number, dy: number): 'next' | 'previous' | null {
  if (Math.abs(dx) < SWIPE_MIN_DISTANCE || Math.abs(dx) <= Math.abs(dy) * 1.5) return null;
  return dx < 0 ? 'next' : 'previous';
}
