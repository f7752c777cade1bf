import { api, ApiError, toApiError, unwrap } from './client';
import type { components } from './schema';
import type { OkBody } from './types';

/** `GET /api/jobs/{id}/status` → data: status, progress, stage, result, result_url, credit_cost, error. */
export type JobStatusView = OkBody<'/api/jobs/{id}/status', 'get'>['data'];

export const JOB_STATUS_MESSAGES = {
  noJobData: 'Invalid response format - no job data',
  noResultUrl: 'Job completed but no result URL provided',
  statusFailed: (status: number) => `Status check failed with code ${status}`,
} as const;

/** Reads a job's status; an answer without job data, or a non-2xx, is an error with the text users see. */
export async function fetchJobStatus(jobId: string): Promise<JobStatusView> {
  const result = await api.GET('/api/jobs/{id}/status', { params: { path: { id: jobId } } }).catch(() => {
    throw new ApiError('Network error', 0, 'network_error');
  });
  if (!result.response.ok) {
    const error = toApiError(result.error, result.response.status, JOB_STATUS_MESSAGES.statusFailed(result.response.status));
    throw error;
  }
  const data = (result.data as { data?: unknown } | undefined)?.data;
  if (!data || typeof data !== 'object' || typeof (data as { status?: unknown }).status !== 'string') {
    throw new ApiError(JOB_STATUS_MESSAGES.noJobData, 0, 'invalid_response');
  }
  return data as JobStatusView;
}

/** `POST /api/jobs/{id}/cancel` → data: the job's final error text and the credits given back. */
export type CancelledJob = OkBody<'/api/jobs/{id}/cancel', 'post'>['data'];

export const CANCEL_FAILED = 'Failed to cancel the generation';

/** Stops the user's queued or running job; it fails at once with its refund. */
export async function cancelJob(jobId: string): Promise<CancelledJob> {
  const body = await unwrap(api.POST('/api/jobs/{id}/cancel', { params: { path: { id: jobId } } }), CANCEL_FAILED);
  return body.data;
}

/** `data` of the 202 answer of every route that starts jobs. */
export type StartedJobBody = components['schemas']['StartedJob'];

/** The jobs a start call began: the one to follow and every variation's. */
export interface StartedJob {
  jobId: string;
  /** Every job started, one per variation, `jobId` first. */
  jobIds: string[];
  creditCost: number;
  /** The template applied, for a template's jobs. */
  templateName: string | null;
  statusUrl: string;
}

/** The started jobs of a start call's answer; one without a job id fails with `missing`. */
export function startedJob(body: { data?: StartedJobBody } | undefined, missing: string): StartedJob {
  const data = body?.data;
  if (!data?.job_id) throw new ApiError(missing, 0, 'invalid_response');
  return {
    jobId: data.job_id,
    jobIds: data.job_ids.length > 0 ? data.job_ids : [data.job_id],
    creditCost: data.credit_cost,
    templateName: data.template_name ?? null,
    statusUrl: data.status_url,
  };
}
