import { api, unwrap } from '@/api/client';
import type { Scene } from '@/api/types';

export const REORDER_FAILED = 'Failed to reorder campaigns';

/** POST /api/projects/{id}/scenes/reorder {scene_ids} → the scenes renumbered 1..n. */
export async function reorderScenes(projectId: string, sceneIds: string[]): Promise<Scene[]> {
  const result = await unwrap(
    api.POST('/api/projects/{id}/scenes/reorder', { params: { path: { id: projectId } }, body: { scene_ids: sceneIds } }),
    REORDER_FAILED,
  );
  return result.data;
}
