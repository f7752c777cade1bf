import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '@/api/types';
import { AuthGate, useSignout } from '@/features/auth';
import { BrandKitSection } from '@/features/brand-kit';
import { PendingPurchaseGate, track } from '@/features/commerce';
import { CreditBadge } from '@/features/credits';
import { HowThisWasMade } from '@/features/generate/components/HowThisWasMade';
import { recipeOf } from '@/features/generate/state/recall';
import { PresetSelect } from '@/features/presets';
import { Storyboard, useSceneHasMedia } from '@/features/storyboard';
import { useWorkspace, WorkspacePreview, WorkspaceProvider, WorkspaceShell } from '@/features/workspace';
import { AdTools } from './create/AdTools';
import { CreateCommerce } from './create/CreateCommerce';
import { ScenePanel } from './create/ScenePanel';

const trackSignupSuccess = () => track('signup_success', {});

/** /create: the workspace behind the authentication gate. */
export function CreatePage() {
  const signout = useSignout();
  return (
    <AuthGate preview={<WorkspacePreview />} onSignupSuccess={trackSignupSuccess}>
      {(user) => (
        <PendingPurchaseGate>
          <AfterSignin />
          <WorkspaceProvider key={user.id}>
            <Workspace user={user} onLogout={() => signout.mutate()} />
          </WorkspaceProvider>
          <CreateCommerce userId={user.id} />
        </PendingPurchaseGate>
      )}
    </AuthGate>
  );
}

function Workspace({ user, onLogout }: { user: User; onLogout: () => void }) {
  const ws = useWorkspace();
  const sceneHasMedia = useSceneHasMedia(ws.selectedProject?.id ?? null, ws.selectedScene?.id ?? null);
  return (
    <WorkspaceShell
      user={user}
      onLogout={onLogout}
      sceneHasMedia={sceneHasMedia}
      renderCredits={(compact) => <CreditBadge compact={compact} />}
      renderStoryboard={(props) => (
        <Storyboard
          {...props}
          renderRecipe={(input) => (recipeOf(input.asset) ? <HowThisWasMade {...input} /> : null)}
          renderAdTools={(input) => <AdTools asset={input.asset} projectId={input.projectId} />}
          renderBrandKit={(projectId) => <BrandKitSection projectId={projectId} />}
        />
      )}
      renderScenePanel={(props) => <ScenePanel {...props} />}
      renderPresetChoice={(props) => <PresetSelect {...props} />}
    />
  );
}

/** A relative path on this site (never `//host`), or null. */
function safeNext(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

/** Signed in after the login redirect (`?auth=signin&next=`): drop the query, or go on to `next`. */
function AfterSignin() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    if (!params.has('auth') && !params.has('next')) return;
    const next = safeNext(params.get('next'));
    params.delete('auth');
    params.delete('next');
    const search = params.toString();
    if (next && !next.startsWith('/create')) navigate(next, { replace: true });
    else navigate({ pathname: location.pathname, search: search ? `?${search}` : '' }, { replace: true });
  }, [location.pathname, location.search, navigate]);
  return null;
}
