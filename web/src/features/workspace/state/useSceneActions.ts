import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { isApiError } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { Scene } from '@/api/types';
import { track } from '@/lib/analytics';
import { storageKeys, writeString } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { createScene } from '../api/createScene';
import { updateScene } from '../api/updateScene';
import { canSubmitSceneName, defaultSceneName } from '../logic/names';
import { messages } from './messages';

interface SceneActionsInput {
  projectId: string | null;
  scenes: Scene[];
  rememberScene: (projectId: string, sceneId: string) => void;
  refreshStoryboard: (projectId: string) => Promise<void>;
}

/** Adding and renaming the selected project's campaigns, and the dialogs for both. */
export function useSceneActions({ projectId, scenes, rememberScene, refreshStoryboard }: SceneActionsInput) {
  const queryClient = useQueryClient();
  const [sceneDialogOpen, setSceneDialogOpen] = useState(false);
  const [renameSceneId, setRenameSceneId] = useState<string | null>(null);
  const [renamingScene, setRenamingScene] = useState(false);
  const [creatingScene, setCreatingScene] = useState(false);

  const addScene = useCallback(
    async (name: string, presetId: string | null = null): Promise<boolean> => {
      if (!canSubmitSceneName(name) || creatingScene) return false;
      if (!projectId) {
        notify.error(messages.noSelection);
        return false;
      }
      const forProject = projectId;
      setCreatingScene(true);
      try {
        const scene = await createScene(forProject, name.trim(), presetId);
        queryClient.setQueryData<Scene[]>(queryKeys.scenes(forProject), (old) => [...(old ?? []).filter((s) => s.id !== scene.id), scene]);
        rememberScene(forProject, scene.id);
        if (presetId) writeString(storageKeys.scenePreset(scene.id), presetId);
        setSceneDialogOpen(false);
        notify.success(presetId ? messages.sceneCreatedWithPreset : messages.sceneCreated);
        track('scene_created', { with_preset: Boolean(presetId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.scenes(forProject) });
        void refreshStoryboard(forProject);
        return true;
      } catch (error) {
        // A preset that no longer exists (or is not the user's) is the one thing that fails here beyond the scene itself.
        notify.error(presetId && isApiError(error) && error.status === 404 ? messages.presetFailed : messages.sceneCreateFailed);
        return false;
      } finally {
        setCreatingScene(false);
      }
    },
    [creatingScene, queryClient, refreshStoryboard, rememberScene, projectId],
  );

  const renameScene = useCallback(
    async (sceneId: string, name: string): Promise<boolean> => {
      const trimmed = name.trim();
      if (!projectId || trimmed === '') return false;
      const forProject = projectId;
      setRenamingScene(true);
      try {
        const updated = await updateScene(sceneId, { name: trimmed });
        queryClient.setQueryData<Scene[]>(queryKeys.scenes(forProject), (old) => (old ?? []).map((s) => (s.id === sceneId ? { ...s, ...updated } : s)));
        setRenameSceneId(null);
        void refreshStoryboard(forProject);
        return true;
      } catch {
        notify.error(messages.sceneUpdateFailed);
        return false;
      } finally {
        setRenamingScene(false);
      }
    },
    [queryClient, refreshStoryboard, projectId],
  );

  const openCreateScene = useCallback(() => {
    if (!projectId) {
      notify.error(messages.noSelection);
      return;
    }
    setSceneDialogOpen(true);
  }, [projectId]);

  return {
    creatingScene,
    defaultSceneName: defaultSceneName(scenes.length),
    sceneDialogOpen,
    renameSceneTarget: scenes.find((s) => s.id === renameSceneId) ?? null,
    renamingScene,
    openRenameScene: (sceneId: string) => setRenameSceneId(sceneId),
    closeRenameScene: () => setRenameSceneId(null),
    openCreateScene,
    setSceneDialogOpen,
    addScene,
    renameScene,
  };
}
