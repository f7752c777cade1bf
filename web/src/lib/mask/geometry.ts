import type { MaskPoint } from './strokes';

export interface Size {
  width: number;
  height: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where an image is drawn inside a box with `object-fit: contain`: scaled to fit whole, centred, letterboxed. */
export function containRect(box: Size, image: Size): Rect {
  if (box.width <= 0 || box.height <= 0 || image.width <= 0 || image.height <= 0) return { x: 0, y: 0, width: 0, height: 0 };
  const scale = Math.min(box.width / image.width, box.height / image.height);
  const width = image.width * scale;
  const height = image.height * scale;
  return { x: (box.width - width) / 2, y: (box.height - height) / 2, width, height };
}

/** An element's box on screen, as `getBoundingClientRect()` gives it. */
export interface ClientBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Maps a pointer position (client coordinates) over an element that shows the image with
 * `object-fit: contain` to image pixels; null when the pointer is outside the drawn image,
 * including over the letterbox bars.
 */
export function toImagePoint(client: { x: number; y: number }, element: ClientBox, image: Size): MaskPoint | null {
  const drawn = containRect(element, image);
  if (drawn.width === 0 || drawn.height === 0) return null;
  const localX = client.x - element.left - drawn.x;
  const localY = client.y - element.top - drawn.y;
  if (localX < 0 || localY < 0 || localX > drawn.width || localY > drawn.height) return null;
  return { x: (localX * image.width) / drawn.width, y: (localY * image.height) / drawn.height };
}

/**
 * Like `toImagePoint`, but a pointer beyond the drawn image maps to the nearest point on its edge:
 * a box dragged past the photo's edge reaches the edge instead of stopping where the pointer left.
 */
export function toImagePointClamped(client: { x: number; y: number }, element: ClientBox, image: Size): MaskPoint | null {
  const drawn = containRect(element, image);
  if (drawn.width === 0 || drawn.height === 0) return null;
  const localX = Math.max(0, Math.min(drawn.width, client.x - element.left - drawn.x));
  const localY = Math.max(0, Math.min(drawn.height, client.y - element.top - drawn.y));
  return { x: (localX * image.width) / drawn.width, y: (localY * image.height) / drawn.height };
}

/** A canvas cleared at the screen's pixel density, with where its image lies in it (device pixels: `ratio` per CSS pixel). */
export interface CanvasFrame {
  context: CanvasRenderingContext2D;
  ratio: number;
  /** The image's place in CSS pixels (`object-fit: contain` in `box`); never empty. */
  drawn: Rect;
}

/**
 * Sizes `canvas` to its CSS `box` at the device pixel ratio (so lines stay sharp), clears it,
 * and answers where an `image`-sized picture lies in it; null when there is nothing to draw on.
 */
export function clearedFrame(canvas: HTMLCanvasElement, box: Size, image: Size): CanvasFrame | null {
  const context = canvas.getContext('2d');
  if (!context) return null;
  const ratio = window.devicePixelRatio || 1;
  const width = Math.round(box.width * ratio);
  const height = Math.round(box.height * ratio);
  if (canvas.width !== width || canvas.height !== height) {
    canvas.width = width;
    canvas.height = height;
  }
  context.setTransform(1, 0, 0, 1, 0, 0);
  context.clearRect(0, 0, width, height);
  const drawn = containRect(box, image);
  if (drawn.width === 0) return null;
  return { context, ratio, drawn };
}
