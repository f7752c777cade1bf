import { media, message } from '../test/messages';
import {
  addToNewestPage,
  generationLabel,
  generationView,
  nextHistoryPage,
  shouldVirtualize,
  threadFromPages,
  toMediaItemView,
  updateMessage,
  viewerEntries,
  type HistoryPage,
} from './thread';

const page = (n: number, ids: string[], total = 120): HistoryPage => ({
  page: n,
  perPage: 50,
  total,
  messages: ids.map((id) => message({ id, content: `text ${id}` })),
});

describe('history pages', () => {
  it('knows whether an older page exists', () => {
    expect(nextHistoryPage(page(1, [], 120))).toBe(2);
    expect(nextHistoryPage(page(3, [], 120))).toBeUndefined();
    expect(nextHistoryPage(page(1, [], 50))).toBeUndefined();
  });

  it('joins pages oldest first and keeps a message seen on two pages once', () => {
    const newest = page(1, ['c', 'd']);
    const older = page(2, ['a', 'b', 'c']);
    expect(threadFromPages([newest, older]).map((m) => m.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('adds a sent message and its answer to the newest page, once', () => {
    const pages = [page(1, ['a'], 1)];
    const added = addToNewestPage(pages, [message({ id: 'u' }), message({ id: 'r' })]);
    expect(added[0]?.messages.map((m) => m.id)).toEqual(['a', 'u', 'r']);
    expect(added[0]?.total).toBe(3);
    expect(addToNewestPage(added, [message({ id: 'r', content: 'new' })])[0]?.total).toBe(3);
    expect(addToNewestPage([], [message({ id: 'u' })])).toMatchObject([{ page: 1, total: 1 }]);
  });

  it('updates one message where it is', () => {
    const pages = [page(1, ['b']), page(2, ['a'])];
    const updated = updateMessage(pages, 'a', (m) => ({ ...m, content: 'done' }));
    expect(updated[1]?.messages[0]?.content).toBe('done');
    expect(updated[0]).toBe(pages[0]);
  });
});

describe('thread rendering rules', () => {
  it('virtualises beyond 200 messages', () => {
    expect(shouldVirtualize(200)).toBe(false);
    expect(shouldVirtualize(201)).toBe(true);
  });

  it('lists every media item of the thread for the viewer', () => {
    const a = message({ id: 'a', media: [media()] });
    const b = message({ id: 'b', media: [media({ id: 'v', type: 'video' }), media({ id: 'm', type: 'audio' })] });
    expect(viewerEntries([a, message(), b]).map((entry) => [entry.messageId, entry.media.id])).toEqual([
      ['a', media().id],
      ['b', 'v'],
      ['b', 'm'],
    ]);
    expect(toMediaItemView(media({ alt: '' }))).toEqual({
      id: media().id,
      type: 'image',
      url: media().url,
      thumbnailUrl: null,
      alt: undefined,
      width: 1024,
      height: 1536,
    });
  });

  it('labels a running generation with its percentage and stage', () => {
    expect(generationLabel('image', 41.6, 'rendering')).toBe('Generating image… 42% · rendering');
    expect(generationLabel('video', null, null)).toBe('Generating video…');
    expect(generationLabel('audio', 5, 'mixing_stems')).toBe('Generating music… 5% · mixing stems');
  });

  it('shows this tab’s job over what the server last said', () => {
    const failed = message({ generation: { action: 'generate_video', state: 'failed', flag: null, jobId: 'j0', error: 'Engine down', kind: 'video' } });
    expect(generationView(failed, undefined)).toEqual({ state: 'failed', kind: 'video', error: 'Engine down', jobId: 'j0' });
    expect(generationView(failed, { running: { jobId: 'j1', kind: 'video' } })).toEqual({ state: 'generating', kind: 'video', jobId: 'j1' });
    expect(generationView(message(), { failed: { jobId: 'j1', kind: 'image', error: 'x' } })).toEqual({
      state: 'failed',
      kind: 'image',
      error: 'x',
      jobId: 'j1',
    });
    expect(
      generationView(message({ generation: { action: 'generate_image', state: 'generating', flag: null, jobId: 'j', error: null, kind: 'image' } }), undefined),
    ).toEqual({
      state: 'generating',
      kind: 'image',
      jobId: 'j',
    });
    expect(
      generationView(message({ generation: { action: 'generate_image', state: 'completed', flag: null, jobId: 'j', error: null, kind: 'image' } }), undefined),
    ).toBeNull();
  });
});
