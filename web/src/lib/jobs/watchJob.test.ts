import type { JobStatusView } from '@/api/jobs';
import { createJobOutcomeStore, type JobEventData, type StreamStatus } from '@/lib/events';
import { JobWatchError, watchJob, type WatchJobDeps } from './watchJob';

function event(overrides: Partial<JobEventData>): JobEventData {
  return {
    event_id: null,
    job_id: 'job-1',
    kind: 'image',
    status: 'completed',
    progress: 100,
    stage: null,
    project_id: 'p',
    scene_id: 's',
    message_id: null,
    asset: { id: 'a1', url: '/api/media/file/a1', thumbnail_url: '/t', file_type: 'image', credit_cost: 1 },
    error: null,
    ...overrides,
  };
}

function status(overrides: Partial<JobStatusView>): JobStatusView {
  return { job_id: 'job-1', status: 'running', progress: 10, credit_cost: 1, ...overrides } as JobStatusView;
}

/** Manual timers and a switchable stream status. */
function harness(initial: StreamStatus, answers: JobStatusView[] = []) {
  const outcomes = createJobOutcomeStore();
  let stream = initial;
  const statusListeners = new Set<() => void>();
  const timers: (() => void)[] = [];
  const fetchStatus = vi.fn(async () => {
    const next = answers.shift();
    if (!next) throw Object.assign(new Error('offline'), { status: 0 });
    return next;
  });
  const deps: Partial<WatchJobDeps> = {
    outcomes,
    streamStatus: () => stream,
    subscribeStreamStatus: (listener) => {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    fetchStatus,
    setTimer: (callback) => {
      timers.push(callback);
      return timers.length;
    },
    clearTimer: () => undefined,
  };
  return {
    deps,
    outcomes,
    fetchStatus,
    fire: async () => {
      const next = timers.shift();
      next?.();
      await Promise.resolve();
      await Promise.resolve();
    },
    setStream: (next: StreamStatus) => {
      stream = next;
      for (const listener of statusListeners) listener();
    },
  };
}

describe('watchJob', () => {
  it('settles from a job-completed the stream delivers, without polling', async () => {
    const h = harness('open');
    const watching = watchJob({ jobId: 'job-1', kind: 'image', deps: h.deps });
    await h.fire();
    h.outcomes.record(event({}));
    await expect(watching).resolves.toMatchObject({ status: 'completed', url: '/api/media/file/a1', assetId: 'a1', creditCost: 1 });
    expect(h.fetchStatus).not.toHaveBeenCalled();
  });

  it('finds an outcome that arrived before the watch began', async () => {
    const h = harness('open');
    h.outcomes.record(event({ status: 'failed', asset: null, error: 'The prompt could not be rendered' }));
    await expect(watchJob({ jobId: 'job-1', kind: 'image', deps: h.deps })).resolves.toEqual({
      status: 'failed',
      jobId: 'job-1',
      error: 'The prompt could not be rendered',
    });
  });

  it('ignores other jobs', async () => {
    const h = harness('open');
    const settled = vi.fn();
    void watchJob({ jobId: 'job-1', kind: 'image', deps: h.deps }).then(settled);
    h.outcomes.record(event({ job_id: 'job-2' }));
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
  });

  it('polls only while the stream is down, and reads the result', async () => {
    const h = harness('reconnecting', [
      status({ status: 'running' }),
      status({ status: 'completed', credit_cost: 5, result: { url: '/u', creditCost: 5, thumbnail: '/p' }, asset_id: 'v1' }),
    ]);
    const onPoll = vi.fn();
    const watching = watchJob({ jobId: 'job-1', kind: 'video', deps: h.deps, onPoll });
    await h.fire();
    await h.fire();
    await expect(watching).resolves.toMatchObject({ status: 'completed', url: '/u', thumbnailUrl: '/p', assetId: 'v1', creditCost: 5 });
    expect(onPoll.mock.calls).toEqual([[1], [2]]);
  });

  it('gives up after the plan’s attempts with the kind’s timeout text', async () => {
    const h = harness('reconnecting', [status({}), status({})]);
    const watching = watchJob({ jobId: 'job-1', kind: 'video', plan: { maxAttempts: 2 }, deps: h.deps });
    await h.fire();
    await h.fire();
    await h.fire();
    await expect(watching).rejects.toEqual(new JobWatchError('Video generation timed out'));
  });

  it('says so when a completed job has no result URL', async () => {
    const h = harness('connecting', [status({ status: 'completed' })]);
    const watching = watchJob({ jobId: 'job-1', kind: 'image', deps: h.deps });
    await h.fire();
    await expect(watching).rejects.toEqual(new JobWatchError('Job completed but no result URL provided'));
  });

  it('checks once when the stream comes back, for events missed while it was down', async () => {
    const h = harness('reconnecting', [status({ status: 'failed', error: 'Refunded: the engine could not finish' })]);
    const watching = watchJob({ jobId: 'job-1', kind: 'image', deps: h.deps });
    h.setStream('open');
    await expect(watching).resolves.toMatchObject({ status: 'failed', error: 'Refunded: the engine could not finish' });
  });

  it('stops when aborted', async () => {
    const h = harness('open');
    const controller = new AbortController();
    const watching = watchJob({ jobId: 'job-1', kind: 'image', deps: h.deps, signal: controller.signal });
    controller.abort(new Error('left'));
    await expect(watching).rejects.toThrow('left');
  });
});
