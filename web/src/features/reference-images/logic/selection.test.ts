import { messages } from './rules';
import { freeSlots, selectFiles } from './selection';

describe('selectFiles', () => {
  it('takes every file that fits', () => {
    expect(selectFiles(['a', 'b'], 0)).toEqual({ accepted: ['a', 'b'], skipped: [], message: null });
    expect(selectFiles(['a', 'b', 'c'], 0)).toEqual({ accepted: ['a', 'b', 'c'], skipped: [], message: null });
    expect(selectFiles(['a'], 2)).toEqual({ accepted: ['a'], skipped: [], message: null });
  });

  it('keeps the first three of more than three', () => {
    expect(selectFiles(['a', 'b', 'c', 'd', 'e'], 0)).toEqual({ accepted: ['a', 'b', 'c'], skipped: ['d', 'e'], message: messages.tooManyDropped });
    expect(messages.tooManyDropped).toBe('You can only upload up to 3 reference images. Only the first 3 will be processed.');
  });

  it('keeps only as many as there are free slots', () => {
    expect(selectFiles(['a', 'b', 'c'], 1)).toEqual({ accepted: ['a', 'b'], skipped: ['c'], message: messages.tooManyDropped });
    expect(selectFiles(['a', 'b'], 2)).toEqual({ accepted: ['a'], skipped: ['b'], message: messages.tooManyDropped });
  });

  it('refuses everything when the scene is full', () => {
    expect(selectFiles(['a'], 3)).toEqual({ accepted: [], skipped: ['a'], message: messages.tooMany });
    expect(selectFiles(['a'], 5).message).toBe('You can only upload up to 3 reference images.');
  });

  it('does nothing for an empty drop', () => {
    expect(selectFiles([], 3)).toEqual({ accepted: [], skipped: [], message: null });
  });

  it('counts free slots', () => {
    expect([0, 1, 2, 3, 4, -1].map((n) => freeSlots(n))).toEqual([3, 2, 1, 0, 0, 3]);
  });
});
