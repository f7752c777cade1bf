import { useCallback, useSyncExternalStore } from 'react';
import type { components } from '@/api/schema';
import { createStore } from '@/lib/store';
import type { JobEventData } from './payloads';

/** A job still running, as its latest `job-progress` event told. */
export interface JobProgress {
  jobId: string;
  kind: components['schemas']['JobKind'];
  status: components['schemas']['JobStatus'];
  /** 0–100; never goes back down for the same job. Null until the server gives an estimate. */
  progress: number | null;
  stage: string | null;
  projectId: string | null;
  sceneId: string | null;
  messageId: string | null;
  /** When the last event arrived (ms since the epoch). */
  updatedAt: number;
}

/** In-flight jobs keyed by job id. Replaced, never mutated, so it can be a `useSyncExternalStore` snapshot. */
export type JobProgressState = Readonly<Record<string, JobProgress>>;

export type JobProgressAction =
  | { type: 'progress'; event: JobEventData; at: number }
  /** The job completed or failed: it is no longer in flight. */
  | { type: 'finish'; jobId: string }
  /** Drops jobs not heard of since `before` (a missed completion must not leave a bar forever). */
  | { type: 'prune'; before: number }
  /** Sign-out. */
  | { type: 'reset' };

const EMPTY: JobProgressState = Object.freeze({});
const TERMINAL = new Set(['completed', 'failed']);

function without(state: JobProgressState, jobId: string): JobProgressState {
  if (!Object.hasOwn(state, jobId)) return state;
  const next = { ...state };
  delete next[jobId];
  return next;
}

function same(a: JobProgress, b: JobProgress): boolean {
  return (
    a.kind === b.kind &&
    a.status === b.status &&
    a.progress === b.progress &&
    a.stage === b.stage &&
    a.projectId === b.projectId &&
    a.sceneId === b.sceneId &&
    a.messageId === b.messageId
  );
}

/** Pure: the next state, or the same object when nothing changed. */
export function jobProgressReducer(state: JobProgressState, action: JobProgressAction): JobProgressState {
  switch (action.type) {
    case 'progress': {
      const { event, at } = action;
      if (TERMINAL.has(event.status)) return without(state, event.job_id);
      const previous = state[event.job_id];
      const progress =
        previous?.progress != null && event.progress !== null ? Math.max(previous.progress, event.progress) : (event.progress ?? previous?.progress ?? null);
      const entry: JobProgress = {
        jobId: event.job_id,
        kind: event.kind,
        status: event.status,
        progress,
        stage: event.stage ?? previous?.stage ?? null,
        projectId: event.project_id ?? previous?.projectId ?? null,
        sceneId: event.scene_id ?? previous?.sceneId ?? null,
        messageId: event.message_id ?? previous?.messageId ?? null,
        updatedAt: at,
      };
      if (previous && same(previous, entry)) return state;
      return { ...state, [event.job_id]: entry };
    }
    case 'finish':
      return without(state, action.jobId);
    case 'prune': {
      const stale = Object.values(state).filter((job) => job.updatedAt < action.before);
      if (stale.length === 0) return state;
      const next = { ...state };
      for (const job of stale) delete next[job.jobId];
      return next;
    }
    case 'reset':
      return Object.keys(state).length === 0 ? state : EMPTY;
  }
}

export interface JobProgressStore {
  getSnapshot: () => JobProgressState;
  subscribe: (listener: () => void) => () => void;
  dispatch: (action: JobProgressAction) => void;
}

export function createJobProgressStore(initial: JobProgressState = EMPTY): JobProgressStore {
  const store = createStore(initial);
  return {
    getSnapshot: store.get,
    subscribe: store.subscribe,
    dispatch: (action) => store.update((state) => jobProgressReducer(state, action)),
  };
}

/** The app's one store, fed by the live event stream (src/app/LiveEvents.tsx). */
export const jobProgressStore = createJobProgressStore();

/** Every in-flight job, keyed by job id. */
export function useJobProgressState(store: JobProgressStore = jobProgressStore): JobProgressState {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/** One job's progress, or undefined when it is not (or no longer) in flight. */
export function useJobProgress(jobId: string | null | undefined, store: JobProgressStore = jobProgressStore): JobProgress | undefined {
  const select = useCallback(() => (jobId ? store.getSnapshot()[jobId] : undefined), [store, jobId]);
  return useSyncExternalStore(store.subscribe, select, select);
}

/** The in-flight jobs of one scene (or project, when `sceneId` is null), oldest update first. */
export function jobsFor(state: JobProgressState, filter: { projectId?: string | null; sceneId?: string | null }): JobProgress[] {
  return Object.values(state)
    .filter((job) => (filter.projectId == null || job.projectId === filter.projectId) && (filter.sceneId == null || job.sceneId === filter.sceneId))
    .sort((a, b) => a.updatedAt - b.updatedAt);
}
