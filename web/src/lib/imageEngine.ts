import { useState } from 'react';
import { readString, storageKeys, writeString } from '@/lib/storage';

/** Who draws an image: the studio engine (the seller's own product pixels) or the hosted image model. */
export type ImageEngine = 'studio' | 'hosted';

/** The engine a generation asks for: only a deployment with a hosted image model offers the choice. */
export function chosenEngine(imagesHosted: boolean, keepProductExact: boolean): ImageEngine | undefined {
  if (!imagesHosted) return undefined;
  return keepProductExact ? 'studio' : 'hosted';
}

/** "Keep my product exact", remembered per browser. */
export function useKeepProductExact() {
  const [keep, setKeep] = useState(() => readString(storageKeys.keepProductExact) === '1');
  const change = (next: boolean) => {
    setKeep(next);
    writeString(storageKeys.keepProductExact, next ? '1' : null);
  };
  return [keep, change] as const;
}
