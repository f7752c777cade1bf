/** Limits and messages of reference (product) images. */

/** At most this many product images per scene (and attachments per message). */
export const MAX_REFERENCE_IMAGES = 3;
/** 15 MiB, inclusive; the one size limit used everywhere (the server checks the same). */
export const MAX_FILE_BYTES = 15 * 1024 * 1024;
/** Width and height, inclusive. */
export const MAX_DIMENSION = 4096;
/** The upload is abandoned after two minutes. */
export const UPLOAD_TIMEOUT_MS = 120_000;
/** The scene list stays fresh (and cached) five minutes, for at most 50 scenes. */
export const SCENE_CACHE_MS = 5 * 60_000;
export const SCENE_CACHE_MAX_ENTRIES = 50;

export const ACCEPTED_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const ACCEPTED_EXTENSIONS = ['jpg', 'jpeg', 'png', 'webp', 'gif'] as const;
/** The file picker's `accept`. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_MIME_TYPES.join(',');

export const messages = {
  invalidType: 'Please upload a valid image file (JPEG, PNG, WebP, or GIF).',
  tooLarge: 'Image size must be less than 15MB.',
  dimensionsTooLarge: 'Image dimensions too large. Max 4096x4096 pixels.',
  corrupted: 'Invalid or corrupted image file',
  tooMany: 'You can only upload up to 3 reference images.',
  tooManyDropped: 'You can only upload up to 3 reference images. Only the first 3 will be processed.',
  noValidDropped: 'Please drop valid image files only (JPEG, PNG, WebP, or GIF).',
  uploadFailed: 'Upload failed',
  networkError: 'Network error during upload',
  timeout: 'Upload timeout',
  invalidResponse: 'Invalid response from server',
  removeFailed: 'Failed to remove image from server.',
  loadFailed: 'Failed to process reference images',
  selectScene: 'Please select a campaign first',
} as const;

/** The drop overlay's two lines (15MB, the one size limit, also on the overlay). */
export const dropOverlay = {
  title: 'Drop Product Images',
  subtitle: 'Up to 3 images, 15MB max each',
} as const;
