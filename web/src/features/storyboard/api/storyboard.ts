import { useQuery } from '@tanstack/react-query';
import { storyboardQuery } from '@/api/storyboard';

export function useStoryboard(projectId: string | null) {
  return useQuery(storyboardQuery(projectId));
}

/** Whether a campaign holds any media yet; undefined until the storyboard is known. */
export function useSceneHasMedia(projectId: string | null, sceneId: string | null): boolean | undefined {
  const { data } = useStoryboard(projectId);
  if (!data || !sceneId) return undefined;
  return (data.scenes.find((scene) => scene.id === sceneId)?.media.length ?? 0) > 0;
}
