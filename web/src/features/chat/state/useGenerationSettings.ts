import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { queryKeys } from '@/api/queryKeys';
import { readString, storageKeys, writeString } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { updateSceneSettings } from '../api/updateSceneSettings';
import { CHAT_TEXT } from '../logic/texts';
import { initialSettings, serializeSettings, type GenerationSettings } from '../logic/settings';

interface Choice {
  key: string;
  settings: GenerationSettings;
}

/**
 * The scene's generation settings: what the seller chose here, else the scene's stored settings,
 * else the copy kept in this browser, else the defaults. A change is saved on the scene and mirrored
 * in local storage.
 */
export function useGenerationSettings(projectId: string | null, sceneId: string | null, sceneSettings: unknown) {
  const client = useQueryClient();
  const key = projectId && sceneId ? `${projectId}:${sceneId}` : null;
  const [choice, setChoice] = useState<Choice | null>(null);
  const stored = projectId && sceneId ? readString(storageKeys.generationSettings(projectId, sceneId)) : null;
  const settings = choice && choice.key === key ? choice.settings : initialSettings(sceneSettings, stored);

  const save = useMutation({
    mutationFn: ({ sceneId: id, settings: next }: { projectId: string; sceneId: string; settings: GenerationSettings }) => updateSceneSettings(id, next),
    onError: () => notify.error(CHAT_TEXT.settingsSaveFailed),
    onSettled: (_data, _error, variables) => client.invalidateQueries({ queryKey: queryKeys.scenes(variables.projectId) }),
  });

  const change = (patch: Partial<GenerationSettings>) => {
    if (!projectId || !sceneId || !key) return;
    const next = { ...settings, ...patch };
    setChoice({ key, settings: next });
    writeString(storageKeys.generationSettings(projectId, sceneId), serializeSettings(next));
    save.mutate({ projectId, sceneId, settings: next });
  };

  return { settings, change, saving: save.isPending };
}
