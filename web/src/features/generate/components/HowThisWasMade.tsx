import { useQueryClient } from '@tanstack/react-query';
import { RotateCcw, Shuffle } from 'lucide-react';
import { useId } from 'react';
import type { MediaAsset } from '@/api/types';
import { Button } from '@/components/ui/Button';
import { aspectRatioLabel } from '../logic/aspectRatio';
import { choiceLabel } from '../logic/options';
import { isInProgress, useGenerationRun } from '../state/generationStore';
import { fillPanelWithBrief, makeVariations, recipeOf, RECALL_VARIATIONS, variationsRequest, type Recipe } from '../state/recall';

export interface HowThisWasMadeProps {
  asset: MediaAsset;
  projectId: string;
  sceneId: string;
}

const ENGINE_LABEL: Record<string, string> = { studio: 'Studio engine (your product’s own pixels)', hosted: 'Hosted image model' };
const KIND_LABEL: Record<Recipe['kind'], string> = { template: 'Template', recommendation: 'AI Assistant', image: 'Brief' };

function cutoutLabel(cutout: NonNullable<Recipe['cutout']>): string {
  if (cutout.source === 'seller') return 'Adjusted by you';
  return cutout.confidence === null ? 'Automatic' : `Automatic, ${Math.round(cutout.confidence * 100)} % sure`;
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The brief, settings, engine and seed that made an image, with what to do with them again. */
export function HowThisWasMade({ asset, projectId, sceneId }: HowThisWasMadeProps) {
  const client = useQueryClient();
  const headingId = useId();
  const run = useGenerationRun();
  const recipe = recipeOf(asset);
  if (!recipe) return null;
  const busy = isInProgress(run);
  const canVary = variationsRequest(recipe, { projectId, sceneId }) !== null;
  const style = recipe.style
    ? [recipe.style.environment, recipe.style.color_palette, recipe.style.lighting, recipe.style.composition]
        .map(choiceLabel)
        .filter((label): label is string => label !== null)
    : [];
  const rows: [string, string][] = [
    ['Made with', KIND_LABEL[recipe.kind]],
    ...(recipe.templateName ? [['Template', recipe.templateName] as [string, string]] : []),
    ...(style.length > 0 ? [['Style', style.join(' · ')] as [string, string]] : []),
    ['Shape', aspectRatioLabel(recipe.aspectRatio)],
    ...(recipe.quality ? [['Quality', capitalised(recipe.quality)] as [string, string]] : []),
    ...(recipe.engine ? [['Engine', ENGINE_LABEL[recipe.engine] ?? recipe.engine] as [string, string]] : []),
    ...(recipe.seed ? [['Seed', recipe.seed] as [string, string]] : []),
    ...(recipe.cutout ? [['Cutout', cutoutLabel(recipe.cutout)] as [string, string]] : []),
    ...(recipe.variation !== null && recipe.variation > 1 ? [['Variation', `No. ${recipe.variation} of its set`] as [string, string]] : []),
  ];

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="how-this-was-made">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        How this was made
      </h3>
      <figure className="m-0">
        <figcaption className="text-xs font-medium tracking-wide text-slate-500 uppercase">Brief</figcaption>
        <blockquote className="mt-1 text-sm leading-relaxed whitespace-pre-line text-slate-700" data-testid="recalled-brief">
          {recipe.brief || <span className="text-slate-500">No brief: made from the product photo and the choices below.</span>}
        </blockquote>
      </figure>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-500">{term}</dt>
            <dd className="min-w-0 break-words text-slate-800 tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={() => fillPanelWithBrief(recipe)}>
          <RotateCcw className="h-4 w-4" aria-hidden /> Use this brief again
        </Button>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy || !canVary}
          title={busy ? 'A generation is already running' : `Make ${RECALL_VARIATIONS} new variations of this recipe (${RECALL_VARIATIONS} credits)`}
          onClick={() => makeVariations(recipe, { projectId, sceneId }, client)}
        >
          <Shuffle className="h-4 w-4" aria-hidden /> Make variations
        </Button>
      </div>
    </section>
  );
}
