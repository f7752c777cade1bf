import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { errorMessage, isApiError } from '@/api/client';
import { queryKeys } from '@/api/queryKeys';
import type { Project, Scene } from '@/api/types';
import { readString, storageKeys, writeString } from '@/lib/storage';
import { notify } from '@/lib/toast';
import { createProject } from '../api/createProject';
import { createScene } from '../api/createScene';
import { useProjects } from '../api/listProjects';
import { useScenes } from '../api/listScenes';
import { renameProject as renameProjectRequest } from '../api/updateProject';
import { updateScene } from '../api/updateScene';
import { canSubmitSceneName, defaultSceneName, defaultProjectName, INITIAL_SCENE_NAME, validateProjectName } from '../logic/names';
import { chooseSceneId, projectPath, resolveProjectId } from '../logic/selection';
import { track } from '@/lib/analytics';

/** When the project-creation loading flag gives up. */
export const CREATING_FLAG_TIMEOUT_MS = 10_000;

export const messages = {
  projectCreated: 'Project created successfully',
  projectCreateFailed: 'Failed to create project',
  initialSceneFailed: 'Failed to create the first campaign. Please try adding a campaign manually.',
  projectRenamed: 'Project renamed successfully',
  projectRenameServerFailed: 'Failed to rename project on server, but local changes were applied',
  sceneUpdateFailed: 'Failed to update campaign',
  sceneNotFound: 'Campaign not found',
  sceneCreated: 'Campaign created successfully',
  sceneCreatedWithPreset: 'Campaign created with the preset applied',
  presetFailed: 'Failed to apply preset',
  sceneCreateFailed: 'Failed to create campaign',
  noSelection: 'No campaign or project selected',
} as const;

type ProjectDialog = { kind: 'create' } | { kind: 'rename'; projectId: string } | null;

