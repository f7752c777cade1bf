import type { CutoutAdjustment } from '../logic/cutoutEdits';
import { CUTOUT_MESSAGES, cutoutRequest, type Cutout } from './cutout';

/** PUT /api/reference-images/{id}/cutout → the cutout re-solved with the seller's box and strokes (free). */
export function adjustCutout(imageId: string, body: CutoutAdjustment): Promise<Cutout> {
  return cutoutRequest(imageId, 'PUT', CUTOUT_MESSAGES.saveFailed, body);
}
