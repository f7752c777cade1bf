import { api, unwrap } from '@/api/client';
import type { Scene, UpdateSceneBody } from '@/api/types';

/** PATCH /api/scenes/{id} {name?, settings?} */
export async function updateScene(sceneId: string, body: UpdateSceneBody): Promise<Scene> {
  const result = await unwrap(api.PATCH('/api/scenes/{id}', { params: { path: { id: sceneId } }, body }), 'Failed to update campaign');
  return result.data;
}
