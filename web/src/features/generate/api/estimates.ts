import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { OkBody } from '@/api/types';
import { BROWSER_EVENTS, useBrowserEvent } from '@/lib/browserEvents';

export type JobEstimate = OkBody<'/api/jobs/estimates', 'get'>['data'][number];

/**
 * GET /api/jobs/estimates: what the latest generations took, per kind and engine; read again a
 * minute later at most, and after each generation this page saw end.
 */
export function useJobEstimates(): readonly JobEstimate[] | undefined {
  const client = useQueryClient();
  useBrowserEvent(BROWSER_EVENTS.generationEnd, () => void client.invalidateQueries({ queryKey: queryKeys.jobEstimates }));
  const query = useQuery({
    queryKey: queryKeys.jobEstimates,
    queryFn: async () => (await unwrap(api.GET('/api/jobs/estimates'), 'Could not read the estimated times')).data,
    staleTime: 60_000,
    retry: false,
  });
  return query.data;
}
