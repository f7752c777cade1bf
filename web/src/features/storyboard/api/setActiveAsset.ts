import { api, unwrap } from '@/api/client';
import type { Scene } from '@/api/types';

/** PUT /api/scenes/{id}/active-asset {asset_id} */
export async function setActiveAsset(sceneId: string, assetId: string): Promise<Scene> {
  const result = await unwrap(
    api.PUT('/api/scenes/{id}/active-asset', { params: { path: { id: sceneId } }, body: { asset_id: assetId } }),
    'Failed to update campaign',
  );
  return result.data;
}
