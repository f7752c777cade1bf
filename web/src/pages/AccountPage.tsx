import { LogOut, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { User } from '@/api/types';
import { Button } from '@/components/ui/Button';
import { SecurityPanel } from '@/features/account-security';
import { useSignout } from '@/features/auth';
import { SubscriptionPanel } from '@/features/commerce';
import { ShareLinksPanel } from '@/features/storyboard';
import { SignedInPage, SignInLink } from './SignedInPage';

/** /account: profile, subscription, password and sessions, and sign out. */
export function AccountPage() {
  return (
    <SignedInPage
      frame={(content) => (
        <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-14">
          <h1 className="mb-6 text-3xl font-semibold tracking-tight text-slate-900">Account Settings</h1>
          {content}
        </main>
      )}
      signedOut={
        <div className="rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
          <h2 className="text-xl font-semibold text-slate-900">Sign in to manage your account</h2>
          <SignInLink next="/account" className="mt-6" />
        </div>
      }
    >
      {(user) => <Account user={user} />}
    </SignedInPage>
  );
}

function displayName(user: User): string {
  return [user.given_name, user.family_name].filter(Boolean).join(' ') || user.email;
}

function Account({ user }: { user: User }) {
  const signout = useSignout();
  const navigate = useNavigate();
  const name = displayName(user);
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="profile-heading" className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h2 id="profile-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
          <UserRound className="h-5 w-5 text-brand-600" aria-hidden /> Profile
        </h2>
        <div className="mt-4 flex items-center gap-4">
          {user.picture ? (
            <img src={user.picture} alt="" className="h-14 w-14 rounded-full object-cover ring-1 ring-slate-200" referrerPolicy="no-referrer" />
          ) : (
            <span aria-hidden className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-600 text-xl font-semibold text-white">
              {name.charAt(0).toUpperCase()}
            </span>
          )}
          <div className="min-w-0">
            <p className="truncate text-base font-medium text-slate-900">{name}</p>
            <p className="truncate text-sm text-slate-500">{user.email}</p>
          </div>
        </div>
      </section>
      <SubscriptionPanel />
      <SecurityPanel />
      <ShareLinksPanel />
      <div className="flex justify-end">
        <Button
          variant="secondary"
          disabled={signout.isPending}
          onClick={() => signout.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) })}
        >
          <LogOut className="h-4 w-4" aria-hidden /> Sign out
        </Button>
      </div>
    </div>
  );
}
