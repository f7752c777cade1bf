import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { queryKeys } from '@/api/queryKeys';
import { useCreatingFlag, useProjectActions } from './useProjectActions';
import { useProjectSelection } from './useProjectSelection';
import { useSceneActions } from './useSceneActions';
import { useSceneSelection } from './useSceneSelection';

/** The workspace flow: projects (the selected one in the address), scenes, selection and the dialogs that change them. */
export function useWorkspaceController() {
  const queryClient = useQueryClient();
  const refreshStoryboard = useCallback((projectId: string) => queryClient.invalidateQueries({ queryKey: queryKeys.storyboard(projectId) }), [queryClient]);

  const { noProjects, selectedProjectId, rememberProject, ...projectSelection } = useProjectSelection();
  const { creatingProject, setCreatingFlag } = useCreatingFlag();
  const { rememberScene, initialSceneHandled, ...sceneSelection } = useSceneSelection(selectedProjectId, creatingProject, refreshStoryboard);
  const projectActions = useProjectActions({
    projects: projectSelection.projects,
    noProjects,
    creatingProject,
    setCreatingFlag,
    rememberProject,
    rememberScene,
    initialSceneHandled,
    refreshStoryboard,
  });
  const sceneActions = useSceneActions({ projectId: selectedProjectId, scenes: sceneSelection.scenes, rememberScene, refreshStoryboard });

  return { ...projectSelection, ...sceneSelection, creatingProject, ...projectActions, ...sceneActions, refreshStoryboard };
}

export type WorkspaceController = ReturnType<typeof useWorkspaceController>;
