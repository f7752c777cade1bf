import { AuthGate, useSignout } from '@/features/auth';
import { CreditBadge } from '@/features/credits';
import { SceneReferenceImages } from '@/features/reference-images';
import { Storyboard } from '@/features/storyboard';
import { WorkspacePreview, WorkspaceProvider, WorkspaceShell } from '@/features/workspace';

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
            renderReferenceImages={(props) => <SceneReferenceImages {...props} />}
          />
        </WorkspaceProvider>
      )}
    </AuthGate>
  );
}
