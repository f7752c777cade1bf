import { LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { SiteHeader } from '@/app/SiteHeader';
import type { User } from '@/api/types';
import { Spinner } from '@/components/ui/Spinner';
import { useMe } from '@/features/auth';
import { cn } from '@/lib/cn';

export interface SignedInPageProps {
  /** The page for a signed-in user. */
  children: (user: User) => ReactNode;
  /** What a visitor sees instead. */
  signedOut: ReactNode;
  /** Wraps the content below the header (a page's main column and heading). */
  frame?: (content: ReactNode) => ReactNode;
  /** The spinner's area while the user is read. */
  loadingClassName?: string;
}

/** A site page under the header that only a signed-in user sees: a spinner while the user is read, else the visitor's offer. */
export function SignedInPage({ children, signedOut, frame = (content) => content, loadingClassName = 'min-h-[40vh]' }: SignedInPageProps) {
  const me = useMe();
  const content = me.isPending ? (
    <div className={cn('flex items-center justify-center text-slate-600', loadingClassName)}>
      <Spinner className="text-brand-600" label="Loading..." />
    </div>
  ) : me.data ? (
    children(me.data)
  ) : (
    signedOut
  );
  return (
    <div className="min-h-screen bg-slate-50">
      <SiteHeader />
      {frame(content)}
    </div>
  );
}

/** The visitor's Sign in button, back to `next` afterwards. */
export function SignInLink({ next, className }: { next: string; className?: string }) {
  return (
    <a
      href={`/api/auth/login?next=${next}`}
      className={cn('inline-flex h-10 items-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-medium text-white transition hover:bg-brand-700', className)}
    >
      <LogIn className="h-4 w-4" aria-hidden /> Sign in
    </a>
  );
}
