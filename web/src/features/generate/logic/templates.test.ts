import type { Template } from '../api/types';
import { MAX_TEMPLATES, templateSummary, templateThumbnail, visibleTemplates } from './templates';

function template(id: string, popular: boolean, parameters: Template['parameters'] = {}): Template {
  return { template_id: id, id, name: id, template_type: 'image', is_popular: popular, thumbnail_url: `/api/templates/${id}/thumbnail`, parameters };
}

describe('template grid rules', () => {
  it('puts popular templates first, keeping the server’s order within each group', () => {
    const list = [template('a', false), template('b', true), template('c', false), template('d', true)];
    expect(visibleTemplates(list).map((t) => t.template_id)).toEqual(['b', 'd', 'a', 'c']);
  });

  it('shows at most nine', () => {
    const list = Array.from({ length: 14 }, (_, i) => template(`t${i}`, i % 4 === 0));
    const shown = visibleTemplates(list);
    expect(MAX_TEMPLATES).toBe(9);
    expect(shown).toHaveLength(9);
    expect(shown.slice(0, 4).every((t) => t.is_popular)).toBe(true);
  });

  it('uses the thumbnail URL, else the thumbnail route', () => {
    expect(templateThumbnail({ template_id: 'luxe-marble', thumbnail_url: '/api/templates/luxe-marble/thumbnail' })).toBe(
      '/api/templates/luxe-marble/thumbnail',
    );
    expect(templateThumbnail({ template_id: 'a b', thumbnail_url: null })).toBe('/api/templates/a%20b/thumbnail');
  });

  it('summarises what a template stages', () => {
    expect(templateSummary({ parameters: { environment: 'luxury_marble', lighting: 'golden_hour', color_palette: 'warm_cozy' } })).toBe(
      'Luxury Marble · Golden Hour',
    );
    expect(templateSummary({ parameters: { environment: 'luxury_marble' } })).toBe('Luxury Marble');
    expect(templateSummary({ parameters: {} })).toBeNull();
  });
});
