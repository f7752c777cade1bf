import type { MediaAsset } from '@/api/types';
import { BROWSER_EVENTS, onBrowserEvent } from '@/lib/browserEvents';
import { INITIAL_CHOICES, panelChoicesStore } from './panelChoices';
import { fillPanelWithBrief, RECALLED_STYLE_KEY, recipeOf, variationsRequest } from './recall';

const target = { projectId: 'p1', sceneId: 's1' };

function asset(meta: Record<string, unknown>, fileType = 'image'): MediaAsset {
  return { id: 'a1', file_type: fileType, file_metadata: meta } as unknown as MediaAsset;
}

const recommendation = asset({
  generation_type: 'recommendation',
  prompt: 'amber serum on marble',
  engine: 'studio',
  seed: '12345678901234567890',
  variation: 2,
  cutout_source: 'seller',
  cutout_confidence: 0.97,
  aspect_ratio: 'landscape',
  settings: {
    quality: 'low',
    resolution: '1536x1024',
    product_image_id: 'photo-1',
    guidance: { environment: 'luxury_marble', color_palette: 'warm_cozy', lighting: 'golden_hour', composition: 'lifestyle_context' },
  },
});

afterEach(() => panelChoicesStore.set(INITIAL_CHOICES));

describe('recipeOf', () => {
  it('reads the brief, settings, engine, seed and place in the set', () => {
    expect(recipeOf(recommendation)).toMatchObject({
      kind: 'recommendation',
      brief: 'amber serum on marble',
      quality: 'low',
      aspectRatio: '3:2',
      style: { environment: 'luxury_marble', color_palette: 'warm_cozy', lighting: 'golden_hour', composition: 'lifestyle_context' },
      productImageId: 'photo-1',
      engine: 'studio',
      seed: '12345678901234567890',
      variation: 3,
      cutout: { source: 'seller', confidence: 0.97 },
    });
    expect(recipeOf(asset({ generation_type: 'template', cutout_source: 'auto', cutout_confidence: 0.42 }))?.cutout).toEqual({
      source: 'auto',
      confidence: 0.42,
    });
    expect(recipeOf(asset({ generation_type: 'template' }))?.cutout).toBeNull();
  });

  it('has nothing to recall of uploads, edits and music', () => {
    expect(recipeOf(asset({ generation_type: 'image_edit', prompt: 'add a lemon' }))).toBeNull();
    expect(recipeOf(asset({ generation_type: 'audio', prompt: 'calm guitar' }, 'audio'))).toBeNull();
    expect(recipeOf(asset({}))).toBeNull();
  });
});

describe('making a recipe again', () => {
  it('fills the panel with the brief and its choices, and brings the panel forward', () => {
    const shown = vi.fn();
    const off = onBrowserEvent(BROWSER_EVENTS.showGenerate, shown);
    fillPanelWithBrief(recipeOf(recommendation)!);
    off();
    expect(panelChoicesStore.get()).toMatchObject({
      mode: 'recommendations',
      creativeDirection: 'amber serum on marble',
      aspectRatio: '3:2',
      styleKey: RECALLED_STYLE_KEY,
      style: { environment: 'luxury_marble', lighting: 'golden_hour' },
    });
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('asks for four variations of the same recipe on its own route', () => {
    const again = variationsRequest(recipeOf(recommendation)!, target);
    expect(again?.kind).toBe('recommendation');
    expect(again?.body).toMatchObject({
      product_image_url: '/api/media/file/photo-1',
      creative_direction: 'amber serum on marble',
      environment: 'luxury_marble',
      generation_settings: { quality: 'low', resolution: '1536x1024', aspect_ratio: '3:2' },
      engine: 'studio',
      variations: 4,
    });
    const brief = recipeOf(
      asset({ generation_type: 'image', prompt: 'a jar of honey', settings: { quality: 'high', resolution: '1024x1024', reference_image_ids: ['r1'] } }),
    )!;
    expect(variationsRequest(brief, target)).toMatchObject({
      kind: 'image',
      aspectRatio: '1:1',
      body: { prompt: 'a jar of honey', reference_images: ['r1'], context: { quality: 'high', resolution: '1024x1024' }, variations: 4 },
    });
    const template = recipeOf(
      asset({ generation_type: 'template', template_name: 'Luxe Marble', settings: { template_id: 'luxe', resolution: '1024x1536' } }),
    )!;
    expect(variationsRequest(template, target)).toMatchObject({ kind: 'template', templateId: 'luxe', body: { template_id: 'luxe', variations: 4 } });
  });
});
