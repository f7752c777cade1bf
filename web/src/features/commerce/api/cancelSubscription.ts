import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';

export const CANCEL_FAILED = 'Failed to cancel your subscription';

/** POST /api/subscription/cancel: ends the subscription at the end of the paid period. */
export function useCancelSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await unwrap(api.POST('/api/subscription/cancel'), CANCEL_FAILED)).data.subscription ?? null,
    onSuccess: (subscription) => {
      queryClient.setQueryData(queryKeys.subscription, subscription);
    },
  });
}
