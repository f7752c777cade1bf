import type { JobEventData } from '@/lib/events';

/** A live job event of job-1 (an image of scene s-1 in project p-1, running), with `overrides`. */
export function jobEvent(overrides: Partial<JobEventData> = {}): JobEventData {
  return {
    event_id: 1,
    job_id: 'job-1',
    kind: 'image',
    status: 'processing',
    progress: 30,
    stage: 'render',
    project_id: 'p-1',
    scene_id: 's-1',
    message_id: null,
    asset: null,
    error: null,
    ...overrides,
  };
}
