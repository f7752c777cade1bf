import { hashKey, notifyManager, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';

/**
 * Another feature's cached data (the signed-in user, the project list) without fetching it or
 * importing that feature: re-renders when that cache entry changes.
 */
export function useCachedQueryData<T>(queryKey: QueryKey): T | undefined {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) => {
      // Deferred like TanStack's own observers: the cache can change while another component renders.
      const notify = notifyManager.batchCalls(onChange);
      return client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) notify();
      });
    },
    [client, hash],
  );
  const read = useCallback(() => client.getQueryCache().get<T>(hash)?.state.data, [client, hash]);
  return useSyncExternalStore(subscribe, read, read);
}
