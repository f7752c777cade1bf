import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, toApiError } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { User } from '@/api/types';

/** GET /api/auth/me: the signed-in user, or null for a visitor (401). */
export const meQuery = queryOptions({
  queryKey: queryKeys.me,
  queryFn: async (): Promise<User | null> => {
    const { data, error, response } = await api.GET('/api/auth/me');
    if (response.status === 401) return null;
    if (!response.ok || !data) throw toApiError(error, response.status, 'Failed to load your account');
    return data.user;
  },
  staleTime: 5 * 60_000,
  retry: 1,
});

export function useMe() {
  return useQuery(meQuery);
}
