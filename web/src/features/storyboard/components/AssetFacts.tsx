import { Coins, Star } from 'lucide-react';
import type { MediaAsset } from '@/api/types';
import { Button } from '@/components/ui/Button';
import { useImageEngines } from '@/api/providers';
import { rememberEngine, sceneByLine, useRememberedEngine } from '@/lib/imageEngine';
import { assetChips } from '../logic/chips';
import { assetCredits, creditsLabel } from '../logic/storyboard';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatDate(iso: string): string | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : dateFormat.format(date);
}

interface AssetFactsProps {
  asset: MediaAsset;
  index: number;
  count: number;
  isCover: boolean;
  /** The brief is shown here unless the recipe section beside it shows it. */
  showPrompt: boolean;
}

/** What is known of the asset shown: its place, cost and date, its details, who drew the scene, and notes on its cutout. */
export function AssetFacts({ asset, index, count, isCover, showPrompt }: AssetFactsProps) {
  const engines = useImageEngines();
  const [rememberedEngine] = useRememberedEngine();
  const chips = assetChips(asset);
  const created = formatDate(asset.created_at);
  const prompt = asset.file_metadata?.prompt?.trim();
  const sceneBy = asset.file_type === 'image' ? sceneByLine(asset.file_metadata) : null;
  const notes =
    asset.file_type === 'image'
      ? [asset.file_metadata?.stand_in_product, asset.file_metadata?.cutout_warning].filter((note): note is string => Boolean(note))
      : [];
  const offerRedraw = Boolean(asset.file_metadata?.cutout_warning) && engines.includes('hosted');

  return (
    <div className="flex flex-col gap-2 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-600">
        <span className="font-medium text-slate-900 tabular-nums" aria-live="polite">
          Asset {index + 1} of {count}
        </span>
        {isCover ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-700 ring-1 ring-amber-200">
            <Star className="h-3 w-3 fill-current" aria-hidden /> Cover
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1 text-xs text-slate-500">
          <Coins className="h-3 w-3 text-amber-500" aria-hidden /> {creditsLabel(assetCredits(asset))}
        </span>
        {created ? <span className="text-xs text-slate-500">{created}</span> : null}
      </p>
      {chips.length > 0 ? (
        <ul aria-label="Asset details" className="flex flex-wrap gap-1.5">
          {chips.map((chip) => (
            <li key={chip.kind} className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600 tabular-nums" title={chip.description}>
              <span className="sr-only">{chip.description}</span>
              <span aria-hidden>{chip.label}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {sceneBy ? (
        <p className="text-xs font-medium text-slate-600" data-testid="scene-by">
          {sceneBy}
        </p>
      ) : null}
      {notes.map((note) => (
        <p key={note} className="rounded-lg bg-amber-50 px-3 py-2 text-xs leading-relaxed text-amber-800 ring-1 ring-amber-100">
          {note}
        </p>
      ))}
      {offerRedraw ? (
        <div>
          <Button variant="secondary" size="sm" onClick={() => rememberEngine('hosted')} disabled={rememberedEngine === 'hosted'}>
            {rememberedEngine === 'hosted' ? 'AI redraw chosen for your next images' : 'Use AI redraw for the next images'}
          </Button>
        </div>
      ) : null}
      {prompt && showPrompt ? <p className="text-sm leading-relaxed whitespace-pre-line text-slate-600">{prompt}</p> : null}
    </div>
  );
}
