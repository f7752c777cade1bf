import { MAX_REFERENCE_IMAGES, messages } from './rules';

export interface DropSelection<T> {
  /** The files to process: the first ones, up to the free slots. */
  accepted: T[];
  /** Files left out because the slots ran out. */
  skipped: T[];
  /** The toast to show, if any. */
  message: string | null;
}

/** Free slots of a scene: 3 minus the images it holds and the uploads still running. */
export function freeSlots(occupied: number, max = MAX_REFERENCE_IMAGES): number {
  return Math.max(0, max - Math.max(0, occupied));
}

/**
 * Which dropped (or picked) files get processed. No free slot: none, with the limit message. More
 * files than free slots: the first ones, with "Only the first 3 will be processed".
 */
export function selectFiles<T>(files: readonly T[], occupied: number, max = MAX_REFERENCE_IMAGES): DropSelection<T> {
  const free = freeSlots(occupied, max);
  if (files.length === 0) return { accepted: [], skipped: [], message: null };
  if (free === 0) return { accepted: [], skipped: [...files], message: messages.tooMany };
  if (files.length > free) return { accepted: files.slice(0, free), skipped: files.slice(free), message: messages.tooManyDropped };
  return { accepted: [...files], skipped: [], message: null };
}
