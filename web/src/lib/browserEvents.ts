import type { components } from '@/api/schema';
import { useEffect, useRef } from 'react';

/**
 * Window events that tie the workspace together: the chat, the Generate panel, the storyboard and
 * the credit badge announce and hear these without importing each other.
 */
export const BROWSER_EVENTS = {
  /** A generation was started from the browser. detail: GenerationStartDetail */
  generationStart: 'generation-start',
  /** A generation the browser started has ended (completed or failed). detail: GenerationEndDetail */
  generationEnd: 'generation-end',
  /** From the live stream: a job completed. detail: JobEventData */
  jobCompleted: 'job-completed',
  /** From the live stream: a job failed. detail: JobEventData */
  jobFailed: 'job-failed',
  /** Highlight a scene's card after 500 ms. detail: { sceneId } */
  highlightScene: 'studio:highlight-scene',
  /** The user's first generation of this page's life completed. detail: GenerationEndDetail */
  firstGenerationComplete: 'studio:first-generation-complete',
  /** The server refused an action for want of credits (a 402). detail: none */
  outOfCredits: 'studio:out-of-credits',
  /** Bring the Generate panel to the front (a recalled brief filled it). detail: none */
  showGenerate: 'studio:show-generate',
} as const;

export type BrowserEventName = (typeof BROWSER_EVENTS)[keyof typeof BROWSER_EVENTS];

export interface GenerationStartDetail {
  jobId: string;
  kind: components['schemas']['JobKind'];
  projectId: string | null;
  sceneId: string | null;
  messageId?: string | null;
}

/** The generated-asset payload: what a finished generation made, so the storyboard can show it at once. */
export interface GenerationEndDetail extends GenerationStartDetail {
  status: 'completed' | 'failed';
  url?: string | null;
  thumbnailUrl?: string | null;
  assetId?: string | null;
  assetType?: string | null;
  prompt?: string | null;
  creditCost?: number;
  sourceImageId?: string | null;
  templateId?: string | null;
  shouldHighlight?: boolean;
  error?: string | null;
}

export interface HighlightSceneDetail {
  sceneId: string;
}

export function emitBrowserEvent<T>(name: BrowserEventName, detail: T, target: EventTarget = window): void {
  target.dispatchEvent(new CustomEvent<T>(name, { detail }));
}

let generationsCompleted = 0;

/**
 * Announces the end of a generation the browser started: `generation-end`, the highlight of its
 * scene's card, and `studio:first-generation-complete` the first time one completes. The storyboard
 * itself is refetched by the live stream's `job-completed`.
 */
export function announceGenerationEnd(detail: GenerationEndDetail, target: EventTarget = window): void {
  emitBrowserEvent(BROWSER_EVENTS.generationEnd, detail, target);
  if (detail.status !== 'completed') return;
  if (detail.sceneId && detail.shouldHighlight !== false) {
    emitBrowserEvent<HighlightSceneDetail>(BROWSER_EVENTS.highlightScene, { sceneId: detail.sceneId }, target);
  }
  generationsCompleted += 1;
  if (generationsCompleted === 1) emitBrowserEvent(BROWSER_EVENTS.firstGenerationComplete, detail, target);
}

/** Calls `handler` with each event's detail while mounted; the latest handler is always used. */
export function useBrowserEvent<T>(name: BrowserEventName, handler: (detail: T) => void, target?: EventTarget): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => {
    const on = target ?? window;
    const listener = (event: Event) => latest.current((event as CustomEvent<T>).detail);
    on.addEventListener(name, listener);
    return () => on.removeEventListener(name, listener);
  }, [name, target]);
}
