import { api, unwrap } from '@/api/client';
import type { Scene } from '@/api/types';

/** POST /api/projects/{id}/scenes/reorder {scene_ids} → the renumbered scenes. */
export async function reorderScenes(projectId: string, sceneIds: string[]): Promise<Scene[]> {
  const result = await unwrap(
    api.POST('/api/projects/{id}/scenes/reorder', { params: { path: { id: projectId } }, body: { scene_ids: sceneIds } }),
    'Failed to reorder campaigns',
  );
  return result.data;
}
