import { ApiError } from '@/api/client';
import { GENERATE_MESSAGES } from '../logic/messages';
import type { StartedJob } from './types';

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

const texts = (value: unknown): string[] | null => {
  if (!Array.isArray(value)) return null;
  const ids = value.map(text).filter((id): id is string => id !== null);
  return ids.length > 0 ? ids : null;
};

/**
 * Reads `job_id`, `job_ids` (one per variation), `template_name` and `status_url` at the top level or
 * inside `data`; no job id is an error.
 */
export function readStartedJob(body: unknown): StartedJob {
  const top = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const data = top.data && typeof top.data === 'object' ? (top.data as Record<string, unknown>) : {};
  const jobId = text(top.job_id) ?? text(data.job_id);
  if (!jobId) throw new ApiError(GENERATE_MESSAGES.noJobId, 0, 'invalid_response');
  return {
    jobId,
    jobIds: texts(top.job_ids) ?? texts(data.job_ids) ?? [jobId],
    templateName: text(top.template_name) ?? text(data.template_name),
    statusUrl: text(top.status_url) ?? text(data.status_url),
  };
}
