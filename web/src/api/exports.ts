import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { isStoryboardKey } from '@/api/queryKeys';
import type { components } from '@/api/schema';
import type { OkBody } from '@/api/types';

export type ExportView = OkBody<'/api/exports/{id}', 'get'>['data'];
export type ExportedFile = ExportView['files'][number];
export type ExportCheck = ExportedFile['checks'][number];

export type ExportTarget = components['schemas']['ExportTarget'];

export const EXPORT_START_FAILED = 'Failed to start the export';
export const EXPORT_LOAD_FAILED = 'Failed to follow the export';

const exportKey = (jobId: string) => ['export', jobId] as const;

type ExportRequest = components['schemas']['ExportRequest'];

export interface ExportChoice {
  targets: ExportTarget[];
  /** The reels' music. */
  audioAssetId?: string;
  /** The ad design whose words the reels' title and end cards carry. */
  cardsFrom?: string;
}

/** The body of an export request: the targets, the reels' music and, when chosen, both cards from the ad. */
export function exportBody({ targets, audioAssetId, cardsFrom }: ExportChoice): ExportRequest {
  const body: ExportRequest = { targets, audio_asset_id: audioAssetId ?? null };
  return cardsFrom ? { ...body, cards: { design_id: cardsFrom, title: true, end: true } } : body;
}

/** POST /api/media/{id}/exports: queues one file per target (free; reels with the music `audioAssetId`); answers the job id. */
export function useStartExport() {
  return useMutation({
    mutationFn: async ({ assetId, ...choice }: ExportChoice & { assetId: string }) => {
      const result = await unwrap(api.POST('/api/media/{id}/exports', { params: { path: { id: assetId } }, body: exportBody(choice) }), EXPORT_START_FAILED);
      return result.data.job_id;
    },
  });
}

export function isFinished(view: ExportView | undefined): boolean {
  return view?.status === 'completed' || view?.status === 'failed';
}

/** GET /api/exports/{id}, followed about every 0.7 s until the export ends. */
export function useExport(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: exportKey(jobId ?? ''),
    enabled: jobId !== null,
    queryFn: async () => {
      const view = (await unwrap(api.GET('/api/exports/{id}', { params: { path: { id: jobId ?? '' } } }), EXPORT_LOAD_FAILED)).data;
      // The files are new assets of the campaign: the storyboard lists them.
      if (view.status === 'completed') void queryClient.invalidateQueries({ predicate: (q) => isStoryboardKey(q.queryKey) });
      return view;
    },
    refetchInterval: (query) => (isFinished(query.state.data) ? false : 700),
  });
}
