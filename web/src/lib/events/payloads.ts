import type { components } from '@/api/schema';

/** The events of `GET /api/events` , and checks of their JSON data. */
export const LIVE_EVENT_TYPES = ['job-progress', 'job-completed', 'job-failed', 'storyboard-updated', 'credits-changed'] as const;

export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

type Schemas = components['schemas'];

/** The media a completed job produced (generated from the server's `JobAsset`). */
export type JobAsset = Required<Schemas['JobAsset']>;

/**
 * Data of `job-progress`, `job-completed` and `job-failed` (generated from the server's `JobEvent`), as the
 * client holds it: every field present, plus the stored event's id.
 */
export type JobEventData = Required<Omit<Schemas['JobEvent_JobAsset'], 'asset' | 'progress' | 'event_id'>> & {
  /** The stored event's id (also the SSE `id:`), used to drop a replayed event. */
  event_id: string | number | null;
  /** 0–100. */
  progress: number | null;
  /** Set once completed. */
  asset: JobAsset | null;
};

/** Data of `storyboard-updated`. */
export type StoryboardUpdatedData = Schemas['StoryboardUpdated'];

/** Data of `credits-changed`. */
export type CreditsChangedData = Schemas['CreditsChanged'];

export type LiveEvent =
  | { type: 'job-progress'; data: JobEventData }
  | { type: 'job-completed'; data: JobEventData }
  | { type: 'job-failed'; data: JobEventData }
  | { type: 'storyboard-updated'; data: StoryboardUpdatedData }
  | { type: 'credits-changed'; data: CreditsChangedData };

/** A job event's data as sent: the generated `JobEvent` with the stored event's id. */
type SentJobEvent = Schemas['JobEvent_JobAsset'] & { event_id?: string | number | null };

/** A job event's data as the client holds it: every field present, progress within 0–100. */
export function parseJobEvent(sent: SentJobEvent): JobEventData {
  return {
    event_id: sent.event_id ?? null,
    job_id: sent.job_id,
    kind: sent.kind,
    status: sent.status,
    progress: Math.min(100, Math.max(0, sent.progress)),
    stage: sent.stage ?? null,
    project_id: sent.project_id,
    scene_id: sent.scene_id ?? null,
    message_id: sent.message_id ?? null,
    asset: sent.asset ? { ...sent.asset, thumbnail_url: sent.asset.thumbnail_url ?? null } : null,
    error: sent.error ?? null,
  };
}

/** One SSE message (its event name and `data:`, shaped by the server's typed events); null for an unknown event or text that is not JSON. */
export function parseLiveEvent(type: string, raw: string): LiveEvent | null {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  switch (type) {
    case 'job-progress':
    case 'job-completed':
    case 'job-failed':
      return { type, data: parseJobEvent(value as SentJobEvent) };
    case 'storyboard-updated':
      return { type, data: value as StoryboardUpdatedData };
    case 'credits-changed':
      return { type, data: value as CreditsChangedData };
    default:
      return null;
  }
}

/** Remembers the last `max` ids seen, so an event replayed after a reconnect is handled once. */
export function createSeenIds(max = 500) {
  const seen = new Set<string>();
  return {
    /** True the first time an id is offered; false for a repeat. */
    add(id: string | number): boolean {
      const key = String(id);
      if (seen.has(key)) return false;
      seen.add(key);
      if (seen.size > max) {
        const oldest = seen.values().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
      return true;
    },
    clear: () => seen.clear(),
  };
}
