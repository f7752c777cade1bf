import type { ReferenceImage } from '../api/types';
import { MAX_REFERENCE_IMAGES } from './rules';

/** Another campaign of the project whose product photos this one can reuse. */
export interface ReuseOffer {
  sceneId: string;
  sceneName: string;
  images: ReferenceImage[];
}

/**
 * The campaigns (other than `sceneId`) that have product photos, in the project's scene order,
 * each with at most 3 of its photos, oldest first.
 */
export function reuseOffers(projectImages: readonly ReferenceImage[], scenes: readonly { id: string; name: string }[], sceneId: string): ReuseOffer[] {
  return scenes
    .filter((scene) => scene.id !== sceneId)
    .map((scene) => ({
      sceneId: scene.id,
      sceneName: scene.name.trim() || 'Untitled Campaign',
      images: projectImages.filter((image) => image.scene_id === scene.id).slice(0, MAX_REFERENCE_IMAGES),
    }))
    .filter((offer) => offer.images.length > 0);
}

/** The file name a copied photo is uploaded under: the name the seller knows it by. */
export function copiedFileName(image: ReferenceImage): string {
  const name = (image.original_filename || image.filename || 'product').trim();
  if (/\.(jpe?g|png|webp|gif)$/i.test(name)) return name;
  const extension = image.mime_type === 'image/png' ? 'png' : image.mime_type === 'image/webp' ? 'webp' : image.mime_type === 'image/gif' ? 'gif' : 'jpg';
  return `${name}.${extension}`;
}
