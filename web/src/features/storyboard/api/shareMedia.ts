import { api, unwrap } from '@/api/client';
import type { OkBody } from '@/api/types';

export type ShareLink = OkBody<'/api/media/{id}/share', 'post'>['data'];

export const SHARE_FAILED = 'Failed to create a share link';

/** POST /api/media/{id}/share → a signed link that opens the file for anyone until it expires. */
export async function shareMedia(assetId: string): Promise<ShareLink> {
  const result = await unwrap(api.POST('/api/media/{id}/share', { params: { path: { id: assetId } } }), SHARE_FAILED);
  return result.data;
}
