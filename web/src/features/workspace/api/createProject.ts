import { api, unwrap } from '@/api/client';
import type { CreateProjectBody, Project } from '@/api/types';
import { assertHasId, MISSING_PROJECT_ID } from '../logic/responses';

/** Settings every new project starts with: medium quality, 1024x1536, 5 s. */
export const DEFAULT_PRE_PRODUCTION_SETTINGS = { quality: 'medium', resolution: '1024x1536', duration: '5' } as const;

/** POST /api/projects; the answer must carry an id. */
export async function createProject(projectName: string): Promise<Project> {
  const body: CreateProjectBody = {
    project_name: projectName,
    pre_production_settings: { ...DEFAULT_PRE_PRODUCTION_SETTINGS },
  };
  const result = await unwrap(api.POST('/api/projects', { body }), 'Failed to create project');
  return assertHasId(result.data, MISSING_PROJECT_ID);
}
