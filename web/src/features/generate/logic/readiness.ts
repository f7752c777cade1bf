import { GENERATE_MESSAGES } from './messages';
import type { GenerationMode } from './options';
import { productImageUrl } from './requests';

/** Why Generate cannot run now. */
export type Blocker = 'busy' | 'busy-elsewhere' | 'no-scene' | 'loading-images' | 'no-images' | 'no-template' | 'no-image-url';

export interface ReadinessInput {
  mode: GenerationMode;
  projectId: string | null;
  sceneId: string | null;
  /** Undefined while the scene's images are loading. */
  referenceImages: readonly { url: string }[] | undefined;
  /** A template of the current list is selected. */
  templateSelected: boolean;
  /** A generation is running: here, in another scene, or none. */
  running: 'none' | 'this-scene' | 'other-scene';
}

/** The first reason Generate is unavailable, or null when it can run. */
export function generateBlocker(input: ReadinessInput): Blocker | null {
  if (input.running === 'this-scene') return 'busy';
  if (input.running === 'other-scene') return 'busy-elsewhere';
  if (!input.sceneId || !input.projectId) return 'no-scene';
  if (input.referenceImages === undefined) return 'loading-images';
  if (input.referenceImages.length === 0) return 'no-images';
  if (input.mode === 'templates' && !input.templateSelected) return 'no-template';
  if (input.mode === 'recommendations' && productImageUrl(input.referenceImages) === null) return 'no-image-url';
  return null;
}

/** The text shown under the button for a blocker; none while this scene's generation runs (the button says so). */
export function blockerMessage(blocker: Blocker | null): string | null {
  switch (blocker) {
    case 'busy':
    case null:
      return null;
    case 'busy-elsewhere':
      return GENERATE_MESSAGES.busyElsewhere;
    case 'no-scene':
      return GENERATE_MESSAGES.selectScene;
    case 'loading-images':
      return GENERATE_MESSAGES.checkingImages;
    case 'no-images':
      return GENERATE_MESSAGES.uploadImage;
    case 'no-template':
      return GENERATE_MESSAGES.selectTemplate;
    case 'no-image-url':
      return GENERATE_MESSAGES.noReferenceUrl;
  }
}
