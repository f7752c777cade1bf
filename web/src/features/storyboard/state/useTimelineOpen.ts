import { useCallback, useState } from 'react';
import { readString, writeString } from '@/lib/storage';
import { timelineStorageKey } from '../logic/storyboard';

/** Whether the timeline strip is shown (by default it is), remembered per user. */
export function useTimelineOpen(userId: string | null | undefined): [boolean, () => void] {
  const key = timelineStorageKey(userId);
  const read = (k: string) => readString(k) !== 'hidden';
  const [entry, setEntry] = useState(() => ({ key, open: read(key) }));
  const open = entry.key === key ? entry.open : read(key);
  const toggle = useCallback(() => {
    setEntry({ key, open: !open });
    writeString(key, open ? 'hidden' : null);
  }, [key, open]);
  return [open, toggle];
}
