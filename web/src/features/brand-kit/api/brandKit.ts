import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, toApiError, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { components } from '@/api/schema';
import type { RequestBody } from '@/api/types';

/** A project's brand kit: logo, up to five colours, heading and body font, tagline. */
export type BrandKit = components['schemas']['BrandKitView'];
export type BrandKitInput = RequestBody<'/api/projects/{id}/brand-kit', 'put'>;

export const BRAND_KIT_MESSAGES = {
  loadFailed: 'Couldn’t load the brand kit',
  saveFailed: 'Couldn’t save the brand kit. Please try again.',
  uploadFailed: 'Couldn’t upload the logo. Please try again.',
} as const;

/** GET /api/projects/{id}/brand-kit → the kit (the default one until it is set). */
export function brandKitQuery(projectId: string) {
  return queryOptions({
    queryKey: queryKeys.brandKit(projectId),
    queryFn: async (): Promise<BrandKit> =>
      (await unwrap(api.GET('/api/projects/{id}/brand-kit', { params: { path: { id: projectId } } }), BRAND_KIT_MESSAGES.loadFailed)).data,
  });
}

export function useBrandKit(projectId: string) {
  return useQuery(brandKitQuery(projectId));
}

/** PUT /api/projects/{id}/brand-kit: colours, fonts and tagline (the logo stays). */
export function useSaveBrandKit(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: BrandKitInput): Promise<BrandKit> =>
      (await unwrap(api.PUT('/api/projects/{id}/brand-kit', { params: { path: { id: projectId } }, body: input }), BRAND_KIT_MESSAGES.saveFailed)).data,
    onSuccess: (kit) => queryClient.setQueryData(queryKeys.brandKit(projectId), kit),
  });
}

/** POST /api/projects/{id}/brand-kit/logo (multipart `file`): the kit's colours become the logo's own. */
export async function uploadLogo(projectId: string, file: File): Promise<BrandKit> {
  const form = new FormData();
  form.append('file', file, file.name);
  let response: Response;
  try {
    response = await globalThis.fetch(`/api/projects/${projectId}/brand-kit/logo`, {
      method: 'POST',
      body: form,
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ApiError(BRAND_KIT_MESSAGES.uploadFailed, 0, 'network_error');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw toApiError(body, response.status, BRAND_KIT_MESSAGES.uploadFailed);
  return (body as { data: BrandKit }).data;
}

export function useUploadLogo(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadLogo(projectId, file),
    onSuccess: (kit) => queryClient.setQueryData(queryKeys.brandKit(projectId), kit),
  });
}
