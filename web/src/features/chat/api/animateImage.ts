import { api, unwrap } from '@/api/client';
import type { RequestBody } from '@/api/types';
import { CHAT_TEXT } from '../logic/texts';
import { readStartedJob, type StartedGeneration } from './startedJob';

export type AnimateBody = RequestBody<'/api/generate/video', 'post'>;

/** POST /api/generate/video with `source_image_id` → the job animating that image (202). */
export async function startAnimation(body: AnimateBody): Promise<StartedGeneration> {
  return readStartedJob(await unwrap(api.POST('/api/generate/video', { body }), CHAT_TEXT.animateFailed), CHAT_TEXT.animateFailed);
}
