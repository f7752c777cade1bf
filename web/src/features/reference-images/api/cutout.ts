import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { components } from '@/api/schema';
import type { ReferenceImage } from './types';

/** How the product is cut out of one reference image; `mask_url` serves a grey PNG of the photo's size (255 product). */
export type Cutout = components['schemas']['CutoutView'];

export const CUTOUT_MESSAGES = {
  loadFailed: 'Couldn’t load the cutout',
  saveFailed: 'Couldn’t update the cutout. Please try again.',
  resetFailed: 'Couldn’t go back to the automatic cutout. Please try again.',
} as const;

/** GET /api/reference-images/{id}/cutout → the stored cutout (automatic or the seller's). */
export function getCutout(id: string): Promise<Cutout> {
  return unwrap(api.GET('/api/reference-images/{id}/cutout', { params: { path: { id } } }), CUTOUT_MESSAGES.loadFailed);
}

/** GET /api/reference-images/{id}/cutout → the stored cutout (automatic or the seller's). */
export function cutoutQuery(imageId: string | null) {
  return queryOptions({
    queryKey: queryKeys.referenceImageCutout(imageId ?? 'none'),
    queryFn: (): Promise<Cutout> => {
      if (!imageId) throw new ApiError(CUTOUT_MESSAGES.loadFailed);
      return getCutout(imageId);
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
  const patch = (list: ReferenceImage[] | undefined) => list?.map((image) => (image.id === imageId ? { ...image, cutout } : image));
  client.setQueriesData<ReferenceImage[]>({ queryKey: queryKeys.sceneReferenceImagesAll }, patch);
  void client.invalidateQueries({ queryKey: queryKeys.sceneReferenceImagesAll });
}
