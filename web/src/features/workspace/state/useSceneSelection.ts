import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { queryKeys } from '@/api/queryKeys';
import type { Scene } from '@/api/types';
import { readString, storageKeys, writeString } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { createScene } from '../api/createScene';
import { useScenes } from '../api/listScenes';
import { INITIAL_SCENE_NAME } from '../logic/names';
import { chooseSceneId } from '../logic/selection';
import { messages } from './messages';

/**
 * The selected project's scenes and which one is shown: the one chosen, else the remembered one, else the
 * lowest order, else the first. A project without scenes gets its Campaign 1 (once), unless a project is
 * being created, which brings its own.
 */
export function useSceneSelection(projectId: string | null, creatingProject: boolean, refreshStoryboard: (projectId: string) => Promise<void>) {
  const queryClient = useQueryClient();
  const scenesQuery = useScenes(projectId);
  const scenes = useMemo(() => scenesQuery.data ?? [], [scenesQuery.data]);
  const [sceneChoice, setSceneChoice] = useState<Record<string, string>>({});
  const initialSceneRequested = useRef(new Set<string>());

  const selectedSceneId = useMemo(() => {
    if (!projectId) return null;
    const explicit = sceneChoice[projectId];
    if (explicit && scenes.some((s) => s.id === explicit)) return explicit;
    return chooseSceneId(scenes, readString(storageKeys.lastScene(projectId)));
  }, [sceneChoice, scenes, projectId]);
  const selectedScene = scenes.find((s) => s.id === selectedSceneId) ?? null;

  const rememberScene = useCallback((forProject: string, sceneId: string) => {
    setSceneChoice((current) => ({ ...current, [forProject]: sceneId }));
    writeString(storageKeys.lastScene(forProject), sceneId);
  }, []);

  /** The project has its first scene already (it was created with one): none is added for it. */
  const initialSceneHandled = useCallback((forProject: string) => {
    initialSceneRequested.current.add(forProject);
  }, []);

  useEffect(() => {
    if (!projectId || !scenesQuery.isSuccess || scenesQuery.isFetching || scenesQuery.data.length > 0) return;
    if (creatingProject || initialSceneRequested.current.has(projectId)) return;
    const forProject = projectId;
    initialSceneRequested.current.add(forProject);
    void (async () => {
      try {
        const scene = await createScene(forProject, INITIAL_SCENE_NAME);
        queryClient.setQueryData<Scene[]>(queryKeys.scenes(forProject), (old) => [...(old ?? []), scene]);
        rememberScene(forProject, scene.id);
        void refreshStoryboard(forProject);
      } catch {
        notify.error(messages.initialSceneFailed);
      }
    })();
  }, [creatingProject, queryClient, refreshStoryboard, rememberScene, scenesQuery.data, scenesQuery.isFetching, scenesQuery.isSuccess, projectId]);

  const selectScene = useCallback(
    (sceneId: string) => {
      if (!projectId || !scenes.some((s) => s.id === sceneId)) {
        notify.error(messages.sceneNotFound);
        return;
      }
      rememberScene(projectId, sceneId);
    },
    [rememberScene, scenes, projectId],
  );

  return {
    scenes,
    scenesLoading: scenesQuery.isPending && projectId !== null,
    selectedScene,
    rememberScene,
    initialSceneHandled,
    selectScene,
  };
}
