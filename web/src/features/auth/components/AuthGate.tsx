import { useEffect, useState, type ReactNode } from 'react';
import { LogIn } from 'lucide-react';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/Button';
import { FullPageSpinner } from '@/components/ui/Spinner';
import type { User } from '@/api/types';
import { readString, storageKeys, writeString } from '@/lib/storage';
import { initializeUserOnce } from '../api/initializeUser';
import { useMe } from '../api/me';
import { AuthModal } from './AuthModal';

/** Delay before the sign-up modal opens for a visitor (about 300 ms). */
export const AUTH_MODAL_DELAY_MS = 300;

export interface AuthGateProps {
  /** Rendered for a signed-in user. */
  children: (user: User) => ReactNode;
  /** Rendered blurred and inert behind the modal for a visitor. */
  preview: ReactNode;
  /** Called once after a new account has been created and signed in. */
  onSignupSuccess?: () => void;
}

/** Protects a route: a spinner while loading, a blurred preview plus the auth modal for visitors. */
export function AuthGate({ children, preview, onSignupSuccess }: AuthGateProps) {
  const me = useMe();
  const user = me.data ?? null;
  const signedIn = user !== null;

  useEffect(() => {
    // A pending-signup flag calls onSignupSuccess once after login.
    if (!signedIn || readString(storageKeys.signupPending) === null) return;
    writeString(storageKeys.signupPending, null);
    onSignupSuccess?.();
  }, [signedIn, onSignupSuccess]);

  useEffect(() => {
    if (!user) return;
    void initializeUserOnce(user);
    writeString(storageKeys.signedInBefore, '1');
  }, [user]);

  if (me.isPending) return <FullPageSpinner label="Loading..." />;
  if (me.data) return <>{children(me.data)}</>;
  return <VisitorView preview={preview} />;
}

function VisitorView({ preview }: { preview: ReactNode }) {
  // The login redirect of a signed-out purchase lands here with `?auth=signin`, and a browser someone
  // has signed in on is most likely theirs: sign in, not sign up.
  const signinRequested = new URLSearchParams(useLocation().search).get('auth') === 'signin' || readString(storageKeys.signedInBefore) !== null;
  const [open, setOpen] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  const changeOpen = (next: boolean) => {
    setOpen(next);
    if (!next) setDismissed(true);
  };

  useEffect(() => {
    // Opens once, about 300 ms after the visitor arrives.
    const timer = window.setTimeout(() => setOpen(true), AUTH_MODAL_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  return (
    <div className="relative h-full min-h-screen overflow-hidden">
      <div data-testid="blurred-workspace" aria-hidden inert className="pointer-events-none h-full min-h-screen blur-sm select-none">
        {preview}
      </div>
      <div className="absolute inset-0 flex items-center justify-center bg-white/20">
        {dismissed && !open ? (
          <div className="flex flex-col items-center gap-3 rounded-2xl bg-white/90 px-8 py-6 text-center shadow-xl ring-1 ring-slate-900/5">
            <p className="text-base font-semibold text-slate-900">Sign up to start creating</p>
            <p className="max-w-xs text-sm text-slate-500">Create a free account to build campaigns for your products.</p>
            <Button onClick={() => setOpen(true)}>
              <LogIn className="h-4 w-4" aria-hidden /> Sign up or sign in
            </Button>
          </div>
        ) : null}
      </div>
      <AuthModal open={open} onOpenChange={changeOpen} initialMode={signinRequested ? 'signin' : 'signup'} />
    </div>
  );
}
