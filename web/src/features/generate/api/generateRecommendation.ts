import { api, unwrap } from '@/api/client';
import { GENERATE_MESSAGES } from '../logic/messages';
import { readStartedJob } from './startedJob';
import type { RecommendationBody, StartedJob } from './types';

/** POST /api/recommendations/generate → 202 {job_id, status_url} (also inside data). */
export async function generateRecommendation(body: RecommendationBody): Promise<StartedJob> {
  return readStartedJob(await unwrap(api.POST('/api/recommendations/generate', { body }), GENERATE_MESSAGES.failed));
}
