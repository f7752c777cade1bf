import { api, unwrap } from '@/api/client';
import { GENERATE_MESSAGES } from '../logic/messages';
import { readStartedJob } from './startedJob';
import type { ImageGenerateBody, StartedJob } from './types';

/** POST /api/generate/image → 202 {data: {job_id, job_ids, status_url}}. */
export async function generateImage(body: ImageGenerateBody): Promise<StartedJob> {
  return readStartedJob(await unwrap(api.POST('/api/generate/image', { body }), GENERATE_MESSAGES.failed));
}
