import type { MediaAsset, Storyboard, StoryboardScene } from '@/api/types';
import type { GenerationEndDetail } from '@/lib/browserEvents';
import { jobsFor, type JobProgressState } from '@/lib/events';
import { assetIdOf } from '@/lib/media/assetId';
import { assetCredits, coverOf } from './storyboard';

/** Pure edits of the cached storyboard: each returns the same object when nothing changes. */

function mapScene(storyboard: Storyboard, sceneId: string, edit: (scene: StoryboardScene) => StoryboardScene): Storyboard {
  let changed = false;
  const scenes = storyboard.scenes.map((scene) => {
    if (scene.id !== sceneId) return scene;
    const next = edit(scene);
    if (next !== scene) changed = true;
    return next;
  });
  return changed ? { ...storyboard, scenes } : storyboard;
}

export function activeAssetIdOf(storyboard: Storyboard | undefined, sceneId: string): string | null {
  return storyboard?.scenes.find((s) => s.id === sceneId)?.active_asset_id ?? null;
}

export function withActiveAsset(storyboard: Storyboard, sceneId: string, assetId: string | null): Storyboard {
  return mapScene(storyboard, sceneId, (scene) =>
    (scene.active_asset_id ?? null) === assetId ? scene : { ...scene, active_asset_id: assetId, cover_asset_id: coverOf(scene.media, assetId)?.id ?? null },
  );
}

function countsWithout(stats: Storyboard['stats'], type: MediaAsset['file_type'], delta: number): Storyboard['stats'] {
  const byType = stats.media_by_type;
  return { ...stats, media_by_type: { ...byType, [type]: Math.max(0, byType[type] + delta) } };
}

/** Drops an asset wherever it is (a scene or the unassigned media); a scene it was the cover of gets none. */
export function withoutAsset(storyboard: Storyboard, assetId: string): Storyboard {
  let removed: MediaAsset | undefined;
  const scenes = storyboard.scenes.map((scene) => {
    const asset = scene.media.find((m) => m.id === assetId);
    if (!asset) return scene;
    removed = asset;
    const media = scene.media.filter((m) => m.id !== assetId);
    const active = scene.active_asset_id === assetId ? null : scene.active_asset_id;
    return { ...scene, media, active_asset_id: active, cover_asset_id: coverOf(media, active)?.id ?? null };
  });
  const loose = storyboard.unassigned_media.find((m) => m.id === assetId);
  removed ??= loose;
  if (!removed) return storyboard;
  return {
    ...storyboard,
    scenes,
    unassigned_media: loose ? storyboard.unassigned_media.filter((m) => m.id !== assetId) : storyboard.unassigned_media,
    stats: countsWithout(storyboard.stats, removed.file_type, -1),
  };
}

function fileTypeOf(detail: Pick<GenerationEndDetail, 'assetType' | 'kind'>): MediaAsset['file_type'] {
  const type = (detail.assetType || detail.kind || '').toLowerCase();
  if (type.includes('video')) return 'video';
  if (type.includes('audio') || type.includes('music')) return 'audio';
  return 'image';
}

/** Id of the placeholder a finished generation adds before the refetch brings the real row. */
export function temporaryAssetId(detail: Pick<GenerationEndDetail, 'jobId' | 'assetId' | 'url'>): string {
  return assetIdOf({ id: detail.assetId, url: detail.url }) ?? `pending-${detail.jobId}`;
}

/**
 * Adds what a generation just made to its scene, so it shows before the storyboard is refetched
 * (the refetch then replaces the whole list). Unchanged when the generation failed, has no URL,
 * belongs to no scene of this storyboard, or its asset is already listed.
 */
export function withTemporaryAsset(storyboard: Storyboard, detail: GenerationEndDetail, now: Date): Storyboard {
  if (detail.status !== 'completed' || !detail.url || !detail.sceneId) return storyboard;
  const scene = storyboard.scenes.find((s) => s.id === detail.sceneId);
  if (!scene) return storyboard;
  const id = temporaryAssetId(detail);
  if (scene.media.some((m) => m.id === id || m.url === detail.url)) return storyboard;
  const fileType = fileTypeOf(detail);
  const at = now.toISOString();
  const metadata = { generation_type: detail.kind || null, prompt: detail.prompt ?? null };
  const asset: MediaAsset = {
    id,
    file_type: fileType,
    file_path: detail.url,
    url: detail.url,
    thumbnail_url: detail.thumbnailUrl || detail.url,
    filename: '',
    original_filename: null,
    mime_type: '',
    scene_id: scene.id,
    project_id: detail.projectId,
    created_at: at,
    updated_at: at,
    file_size: 0,
    size: 0,
    is_public: false,
    user_id: '',
    credit_cost: typeof detail.creditCost === 'number' && Number.isFinite(detail.creditCost) ? detail.creditCost : assetCredits({ file_type: fileType }),
    file_metadata: metadata,
    metadata,
  };
  return {
    ...mapScene(storyboard, scene.id, (s) => {
      const media = [...s.media, asset];
      return { ...s, media, cover_asset_id: coverOf(media, s.active_asset_id)?.id ?? null };
    }),
    stats: countsWithout(storyboard.stats, fileType, 1),
  };
}

/**
 * The scenes of a project with a generation running, each with its progress (0–100, or null while
 * the server has no estimate; the furthest along when several run).
 */
export function generatingScenes(jobs: JobProgressState, projectId: string | null): Map<string, number | null> {
  const scenes = new Map<string, number | null>();
  for (const job of jobsFor(jobs, { projectId })) {
    if (!job.sceneId) continue;
    const seen = scenes.get(job.sceneId) ?? null;
    scenes.set(job.sceneId, seen === null ? job.progress : job.progress === null ? seen : Math.max(seen, job.progress));
  }
  return scenes;
}
