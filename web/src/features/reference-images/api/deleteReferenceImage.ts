import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, isApiError, toApiError } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { notify } from '@/lib/toast';
import { messages } from '../logic/rules';
import type { ReferenceImage } from './types';

/** DELETE /api/reference-images/{id} → 204. An image already gone (404) counts as removed. */
export async function deleteReferenceImage(id: string): Promise<void> {
  const result = await api.DELETE('/api/reference-images/{id}', { params: { path: { id } } }).catch(() => null);
  if (!result) throw new ApiError(messages.removeFailed, 0, 'network_error');
  const { response, error } = result;
  if (response.ok || response.status === 404) return;
  throw toApiError(error, response.status, messages.removeFailed);
}

interface RemoveVariables {
  sceneId: string;
  image: ReferenceImage;
}

/** Removes an image from the scene's list at once; puts it back with a toast if the server refuses. */
export function useDeleteReferenceImage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ image }: RemoveVariables) => deleteReferenceImage(image.id),
    onMutate: async ({ sceneId, image }) => {
      const key = queryKeys.sceneReferenceImages(sceneId);
      await client.cancelQueries({ queryKey: key });
      const before = client.getQueryData<ReferenceImage[]>(key);
      const index = before?.findIndex((item) => item.id === image.id) ?? -1;
      client.setQueryData<ReferenceImage[]>(key, (list) => list?.filter((item) => item.id !== image.id));
      return { index };
    },
    onError: (error, { sceneId, image }, context) => {
      client.setQueryData<ReferenceImage[]>(queryKeys.sceneReferenceImages(sceneId), (list) => {
        if (!list || list.some((item) => item.id === image.id)) return list;
        const next = [...list];
        const at = context && context.index >= 0 ? Math.min(context.index, next.length) : next.length;
        next.splice(at, 0, image);
        return next;
      });
      if (isApiError(error) && error.status === 401) {
        client.setQueryData(queryKeys.me, null);
        return;
      }
      notify.error(messages.removeFailed);
    },
    onSettled: (_data, _error, { sceneId, image }) => {
      client.removeQueries({ queryKey: queryKeys.referenceImage(image.id), exact: true });
      if (image.project_id) void client.invalidateQueries({ queryKey: queryKeys.projectReferenceImages(image.project_id) });
      return client.invalidateQueries({ queryKey: queryKeys.sceneReferenceImages(sceneId) });
    },
  });
}
