import { isActive, PROGRESS, type UploadStatus } from './progress';

/** One file on its way to the server, shown as a tile with a progress bar. */
export interface UploadEntry {
  /** The client-generated `ref-…` id, also sent as `uploadId`. */
  id: string;
  projectId: string;
  sceneId: string;
  file: File;
  name: string;
  status: UploadStatus;
  progress: number;
  error: string | null;
  /** The stored image's id once the server answered. */
  imageId: string | null;
  /** An object URL of the file for the tile's preview, when the browser has them. */
  previewUrl: string | null;
}

export type UploadAction =
  | { type: 'add'; entries: UploadEntry[] }
  | { type: 'update'; id: string; patch: Partial<Pick<UploadEntry, 'status' | 'progress' | 'error' | 'imageId'>> }
  | { type: 'remove'; ids: readonly string[] };

export function uploadsReducer(state: readonly UploadEntry[], action: UploadAction): UploadEntry[] {
  switch (action.type) {
    case 'add':
      return [...state, ...action.entries];
    case 'update': {
      let changed = false;
      const next = state.map((entry) => {
        if (entry.id !== action.id) return entry;
        // Progress never moves backwards within one attempt (XHR events can arrive late).
        const patch = { ...action.patch };
        if (patch.status === undefined && patch.progress !== undefined && patch.progress < entry.progress) delete patch.progress;
        if (entry.status !== 'uploading' && patch.status === undefined && patch.progress !== undefined) delete patch.progress;
        changed = true;
        return { ...entry, ...patch };
      });
      return changed ? next : (state as UploadEntry[]);
    }
    case 'remove':
      return state.some((entry) => action.ids.includes(entry.id)) ? state.filter((entry) => !action.ids.includes(entry.id)) : (state as UploadEntry[]);
  }
}

export function newEntry(input: Pick<UploadEntry, 'id' | 'projectId' | 'sceneId' | 'file'> & { previewUrl?: string | null }): UploadEntry {
  return {
    ...input,
    name: input.file.name,
    status: 'validating',
    progress: PROGRESS.validating,
    error: null,
    imageId: null,
    previewUrl: input.previewUrl ?? null,
  };
}

/** The scene's tiles still worth showing: running or failed, or finished but not yet in the list. */
export function visibleUploads(entries: readonly UploadEntry[], sceneId: string | null, listedIds: ReadonlySet<string>): UploadEntry[] {
  if (!sceneId) return [];
  return entries.filter((entry) => entry.sceneId === sceneId && !(entry.imageId && listedIds.has(entry.imageId)));
}

/** Slots the scene uses: its listed images plus uploads still running (finished ones are listed). */
export function occupiedSlots(entries: readonly UploadEntry[], sceneId: string | null, listedIds: ReadonlySet<string>): number {
  if (!sceneId) return 0;
  const running = entries.filter(
    (entry) => entry.sceneId === sceneId && (isActive(entry.status) || (entry.status === 'completed' && !(entry.imageId && listedIds.has(entry.imageId)))),
  );
  return listedIds.size + running.length;
}

/** A client upload id: `ref-` and a UUID (or a random fallback outside secure contexts). */
export function createUploadId(): string {
  const random =
    typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function'
      ? crypto.randomUUID()
      : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}-${Math.random().toString(36).slice(2, 10)}`;
  return `ref-${random}`;
}
