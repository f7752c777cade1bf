import { api, unwrap } from '@/api/client';
import { startedJob, type StartedJob } from '@/api/jobs';
import { GENERATE_MESSAGES } from '../logic/messages';
import type { RecommendationBody } from './types';

/** POST /api/recommendations/generate → 202 {data: {job_id, job_ids, status_url, credit_cost}}. */
export async function generateRecommendation(body: RecommendationBody): Promise<StartedJob> {
  return startedJob(await unwrap(api.POST('/api/recommendations/generate', { body }), GENERATE_MESSAGES.failed), GENERATE_MESSAGES.noJobId);
}
