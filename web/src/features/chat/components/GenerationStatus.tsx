import { AlertTriangle, CircleSlash, Loader2, PencilLine, RotateCw } from 'lucide-react';
import { CancelJobButton } from '@/components/jobs/CancelJobButton';
import { Button } from '@/components/ui/Button';
import { useJobProgress } from '@/lib/events';
import { useJobCancelled } from '@/lib/jobs/cancelledJobs';
import { videoRetryState } from '../logic/errors';
import { generationLabel, type GenerationView } from '../logic/thread';

export interface GenerationStatusProps {
  view: GenerationView;
  /** Failed videos: retries already used on this message. */
  retriesUsed: number;
  onRetryVideo: () => void;
  onEditPrompt: () => void;
}

/** A message's running or failed generation: a live progress bar, or what went wrong and what to do. */
export function GenerationStatus({ view, retriesUsed, onRetryVideo, onEditPrompt }: GenerationStatusProps) {
  const cancelled = useJobCancelled(view.jobId);
  if (view.state === 'generating') return <GeneratingBar kind={view.kind} jobId={view.jobId} />;
  if (cancelled) {
    return (
      <p className="flex items-start gap-2 rounded-xl bg-slate-50 px-3 py-2 text-sm text-slate-600 ring-1 ring-slate-200" data-testid="generation-cancelled">
        <CircleSlash className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{view.error ?? 'You cancelled this generation.'}</span>
      </p>
    );
  }
  if (view.kind !== 'video') {
    return (
      <p role="alert" className="flex items-start gap-2 rounded-xl bg-rose-50 px-3 py-2 text-sm text-rose-700 ring-1 ring-rose-200">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{view.error ? `Generation failed: ${view.error}` : 'Generation failed.'}</span>
      </p>
    );
  }
  const retry = videoRetryState(retriesUsed);
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-xl bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200">
      <p className="flex items-start gap-2">
        <AlertTriangle className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
        <span>{retry.message}</span>
      </p>
      <div className="flex flex-wrap gap-2 pl-6">
        {retry.canRetry && retry.retryLabel ? (
          <Button size="sm" variant="secondary" onClick={onRetryVideo}>
            <RotateCw className="h-3.5 w-3.5" aria-hidden />
            {retry.retryLabel}
          </Button>
        ) : (
          <Button size="sm" variant="secondary" onClick={onEditPrompt}>
            <PencilLine className="h-3.5 w-3.5" aria-hidden />
            Edit Prompt
          </Button>
        )}
      </div>
    </div>
  );
}

function GeneratingBar({ kind, jobId }: { kind: GenerationView['kind']; jobId: string | null }) {
  const progress = useJobProgress(jobId);
  const percent = progress?.progress ?? null;
  const label = generationLabel(kind, percent, progress?.stage);
  return (
    <div className="flex w-full max-w-sm flex-col gap-1.5 rounded-xl bg-brand-50/70 px-3 py-2.5 ring-1 ring-brand-100" data-testid="generation-progress">
      <p className="flex items-start gap-2 text-sm font-medium text-brand-700">
        <Loader2 className="mt-0.5 h-4 w-4 shrink-0 animate-spin" aria-hidden />
        {/* The percentage changes often: screen readers get it from the progress bar, not as chatter in the log.
            It wraps rather than being cut: the stage is the part that says what is happening. */}
        <span className="min-w-0 flex-1 break-words" aria-hidden data-testid="generation-progress-text">
          {label}
        </span>
        <span className="sr-only">{generationLabel(kind, null, null)}</span>
        {jobId ? (
          <span className="shrink-0">
            <CancelJobButton jobId={jobId} />
          </span>
        ) : null}
      </p>
      <div
        role="progressbar"
        aria-label={`Generating ${kind === 'audio' ? 'music' : kind}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        className="h-1.5 w-full overflow-hidden rounded-full bg-brand-100"
      >
        {percent === null ? (
          <div className="h-full w-1/3 animate-pulse rounded-full bg-brand-400" />
        ) : (
          <div className="h-full rounded-full bg-brand-500 transition-[width] duration-500" style={{ width: `${Math.max(4, percent)}%` }} />
        )}
      </div>
    </div>
  );
}
