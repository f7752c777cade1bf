import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { Project } from '@/api/types';

export const PROJECTS_LOAD_FAILED = 'Failed to load your projects';

/** GET /api/projects → {status, data:[Project]} newest first. */
export function projectsQuery(enabled = true) {
  return queryOptions({
    queryKey: queryKeys.projects,
    queryFn: async (): Promise<Project[]> => {
      const body = await unwrap(api.GET('/api/projects'), PROJECTS_LOAD_FAILED);
      return Array.isArray(body.data) ? body.data : [];
    },
    enabled,
    retry: 1,
    meta: { errorMessage: PROJECTS_LOAD_FAILED },
  });
}

export function useProjects(enabled = true) {
  return useQuery(projectsQuery(enabled));
}
