import { message } from '../test/messages';
import { canSend, DUPLICATE_WINDOW_MS, isDuplicateSend, withoutDuplicates } from './send';

describe('canSend', () => {
  const base = { text: 'Hero shot', referenceImageCount: 0, busy: false, hasScene: true };

  it('needs words or a product photo', () => {
    expect(canSend(base)).toBe(true);
    expect(canSend({ ...base, text: '   \n ' })).toBe(false);
    expect(canSend({ ...base, text: '  ', referenceImageCount: 1 })).toBe(true);
  });

  it('is blocked while busy or without a scene', () => {
    expect(canSend({ ...base, busy: true })).toBe(false);
    expect(canSend({ ...base, hasScene: false })).toBe(false);
  });
});

describe('isDuplicateSend', () => {
  const first = { text: 'Hero shot', sceneId: 's1', at: 1_000 };

  it('drops the same words to the same scene within 5 s', () => {
    expect(isDuplicateSend(first, { text: ' Hero shot ', sceneId: 's1', at: 1_000 + DUPLICATE_WINDOW_MS - 1 })).toBe(true);
  });

  it('lets through other words, another scene, or the same words 5 s later', () => {
    expect(isDuplicateSend(first, { text: 'Hero shot!', sceneId: 's1', at: 2_000 })).toBe(false);
    expect(isDuplicateSend(first, { text: 'Hero shot', sceneId: 's2', at: 2_000 })).toBe(false);
    expect(isDuplicateSend(first, { text: 'Hero shot', sceneId: 's1', at: 1_000 + DUPLICATE_WINDOW_MS })).toBe(false);
    expect(isDuplicateSend(null, first)).toBe(false);
  });
});

describe('withoutDuplicates', () => {
  const at = (seconds: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, seconds)).toISOString();

  it('drops a message repeating the same sender and words within 5 s', () => {
    const a = message({ id: 'a', role: 'user', content: 'Hero shot', timestamp: at(0) });
    const b = message({ id: 'b', role: 'user', content: 'Hero shot ', timestamp: at(3) });
    const c = message({ id: 'c', role: 'user', content: 'Hero shot', timestamp: at(9) });
    expect(withoutDuplicates([a, b, c]).map((m) => m.id)).toEqual(['a', 'c']);
  });

  it('keeps answers to different messages, other senders, empty texts and media', () => {
    const list = [
      message({ id: 'u', role: 'user', content: 'Thanks', timestamp: at(0) }),
      message({ id: 'a1', content: 'You are welcome', parentId: 'u1', timestamp: at(1) }),
      message({ id: 'a2', content: 'You are welcome', parentId: 'u2', timestamp: at(2) }),
      message({ id: 'x', role: 'assistant', content: 'Thanks', timestamp: at(2) }),
      message({ id: 'p1', content: '', timestamp: at(3) }),
      message({ id: 'p2', content: '', timestamp: at(3) }),
    ];
    expect(withoutDuplicates(list)).toHaveLength(list.length);
  });
});
