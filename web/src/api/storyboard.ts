import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { Storyboard } from '@/api/types';

export const STORYBOARD_FETCH_FAILED = 'Failed to fetch storyboard data';

/** GET /api/projects/{id}/storyboard → {success, data}. */
export function storyboardQuery(projectId: string | null) {
  return queryOptions({
    queryKey: queryKeys.storyboard(projectId ?? 'none'),
    queryFn: async (): Promise<Storyboard> => {
      if (!projectId) throw new ApiError('No project selected');
      const body = await unwrap(api.GET('/api/projects/{id}/storyboard', { params: { path: { id: projectId } } }), STORYBOARD_FETCH_FAILED);
      if (!body.success || !body.data) throw new ApiError(STORYBOARD_FETCH_FAILED, 0, 'invalid_response');
      return body.data;
    },
    enabled: projectId !== null,
    retry: 1,
  });
}
