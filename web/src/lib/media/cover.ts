import type { QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';

export const COVER_NOT_SET = 'Failed to update campaign';

/**
 * Makes an asset its campaign's cover (`PUT /api/scenes/{id}/active-asset`), then refreshes the
 * storyboard and the campaign list that show it. Rejects when the server refused.
 */
export async function setSceneCover(client: QueryClient, target: { projectId: string; sceneId: string }, assetId: string): Promise<void> {
  await unwrap(api.PUT('/api/scenes/{id}/active-asset', { params: { path: { id: target.sceneId } }, body: { asset_id: assetId } }), COVER_NOT_SET);
  await Promise.all([
    client.invalidateQueries({ queryKey: queryKeys.storyboard(target.projectId) }),
    client.invalidateQueries({ queryKey: queryKeys.scenes(target.projectId) }),
  ]);
}
