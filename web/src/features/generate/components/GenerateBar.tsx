import { CircleAlert, Clock, Coins, Loader2, WandSparkles } from 'lucide-react';
import { useId } from 'react';
import { CancelJobButton } from '@/components/jobs/CancelJobButton';
import { cn } from '@/lib/cn';
import { COST_LABEL } from '../logic/messages';
import { progressPercent, stageLabel } from '../logic/progress';
import { blockerMessage, type Blocker } from '../logic/readiness';
import { DismissButton } from './DismissButton';

export interface GenerateBarProps {
  /** e.g. `about 2 seconds`, or `1-2 minutes` without history. */
  estimate: string;
  blocker: Blocker | null;
  /** Why the balance cannot pay for a generation ("Needs 1 credit — you have 0"), or null. */
  shortfall?: string | null;
  /** This scene's generation, while it runs. */
  running: { phase: 'starting' | 'running'; jobId: string | null; progress: number | null; stage: string | null; status: string | null } | null;
  /** This scene's last generation failed with this text. */
  error: string | null;
  onGenerate: () => void;
  onDismissError: () => void;
  /** What one click costs, when it is not one credit (a set of variations). */
  costLabel?: string;
}

/** The panel's footer: live progress, the last error, and the Generate button with its cost and time. */
export function GenerateBar({ estimate, blocker, shortfall = null, running, error, onGenerate, onDismissError, costLabel = COST_LABEL }: GenerateBarProps) {
  const metaId = useId();
  const reasonId = useId();
  // Not being able to pay is the dead end to name first: choosing a template would not help.
  const reason = (running ? null : shortfall) ?? blockerMessage(blocker);
  const disabled = blocker !== null || shortfall !== null;

  return (
    <div className="border-t border-slate-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex max-w-2xl flex-col gap-2.5">
        {running ? <Progress {...running} /> : null}
        {error && !running ? (
          <div
            role="alert"
            className="flex items-start gap-2 rounded-xl bg-rose-50 px-3 py-2.5 text-sm text-rose-700 ring-1 ring-rose-200"
            data-testid="generate-error"
          >
            <CircleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">{error}</p>
            <DismissButton label="Dismiss error" onClick={onDismissError} tone="error" />
          </div>
        ) : null}
        <div className="flex flex-col gap-2 @md:flex-row @md:items-center @md:gap-4">
          <button
            type="button"
            onClick={onGenerate}
            disabled={disabled}
            title={shortfall ?? undefined}
            aria-describedby={reason ? `${reasonId} ${metaId}` : metaId}
            aria-keyshortcuts="Control+Enter Meta+Enter"
            className={cn(
              'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl px-6 text-base font-semibold text-white transition @md:order-2 @md:w-auto @md:min-w-48',
              'bg-gradient-to-r from-brand-600 to-pink-500 shadow-lg shadow-brand-600/25 hover:from-brand-700 hover:to-pink-600 active:scale-[0.99]',
              'disabled:cursor-not-allowed disabled:shadow-none',
              running ? 'disabled:from-brand-400 disabled:to-pink-400' : 'disabled:from-slate-300 disabled:to-slate-300',
            )}
          >
            {running ? <Loader2 className="h-5 w-5 animate-spin" aria-hidden /> : <WandSparkles className="h-5 w-5" aria-hidden />}
            {running ? 'Generating…' : 'Generate'}
          </button>
          <p id={metaId} className="flex items-center justify-center gap-3 text-xs text-slate-600 @md:order-1 @md:flex-1 @md:justify-start">
            <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 font-semibold text-amber-800 ring-1 ring-amber-200">
              <Coins className="h-3.5 w-3.5" aria-hidden />
              {costLabel}
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="h-3.5 w-3.5 text-slate-400" aria-hidden />
              <span className="sr-only">Estimated time: </span>
              {estimate}
            </span>
          </p>
        </div>
        <p id={reasonId} aria-live="polite" className="min-h-4 text-center text-xs text-slate-500 @md:text-right" data-testid="generate-reason">
          {reason}
        </p>
      </div>
    </div>
  );
}

function Progress({ phase, jobId, progress, stage, status }: NonNullable<GenerateBarProps['running']>) {
  const percent = phase === 'running' ? progressPercent(progress) : null;
  const label = phase === 'starting' ? 'Starting' : stageLabel(stage, status);
  return (
    <div className="flex flex-col gap-1.5" data-testid="generate-progress">
      <div className="flex items-start justify-between gap-3 text-xs">
        <span className="flex min-w-0 items-start gap-1.5 font-medium text-slate-700">
          <Loader2 className="mt-px h-3.5 w-3.5 shrink-0 animate-spin text-brand-600" aria-hidden />
          <span className="break-words">{label}…</span>
        </span>
        <span className="flex shrink-0 items-center gap-2">
          <span className="font-semibold text-brand-700 tabular-nums">{percent !== null ? `${percent}%` : ''}</span>
          {jobId ? <CancelJobButton jobId={jobId} /> : null}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={percent !== null ? `${percent}% · ${label}` : label}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        {percent !== null ? (
          <div
            className="h-full rounded-full bg-gradient-to-r from-brand-500 to-pink-500 transition-[width] duration-500 ease-out"
            style={{ width: `${Math.max(percent, 3)}%` }}
          />
        ) : (
          <div className="h-full w-full animate-pulse rounded-full bg-gradient-to-r from-brand-200 via-brand-400 to-pink-300" />
        )}
      </div>
    </div>
  );
}
