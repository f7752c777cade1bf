import { QueryClient } from '@tanstack/react-query';
import { queryKeys } from '@/api/queryKeys';
import type { CreditBalance } from '@/api/types';
import { createJobOutcomeStore, createJobProgressStore, parseLiveEvent, type JobEventData, type LiveEvent } from '@/lib/events';
import { jobEvent } from '@/test/jobEvents';
import { createLiveEventHandler, refreshAfterGap } from './liveEvents';

const balance: CreditBalance = {
  balance: 10,
  generated_media: { images: 1, videos: 0 },
  subscription_tier: 'free',
  subscription_package: null,
  low_credit_threshold: 10,
};

function event(type: string, data: unknown): LiveEvent {
  const parsed = parseLiveEvent(type, JSON.stringify(data));
  if (!parsed) throw new Error(`bad ${type}`);
  return parsed;
}

const job = (overrides: Record<string, unknown> = {}) => ({ ...jobEvent(), ...overrides });

function setup() {
  const client = new QueryClient();
  const store = createJobProgressStore();
  const outcomes = createJobOutcomeStore();
  const handle = createLiveEventHandler(client, { store, outcomes, now: () => 1000 });
  // What the page hears of jobs' ends.
  const received: JobEventData[] = [];
  outcomes.subscribe((data) => received.push(data));
  const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;
  return { client, store, handle, received, stale };
}

describe('live event handler', () => {
  it('credits-changed patches the cached balance and refreshes the ledger', () => {
    const { client, handle, stale } = setup();
    client.setQueryData(queryKeys.credits, balance);
    client.setQueryData(queryKeys.creditTransactions(1, 20), { transactions: [], page: 1, per_page: 20, total: 0 });
    client.setQueryData(queryKeys.creditTransactions(2, 20), { transactions: [], page: 2, per_page: 20, total: 0 });
    handle(event('credits-changed', { balance: 42 }));
    expect(client.getQueryData(queryKeys.credits)).toEqual({ ...balance, balance: 42 });
    expect(stale(queryKeys.credits)).toBe(false);
    expect(stale(queryKeys.creditTransactions(1, 20))).toBe(true);
    expect(stale(queryKeys.creditTransactions(2, 20))).toBe(true);
  });

  it('credits-changed without a cached balance writes nothing', () => {
    const { client, handle } = setup();
    handle(event('credits-changed', { balance: 42 }));
    expect(client.getQueryData(queryKeys.credits)).toBeUndefined();
  });

  it('job-progress feeds the progress store', () => {
    const { store, handle } = setup();
    handle(event('job-progress', job()));
    expect(store.getSnapshot()['job-1']).toMatchObject({ progress: 30, stage: 'render', sceneId: 's-1', updatedAt: 1000 });
  });

  it("job-completed clears the job, refreshes the project's storyboard and the balance, and tells the page", () => {
    const { client, store, handle, received, stale } = setup();
    client.setQueryData(queryKeys.credits, balance);
    client.setQueryData(queryKeys.storyboard('p-1'), { scenes: [] });
    client.setQueryData(queryKeys.storyboard('p-2'), { scenes: [] });
    handle(event('job-progress', job()));
    const asset = { id: 'a-1', url: '/api/media/file/a-1', thumbnail_url: null, file_type: 'image', credit_cost: 1 };
    handle(event('job-completed', job({ event_id: 2, status: 'completed', progress: 100, asset })));
    expect(store.getSnapshot()).toEqual({});
    expect(stale(queryKeys.storyboard('p-1'))).toBe(true);
    expect(stale(queryKeys.storyboard('p-2'))).toBe(false);
    expect(stale(queryKeys.credits)).toBe(true);
    expect(received).toEqual([expect.objectContaining({ status: 'completed', job_id: 'job-1', asset })]);
  });

  it('job-failed clears the job, refreshes the balance and tells the page', () => {
    const { client, store, handle, received, stale } = setup();
    client.setQueryData(queryKeys.credits, balance);
    handle(event('job-progress', job()));
    handle(event('job-failed', job({ event_id: 2, status: 'failed', error: 'Generation failed' })));
    expect(store.getSnapshot()).toEqual({});
    expect(stale(queryKeys.credits)).toBe(true);
    expect(received).toEqual([expect.objectContaining({ status: 'failed', error: 'Generation failed' })]);
  });

  it('handles a replayed job event once', () => {
    const { handle, received } = setup();
    handle(event('job-completed', job({ event_id: 9 })));
    handle(event('job-completed', job({ event_id: 9 })));
    handle(event('job-completed', job({ event_id: null })));
    handle(event('job-completed', job({ event_id: null })));
    expect(received).toHaveLength(3);
  });

  it("storyboard-updated refreshes that project's storyboard", () => {
    const { client, handle, received, stale } = setup();
    client.setQueryData(queryKeys.storyboard('p-1'), { scenes: [] });
    handle(event('storyboard-updated', { project_id: 'p-1', scene_id: 's-1' }));
    expect(stale(queryKeys.storyboard('p-1'))).toBe(true);
    expect(received).toEqual([]);
  });
});

describe('refreshAfterGap', () => {
  it('refreshes the balance, the ledger and every storyboard, nothing else', () => {
    const client = new QueryClient();
    client.setQueryData(queryKeys.credits, balance);
    client.setQueryData(queryKeys.creditTransactions(1, 20), {});
    client.setQueryData(queryKeys.storyboard('p-1'), {});
    client.setQueryData(queryKeys.scenes('p-1'), []);
    client.setQueryData(queryKeys.projects, []);
    refreshAfterGap(client);
    const stale = (key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;
    expect([queryKeys.credits, queryKeys.creditTransactions(1, 20), queryKeys.storyboard('p-1')].map(stale)).toEqual([true, true, true]);
    expect([queryKeys.scenes('p-1'), queryKeys.projects].map(stale)).toEqual([false, false]);
  });
});
