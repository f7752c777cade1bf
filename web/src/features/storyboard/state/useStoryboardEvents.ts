import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { queryKeys } from '@/api/queryKeys';
import type { Storyboard } from '@/api/types';
import {
  BROWSER_EVENTS,
  useBrowserEvent,
  type GenerationEndDetail,
  type GenerationStartDetail,
  type HighlightSceneDetail,
  type StoryboardRefreshDetail,
} from '@/lib/browserEvents';
import { notify } from '@/lib/toast';
import { storyboardQuery } from '../api/storyboard';
import { withTemporaryAsset } from '../logic/cache';

/** studio:refresh-storyboard and studio:highlight-scene act after this delay. */
export const STORYBOARD_EVENT_DELAY_MS = 500;
export const STORYBOARD_REFRESH_FAILED = 'Failed to refresh storyboard';

export interface StoryboardEventHandlers {
  /** A card should pulse (500 ms after studio:highlight-scene). */
  onHighlight: (sceneId: string) => void;
  /** A generation started for a scene of this project. */
  onGenerationStart: (sceneId: string) => void;
}

/**
 * The browser events the storyboard answers: refreshes (in 500 ms, or now when forced), card
 * highlights, a finished generation's asset shown before the refetch, and generation starts.
 */
export function useStoryboardEvents(projectId: string | null, { onHighlight, onGenerationStart }: StoryboardEventHandlers): void {
  const queryClient = useQueryClient();
  const refreshTimer = useRef<number | undefined>(undefined);
  const highlightTimers = useRef(new Set<number>());

  useEffect(() => {
    const timers = highlightTimers.current;
    return () => {
      window.clearTimeout(refreshTimer.current);
      for (const timer of timers) window.clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const concerns = (otherProjectId: string | null | undefined) => projectId !== null && (!otherProjectId || otherProjectId === projectId);

  const refresh = useCallback(async () => {
    if (!projectId) return;
    try {
      await queryClient.fetchQuery({ ...storyboardQuery(projectId), staleTime: 0 });
    } catch {
      notify.error(STORYBOARD_REFRESH_FAILED);
    }
  }, [projectId, queryClient]);

  useBrowserEvent<StoryboardRefreshDetail | undefined>(BROWSER_EVENTS.refreshStoryboard, (detail) => {
    if (!concerns(detail?.projectId)) return;
    // Several requests close together make one refresh.
    window.clearTimeout(refreshTimer.current);
    refreshTimer.current = window.setTimeout(() => void refresh(), STORYBOARD_EVENT_DELAY_MS);
  });

  useBrowserEvent<StoryboardRefreshDetail | undefined>(BROWSER_EVENTS.forceStoryboardRefresh, (detail) => {
    if (!concerns(detail?.projectId)) return;
    window.clearTimeout(refreshTimer.current);
    void refresh();
  });

  useBrowserEvent<HighlightSceneDetail | undefined>(BROWSER_EVENTS.highlightScene, (detail) => {
    const sceneId = detail?.sceneId;
    if (!sceneId) return;
    const timer = window.setTimeout(() => {
      highlightTimers.current.delete(timer);
      onHighlight(sceneId);
    }, STORYBOARD_EVENT_DELAY_MS);
    highlightTimers.current.add(timer);
  });

  useBrowserEvent<GenerationEndDetail | undefined>(BROWSER_EVENTS.generationEnd, (detail) => {
    if (!detail || !projectId || !concerns(detail.projectId)) return;
    queryClient.setQueryData<Storyboard>(queryKeys.storyboard(projectId), (old) => (old ? withTemporaryAsset(old, detail, new Date()) : old));
  });

  useBrowserEvent<GenerationStartDetail | undefined>(BROWSER_EVENTS.generationStart, (detail) => {
    if (detail?.sceneId && concerns(detail.projectId)) onGenerationStart(detail.sceneId);
  });
}
