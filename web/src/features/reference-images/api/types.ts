import type { OkBody } from '@/api/types';

/** A product photo (`ReferenceImageView`), derived from the generated OpenAPI types. */
export type ReferenceImage = OkBody<'/api/reference-images/{id}', 'get'>['reference_image'];
/** `{success, reference_images}`, oldest first. */
export type ReferenceImageListBody = OkBody<'/api/reference-images/scene/{id}', 'get'>;
/** The upload's answer, also on 4xx: `{success, reference_image, error}`. */
export type UploadBody = OkBody<'/api/reference-images/upload-proxy', 'post'>;

/** The name the seller knows the image by. */
export function displayName(image: ReferenceImage): string {
  return image.original_filename || image.filename || 'Product image';
}
