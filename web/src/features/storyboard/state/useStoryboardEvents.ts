import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { queryKeys } from '@/api/queryKeys';
import type { Storyboard } from '@/api/types';
import { BROWSER_EVENTS, useBrowserEvent } from '@/lib/browserEvents';
import { withTemporaryAsset } from '../logic/cache';

/** studio:highlight-scene acts after this delay. */
export const STORYBOARD_EVENT_DELAY_MS = 500;

export interface StoryboardEventHandlers {
  /** A card should pulse (500 ms after studio:highlight-scene). */
  onHighlight: (sceneId: string) => void;
  /** A generation started for a scene of this project. */
  onGenerationStart: (sceneId: string) => void;
}

/**
 * The browser events the storyboard answers: card highlights, a finished generation's asset shown
 * before the live stream's refetch, and generation starts.
 */
export function useStoryboardEvents(projectId: string | null, { onHighlight, onGenerationStart }: StoryboardEventHandlers): void {
  const queryClient = useQueryClient();
  const highlightTimers = useRef(new Set<number>());

  useEffect(() => {
    const timers = highlightTimers.current;
    return () => {
      for (const timer of timers) window.clearTimeout(timer);
      timers.clear();
    };
  }, []);

  const concerns = (otherProjectId: string | null | undefined) => projectId !== null && (!otherProjectId || otherProjectId === projectId);

  useBrowserEvent(BROWSER_EVENTS.highlightScene, (detail) => {
    const sceneId = detail?.sceneId;
    if (!sceneId) return;
    const timer = window.setTimeout(() => {
      highlightTimers.current.delete(timer);
      onHighlight(sceneId);
    }, STORYBOARD_EVENT_DELAY_MS);
    highlightTimers.current.add(timer);
  });

  useBrowserEvent(BROWSER_EVENTS.generationEnd, (detail) => {
    if (!detail || !projectId || !concerns(detail.projectId)) return;
    queryClient.setQueryData<Storyboard>(queryKeys.storyboard(projectId), (old) => (old ? withTemporaryAsset(old, detail, new Date()) : old));
  });

  useBrowserEvent(BROWSER_EVENTS.generationStart, (detail) => {
    if (detail?.sceneId && concerns(detail.projectId)) onGenerationStart(detail.sceneId);
  });
}
