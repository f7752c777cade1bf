import { api, unwrap } from '@/api/client';
import type { Project } from '@/api/types';

/** PATCH /api/projects/{id} {project_name} */
export async function renameProject(projectId: string, projectName: string): Promise<Project> {
  const result = await unwrap(
    api.PATCH('/api/projects/{id}', { params: { path: { id: projectId } }, body: { project_name: projectName } }),
    'Failed to rename project',
  );
  return result.data;
}
