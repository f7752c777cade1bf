import { act, renderHook } from '@testing-library/react';
import { createJobProgressStore, jobProgressReducer, jobsFor, useJobProgress, useJobProgressState, type JobProgressState } from './jobProgress';
import { jobEvent } from '@/test/jobEvents';
import type { JobEventData } from './payloads';

const event = (overrides: Partial<JobEventData> = {}): JobEventData => jobEvent({ progress: 10, stage: 'cutout', ...overrides });

describe('jobProgressReducer', () => {
  it('adds a job from its progress event', () => {
    const state = jobProgressReducer({}, { type: 'progress', event: event(), at: 100 });
    expect(state).toEqual({
      'job-1': {
        jobId: 'job-1',
        kind: 'image',
        status: 'processing',
        progress: 10,
        stage: 'cutout',
        projectId: 'p-1',
        sceneId: 's-1',
        messageId: null,
        updatedAt: 100,
      },
    });
  });

  it('updates a job; its progress never goes back down', () => {
    let state = jobProgressReducer({}, { type: 'progress', event: event({ progress: 60, stage: 'render' }), at: 1 });
    state = jobProgressReducer(state, { type: 'progress', event: event({ progress: 30, stage: 'encode' }), at: 2 });
    expect(state['job-1']).toMatchObject({ progress: 60, stage: 'encode', updatedAt: 2 });
  });

  it('keeps what it knew when an event leaves fields out', () => {
    let state = jobProgressReducer({}, { type: 'progress', event: event({ progress: 20 }), at: 1 });
    state = jobProgressReducer(state, { type: 'progress', event: event({ progress: null, stage: null, scene_id: null }), at: 2 });
    expect(state['job-1']).toMatchObject({ progress: 20, stage: 'cutout', sceneId: 's-1', kind: 'image' });
  });

  it('returns the same state when nothing changed', () => {
    const state = jobProgressReducer({}, { type: 'progress', event: event(), at: 1 });
    expect(jobProgressReducer(state, { type: 'progress', event: event(), at: 5 })).toBe(state);
    expect(jobProgressReducer(state, { type: 'finish', jobId: 'other' })).toBe(state);
    expect(jobProgressReducer(state, { type: 'prune', before: 0 })).toBe(state);
    const empty: JobProgressState = {};
    expect(jobProgressReducer(empty, { type: 'reset' })).toBe(empty);
  });

  it('removes a job once finished, or when an event says it is over', () => {
    const state = jobProgressReducer({}, { type: 'progress', event: event(), at: 1 });
    expect(jobProgressReducer(state, { type: 'finish', jobId: 'job-1' })).toEqual({});
    expect(jobProgressReducer(state, { type: 'progress', event: event({ status: 'completed' }), at: 2 })).toEqual({});
    expect(jobProgressReducer({}, { type: 'progress', event: event({ status: 'failed' }), at: 2 })).toEqual({});
  });

  it('prunes jobs not heard of lately, and resets', () => {
    let state = jobProgressReducer({}, { type: 'progress', event: event(), at: 1 });
    state = jobProgressReducer(state, { type: 'progress', event: event({ job_id: 'job-2' }), at: 50 });
    expect(Object.keys(jobProgressReducer(state, { type: 'prune', before: 10 }))).toEqual(['job-2']);
    expect(jobProgressReducer(state, { type: 'reset' })).toEqual({});
  });
});

describe('jobsFor', () => {
  it("lists a scene's or a project's jobs, oldest update first", () => {
    let state: JobProgressState = {};
    state = jobProgressReducer(state, { type: 'progress', event: event({ job_id: 'b', scene_id: 's-2' }), at: 2 });
    state = jobProgressReducer(state, { type: 'progress', event: event({ job_id: 'a' }), at: 1 });
    state = jobProgressReducer(state, { type: 'progress', event: event({ job_id: 'c', project_id: 'p-2', scene_id: 's-3' }), at: 3 });
    expect(jobsFor(state, { sceneId: 's-1' }).map((j) => j.jobId)).toEqual(['a']);
    expect(jobsFor(state, { projectId: 'p-1' }).map((j) => j.jobId)).toEqual(['a', 'b']);
    expect(jobsFor(state, {}).map((j) => j.jobId)).toEqual(['a', 'b', 'c']);
  });
});

describe('job progress store and hooks', () => {
  it('notifies subscribers only on a change', () => {
    const store = createJobProgressStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.dispatch({ type: 'progress', event: event(), at: 1 });
    store.dispatch({ type: 'progress', event: event(), at: 2 });
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.dispatch({ type: 'reset' });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('re-renders components with the job they watch', () => {
    const store = createJobProgressStore();
    const one = renderHook(() => useJobProgress('job-1', store));
    const all = renderHook(() => useJobProgressState(store));
    expect(one.result.current).toBeUndefined();
    act(() => store.dispatch({ type: 'progress', event: event({ progress: 55 }), at: 1 }));
    expect(one.result.current?.progress).toBe(55);
    expect(Object.keys(all.result.current)).toEqual(['job-1']);
    act(() => store.dispatch({ type: 'finish', jobId: 'job-1' }));
    expect(one.result.current).toBeUndefined();
    expect(all.result.current).toEqual({});
  });
});
