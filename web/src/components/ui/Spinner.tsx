import { cn } from '@/lib/cn';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <span role="status" className={cn('inline-flex items-center gap-2', className)}>
      <span aria-hidden className="h-5 w-5 animate-spin rounded-full border-2 border-current border-t-transparent opacity-80" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading</span>}
    </span>
  );
}

export function FullPageSpinner({ label = 'Loading...' }: { label?: string }) {
  return (
    <div className="flex h-full min-h-screen items-center justify-center bg-slate-50 text-slate-600">
      <Spinner className="text-brand-600" label={label} />
    </div>
  );
}
