import { useSyncExternalStore } from 'react';
import { readString, storageKeys, writeString } from '@/lib/storage';

/**
 * Who draws an image: a hosted model paints the scene around the seller's own product pixels
 * (`hosted_exact`), a hosted model redraws the whole picture (`hosted`), or the studio engine
 * composites the product into a drawn scene offline (`studio`).
 */
export type ImageEngine = 'hosted_exact' | 'hosted' | 'studio';

const ENGINES: readonly ImageEngine[] = ['hosted_exact', 'hosted', 'studio'];

/** Each engine in the seller's words: what it is called and what it does to the product. */
export const ENGINE_TEXT: Record<ImageEngine, { label: string; description: string }> = {
  hosted_exact: {
    label: 'AI scene, exact product',
    description: 'The AI paints the scene around your product; your product stays your own photo’s pixels.',
  },
  hosted: {
    label: 'AI redraw',
    description: 'The AI redraws the whole picture, so it may change your product (its label, its shape).',
  },
  studio: {
    label: 'Studio engine',
    description: 'Made on this server without AI: your exact product in a drawn scene.',
  },
};

function isEngine(value: string | null): value is ImageEngine {
  return value !== null && (ENGINES as readonly string[]).includes(value);
}

/** The engine a generation asks for: only a deployment offering more than one engine offers the choice. */
export function chosenEngine(available: readonly ImageEngine[], remembered: ImageEngine | null): ImageEngine | undefined {
  if (available.length < 2) return undefined;
  return remembered !== null && available.includes(remembered) ? remembered : available[0];
}

/** The job estimates know hosted and studio times only: an exact scene is a hosted call. */
export function estimateEngine(engine: ImageEngine | undefined): 'hosted' | 'studio' {
  return engine === 'hosted_exact' || engine === 'hosted' ? 'hosted' : 'studio';
}

/** The choice remembered on this browser; "Keep my product exact" from before meant the studio engine. */
function remembered(): ImageEngine | null {
  const stored = readString(storageKeys.imageEngine);
  if (isEngine(stored)) return stored;
  return readString(storageKeys.keepProductExact) === '1' ? 'studio' : null;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === storageKeys.imageEngine) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Remembers the engine on this browser; every place that offers the choice follows. */
export function rememberEngine(engine: ImageEngine) {
  writeString(storageKeys.imageEngine, engine);
  writeString(storageKeys.keepProductExact, null);
  for (const listener of listeners) listener();
}

/** The engine remembered per browser (null: none chosen yet), and how to change it. */
export function useRememberedEngine() {
  const engine = useSyncExternalStore(subscribe, remembered, () => null);
  return [engine, rememberEngine] as const;
}

/** What an image's metadata says about who painted it. */
export interface SceneMetadata {
  scene_by?: string | null;
  product_exact?: boolean | null;
  stand_in_product?: string | null;
}

/** "Scene by gpt-image-1 · product exact": who painted the scene and what became of the product; null when unknown. */
export function sceneByLine(metadata: SceneMetadata | null | undefined): string | null {
  const by = metadata?.scene_by?.trim();
  if (!by) return null;
  const product = metadata?.stand_in_product
    ? 'stand-in product'
    : metadata?.product_exact === true
      ? 'product exact'
      : metadata?.product_exact === false
        ? 'product redrawn by the AI'
        : null;
  return product ? `Scene by ${by} · ${product}` : `Scene by ${by}`;
}
