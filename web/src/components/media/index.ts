// MediaViewer and ImageEditor are left out on purpose: callers lazy-load them from their own files
// (`lazy(() => import('@/components/media/MediaViewer'))`) to keep them out of the first bundle.
export { MediaDisplay, type MediaDisplayProps, type MediaItemView } from './MediaDisplay';
export type { MediaViewerProps } from './MediaViewer';
export type { ImageEditorProps } from './ImageEditor';
