import { api, unwrap } from '@/api/client';
import { startedJob, type StartedJob } from '@/api/jobs';
import { GENERATE_MESSAGES } from '../logic/messages';
import type { TemplateGenerateBody } from './types';

/** POST /api/templates/generate → 202 {data: {job_id, job_ids, template_name, status_url, credit_cost}}. */
export async function generateFromTemplate(body: TemplateGenerateBody): Promise<StartedJob> {
  return startedJob(await unwrap(api.POST('/api/templates/generate', { body }), GENERATE_MESSAGES.failed), GENERATE_MESSAGES.noJobId);
}
