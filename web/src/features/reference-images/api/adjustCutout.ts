import { api, unwrap } from '@/api/client';
import type { CutoutAdjustment } from '../logic/cutoutEdits';
import { CUTOUT_MESSAGES, type Cutout } from './cutout';

/** PUT /api/reference-images/{id}/cutout → the cutout re-solved with the seller's box and strokes (free). */
export function adjustCutout(id: string, body: CutoutAdjustment): Promise<Cutout> {
  return unwrap(api.PUT('/api/reference-images/{id}/cutout', { params: { path: { id } }, body }), CUTOUT_MESSAGES.saveFailed);
}
