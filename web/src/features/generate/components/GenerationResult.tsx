import { Download, ExternalLink, ImageOff, LayoutDashboard, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BROWSER_EVENTS, emitBrowserEvent } from '@/lib/browserEvents';
import { MOBILE_BREAKPOINT } from '@/lib/breakpoints';
import { cn } from '@/lib/cn';
import { useViewportWidth } from '@/lib/useMediaQuery';
import { cssAspectRatioOf, type AspectRatio } from '../logic/aspectRatio';
import type { GenerationRun } from '../state/generationStore';
import { ResultCard } from './ResultCard';

/** Keeps tall images from filling the whole column: the wider the ratio, the wider the frame. */
const frameWidth: Record<AspectRatio, string> = { '2:3': 'max-w-[17rem]', '1:1': 'max-w-xs', '3:2': 'max-w-md' };

export interface GenerationResultProps {
  /** This scene's run, while it runs or once it completed. */
  run: GenerationRun;
  onDismiss: () => void;
  /** The "Ad" step, shown under the finished image. */
  adStep?: ReactNode;
}

/** Where the image lands: a placeholder of its exact shape while generating, then the image and what to do with it. */
export function GenerationResult({ run, onDismiss, adStep }: GenerationResultProps) {
  const ref = useRef<HTMLElement>(null);
  const completed = run.phase === 'completed' && run.result !== null;
  const desktop = useViewportWidth() >= MOBILE_BREAKPOINT;

  useEffect(() => {
    const reduced = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ block: 'nearest', behavior: reduced ? 'auto' : 'smooth' });
  }, [run.id, completed]);

  const alt = run.templateName || 'Generated image';

  return (
    <ResultCard
      ref={ref}
      done={completed}
      title={completed ? 'Your new image' : 'Creating your image…'}
      templateName={run.templateName}
      onDismiss={onDismiss}
      className="scroll-mb-4"
      data-testid="generate-result"
    >
      <div
        className={cn('relative mx-auto w-full overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-900/5', frameWidth[run.aspectRatio])}
        style={{ aspectRatio: cssAspectRatioOf(run.aspectRatio) }}
      >
        {completed && run.result ? (
          <ResultImage key={run.result.url} src={run.result.url} alt={alt} />
        ) : (
          <div className="absolute inset-0 flex flex-col items-center justify-center gap-2 bg-gradient-to-br from-brand-50 via-white to-pink-50 text-center">
            <span aria-hidden className="absolute inset-0 animate-pulse bg-gradient-to-tr from-transparent via-white/60 to-transparent" />
            <span className="relative flex h-11 w-11 items-center justify-center rounded-full bg-white shadow-md">
              <Sparkles className="h-5 w-5 text-brand-500" aria-hidden />
            </span>
            <span className="relative px-4 text-xs font-medium text-slate-500">Your image will appear here</span>
          </div>
        )}
      </div>

      {completed && run.result ? (
        <div className="mt-3 flex flex-col gap-3">
          <p className="flex items-center justify-center gap-1.5 text-center text-xs text-slate-500">
            <LayoutDashboard className="h-3.5 w-3.5 shrink-0" aria-hidden />
            {desktop ? 'Added to this campaign on your storyboard.' : 'Added to this campaign — open Show Storyboard to see it.'}
          </p>
          <div className="flex flex-wrap items-center justify-center gap-2">
            {desktop ? (
              <button
                type="button"
                onClick={() => emitBrowserEvent(BROWSER_EVENTS.highlightScene, { sceneId: run.sceneId })}
                className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-brand-50 px-3 text-xs font-semibold text-brand-700 ring-1 ring-brand-100 transition hover:bg-brand-100"
              >
                <LayoutDashboard className="h-3.5 w-3.5" aria-hidden />
                View on storyboard
              </button>
            ) : null}
            <a
              href={run.result.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-white px-3 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 transition hover:bg-slate-50"
            >
              <ExternalLink className="h-3.5 w-3.5" aria-hidden />
              Open full size
            </a>
            {run.result.assetId ? (
              <a
                href={`/api/media/download/${encodeURIComponent(run.result.assetId)}`}
                download
                className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-white px-3 text-xs font-semibold text-slate-700 ring-1 ring-slate-200 transition hover:bg-slate-50"
              >
                <Download className="h-3.5 w-3.5" aria-hidden />
                Download
              </a>
            ) : null}
          </div>
          {adStep}
        </div>
      ) : null}
    </ResultCard>
  );
}

function ResultImage({ src, alt }: { src: string; alt: string }) {
  const [state, setState] = useState<'loading' | 'ready' | 'broken'>('loading');
  if (state === 'broken') {
    return (
      <span role="img" aria-label={alt} className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 text-slate-400">
        <ImageOff className="h-6 w-6" aria-hidden />
        <span className="text-xs">Preview unavailable</span>
      </span>
    );
  }
  return (
    <>
      {state === 'loading' ? <span aria-hidden className="absolute inset-0 animate-pulse bg-slate-200/70" /> : null}
      <img
        src={src}
        alt={alt}
        decoding="async"
        onLoad={() => setState('ready')}
        onError={() => setState('broken')}
        className={cn('h-full w-full object-cover transition-opacity duration-300', state === 'ready' ? 'opacity-100' : 'opacity-0')}
      />
    </>
  );
}
