import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { queryKeys } from './queryKeys';

/** GET /api/feature-flags/check/{flag} */
export function featureFlagQuery(flag: string) {
  return queryOptions({
    queryKey: queryKeys.featureFlag(flag),
    queryFn: async () => {
      const body = await unwrap(api.GET('/api/feature-flags/check/{flag}', { params: { path: { flag } } }), 'Failed to check feature flag');
      return body.isEnabled === true;
    },
    staleTime: 5 * 60_000,
  });
}

export function useFeatureFlag(flag: string, enabled = true): boolean {
  const query = useQuery({ ...featureFlagQuery(flag), enabled });
  return query.data ?? false;
}
