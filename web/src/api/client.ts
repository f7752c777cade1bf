import createClient from 'openapi-fetch';
import { BROWSER_EVENTS, emitBrowserEvent } from '@/lib/browserEvents';
import type { paths } from './schema';

/** Typed client over the generated OpenAPI `paths`. The session travels in the HttpOnly cookie. */
export const api = createClient<paths>({
  baseUrl: typeof window !== 'undefined' ? window.location.origin : '',
  credentials: 'same-origin',
  // Looked up on every call so tests can stub the global fetch.
  fetch: (request: Request) => globalThis.fetch(request),
  headers: { Accept: 'application/json' },
});

/** An error answered by the server (or a failed check of its answer). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(message: string, status = 0, code = 'client_error') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
  }
}

interface ErrorShape {
  message?: unknown;
  error?: unknown;
}

/**
 * Reads the server's error envelope `{status:"error", error:{code,message}, message}`. A 402 also
 * announces that the credits ran out, so the page can offer the next step wherever it happened.
 */
export function toApiError(body: unknown, status: number, fallback: string): ApiError {
  if (status === 402 && typeof window !== 'undefined') emitBrowserEvent(BROWSER_EVENTS.outOfCredits, null);
  let message = fallback;
  let code = status === 401 ? 'unauthenticated' : 'http_error';
  if (body && typeof body === 'object') {
    const shape = body as ErrorShape;
    if (shape.error && typeof shape.error === 'object') {
      const inner = shape.error as { code?: unknown; message?: unknown };
      if (typeof inner.code === 'string') code = inner.code;
      if (typeof inner.message === 'string' && inner.message) message = inner.message;
    } else if (typeof shape.error === 'string' && shape.error) {
      message = shape.error;
    }
    if (typeof shape.message === 'string' && shape.message) message = shape.message;
  }
  return new ApiError(message, status, code);
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Turns an openapi-fetch result into its data, or throws an ApiError carrying the server's message. */
export async function unwrap<T>(promise: Promise<FetchResult<T>>, fallback: string): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await promise;
  } catch {
    throw new ApiError(fallback, 0, 'network_error');
  }
  if (!result.response.ok || result.data === undefined) {
    throw toApiError(result.error, result.response.status, fallback);
  }
  return result.data;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The message to show for an error, or the fallback when the error carries none worth showing. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.status > 0 && error.message) return error.message;
  if (error instanceof ApiError && error.code === 'invalid_response') return error.message;
  return fallback;
}
