import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { ReferenceImage } from './types';

const LOAD_FAILED = 'Failed to load reference image';

/** GET /api/reference-images/{id} → {success, reference_image}. */
export function referenceImageQuery(id: string | null) {
  return queryOptions({
    queryKey: queryKeys.referenceImage(id ?? 'none'),
    queryFn: async (): Promise<ReferenceImage> => {
      if (!id) throw new ApiError(LOAD_FAILED);
      const body = await unwrap(api.GET('/api/reference-images/{id}', { params: { path: { id } } }), LOAD_FAILED);
      if (!body.success || typeof body.reference_image?.id !== 'string') throw new ApiError(LOAD_FAILED, 0, 'invalid_response');
      return body.reference_image;
    },
    enabled: id !== null,
    retry: 1,
  });
}

export function useReferenceImage(id: string | null) {
  return useQuery(referenceImageQuery(id));
}
