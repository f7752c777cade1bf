import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError, toApiError } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { ReferenceImage } from './types';

/** How the product is cut out of one reference image; `mask_url` serves a grey PNG of the photo's size (255 product). */
export interface Cutout {
  mask_url: string;
  /** 0 … 1: how sure the automatic cutout is; a seller's adjusted cutout is taken as it is. */
  confidence: number;
  source: 'auto' | 'seller';
  /** Set when the automatic cutout is doubtful: the words to show the seller. */
  warning: string | null;
}

export const CUTOUT_MESSAGES = {
  loadFailed: 'Couldn’t load the cutout',
  saveFailed: 'Couldn’t update the cutout. Please try again.',
  resetFailed: 'Couldn’t go back to the automatic cutout. Please try again.',
} as const;

export function cutoutPath(imageId: string): string {
  return `/api/reference-images/${encodeURIComponent(imageId)}/cutout`;
}

/** The answer of every cutout route; anything else is an invalid response. */
export function assertCutout(body: unknown, fallback: string): Cutout {
  const cutout = body as Partial<Cutout> | null;
  if (
    !cutout ||
    typeof cutout.mask_url !== 'string' ||
    typeof cutout.confidence !== 'number' ||
    (cutout.source !== 'auto' && cutout.source !== 'seller') ||
    (cutout.warning !== null && typeof cutout.warning !== 'string')
  ) {
    throw new ApiError(fallback, 0, 'invalid_response');
  }
  return cutout as Cutout;
}

/** One call to a cutout route, with the server's message on a refusal. */
export async function cutoutRequest(imageId: string, method: 'GET' | 'PUT' | 'DELETE', fallback: string, body?: unknown): Promise<Cutout> {
  const response = await fetch(cutoutPath(imageId), {
    method,
    credentials: 'same-origin',
    headers: body === undefined ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  }).catch(() => null);
  if (!response) throw new ApiError(fallback, 0, 'network_error');
  const answer: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(answer, response.status, fallback);
  return assertCutout(answer, fallback);
}

/** GET /api/reference-images/{id}/cutout → the stored cutout (automatic or the seller's). */
export function cutoutQuery(imageId: string | null) {
  return queryOptions({
    queryKey: queryKeys.referenceImageCutout(imageId ?? 'none'),
    queryFn: (): Promise<Cutout> => {
      if (!imageId) throw new ApiError(CUTOUT_MESSAGES.loadFailed);
      return cutoutRequest(imageId, 'GET', CUTOUT_MESSAGES.loadFailed);
    },
    enabled: imageId !== null,
    retry: 1,
  });
}

export function useCutout(imageId: string | null) {
  return useQuery(cutoutQuery(imageId));
}

/**
 * A new cutout from the server: the editor shows it, and every list that shows the photo drops or
 * keeps its warning at once (then refetches, to read the server's own summary).
 */
export function storeCutout(client: QueryClient, imageId: string, cutout: Cutout): void {
  client.setQueryData(queryKeys.referenceImageCutout(imageId), cutout);
  const summary = { confidence: cutout.confidence, source: cutout.source, warning: cutout.warning };
  const patch = (list: ReferenceImage[] | undefined) => list?.map((image) => (image.id === imageId ? { ...image, cutout: summary } : image));
  client.setQueriesData<ReferenceImage[]>({ queryKey: queryKeys.sceneReferenceImagesAll }, patch);
  void client.invalidateQueries({ queryKey: queryKeys.sceneReferenceImagesAll });
}
