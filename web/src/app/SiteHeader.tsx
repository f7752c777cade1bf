import { LayoutGrid } from 'lucide-react';
import { NavLink } from 'react-router';
import { Logo } from '@/components/Logo';
import { cn } from '@/lib/cn';
import { useMe } from '@/features/auth';
import { CreditBadge } from '@/features/credits';

const links = [
  { to: '/create', label: 'Studio' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/transactions', label: 'Transactions' },
  { to: '/account', label: 'Account' },
];

function NavLinks({ className }: { className?: string }) {
  return (
    <nav aria-label="Main" className={cn('items-center gap-1', className)}>
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          className={({ isActive }) =>
            cn(
              'inline-flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap transition',
              isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:text-white',
            )
          }
        >
          {link.to === '/create' ? <LayoutGrid className="h-4 w-4" aria-hidden /> : null}
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

/**
 * Top bar of the simple pages, the same on each: the way back to the studio and to the other pages
 * is always in view. A phone puts the links on a row of their own under the logo and balance.
 */
export function SiteHeader() {
  const me = useMe();
  return (
    <header className="sticky top-0 z-30 bg-ink-950 text-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo dark />
        <NavLinks className="ml-2 hidden sm:flex" />
        <div className="flex-1" />
        {me.data ? (
          <CreditBadge />
        ) : (
          <NavLink to="/create" className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-ink-950 transition hover:bg-slate-200">
            Get started
          </NavLink>
        )}
      </div>
      <NavLinks className="flex overflow-x-auto px-2 pb-2 [scrollbar-width:none] sm:hidden" />
    </header>
  );
}
