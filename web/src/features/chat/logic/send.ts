import type { ChatMessage } from './messages';

/** The same words sent again to the same scene within this window are dropped. */
export const DUPLICATE_WINDOW_MS = 5_000;

export interface SendCheck {
  text: string;
  /** Product photos the scene has (they travel with the message). */
  referenceImageCount: number;
  busy: boolean;
  hasScene: boolean;
}

/** A message needs words or a product photo, a selected scene, and no answer still awaited. */
export function canSend({ text, referenceImageCount, busy, hasScene }: SendCheck): boolean {
  if (busy || !hasScene) return false;
  return text.trim() !== '' || referenceImageCount > 0;
}

export interface SentRecord {
  text: string;
  sceneId: string;
  /** ms since the epoch. */
  at: number;
}

/** True when `next` repeats `last` (same words, same scene) within the window. */
export function isDuplicateSend(last: SentRecord | null, next: SentRecord, windowMs = DUPLICATE_WINDOW_MS): boolean {
  if (!last) return false;
  return last.sceneId === next.sceneId && last.text.trim() === next.text.trim() && next.at - last.at >= 0 && next.at - last.at < windowMs;
}

/**
 * The thread without repeats: a message with the same sender and words as an earlier one less than
 * the window before it is dropped (a double submit that slipped through), unless it carries media.
 */
export function withoutDuplicates(messages: readonly ChatMessage[], windowMs = DUPLICATE_WINDOW_MS): ChatMessage[] {
  const lastSeen = new Map<string, number>();
  const kept: ChatMessage[] = [];
  for (const message of messages) {
    const words = message.content.trim();
    const at = Date.parse(message.timestamp);
    if (words === '' || Number.isNaN(at)) {
      kept.push(message);
      continue;
    }
    // An answer repeats another only when it answers the same message.
    const key = [message.role, message.parentId ?? '', words].join('\u0000');
    const previous = lastSeen.get(key);
    if (previous !== undefined && at - previous >= 0 && at - previous < windowMs && message.media.length === 0) continue;
    lastSeen.set(key, at);
    kept.push(message);
  }
  return kept;
}
