import { api, unwrap } from '@/api/client';
import { CUTOUT_MESSAGES, type Cutout } from './cutout';

/** DELETE /api/reference-images/{id}/cutout → the automatic cutout again. */
export function resetCutout(id: string): Promise<Cutout> {
  return unwrap(api.DELETE('/api/reference-images/{id}/cutout', { params: { path: { id } } }), CUTOUT_MESSAGES.resetFailed);
}
