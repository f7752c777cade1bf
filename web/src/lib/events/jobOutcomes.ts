import type { JobEventData } from './payloads';

/**
 * The last few hundred jobs the live stream saw finish. A screen that starts watching a job after
 * its `job-completed` already arrived (a fast image can finish before the POST's answer is read)
 * finds the outcome here instead of waiting for an event that will not come again.
 */
export interface JobOutcomeStore {
  get: (jobId: string) => JobEventData | undefined;
  record: (event: JobEventData) => void;
  subscribe: (listener: (event: JobEventData) => void) => () => void;
  clear: () => void;
}

export function createJobOutcomeStore(max = 300): JobOutcomeStore {
  const outcomes = new Map<string, JobEventData>();
  const listeners = new Set<(event: JobEventData) => void>();
  return {
    get: (jobId) => outcomes.get(jobId),
    record: (event) => {
      outcomes.delete(event.job_id);
      outcomes.set(event.job_id, event);
      if (outcomes.size > max) {
        const oldest = outcomes.keys().next().value;
        if (oldest !== undefined) outcomes.delete(oldest);
      }
      for (const listener of [...listeners]) listener(event);
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    clear: () => outcomes.clear(),
  };
}

/** The app's one store, fed by the live event stream (src/app/liveEvents.ts). */
export const jobOutcomeStore = createJobOutcomeStore();
