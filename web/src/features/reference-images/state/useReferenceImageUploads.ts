import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { queryKeys } from '@/api/queryKeys';
import type { User } from '@/api/types';
import { notify, TOAST_DURATION } from '@/lib/toast';
import { uploadReferenceImage } from '../api/uploadReferenceImage';
import type { ReferenceImage } from '../api/types';
import { PROGRESS, uploadPercent } from '../logic/progress';
import { MAX_REFERENCE_IMAGES, messages } from '../logic/rules';
import { selectFiles } from '../logic/selection';
import { createUploadId, newEntry, occupiedSlots, visibleUploads, type UploadAction, type UploadEntry } from '../logic/uploads';
import { invalidFileLine, readImageDimensions, validateImageFile, type DimensionReader } from '../logic/validation';
import { createUploadStore } from './uploadStore';

type UploadPatch = Extract<UploadAction, { type: 'update' }>['patch'];

/** A finished tile lingers this long before it is forgotten (its image is listed by then). */
const COMPLETED_LINGER_MS = 1500;

function previewUrl(file: File): string | null {
  try {
    return typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null;
  } catch {
    return null;
  }
}

function revoke(entries: readonly UploadEntry[]): void {
  for (const entry of entries) if (entry.previewUrl && typeof URL.revokeObjectURL === 'function') URL.revokeObjectURL(entry.previewUrl);
}

/** One toast listing every refused file as `filename: reason`. */
function notifyInvalidFiles(lines: readonly string[]): void {
  toast.error(lines.join('\n'), { duration: TOAST_DURATION, className: 'whitespace-pre-line' });
}

export interface UseReferenceImageUploadsOptions {
  projectId: string | null;
  sceneId: string | null;
  /** The scene's listed images (for the tiles to hide once their image is listed). */
  images: readonly ReferenceImage[] | undefined;
  readDimensions?: DimensionReader;
}

/**
 * The scene's upload queue: picks the files that fit the free slots, checks them, uploads each
 * through XHR (validating → uploading 10–90 % → syncing 90 % → completed 100 % / failed) and
 * refreshes the scene's list.
 */
export function useReferenceImageUploads({ projectId, sceneId, images, readDimensions = readImageDimensions }: UseReferenceImageUploadsOptions) {
  const client = useQueryClient();
  const [store] = useState(createUploadStore);
  const entries = useSyncExternalStore(store.subscribe, store.get, store.get);

  useEffect(() => () => revoke(store.get()), [store]);

  const remove = useCallback(
    (ids: readonly string[]) => {
      revoke(store.get().filter((entry) => ids.includes(entry.id)));
      store.dispatch({ type: 'remove', ids });
    },
    [store],
  );

  /** The listed ids right now, straight from the cache (fresher than the last render). */
  const listedIds = useCallback(
    (scene: string) => new Set((client.getQueryData<ReferenceImage[]>(queryKeys.sceneReferenceImages(scene)) ?? []).map((image) => image.id)),
    [client],
  );

  const upload = useCallback(
    async (entry: UploadEntry) => {
      const update = (patch: UploadPatch) => store.dispatch({ type: 'update', id: entry.id, patch });
      update({ status: 'uploading', progress: PROGRESS.uploadStart, error: null });
      const user = client.getQueryData<User | null>(queryKeys.me);
      const result = await uploadReferenceImage(
        { file: entry.file, uploadId: entry.id, projectId: entry.projectId, sceneId: entry.sceneId, userId: user?.id ?? null },
        { onProgress: (loaded, total) => update({ progress: uploadPercent(loaded, total) }) },
      );
      if (!result.ok) {
        update({ status: 'failed', error: result.error });
        if (result.status === 401) client.setQueryData(queryKeys.me, null);
        else if (!result.cancelled) notify.error(result.error);
        return;
      }
      const image = result.image;
      update({ status: 'syncing', progress: PROGRESS.syncing, imageId: image.id });
      const sceneKey = queryKeys.sceneReferenceImages(entry.sceneId);
      await Promise.all([
        client.invalidateQueries({ queryKey: sceneKey }),
        client.invalidateQueries({ queryKey: queryKeys.projectReferenceImages(entry.projectId) }),
      ]).catch(() => undefined);
      // Shown even when the refetch failed or the list is not on screen.
      client.setQueryData<ReferenceImage[]>(sceneKey, (list) => (list && !list.some((item) => item.id === image.id) ? [...list, image] : list));
      update({ status: 'completed', progress: PROGRESS.completed });
      setTimeout(() => remove([entry.id]), COMPLETED_LINGER_MS);
    },
    [client, remove, store],
  );

  const addFiles = useCallback(
    async (files: readonly File[]) => {
      if (files.length === 0) return;
      if (!projectId || !sceneId) {
        notify.error(messages.selectScene);
        return;
      }
      const selection = selectFiles(files, occupiedSlots(store.get(), sceneId, listedIds(sceneId)));
      if (selection.message) notify.error(selection.message);
      if (selection.accepted.length === 0) return;

      const created = selection.accepted.map((file) => newEntry({ id: createUploadId(), projectId, sceneId, file, previewUrl: previewUrl(file) }));
      store.dispatch({ type: 'add', entries: created });
      const reasons = await Promise.all(
        created.map(async (entry) => {
          const reason = await validateImageFile(entry.file, readDimensions);
          if (reason) remove([entry.id]);
          else void upload(entry);
          return reason ? invalidFileLine(entry.name, reason) : null;
        }),
      );
      const invalid = reasons.filter((line): line is string => line !== null);
      if (invalid.length > 0) notifyInvalidFiles(invalid);
      if (invalid.length === created.length) notify.error(messages.noValidDropped);
    },
    [listedIds, projectId, readDimensions, remove, sceneId, store, upload],
  );

  const retry = useCallback(
    (id: string) => {
      const entry = store.get().find((item) => item.id === id);
      if (!entry || entry.status !== 'failed') return;
      if (occupiedSlots(store.get(), entry.sceneId, listedIds(entry.sceneId)) >= MAX_REFERENCE_IMAGES) {
        notify.error(messages.tooMany);
        return;
      }
      void upload(entry);
    },
    [listedIds, store, upload],
  );

  const dismiss = useCallback((id: string) => remove([id]), [remove]);

  const shownIds = useMemo(() => new Set((images ?? []).map((image) => image.id)), [images]);
  const visible = useMemo(() => visibleUploads(entries, sceneId, shownIds), [entries, sceneId, shownIds]);
  const occupied = useMemo(() => occupiedSlots(entries, sceneId, shownIds), [entries, sceneId, shownIds]);

  return { uploads: visible, occupied, addFiles, retry, dismiss };
}
