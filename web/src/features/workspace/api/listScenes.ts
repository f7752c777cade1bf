import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { Scene } from '@/api/types';
import { assertSceneList } from '../logic/responses';

export const SCENES_LOAD_FAILED = 'Failed to load campaigns';

/** GET /api/projects/{id}/scenes → {status, data:[Scene]} ordered by order; data must be an array. */
export function scenesQuery(projectId: string | null) {
  return queryOptions({
    queryKey: queryKeys.scenes(projectId ?? 'none'),
    queryFn: async (): Promise<Scene[]> => {
      const body = await unwrap(api.GET('/api/projects/{id}/scenes', { params: { path: { id: projectId ?? '' } } }), SCENES_LOAD_FAILED);
      return assertSceneList<Scene>((body as { data?: unknown }).data);
    },
    enabled: projectId !== null,
    retry: 1,
    meta: { errorMessage: SCENES_LOAD_FAILED },
  });
}

export function useScenes(projectId: string | null) {
  return useQuery(scenesQuery(projectId));
}
