import { api, unwrap } from '@/api/client';
import { startedJob, type StartedJob } from '@/api/jobs';
import { GENERATE_MESSAGES } from '../logic/messages';
import type { ImageGenerateBody } from './types';

/** POST /api/generate/image → 202 {data: {job_id, job_ids, status_url, credit_cost}}. */
export async function generateImage(body: ImageGenerateBody): Promise<StartedJob> {
  return startedJob(await unwrap(api.POST('/api/generate/image', { body }), GENERATE_MESSAGES.failed), GENERATE_MESSAGES.noJobId);
}
