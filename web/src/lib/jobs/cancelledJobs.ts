import { useSyncExternalStore } from 'react';
import { createStore } from '@/lib/store';

/**
 * The jobs this tab cancelled. A cancelled job arrives as a failed one (with its refund in
 * the text); screens use this to show it calmly as cancelled rather than as an error.
 */
export interface CancelledJobs {
  add(jobId: string): void;
  remove(jobId: string): void;
  has(jobId: string | null | undefined): boolean;
  subscribe(listener: () => void): () => void;
}

export function createCancelledJobs(): CancelledJobs {
  const ids = createStore<ReadonlySet<string>>(new Set());
  return {
    add: (jobId) => ids.update((current) => (current.has(jobId) ? current : new Set(current).add(jobId))),
    remove: (jobId) =>
      ids.update((current) => {
        if (!current.has(jobId)) return current;
        const next = new Set(current);
        next.delete(jobId);
        return next;
      }),
    has: (jobId) => (jobId ? ids.get().has(jobId) : false),
    subscribe: ids.subscribe,
  };
}

export const cancelledJobs = createCancelledJobs();

/** Whether this tab cancelled the job; re-renders when it does. */
export function useJobCancelled(jobId: string | null | undefined): boolean {
  return useSyncExternalStore(cancelledJobs.subscribe, () => cancelledJobs.has(jobId));
}
