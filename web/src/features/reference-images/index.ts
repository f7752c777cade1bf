export { SceneReferenceImages, type SceneReferenceImagesProps } from './components/SceneReferenceImages';
export { useSceneReferenceImages, sceneReferenceImagesQuery } from './api/sceneReferenceImages';
export { useDeleteReferenceImage } from './api/deleteReferenceImage';
export type { ReferenceImage } from './api/types';
export { openCutoutEditor } from './state/cutoutEditorStore';
export { cutoutSummary, type CutoutSummary } from './logic/cutoutSummary';
