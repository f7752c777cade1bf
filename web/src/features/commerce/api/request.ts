import { ApiError, toApiError } from '@/api/client';

/** A JSON call to a commerce route; a failure throws an ApiError carrying the server's `message`. */
export async function requestJson<T>(method: 'GET' | 'POST', path: string, fallback: string, body?: unknown, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await globalThis.fetch(new URL(path, window.location.origin), {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch {
    throw new ApiError(fallback, 0, 'network_error');
  }
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(json, response.status, fallback);
  if (json === undefined) throw new ApiError(fallback, response.status, 'invalid_response');
  return json as T;
}
