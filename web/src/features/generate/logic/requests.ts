import type { RecommendationBody, TemplateGenerateBody } from '../api/types';
import type { ImageEngine } from '@/lib/imageEngine';
import { resolutionFor, type AspectRatio } from './aspectRatio';
import type { StyleChoices } from './options';

export type Quality = 'low' | 'medium' | 'high';
export const DEFAULT_QUALITY: Quality = 'medium';

/** The product photo AI Assistant mode stages: the first reference image that has a URL. */
export function productImageUrl(images: readonly { url: string }[] | undefined): string | null {
  const url = images?.map((image) => image.url?.trim()).find((candidate) => !!candidate);
  return url || null;
}

/** The panel's settings: the scene's quality, and the resolution that agrees with the chosen ratio. */
export function panelSettings(quality: Quality | null | undefined, aspectRatio: AspectRatio) {
  return { quality: quality ?? DEFAULT_QUALITY, resolution: resolutionFor(aspectRatio), aspect_ratio: aspectRatio };
}

/** `variations` only when more than one picture is asked for, so a single one reads as before. */
export function variationsField(variations: number | undefined): { variations?: number } {
  return variations !== undefined && variations > 1 ? { variations } : {};
}

export interface TemplateRequestInput {
  templateId: string;
  projectId: string;
  sceneId: string;
  quality: Quality | null | undefined;
  aspectRatio: AspectRatio;
  /** Left out: the server's default. */
  engine?: ImageEngine;
  /** How many pictures (1–4); left out for one. */
  variations?: number;
}

/** `POST /api/templates/generate`'s body. */
export function buildTemplateRequest(input: TemplateRequestInput): TemplateGenerateBody {
  return {
    template_id: input.templateId,
    output_type: 'image',
    scene_id: input.sceneId,
    project_id: input.projectId,
    settings: panelSettings(input.quality, input.aspectRatio),
    ...(input.engine ? { engine: input.engine } : {}),
    ...variationsField(input.variations),
  };
}

export interface RecommendationRequestInput {
  projectId: string;
  sceneId: string;
  productImageUrl: string;
  style: StyleChoices;
  creativeDirection: string;
  quality: Quality | null | undefined;
  aspectRatio: AspectRatio;
  engine?: ImageEngine;
  variations?: number;
}

/** `POST /api/recommendations/generate`'s body; the creative direction is trimmed and left out when empty. */
export function buildRecommendationRequest(input: RecommendationRequestInput): RecommendationBody {
  const creativeDirection = input.creativeDirection.trim();
  const settings = panelSettings(input.quality, input.aspectRatio);
  return {
    scene_id: input.sceneId,
    project_id: input.projectId,
    product_image_url: input.productImageUrl,
    environment: input.style.environment,
    color_palette: input.style.color_palette,
    lighting: input.style.lighting,
    composition: input.style.composition,
    ...(creativeDirection ? { creative_direction: creativeDirection } : {}),
    generation_settings: {
      aspect_ratio: settings.aspect_ratio,
      output_type: 'image',
      quality: settings.quality,
      resolution: settings.resolution,
    },
    ...(input.engine ? { engine: input.engine } : {}),
    ...variationsField(input.variations),
  };
}
