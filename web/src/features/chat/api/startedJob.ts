import { ApiError } from '@/api/client';

export interface StartedGeneration {
  jobId: string;
  /** Every job started, one per variation, `jobId` first. */
  jobIds: string[];
  creditCost: number | null;
}

/** The job id and cost of a generate route's answer (`data.job_id`, or the chat's `data.video_generation.id`). */
export function readStartedJob(body: unknown, fallback: string): StartedGeneration {
  const data = body && typeof body === 'object' ? (body as { data?: unknown }).data : undefined;
  const record = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  const nested = record.video_generation && typeof record.video_generation === 'object' ? (record.video_generation as Record<string, unknown>).id : undefined;
  const jobId = typeof record.job_id === 'string' && record.job_id ? record.job_id : typeof nested === 'string' && nested ? nested : null;
  if (!jobId) throw new ApiError(fallback, 0, 'invalid_response');
  const listed = Array.isArray(record.job_ids) ? record.job_ids.filter((id): id is string => typeof id === 'string' && id !== '') : [];
  return { jobId, jobIds: listed.length > 0 ? listed : [jobId], creditCost: typeof record.credit_cost === 'number' ? record.credit_cost : null };
}