/** The workspace flow: projects (the selected one in the address), scenes, selection and the dialogs that change them. */
export function useWorkspaceController() {
  const queryClient = useQueryClient();
  const projectsQuery = useProjects();
  const projects = useMemo(() => projectsQuery.data ?? [], [projectsQuery.data]);
  const routeProjectId = useParams().projectId ?? null;
  const navigate = useNavigate();
  const location = useLocation();

  const [explicitProjectId, setExplicitProjectId] = useState<string | null>(null);
  const [sceneChoice, setSceneChoice] = useState<Record<string, string>>({});
  const [projectDialog, setProjectDialog] = useState<ProjectDialog>(null);
  const [autoPromptDismissed, setAutoPromptDismissed] = useState(false);
  const [sceneDialogOpen, setSceneDialogOpen] = useState(false);
  const [renameSceneId, setRenameSceneId] = useState<string | null>(null);
  const [renamingScene, setRenamingScene] = useState(false);
  const [creatingProject, setCreatingProject] = useState(false);
  const [creatingScene, setCreatingScene] = useState(false);
  const creatingTimer = useRef<number | undefined>(undefined);
  const initialSceneRequested = useRef(new Set<string>());

  // The project in the address, else the last used one, else the first.
  const selectedProjectId = useMemo(
    () => resolveProjectId(projects, { routeId: routeProjectId, explicitId: explicitProjectId, rememberedId: readString(storageKeys.lastProject) }),
    [explicitProjectId, projects, routeProjectId],
  );
  const selectedProject = projects.find((p) => p.id === selectedProjectId) ?? null;

  const scenesQuery = useScenes(selectedProjectId);
  const scenes = useMemo(() => scenesQuery.data ?? [], [scenesQuery.data]);

  // A remembered scene if it exists, else the lowest order, else the first.
  const selectedSceneId = useMemo(() => {
    if (!selectedProjectId) return null;
    const explicit = sceneChoice[selectedProjectId];
    if (explicit && scenes.some((s) => s.id === explicit)) return explicit;
    return chooseSceneId(scenes, readString(storageKeys.lastScene(selectedProjectId)));
  }, [sceneChoice, scenes, selectedProjectId]);
  const selectedScene = scenes.find((s) => s.id === selectedSceneId) ?? null;

  const noProjects = projectsQuery.isSuccess && projects.length === 0;
  const createProjectOpen = projectDialog?.kind === 'create' || (noProjects && !autoPromptDismissed);
  const renameTarget = projectDialog?.kind === 'rename' ? (projects.find((p) => p.id === projectDialog.projectId) ?? null) : null;

  const refreshStoryboard = useCallback((projectId: string) => queryClient.invalidateQueries({ queryKey: queryKeys.storyboard(projectId) }), [queryClient]);

  const rememberScene = useCallback((projectId: string, sceneId: string) => {
    setSceneChoice((current) => ({ ...current, [projectId]: sceneId }));
    writeString(storageKeys.lastScene(projectId), sceneId);
  }, []);

  const rememberProject = useCallback(
    (projectId: string) => {
      setExplicitProjectId(projectId);
      writeString(storageKeys.lastProject, projectId);
      // A new history entry: Back returns to the previous project.
      navigate({ pathname: projectPath(projectId), search: location.search });
    },
    [location.search, navigate],
  );

  // The address always names the project shown (/create opens the last one, an unknown id falls back),
  // so a link to it can be kept or shared with oneself; a project opened from a link becomes the last used.
  const syncRoute = useEffectEvent((projectId: string) => {
    writeString(storageKeys.lastProject, projectId);
    if (routeProjectId !== projectId) navigate({ pathname: projectPath(projectId), search: location.search, hash: location.hash }, { replace: true });
  });
  useEffect(() => {
    if (projectsQuery.isSuccess && selectedProjectId) syncRoute(selectedProjectId);
  }, [projectsQuery.isSuccess, routeProjectId, selectedProjectId]);

  // With no scenes, an initial scene named Campaign 1 is created (once per project).
  useEffect(() => {
    if (!selectedProjectId || !scenesQuery.isSuccess || scenesQuery.isFetching || scenesQuery.data.length > 0) return;
    if (creatingProject || initialSceneRequested.current.has(selectedProjectId)) return;
    const projectId = selectedProjectId;
    initialSceneRequested.current.add(projectId);
    void (async () => {
      try {
        const scene = await createScene(projectId, INITIAL_SCENE_NAME);
        queryClient.setQueryData<Scene[]>(queryKeys.scenes(projectId), (old) => [...(old ?? []), scene]);
        rememberScene(projectId, scene.id);
        void refreshStoryboard(projectId);
      } catch {
        notify.error(messages.initialSceneFailed);
      }
    })();
  }, [creatingProject, queryClient, refreshStoryboard, rememberScene, scenesQuery.data, scenesQuery.isFetching, scenesQuery.isSuccess, selectedProjectId]);

  useEffect(() => () => window.clearTimeout(creatingTimer.current), []);

  const setCreatingFlag = useCallback((on: boolean) => {
    window.clearTimeout(creatingTimer.current);
    setCreatingProject(on);
    // The project-creation loading flag auto-clears after 10 s whatever happens.
    if (on) creatingTimer.current = window.setTimeout(() => setCreatingProject(false), CREATING_FLAG_TIMEOUT_MS);
  }, []);

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
      initialSceneRequested.current.add(project.id);
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
    [creatingProject, queryClient, refreshStoryboard, rememberProject, rememberScene, setCreatingFlag],
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

  const addScene = useCallback(
    async (name: string, presetId: string | null = null): Promise<boolean> => {
      if (!canSubmitSceneName(name) || creatingScene) return false;
      const projectId = selectedProjectId;
      if (!projectId) {
        notify.error(messages.noSelection);
        return false;
      }
      setCreatingScene(true);
      try {
        const scene = await createScene(projectId, name.trim(), presetId);
        queryClient.setQueryData<Scene[]>(queryKeys.scenes(projectId), (old) => [...(old ?? []).filter((s) => s.id !== scene.id), scene]);
        rememberScene(projectId, scene.id);
        if (presetId) writeString(storageKeys.scenePreset(scene.id), presetId);
        setSceneDialogOpen(false);
        notify.success(presetId ? messages.sceneCreatedWithPreset : messages.sceneCreated);
        track('scene_created', { with_preset: Boolean(presetId) });
        void queryClient.invalidateQueries({ queryKey: queryKeys.scenes(projectId) });
        void refreshStoryboard(projectId);
        return true;
      } catch (error) {
        // A preset that no longer exists (or is not the user's) is the one thing that fails here beyond the scene itself.
        notify.error(presetId && isApiError(error) && error.status === 404 ? messages.presetFailed : messages.sceneCreateFailed);
        return false;
      } finally {
        setCreatingScene(false);
      }
    },
    [creatingScene, queryClient, refreshStoryboard, rememberScene, selectedProjectId],
  );

  const renameScene = useCallback(
    async (sceneId: string, name: string): Promise<boolean> => {
      const trimmed = name.trim();
      if (!selectedProjectId || trimmed === '') return false;
      const projectId = selectedProjectId;
      setRenamingScene(true);
      try {
        const updated = await updateScene(sceneId, { name: trimmed });
        queryClient.setQueryData<Scene[]>(queryKeys.scenes(projectId), (old) => (old ?? []).map((s) => (s.id === sceneId ? { ...s, ...updated } : s)));
        setRenameSceneId(null);
        void refreshStoryboard(projectId);
        return true;
      } catch {
        notify.error(messages.sceneUpdateFailed);
        return false;
      } finally {
        setRenamingScene(false);
      }
    },
    [queryClient, refreshStoryboard, selectedProjectId],
  );

  const selectProject = useCallback(
    (projectId: string) => {
      if (!projects.some((p) => p.id === projectId)) return;
      rememberProject(projectId);
    },
    [projects, rememberProject],
  );

  const selectScene = useCallback(
    (sceneId: string) => {
      if (!selectedProjectId || !scenes.some((s) => s.id === sceneId)) {
        notify.error(messages.sceneNotFound);
        return;
      }
      rememberScene(selectedProjectId, sceneId);
    },
    [rememberScene, scenes, selectedProjectId],
  );

  const openCreateScene = useCallback(() => {
    if (!selectedProjectId) {
      notify.error(messages.noSelection);
      return;
    }
    setSceneDialogOpen(true);
  }, [selectedProjectId]);

  const closeProjectDialog = useCallback(() => {
    setProjectDialog(null);
    if (noProjects) setAutoPromptDismissed(true);
  }, [noProjects]);

  return {
    projects,
    projectsLoading: projectsQuery.isPending,
    projectsFailed: projectsQuery.isError,
    selectedProject,
    scenes,
    scenesLoading: scenesQuery.isPending && selectedProjectId !== null,
    selectedScene,
    creatingProject,
    creatingScene,
    defaultProjectName: defaultProjectName(projects.length),
    defaultSceneName: defaultSceneName(scenes.length),
    createProjectOpen,
    renameTarget,
    sceneDialogOpen,
    renameSceneTarget: scenes.find((s) => s.id === renameSceneId) ?? null,
    renamingScene,
    openRenameScene: (sceneId: string) => setRenameSceneId(sceneId),
    closeRenameScene: () => setRenameSceneId(null),
    openCreateProject: () => setProjectDialog({ kind: 'create' }),
    openRenameProject: (projectId: string) => setProjectDialog({ kind: 'rename', projectId }),
    closeProjectDialog,
    openCreateScene,
    setSceneDialogOpen,
    createNewProject,
    renameProject,
    addScene,
    renameScene,
    selectProject,
    selectScene,
    refreshStoryboard,
  };
}

export type WorkspaceController = ReturnType<typeof useWorkspaceController>;
