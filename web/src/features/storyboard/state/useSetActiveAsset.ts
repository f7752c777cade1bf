import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { queryKeys } from '@/api/queryKeys';
import type { Scene, Storyboard } from '@/api/types';
import { isUuid } from '@/lib/media/assetId';
import { notify } from '@/lib/toast';
import { setActiveAsset } from '../api/setActiveAsset';
import { activeAssetIdOf, withActiveAsset } from '../logic/cache';

export const SCENE_UPDATE_FAILED = 'Failed to update campaign';

/** One scene's cover changes: at most one request at a time, the latest wish sent next. */
interface Lane {
  /** The cover the server last confirmed (or had when the burst began). */
  confirmed: string | null;
  busy: boolean;
  queued: string | null;
  /** The latest choice, which the cache shows whatever order the calls resume in. */
  wish: string;
  /** A storyboard refetch was cancelled to keep the optimistic cover: refetch once done. */
  refetch: boolean;
}

/**
 * Sets a scene's active asset at once in the cached storyboard, then on the server. Quick clicks
 * through a carousel send one request at a time, the last choice winning; a failure rolls back to
 * the confirmed cover with a toast.
 */
export function useSetActiveAsset(projectId: string | null) {
  const queryClient = useQueryClient();
  const lanes = useRef(new Map<string, Lane>());

  return useCallback(
    async (sceneId: string, assetId: string) => {
      if (!projectId || !isUuid(assetId)) return;
      const key = queryKeys.storyboard(projectId);
      let lane = lanes.current.get(sceneId);
      if (!lane) {
        lane = { confirmed: activeAssetIdOf(queryClient.getQueryData<Storyboard>(key), sceneId), busy: false, queued: null, wish: assetId, refetch: false };
        lanes.current.set(sceneId, lane);
      }
      const current = lane;
      // Claimed before any await, so two quick clicks never send two requests at once.
      const sendNow = !current.busy;
      current.busy = true;
      current.wish = assetId;
      if (!sendNow) current.queued = assetId;
      if (queryClient.isFetching({ queryKey: key }) > 0) {
        current.refetch = true;
        // A refetch already under way would bring the old cover back.
        await queryClient.cancelQueries({ queryKey: key });
      }
      queryClient.setQueryData<Storyboard>(key, (old) => (old ? withActiveAsset(old, sceneId, current.wish) : old));
      if (!sendNow) return;

      let target: string | null = assetId;
      let failed = false;
      while (target) {
        try {
          const scene = await setActiveAsset(sceneId, target);
          current.confirmed = scene.active_asset_id ?? target;
          failed = false;
        } catch {
          failed = true;
        }
        const next: string | null = current.queued;
        current.queued = null;
        if (next !== null && next === current.confirmed) failed = false;
        target = next !== null && next !== current.confirmed ? next : null;
      }
      current.busy = false;
      lanes.current.delete(sceneId);

      if (failed) {
        queryClient.setQueryData<Storyboard>(key, (old) => (old ? withActiveAsset(old, sceneId, current.confirmed) : old));
        notify.error(SCENE_UPDATE_FAILED);
      } else {
        const confirmed = current.confirmed;
        queryClient.setQueryData<Scene[]>(queryKeys.scenes(projectId), (old) =>
          old?.map((scene) => (scene.id === sceneId ? { ...scene, active_asset_id: confirmed } : scene)),
        );
      }
      if (current.refetch) void queryClient.invalidateQueries({ queryKey: key });
    },
    [projectId, queryClient],
  );
}
