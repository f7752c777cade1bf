import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { messages } from '../logic/rules';
import { assertImageList } from './sceneReferenceImages';
import type { ReferenceImage } from './types';

/** GET /api/reference-images/project/{id} → every reference image of the project, oldest first. */
export function projectReferenceImagesQuery(projectId: string | null) {
  return queryOptions({
    queryKey: queryKeys.projectReferenceImages(projectId ?? 'none'),
    queryFn: async (): Promise<ReferenceImage[]> => {
      if (!projectId) throw new ApiError('No project selected');
      const body = await unwrap(api.GET('/api/reference-images/project/{id}', { params: { path: { id: projectId } } }), messages.loadFailed);
      return assertImageList(body);
    },
    enabled: projectId !== null,
    retry: 1,
  });
}

export function useProjectReferenceImages(projectId: string | null) {
  return useQuery(projectReferenceImagesQuery(projectId));
}
