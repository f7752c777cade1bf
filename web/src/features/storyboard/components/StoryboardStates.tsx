import { AlertTriangle, Plus, RefreshCw, Sparkles } from 'lucide-react';
import type { CSSProperties } from 'react';
import { Button } from '@/components/ui/Button';

/** Card-shaped placeholders in the same grid as the cards, so nothing jumps when they arrive. */
export function LoadingState({ minWidth }: { minWidth: number }) {
  return (
    <div role="status" aria-live="polite" data-testid="storyboard-loading">
      <span className="sr-only">Loading storyboard...</span>
      <ul
        aria-hidden
        style={{ '--card-w': `${minWidth}px` } as CSSProperties}
        className="grid grid-cols-[repeat(auto-fill,minmax(min(var(--card-min),100%),1fr))] gap-4 [--card-min:var(--card-w)] @lg:gap-5 @max-xl:[--card-min:calc(var(--card-w)*0.5)]"
      >
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
            <div className="aspect-square max-h-[560px] w-full animate-pulse bg-slate-100" />
            <div className="space-y-2 px-3.5 py-3">
              <div className="h-3.5 w-2/5 animate-pulse rounded bg-slate-200" />
              <div className="h-3 w-3/5 animate-pulse rounded bg-slate-100" />
              <div className="flex gap-1.5">
                <div className="h-4 w-12 animate-pulse rounded bg-slate-100" />
                <div className="h-4 w-10 animate-pulse rounded bg-slate-100" />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function NoProject() {
  return (
    <div className="flex h-full min-h-64 flex-col items-center justify-center text-center">
      <p className="text-base font-semibold text-slate-800">No project selected</p>
      <p className="mt-1 max-w-sm text-sm text-slate-500">Create a project from the project menu to start building campaigns.</p>
    </div>
  );
}

export function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="flex h-full min-h-72 flex-col items-center justify-center px-4 text-center">
      <div className="flex h-16 w-16 items-center justify-center rounded-2xl bg-white text-brand-600 shadow-sm ring-1 ring-slate-200">
        <Sparkles className="h-7 w-7" aria-hidden />
      </div>
      <h2 className="mt-5 text-xl font-semibold tracking-tight text-slate-900">Start Creating</h2>
      <p className="mt-2 max-w-sm text-sm text-slate-500">
        Campaigns collect the images, videos and music you make for one idea. Create your first one to begin.
      </p>
      <Button className="mt-6" onClick={onCreate}>
        <Plus className="h-4 w-4" aria-hidden /> Create New Campaign
      </Button>
    </div>
  );
}

/** Error loading storyboard, with what to try; Retry reloads the page. */
export function ErrorState({ onRetry = () => window.location.reload() }: { onRetry?: () => void }) {
  return (
    <div className="flex h-full min-h-72 items-center justify-center">
      <div role="alert" className="w-full max-w-md rounded-2xl bg-white p-6 shadow-sm ring-1 ring-rose-200">
        <div className="flex items-center gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-rose-50 text-rose-600">
            <AlertTriangle className="h-5 w-5" aria-hidden />
          </span>
          <h2 className="text-lg font-semibold text-slate-900">Error loading storyboard</h2>
        </div>
        <p className="mt-3 text-sm text-slate-600">We couldn't load this project's campaigns. You can try:</p>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-600">
          <li>Checking your internet connection</li>
          <li>Signing out and back in if your session expired</li>
          <li>Selecting another project, then coming back</li>
        </ul>
        <Button className="mt-5" variant="secondary" onClick={onRetry}>
          <RefreshCw className="h-4 w-4" aria-hidden /> Retry
        </Button>
      </div>
    </div>
  );
}
