import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';

export const PLANS_LOAD_FAILED = 'Failed to load plans';

/** GET /api/plans: the operator's plans, whether payments are configured, and the user's current plan. */
export function plansQuery(enabled = true) {
  return queryOptions({
    queryKey: queryKeys.plans,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/plans', { signal }), PLANS_LOAD_FAILED)).data,
    staleTime: 5 * 60_000,
    enabled,
    retry: 1,
  });
}

export function usePlans(enabled = true) {
  return useQuery(plansQuery(enabled));
}
