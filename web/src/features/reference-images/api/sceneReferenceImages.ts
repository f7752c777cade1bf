import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, ApiError, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { SCENE_CACHE_MAX_ENTRIES, SCENE_CACHE_MS, messages } from '../logic/rules';
import { entriesToEvict } from '../logic/sceneCache';
import type { ReferenceImage } from './types';

/** The list of a `{success, reference_images}` answer; anything else is an invalid response. */
export function assertImageList(body: unknown): ReferenceImage[] {
  const list = body && typeof body === 'object' ? (body as { reference_images?: unknown }).reference_images : undefined;
  if (!Array.isArray(list)) throw new ApiError(messages.loadFailed, 0, 'invalid_response');
  return list as ReferenceImage[];
}

/** GET /api/reference-images/scene/{id} → the scene's product images, oldest first; cached 5 minutes. */
export function sceneReferenceImagesQuery(sceneId: string | null) {
  return queryOptions({
    queryKey: queryKeys.sceneReferenceImages(sceneId ?? 'none'),
    queryFn: async (): Promise<ReferenceImage[]> => {
      if (!sceneId) throw new ApiError(messages.selectScene);
      const body = await unwrap(api.GET('/api/reference-images/scene/{id}', { params: { path: { id: sceneId } } }), messages.loadFailed);
      return assertImageList(body);
    },
    enabled: sceneId !== null,
    staleTime: SCENE_CACHE_MS,
    gcTime: SCENE_CACHE_MS,
    retry: 1,
  });
}

/** Keeps at most 50 scene lists: drops the oldest ones nobody shows. */
export function evictSceneReferenceImages(client: QueryClient, max = SCENE_CACHE_MAX_ENTRIES): number {
  const cache = client.getQueryCache();
  const queries = cache.findAll({ queryKey: queryKeys.sceneReferenceImagesAll });
  const evict = new Set(
    entriesToEvict(
      queries.map((query) => ({ key: query.queryHash, updatedAt: query.state.dataUpdatedAt, observed: query.getObserversCount() > 0 })),
      max,
    ),
  );
  for (const query of queries) if (evict.has(query.queryHash)) cache.remove(query);
  return evict.size;
}

export function useSceneReferenceImages(sceneId: string | null) {
  const client = useQueryClient();
  const query = useQuery(sceneReferenceImagesQuery(sceneId));
  const updatedAt = query.dataUpdatedAt;
  useEffect(() => {
    if (updatedAt > 0) evictSceneReferenceImages(client);
  }, [client, updatedAt]);
  return query;
}
