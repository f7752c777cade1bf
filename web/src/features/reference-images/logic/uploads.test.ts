import { createUploadId, newEntry, occupiedSlots, uploadsReducer, visibleUploads, type UploadEntry } from './uploads';

const file = (name: string) => new File(['x'], name, { type: 'image/png' });
const entry = (id: string, patch: Partial<UploadEntry> = {}): UploadEntry => ({
  ...newEntry({ id, projectId: 'p1', sceneId: 's1', file: file(`${id}.png`) }),
  ...patch,
});

describe('uploads reducer', () => {
  it('starts validating at 0 %', () => {
    expect(entry('a')).toMatchObject({ status: 'validating', progress: 0, name: 'a.png', error: null, imageId: null, previewUrl: null });
  });

  it('adds, updates and removes', () => {
    let state = uploadsReducer([], { type: 'add', entries: [entry('a'), entry('b')] });
    state = uploadsReducer(state, { type: 'update', id: 'a', patch: { status: 'uploading', progress: 10 } });
    state = uploadsReducer(state, { type: 'update', id: 'a', patch: { progress: 55 } });
    expect(state[0]).toMatchObject({ status: 'uploading', progress: 55 });
    state = uploadsReducer(state, { type: 'remove', ids: ['a'] });
    expect(state.map((e) => e.id)).toEqual(['b']);
  });

  it('ignores late or backwards progress', () => {
    let state = [entry('a', { status: 'uploading', progress: 60 })];
    state = uploadsReducer(state, { type: 'update', id: 'a', patch: { progress: 40 } });
    expect(state[0]?.progress).toBe(60);
    state = uploadsReducer(state, { type: 'update', id: 'a', patch: { status: 'syncing', progress: 90 } });
    state = uploadsReducer(state, { type: 'update', id: 'a', patch: { progress: 95 } });
    expect(state[0]).toMatchObject({ status: 'syncing', progress: 90 });
  });

  it('returns the same state for unknown ids', () => {
    const state = [entry('a')];
    expect(uploadsReducer(state, { type: 'update', id: 'zz', patch: { progress: 50 } })).toBe(state);
    expect(uploadsReducer(state, { type: 'remove', ids: ['zz'] })).toBe(state);
  });
});

describe('slots and visibility', () => {
  const listed = new Set(['img-1']);
  const entries = [
    entry('a', { status: 'uploading' }),
    entry('b', { status: 'failed', error: 'Upload failed' }),
    entry('c', { status: 'completed', imageId: 'img-1' }),
    entry('d', { status: 'syncing', imageId: 'img-2' }),
    entry('e', { status: 'validating', sceneId: 's2' }),
  ];

  it('counts listed images plus running uploads of the scene', () => {
    expect(occupiedSlots(entries, 's1', listed)).toBe(3); // img-1, a, d
    expect(occupiedSlots(entries, 's2', new Set())).toBe(1);
    expect(occupiedSlots(entries, null, listed)).toBe(0);
  });

  it('hides tiles whose image is listed and tiles of other scenes', () => {
    expect(visibleUploads(entries, 's1', listed).map((e) => e.id)).toEqual(['a', 'b', 'd']);
    expect(visibleUploads(entries, 's1', new Set(['img-1', 'img-2'])).map((e) => e.id)).toEqual(['a', 'b']);
    expect(visibleUploads(entries, null, listed)).toEqual([]);
  });

  it('makes ref- upload ids', () => {
    const a = createUploadId();
    expect(a).toMatch(/^ref-[0-9a-z-]{16,}$/);
    expect(createUploadId()).not.toBe(a);
  });
});
