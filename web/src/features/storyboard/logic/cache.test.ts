import type { GenerationEndDetail } from '@/lib/browserEvents';
import type { JobProgress } from '@/lib/events';
import { asset, scene, storyboard, uuid } from '../test/fixtures';
import { activeAssetIdOf, generatingScenes, temporaryAssetId, withActiveAsset, withoutAsset, withTemporaryAsset } from './cache';

const a1 = asset();
const a2 = asset({ file_type: 'video', mime_type: 'video/mp4' });
const s1 = scene({ id: 's1', media: [a1, a2], active_asset_id: a1.id });
const s2 = scene({ id: 's2', order: 2 });
const loose = asset();
const board = storyboard([s1, s2], [loose]);

describe('withActiveAsset', () => {
  it('sets the cover and keeps the object when it is already set', () => {
    const next = withActiveAsset(board, 's1', a2.id);
    expect(activeAssetIdOf(next, 's1')).toBe(a2.id);
    expect(next.scenes[1]).toBe(board.scenes[1]);
    expect(withActiveAsset(board, 's1', a1.id)).toBe(board);
    expect(withActiveAsset(board, 'nope', a1.id)).toBe(board);
  });
});

describe('withoutAsset', () => {
  it('removes a scene asset, clears the cover and the count', () => {
    const next = withoutAsset(board, a1.id);
    expect(next.scenes[0]?.media.map((m) => m.id)).toEqual([a2.id]);
    expect(next.scenes[0]?.active_asset_id).toBeNull();
    expect(next.scenes[0]?.cover_asset_id).toBe(a2.id);
    expect(next.stats.media_by_type).toEqual({ image: 1, video: 1, audio: 0 });
  });
  it('removes unassigned media', () => {
    const next = withoutAsset(board, loose.id);
    expect(next.unassigned_media).toEqual([]);
    expect(next.stats.media_by_type.image).toBe(1);
  });
  it('is unchanged for an unknown id', () => {
    expect(withoutAsset(board, 'zz')).toBe(board);
  });
});

describe('withTemporaryAsset', () => {
  const id = uuid();
  const detail: GenerationEndDetail = {
    jobId: 'j1',
    kind: 'image',
    projectId: 'p1',
    sceneId: 's2',
    status: 'completed',
    url: `/api/media/file/${id}`,
    thumbnailUrl: `/api/media/file/${id}?variant=thumbnail`,
    assetType: 'image',
    creditCost: 1,
    prompt: 'a jar',
  };
  const now = new Date('2025-02-02T00:00:00Z');

  it("adds the new asset to its scene's media and counts", () => {
    const next = withTemporaryAsset(board, detail, now);
    const added = next.scenes[1]?.media[0];
    expect(added).toMatchObject({ id, url: detail.url, thumbnail_url: detail.thumbnailUrl, file_type: 'image', credit_cost: 1, scene_id: 's2' });
    expect(added?.file_metadata.prompt).toBe('a jar');
    expect(next.stats.media_by_type.image).toBe(3);
  });
  it('makes a new picture the cover of a campaign without a chosen one, never a new music track', () => {
    expect(withTemporaryAsset(board, detail, now).scenes[1]?.cover_asset_id).toBe(id);
    const music = { ...detail, kind: 'audio' as const, assetType: 'audio', url: `/api/media/file/${uuid()}` };
    expect(withTemporaryAsset(board, music, now).scenes[1]?.cover_asset_id).toBeNull();
    const withImage = storyboard([scene({ id: 's2', media: [a1] })]);
    expect(withTemporaryAsset(withImage, music, now).scenes[0]?.cover_asset_id).toBe(a1.id);
  });
  it('is added once', () => {
    const once = withTemporaryAsset(board, detail, now);
    expect(withTemporaryAsset(once, detail, now)).toBe(once);
  });
  it('estimates the cost and names a placeholder when the server gave neither', () => {
    const video = { ...detail, url: 'blob:x', assetType: null, kind: 'video' as const, creditCost: undefined, thumbnailUrl: null };
    expect(temporaryAssetId(video)).toBe('pending-j1');
    const added = withTemporaryAsset(board, video, now).scenes[1]?.media[0];
    expect(added).toMatchObject({ id: 'pending-j1', file_type: 'video', credit_cost: 5, thumbnail_url: 'blob:x' });
  });
  it('ignores failures, missing URLs and other scenes', () => {
    expect(withTemporaryAsset(board, { ...detail, status: 'failed' }, now)).toBe(board);
    expect(withTemporaryAsset(board, { ...detail, url: null }, now)).toBe(board);
    expect(withTemporaryAsset(board, { ...detail, sceneId: 'elsewhere' }, now)).toBe(board);
  });
});

describe('generatingScenes', () => {
  const job = (jobId: string, sceneId: string | null, progress: number | null, projectId = 'p1'): JobProgress => ({
    jobId,
    kind: 'image',
    status: 'running',
    progress,
    stage: null,
    projectId,
    sceneId,
    messageId: null,
    updatedAt: 1,
  });
  it("maps this project's running scenes to their furthest progress", () => {
    const scenes = generatingScenes(
      { j1: job('j1', 's1', 20), j2: job('j2', 's1', 60), j3: job('j3', 's2', null), j4: job('j4', 's3', 5, 'p2'), j5: job('j5', null, 1) },
      'p1',
    );
    expect([...scenes]).toEqual([
      ['s1', 60],
      ['s2', null],
    ]);
  });
});
