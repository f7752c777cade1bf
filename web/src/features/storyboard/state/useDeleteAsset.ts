import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/api/queryKeys';
import type { Storyboard } from '@/api/types';
import { notify } from '@/lib/toast';
import { DELETE_ASSET_FAILED, deleteMedia } from '../api/deleteMedia';
import { withoutAsset } from '../logic/cache';

export const ASSET_DELETED = 'Asset deleted';

/** Deletes an asset; the storyboard drops it at once and is refetched with the scenes and the balance's usage counts. */
export function useDeleteAsset(projectId: string | null) {
  const queryClient = useQueryClient();

  return useCallback(
    async (assetId: string): Promise<boolean> => {
      try {
        await deleteMedia(assetId);
      } catch {
        notify.error(DELETE_ASSET_FAILED);
        return false;
      }
      if (projectId) {
        const key = queryKeys.storyboard(projectId);
        queryClient.setQueryData<Storyboard>(key, (old) => (old ? withoutAsset(old, assetId) : old));
        void queryClient.invalidateQueries({ queryKey: key });
        // A scene whose cover it was has none now.
        void queryClient.invalidateQueries({ queryKey: queryKeys.scenes(projectId) });
      }
      void queryClient.invalidateQueries({ queryKey: queryKeys.credits });
      notify.success(ASSET_DELETED);
      return true;
    },
    [projectId, queryClient],
  );
}
