import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { AspectRatio } from '../logic/aspectRatio';
import { GENERATE_MESSAGES } from '../logic/messages';
import type { Template } from './types';

/** Templates change only when the server is redeployed: five minutes is fresh enough. */
export const TEMPLATE_CACHE_MS = 5 * 60_000;

/** GET /api/templates?template_type=… → data.templates, popular first; cached 5 minutes per type and ratio. */
export function templatesQuery(aspectRatio: AspectRatio, templateType = 'image') {
  return queryOptions({
    queryKey: queryKeys.templates(templateType, aspectRatio),
    queryFn: async (): Promise<Template[]> => {
      const body = await unwrap(api.GET('/api/templates', { params: { query: { template_type: templateType } } }), GENERATE_MESSAGES.loadTemplates);
      const list = (body as { data?: { templates?: unknown } }).data?.templates;
      if (!Array.isArray(list)) throw new ApiError(GENERATE_MESSAGES.loadTemplates, 0, 'invalid_response');
      return list as Template[];
    },
    staleTime: TEMPLATE_CACHE_MS,
    gcTime: TEMPLATE_CACHE_MS,
    retry: 1,
    // Switching the ratio keeps the grid on screen while the other ratio's list loads.
    placeholderData: keepPreviousData,
  });
}

export function useTemplates(aspectRatio: AspectRatio, enabled: boolean) {
  return useQuery({ ...templatesQuery(aspectRatio), enabled });
}
