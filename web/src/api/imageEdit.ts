import { JOB_STATUS_MESSAGES } from './jobs';
import { ApiError, toApiError } from './client';
import type { paths } from './schema';
import type { ImageEngine } from '@/lib/imageEngine';

export const IMAGE_EDIT_PATH = '/api/generate/image-edit';

/** Credits one edit costs, whatever its size. */
export const IMAGE_EDIT_COST = 1;

/** `POST /api/generate/image-edit` answers 202 with the started job. */
export type StartedImageEdit = paths['/api/generate/image-edit']['post']['responses'][202]['content']['application/json']['data'];

export const IMAGE_EDIT_MESSAGES = {
  enterPrompt: 'Please enter a prompt before generating.',
  maskFailed: 'Failed to create mask from brush strokes',
  editFailed: 'Image edit failed',
  insufficientCredits: 'Insufficient credits',
} as const;

export type EditQuality = 'low' | 'medium' | 'high';

export interface ImageEditContext {
  quality: EditQuality;
  resolution: string;
}

/** The edit settings sent when the caller gives none. */
export const DEFAULT_IMAGE_EDIT_CONTEXT: ImageEditContext = { quality: 'medium', resolution: '1024x1024' };

export interface ImageEditInput {
  projectId: string;
  sceneId: string | null;
  prompt: string;
  /** The image to edit; the path form `/api/media/file/{uuid}` is accepted. */
  originalImageUrl: string;
  /** PNG of the image's size: opaque white where the change goes. */
  mask: Blob;
  parentMessageId?: string | null;
  context?: Partial<ImageEditContext>;
  /** Who paints the edit; left out, the server's default. */
  engine?: ImageEngine;
}

/** The multipart form of POST /api/generate/image-edit. */
export function imageEditForm(input: ImageEditInput): FormData {
  const form = new FormData();
  form.append('project_id', input.projectId);
  if (input.sceneId) form.append('scene_id', input.sceneId);
  form.append('prompt', input.prompt);
  form.append('original_image_url', input.originalImageUrl);
  if (input.parentMessageId) form.append('parent_message_id', input.parentMessageId);
  form.append('context', JSON.stringify({ ...DEFAULT_IMAGE_EDIT_CONTEXT, ...input.context }));
  if (input.engine) form.append('engine', input.engine);
  // The file goes last so the server has every field before the bytes.
  form.append('mask', input.mask, 'mask.png');
  return form;
}

/**
 * Starts an image edit (1 credit). A non-2xx rejects with an ApiError carrying the server's message
 * and the HTTP status (402 when the credits do not cover it); a network failure has status 0.
 */
export async function requestImageEdit(input: ImageEditInput, options: { signal?: AbortSignal } = {}): Promise<StartedImageEdit> {
  let response: Response;
  try {
    response = await globalThis.fetch(IMAGE_EDIT_PATH, {
      method: 'POST',
      body: imageEditForm(input),
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError('Network error', 0, 'network_error');
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw toApiError(body, response.status, response.statusText || IMAGE_EDIT_MESSAGES.editFailed);
  const data = (body as { data?: Partial<StartedImageEdit> } | undefined)?.data;
  if (!data || typeof data.job_id !== 'string' || !data.job_id) {
    throw new ApiError(JOB_STATUS_MESSAGES.noJobData, response.status, 'invalid_response');
  }
  return data as StartedImageEdit;
}

/** What to tell the user when starting an edit failed. */
export function imageEditErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 402) return IMAGE_EDIT_MESSAGES.insufficientCredits;
    if (error.status > 0) return `Failed to edit image: ${error.status} ${error.message}`;
    return `Failed to edit image: ${error.message}`;
  }
  return IMAGE_EDIT_MESSAGES.editFailed;
}
