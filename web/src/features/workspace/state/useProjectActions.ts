import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { Project, Scene } from '@/api/types';
import { track } from '@/lib/analytics';
import { notify } from '@/lib/toast';
import { createProject } from '../api/createProject';
import { renameProject as renameProjectRequest } from '../api/updateProject';
import { defaultProjectName, INITIAL_SCENE_NAME, validateProjectName } from '../logic/names';
import { messages } from './messages';

/** When the project-creation loading flag gives up. */
export const CREATING_FLAG_TIMEOUT_MS = 10_000;

/** The project-creation loading flag, which clears itself after 10 s whatever happens. */
export function useCreatingFlag() {
  const [creatingProject, setCreatingProject] = useState(false);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const setCreatingFlag = useCallback((on: boolean) => {
    window.clearTimeout(timer.current);
    setCreatingProject(on);
    if (on) timer.current = window.setTimeout(() => setCreatingProject(false), CREATING_FLAG_TIMEOUT_MS);
  }, []);
  return { creatingProject, setCreatingFlag };
}

type ProjectDialog = { kind: 'create' } | { kind: 'rename'; projectId: string } | null;

interface ProjectActionsInput {
  projects: Project[];
  noProjects: boolean;
  creatingProject: boolean;
  setCreatingFlag: (on: boolean) => void;
  rememberProject: (projectId: string) => void;
  rememberScene: (projectId: string, sceneId: string) => void;
  initialSceneHandled: (projectId: string) => void;
  refreshStoryboard: (projectId: string) => Promise<void>;
}

/** Creating and renaming projects, and the dialogs for both (the create dialog opens by itself while there is no project). */
export function useProjectActions({
  projects,
  noProjects,
  creatingProject,
  setCreatingFlag,
  rememberProject,
  rememberScene,
  initialSceneHandled,
  refreshStoryboard,
}: ProjectActionsInput) {
  const queryClient = useQueryClient();
  const [projectDialog, setProjectDialog] = useState<ProjectDialog>(null);
  const [autoPromptDismissed, setAutoPromptDismissed] = useState(false);

  /** Create the project with its Campaign 1 in one request, then select both. */
  const createNewProject = useCallback(
    async (name: string): Promise<boolean> => {
      if (validateProjectName(name) !== null || creatingProject) return false;
      setCreatingFlag(true);
      let project: Project;
      let scene: Scene | null;
      try {
        ({ project, firstScene: scene } = await createProject(name.trim(), INITIAL_SCENE_NAME));
      } catch (error) {
        notify.error(errorMessage(error, messages.projectCreateFailed));
        void queryClient.invalidateQueries({ queryKey: queryKeys.projects });
        setCreatingFlag(false);
        return false;
      }
      initialSceneHandled(project.id);
      notify.success(messages.projectCreated);
      track('project_created', {});

      queryClient.setQueryData<Scene[]>(queryKeys.scenes(project.id), scene ? [scene] : []);
      queryClient.setQueryData<Project[]>(queryKeys.projects, (old) => [project, ...(old ?? []).filter((p) => p.id !== project.id)]);
      rememberProject(project.id);
      if (scene) rememberScene(project.id, scene.id);
      void refreshStoryboard(project.id);
      setProjectDialog(null);
      setCreatingFlag(false);
      return true;
    },
    [creatingProject, initialSceneHandled, queryClient, refreshStoryboard, rememberProject, rememberScene, setCreatingFlag],
  );

  /** Optimistic rename: the local name changes at once, the server update follows. */
  const renameProject = useCallback(
    async (projectId: string, name: string): Promise<boolean> => {
      const trimmed = name.trim();
      if (trimmed === '') return false;
      queryClient.setQueryData<Project[]>(queryKeys.projects, (old) => (old ?? []).map((p) => (p.id === projectId ? { ...p, name: trimmed } : p)));
      setProjectDialog(null);
      try {
        const updated = await renameProjectRequest(projectId, trimmed);
        queryClient.setQueryData<Project[]>(queryKeys.projects, (old) =>
          (old ?? []).map((p) => (p.id === projectId ? { ...p, ...updated, name: updated?.name ?? trimmed } : p)),
        );
        notify.success(messages.projectRenamed);
        track('project_renamed', {});
      } catch {
        notify.error(messages.projectRenameServerFailed);
      }
      return true;
    },
    [queryClient],
  );

  const closeProjectDialog = useCallback(() => {
    setProjectDialog(null);
    if (noProjects) setAutoPromptDismissed(true);
  }, [noProjects]);

  return {
    defaultProjectName: defaultProjectName(projects.length),
    createProjectOpen: projectDialog?.kind === 'create' || (noProjects && !autoPromptDismissed),
    renameTarget: projectDialog?.kind === 'rename' ? (projects.find((p) => p.id === projectDialog.projectId) ?? null) : null,
    openCreateProject: () => setProjectDialog({ kind: 'create' }),
    openRenameProject: (projectId: string) => setProjectDialog({ kind: 'rename', projectId }),
    closeProjectDialog,
    createNewProject,
    renameProject,
  };
}
