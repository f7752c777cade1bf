import { UPLOAD_TIMEOUT_MS } from '../logic/rules';
import { interpretUploadOutcome, type UploadResult, type XhrOutcome } from '../logic/uploadOutcome';
import { simpleFilename } from '../logic/validation';

export const UPLOAD_PATH = '/api/reference-images/upload-proxy';

export interface UploadInput {
  file: File;
  /** Client-generated `ref-…` id. */
  uploadId: string;
  projectId: string;
  sceneId: string;
  /** Only for chat attachments; the scene's product images go without it. */
  messageId?: string | null;
  /** Sent for the record; the server takes the user from the session. */
  userId?: string | null;
}

export interface UploadOptions {
  /** Raw progress of the request body. */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The multipart form of POST /api/reference-images/upload-proxy. */
export function uploadForm(input: UploadInput): FormData {
  const form = new FormData();
  form.append('uploadId', input.uploadId);
  form.append('projectId', input.projectId);
  form.append('sceneId', input.sceneId);
  if (input.messageId) form.append('messageId', input.messageId);
  form.append('originalFilename', input.file.name);
  form.append('simpleFilename', simpleFilename(input.file.name));
  if (input.userId) form.append('userId', input.userId);
  // The file goes last so the server has every field before the bytes.
  form.append('file', input.file, input.file.name);
  return form;
}

/**
 * POST /api/reference-images/upload-proxy through XMLHttpRequest, for upload progress. Never
 * rejects: resolves with the stored image or the message to show (timeout after 120 s).
 */
export function uploadReferenceImage(input: UploadInput, options: UploadOptions = {}): Promise<UploadResult> {
  return new Promise<UploadResult>((resolve) => {
    const xhr = new XMLHttpRequest();
    let settled = false;
    const finish = (outcome: XhrOutcome) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', abort);
      resolve(interpretUploadOutcome(outcome));
    };
    const abort = () => xhr.abort();

    xhr.open('POST', UPLOAD_PATH);
    xhr.timeout = options.timeoutMs ?? UPLOAD_TIMEOUT_MS;
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => finish({ kind: 'load', status: xhr.status, responseText: typeof xhr.responseText === 'string' ? xhr.responseText : '' });
    xhr.onerror = () => finish({ kind: 'error' });
    xhr.ontimeout = () => finish({ kind: 'timeout' });
    xhr.onabort = () => finish({ kind: 'abort' });

    if (options.signal?.aborted) {
      finish({ kind: 'abort' });
      return;
    }
    options.signal?.addEventListener('abort', abort);
    try {
      xhr.send(uploadForm(input));
    } catch {
      finish({ kind: 'error' });
    }
  });
}
