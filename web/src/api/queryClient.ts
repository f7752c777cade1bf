import { QueryCache, QueryClient } from '@tanstack/react-query';
import { notify } from '@/lib/toast';
import { ApiError } from './client';
import { queryKeys } from './queryKeys';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Toast shown when this query fails. */
      errorMessage?: string;
    };
  }
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        // A session that ended sends the user back to the auth modal instead of a toast.
        if (error instanceof ApiError && error.status === 401) {
          client.setQueryData(queryKeys.me, null);
          return;
        }
        const message = query.meta?.errorMessage;
        if (message) notify.error(message);
      },
    }),
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, staleTime: 10_000 },
      mutations: { retry: 0 },
    },
  });
  return client;
}
