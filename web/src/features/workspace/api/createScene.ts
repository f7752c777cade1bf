import { api, unwrap } from '@/api/client';
import type { Scene } from '@/api/types';
import { assertHasId, MISSING_SCENE_ID } from '../logic/responses';

/** POST /api/projects/{id}/scenes {name, preset_id?}; the answer must carry an id. */
export async function createScene(projectId: string, name: string, presetId?: string | null): Promise<Scene> {
  const result = await unwrap(
    api.POST('/api/projects/{id}/scenes', {
      params: { path: { id: projectId } },
      body: presetId ? { name, preset_id: presetId } : { name },
    }),
    'Failed to create campaign',
  );
  return assertHasId(result.data, MISSING_SCENE_ID);
}
