import { ApiError } from '@/api/client';
import type { ReferenceImage } from './types';
import { copiedFileName } from '../logic/reuse';

/**
 * Reads the bytes of another campaign's product photos (GET /api/media/file/{id}) as files, so they
 * can be uploaded to this campaign through the ordinary upload (same checks, progress and limits).
 */
export async function readReferenceImageFiles(images: readonly ReferenceImage[]): Promise<File[]> {
  return Promise.all(
    images.map(async (image) => {
      const response = await fetch(image.url, { credentials: 'same-origin' }).catch(() => null);
      if (!response?.ok) throw new ApiError('Failed to upload images. Please try again.', response?.status ?? 0);
      const blob = await response.blob();
      return new File([blob], copiedFileName(image), { type: blob.type || image.mime_type });
    }),
  );
}
