import type { AdTemplate } from '../api/designs';

/** The layouts, in the order the form offers them, with the words a seller reads. */
export const TEMPLATES: readonly { id: AdTemplate; label: string }[] = [
  { id: 'headline_top_left', label: 'Headline in open space' },
  { id: 'offer_badge', label: 'Offer badge' },
  { id: 'bottom_bar', label: 'Bottom bar with button' },
  { id: 'centered_quote', label: 'Centred quote' },
  { id: 'price_tag', label: 'Price tag' },
  { id: 'story', label: 'Story (9:16 safe zones)' },
  { id: 'split_panel', label: 'Split panel' },
  { id: 'top_banner', label: 'Top banner' },
];

/** Trimmed copy as the API takes it: blank optional lines are left out. */
export function designRequest(input: { headline: string; offer: string; cta: string; logo: boolean; template: AdTemplate }) {
  const optional = (text: string) => (text.trim() ? text.trim() : null);
  return { headline: input.headline.trim(), offer: optional(input.offer), cta: optional(input.cta), logo: input.logo, template: input.template };
}

/** Whether the asset is an ad design (its metadata carries the layers). */
export function isDesign(metadata: { design?: unknown } | null | undefined): boolean {
  return Boolean(metadata && metadata.design);
}
