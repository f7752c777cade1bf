import { useSyncExternalStore } from 'react';

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
  const ids = new Set<string>();
  const listeners = new Set<() => void>();
  return {
    add(jobId) {
      if (ids.has(jobId)) return;
      ids.add(jobId);
      for (const listener of listeners) listener();
    },
    remove(jobId) {
      if (!ids.delete(jobId)) return;
      for (const listener of listeners) listener();
    },
    has: (jobId) => (jobId ? ids.has(jobId) : false),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const cancelledJobs = createCancelledJobs();

/** Whether this tab cancelled the job; re-renders when it does. */
export function useJobCancelled(jobId: string | null | undefined): boolean {
  return useSyncExternalStore(cancelledJobs.subscribe, () => cancelledJobs.has(jobId));
}
