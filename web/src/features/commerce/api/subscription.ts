import { queryOptions, useQuery } from '@tanstack/react-query';
import { queryKeys } from '@/api/queryKeys';
import { requestJson } from './request';
import type { Subscription } from './types';

export const SUBSCRIPTION_LOAD_FAILED = 'Failed to load your subscription';

/** GET /api/subscription: the user's subscription, or null. */
export function subscriptionQuery(enabled = true) {
  return queryOptions({
    queryKey: queryKeys.subscription,
    queryFn: async ({ signal }) =>
      (await requestJson<{ data: { subscription: Subscription | null } }>('GET', '/api/subscription', SUBSCRIPTION_LOAD_FAILED, undefined, signal)).data
        .subscription,
    enabled,
    retry: 1,
  });
}

export function useSubscription(enabled = true) {
  return useQuery(subscriptionQuery(enabled));
}
