import type { ReferenceImage } from '../api/types';
import { messages } from './rules';

/** How an upload request ended, as XMLHttpRequest reports it. */
export type XhrOutcome = { kind: 'load'; status: number; responseText: string } | { kind: 'error' } | { kind: 'timeout' } | { kind: 'abort' };

export type UploadResult = { ok: true; status: number; image: ReferenceImage } | { ok: false; status: number; error: string; cancelled?: boolean };

function isReferenceImage(value: unknown): value is ReferenceImage {
  if (!value || typeof value !== 'object') return false;
  const image = value as { id?: unknown; url?: unknown };
  return typeof image.id === 'string' && image.id !== '' && typeof image.url === 'string';
}

/** The server's error text in `{success:false, error}` (or the JSON error envelope), if any. */
function serverError(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const shape = body as { error?: unknown; message?: unknown };
  if (typeof shape.error === 'string' && shape.error.trim()) return shape.error;
  if (shape.error && typeof shape.error === 'object') {
    const inner = (shape.error as { message?: unknown }).message;
    if (typeof inner === 'string' && inner.trim()) return inner;
  }
  if (typeof shape.message === 'string' && shape.message.trim()) return shape.message;
  return null;
}

/**
 * Turns the XHR outcome into the uploaded image or the message to show: timeout, network error,
 * a non-JSON answer, the server's `{success:false, error}` text, or "Upload failed".
 */
export function interpretUploadOutcome(outcome: XhrOutcome): UploadResult {
  switch (outcome.kind) {
    case 'timeout':
      return { ok: false, status: 0, error: messages.timeout };
    case 'error':
      return { ok: false, status: 0, error: messages.networkError };
    case 'abort':
      return { ok: false, status: 0, error: messages.uploadFailed, cancelled: true };
    case 'load':
      break;
  }
  const { status, responseText } = outcome;
  let body: unknown;
  try {
    body = JSON.parse(responseText);
  } catch {
    return { ok: false, status, error: messages.invalidResponse };
  }
  const shape = body && typeof body === 'object' && !Array.isArray(body) ? (body as { success?: unknown; reference_image?: unknown }) : null;
  const error = serverError(body);
  if (status >= 200 && status < 300) {
    if (shape?.success === true && isReferenceImage(shape.reference_image)) return { ok: true, status, image: shape.reference_image };
    if (shape?.success === false && error) return { ok: false, status, error };
    return { ok: false, status, error: messages.invalidResponse };
  }
  return { ok: false, status, error: error ?? messages.uploadFailed };
}
