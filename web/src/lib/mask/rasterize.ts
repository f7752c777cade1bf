import type { Size } from './geometry';
import type { MaskPoint, Stroke } from './strokes';

/**
 * Paints strokes into RGBA pixel data of `size`: opaque white where the brush went, transparent
 * black elsewhere. Each run is a chain of round-capped segments `width` pixels thick; a pixel is
 * painted when its centre lies within half the width of the run.
 */
export function rasterizeStrokes(strokes: readonly Stroke[], size: Size): Uint8ClampedArray<ArrayBuffer> {
  const width = Math.max(0, Math.floor(size.width));
  const height = Math.max(0, Math.floor(size.height));
  const pixels = new Uint8ClampedArray(width * height * 4);
  if (width === 0 || height === 0) return pixels;
  for (const stroke of strokes) {
    const radius = stroke.width / 2;
    for (const run of stroke.runs) {
      const first = run[0];
      if (!first) continue;
      if (run.length === 1) paintSegment(pixels, width, height, first, first, radius);
      for (let i = 1; i < run.length; i += 1) {
        const from = run[i - 1];
        const to = run[i];
        if (from && to) paintSegment(pixels, width, height, from, to, radius);
      }
    }
  }
  return pixels;
}

function paintSegment(pixels: Uint8ClampedArray, width: number, height: number, a: MaskPoint, b: MaskPoint, radius: number): void {
  const minX = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius));
  const maxX = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + radius));
  const minY = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius));
  const maxY = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + radius));
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const lengthSquared = dx * dx + dy * dy;
  const radiusSquared = radius * radius;
  for (let y = minY; y <= maxY; y += 1) {
    const cy = y + 0.5;
    for (let x = minX; x <= maxX; x += 1) {
      const cx = x + 0.5;
      // The closest point of the segment to the pixel centre, as a fraction along it.
      const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, ((cx - a.x) * dx + (cy - a.y) * dy) / lengthSquared));
      const ex = cx - (a.x + t * dx);
      const ey = cy - (a.y + t * dy);
      if (ex * ex + ey * ey <= radiusSquared) {
        const offset = (y * width + x) * 4;
        pixels[offset] = 255;
        pixels[offset + 1] = 255;
        pixels[offset + 2] = 255;
        pixels[offset + 3] = 255;
      }
    }
  }
}

/** Whether the server reads a mask pixel as painted: luminance × alpha at least half of full. */
export function isPaintedPixel(r: number, g: number, b: number, a: number): boolean {
  const luminance = 0.299 * r + 0.587 * g + 0.114 * b;
  return luminance * a >= 128 * 255;
}

/** True when no pixel counts as painted (the server would refuse such a mask). */
export function maskIsEmpty(pixels: Uint8ClampedArray): boolean {
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    if (isPaintedPixel(pixels[i] ?? 0, pixels[i + 1] ?? 0, pixels[i + 2] ?? 0, pixels[i + 3] ?? 0)) return false;
  }
  return true;
}
