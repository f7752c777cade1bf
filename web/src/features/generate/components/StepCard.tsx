import { Check } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface StepCardProps {
  step: number;
  title: string;
  /** The step has what Generate needs from it. */
  done?: boolean;
  /** Shown at the right of the title (e.g. the current choice). */
  aside?: ReactNode;
  /** Drop the body padding (for a slot that brings its own). */
  flush?: boolean;
  children: ReactNode;
}

/** One numbered step of the panel: a card with a number badge and a title. */
export function StepCard({ step, title, done = false, aside, flush = false, children }: StepCardProps) {
  const headingId = useId();
  return (
    <li>
      <section
        aria-labelledby={headingId}
        className="overflow-hidden rounded-2xl bg-white shadow-xs ring-1 ring-slate-200/80"
        data-testid={`generate-step-${step}`}
      >
        <header className="flex items-center gap-3 px-4 pt-3.5 pb-2.5">
          <span
            aria-hidden
            className={cn(
              'flex h-6 w-6 shrink-0 items-center justify-center rounded-full text-xs font-bold tabular-nums transition-colors',
              done ? 'bg-emerald-500 text-white' : 'bg-brand-600 text-white shadow-sm shadow-brand-600/30',
            )}
          >
            {done ? <Check className="h-3.5 w-3.5" strokeWidth={3} /> : step}
          </span>
          <h3 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">
            <span className="sr-only">{`Step ${step}: `}</span>
            <span>{title}</span>
            {done ? <span className="sr-only"> (done)</span> : null}
          </h3>
          {aside ? <div className="min-w-0 shrink truncate text-xs text-slate-500">{aside}</div> : null}
        </header>
        <div className={cn(!flush && 'px-4 pb-4')}>{children}</div>
      </section>
    </li>
  );
}
