import { NARROW_BREAKPOINT, TINY_BREAKPOINT } from '@/lib/breakpoints';

export const CHAT_WIDTH_DEFAULT = 650;
export const CHAT_WIDTH_MAX = 800;
export const CHAT_WIDTH_MIN_DESKTOP = 500;
export const CHAT_WIDTH_MIN_NARROW = 300;
export const CHAT_WIDTH_MIN_TINY = 250;
/** Saved after this much idle time while dragging (or at once on drag end). */
export const CHAT_WIDTH_SAVE_DELAY_MS = 300;

export interface WidthRange {
  min: number;
  max: number;
}

/** Allowed chat panel widths: 500–800 on desktop, 300–800 on the narrow layout, 250–800 under 375 px. */
export function chatWidthRange(viewportWidth: number): WidthRange {
  if (viewportWidth < TINY_BREAKPOINT) return { min: CHAT_WIDTH_MIN_TINY, max: CHAT_WIDTH_MAX };
  if (viewportWidth < NARROW_BREAKPOINT) return { min: CHAT_WIDTH_MIN_NARROW, max: CHAT_WIDTH_MAX };
  return { min: CHAT_WIDTH_MIN_DESKTOP, max: CHAT_WIDTH_MAX };
}

export function clampChatWidth(width: number, viewportWidth: number): number {
  const { min, max } = chatWidthRange(viewportWidth);
  if (!Number.isFinite(width)) return CHAT_WIDTH_DEFAULT;
  return Math.round(Math.min(max, Math.max(min, width)));
}

/** A stored width is used only if it lies inside the allowed range; otherwise the default. */
export function initialChatWidth(stored: number | null, viewportWidth: number): number {
  const { min, max } = chatWidthRange(viewportWidth);
  if (stored !== null && Number.isFinite(stored) && stored >= min && stored <= max) return stored;
  return clampChatWidth(CHAT_WIDTH_DEFAULT, viewportWidth);
}

/** The storyboard keeps at least this much room beside the chat panel. */
export const STORYBOARD_MIN_WIDTH = 360;

/**
 * The width actually rendered: the chosen width, reduced so the storyboard keeps its minimum
 * room on a small window, but never below the range's minimum.
 */
export function renderedChatWidth(width: number, viewportWidth: number): number {
  const { min } = chatWidthRange(viewportWidth);
  const room = viewportWidth - STORYBOARD_MIN_WIDTH;
  return Math.max(min, Math.min(clampChatWidth(width, viewportWidth), room));
}
