export { SceneReferenceImages, type SceneReferenceImagesProps } from './components/SceneReferenceImages';
export { useSceneReferenceImages, sceneReferenceImagesQuery } from './api/sceneReferenceImages';
export type { ReferenceImage } from './api/types';
