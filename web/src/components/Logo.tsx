import { Link } from 'react-router';
import { cn } from '@/lib/cn';

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden className={cn('h-8 w-8 shrink-0', className)}>
      <defs>
        <linearGradient id="logo-gradient" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill="url(#logo-gradient)" />
      <path d="M9 21.5 14 10l3 7 2-3.5 4 8" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The product logo; links to the home page. */
export function Logo({ dark = false, compact = false, className }: { dark?: boolean; compact?: boolean; className?: string }) {
  return (
    <Link to="/" aria-label="Campaign Studio home" className={cn('inline-flex items-center gap-2.5 rounded-lg', className)}>
      <LogoMark />
      {compact ? null : (
        <span className={cn('text-[15px] font-semibold tracking-tight', dark ? 'text-white' : 'text-slate-900')}>
          Campaign<span className={dark ? 'text-brand-300' : 'text-brand-600'}> Studio</span>
        </span>
      )}
    </Link>
  );
}
