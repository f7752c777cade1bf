import { ImageOff, Sparkles, Star } from 'lucide-react';
import { cn } from '@/lib/cn';
import { cssAspectRatioOf, type AspectRatio } from '../logic/aspectRatio';
import type { GenerationRun } from '../state/generationStore';
import { ResultCard } from './ResultCard';

/** Keeps the whole set in view: the taller the pictures, the narrower the grid. */
const gridWidth: Record<AspectRatio, string> = { '2:3': 'max-w-sm', '1:1': 'max-w-md', '3:2': 'max-w-xl' };

export interface VariationGridProps {
  /** This scene's run of more than one variation. */
  run: GenerationRun;
  /** The seller chose this picture of the set as the campaign's cover. */
  onChoose: (assetId: string) => void;
  onDismiss: () => void;
}

/** A set of variations as a choice grid: each picture as it finishes; the one chosen becomes the cover. */
export function VariationGrid({ run, onChoose, onDismiss }: VariationGridProps) {
  const count = run.slots.length || run.variations;
  const finished = run.phase === 'completed';
  const slots = run.slots.length > 0 ? run.slots : Array.from({ length: count }, () => null);
  return (
    <ResultCard
      done={finished}
      title={finished ? 'Choose your favourite' : `Creating ${count} variations…`}
      templateName={run.templateName}
      onDismiss={onDismiss}
      data-testid="variation-grid"
    >
      <ul className={cn('mx-auto grid w-full grid-cols-2 gap-2 @md:gap-3', gridWidth[run.aspectRatio])}>
        {slots.map((slot, index) => {
          const label = `Variation ${index + 1}`;
          const assetId = slot?.result?.assetId ?? null;
          const chosen = assetId !== null && assetId === run.chosenAssetId;
          return (
            <li
              key={slot?.jobId ?? index}
              className="relative overflow-hidden rounded-xl bg-slate-100 ring-1 ring-slate-900/5"
              style={{ aspectRatio: cssAspectRatioOf(run.aspectRatio) }}
            >
              {slot?.phase === 'completed' && slot.result && assetId ? (
                <button
                  type="button"
                  onClick={() => onChoose(assetId)}
                  aria-pressed={chosen}
                  aria-label={chosen ? `${label}, the campaign's cover` : `Choose ${label.toLowerCase()} as the cover`}
                  className={cn(
                    'group absolute inset-0 block h-full w-full focus-visible:outline-none',
                    chosen ? 'ring-4 ring-brand-500 ring-inset' : 'hover:opacity-95 focus-visible:ring-4 focus-visible:ring-brand-300 focus-visible:ring-inset',
                  )}
                >
                  <img src={slot.result.thumbnailUrl ?? slot.result.url} alt={label} decoding="async" className="h-full w-full object-cover" />
                  <span
                    className={cn(
                      'absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold shadow-sm',
                      chosen
                        ? 'bg-brand-600 text-white'
                        : 'bg-white/90 text-slate-700 opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100',
                    )}
                  >
                    <Star className={cn('h-3 w-3', chosen && 'fill-current')} aria-hidden />
                    {chosen ? 'Cover' : 'Use as cover'}
                  </span>
                </button>
              ) : slot?.phase === 'failed' ? (
                <span
                  role="img"
                  aria-label={`${label} failed`}
                  className="absolute inset-0 flex flex-col items-center justify-center gap-1.5 p-2 text-center text-slate-400"
                >
                  <ImageOff className="h-5 w-5" aria-hidden />
                  <span className="text-xs">This one failed; its credit was refunded</span>
                </span>
              ) : (
                <span
                  aria-label={`${label}, being created`}
                  role="img"
                  className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-brand-50 via-white to-pink-50"
                >
                  <span aria-hidden className="absolute inset-0 animate-pulse bg-gradient-to-tr from-transparent via-white/60 to-transparent" />
                  <Sparkles className="relative h-5 w-5 text-brand-400" aria-hidden />
                </span>
              )}
            </li>
          );
        })}
      </ul>
      <p className="mt-3 text-center text-xs text-slate-500">
        {run.chosenAssetId
          ? 'Set as the campaign’s cover. The others stay in the campaign.'
          : 'Choose one to make it the campaign’s cover; the others stay in the campaign.'}
      </p>
    </ResultCard>
  );
}
