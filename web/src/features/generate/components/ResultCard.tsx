import { CircleCheck, Sparkles } from 'lucide-react';
import { useId, type ReactNode, type Ref } from 'react';
import { cn } from '@/lib/cn';
import { DismissButton } from './DismissButton';

interface ResultHeaderProps {
  headingId: string;
  /** The run ended: a tick and Dismiss instead of the working sparkle. */
  done: boolean;
  title: string;
  templateName?: string | null;
  onDismiss: () => void;
}

/** The heading of a run's result card: its state, its title, the template it used, and Dismiss once done. */
function ResultHeader({ headingId, done, title, templateName, onDismiss }: ResultHeaderProps) {
  return (
    <header className="mb-3 flex items-center gap-2">
      {done ? (
        <CircleCheck className="h-4 w-4 shrink-0 text-emerald-500" aria-hidden />
      ) : (
        <Sparkles className="h-4 w-4 shrink-0 animate-pulse text-brand-500" aria-hidden />
      )}
      <h3 id={headingId} className="min-w-0 flex-1 truncate text-sm font-semibold text-slate-900">
        {title}
      </h3>
      {templateName ? <span className="truncate rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600">{templateName}</span> : null}
      {done ? <DismissButton label="Dismiss result" onClick={onDismiss} tone="neutral" /> : null}
    </header>
  );
}

export interface ResultCardProps extends Omit<ResultHeaderProps, 'headingId'> {
  children: ReactNode;
  ref?: Ref<HTMLElement>;
  className?: string;
  'data-testid': string;
}

/** A run's result card in the Generate panel: its header, then what the run made; busy until done. */
export function ResultCard({ children, ref, className, done, title, templateName, onDismiss, ...rest }: ResultCardProps) {
  const headingId = useId();
  return (
    <section
      ref={ref}
      aria-labelledby={headingId}
      aria-busy={!done}
      className={cn('rounded-2xl bg-white p-4 shadow-xs ring-1 ring-slate-200/80', className)}
      data-testid={rest['data-testid']}
    >
      <ResultHeader headingId={headingId} done={done} title={title} templateName={templateName} onDismiss={onDismiss} />
      {children}
    </section>
  );
}
