import { lazy, Suspense, useMemo, type ReactNode } from 'react';
import type { Scene } from '@/api/types';
import { Spinner } from '@/components/ui/Spinner';
import { ChatTab } from '@/features/chat';
import { PresetPicker, SavePresetButton } from '@/features/presets';
import { cutoutSummary, openCutoutEditor, SceneReferenceImages, useDeleteReferenceImage, useSceneReferenceImages } from '@/features/reference-images';
import { SceneWorkspacePanel } from '@/features/workspace';
import { GeneratedAdStep } from './AdTools';

// The Generate panel is not the default tab: it loads on first use.
const GeneratePanel = lazy(() => import('@/features/generate/components/GeneratePanel'));

export interface ScenePanelProps {
  projectId: string | null;
  scene: Scene | null;
  scenes: Scene[];
  header: ReactNode;
}

/** Composes the left panel: the scene's product images (the whole panel is their drop zone), the chat and the Generate panel. */
export function ScenePanel({ projectId, scene, scenes, header }: ScenePanelProps) {
  const sceneId = scene?.id ?? null;
  const images = useSceneReferenceImages(sceneId);
  const referenceImages = images.data;
  // The chat's photo thumbnails say which photo's cutout is doubtful, with the way to adjust it.
  const chatImages = useMemo(
    () => referenceImages?.map((image) => ({ id: image.id, url: image.url, cutoutWarning: cutoutSummary(image)?.warning ?? null })),
    [referenceImages],
  );
  const remove = useDeleteReferenceImage();
  const removeReferenceImage = (id: string) => {
    const image = referenceImages?.find((candidate) => candidate.id === id);
    if (sceneId && image) remove.mutate({ sceneId, image });
  };
  const presetStyle = (scene?.preset_style ?? null) as {
    environment?: string | null;
    color_palette?: string | null;
    lighting?: string | null;
    composition?: string | null;
  } | null;

  return (
    <SceneReferenceImages
      projectId={projectId}
      sceneId={sceneId}
      scenes={scenes}
      renderPanel={(referenceImagePanel) => (
        <SceneWorkspacePanel
          header={header}
          onTabShown={(tab) => (tab === 'generate' && sceneId ? void images.refetch() : undefined)}
          chat={
            <ChatTab
              projectId={projectId}
              sceneId={sceneId}
              sceneSettings={scene?.settings ?? null}
              referenceImages={chatImages}
              referenceImagePanel={referenceImagePanel}
              onRemoveReferenceImage={removeReferenceImage}
              onAdjustCutout={openCutoutEditor}
              toolbar={
                <>
                  <PresetPicker projectId={projectId} sceneId={sceneId} scenePresetId={scene?.preset_id} />
                  <SavePresetButton projectId={projectId} sceneId={sceneId} />
                </>
              }
            />
          }
          generate={
            <Suspense fallback={<Spinner className="m-auto text-brand-600" label="Loading…" />}>
              <GeneratePanel
                projectId={projectId}
                sceneId={sceneId}
                referenceImages={referenceImages}
                referenceImagePanel={referenceImagePanel}
                sceneSettings={scene?.settings ?? null}
                presetStyle={presetStyle}
                renderAdStep={(input) => <GeneratedAdStep {...input} />}
              />
            </Suspense>
          }
        />
      )}
    />
  );
}
