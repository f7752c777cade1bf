import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useStore } from '@/lib/store';
import { notify } from '@/lib/toast';
import { readReferenceImageFiles } from '../api/copyReferenceImages';
import { useDeleteReferenceImage } from '../api/deleteReferenceImage';
import { useProjectReferenceImages } from '../api/projectReferenceImages';
import { useSceneReferenceImages } from '../api/sceneReferenceImages';
import { reuseOffers, type ReuseOffer } from '../logic/reuse';
import type { DimensionReader } from '../logic/validation';
import { closeCutoutEditor, cutoutEditorStore, openCutoutEditor } from '../state/cutoutEditorStore';
import { useReferenceImageUploads } from '../state/useReferenceImageUploads';
import { DropZone } from './DropZone';
import { ReferenceImagePanel } from './ReferenceImagePanel';

// The editor loads the first time a seller adjusts a cutout.
const CutoutEditor = lazy(() => import('./CutoutEditor'));

export interface SceneReferenceImagesProps {
  projectId: string | null;
  sceneId: string | null;
  /** The project's campaigns, so an empty one can reuse another's photos. */
  scenes?: readonly { id: string; name: string }[];
  /** Renders the host panel with the reference-image panel placed in it; the whole result is the drop zone. */
  renderPanel: (referenceImages: ReactNode) => ReactNode;
  /** Tests swap the image decoder. */
  readDimensions?: DimensionReader;
}

/** The selected scene's product images: a panel inside the host, and the host as a drop zone. */
export function SceneReferenceImages({ projectId, sceneId, scenes = [], renderPanel, readDimensions }: SceneReferenceImagesProps) {
  const query = useSceneReferenceImages(sceneId);
  const images = query.data;
  const { uploads, occupied, addFiles, retry, dismiss } = useReferenceImageUploads({ projectId, sceneId, images, readDimensions });
  const remove = useDeleteReferenceImage();
  const onFiles = (files: File[]) => void addFiles(files);
  const empty = images !== undefined && images.length === 0 && uploads.length === 0;
  const project = useProjectReferenceImages(empty && scenes.length > 1 ? projectId : null);
  const offers = empty && sceneId && project.data ? reuseOffers(project.data, scenes, sceneId) : [];
  const [reusing, setReusing] = useState(false);
  const adjustingId = useStore(cutoutEditorStore);
  const adjusting = adjustingId ? (images?.find((image) => image.id === adjustingId) ?? null) : null;
  const reuse = async (offer: ReuseOffer) => {
    setReusing(true);
    try {
      await addFiles(await readReferenceImageFiles(offer.images));
    } catch {
      notify.error('Failed to upload images. Please try again.');
    } finally {
      setReusing(false);
    }
  };

  const panel = (
    <ReferenceImagePanel
      sceneSelected={sceneId !== null && projectId !== null}
      loading={query.isPending && query.fetchStatus !== 'idle'}
      failed={query.isError && images === undefined}
      images={images ?? []}
      uploads={uploads}
      occupied={occupied}
      onFiles={onFiles}
      onRemove={(image) => (sceneId ? remove.mutate({ sceneId, image }) : undefined)}
      onAdjustCutout={(image) => openCutoutEditor(image.id)}
      onRetryUpload={retry}
      onDismissUpload={dismiss}
      onReload={() => void query.refetch()}
      reuseOffers={offers}
      onReuse={(offer) => void reuse(offer)}
      reusing={reusing}
    />
  );

  return (
    <>
      <DropZone onFiles={onFiles}>{renderPanel(panel)}</DropZone>
      {adjusting ? (
        <Suspense fallback={null}>
          <CutoutEditor image={adjusting} onClose={closeCutoutEditor} />
        </Suspense>
      ) : null}
    </>
  );
}
