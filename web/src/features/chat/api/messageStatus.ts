import { api, unwrap } from '@/api/client';
import { delay } from '@/lib/async';
import { toStructuredResponse, type StructuredResponse } from '../logic/messages';
import { CHAT_TEXT } from '../logic/texts';

/** A pending answer is checked every second, 30 times. */
export const REPLY_POLL_INTERVAL_MS = 1_000;
export const REPLY_POLL_ATTEMPTS = 30;

export type ReplyStatus =
  { status: 'pending' } | { status: 'completed'; content: string; structured: StructuredResponse | null } | { status: 'failed'; error: string };

/** GET /api/chat/status/{id} → pending, completed (with the answer) or failed. */
export async function fetchReplyStatus(messageId: string): Promise<ReplyStatus> {
  const body = await unwrap(api.GET('/api/chat/status/{id}', { params: { path: { id: messageId } } }), 'Failed to check the answer');
  if (body.processing_status === 'failed') return { status: 'failed', error: body.error || CHAT_TEXT.replyFailed };
  if (body.processing_status === 'completed' && body.response) {
    return {
      status: 'completed',
      content: body.response.message,
      structured: body.response.structured_response ? toStructuredResponse(body.response.structured_response) : null,
    };
  }
  return { status: 'pending' };
}

class ReplyTimeoutError extends Error {
  constructor(attempts: number) {
    super(CHAT_TEXT.replyTimedOut(attempts));
    this.name = 'ReplyTimeoutError';
  }
}

export interface AwaitReplyOptions {
  intervalMs?: number;
  maxAttempts?: number;
  signal?: AbortSignal;
  fetchStatus?: (messageId: string) => Promise<ReplyStatus>;
  wait?: (ms: number) => Promise<void>;
}

/**
 * Waits for a pending answer: a status check every second, up to 30. A failed check counts as an
 * attempt (the next one may succeed). Rejects with ReplyTimeoutError after the last attempt, or the
 * signal's reason when aborted.
 */
export async function awaitReply(messageId: string, options: AwaitReplyOptions = {}): Promise<Exclude<ReplyStatus, { status: 'pending' }>> {
  const { intervalMs = REPLY_POLL_INTERVAL_MS, maxAttempts = REPLY_POLL_ATTEMPTS, signal, fetchStatus = fetchReplyStatus, wait = delay } = options;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    await wait(intervalMs);
    signal?.throwIfAborted();
    const status = await fetchStatus(messageId).catch(() => ({ status: 'pending' }) as const);
    signal?.throwIfAborted();
    if (status.status !== 'pending') return status;
  }
  throw new ReplyTimeoutError(maxAttempts);
}
