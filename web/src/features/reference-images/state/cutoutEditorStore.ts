import { createStore } from '@/lib/store';

/**
 * The reference image whose cutout is being adjusted, if any. A store rather than component state:
 * the chat's photo thumbnails and the Generate panel open the editor too, and it is drawn once, by
 * the scene's product-image panel.
 */
export const cutoutEditorStore = createStore<string | null>(null);

export function openCutoutEditor(imageId: string): void {
  cutoutEditorStore.set(imageId);
}

export function closeCutoutEditor(): void {
  cutoutEditorStore.set(null);
}
