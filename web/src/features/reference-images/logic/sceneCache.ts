import { SCENE_CACHE_MAX_ENTRIES } from './rules';

/** What eviction needs to know of one cached scene list. */
export interface CachedEntry<K> {
  key: K;
  /** When its data arrived (ms); 0 when it never did. */
  updatedAt: number;
  /** Some component shows it right now. */
  observed: boolean;
}

/**
 * The entries to drop so that at most `max` remain: the oldest unobserved ones first. Lists on
 * screen are never dropped, even if that leaves more than `max`.
 */
export function entriesToEvict<K>(entries: readonly CachedEntry<K>[], max = SCENE_CACHE_MAX_ENTRIES): K[] {
  const excess = entries.length - max;
  if (excess <= 0) return [];
  return entries
    .filter((entry) => !entry.observed)
    .sort((a, b) => a.updatedAt - b.updatedAt)
    .slice(0, excess)
    .map((entry) => entry.key);
}
