import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { queryKeys } from '@/api/queryKeys';
import { evictSceneReferenceImages, sceneReferenceImagesQuery } from '../api/sceneReferenceImages';
import { SCENE_CACHE_MAX_ENTRIES, SCENE_CACHE_MS } from './rules';
import { entriesToEvict } from './sceneCache';

describe('entriesToEvict', () => {
  const entry = (key: string, updatedAt: number, observed = false) => ({ key, updatedAt, observed });

  it('keeps everything up to the limit', () => {
    expect(entriesToEvict([entry('a', 1), entry('b', 2)], 2)).toEqual([]);
  });

  it('drops the oldest beyond the limit', () => {
    expect(entriesToEvict([entry('c', 30), entry('a', 10), entry('d', 40), entry('b', 20)], 2)).toEqual(['a', 'b']);
  });

  it('never drops a list on screen', () => {
    expect(entriesToEvict([entry('a', 10, true), entry('b', 20), entry('c', 30)], 2)).toEqual(['b']);
    expect(entriesToEvict([entry('a', 10, true), entry('b', 20, true), entry('c', 30, true)], 2)).toEqual([]);
  });

  it('defaults to 50 entries', () => {
    expect(SCENE_CACHE_MAX_ENTRIES).toBe(50);
    const entries = Array.from({ length: 53 }, (_, i) => entry(`s${i}`, 1000 + i));
    expect(entriesToEvict(entries)).toEqual(['s0', 's1', 's2']);
  });
});

describe('scene list cache', () => {
  it('stays fresh and cached five minutes', () => {
    const options = sceneReferenceImagesQuery('s1');
    expect(SCENE_CACHE_MS).toBe(300_000);
    expect(options.staleTime).toBe(300_000);
    expect(options.gcTime).toBe(300_000);
    expect(options.queryKey).toEqual(['reference-images', 'scene', 's1']);
    expect(sceneReferenceImagesQuery(null).enabled).toBe(false);
  });

  it('evicts the oldest scene lists beyond 50 but keeps observed ones and other queries', () => {
    const client = new QueryClient();
    for (let i = 0; i < 55; i++) client.setQueryData(queryKeys.sceneReferenceImages(`s${i}`), [], { updatedAt: 1000 + i });
    client.setQueryData(queryKeys.projectReferenceImages('p1'), [], { updatedAt: 1 });
    const observer = new QueryObserver(client, { queryKey: queryKeys.sceneReferenceImages('s0'), queryFn: () => [], enabled: false });
    const unsubscribe = observer.subscribe(() => undefined);

    expect(evictSceneReferenceImages(client)).toBe(5);
    const remaining = client.getQueryCache().findAll({ queryKey: queryKeys.sceneReferenceImagesAll });
    expect(remaining).toHaveLength(50);
    expect(client.getQueryData(queryKeys.sceneReferenceImages('s0'))).toEqual([]);
    for (const gone of ['s1', 's2', 's3', 's4', 's5']) expect(client.getQueryData(queryKeys.sceneReferenceImages(gone))).toBeUndefined();
    expect(client.getQueryData(queryKeys.sceneReferenceImages('s6'))).toEqual([]);
    expect(client.getQueryData(queryKeys.projectReferenceImages('p1'))).toEqual([]);
    unsubscribe();
    client.clear();
  });
});
