import { api, ApiError, toApiError } from '@/api/client';

export const DELETE_ASSET_FAILED = 'Failed to delete asset';

/** DELETE /api/media/{id} → 204 (no body). */
export async function deleteMedia(assetId: string): Promise<void> {
  const result = await api.DELETE('/api/media/{id}', { params: { path: { id: assetId } } }).catch(() => {
    throw new ApiError(DELETE_ASSET_FAILED, 0, 'network_error');
  });
  if (!result.response.ok) throw toApiError(result.error, result.response.status, DELETE_ASSET_FAILED);
}
