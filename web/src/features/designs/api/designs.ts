import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { components } from '@/api/schema';
import type { RequestBody } from '@/api/types';

/** An ad design: a picture of the campaign and its text layers. */
export type DesignView = components['schemas']['DesignView'];
export type DesignRequest = RequestBody<'/api/media/{id}/designs', 'post'>;
export type DesignEdit = RequestBody<'/api/media/{id}/design', 'patch'>;
export type AdTemplate = components['schemas']['AdTemplate'];
/** The copy the studio proposes for an ad on a picture. */
export type AdProposal = components['schemas']['AdProposal'];

export const DESIGN_MESSAGES = {
  makeFailed: 'Couldn’t make the ad. Please try again.',
  editFailed: 'Couldn’t change the ad. Please try again.',
  proposalFailed: 'Couldn’t propose ad copy. Write your own below.',
} as const;

/** POST /api/media/{id}/designs → a new picture of the campaign with the copy set on it (free). */
export function useMakeDesign(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ sourceId, request }: { sourceId: string; request: DesignRequest }): Promise<DesignView> =>
      (await unwrap(api.POST('/api/media/{id}/designs', { params: { path: { id: sourceId } }, body: request }), DESIGN_MESSAGES.makeFailed)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.storyboard(projectId) }),
  });
}

/** PATCH /api/media/{id}/design → the design set again with its copy edited (free). */
export function useEditDesign(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ designId, edit }: { designId: string; edit: DesignEdit }): Promise<DesignView> =>
      (await unwrap(api.PATCH('/api/media/{id}/design', { params: { path: { id: designId } }, body: edit }), DESIGN_MESSAGES.editFailed)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.storyboard(projectId) }),
  });
}

/** GET /api/media/{id}/ad-proposal → the headline, offer and call to action to start the "Ad" step from. */
export function useAdProposal(sourceId: string) {
  return useQuery({
    queryKey: queryKeys.adProposal(sourceId),
    queryFn: async (): Promise<AdProposal> =>
      (await unwrap(api.GET('/api/media/{id}/ad-proposal', { params: { path: { id: sourceId } } }), DESIGN_MESSAGES.proposalFailed)).data,
    staleTime: Infinity,
  });
}
