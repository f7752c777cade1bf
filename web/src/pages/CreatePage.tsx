import { AuthGate, useSignout } from '@/features/auth';
import { CreditBadge } from '@/features/credits';
import { PresetSelect } from '@/features/presets';
import { Storyboard } from '@/features/storyboard';
import { WorkspacePreview, WorkspaceProvider, WorkspaceShell } from '@/features/workspace';
import { ScenePanel } from './create/ScenePanel';

/** /create: the workspace behind the authentication gate. */
export function CreatePage() {
  const signout = useSignout();
  return (
    <AuthGate preview={<WorkspacePreview />}>
      {(user) => (
        <WorkspaceProvider key={user.id}>
          <WorkspaceShell
            user={user}
            onLogout={() => signout.mutate()}
            renderCredits={(compact) => <CreditBadge compact={compact} />}
            renderStoryboard={(props) => <Storyboard {...props} />}
            renderScenePanel={(props) => <ScenePanel {...props} />}
            renderPresetChoice={(props) => <PresetSelect {...props} />}
          />
        </WorkspaceProvider>
      )}
    </AuthGate>
  );
}
