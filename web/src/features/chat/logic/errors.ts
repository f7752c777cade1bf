import { ApiError } from '@/api/client';
import type { MediaKind } from './messages';
import { CHAT_TEXT } from './texts';

/** Failed videos may be retried this many times before the seller is sent back to the prompt. */
export const MAX_VIDEO_RETRIES = 3;

function reasonOf(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

/** Out of credits: a 402 answer, or an error that says 402. */
function isInsufficientCredits(error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 402 || error.code === 'insufficient_credits')) return true;
  return /\b402\b/.test(reasonOf(error));
}

function isUpgradeRequired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'upgrade_required';
}

/**
 * What to tell the seller when a generation could not start or failed: credits and plan problems
 * in their own words, anything else as "Failed to generate {kind}: {reason}".
 */
export function generationErrorMessage(error: unknown, kind: MediaKind): string {
  if (isInsufficientCredits(error)) return CHAT_TEXT.insufficientCredits;
  if (isUpgradeRequired(error)) {
    const message = error instanceof ApiError ? error.message.trim() : '';
    return message || CHAT_TEXT.upgradeRequired;
  }
  return CHAT_TEXT.generateFailed(kind, reasonOf(error));
}

/** The same mapping for failures that have their own fallback text (animate, edited prompt). */
export function startErrorMessage(error: unknown, kind: MediaKind, fallback: string): string {
  if (isInsufficientCredits(error) || isUpgradeRequired(error)) return generationErrorMessage(error, kind);
  return fallback;
}

export interface VideoRetryState {
  canRetry: boolean;
  /** "Retry (1/3)" for the next attempt; null once none are left. */
  retryLabel: string | null;
  message: string;
}

/** After a failed video: retry up to three times, then only a different prompt helps. */
export function videoRetryState(retriesUsed: number): VideoRetryState {
  const used = Math.max(0, Math.floor(retriesUsed));
  if (used >= MAX_VIDEO_RETRIES) return { canRetry: false, retryLabel: null, message: CHAT_TEXT.maxRetries };
  return { canRetry: true, retryLabel: CHAT_TEXT.retry(used + 1, MAX_VIDEO_RETRIES), message: CHAT_TEXT.videoFailed };
}

/** A send that failed: the server's validation text when it gave one, else the standard apology. */
export function sendErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 400 && error.message) return error.message;
    return CHAT_TEXT.sendFailed;
  }
  return CHAT_TEXT.unexpected;
}

/** The reason shown in "Failed to load messages: {reason}". */
export function loadErrorReason(error: unknown): string {
  return reasonOf(error);
}
