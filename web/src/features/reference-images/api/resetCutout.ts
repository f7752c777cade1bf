import { CUTOUT_MESSAGES, cutoutRequest, type Cutout } from './cutout';

/** DELETE /api/reference-images/{id}/cutout → the automatic cutout again. */
export function resetCutout(imageId: string): Promise<Cutout> {
  return cutoutRequest(imageId, 'DELETE', CUTOUT_MESSAGES.resetFailed);
}
