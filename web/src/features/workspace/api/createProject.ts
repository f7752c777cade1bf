import { api, unwrap } from '@/api/client';
import type { CreateProjectBody, Project, Scene } from '@/api/types';
import { assertHasId, MISSING_PROJECT_ID } from '../logic/responses';

/** Settings every new project starts with: medium quality, 1024x1536, 5 s. */
export const DEFAULT_PRE_PRODUCTION_SETTINGS = { quality: 'medium', resolution: '1024x1536', duration: '5' } as const;

/** A new project and the first campaign the server made with it (none if it did not). */
export interface CreatedProject {
  project: Project;
  firstScene: Scene | null;
}

/** POST /api/projects with its first campaign, in one request; the answer must carry an id. */
export async function createProject(projectName: string, firstSceneName: string): Promise<CreatedProject> {
  const body: CreateProjectBody = {
    project_name: projectName,
    pre_production_settings: { ...DEFAULT_PRE_PRODUCTION_SETTINGS },
    first_scene_name: firstSceneName,
  };
  const result = await unwrap(api.POST('/api/projects', { body }), 'Failed to create project');
  const { first_scene: firstScene, ...project } = assertHasId(result.data, MISSING_PROJECT_ID);
  return { project, firstScene: firstScene ?? null };
}
