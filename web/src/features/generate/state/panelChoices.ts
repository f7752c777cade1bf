import { DEFAULT_ASPECT_RATIO, type AspectRatio } from '../logic/aspectRatio';
import { DEFAULT_MODE, DEFAULT_STYLE, type GenerationMode, type StyleChoices } from '../logic/options';
import { createStore, useStore } from '@/lib/store';

/** What the user chose in the panel's steps. */
export interface PanelChoices {
  mode: GenerationMode;
  templateId: string | null;
  aspectRatio: AspectRatio;
  style: StyleChoices;
  /** The preset prefill `style` was based on; another preset prefills again. */
  styleKey: string;
  creativeDirection: string;
  /** How many pictures one click makes (1–4), each a credit. */
  variations: number;
}

export const INITIAL_CHOICES: PanelChoices = {
  mode: DEFAULT_MODE,
  templateId: null,
  aspectRatio: DEFAULT_ASPECT_RATIO,
  style: DEFAULT_STYLE,
  styleKey: '',
  creativeDirection: '',
  variations: 1,
};

/** Kept for the page's life, so switching to the chat tab and back keeps the choices. */
export const panelChoicesStore = createStore<PanelChoices>(INITIAL_CHOICES);

export function usePanelChoices() {
  const choices = useStore(panelChoicesStore);
  const change = (patch: Partial<PanelChoices>) => panelChoicesStore.update((current) => ({ ...current, ...patch }));
  return [choices, change] as const;
}
