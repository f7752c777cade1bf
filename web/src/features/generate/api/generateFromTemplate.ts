import { api, unwrap } from '@/api/client';
import { GENERATE_MESSAGES } from '../logic/messages';
import { readStartedJob } from './startedJob';
import type { StartedJob, TemplateGenerateBody } from './types';

/** POST /api/templates/generate → 202 {job_id, template_name, status_url} (also inside data). */
export async function generateFromTemplate(body: TemplateGenerateBody): Promise<StartedJob> {
  return readStartedJob(await unwrap(api.POST('/api/templates/generate', { body }), GENERATE_MESSAGES.failed));
}
