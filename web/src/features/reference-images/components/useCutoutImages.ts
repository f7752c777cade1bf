import { useEffect, useState } from 'react';

interface CutoutImages {
  photo: HTMLImageElement | null;
  /** The newest mask decoded; the one before stays until the next is ready, so nothing flickers. */
  mask: ImageBitmap | null;
  photoFailed: boolean;
  maskFailed: boolean;
}

/** The photo and the current mask, decoded for drawing (a new mask has a new address). */
export function useCutoutImages(photoUrl: string, maskUrl: string | null): CutoutImages {
  const [photo, setPhoto] = useState<{ url: string; element: HTMLImageElement | null; failed: boolean } | null>(null);
  const [mask, setMask] = useState<{ bitmap: ImageBitmap | null; failed: boolean }>({ bitmap: null, failed: false });

  useEffect(() => {
    const element = new Image();
    element.decoding = 'async';
    element.onload = () => setPhoto({ url: photoUrl, element, failed: false });
    element.onerror = () => setPhoto({ url: photoUrl, element: null, failed: true });
    element.src = photoUrl;
    return () => {
      element.onload = null;
      element.onerror = null;
    };
  }, [photoUrl]);

  useEffect(() => {
    if (!maskUrl) return;
    let cancelled = false;
    fetch(maskUrl, { credentials: 'same-origin' })
      .then((response) => (response.ok ? response.blob() : Promise.reject(new Error(String(response.status)))))
      // Grey values must reach the canvas as they are: they become the product's opacity.
      .then((blob) => createImageBitmap(blob, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' }))
      .then((bitmap) => {
        if (cancelled) bitmap.close();
        else setMask({ bitmap, failed: false });
      })
      .catch(() => (cancelled ? undefined : setMask((current) => ({ ...current, failed: current.bitmap === null }))));
    return () => {
      cancelled = true;
    };
  }, [maskUrl]);

  const current = photo?.url === photoUrl ? photo : null;
  return { photo: current?.element ?? null, mask: mask.bitmap, photoFailed: current?.failed ?? false, maskFailed: mask.failed };
}
