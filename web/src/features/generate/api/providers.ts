import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { OkBody } from '@/api/types';

export type ProviderStatus = OkBody<'/api/health/providers', 'get'>['data'][number];

/** Whether a hosted image model draws images (else the studio engine always does). */
export function imagesAreHosted(providers: readonly ProviderStatus[] | undefined): boolean {
  return providers?.some((provider) => provider.capability === 'image' && provider.configured) ?? false;
}

/** GET /api/health/providers: the deployment's providers change only on restart, so one read per page is enough. */
export function useHostedImages(): boolean {
  const query = useQuery({
    queryKey: queryKeys.providers,
    queryFn: async () => (await unwrap(api.GET('/api/health/providers'), 'Could not read the providers')).data,
    staleTime: Infinity,
    retry: false,
  });
  return imagesAreHosted(query.data);
}
