import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { BROWSER_EVENTS, useBrowserEvent } from '@/lib/browserEvents';

/** The balance is polled once a minute. */
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
  const query = useQuery(creditBalanceQuery(enabled));
  // The first generation changes the generated-media counts the badge's panel shows.
  useBrowserEvent(BROWSER_EVENTS.firstGenerationComplete, () => {
    if (enabled) void query.refetch();
  });
  return query;
}
