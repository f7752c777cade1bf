import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { OkBody } from '@/api/types';

export type ListedShareLink = OkBody<'/api/share-links', 'get'>['data']['links'][number];

export const SHARE_LINKS_LOAD_FAILED = 'Failed to load your share links';
export const REVOKE_FAILED = 'Failed to turn off the link';

/** GET /api/share-links: the user's links that still work, newest first. */
export function shareLinksQuery() {
  return queryOptions({
    queryKey: queryKeys.shareLinks,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/share-links', { signal }), SHARE_LINKS_LOAD_FAILED)).data.links,
    retry: 1,
  });
}

export function useShareLinks() {
  return useQuery(shareLinksQuery());
}

/** DELETE /api/share-links/{id}: the link's page then says it was turned off. */
export function useRevokeShareLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      const result = await api.DELETE('/api/share-links/{id}', { params: { path: { id } } });
      if (!result.response.ok) throw new Error(REVOKE_FAILED);
    },
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.shareLinks }),
  });
}
