import { createContext, useContext, type ReactNode } from 'react';
import { useWorkspaceController, type WorkspaceController } from './useWorkspaceController';

const WorkspaceContext = createContext<WorkspaceController | null>(null);

export function WorkspaceProvider({ children }: { children: ReactNode }) {
  const controller = useWorkspaceController();
  return <WorkspaceContext.Provider value={controller}>{children}</WorkspaceContext.Provider>;
}

// eslint-disable-next-line react-refresh/only-export-components
export function useWorkspace(): WorkspaceController {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace must be used inside WorkspaceProvider');
  return value;
}
