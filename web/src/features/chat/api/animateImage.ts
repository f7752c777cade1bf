import { api, unwrap } from '@/api/client';
import { startedJob, type StartedJob } from '@/api/jobs';
import type { RequestBody } from '@/api/types';
import { CHAT_TEXT } from '../logic/texts';

export type AnimateBody = RequestBody<'/api/generate/video', 'post'>;

/** POST /api/generate/video with `source_image_id` → the job animating that image (202). */
export async function startAnimation(body: AnimateBody): Promise<StartedJob> {
  return startedJob(await unwrap(api.POST('/api/generate/video', { body }), CHAT_TEXT.animateFailed), CHAT_TEXT.animateFailed);
}
