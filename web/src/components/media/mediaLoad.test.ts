import {
  canRetry,
  INITIAL_MEDIA_LOAD,
  isMediaType,
  MAX_MEDIA_RETRIES,
  MEDIA_MESSAGES,
  mediaLoadReducer,
  mediaSrc,
  type MediaLoadAction,
  type MediaLoadState,
} from './mediaLoad';

const run = (...actions: MediaLoadAction['type'][]): MediaLoadState =>
  actions.reduce<MediaLoadState>((state, type) => mediaLoadReducer(state, { type } as MediaLoadAction), INITIAL_MEDIA_LOAD);

describe('mediaLoadReducer', () => {
  it('goes loading → ready', () => {
    expect(run('loaded')).toEqual({ status: 'ready', retries: 0 });
  });

  it('goes loading → error, and a retry loads again counting the retry', () => {
    expect(run('failed')).toEqual({ status: 'error', retries: 0 });
    expect(canRetry(run('failed'))).toBe(true);
    expect(run('failed', 'retry')).toEqual({ status: 'loading', retries: 1 });
    expect(run('failed', 'retry', 'loaded')).toEqual({ status: 'ready', retries: 1 });
  });

  it('allows 3 retries, then no more', () => {
    expect(MAX_MEDIA_RETRIES).toBe(3);
    const exhausted = run('failed', 'retry', 'failed', 'retry', 'failed', 'retry', 'failed');
    expect(exhausted).toEqual({ status: 'error', retries: 3 });
    expect(canRetry(exhausted)).toBe(false);
    expect(mediaLoadReducer(exhausted, { type: 'retry' })).toBe(exhausted);
  });

  it('ignores a retry unless the item failed', () => {
    expect(run('retry')).toBe(INITIAL_MEDIA_LOAD);
    expect(canRetry(run('loaded'))).toBe(false);
  });
});

describe('mediaSrc', () => {
  it('is the URL itself before any retry', () => {
    expect(mediaSrc('/api/media/file/a', 0)).toBe('/api/media/file/a');
  });
  it('adds a cache-busting parameter per retry', () => {
    expect(mediaSrc('/api/media/file/a', 1)).toBe('/api/media/file/a?retry=1');
    expect(mediaSrc('/api/media/file/a?variant=poster', 2)).toBe('/api/media/file/a?variant=poster&retry=2');
    expect(mediaSrc('/v.mp4#t=1', 3)).toBe('/v.mp4?retry=3#t=1');
  });
});

describe('media texts', () => {
  it('name the type that failed', () => {
    expect(MEDIA_MESSAGES.failedToLoad('image')).toBe('Image failed to load');
    expect(MEDIA_MESSAGES.failedToLoad('video')).toBe('Video failed to load');
    expect(MEDIA_MESSAGES.failedToLoad('audio')).toBe('Audio failed to load');
  });
  it('know the three media types', () => {
    expect(['image', 'video', 'audio'].every(isMediaType)).toBe(true);
    expect(isMediaType('text')).toBe(false);
  });
});
