import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import { presetMessages } from '../logic/presets';

export interface ApplyPresetInput {
  presetId: string;
  sceneId: string;
  projectId: string;
}

/** POST /api/chat/style-presets/{id}/apply: the scene takes the preset's style. */
export async function applyPreset({ presetId, sceneId, projectId }: ApplyPresetInput): Promise<void> {
  await unwrap(
    api.POST('/api/chat/style-presets/{id}/apply', { params: { path: { id: presetId } }, body: { scene_id: sceneId, project_id: projectId } }),
    presetMessages.applyFailed,
  );
}

export function useApplyPreset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyPreset,
    // The scene list carries the applied preset's style, which the Generate panel prefills.
    onSuccess: (_data, input) => void client.invalidateQueries({ queryKey: queryKeys.scenes(input.projectId) }),
  });
}
