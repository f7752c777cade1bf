export { SceneWorkspacePanel, type SceneWorkspacePanelProps, type WorkspaceTab } from './components/SceneWorkspacePanel';
export { WorkspaceShell, type PresetChoiceSlotProps, type ScenePanelSlotProps, type StoryboardSlotProps } from './components/WorkspaceShell';
export { WorkspacePreview } from './components/WorkspacePreview';
export { useWorkspace, WorkspaceProvider } from './state/WorkspaceContext';
