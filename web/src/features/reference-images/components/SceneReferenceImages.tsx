import type { ReactNode } from 'react';
import { useDeleteReferenceImage } from '../api/deleteReferenceImage';
import { useSceneReferenceImages } from '../api/sceneReferenceImages';
import type { DimensionReader } from '../logic/validation';
import { useReferenceImageUploads } from '../state/useReferenceImageUploads';
import { DropZone } from './DropZone';
import { ReferenceImagePanel } from './ReferenceImagePanel';

export interface SceneReferenceImagesProps {
  projectId: string | null;
  sceneId: string | null;
  /** Renders the host panel with the reference-image panel placed in it; the whole result is the drop zone. */
  renderPanel: (referenceImages: ReactNode) => ReactNode;
  /** Tests swap the image decoder. */
  readDimensions?: DimensionReader;
}

/** The selected scene's product images: a panel inside the host, and the host as a drop zone. */
export function SceneReferenceImages({ projectId, sceneId, renderPanel, readDimensions }: SceneReferenceImagesProps) {
  const query = useSceneReferenceImages(sceneId);
  const images = query.data;
  const { uploads, occupied, addFiles, retry, dismiss } = useReferenceImageUploads({ projectId, sceneId, images, readDimensions });
  const remove = useDeleteReferenceImage();
  const onFiles = (files: File[]) => void addFiles(files);

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
      onRetryUpload={retry}
      onDismissUpload={dismiss}
      onReload={() => void query.refetch()}
    />
  );

  return <DropZone onFiles={onFiles}>{renderPanel(panel)}</DropZone>;
}
