import type { components } from '@/api/schema';
import { useEffect, useRef } from 'react';
import type { CompletedJob } from '@/lib/jobs/watchJob';

/**
 * The page's events that tie the workspace together: the chat, the Generate panel, the storyboard
 * and the credit badge announce and hear these without importing each other. Each name has one
 * declared detail type (`BrowserEventDetails`). They travel on a bus of this module, not on
 * `window`: nothing outside the app can send or forge them. Jobs' ends come from the live stream
 * (`jobOutcomeStore`), not from here.
 */
export const BROWSER_EVENTS = {
  /** A generation was started from the browser. */
  generationStart: 'generation-start',
  /** A generation the browser started has ended (completed or failed). */
  generationEnd: 'generation-end',
  /** Highlight a scene's card after 500 ms. */
  highlightScene: 'studio:highlight-scene',
  /** The user's first generation of this page's life completed. */
  firstGenerationComplete: 'studio:first-generation-complete',
  /** The server refused an action for want of credits (a 402). */
  outOfCredits: 'studio:out-of-credits',
  /** Bring the Generate panel to the front (a recalled brief filled it). */
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

/** The end of a completed generation: what it made and what it cost (a file of unknown type counts as `fallbackType`). */
export function completedEnd(start: GenerationStartDetail, outcome: CompletedJob, fallbackType: string): GenerationEndDetail {
  return {
    ...start,
    status: 'completed',
    url: outcome.url,
    thumbnailUrl: outcome.thumbnailUrl,
    assetId: outcome.assetId,
    assetType: outcome.assetType ?? fallbackType,
    creditCost: outcome.creditCost,
  };
}

export interface HighlightSceneDetail {
  sceneId: string;
}

/** What each event carries. */
export interface BrowserEventDetails {
  'generation-start': GenerationStartDetail;
  'generation-end': GenerationEndDetail;
  'studio:highlight-scene': HighlightSceneDetail;
  'studio:first-generation-complete': GenerationEndDetail;
  'studio:out-of-credits': null;
  'studio:show-generate': null;
}

const bus = new EventTarget();

class BrowserEvent<K extends BrowserEventName> extends Event {
  constructor(
    name: K,
    readonly detail: BrowserEventDetails[K],
  ) {
    super(name);
  }
}

export function emitBrowserEvent<K extends BrowserEventName>(name: K, detail: BrowserEventDetails[K]): void {
  bus.dispatchEvent(new BrowserEvent(name, detail));
}

/** Calls `listener` with each event's detail until the returned function is called. */
export function onBrowserEvent<K extends BrowserEventName>(name: K, listener: (detail: BrowserEventDetails[K]) => void): () => void {
  const handle = (event: Event) => listener((event as BrowserEvent<K>).detail);
  bus.addEventListener(name, handle);
  return () => bus.removeEventListener(name, handle);
}

let generationsCompleted = 0;

/**
 * Announces the end of a generation the browser started: `generation-end`, the highlight of its
 * scene's card, and `studio:first-generation-complete` the first time one completes. The storyboard
 * itself is refetched by the live stream's `job-completed`.
 */
export function announceGenerationEnd(detail: GenerationEndDetail): void {
  emitBrowserEvent(BROWSER_EVENTS.generationEnd, detail);
  if (detail.status !== 'completed') return;
  if (detail.sceneId && detail.shouldHighlight !== false) {
    emitBrowserEvent(BROWSER_EVENTS.highlightScene, { sceneId: detail.sceneId });
  }
  generationsCompleted += 1;
  if (generationsCompleted === 1) emitBrowserEvent(BROWSER_EVENTS.firstGenerationComplete, detail);
}

/** Calls `handler` with each event's detail while mounted; the latest handler is always used. */
export function useBrowserEvent<K extends BrowserEventName>(name: K, handler: (detail: BrowserEventDetails[K]) => void): void {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => onBrowserEvent(name, (detail) => latest.current(detail)), [name]);
}
