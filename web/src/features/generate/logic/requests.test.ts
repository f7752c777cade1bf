import { DEFAULT_STYLE } from './options';
import { buildRecommendationRequest, buildTemplateRequest, panelSettings, productImageUrl } from './requests';

describe('request bodies', () => {
  it('builds the template request with the scene quality and the ratio’s resolution', () => {
    expect(buildTemplateRequest({ templateId: 'luxe-marble', projectId: 'p1', sceneId: 's1', quality: 'high', aspectRatio: '3:2' })).toEqual({
      template_id: 'luxe-marble',
      output_type: 'image',
      scene_id: 's1',
      project_id: 'p1',
      settings: { quality: 'high', resolution: '1536x1024', aspect_ratio: '3:2' },
    });
  });

  it('uses medium quality when the scene settings are not known', () => {
    expect(panelSettings(null, '2:3')).toEqual({ quality: 'medium', resolution: '1024x1536', aspect_ratio: '2:3' });
    expect(panelSettings(undefined, '1:1')).toEqual({ quality: 'medium', resolution: '1024x1024', aspect_ratio: '1:1' });
  });

  it('builds the recommendation request with the choices and a trimmed creative direction', () => {
    const body = buildRecommendationRequest({
      projectId: 'p1',
      sceneId: 's1',
      productImageUrl: '/api/media/file/abc',
      style: { ...DEFAULT_STYLE, lighting: 'golden_hour' },
      creativeDirection: '  mint leaves and droplets \n',
      quality: 'low',
      aspectRatio: '1:1',
    });
    expect(body).toEqual({
      scene_id: 's1',
      project_id: 'p1',
      product_image_url: '/api/media/file/abc',
      environment: 'professional_studio',
      color_palette: 'neutral_clean',
      lighting: 'golden_hour',
      composition: 'product_hero',
      creative_direction: 'mint leaves and droplets',
      generation_settings: { aspect_ratio: '1:1', output_type: 'image', quality: 'low', resolution: '1024x1024' },
    });
  });

  it('leaves out a blank creative direction', () => {
    const body = buildRecommendationRequest({
      projectId: 'p1',
      sceneId: 's1',
      productImageUrl: '/u',
      style: DEFAULT_STYLE,
      creativeDirection: '   ',
      quality: null,
      aspectRatio: '2:3',
    });
    expect(body).not.toHaveProperty('creative_direction');
    expect(body.generation_settings).toEqual({ aspect_ratio: '2:3', output_type: 'image', quality: 'medium', resolution: '1024x1536' });
  });

  it('stages the first reference image that has a URL', () => {
    expect(productImageUrl([{ url: '' }, { url: '/api/media/file/b' }, { url: '/api/media/file/c' }])).toBe('/api/media/file/b');
    expect(productImageUrl([{ url: ' ' }])).toBeNull();
    expect(productImageUrl([])).toBeNull();
    expect(productImageUrl(undefined)).toBeNull();
  });
});
