import { useMutation, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/queryKeys';
import { requestJson } from './request';
import type { Subscription } from './types';

export const CANCEL_FAILED = 'Failed to cancel your subscription';

/** POST /api/subscription/cancel: ends the subscription at the end of the paid period. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      (await requestJson<{ data: { subscription: Subscription | null } }>('POST', '/api/subscription/cancel', CANCEL_FAILED, {})).data.subscription,
    onSuccess: (subscription) => {
      queryClient.setQueryData(queryKeys.subscription, subscription);
    },
  });
}
