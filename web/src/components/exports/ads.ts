import { useQuery } from '@tanstack/react-query';
import { storyboardQuery } from '@/api/storyboard';
import type { MediaAsset } from '@/api/types';
import { isUuid } from '@/lib/media/assetId';

/** An ad design whose words a reel's title and end cards can carry. */
export interface AdChoice {
  id: string;
  /** The ad's headline, as the seller wrote it. */
  label: string;
}

/** The ad designs among a campaign's media (oldest first), named by their headline. */
export function adChoices(media: readonly MediaAsset[]): AdChoice[] {
  return media.flatMap((m) => {
    const design = m.file_metadata?.design;
    return m.file_type === 'image' && design && isUuid(m.id) ? [{ id: m.id, label: design.copy.headline }] : [];
  });
}

/**
 * The ad designs of a campaign (or of the project's loose media when `sceneId` is null), read from
 * the storyboard query every view of the campaign shares; undefined while it loads.
 */
export function useSceneAds(projectId: string | null, sceneId: string | null, enabled = true): AdChoice[] | undefined {
  const { data } = useQuery({
    ...storyboardQuery(projectId),
    enabled: enabled && projectId !== null,
    select: (storyboard) => adChoices(sceneId === null ? storyboard.unassigned_media : (storyboard.scenes.find((s) => s.id === sceneId)?.media ?? [])),
  });
  return projectId === null ? [] : data;
}
