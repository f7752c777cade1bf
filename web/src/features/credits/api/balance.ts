import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';

/** Credit polling interval (spec §9). */
export const CREDITS_POLL_MS = 60_000;

/** GET /api/credits/balance (fields at the top level, no envelope). */
export function creditBalanceQuery(enabled = true) {
  return queryOptions({
    queryKey: queryKeys.credits,
    queryFn: () => unwrap(api.GET('/api/credits/balance'), 'Failed to load credits'),
    refetchInterval: CREDITS_POLL_MS,
    meta: { errorMessage: 'Failed to load credits' },
    enabled,
    retry: 1,
  });
}

export function useCreditBalance(enabled = true) {
  return useQuery(creditBalanceQuery(enabled));
}
