import { useCallback, useEffect, useEffectEvent, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { readString, storageKeys, writeString } from '@/lib/storage';
import { useProjects } from '../api/listProjects';
import { projectPath, resolveProjectId } from '../logic/selection';

/** Which project is shown: the one in the address, else the last used one, else the first; the address always follows it. */
export function useProjectSelection() {
  const projectsQuery = useProjects();
  const projects = useMemo(() => projectsQuery.data ?? [], [projectsQuery.data]);
  const routeProjectId = useParams().projectId ?? null;
  const navigate = useNavigate();
  const location = useLocation();
  const [explicitProjectId, setExplicitProjectId] = useState<string | null>(null);

  const selectedProjectId = useMemo(
    () => resolveProjectId(projects, { routeId: routeProjectId, explicitId: explicitProjectId, rememberedId: readString(storageKeys.lastProject) }),
    [explicitProjectId, projects, routeProjectId],
  );
  const selectedProject = projects.find((p) => p.id === selectedProjectId) ?? null;

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

  const selectProject = useCallback(
    (projectId: string) => {
      if (!projects.some((p) => p.id === projectId)) return;
      rememberProject(projectId);
    },
    [projects, rememberProject],
  );

  return {
    projects,
    projectsLoading: projectsQuery.isPending,
    projectsFailed: projectsQuery.isError,
    /** The list has loaded and is empty. */
    noProjects: projectsQuery.isSuccess && projects.length === 0,
    selectedProjectId,
    selectedProject,
    rememberProject,
    selectProject,
  };
}
