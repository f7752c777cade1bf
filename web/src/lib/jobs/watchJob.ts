import type { components } from '@/api/schema';
import { fetchJobStatus, JOB_STATUS_MESSAGES, type JobStatusView } from '@/api/jobs';
import { jobOutcomeStore, liveEventStatus, type JobEventData, type JobOutcomeStore, type StreamStatus } from '@/lib/events';

/** The kinds of job a screen watches (the server's `JobKind`). */
export type WatchedJobKind = Extract<components['schemas']['JobKind'], 'image' | 'video' | 'audio' | 'image_edit' | 'template' | 'recommendation'>;

/** How often, and how many times, a screen polls a job while the live stream is down. */
export interface PollPlan {
  intervalMs: number;
  maxAttempts: number;
  timeoutMessage: string;
}

/** Chat: image every 5 s, video 15 s, audio 10 s, 60 attempts; edits every 3 s, 60 attempts; the Generate panel every 10 s, 60 attempts. */
export const POLL_PLANS: Record<WatchedJobKind, PollPlan> = {
  image: { intervalMs: 5_000, maxAttempts: 60, timeoutMessage: 'Generation timed out' },
  video: { intervalMs: 15_000, maxAttempts: 60, timeoutMessage: 'Video generation timed out' },
  audio: { intervalMs: 10_000, maxAttempts: 60, timeoutMessage: 'Generation timed out' },
  image_edit: { intervalMs: 3_000, maxAttempts: 60, timeoutMessage: 'Image edit timed out' },
  template: { intervalMs: 10_000, maxAttempts: 60, timeoutMessage: 'Template generation timed out after maximum attempts' },
  recommendation: { intervalMs: 10_000, maxAttempts: 60, timeoutMessage: 'Recommended generation timed out after maximum attempts' },
};

export interface CompletedJob {
  status: 'completed';
  jobId: string;
  url: string;
  thumbnailUrl: string | null;
  assetId: string | null;
  assetType: string | null;
  creditCost: number;
}

export interface FailedJob {
  status: 'failed';
  jobId: string;
  error: string;
}

export type JobOutcome = CompletedJob | FailedJob;

/** A job that could not be followed to its end (timed out, or the status answer was unusable). */
export class JobWatchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JobWatchError';
  }
}

export interface WatchJobDeps {
  outcomes: Pick<JobOutcomeStore, 'get' | 'subscribe'>;
  streamStatus: () => StreamStatus;
  subscribeStreamStatus: (listener: () => void) => () => void;
  fetchStatus: (jobId: string) => Promise<JobStatusView>;
  setTimer: (callback: () => void, ms: number) => unknown;
  clearTimer: (timer: unknown) => void;
}

