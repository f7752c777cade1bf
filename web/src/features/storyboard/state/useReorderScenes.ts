import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/api/queryKeys';
import type { Scene, Storyboard } from '@/api/types';
import { notify } from '@/lib/toast';
import { REORDER_FAILED, reorderScenes } from '../api/reorderScenes';
import { applySceneOrder, sameOrder } from '../logic/order';
import { track } from '@/lib/analytics';

/**
 * Puts the project's scenes in a new order: at once in the storyboard and the scene list, then on
 * the server (which renumbers them 1..n). A failure puts the previous order back with a toast.
 */
export function useReorderScenes(projectId: string | null) {
  const queryClient = useQueryClient();

  return useCallback(
    async (ids: string[]): Promise<boolean> => {
      if (!projectId) return false;
      const boardKey = queryKeys.storyboard(projectId);
      const scenesKey = queryKeys.scenes(projectId);
      const before = queryClient.getQueryData<Storyboard>(boardKey);
      if (!before) return false;
      const previous = before.scenes.map((s) => s.id);
      if (sameOrder(previous, ids)) return true;

      const order = (next: readonly string[]) => {
        queryClient.setQueryData<Storyboard>(boardKey, (old) => (old ? { ...old, scenes: applySceneOrder(old.scenes, next) } : old));
        queryClient.setQueryData<Scene[]>(scenesKey, (old) => (old ? applySceneOrder(old, next) : old));
      };
      // A refetch under way would answer the old order over the new one; without one the new order is
      // applied at once, so a dropped card does not jump back first.
      const refetching = queryClient.isFetching({ queryKey: boardKey }) + queryClient.isFetching({ queryKey: scenesKey }) > 0;
      if (refetching) await Promise.all([queryClient.cancelQueries({ queryKey: boardKey }), queryClient.cancelQueries({ queryKey: scenesKey })]);
      order(ids);
      try {
        const saved = await reorderScenes(projectId, ids);
        order([...saved].sort((a, b) => a.order - b.order).map((s) => s.id));
        track('scenes_reordered', { scenes: ids.length });
        if (refetching) void queryClient.invalidateQueries({ queryKey: boardKey });
        return true;
      } catch {
        order(previous);
        notify.error(REORDER_FAILED);
        return false;
      }
    },
    [projectId, queryClient],
  );
}
