import { useState } from 'react';
import type { MediaAsset } from '@/api/types';
import { resolveIndex, shownIndex, stepAssetId } from '../logic/carousel';

/**
 * Which of a campaign's assets the detail view shows: the cover at first, then the one chosen. A new asset
 * of the campaign (an edit here, a generation in the chat, the panel or another tab) is what the seller is
 * waiting for: it is shown as soon as it is listed (after an edit in progress). Export files are not: the
 * export sheet shows them, and the viewer stays on their picture.
 */
export function useShownAsset(media: MediaAsset[], coverAssetId: string | null | undefined, editing: boolean) {
  const [position, setPosition] = useState(() => {
    const index = shownIndex(media, coverAssetId);
    return { id: media[index]?.id ?? null, index };
  });
  const [seen, setSeen] = useState(() => new Set(media.map((m) => m.id)));
  const fresh = editing ? undefined : media.findLast((m) => !seen.has(m.id) && !m.file_metadata?.export);
  if (fresh) {
    setSeen(new Set(media.map((m) => m.id)));
    setPosition({ id: fresh.id, index: media.indexOf(fresh) });
  }
  const index = resolveIndex(media, position.id, position.index);

  const show = (next: number) => {
    const item = media[next];
    if (item) setPosition({ id: item.id, index: next });
  };

  return {
    index,
    asset: index === -1 ? null : (media[index] ?? null),
    show,
    step: (delta: -1 | 1) => {
      const id = stepAssetId(media, index, delta);
      if (id) show(media.findIndex((m) => m.id === id));
    },
  };
}
