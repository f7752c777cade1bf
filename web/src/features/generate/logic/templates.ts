import type { Template } from '../api/types';
import { choiceLabel } from './options';

/** The grid shows at most this many templates. */
export const MAX_TEMPLATES = 9;

/** Popular templates first (otherwise in the server's order), at most nine. */
export function visibleTemplates(templates: readonly Template[], max = MAX_TEMPLATES): Template[] {
  const popular = templates.filter((template) => template.is_popular);
  const others = templates.filter((template) => !template.is_popular);
  return [...popular, ...others].slice(0, max);
}

/** The template's real preview: its thumbnail URL, else the thumbnail route. */
export function templateThumbnail(template: Pick<Template, 'template_id' | 'thumbnail_url'>): string {
  return template.thumbnail_url || `/api/templates/${encodeURIComponent(template.template_id)}/thumbnail`;
}

/** A short line of what the template stages, e.g. `Luxury Marble · Golden Hour`; null when unknown. */
export function templateSummary(template: Pick<Template, 'parameters'>): string | null {
  const { environment, lighting } = template.parameters;
  const parts = [choiceLabel(environment), choiceLabel(lighting)].filter((part): part is string => part !== null);
  return parts.length ? parts.join(' · ') : null;
}
