import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { OkBody } from '@/api/types';
import type { ImageEngine } from '@/lib/imageEngine';

export type ProviderStatus = OkBody<'/api/health/providers', 'get'>['data'][number];

/** The image engines the deployment offers, the default first (only the studio engine without a hosted image model). */
export function imageEngines(providers: readonly ProviderStatus[] | undefined): readonly ImageEngine[] {
  const image = providers?.find((provider) => provider.capability === 'image');
  return image?.engines ?? [];
}

/** Whether a hosted video model makes videos (it may redraw the product; the studio engine keeps it exact). */
export function videoIsHosted(providers: readonly ProviderStatus[] | undefined): boolean {
  return providers?.some((provider) => provider.capability === 'video' && provider.configured) ?? false;
}

/** GET /api/health/providers: the deployment's providers change only on restart, so one read per page is enough. */
export function useProviders(): readonly ProviderStatus[] | undefined {
  const query = useQuery({
    queryKey: queryKeys.providers,
    queryFn: async () => (await unwrap(api.GET('/api/health/providers'), 'Could not read the providers')).data,
    staleTime: Infinity,
    retry: false,
  });
  return query.data;
}

/** The image engines on offer; empty while unknown. */
export function useImageEngines(): readonly ImageEngine[] {
  return imageEngines(useProviders());
}
