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

/** Top bar of the simple pages. */
export function SiteHeader() {
  const me = useMe();
  return (
    <header className="sticky top-0 z-30 bg-ink-950 text-white">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-4 px-4 sm:px-6">
        <Logo dark />
        <nav aria-label="Main" className="ml-2 hidden items-center gap-1 sm:flex">
          {links.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn('rounded-lg px-3 py-1.5 text-sm font-medium transition', isActive ? 'bg-white/10 text-white' : 'text-slate-300 hover:text-white')
              }
            >
              {link.label}
            </NavLink>
          ))}
        </nav>
        <div className="flex-1" />
        {me.data ? (
          <CreditBadge />
        ) : (
          <NavLink to="/create" className="rounded-lg bg-white px-3 py-1.5 text-sm font-semibold text-ink-950 transition hover:bg-slate-200">
            Get started
          </NavLink>
        )}
      </div>
    </header>
  );
}
