import { useCallback, useState } from 'react';
import { readNumber, storageKeys, writeString } from '@/lib/storage';
import { clampZoom, ZOOM_DEFAULT, zoomStorageKey } from '../logic/storyboard';

function readZoom(key: string): number {
  // Before zoom was kept per user there was one shared level: it is the starting point.
  return clampZoom(readNumber(key) ?? readNumber(storageKeys.storyboardZoom) ?? ZOOM_DEFAULT);
}

/** The storyboard's zoom level, remembered per user. */
export function useStoryboardZoom(userId: string | null | undefined): [number, (zoom: number) => void] {
  const key = zoomStorageKey(userId);
  const [entry, setEntry] = useState(() => ({ key, zoom: readZoom(key) }));
  const zoom = entry.key === key ? entry.zoom : readZoom(key);
  const setZoom = useCallback(
    (next: number) => {
      const value = clampZoom(next);
      setEntry({ key, zoom: value });
      writeString(key, String(value));
    },
    [key],
  );
  return [zoom, setZoom];
}
