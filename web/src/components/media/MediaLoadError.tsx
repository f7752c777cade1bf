import { AlertTriangle, RotateCw } from 'lucide-react';
import { cn } from '@/lib/cn';
import { MEDIA_MESSAGES, type MediaType } from './mediaLoad';

export interface MediaLoadErrorProps {
  type: MediaType;
  canRetry: boolean;
  onRetry: () => void;
  /** Light text for the dark viewer. */
  tone?: 'light' | 'dark';
  className?: string;
}

/** "{Type} failed to load" with Retry while retries remain, then "Max retries reached". */
export function MediaLoadError({ type, canRetry, onRetry, tone = 'dark', className }: MediaLoadErrorProps) {
  const light = tone === 'light';
  return (
    <div className={cn('flex flex-col items-center justify-center gap-2 p-3 text-center', className)}>
      <AlertTriangle aria-hidden className={cn('h-5 w-5', light ? 'text-amber-300' : 'text-amber-500')} />
      <p className={cn('text-sm font-medium', light ? 'text-slate-100' : 'text-slate-700')}>{MEDIA_MESSAGES.failedToLoad(type)}</p>
      {canRetry ? (
        <button
          type="button"
          onClick={onRetry}
          className={cn(
            'inline-flex h-8 items-center gap-1.5 rounded-lg px-3 text-sm font-medium shadow-sm transition-colors',
            light ? 'bg-white/15 text-white hover:bg-white/25' : 'bg-white text-slate-800 ring-1 ring-slate-200 ring-inset hover:bg-slate-50',
          )}
        >
          <RotateCw aria-hidden className="h-3.5 w-3.5" /> Retry
        </button>
      ) : (
        <p className={cn('text-xs', light ? 'text-slate-300' : 'text-slate-500')}>{MEDIA_MESSAGES.maxRetries}</p>
      )}
    </div>
  );
}
