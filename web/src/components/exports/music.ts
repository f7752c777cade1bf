import { useQuery } from '@tanstack/react-query';
import { storyboardQuery } from '@/api/storyboard';
import type { MediaAsset } from '@/api/types';
import { isUuid } from '@/lib/media/assetId';

/** A music track a reel can use. */
export interface MusicChoice {
  id: string;
  label: string;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : ` · ${dateFormat.format(date)}`;
}

/** The music among a campaign's media (oldest first), named by its place and when it was made. */
export function musicChoices(media: readonly MediaAsset[]): MusicChoice[] {
  return media.filter((m) => m.file_type === 'audio' && isUuid(m.id)).map((m, i) => ({ id: m.id, label: `Music ${i + 1}${formatDate(m.created_at)}` }));
}

/**
 * The music of a campaign (or of the project's loose media when `sceneId` is null), read from the
 * storyboard query every view of the campaign shares; undefined while it loads.
 */
export function useSceneMusic(projectId: string | null, sceneId: string | null, enabled = true): MusicChoice[] | undefined {
  const { data } = useQuery({
    ...storyboardQuery(projectId),
    enabled: enabled && projectId !== null,
    select: (storyboard) => musicChoices(sceneId === null ? storyboard.unassigned_media : (storyboard.scenes.find((s) => s.id === sceneId)?.media ?? [])),
  });
  return projectId === null ? [] : data;
}
