import type { Size } from '@/lib/mask';

/**
 * PNG of RGBA pixel data at its own size. The one step that needs a real canvas (jsdom has none),
 * so tests replace this module.
 */
export async function encodeMaskPng(pixels: Uint8ClampedArray<ArrayBuffer>, size: Size): Promise<Blob> {
  const data = new ImageData(pixels, size.width, size.height);
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.putImageData(data, 0, 0);
    return canvas.convertToBlob({ type: 'image/png' });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas');
  context.putImageData(data, 0, 0);
  return new Promise<Blob>((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG encoding failed'))), 'image/png'));
}
