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
export type JobEventData = Required<Omit<Schemas['JobEvent_JobAsset'], 'asset' | 'progress'>> & {
  /** The stored event's id (also the SSE `id:`), used to drop a replayed event. */
  event_id: string | number | null;
  /** 0–100, null when the server has no estimate. */
  progress: number | null;
  /** Set once completed. */
  asset: JobAsset | null;
};

/** Data of `storyboard-updated`: at least the project; any other fields are kept. */
export type StoryboardUpdatedData = Schemas['StoryboardUpdated'] & { [field: string]: unknown };

/** Data of `credits-changed`. */
export type CreditsChangedData = Schemas['CreditsChanged'];

export type LiveEvent =
  | { type: 'job-progress'; data: JobEventData }
  | { type: 'job-completed'; data: JobEventData }
  | { type: 'job-failed'; data: JobEventData }
  | { type: 'storyboard-updated'; data: StoryboardUpdatedData }
  | { type: 'credits-changed'; data: CreditsChangedData };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const finite = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

function parseAsset(value: unknown): JobAsset | null {
  if (!isRecord(value)) return null;
  const id = text(value.id);
  const url = text(value.url);
  if (!id || !url) return null;
  return {
    id,
    url,
    thumbnail_url: text(value.thumbnail_url),
    file_type: text(value.file_type) ?? 'image',
    credit_cost: finite(value.credit_cost) ?? 0,
  };
}

function parseError(value: unknown): string | null {
  if (typeof value === 'string') return value || null;
  if (isRecord(value)) return text(value.message) ?? text(value.code);
  return null;
}

const terminalStatus: Partial<Record<LiveEventType, string>> = { 'job-completed': 'completed', 'job-failed': 'failed' };

/** A job event's data, or null without a job or project id. */
export function parseJobEvent(type: 'job-progress' | 'job-completed' | 'job-failed', value: unknown): JobEventData | null {
  if (!isRecord(value)) return null;
  const jobId = text(value.job_id);
  const projectId = text(value.project_id);
  if (!jobId || !projectId) return null;
  const eventId = typeof value.event_id === 'string' || (typeof value.event_id === 'number' && Number.isFinite(value.event_id)) ? value.event_id : null;
  const progress = finite(value.progress);
  return {
    event_id: eventId === '' ? null : eventId,
    job_id: jobId,
    kind: text(value.kind) ?? '',
    // The event's name wins over a status that says otherwise.
    status: terminalStatus[type] ?? text(value.status) ?? 'processing',
    progress: progress === null ? null : Math.min(100, Math.max(0, progress)),
    stage: text(value.stage),
    project_id: projectId,
    scene_id: text(value.scene_id),
    message_id: text(value.message_id),
    asset: parseAsset(value.asset),
    error: parseError(value.error),
  };
}

/** One SSE message (its event name and raw `data:`) as a typed event; null for anything unknown or malformed. */
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
    case 'job-failed': {
      const data = parseJobEvent(type, value);
      return data ? { type, data } : null;
    }
    case 'storyboard-updated': {
      if (!isRecord(value)) return null;
      const projectId = text(value.project_id);
      return projectId ? { type, data: { ...value, project_id: projectId } } : null;
    }
    case 'credits-changed': {
      if (!isRecord(value)) return null;
      const balance = finite(value.balance);
      return balance === null ? null : { type, data: { balance: Math.max(0, balance) } };
    }
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
