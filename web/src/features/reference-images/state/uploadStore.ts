import { uploadsReducer, type UploadAction, type UploadEntry } from '../logic/uploads';

/** The upload tiles of one panel, readable synchronously (two quick drops see each other). */
export interface UploadStore {
  get: () => UploadEntry[];
  subscribe: (listener: () => void) => () => void;
  dispatch: (action: UploadAction) => void;
}

export function createUploadStore(): UploadStore {
  let state: UploadEntry[] = [];
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispatch: (action) => {
      const next = uploadsReducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
  };
}
