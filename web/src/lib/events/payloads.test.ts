import { createSeenIds, parseLiveEvent } from './payloads';

const job = {
  event_id: 41,
  job_id: 'job-1',
  kind: 'image' as const,
  status: 'processing' as const,
  progress: 40,
  stage: 'compositing',
  project_id: 'p-1',
  scene_id: 's-1',
  message_id: null,
  asset: null,
  error: null,
};

describe('parseLiveEvent', () => {
  it('reads a job-progress event', () => {
    expect(parseLiveEvent('job-progress', JSON.stringify(job))).toEqual({ type: 'job-progress', data: job });
  });

  it('reads a completed job with its asset', () => {
    const asset = { id: 'a-1', url: '/api/media/file/a-1', thumbnail_url: '/api/media/file/a-1?variant=thumbnail', file_type: 'image', credit_cost: 1 };
    const event = parseLiveEvent('job-completed', JSON.stringify({ ...job, status: 'completed', progress: 100, asset }));
    expect(event).toEqual({ type: 'job-completed', data: { ...job, status: 'completed', progress: 100, asset } });
  });

  it('clamps the progress and fills absent optional fields', () => {
    const event = parseLiveEvent('job-progress', JSON.stringify({ job_id: 'job-2', kind: 'image_edit', status: 'running', project_id: 'p-1', progress: 140 }));
    expect(event).toEqual({
      type: 'job-progress',
      data: {
        event_id: null,
        job_id: 'job-2',
        kind: 'image_edit',
        status: 'running',
        progress: 100,
        stage: null,
        project_id: 'p-1',
        scene_id: null,
        message_id: null,
        asset: null,
        error: null,
      },
    });
  });

  it('reads storyboard-updated', () => {
    expect(parseLiveEvent('storyboard-updated', '{"project_id":"p-1","scene_id":"s-1"}')).toEqual({
      type: 'storyboard-updated',
      data: { project_id: 'p-1', scene_id: 's-1' },
    });
  });

  it('reads credits-changed', () => {
    expect(parseLiveEvent('credits-changed', '{"balance":42}')).toEqual({ type: 'credits-changed', data: { balance: 42 } });
  });

  it('ignores text that is not JSON and unknown events', () => {
    expect(parseLiveEvent('job-progress', 'not json')).toBeNull();
    expect(parseLiveEvent('ping', '{}')).toBeNull();
  });
});

describe('createSeenIds', () => {
  it('accepts an id once, whether a number or a string', () => {
    const seen = createSeenIds();
    expect(seen.add(7)).toBe(true);
    expect(seen.add('7')).toBe(false);
    expect(seen.add(8)).toBe(true);
  });
  it('forgets the oldest ids beyond its size', () => {
    const seen = createSeenIds(2);
    seen.add(1);
    seen.add(2);
    seen.add(3);
    expect(seen.add(1)).toBe(true);
    expect(seen.add(3)).toBe(false);
  });
});
