import type { QueryClient } from '@tanstack/react-query';
import type { MediaAsset } from '@/api/types';
import { BROWSER_EVENTS, emitBrowserEvent } from '@/lib/browserEvents';
import { isAspectRatio, type AspectRatio } from '../logic/aspectRatio';
import { buildRecommendationRequest, buildTemplateRequest, type Quality } from '../logic/requests';
import { styleFromPreset, type StyleChoices } from '../logic/options';
import type { ImageEngine } from '@/lib/imageEngine';
import { panelChoicesStore } from './panelChoices';
import { runGeneration, type GenerationRequest } from './runGeneration';

/** The style a recalled brief set; kept until the seller changes a choice, whatever preset the scene has. */
export const RECALLED_STYLE_KEY = 'recalled';

/** How many pictures "Make variations" asks for. */
export const RECALL_VARIATIONS = 4;

/** What made an image, as its asset keeps it: enough to fill the Generate panel or make it again. */
export interface Recipe {
  kind: 'template' | 'recommendation' | 'image';
  brief: string;
  templateId: string | null;
  templateName: string | null;
  quality: Quality | null;
  resolution: string | null;
  aspectRatio: AspectRatio;
  style: StyleChoices | null;
  referenceImageIds: string[];
  productImageId: string | null;
  engine: string | null;
  seed: string | null;
  /** 1-based place in its set of variations. */
  variation: number | null;
  /** Which cutout of the product photo the picture used, and how sure it was. */
  cutout: { source: 'auto' | 'seller'; confidence: number | null } | null;
}

type Resolution = '1024x1024' | '1536x1024' | '1024x1536';

function resolution(value: unknown): Resolution | undefined {
  return value === '1024x1024' || value === '1536x1024' || value === '1024x1536' ? value : undefined;
}

const RATIO_OF: Record<string, AspectRatio> = { '1024x1024': '1:1', '1536x1024': '3:2', '1024x1536': '2:3', square: '1:1', landscape: '3:2', portrait: '2:3' };

function quality(value: unknown): Quality | null {
  return value === 'low' || value === 'medium' || value === 'high' ? value : null;
}

/** The recipe of a generated image; null for uploads, edits, videos and music. */
export function recipeOf(asset: MediaAsset): Recipe | null {
  const meta = asset.file_metadata;
  if (asset.file_type !== 'image' || !meta) return null;
  const kind = meta.generation_type;
  if (kind !== 'template' && kind !== 'recommendation' && kind !== 'image') return null;
  const settings = meta.settings ?? null;
  const resolution = settings?.resolution ?? null;
  const ratio = RATIO_OF[resolution ?? ''] ?? RATIO_OF[meta.aspect_ratio ?? ''];
  const guidance = settings?.guidance ?? null;
  return {
    kind,
    brief: meta.prompt?.trim() ?? '',
    templateId: settings?.template_id ?? null,
    templateName: meta.template_name ?? null,
    quality: quality(settings?.quality),
    resolution,
    aspectRatio: ratio && isAspectRatio(ratio) ? ratio : '2:3',
    style: guidance ? styleFromPreset(guidance) : null,
    referenceImageIds: settings?.reference_image_ids ?? [],
    productImageId: settings?.product_image_id ?? null,
    engine: meta.engine ?? null,
    seed: meta.seed ?? null,
    variation: typeof meta.variation === 'number' ? meta.variation + 1 : null,
    cutout: cutoutOf(meta),
  };
}

function cutoutOf(meta: object): Recipe['cutout'] {
  const facts = meta as { cutout_source?: unknown; cutout_confidence?: unknown };
  if (facts.cutout_source !== 'auto' && facts.cutout_source !== 'seller') return null;
  return { source: facts.cutout_source, confidence: typeof facts.cutout_confidence === 'number' ? facts.cutout_confidence : null };
}

function engineOf(recipe: Recipe): ImageEngine | undefined {
  return recipe.engine === 'studio' || recipe.engine === 'hosted' || recipe.engine === 'hosted_exact' ? recipe.engine : undefined;
}

/** Brings the Generate panel to the front (on a phone, in place of the storyboard). */
export function showGeneratePanel(): void {
  emitBrowserEvent(BROWSER_EVENTS.showGenerate, null);
}

/**
 * Fills the Generate panel with the recipe's brief and settings: a template's template, else the
 * assistant mode with the brief as creative direction and the guided choices that were made.
 */
export function fillPanelWithBrief(recipe: Recipe): void {
  panelChoicesStore.update((current) => ({
    ...current,
    aspectRatio: recipe.aspectRatio,
    ...(recipe.kind === 'template' && recipe.templateId
      ? { mode: 'templates' as const, templateId: recipe.templateId }
      : {
          mode: 'recommendations' as const,
          creativeDirection: recipe.brief,
          ...(recipe.style ? { style: recipe.style, styleKey: RECALLED_STYLE_KEY } : {}),
        }),
  }));
  showGeneratePanel();
}

/** The request that makes the recipe again as a set of variations, or null when it cannot be made again. */
export function variationsRequest(recipe: Recipe, target: { projectId: string; sceneId: string }, variations = RECALL_VARIATIONS): GenerationRequest | null {
  const base = { ...target, aspectRatio: recipe.aspectRatio };
  const engine = engineOf(recipe);
  switch (recipe.kind) {
    case 'template':
      if (!recipe.templateId) return null;
      return {
        ...base,
        kind: 'template',
        templateId: recipe.templateId,
        templateName: recipe.templateName ?? 'Template',
        body: buildTemplateRequest({ ...base, templateId: recipe.templateId, quality: recipe.quality, engine, variations }),
      };
    case 'recommendation':
      if (!recipe.productImageId || !recipe.style) return null;
      return {
        ...base,
        kind: 'recommendation',
        body: buildRecommendationRequest({
          ...base,
          productImageUrl: `/api/media/file/${recipe.productImageId}`,
          style: recipe.style,
          creativeDirection: recipe.brief,
          quality: recipe.quality,
          engine,
          variations,
        }),
      };
    case 'image':
      if (!recipe.brief && recipe.referenceImageIds.length === 0) return null;
      return {
        ...base,
        kind: 'image',
        body: {
          project_id: target.projectId,
          scene_id: target.sceneId,
          prompt: recipe.brief,
          reference_images: recipe.referenceImageIds,
          context: { quality: recipe.quality ?? undefined, resolution: resolution(recipe.resolution) },
          ...(engine ? { engine } : {}),
          variations,
        },
      };
  }
}

/** Starts variations of the recipe in the Generate panel, which shows them as a choice grid. */
export function makeVariations(recipe: Recipe, target: { projectId: string; sceneId: string }, client: QueryClient): boolean {
  const request = variationsRequest(recipe, target);
  if (!request) return false;
  panelChoicesStore.update((current) => ({ ...current, variations: RECALL_VARIATIONS }));
  showGeneratePanel();
  void runGeneration(request, client);
  return true;
}
