import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, toApiError } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { presetPayload, saveErrorText } from '../logic/presets';

export interface CreatePresetInput {
  name: string;
  description: string;
  sceneId: string;
  projectId: string;
}

/** POST /api/chat/style-presets: the style is extracted on the server from the scene's conversation. */
export async function createPreset(input: CreatePresetInput): Promise<{ id: string; name: string }> {
  const result = await api.POST('/api/chat/style-presets', { body: presetPayload(input, input.sceneId, input.projectId) }).catch(() => {
    throw new ApiError(saveErrorText(0), 0, 'network_error');
  });
  if (!result.response.ok || !result.data) {
    const status = result.response.status;
    const error = toApiError(result.error, status, saveErrorText(status));
    throw new ApiError(saveErrorText(status), status, error.code);
  }
  return { id: result.data.data.preset_id, name: result.data.data.name };
}

export function useCreatePreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPreset,
    onSuccess: () => void client.invalidateQueries({ queryKey: queryKeys.stylePresets }),
  });
}