const defaultDeps: WatchJobDeps = {
  outcomes: jobOutcomeStore,
  streamStatus: liveEventStatus.get,
  subscribeStreamStatus: liveEventStatus.subscribe,
  fetchStatus: fetchJobStatus,
  setTimer: (callback, ms) => setTimeout(callback, ms),
  clearTimer: (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
};

export interface WatchJobOptions {
  jobId: string;
  kind: WatchedJobKind;
  /** Overrides the kind's poll plan (e.g. the viewer's 5 s × 120 for edits). */
  plan?: Partial<PollPlan>;
  signal?: AbortSignal;
  /** Called before each poll with its 1-based number (the Generate panel toasts every third). */
  onPoll?: (attempt: number) => void;
  deps?: Partial<WatchJobDeps>;
}

/** A job event (from the stream) as an outcome. */
export function outcomeFromEvent(event: JobEventData): JobOutcome | null {
  if (event.status === 'failed') return { status: 'failed', jobId: event.job_id, error: event.error ?? 'Generation failed' };
  if (event.status !== 'completed') return null;
  if (!event.asset?.url) return { status: 'failed', jobId: event.job_id, error: JOB_STATUS_MESSAGES.noResultUrl };
  return {
    status: 'completed',
    jobId: event.job_id,
    url: event.asset.url,
    thumbnailUrl: event.asset.thumbnail_url,
    assetId: event.asset.id,
    assetType: event.asset.file_type,
    creditCost: event.asset.credit_cost,
  };
}

/** A polled status as an outcome; null while the job is still queued or running. */
export function outcomeFromStatus(jobId: string, view: JobStatusView): JobOutcome | null {
  if (view.status === 'failed') return { status: 'failed', jobId, error: view.error || 'Generation failed' };
  if (view.status !== 'completed') return null;
  const url = view.result?.url;
  if (!url) throw new JobWatchError(JOB_STATUS_MESSAGES.noResultUrl);
  return {
    status: 'completed',
    jobId,
    url,
    thumbnailUrl: view.result?.thumbnail ?? null,
    assetId: view.asset_id ?? null,
    assetType: null,
    creditCost: view.credit_cost,
  };
}

/**
 * Resolves with a job's outcome. The live stream is the source: a `job-completed` or `job-failed`
 * it delivered (before or after this call) settles the watch. Polling is the fallback: it runs only
 * while the stream is not open, at the plan's interval, and gives up with the plan's timeout text.
 * When the stream comes back, one status check covers events missed while it was down.
 * Rejects with JobWatchError on a timeout or an unusable answer, and with the signal's reason when aborted.
 */
export function watchJob(options: WatchJobOptions): Promise<JobOutcome> {
  const deps: WatchJobDeps = { ...defaultDeps, ...options.deps };
  const plan: PollPlan = { ...POLL_PLANS[options.kind], ...options.plan };
  const { jobId, signal } = options;

  return new Promise<JobOutcome>((resolve, reject) => {
    let settled = false;
    let attempts = 0;
    let timer: unknown = null;
    let inFlight = false;
    const cleanups: (() => void)[] = [];

    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      if (timer !== null) deps.clearTimer(timer);
      for (const cleanup of cleanups) cleanup();
      action();
    };

    const fromEvent = (event: JobEventData) => {
      if (event.job_id !== jobId) return;
      const outcome = outcomeFromEvent(event);
      if (outcome) finish(() => resolve(outcome));
    };

    const check = async () => {
      if (settled || inFlight) return;
      inFlight = true;
      try {
        const outcome = outcomeFromStatus(jobId, await deps.fetchStatus(jobId));
        if (outcome) finish(() => resolve(outcome));
      } catch (error) {
        // A status answer that says something definite ends the watch; a network blip does not.
        if (error instanceof JobWatchError) finish(() => reject(error));
        else if (error instanceof Error && (error as { code?: string }).code === 'invalid_response') {
          finish(() => reject(new JobWatchError(error.message)));
        } else if (error instanceof Error && (error as { status?: number }).status === 404) {
          finish(() => reject(new JobWatchError(error.message)));
        }
      } finally {
        inFlight = false;
      }
    };

    const tick = () => {
      timer = null;
      if (settled) return;
      if (deps.streamStatus() !== 'open') {
        if (attempts >= plan.maxAttempts) {
          finish(() => reject(new JobWatchError(plan.timeoutMessage)));
          return;
        }
        attempts += 1;
        options.onPoll?.(attempts);
        void check();
      }
      timer = deps.setTimer(tick, plan.intervalMs);
    };

    if (signal) {
      if (signal.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = () => finish(() => reject(signal.reason));
      signal.addEventListener('abort', onAbort);
      cleanups.push(() => signal.removeEventListener('abort', onAbort));
    }

    cleanups.push(deps.outcomes.subscribe(fromEvent));
    let lastStatus = deps.streamStatus();
    cleanups.push(
      deps.subscribeStreamStatus(() => {
        const status = deps.streamStatus();
        if (status === 'open' && lastStatus !== 'open') void check();
        lastStatus = status;
      }),
    );

    const known = deps.outcomes.get(jobId);
    if (known) fromEvent(known);
    if (settled) return;
    timer = deps.setTimer(tick, plan.intervalMs);
  });
}
