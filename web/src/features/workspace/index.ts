export { WorkspaceShell, type ReferenceImagesSlotProps, type StoryboardSlotProps } from './components/WorkspaceShell';
export { WorkspacePreview } from './components/WorkspacePreview';
export { WorkspaceProvider } from './state/WorkspaceContext';
