import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/queryKeys';
import { requestJson } from './request';
import type { PlansData } from './types';

export const PLANS_LOAD_FAILED = 'Failed to load plans';

/** GET /api/plans: the operator's plans, whether payments are configured, and the user's current plan. */
export function plansQuery(enabled = true) {
  return queryOptions({
    queryKey: queryKeys.plans,
    queryFn: async ({ signal }) => (await requestJson<{ data: PlansData }>('GET', '/api/plans', PLANS_LOAD_FAILED, undefined, signal)).data,
    staleTime: 5 * 60_000,
    enabled,
    retry: 1,
  });
}

export function usePlans(enabled = true) {
  return useQuery(plansQuery(enabled));
}
