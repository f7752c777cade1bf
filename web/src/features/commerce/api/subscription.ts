import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';

export const SUBSCRIPTION_LOAD_FAILED = 'Failed to load your subscription';

/** GET /api/subscription: the user's subscription, or null. */
export function subscriptionQuery(enabled = true) {
  return queryOptions({
    queryKey: queryKeys.subscription,
    queryFn: async ({ signal }) => (await unwrap(api.GET('/api/subscription', { signal }), SUBSCRIPTION_LOAD_FAILED)).data.subscription ?? null,
    enabled,
    retry: 1,
  });
}

export function useSubscription(enabled = true) {
  return useQuery(subscriptionQuery(enabled));
}
